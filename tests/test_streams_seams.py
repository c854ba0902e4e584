"""The seams of the streams: input read as it arrives (a terminal's one Ctrl-D, a
pipe's lines answered one by one), output through devices, links and long names,
and names and standard streams in any encoding."""

import os
import select
import subprocess
import sys

import pytest

from support import BIN, SMALL4, SMALL4_SOLUTION

# Generous: a slow, shared machine still answers well within it. Only a reader
# that waits for the end of the input runs into it.
PATIENCE = 60


def start(name, *args, **options):
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    env.update(options.pop("env", {}))
    return subprocess.Popen([sys.executable, str(BIN / name), *map(str, args)], env=env,
                            **options)


def read_line(fd, timeout=PATIENCE):
    """The first line written to ``fd``, or what came before ``timeout`` ran out."""
    data = b""
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            break
        piece = os.read(fd, 4096)
        if not piece:
            break
        data += piece
    return data


@pytest.mark.parametrize("prog, text", [
    ("cnfsolve", b"p cnf 2 2\n1 0\n-2 0\n"),
    ("cnf2sudoku", b"s UNSATISFIABLE\n"),
])
def test_one_ctrl_d_ends_a_terminal_input(prog, text):
    master, slave = os.openpty()
    process = start(prog, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    try:
        os.write(master, text)
        os.write(master, b"\x04")           # Ctrl-D on a line of its own: the end
        try:
            process.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            pytest.fail("%s still waits for input after one Ctrl-D" % prog)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
