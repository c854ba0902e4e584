"""The forked helper of the reduced encoder (``encodings.reduced_text._Helper``): on a
large formula a child formats the rows' and columns' clauses while the command formats
the cells' and boxes'. Its text is the text of one process, a child that fails leaves
its clauses to the command, and a signal ends both at once, leaving nothing behind."""

import io
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from support import ROOT, end_session, pattern_solution, session, wait_for
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.encodings import reduced_text
from dimacs_sudoku.encodings.reduced import reduced_formula

pytestmark = pytest.mark.slow


def some_grid(size, box, share, seed):
    rng = random.Random(seed)
    cells = [d if rng.random() < share else 0
             for d in pattern_solution(size, box, rng)]
    return Grid(cells, layout=Layout(size, box))


GRIDS = [((9, (3, 3)), 0.3), ((12, (3, 4)), 0.5), ((16, (4, 4)), 0.6),
         ((25, (5, 5)), 0.7), ((36, (6, 6)), 0.8)]


def text(grid, encoding, propagate=False):
    out = io.StringIO()
    reduced_formula(grid, encoding=encoding, propagate=propagate).write(out)
    return out.getvalue()


@pytest.fixture
def forks(monkeypatch):
    """Every pairwise text of a reduced CNF forks a helper (the test process may run
    threads: pytest-xdist's); the list of their process ids."""
    started = []
    fork = reduced_text._Helper._fork

    def counted(self):
        fork(self)
        started.append(self.pid)
    monkeypatch.setattr(reduced_text._Helper, "_fork", counted)
    monkeypatch.setattr(reduced_text, "_forkable", lambda: True)
    return started


@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended"])
def test_the_helpers_text_is_the_text_of_one_process(encoding, forks, monkeypatch):
    for k, ((size, box), share) in enumerate(GRIDS):
        grid = some_grid(size, box, share, k)
        for propagate in (False, True):
            monkeypatch.setattr(reduced_text, "FORK_PLACES", 10 ** 12)
            alone = text(grid, encoding, propagate)
            monkeypatch.setattr(reduced_text, "FORK_PLACES", 0)
            before = len(forks)
            assert text(grid, encoding, propagate) == alone, (size, propagate)
            assert len(forks) == before + 1
    for pid in forks:                   # every child reaped
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


@pytest.mark.parametrize("how", ["exit", "killed", "raises"])
def test_a_helper_that_fails_leaves_its_clauses_to_the_command(how, forks, monkeypatch,
                                                                tmp_path):
    def fail(self, report, mask, parent):
        if how == "killed":
            os.kill(os.getpid(), signal.SIGKILL)
        if how == "raises":
            raise RuntimeError("a bug in the helper")
        os._exit(1)
    grid = some_grid(25, (5, 5), 0.6, 3)
    alone = text(grid, "extended")
    monkeypatch.setattr(reduced_text, "FORK_PLACES", 0)
    monkeypatch.setattr(reduced_text._Helper, "_child", fail)
    command, returned = os.getpid(), tmp_path / "returned"
    try:
        found = text(grid, "extended")
    finally:
        if os.getpid() != command:      # a helper came back into this code: say so, end
            returned.write_text("the helper")
            os._exit(0)
    assert not returned.exists()
    assert found == alone
    assert len(forks) == 1


# sudoku2cnf with a helper for any grid, each block of units formatted slowly (so that a
# signal finds the work under way); the helper writes its process id to argv[1] first.
LAUNCH = """
import os, sys, time
sys.path.insert(0, %r)
from dimacs_sudoku.encodings import reduced_text
reduced_text.FORK_PLACES = 0
blocks = reduced_text._unit_blocks
def slow(*args):
    for item in blocks(*args):
        time.sleep(0.2)
        yield item
reduced_text._unit_blocks = slow
child = reduced_text._Helper._child
marker = sys.argv[1]
def marked(self, report, mask, parent):
    with open(marker, "w") as out:
        out.write(str(os.getpid()))
    child(self, report, mask, parent)
reduced_text._Helper._child = marked
from dimacs_sudoku.cli import run
sys.exit(run("sudoku2cnf", sys.argv[2:]))
""" % str(ROOT)


def launch(tmp_path, marker, cnf):
    """The command started; its error stream goes to ``tmp_path/err`` (a pipe would
    be held open by the helper, and reading it would wait for the helper's end)."""
    puzzle = tmp_path / "p16.txt"
    puzzle.write_text(some_grid(16, (4, 4), 0.5, 7).to_line() + "\n")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp))
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    with open(tmp_path / "err", "wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(marker), "--reduce", str(puzzle), "-o",
             str(cnf)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=err, start_new_session=True)
    return process, tmp


def started(process, marker, tmp_path):
    assert wait_for(lambda: marker.exists() and marker.read_text(), timeout=30), \
        (tmp_path / "err").read_text()
    return int(marker.read_text())


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux /proc")
@pytest.mark.parametrize("number, after", [
    (signal.SIGTERM, 0.1), (signal.SIGINT, 0.1), (signal.SIGTERM, 4.0),
    (signal.SIGINT, 4.0)])
def test_a_signal_ends_the_command_and_its_helper(number, after, tmp_path):
    # After 0.1 s the command formats its boxes, after 4 s it waits for the helper
    # (12 boxes here, 4 boxes, 16 rows and 16 columns there, 0.2 s each): the helper
    # has 3 s or more of work left, which the signal ends at once.
    marker, cnf = tmp_path / "helper.pid", tmp_path / "p.cnf"
    process, tmp = launch(tmp_path, marker, cnf)
    try:
        started(process, marker, tmp_path)
        time.sleep(after)
        assert process.poll() is None
        process.send_signal(number)
        process.wait(timeout=2)         # (a bound on hanging: not the helper's end)
        err = (tmp_path / "err").read_text()
        assert process.returncode == 128 + number, err
        assert err == ("sudoku2cnf: interrupted\n" if number == signal.SIGINT else "")
        assert session(process.pid) == [], "a process of the command was left running"
        assert sorted(os.listdir(tmp_path)) == ["err", "helper.pid", "p16.txt", "tmp"]
        assert list(tmp.iterdir()) == []
    finally:
        end_session(process)


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux /proc")
def test_the_helper_stops_when_the_command_is_killed(tmp_path):
    marker, cnf = tmp_path / "helper.pid", tmp_path / "p.cnf"
    process, tmp = launch(tmp_path, marker, cnf)
    try:
        started(process, marker, tmp_path)
        time.sleep(0.2)
        process.kill()
        process.wait(timeout=10)
        # The helper notices at its next block (0.2 s) and exits, long before the
        # end of its work (7 s).
        assert wait_for(lambda: session(process.pid) == [], timeout=2)
    finally:
        end_session(process)


def test_the_command_writes_the_cnf_of_one_process(tmp_path):
    marker, cnf = tmp_path / "helper.pid", tmp_path / "p.cnf"
    process, _ = launch(tmp_path, marker, cnf)
    try:
        assert process.wait(timeout=60) == 0, (tmp_path / "err").read_text()
        assert marker.read_text()
        alone = io.StringIO()
        grid = some_grid(16, (4, 4), 0.5, 7)
        reduced_formula(grid, source=str(tmp_path / "p16.txt")).write(alone)
        assert cnf.read_text().splitlines()[-100:] == alone.getvalue().splitlines()[-100:]
        assert session(process.pid) == []
    finally:
        end_session(process)
