"""The reduced encoder's bulk paths write what the plain ones do: the groups of places
built a kind of unit at a time (``reduced_constraints``) give the clauses of the
one-unit-at-a-time build kept for layouts with extra units, and the pairwise text
made a unit at a time (``constraints.text``) is the text of the constraints rendered
one by one, for every encoding, family and shape tried."""

import io
import random

import pytest

from dimacs_sudoku.encodings.amo import family
from dimacs_sudoku.encodings.formula import Formula
from dimacs_sudoku.encodings.reduced import (_constraints_by_unit, reduced_constraints,
                                             reduced_formula)
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.reasoning.propagate import Contradiction
from dimacs_sudoku.reasoning.reduction import reduce_grid

SHAPES = [(4, (2, 2)), (4, (1, 4)), (6, (3, 2)), (6, (2, 3)), (9, (3, 3)), (12, (3, 4)),
          (16, (4, 4)), (25, (5, 5))]
FAMILIES = ["pairwise", "sequential", "binary", "commander", "product"]


def some_grid(n, box, rng, share):
    """A grid of N x N whose givens are ``share`` of a shuffled pattern solution."""
    r, c = box
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    cells = [digits[(row % r * c + row // r + col) % n] if rng.random() < share else 0
             for row in range(n) for col in range(n)]
    return Grid(cells, layout=Layout(n, box))


def text_of(constraints, reduction, amo, bulk):
    """The clauses written by a Formula over ``constraints``, with its bulk text
    (``bulk``) or constraint by constraint."""
    formula = Formula(constraints, reduction.num_vars, family(amo))
    out = io.StringIO()
    if bulk:
        formula.write(out)
    else:
        out.write(formula.header())
        formula._write_clauses(out)
    return out.getvalue()


def cases():
    rng = random.Random(11)
    for n, box in SHAPES:
        for share in (0.0, 0.3, 0.6, 0.85):
            yield some_grid(n, box, rng, share)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended"])
@pytest.mark.parametrize("amo", FAMILIES)
def test_bulk_build_writes_the_clauses_of_the_unit_by_unit_build(encoding, amo):
    pairwise = amo == "pairwise"
    checked = 0
    for grid in cases():
        for propagated in (False, True):
            try:
                reduction = reduce_grid(grid, propagated)
            except Contradiction:           # found by propagation
                continue
            checked += 1
            bulk = reduced_constraints(reduction, encoding, pairwise)
            plain = _constraints_by_unit(reduction, encoding, pairwise)
            expected = text_of(plain, reduction, amo, bulk=False)
            assert text_of(bulk, reduction, amo, bulk=False) == expected
            assert hasattr(bulk, "text") == pairwise
            if pairwise:
                assert text_of(bulk, reduction, amo, bulk=True) == expected
            assert list(bulk.shape()) and Formula(bulk, reduction.num_vars,
                                                  family(amo)).num_clauses == \
                Formula(plain, reduction.num_vars, family(amo)).num_clauses
    assert checked > 0


def test_jigsaw_region_met_twice_by_a_column():
    """Column 2 meets region 3, then 5, then 3 again: every pair of a digit's places in
    a unit is forbidden by exactly one binary clause (the pairs across regions in the
    column too, which a count of places per region alone would have merged away)."""
    regions = [("region %d" % k, cells) for k, cells in enumerate(
        [(0, 1, 2, 6, 7, 12), (3, 4, 5, 9, 10, 11), (8, 13, 14, 15, 16, 17),
         (18, 19, 20, 24, 30, 31), (21, 22, 23, 27, 28, 29), (25, 26, 32, 33, 34, 35)])]
    layout = Layout(6, (2, 3), regions=regions)
    grid = Grid([1] + [0] * 34 + [2], layout=layout)
    reduction = reduce_grid(grid)
    for encoding in ("minimal", "extended"):
        formula = reduced_formula(grid, encoding)
        pairs = [tuple(c) for c in formula.clauses() if len(c) == 2 and c[0] < 0]
        assert len(pairs) == len(set(pairs))
        var = {(c, d): v for v, (c, d) in enumerate(reduction.cell_digit, 1)}
        for _, cells in layout.units:
            for d in range(1, 7):
                places = [var[c, d] for c in cells if (c, d) in var]
                for i, a in enumerate(places):
                    for b in places[i + 1:]:
                        assert (-a, -b) in pairs or (-b, -a) in pairs


def test_labelled_text():
    formula = reduced_formula(some_grid(16, (4, 4), random.Random(3), 0.5))
    text = formula.to_text(labels=True)
    assert "c lines " in text
    assert text.count(" 0\n") == formula.num_clauses
    assert text.endswith(formula.to_text().split("p cnf")[1].split("\n", 1)[1])
