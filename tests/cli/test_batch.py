"""Batch solving: dimacs_sudoku.tasks.solving and the sudoku-solve command."""

import json
import os
import random
import shutil

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.tasks.solving import find_solutions, solve_cells, solve_many
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.formats import parse_puzzle

from conftest import REQUIRE_SOLVERS, missing, require_pysat, require_solver
from support import (INKALA, INKALA_SOLUTION, fork_every_reduction, in_process as command,
                     shell)
from test_reduced import PUZZLES, SMALL4, SMALL4_SOLUTION, random_solution

SEVERAL = "." * 16                                      # 288 solutions
CONTRADICTORY = "11" + "." * 14                         # clashing givens
NO_SOLUTION = "12....3........."                        # no clash, no solution


# Givens without a clash whose singles fill every cell, but wrongly (two digits for
# a cell, or one twice in a unit): the grid check catches the filled grid, and then
# the propagation's own check says "no solution".
FILLED_WRONGLY = ["3...4..2...4.23.", "...1.4..2..3..2.", ".4.....33..242..",
                  "..4.1..3...4...1"]


@pytest.mark.parametrize("line", FILLED_WRONGLY + ["2..3...1..2.....", NO_SOLUTION])
def test_singles_that_fill_the_grid_wrongly_mean_no_solution(line):
    import pycosat
    from dimacs_sudoku.encodings import encode
    from dimacs_sudoku.reasoning import reduction
    grid = Grid.from_line(line)
    assert pycosat.solve([list(c) for c in encode(grid).clauses()]) == "UNSAT"
    try:
        problem = reduction.reducer_for(grid.layout).reduce(grid.cells, grid)
    except reduction.Inconsistent:
        problem = None
    if line in FILLED_WRONGLY:
        assert problem.num_vars == 0 and 0 not in problem.filled
        assert problem.contradiction()
    for engine in ("pycosat", "auto"):
        assert solve_cells(grid, 2, engine=engine) == ([], 0)
        assert list(solve_many([grid], count=2, engine=engine)) == [(None, 0)]


def test_a_solved_grid_is_no_contradiction():
    from dimacs_sudoku.reasoning.reduction import reducer_for
    grid = Grid.from_line(SMALL4)
    problem = reducer_for(grid.layout).reduce(grid.cells, grid)
    assert problem.num_vars == 0 and not problem.contradiction()
    assert problem.filled == [int(d) for d in SMALL4_SOLUTION]


def test_reducer_of_the_last_layout_is_remembered():
    from dimacs_sudoku.reasoning.reduction import UnitReducer, reducer_for
    small, large = Layout(4), Layout(9)
    first = reducer_for(small)
    assert reducer_for(small) is first is reducer_for(Layout(4))
    assert reducer_for(large).size == 9
    assert reducer_for(small) is first
    diagonal = Layout(4, (2, 2), [("diagonal", [0, 5, 10, 15])])
    assert isinstance(reducer_for(diagonal), UnitReducer)
    assert reducer_for(small) is first


def test_known_solutions():
    grids = [Grid.from_line(line) for line, _ in PUZZLES]
    results = list(solve_many(grids, count=2))
    assert [(s.to_line(), n) for s, n in results] == [(sol, 1) for _, sol in PUZZLES]
    for grid, (solution, _) in zip(grids, results):
        solution.check_solution(grid)


def test_counts():
    grids = [Grid.from_line(x) for x in (SMALL4, SEVERAL, CONTRADICTORY, NO_SOLUTION)]
    assert [n for _, n in solve_many(grids, count=2)] == [1, 2, 0, 0]
    assert [n for _, n in solve_many(grids, count=5)] == [1, 5, 0, 0]
    assert [n for _, n in solve_many(grids)] == [1, 1, 0, 0]
    solutions, n = find_solutions(Grid.empty(4), limit=300)
    assert n == len({s.to_line() for s in solutions}) == 288
    for s in solutions[:20]:
        s.check_solution()
    with pytest.raises(ValueError):
        list(solve_many(grids, count=0))


def test_sixteen_and_larger_use_their_paths():
    rng = random.Random(5)
    for n, box in ((16, (4, 4)), (25, (5, 5))):
        full = random_solution(n, box, rng)
        cells = [0 if rng.random() < 0.5 else d for d in full]
        grid = Grid(cells, size=n, box=box)
        solutions, count = solve_cells(grid, 2)
        assert count >= 1
        Grid(solutions[0], size=n, box=box).check_solution(grid)


