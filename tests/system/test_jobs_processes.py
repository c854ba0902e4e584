"""--jobs N as processes: Ctrl-C and SIGTERM end every worker at once and leave no
process behind, a command killed outright takes its workers with it, lines stream
out as the input comes, and the progress bar counts what every worker did."""

import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from support import (BIN, INKALA, INKALA_SOLUTION, SMALL4, SMALL4_SOLUTION, end_session,
                     in_child, session, wait_for)

pytestmark = pytest.mark.slow

PATIENCE = 60


def start(*args, **options):
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    env.update(options.pop("env", {}))
    return subprocess.Popen([sys.executable, str(BIN / "sudoku-solve"), *map(str, args)],
                            env=env, start_new_session=True, **options)


def workers_busy(process, count):
    return wait_for(lambda: len(session(process.pid)) >= count + 1)


@pytest.fixture
def busy(tmp_path):
    """sudoku-solve -j 2 on puzzles that keep both workers busy: (process, path)."""
    # An empty 16x16 grid with --count 10000: each puzzle holds its worker a while.
    path = tmp_path / "slow.txt"
    path.write_text(("." * 256 + "\n") * 50)
    process = start("-j", "2", "--count", "10000", path, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    try:
        yield process
    finally:
        end_session(process)


@pytest.mark.parametrize("number, code, said", [
    (signal.SIGTERM, 143, ""), (signal.SIGINT, 130, "sudoku-solve: interrupted\n"),
    (signal.SIGHUP, 129, "")], ids=["SIGTERM", "Ctrl-C", "SIGHUP"])
def test_a_signal_ends_every_worker_at_once(busy, number, code, said):
    assert workers_busy(busy, 2), "the workers did not start"
    started = time.monotonic()
    if number == signal.SIGINT:
        os.killpg(busy.pid, number)         # as a terminal's Ctrl-C: the foreground group
    else:
        busy.send_signal(number)
    _, err = busy.communicate(timeout=PATIENCE)
    assert busy.returncode == code
    assert err.decode() == said
    assert time.monotonic() - started < 10
    assert session(busy.pid) == []


def test_a_command_killed_outright_takes_its_workers(busy):
    assert workers_busy(busy, 2), "the workers did not start"
    pids = session(busy.pid)
    os.kill(busy.pid, signal.SIGKILL)
    busy.wait()
    assert wait_for(lambda: session(busy.pid) == [], 20), session(busy.pid)
    assert len(pids) == 3


# A pool run as the commands run it (SIGPIPE at its default, so that `| head` ends them
# quietly), whose first worker dies while the pool reads on: the next chunk goes to
# that worker's pipe, which no one reads any more.
DEAD_PIPE = """
import os, signal, sys, time
sys.path.insert(0, %r)
from dimacs_sudoku.cli import workers
signal.signal(signal.SIGPIPE, signal.SIG_DFL)
workers.FIRST_CHUNK = workers.MAX_CHUNK = 1

def work(item, number):
    if item == 0:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.5 if item == 1 else 0)
    return item

def items():
    yield from (0, 1)
    time.sleep(0.5)                     # the first worker is dead by now
    yield from range(2, 6)

with workers.Pool(work, 2) as pool:
    print([type(found).__name__ if isinstance(found, Exception) else found
           for _, found in pool.results(items())])
"""


def test_a_chunk_sent_to_a_dead_worker_is_no_end_of_the_command():
    done = subprocess.run([sys.executable, "-c", DEAD_PIPE % str(BIN.parent)],
                          capture_output=True, text=True, timeout=PATIENCE)
    assert (done.returncode, done.stdout) == (
        0, "['WorkerDied', 1, 2, 3, 4, 5]\n"), done.stderr


def test_a_worker_at_its_end_runs_no_handler_of_the_command():
    # A worker ends when its pipe closes; the SIGTERM of a command that ends early
    # (sudoku-solve -j 2 -F svg on several puzzles) came while its connections were
    # being collected, and the command's handler printed "Exception ignored" tracebacks.
    from multiprocessing.connection import Connection
    from dimacs_sudoku.cli import workers
    tasks, closed = os.pipe()
    os.close(closed)                    # the command's end of the tasks: EOF at once

    def end():
        code = workers._serve(lambda item, number: item, Connection(tasks, writable=False),
                              Connection(os.open(os.devnull, os.O_WRONLY),
                                         readable=False), os.getppid())
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        return b"%d %d" % (code, signal.SIGTERM in mask)
    answer = in_child(end)
    os.close(tasks)
    assert answer == b"0 1"


def test_lines_stream_out_as_the_input_comes():
    process = start("-j", "2", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    try:
        for puzzle, solution in [(SMALL4, SMALL4_SOLUTION), (INKALA, INKALA_SOLUTION)] * 3:
            process.stdin.write(puzzle.encode() + b"\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], PATIENCE)
            assert ready, "no line before the input's end"
            assert process.stdout.readline().decode() == solution + "\n"
        process.stdin.close()
        assert process.wait(PATIENCE) == 0
        assert session(process.pid) == []
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_a_run_of_line_puzzles_streams_out_before_the_input_ends():
    # Consecutive 9x9 lines are read as one run: a pause after them makes it due.
    process = start("-j", "2", stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    try:
        answer = process.stdout.fileno()    # (read unbuffered: lines may come at once)
        for count in (5, 3, 12):
            process.stdin.write((INKALA + "\n").encode() * count)
            process.stdin.flush()
            data = b""
            while data.count(b"\n") < count:
                ready, _, _ = select.select([answer], [], [], PATIENCE)
                assert ready, "no line before the input's end"
                data += os.read(answer, 1 << 16)
            assert data.decode() == (INKALA_SOLUTION + "\n") * count
        process.stdin.close()
        assert process.wait(PATIENCE) == 0
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.parametrize("lines", [[SMALL4, INKALA] * 40, [SMALL4] * 4 + [INKALA] * 76],
                         ids=["alternating", "a run of 9x9 lines"])
def test_the_bar_counts_every_workers_puzzles(tmp_path, lines):
    (tmp_path / "p.txt").write_text("\n".join(lines) + "\n")
    done = subprocess.run([sys.executable, str(BIN / "sudoku-solve"), "-j", "2",
                           "--progress", "p.txt"], cwd=tmp_path, capture_output=True,
                          env=dict(os.environ, DIMACS_SUDOKU_PROGRESS_INTERVAL="0"),
                          timeout=PATIENCE)
    assert done.returncode == 0
    counts = [int(n) for n in re.findall(rb"(\d+) puzzles", done.stderr)]
    assert counts and max(counts) == 80
    solutions = {SMALL4: SMALL4_SOLUTION, INKALA: INKALA_SOLUTION}
    assert done.stdout.decode().splitlines() == [solutions[line] for line in lines]


# A 4x4 f-puzzles puzzle with a line and a text that only a rules text would explain:
# read without them, with one stderr note.
DRAWN = ('{"size":4,"grid":[[{},{},{},{"value":4,"given":true}],[{"value":3,"given":true}'
         ',{},{},{}],[{},{},{"value":4,"given":true},{}],[{},{},{},{"value":1,"given":'
         'true}]],"line":[{"lines":[["R1C1","R1C2","R1C3"]]}],"text":[{"cells":["R2C4"],'
         '"value":"?"}]}')


@pytest.mark.parametrize("prog, args", [("sudoku-grade", []),
                                        ("sudoku-solve", ["--verbose"])])
def test_stderr_follows_the_puzzles_order_as_stdout_does(prog, args, tmp_path):
    # The reader runs ahead of the workers: a later puzzle's "ignored drawings" note
    # came before an earlier puzzle's error line (or --verbose note), which a worker
    # gives at its turn.
    first = "." * 36 ** 2 if prog == "sudoku-grade" else INKALA    # grading: to 25x25
    path = tmp_path / "p.txt"
    path.write_text(first + "\n" + DRAWN + "\n" + SMALL4 + "\n")
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    said = {}
    for jobs in ("1", "2"):
        done = subprocess.run([sys.executable, str(BIN / prog), "-j", jobs, *args,
                               str(path)], env=env, capture_output=True, text=True,
                              timeout=PATIENCE)
        said[jobs] = done.stdout, done.stderr
    lines = said["1"][1].splitlines()
    order = (1, 2) if prog == "sudoku-grade" else (1, 2, 2, 3)
    assert [line.split(": ")[1] for line in lines] == ["%s:%d" % (path, k)
                                                       for k in order], said["1"][1]
    assert said["2"] == said["1"]
