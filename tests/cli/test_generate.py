"""sudoku-gen: repeatable, unique, symmetric and minimal puzzles of every shape."""

import json
import random
from collections import Counter

import pytest

from dimacs_sudoku.tasks.solving import find_solutions
from dimacs_sudoku.errors import UnknownResult
from dimacs_sudoku.core.symmetry import SYMMETRIES, is_symmetric, symmetry_orbits
from dimacs_sudoku.tasks.generate import (Counter as SolutionCounter, bounded_find_solutions,
                                          generate, is_minimal, layout_for, make_puzzle,
                                          random_solution)
from dimacs_sudoku.tasks.grade import solutions as dpll_solutions
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.formats import parse_puzzle

from support import in_process as command, no_traceback

SHAPES = [(4, None), (6, (2, 3)), (6, (3, 2)), (8, (2, 4)), (9, None), (4, (1, 4))]


def lines(made):
    return [m.puzzle.to_line() for m in made]


def test_same_seed_same_puzzles_other_seed_others():
    first = lines(generate(count=3, size=9, seed=11))
    assert first == lines(generate(count=3, size=9, seed=11))
    assert first != lines(generate(count=3, size=9, seed=12))
    assert len(set(first)) == 3


@pytest.mark.parametrize("size, box", SHAPES)
def test_every_shape_gives_unique_puzzles(size, box):
    for made in generate(count=3, size=size, box=box, seed=size):
        puzzle, solution = made.puzzle, made.solution
        assert puzzle.layout.box == layout_for(size, box).box
        solution.check_solution(puzzle)
        found, count = find_solutions(puzzle, limit=2)
        assert count == 1 and found[0] == solution
        # An independent check: this project's own DPLL search.
        assert dpll_solutions(puzzle, limit=2) == [solution]
        assert made.reached and made.undecided == 0


@pytest.mark.parametrize("size", [4, 6, 9])
def test_minimal_puzzles_are_minimal(size):
    for made in generate(count=2, size=size, seed=5, minimal=True):
        puzzle = made.puzzle
        assert made.minimal is True
        cells = list(puzzle.cells)
        for k, d in enumerate(puzzle.cells):
            if d:
                cells[k] = 0
                assert find_solutions(puzzle.copy(cells), limit=2)[1] == 2
                cells[k] = d


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_symmetry_of_the_givens(symmetry):
    for made in generate(count=2, size=9, seed=3, symmetry=symmetry):
        puzzle = made.puzzle
        assert is_symmetric(puzzle, symmetry)
        assert find_solutions(puzzle, limit=2)[1] == 1
        n = 9
        given = [bool(d) for d in puzzle.cells]
        for r in range(n):
            for c in range(n):
                if symmetry in ("rotational", "quarter", "dihedral"):
                    assert given[r * n + c] == given[(n - 1 - r) * n + n - 1 - c]
                if symmetry in ("quarter", "dihedral"):
                    assert given[r * n + c] == given[c * n + n - 1 - r]
                if symmetry in ("diagonal", "dihedral"):
                    assert given[r * n + c] == given[c * n + r]
                if symmetry == "antidiagonal":
                    assert given[r * n + c] == given[(n - 1 - c) * n + n - 1 - r]
                if symmetry == "horizontal":
                    assert given[r * n + c] == given[(n - 1 - r) * n + c]
                if symmetry == "vertical":
                    assert given[r * n + c] == given[r * n + n - 1 - c]


def test_symmetric_minimal_is_checked():
    made = make_puzzle(layout_for(6), random.Random(2), "rotational", minimal=True,
                       attempts=30)
    assert is_symmetric(made.puzzle, "rotational")
    assert made.minimal is is_minimal(made.puzzle)


def test_orbits_partition_the_cells():
    for symmetry in SYMMETRIES:
        for size in (4, 6, 9):
            orbits = symmetry_orbits(size, symmetry)
            cells = sorted(k for orbit in orbits for k in orbit)
            assert cells == list(range(size * size))


