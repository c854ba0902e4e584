"""The shared data sets of ``../shared/data`` (beside the clone): every file reads, and
every large puzzle goes through the pipe. Each test skips without the data, and fails
under DIMACS_SUDOKU_REQUIRE_DATA=1 (as CI sets it)."""

import re

import pytest

from dimacs_sudoku.formats import parse_puzzle, read_puzzles

from conftest import require_data, require_solver
from support import SHARED_DATA, shell

COUNTS_9X9 = {
    "tdoku-17-clue.txt": 49158,
    "royle-17-clue-2k.txt": 2000,
    "magictour-top1465.txt": 1465,
    "forum-hardest-1905-11plus.txt": 48766,
    "forum-hardest-1106.txt": 375,
    "serg-benchmark.txt": 10000,
    "norvig-top95.txt": 95,
    "norvig-easy50.txt": 50,
    "norvig-hardest.txt": 11,
}


def test_data_9x9():
    require_data(SHARED_DATA / "9x9")
    files = sorted((SHARED_DATA / "9x9").glob("*.txt"))
    assert {f.name for f in files} >= set(COUNTS_9X9)
    for path in files:
        with open(path, encoding="utf-8", newline="") as stream:  # keep any '\r'
            count = 0
            for grid in read_puzzles(stream, path.name):
                assert grid.size == 9 and grid.source == path.name
                count += 1
        assert count == COUNTS_9X9.get(path.name, count), path.name


def test_data_large():
    require_data(SHARED_DATA / "large")
    files = sorted((SHARED_DATA / "large").glob("*.txt"))
    assert files
    for path in files:
        size = int(re.search(r"(?:sudoku-|table)(\d+)-\d+\.txt$", path.name).group(1))
        with open(path, encoding="utf-8", newline="") as stream:
            grids = list(read_puzzles(stream, path.name))
        assert [g.size for g in grids] == [size], path.name
        assert grids[0].givens_count() > 0


# Without the data, the folder itself: its one test skips, or fails in CI.
LARGE = sorted((SHARED_DATA / "large").glob("*.txt"),
               key=lambda p: (int(p.stem.split("-")[-2].replace("table", "")), p.name)) \
    or [SHARED_DATA / "large"]
# The data's own mistake: row 142 holds 13 twice (at line 158 of the file).
CLASHING = {"sudokusat2019-table144-1":
            "sudokusat2019-table144-1.txt:158: no solution: contradictory givens"}
# cadical does not finish 225-1, kissat takes a quarter of an hour, and 64-1 takes
# cadical 30-40 s (docs/benchmarks.md, "Large puzzles"): cadical gets 5 seconds, and
# the pipe must end with exit 5 (unknown).
UNSOLVED = {"rkkautsar-sudoku-225-1": (227658, 7456347),
            "rkkautsar-sudoku-64-1": (14094, 240059)}


@pytest.mark.slow
@pytest.mark.parametrize("path", LARGE, ids=lambda p: p.stem)
def test_large_puzzles_through_cadical(tmp_path, path):
    """Every public large puzzle (4x4 to 400x400) encodes reduced and solves through
    cadical in the pipe, and the grid it prints keeps the givens."""
    require_data(path)
    require_solver("cadical")
    cnf = tmp_path / "p.cnf"
    limit = "-t 5" if path.stem in UNSOLVED else ""
    run = shell("sudoku2cnf --reduce %s -o %s && cadical -q %s %s | cnf2sudoku --cnf %s "
                "--format line" % (path, cnf, limit, cnf, cnf))
    if path.stem in UNSOLVED:
        assert run.returncode == 5 and "UNKNOWN" in run.stderr and run.stdout == ""
        with cnf.open() as text:
            assert next(line for line in text if line.startswith("p cnf")).split()[2:] == \
                [str(count) for count in UNSOLVED[path.stem]]
        return
    if path.stem in CLASHING:       # an unsatisfiable CNF, the clash named
        assert run.returncode == 4 and CLASHING[path.stem] in run.stderr
        assert "no solution: the solver proved the puzzle unsatisfiable" in run.stderr
        assert cnf.exists()
        return
    assert run.returncode == 0, run.stderr
    puzzle = next(read_puzzles(path.open(), source=str(path)))
    solution = parse_puzzle(run.stdout, size=puzzle.size)
    solution.check_solution(puzzle)