def test_extra_units_generic_path():
    diagonals = [("diagonal", [i * 4 + i for i in range(4)]),
                 ("anti-diagonal", [i * 4 + 3 - i for i in range(4)])]
    layout = Layout(4, (2, 2), diagonals)
    solutions, n = find_solutions(Grid([0] * 16, layout=layout), limit=1000)
    assert 0 < n < 288
    for s in solutions:
        s.check_solution()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (16, (4, 4))]),
       st.integers(0, 2 ** 32), st.floats(0.1, 0.95))
def test_round_trip(shape, seed, blank):
    """A random valid grid with random cells blanked: solving gives a valid grid that
    keeps the givens; with few blanks the count is at least 1."""
    n, box = shape
    rng = random.Random(seed)
    full = random_solution(n, box, rng)
    cells = [0 if rng.random() < blank else d for d in full]
    grid = Grid(cells, size=n, box=box)
    (solution, count), = solve_many([grid], count=2)
    assert count in (1, 2)
    solution.check_solution(grid)
    if count == 1:
        assert solution.cells == full


# ---- the command --------------------------------------------------------------------

MIXED = "\n".join([SMALL4, "1..x", SEVERAL, CONTRADICTORY, INKALA]) + "\n"


def test_default_output_one_line_per_puzzle():
    run = command("sudoku-solve", input=MIXED)
    assert run.returncode == 9
    lines = run.stdout.splitlines()
    assert len(lines) == 5
    assert lines[0] == SMALL4_SOLUTION
    assert lines[1].startswith("error\t<stdin>:2: ")
    assert parse_puzzle(lines[2]).is_complete()
    assert lines[3] == "-"
    assert lines[4] == INKALA_SOLUTION
    assert "<stdin>:2:" in run.stderr and "Traceback" not in run.stderr


def test_count_and_unique():
    run = command("sudoku-solve", "--unique", input=MIXED)
    lines = run.stdout.splitlines()
    assert lines[0] == SMALL4_SOLUTION + "\t1"
    assert lines[2].endswith("\t2")
    assert lines[3] == "-\t0"
    assert lines[4] == INKALA_SOLUTION + "\t1"
    run = command("sudoku-solve", "--count", "7", input=SEVERAL + "\n")
    assert run.returncode == 0 and run.stdout.endswith("\t7\n")


def test_json_and_grid_formats():
    run = command("sudoku-solve", "-u", "--format", "json", input=MIXED)
    objs = [json.loads(line) for line in run.stdout.splitlines()]
    assert objs[0]["line"] == SMALL4_SOLUTION and objs[0]["count"] == 1
    assert "error" in objs[1] and objs[1]["line"] == 2
    assert objs[3]["grid"] is None and objs[3]["count"] == 0
    run = command("sudoku-solve", "--format", "grid", input=SMALL4 + "\n")
    assert run.stdout.startswith("+-----+-----+\n| 1 2 | 3 4 |")


def test_order_kept_on_a_file(tmp_path):
    lines = [line for line, _ in PUZZLES] * 3
    path = tmp_path / "p.txt"
    path.write_text("# comment\n" + "\n".join(lines) + "\n")
    run = command("sudoku-solve", path)
    assert run.returncode == 0
    assert run.stdout.splitlines() == [sol for _, sol in PUZZLES] * 3
    assert run.stderr == ""


def test_exit_codes():
    assert command("sudoku-solve", "--count", "0", input=SMALL4).returncode == 2
    assert command("sudoku-solve", "--format", "png", input=SMALL4).returncode == 2
    assert command("sudoku-solve", "--solver", "no-such-solver", input=SMALL4).returncode == 7
    assert command("sudoku-solve", "/no/such/file").returncode == 9     # its error line
    run = command("sudoku-solve", "--summary", input=SMALL4 + "\n")
    assert run.returncode == 0 and "1 puzzles: 1 solved" in run.stderr


@pytest.mark.slow
def test_external_solver():
    require_solver("cadical")
    run = command("sudoku-solve", "--solver", "cadical", "--unique", input=MIXED)
    assert run.returncode == 9
    assert run.stdout == command("sudoku-solve", "--unique", input=MIXED).stdout


def require_parallel():
    if shutil.which("parallel") is None:
        missing("GNU parallel is not on PATH", REQUIRE_SOLVERS)