def test_clue_target():
    made = make_puzzle(layout_for(9), random.Random(1), clues=40)
    assert made.reached and made.puzzle.givens_count() == 40
    assert find_solutions(made.puzzle)[1] == 1
    hopeless = make_puzzle(layout_for(4), random.Random(1), clues=2, attempts=3)
    assert not hopeless.reached and hopeless.attempts == 3
    assert hopeless.puzzle.givens_count() >= 4          # a 4x4 puzzle needs 4 givens


def test_full_grids_are_random_complete_grids():
    grids = lines(generate(count=5, size=9, seed=1, full=True))
    assert len(set(grids)) == 5
    for line in grids:
        grid = parse_puzzle(line)
        grid.check_solution()
    # All 288 4x4 grids come out, none much more often than the others.
    rng = random.Random(2)
    seen = Counter(random_solution(layout_for(4), rng).to_line() for _ in range(2880))
    assert len(seen) == 288
    assert max(seen.values()) < 3 * 10


def test_budgeted_counter_agrees_and_gives_up():
    made = make_puzzle(layout_for(9), random.Random(4))
    assert bounded_find_solutions(made.puzzle)[1] == 1
    assert bounded_find_solutions(Grid.empty(9))[1] == 2
    with pytest.raises(UnknownResult):
        bounded_find_solutions(Grid.empty(9), budget=1)
    counter = SolutionCounter(layout_for(9), budget=1)
    assert counter(Grid.empty(9)) is None and counter.undecided == 1
    # Every removal undecided: the grid keeps all its clues, still unique.
    made = make_puzzle(layout_for(9), random.Random(4), counter=counter)
    assert made.undecided >= 1
    assert find_solutions(made.puzzle)[1] == 1


# ---- the command ----------------------------------------------------------------------

def test_command_repeatable_and_formats(tmp_path):
    first = command("sudoku-gen", "--count", "2", "--seed", "9")
    again = command("sudoku-gen", "--count", "2", "--seed", "9")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout and len(first.stdout.splitlines()) == 2
    assert first.stdout.splitlines() == lines(generate(count=2, size=9, seed=9))
    as_json = command("sudoku-gen", "--count", "2", "--seed", "9", "--format", "json")
    objects = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert [o["line"] for o in objects] == first.stdout.splitlines()
    for obj in objects:
        parse_puzzle(obj["solution"]).check_solution(parse_puzzle(obj["line"]))
    svg = tmp_path / "p.svg"
    done = command("sudoku-gen", "--seed", "9", "--size", "6", "--box", "3x2",
                   "--format", "svg", "-o", svg)
    assert done.returncode == 0 and svg.read_text().startswith("<svg")
    grid = command("sudoku-gen", "--seed", "9", "--box", "2x2", "--format", "grid")
    assert grid.stdout.startswith("+-----+-----+")


def test_command_options_and_errors():
    done = command("sudoku-gen", "--seed", "1", "--clues", "2", "--size", "4",
                   "--attempts", "2")
    assert done.returncode == 0
    assert "target of 2 was not reached in 2 tries" in done.stderr
    for args, message in [(["--symmetry", "spiral"], "--symmetry takes"),
                          (["--full", "--clues", "30"], "--full"),
                          (["--size", "7"], "prime"),
                          (["--size", "4", "--clues", "17"], "more than the 16 cells"),
                          (["--format", "pdf"], "--format takes"),
                          (["--count", "-1"], "--count")]:
        bad = command("sudoku-gen", *args)
        assert bad.returncode == 2, (args, bad.stderr)
        assert message in bad.stderr and no_traceback(bad.stderr)
    latin = command("sudoku-gen", "--size", "5", "--box", "1x5", "--seed", "1")
    assert latin.returncode == 0, latin.stderr
    assert find_solutions(parse_puzzle(latin.stdout.strip(), box=(1, 5)))[1] == 1
