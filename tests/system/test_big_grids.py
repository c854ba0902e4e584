"""Absurd grids as processes: memory stays bounded (each run under an address-space
limit, so that a regression fails instead of eating the machine), and a refusal is
one line, at once."""

import os
import resource
import signal
import subprocess
import sys

import pytest

from support import BIN

pytestmark = pytest.mark.slow


def limited(megabytes):
    def limit():
        size = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    return limit


def empty(tmp_path, size):
    path = tmp_path / ("empty-%d.txt" % size)
    path.write_text("." * size * size + "\n" if size <= 35
                    else " ".join(["0"] * (size * size)) + "\n")
    return path


def start(prog, *args, megabytes=1024, **options):
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    return subprocess.Popen([sys.executable, str(BIN / prog), *map(str, args)], env=env,
                            preexec_fn=limited(megabytes), start_new_session=True,
                            **options)


def test_sudoku2cnf_streams_an_empty_400x400_in_bounded_memory(tmp_path):
    # The tables of every variable, by cell and by digit, took 0.5 GB before the first
    # clause was written.
    process = start("sudoku2cnf", empty(tmp_path, 400), megabytes=300,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        head = process.stdout.read(8 << 20)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    assert len(head) == 8 << 20, process.stderr
    assert b"\np cnf 64000000 " in head
