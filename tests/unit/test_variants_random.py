"""Variant rules on 6x6 and 9x9, where enumerating every grid is out of reach: for
random complete grids, the clauses (with the grid's cells fixed and the auxiliary
variables free) are satisfiable exactly when the rule's checker passes the grid.

The grids: random Sudoku grids (which break most rules), solutions the solver finds
under the rule from random givens (which must pass the checker), and those solutions
with two digits swapped everywhere (still Sudoku grids, often just breaking the rule).
"""

import random

import pycosat
import pytest

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.encodings import encode_variant
from dimacs_sudoku.rules.registry import finish, parse_rule
from dimacs_sudoku.core.check import check_variant
from dimacs_sudoku.rules.base import cell_text, orthogonal_pairs

SAMPLES9 = [
    ["diagonals"], ["windoku"], ["disjoint"],
    ["jigsaw 111122333 112222333 121144333 555422666 554544666 554544666 "
     "788778999 887877999 888777999"],
    ["region r1c1 r2c5 r9c9"], ["antiknight"], ["antiking"], ["nonconsecutive"],
    ["killer 15 r1c1 r1c2 r2c1"], ["killer 23 r4c4 r4c5 r5c4 r5c5"], ["killer r7c7 r8c9"],
    ["killer 45 r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"],
    ["littlekiller 20 r1c3 r2c4 r3c5 r4c6 r5c7"],
    ["sandwich 15 r3"], ["sandwich 0 c5"], ["sandwich 35 r1"],
    ["arrow r5c5 r4c4 r3c3"], ["arrow r1c1+r1c2 r2c3 r3c4 r4c5 r5c6"],
    ["thermo r1c1 r2c2 r3c3 r4c4"], ["white r1c1 r1c2"], ["white 3 r5c5 r6c5"],
    ["black r2c2 r2c3"], ["xv X r3c3 r3c4"], ["xv V r4c4 r5c4"],
    ["xv X r1c1 r1c2", "negative xv"],
    ["odd r1c1 r9c9"], ["even r5c5"], ["whispers r1c1 r2c2 r3c3 r4c4"],
    ["whispers 4 r5c1 r5c2"], ["renban r1c1 r2c2 r3c3 r4c4"],
    ["between r1c1 r2c2 r3c3 r4c4"], ["palindrome r1c1 r2c2 r3c3 r4c4 r5c5"],
    ["clone r1c1 r1c2 = r9c8 r9c9"], ["minimum r5c5"], ["maximum r1c1"],
    ["quadruple 1 2 r4c4"], ["columnindexer r1c1 r2c1 r3c1"], ["rowindexer r1c5"],
    ["boxindexer r5c5"],
    ["regionsum r1c1 r2c2 r3c3 r4c4 r4c5"],
    ["zipper r1c1 r1c2 r1c3 r2c3 r3c3"], ["zipper r5c1 r5c2 r5c3 r5c4 r6c4 r7c4"],
    ["entropic r1c1 r2c1 r3c1 r3c2 r3c3 r3c4 r4c4"],
    ["xsum 15 r0c3"], ["xsum 30 r10c3"], ["xsum 22 r4c0", "xsum 9 r4c10"],
    ["skyscraper 3 r0c3"], ["skyscraper 5 r7c10", "skyscraper 2 r10c2"], ["skyscraper 9 r1c0"],
]

SAMPLES6 = [
    ["diagonals"], ["windoku"], ["disjoint"],
    ["jigsaw 111222 111233 444322 545636 455363 545666"],
    ["antiknight"], ["antiking"], ["nonconsecutive"], ["killer 10 r1c1 r2c2 r3c3"],
    ["littlekiller 12 r1c2 r2c3 r3c4 r4c5"], ["sandwich 5 c2"], ["arrow r1c1 r2c2 r3c3"],
    ["arrow r1c1+r1c2 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"],
    ["thermo r1c1 r1c2 r2c3"], ["white r3c3 r3c4", "black r4c4 r5c4", "negative black"],
    ["xv V r1c1 r2c1", "negative v"], ["whispers r1c1 r2c2 r3c3"], ["renban r2c1 r2c2 r3c3"],
    ["between r1c1 r1c2 r2c3"], ["palindrome r1c1 r2c2 r3c1 r4c2"],
    ["clone r1c1 r2c2 = r5c5 r6c6"], ["minimum r3c3", "maximum r4c4"],
    ["maximum r2c2 r2c3 r3c2", "minimum r5c5 r6c5"],
    ["quadruple 2 3 r3c3"], ["columnindexer r1c1 r2c1"], ["rowindexer r1c1"],
    ["boxindexer r1c1 r4c4"], ["odd r1c1", "even r6c6"],
    ["regionsum r1c1 r1c2 r1c3 r1c4"], ["zipper r1c1 r2c2 r3c3 r4c4 r5c5"],
    ["entropic r1c1 r1c2 r1c3 r2c3 r3c3"], ["entropic r6c1 r5c2"],
    ["xsum 12 r0c2"], ["xsum 8 r3c7", "xsum 15 r7c3"],
    ["skyscraper 3 r0c2"], ["skyscraper 2 r4c7", "skyscraper 4 r4c0"],
]