@pytest.mark.slow
def test_gnu_parallel_matches_one_process(tmp_path):
    require_parallel()
    rng = random.Random(1)
    lines = []
    for k in range(300):
        full = random_solution(9, (3, 3), rng)
        lines.append("".join(str(d) if rng.random() < 0.4 else "." for d in full))
    lines[123] = "not a puzzle"
    path = tmp_path / "big.txt"
    path.write_text("\n".join(lines) + "\n")
    single = shell("sudoku-solve --count 2 < big.txt", cwd=tmp_path)
    split = shell("parallel --pipe -k -N 50 sudoku-solve --count 2 < big.txt", cwd=tmp_path)
    # An error line names the line within its chunk under parallel: compare up to it.
    def strip(text):
        return [line.split(":")[0] if line.startswith("error\t") else line
                for line in text.splitlines()]
    assert strip(single.stdout) == strip(split.stdout)
    assert len(single.stdout.splitlines()) == 300
    assert single.stdout.splitlines()[123].startswith("error\t<stdin>:124: ")
    assert single.returncode == 9 and split.returncode == 1    # parallel: failed jobs


def test_the_count_is_bounded(tmp_path):
    """Every solution counted is held (to check they are distinct): --count above
    MAX_COUNT is a usage error, not a search until memory runs out."""
    from dimacs_sudoku.tasks.solving import MAX_COUNT
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    done = command("sudoku-solve", "--count", str(MAX_COUNT + 1), tmp_path / "p.txt")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("sudoku-solve: --count counts up to %d solutions, not %d\n"
                           % (MAX_COUNT, MAX_COUNT + 1))
    done = command("sudoku-solve", "--count", str(MAX_COUNT), tmp_path / "p.txt")
    assert done.returncode == 0 and done.stdout == INKALA_SOLUTION + "\t1\n"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
def test_a_forked_search_gives_what_the_search_here_gives(engine, monkeypatch):
    """A search that may be long runs in a forked child while a command catches
    signals: its models come back whole (every puzzle here takes that path)."""
    if engine == "pysat":
        require_pysat()
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.sat import process
    grids = [parse_puzzle(INKALA), parse_puzzle("." * 81),
             parse_puzzle("11" + "." * 79), parse_puzzle("." * 16)]
    here = [solve_cells(grid, 3, engine=engine, canonical=True) for grid in grids]
    monkeypatch.setattr(solving, "LONG_SEARCH_VARS", 0)
    forks = []
    monkeypatch.setattr(process, "fork_to_stay_interruptible",
                        lambda timeout: forks.append(timeout) or True)
    assert [solve_cells(grid, 3, engine=engine, canonical=True) for grid in grids] == here
    assert here[0][1] == 1 and here[1][1] == 3 and here[2][1] == 0
    assert forks


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
def test_a_grid_of_many_candidates_is_reduced_and_searched_in_a_forked_child(
        engine, monkeypatch, tmp_path):
    """While a command catches signals, a large grid's reduction runs in the forked
    child too (its garbage collection and freeing held a signal for seconds): the
    answers are the same, every solution still checked here."""
    if engine == "pysat":
        require_pysat()
    grids = [parse_puzzle(INKALA), parse_puzzle("." * 81),
             parse_puzzle("11" + "." * 79), parse_puzzle("." * 16),
             parse_puzzle("12....3.........")]
    here = [solve_cells(grid, 3, engine=engine, canonical=True) for grid in grids]
    pids = tmp_path / "pids"
    fork_every_reduction(monkeypatch, pids)
    assert [solve_cells(grid, 3, engine=engine, canonical=True) for grid in grids] == here
    assert [found[1] for found in here] == [1, 3, 0, 3, 0]
    reduced = pids.read_text().split()
    assert len(reduced) == len(grids) and str(os.getpid()) not in reduced


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_a_variant_of_many_candidates_is_solved_in_a_forked_child(monkeypatch):
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.sat import process
    grids = [parse_puzzle(INKALA + "\nkiller 3 r1c2 r1c3"),
             parse_puzzle("." * 16 + "\nkiller 3 r1c1 r1c2"),
             parse_puzzle("." * 16 + "\nkiller 2 r1c1 r1c2")]
    here = [solve_cells(grid, 3, canonical=True) for grid in grids]
    forks = []
    monkeypatch.setattr(solving, "LONG_REDUCTION_CANDIDATES", 0)
    monkeypatch.setattr(process, "fork_to_stay_interruptible", lambda timeout: True)
    monkeypatch.setattr(process, "call_forked",
                        lambda function, label, _call=process.call_forked:
                        forks.append(label) or _call(function, label))
    assert [solve_cells(grid, 3, canonical=True) for grid in grids] == here
    assert [found[1] for found in here] == [1, 3, 0] and len(forks) == 3
