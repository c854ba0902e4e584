"""The two engines of the batch solver, pysat and pycosat, give the same answers.

The pysat engine needs the optional python-sat package (the extra
``dimacs-sudoku[fast]``). Its tests are skipped when it cannot be imported, and fail
instead when DIMACS_SUDOKU_REQUIRE_SOLVERS=1 (as in CI, which installs the extra).
"""

import os
import random

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.tasks import solving
from dimacs_sudoku.tasks.solving import find_solutions, resolve_engine, solve_cells, solve_many
from dimacs_sudoku.errors import PYTHON_SAT_MISSING, UsageError
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.reasoning.reduction import NO_SOLUTION, reducer_for

from conftest import REQUIRE_SOLVERS, missing, require_pysat
from support import (INKALA, INKALA_SOLUTION, SMALL4, SMALL4_SOLUTION,
                     in_process as command)
from test_reduced import PUZZLES, random_solution

ENGINES = ("pycosat", "pysat")

# One of each kind of answer, as a file for sudoku-solve.
SEVERAL_9 = ("8...5......36......7..9.2...5...7.......457.....1...3...1....68..8....1..9"
             "....4..")                                 # three solutions
UNSAT_SEARCH = "82" + INKALA[2:]    # no clash, and propagation cannot tell: the solver must
CASES = [
    SMALL4,                                             # unique, by propagation
    INKALA,                                             # unique, by search
    PUZZLES[1][0],
    "." * 16,                                           # 288 solutions
    SEVERAL_9,
    "11" + "." * 14,                                    # clashing givens
    "12....3.........",                                 # no solution, by propagation
    UNSAT_SEARCH,                                       # no solution, by search
    "1..x",                                             # not a puzzle
    "." * 81,                                           # the empty 9x9 grid
]
INPUT = "\n".join(CASES) + "\n"


@pytest.fixture(params=ENGINES)
def engine(request):
    if request.param == "pysat":
        require_pysat()
    return request.param


# ---- the library ----------------------------------------------------------------------

def test_known_answers(engine):
    grids = [Grid.from_line(line) for line in CASES if "x" not in line]
    results = [(s.to_line() if s else None, n)
               for s, n in solve_many(grids, count=2, engine=engine, canonical=True)]
    assert results[0] == (SMALL4_SOLUTION, 1)
    assert results[1] == (INKALA_SOLUTION, 1)
    assert results[2] == (PUZZLES[1][1], 1)
    assert results[3] == ("4321214334121234", 2)        # picosat's first
    assert results[4][1] == 2
    assert results[5] == results[6] == results[7] == (None, 0)
    assert results[8] == ("987654321632197458541328679896745213754231896213986745"
                          "375812964128469537469573182", 2)


def test_counts_and_every_solution(engine):
    solutions, n = find_solutions(Grid.empty(4), limit=1000, engine=engine)
    assert n == len({s.to_line() for s in solutions}) == 288
    assert find_solutions(Grid.from_line(SEVERAL_9), limit=10, engine=engine)[1] == 3
    for s in find_solutions(Grid.from_line(SEVERAL_9), limit=10, engine=engine)[0]:
        s.check_solution(Grid.from_line(SEVERAL_9))


def test_canonical_first_solution(engine):
    """With ``canonical`` the first of several solutions is the bundled picosat's first,
    whatever the engine; the others are other solutions."""
    grid = Grid.from_line(SEVERAL_9)
    every = {s.to_line() for s in find_solutions(grid, limit=10)[0]}
    assert len(every) == 3
    picosat_first = next(solve_many([grid], count=1, engine="pycosat"))[0].to_line()
    (first, n), = solve_many([grid], count=2, engine=engine, canonical=True)
    assert n == 2 and first.to_line() == picosat_first
    solutions, n = find_solutions(grid, limit=2, engine=engine, canonical=True)
    lines = [s.to_line() for s in solutions]
    assert n == 2 and lines[0] == picosat_first and len(set(lines)) == 2
    assert set(lines) <= every