def random_grid(rng, size, box):
    """A random complete Sudoku grid: a pattern grid with its digits relabelled and its
    rows and columns shuffled within bands and stacks, and the bands and stacks too."""
    rows, cols = box
    n = size

    def order(blocks, width):
        return [b * width + k for b in rng.sample(range(blocks), blocks)
                for k in rng.sample(range(width), width)]

    row_order, col_order = order(n // rows, rows), order(n // cols, cols)
    digits = rng.sample(range(1, n + 1), n)
    pattern = [[(cols * (r % rows) + r // rows + c) % n for c in range(n)] for r in range(n)]
    return [digits[pattern[r][c]] for r in row_order for c in col_order]


def satisfied(clauses, num_vars, size, cells):
    """Whether the formula has a model with these cells (every cell given)."""
    units = [[cell * size + d] for cell, d in enumerate(cells)]
    return pycosat.solve(clauses + units, vars=num_vars) != "UNSAT"


def agreement(lines, size, box, seed, rounds, grids=()):
    rng = random.Random(seed)
    rules = finish([parse_rule(line, size, box) for line in lines], size)
    formula = encode_variant(Grid.empty(size, box), rules)
    clauses = list(formula.clauses())
    grids = list(grids) + [random_grid(rng, size, box) for _ in range(rounds)]
    for _ in range(rounds):
        grid = random_grid(rng, size, box)
        givens = [[cell * size + grid[cell]] for cell in rng.sample(range(size * size), 2)]
        model = pycosat.solve(clauses + givens, vars=formula.num_vars)
        if model == "UNSAT":
            continue
        solution = [0] * (size * size)
        for v in model[:size ** 3]:
            if v > 0:
                solution[(v - 1) // size] = (v - 1) % size + 1
        grids.append(solution)
        a, b = rng.sample(range(1, size + 1), 2)
        grids.append([b if d == a else a if d == b else d for d in solution])
    outcomes = []
    for cells in grids:
        passed = not check_variant(cells, size, box, rules)
        assert satisfied(clauses, formula.num_vars, size, cells) == passed, (lines, cells)
        outcomes.append(passed)
    return outcomes


@pytest.mark.slow
@pytest.mark.parametrize("lines", SAMPLES9, ids=[" / ".join(s)[:40] for s in SAMPLES9])
def test_9x9_clauses_and_checker_agree(lines):
    outcomes = agreement(lines, 9, (3, 3), seed=" ".join(lines), rounds=3)
    assert any(outcomes), "no grid passed the checker: the test saw one side only"


@pytest.mark.parametrize("lines", SAMPLES6, ids=[" / ".join(s)[:40] for s in SAMPLES6])
def test_6x6_clauses_and_checker_agree(lines):
    outcomes = agreement(lines, 6, (2, 3), seed=" ".join(lines), rounds=4)
    assert any(outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("lines", [
    ["arrow r1c1+r1c2 r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9 r2c10"],
    ["killer 100 r1c1 r2c2 r3c3 r4c4 r5c5 r6c6 r7c7 r8c8 r9c9 r10c10 r11c11"],
    ["littlekiller 30 r1c1 r2c2 r3c3 r4c4"],
])
def test_16x16_clauses_and_checker_agree(lines):
    """On 16x16 a pill's number can be written two ways (1|12 and 11|2 are both 112),
    which the arrow's encoding handles apart."""
    outcomes = agreement(lines, 16, (4, 4), seed=" ".join(lines), rounds=2)
    assert any(outcomes)


def test_some_grids_fail_the_checker():
    """Over all the samples, both outcomes occur: the grids are not all passing."""
    outcomes = agreement(["killer 15 r1c1 r1c2 r2c1"], 9, (3, 3), seed=1, rounds=6)
    assert any(outcomes) and not all(outcomes)


def test_all_dots_given_on_9x9():
    """Every kropki dot of a random grid, and the negative rule: that grid passes, and
    the solver's grids under the same dots are checked both ways."""
    rng = random.Random(7)
    grid = random_grid(rng, 9, (3, 3))
    lines = []
    for a, b in orthogonal_pairs(9):
        d, e = grid[a], grid[b]
        if abs(d - e) == 1:
            lines.append("white %s %s" % (cell_text(9, a), cell_text(9, b)))
        elif d == 2 * e or e == 2 * d:
            lines.append("black %s %s" % (cell_text(9, a), cell_text(9, b)))
    lines.append("negative white black")
    outcomes = agreement(lines, 9, (3, 3), seed=8, rounds=2, grids=[grid])
    assert outcomes[0]
