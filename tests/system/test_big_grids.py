"""Absurd grids as processes: memory stays bounded (each run under an address-space
limit, so that a regression fails instead of eating the machine), and a refusal is
one line, at once."""

import os
import resource
import signal
import subprocess
import sys
import time

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


def answer(process, timeout=120):
    try:
        return process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("no answer within %d s" % timeout)


@pytest.mark.parametrize("size, route, after", [
    (400, ["--engine", "pysat"], "its givens"), (400, ["--engine", "pycosat"], "its givens"),
    (400, ["--solver", "cadical"], "its givens"), (81, ["--engine", "pysat"], "propagation"),
    (81, ["--solver", "cadical"], "propagation")])
def test_sudoku_solve_refuses_a_grid_too_large_to_search_before_building_it(
        size, route, after, tmp_path):
    # An empty 400x400 grew past 16 GB (here: out of memory at 1 GB); an empty 81x81
    # escalated to solvers holding its 64 million clauses.
    if route[0] == "--solver":
        from conftest import require_solver
        require_solver(route[1])
    elif route[1] == "pysat":
        from conftest import require_pysat
        require_pysat()
    path = empty(tmp_path, size)
    out, err = answer(start("sudoku-solve", *route, path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL))
    candidates = format(size ** 3, ",")
    line = ("%s:1: a %dx%d grid with %s open candidates after %s is too large to solve "
            "here" % (path, size, size, candidates, after))
    assert out.decode().startswith("error\t" + line), out[:300]
    assert out.decode().endswith("(sudoku2cnf FILE | cadical | cnf2sudoku)\n")
    assert err.decode().splitlines() == ["sudoku-solve: " + out.decode()[6:-1]]


def cpu_seconds(pid):
    """User and system CPU seconds of process ``pid`` and its reaped children."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return sum(map(int, fields[11:15])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux /proc")
@pytest.mark.parametrize("number, spent", [
    (signal.SIGTERM, 0.2), (signal.SIGINT, 0.4), (signal.SIGTERM, 0.6),
    (signal.SIGINT, 0.8), (signal.SIGTERM, 1.2), (signal.SIGTERM, 2.0)])
def test_a_signal_ends_the_work_for_an_external_solver_at_once(number, spent, tmp_path):
    # With --solver, the reduction of a large grid and the CNF made from it were this
    # process's (an empty 64x64: 24.8 million clauses built as one list, seconds in
    # one call that a signal waited for). The reduction is now a forked child's, and
    # the CNF is written to the program's file as it is made.
    from conftest import require_solver
    require_solver("cadical")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp))
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    process = subprocess.Popen(
        [sys.executable, str(BIN / "sudoku-solve"), "--solver", "cadical",
         empty(tmp_path, 64)], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=limited(2048), start_new_session=True)
    while cpu_seconds(process.pid) < spent:         # into the work, whatever the load
        assert process.poll() is None, process.stderr.read().decode()
        time.sleep(0.01)        # (the command's own CPU: a child's counts once it ends)
    process.send_signal(number)
    out, err = answer(process, timeout=1.5)         # a bound on hanging: it took seconds
    assert process.returncode == 128 + number, err
    assert err.decode() == ("sudoku-solve: interrupted\n" if number == signal.SIGINT
                            else "")
    assert out == b""
    try:
        os.killpg(process.pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive, "a process of the command was left running"
    assert list(tmp.iterdir()) == []


@pytest.mark.parametrize("option", ["--reduce", "--propagate"])
def test_sudoku2cnf_refuses_to_reduce_an_empty_400x400_before_building_it(option,
                                                                         tmp_path):
    # Its reduction grew past 3 GB before a line was written.
    path = empty(tmp_path, 400)
    out, err = answer(start("sudoku2cnf", option, path, megabytes=600,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    assert out == b""
    assert err.decode() == (
        "sudoku2cnf: %s:1: a 400x400 grid with 64,000,000 open candidates after its givens "
        "is too large for --reduce and --propagate (at most 4,000,000): its full CNF "
        "streams out (sudoku2cnf without them)\n" % path)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_for_an_external_solver_the_reduction_is_a_forked_childs(monkeypatch, tmp_path):
    # The reduction of a large grid for --solver ran in the command (a signal waited for
    # it); as with the in-process engines, it is a forked child's, with the same answers
    # (forced here on small grids: no solution, one, several, variants).
    from conftest import require_solver
    from dimacs_sudoku.formats import parse_puzzle
    from dimacs_sudoku.sat import process
    from dimacs_sudoku.tasks import solving
    from support import INKALA, SMALL4, fork_every_reduction
    require_solver("picosat")
    grids = [parse_puzzle(text) for text in (
        INKALA, SMALL4, "." * 16, "11" + "." * 14, "." * 81,
        INKALA + "\nkiller 3 r1c2 r1c3", "." * 16 + "\nkiller 3 r1c1 r1c2",
        "." * 16 + "\nkiller 2 r1c1 r1c2")]
    here = [solving.solve_cells(grid, 3, solver="picosat", canonical=True)
            for grid in grids]
    pids = tmp_path / "pids"
    fork_every_reduction(monkeypatch, pids)
    forks = []
    monkeypatch.setattr(process, "call_forked",
                        lambda function, label, _call=process.call_forked:
                        forks.append(label) or _call(function, label))
    assert [solving.solve_cells(grid, 3, solver="picosat", canonical=True)
            for grid in grids] == here
    assert [found[1] for found in here] == [1, 1, 3, 0, 3, 1, 3, 0]
    reduced = pids.read_text().split()
    assert len(reduced) >= len(grids) - 1 and str(os.getpid()) not in reduced
    assert forks == ["the reduction"] * len(grids)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_forked_childs_error_reaches_the_command_as_it_was():
    # A forked search that refused its puzzle, or ran out of memory, was "the in-process
    # search failed (exit code 1)".
    from dimacs_sudoku.errors import SolverError, TooLarge
    from dimacs_sudoku.sat.process import call_forked

    def too_large():
        raise TooLarge("too large", "p.txt", 3)

    def no_memory():
        raise MemoryError

    with pytest.raises(TooLarge) as raised:
        call_forked(too_large, "the search")
    assert str(raised.value) == "p.txt:3: too large"
    with pytest.raises(SolverError, match="^the search ran out of memory$"):
        call_forked(no_memory, "the search")