def test_engines_agree_on_the_sets_of_tests():
    require_pysat()
    grids = [Grid.from_line(line) for line, _ in PUZZLES]
    grids += [Grid.from_line(line) for line in CASES if "x" not in line]
    out = {}
    for engine in ENGINES:
        for count in (1, 2, 3):
            out[engine, count] = [(s.to_line() if s else None, n)
                                  for s, n in solve_many(grids, count=count, engine=engine,
                                                         canonical=True)]
    for count in (1, 2, 3):
        # with count 1 the solution of a puzzle with several may differ; the counts not
        a, b = out["pycosat", count], out["pysat", count]
        assert [n for _, n in a] == [n for _, n in b]
        if count > 1:
            assert a == b


SHAPES = [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)),
          (16, (4, 4)), (25, (5, 5))]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 2 ** 32), st.floats(0.2, 0.9),
       st.booleans(), st.booleans())
def test_engines_agree_on_random_grids(shape, seed, blank, diagonals, spoil):
    """Random grids of every size (with diagonals as extra units, sometimes a wrong
    given): both engines give the same count and the same first solution (the second
    one, when there are several, is any other)."""
    require_pysat()
    n, box = shape
    rng = random.Random(seed)
    full = random_solution(n, box, rng)
    if spoil:
        full[rng.randrange(n * n)] = rng.randint(1, n)
    cells = [0 if rng.random() < blank else d for d in full]
    extra = ()
    if diagonals:
        extra = [("diagonal", [i * n + i for i in range(n)]),
                 ("anti-diagonal", [i * n + n - 1 - i for i in range(n)])]
    grid = Grid(cells, layout=Layout(n, box, extra))
    a = solve_cells(grid, 2, engine="pycosat", canonical=True)
    b = solve_cells(grid, 2, engine="pysat", canonical=True)
    assert a[1] == b[1] and a[0][:1] == b[0][:1]
    for solution in a[0] + b[0]:
        Grid(solution, layout=grid.layout).check_solution(grid)
    assert len({tuple(s) for s in b[0]}) == b[1]


def test_engine_names():
    assert resolve_engine("pycosat") == "pycosat"
    assert resolve_engine("auto") == ("pysat" if solving.pysat_available() else "pycosat")
    with pytest.raises(UsageError):
        resolve_engine("minisat")


def test_other_pysat_solvers_give_the_same_answers(monkeypatch):
    """The pysat engine with a solver without native at-most-one (pairwise clauses)."""
    require_pysat()
    grids = [Grid.from_line(line) for line in CASES if "x" not in line]
    expected = list(solve_many(grids, count=2, engine="pysat", canonical=True))
    for name in ("m22", "g4"):
        monkeypatch.setattr(solving, "PYSAT_SOLVER", name)
        got = list(solve_many(grids, count=2, engine="pysat", canonical=True))
        assert [(s.cells if s else None, n) for s, n in got] == \
            [(s.cells if s else None, n) for s, n in expected]


def test_minicard_direct_calls_match_its_class():
    """The pysat engine calls MiniCard's C functions directly (the façade's MiniCard
    back end); through the solver class's own methods it finds the same models, the
    same counts and grids, for puzzles with no, one and several solutions (count 1,
    2, 5)."""
    require_pysat()
    from functools import partial

    from dimacs_sudoku.sat import pysat_backend
    direct = solving.pysat_engine("minicard")
    if direct is not pysat_backend.MinicardSolver:
        missing("this python-sat build names MiniCard's functions differently",
                REQUIRE_SOLVERS)
    wrapped = partial(pysat_backend.PysatSolver, "minicard")
    grids = [Grid.from_line(line) for line in CASES if "x" not in line and "11" not in line]
    rng = random.Random(11)
    for blank in (0.6, 0.7, 0.8):          # random puzzles, most of them with several
        grids.append(Grid([0 if rng.random() < blank else d
                           for d in random_solution(9, (3, 3), rng)]))
    for grid in grids:
        for count in (1, 2, 5):
            reducer = reducer_for(grid.layout)
            try:
                problem = reducer.reduce(grid.cells, grid)
            except NO_SOLUTION:
                continue
            if not problem.num_vars:
                continue
            found = solving._pysat_models(problem, count, direct)
            assert found == solving._pysat_models(problem, count, wrapped)
            assert len(found) == min(count, len(solving._pysat_models(problem, 1000, wrapped)))
    answers = [solving._solve(reducer_for(g.layout), g.cells, 5,
                            partial(solving._pysat_models, make=make), g)
               for g in grids for make in (direct, wrapped)]
    assert answers[0::2] == answers[1::2]
    assert {n for _, n in answers} >= {0, 1, 5}


