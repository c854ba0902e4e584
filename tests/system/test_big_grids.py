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