# ---- the command ----------------------------------------------------------------------

@pytest.mark.parametrize("args", [("--unique",), ("--count", "3"),
                                  ("--unique", "--format", "json")])
def test_command_output_is_the_same(args):
    require_pysat()
    runs = [command("sudoku-solve", "--engine", engine, *args, input=INPUT)
            for engine in ENGINES]
    assert runs[0].returncode == runs[1].returncode == 9           # the bad line
    assert runs[0].stdout == runs[1].stdout
    lines = runs[0].stdout.splitlines()
    assert len(lines) == len(CASES)
    if "json" not in args:
        assert lines[1] == INKALA_SOLUTION + "\t1"
        assert lines[3] == "4321214334121234\t" + ("2" if "--unique" in args else "3")
        assert lines[7] == "-\t0"
        assert lines[8].startswith("error\t<stdin>:9: ")


def test_command_default_engine_matches():
    run = command("sudoku-solve", "--unique", input=INPUT)
    assert run.stdout == command("sudoku-solve", "--unique", "--engine", "pycosat",
                                 input=INPUT).stdout


def hide_pysat(tmp_path):
    """An environment in which ``import pysat`` fails, as without python-sat."""
    stub = tmp_path / "stub" / "pysat"
    stub.mkdir(parents=True)
    (stub / "__init__.py").write_text("raise ImportError('python-sat hidden by a test')\n")
    path = os.environ.get("PYTHONPATH")
    return {"PYTHONPATH": str(stub.parent) + (os.pathsep + path if path else "")}


@pytest.mark.slow
def test_without_pysat(tmp_path):
    from support import command             # a process of its own, without python-sat
    env = hide_pysat(tmp_path)
    # Not installed: exit 7 and the same line as cnfsolve's pysat: solvers give.
    run = command("sudoku-solve", "--engine", "pysat", input=SMALL4 + "\n", env=env)
    assert run.returncode == 7
    assert run.stdout == ""
    assert run.stderr == "sudoku-solve: %s\n" % PYTHON_SAT_MISSING
    for solver in ("pysat:minisat22", "pysat:kissat404"):
        cnf = command("sudoku2cnf", input=SMALL4 + "\n").stdout
        run = command("cnfsolve", "--solver", solver, input=cnf, env=env)
        assert (run.returncode, run.stdout) == (7, "")
        assert run.stderr == "cnfsolve: %s\n" % PYTHON_SAT_MISSING
    run = command("sudoku-solve", "--unique", input=INPUT, env=env)        # auto: pycosat
    assert run.returncode == 9
    assert run.stdout == command("sudoku-solve", "--unique", "--engine", "pycosat",
                                 input=INPUT).stdout


def test_bad_engine_name():
    run = command("sudoku-solve", "--engine", "minisat", input=SMALL4 + "\n")
    assert run.returncode == 2 and "--engine" in run.stderr


@pytest.mark.slow
def test_an_external_program_enumerates_as_the_bundled_solver_does():
    """The façade's enumeration over an external program (one run per model, the
    models found so far blocked) finds the same projected models as pycosat."""
    from conftest import require_solver
    from dimacs_sudoku.sat import Solver
    from dimacs_sudoku.sat.program_backend import ProgramSolver
    require_solver("picosat")
    clauses = [[1, 2, 3], [-1, -2], [-1, -3], [-2, -3], [4, -1], [-4, 1, 2]]
    with ProgramSolver("picosat", 4) as program, Solver("pycosat", 4) as bundled:
        program.add_clauses(clauses)
        bundled.add_clauses(clauses)
        found = program.models(10, project=3, positives=True)
        assert sorted(found) == sorted(bundled.models(10, project=3, positives=True))
        assert sorted(found) == [[1], [2], [3]]
        assert program.solves == 4 and program.solve() is False
