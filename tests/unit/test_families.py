"""The benchmark families by what they mean: Latin squares that are Latin squares,
hole counts (balanced: every row and column within one of the others), QWH and
generalized Sudoku always satisfiable (solved by the bundled engine), QCP labels that
hold, and the same seed giving the same instance."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku import solve
from dimacs_sudoku.core.check import check_cells
from dimacs_sudoku.errors import NoSolution, UsageError
from dimacs_sudoku.tasks import families
from dimacs_sudoku.tasks.families import (decide, hole_pattern, holes_for, latin_grid,
                                          make_instance, random_latin_square)


def is_latin(cells, n):
    full = list(range(1, n + 1))
    return all(sorted(cells[r * n:(r + 1) * n]) == full for r in range(n)) and all(
        sorted(cells[c::n]) == full for c in range(n))


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 14), st.integers(0, 2 ** 32), st.integers(0, 3000))
def test_the_chain_ends_on_a_latin_square(n, seed, steps):
    assert is_latin(random_latin_square(n, random.Random(seed), steps), n)


def test_the_chain_reaches_every_latin_square_of_order_3():
    # 12 Latin squares of order 3; a few hundred short runs meet them all, in roughly
    # equal numbers (each at least half its share).
    seen = {}
    rng = random.Random(7)
    for _ in range(1200):
        square = tuple(random_latin_square(3, rng, steps=30))
        seen[square] = seen.get(square, 0) + 1
    assert len(seen) == 12 and min(seen.values()) > 1200 / 12 / 2


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.data())
def test_balanced_holes_differ_by_at_most_one_per_row_and_column(n, data):
    holes = data.draw(st.integers(0, n * n))
    cells = hole_pattern(n, holes, random.Random(data.draw(st.integers(0, 99))), True)
    assert len(cells) == len(set(cells)) == holes
    rows = [sum(1 for c in cells if c // n == r) for r in range(n)]
    cols = [sum(1 for c in cells if c % n == k) for k in range(n)]
    assert max(rows) - min(rows) <= 1 and max(cols) - min(cols) <= 1


def test_uniform_holes_often_crowd_a_row():
    # 30 holes in 10x10: uniformly chosen cells leave some row with 0 or 6+ holes
    # in most draws; the balanced pattern never does.
    uneven = sum(1 for seed in range(50) if max(
        sum(1 for c in hole_pattern(10, 30, random.Random(seed)) if c // 10 == r)
        for r in range(10)) > 4)
    assert uneven > 10


@pytest.mark.parametrize("balanced", [False, True])
@pytest.mark.parametrize("n, ratio", [(5, 1.0), (8, 1.4), (12, 1.6), (15, 2.0)])
def test_qwh_is_always_satisfiable(n, ratio, balanced):
    for seed in range(3):
        made = families.qwh(n, holes_for(n, hole_ratio=ratio), seed, balanced)
        assert made.status == "SAT" and made.grid.layout.latin
        assert made.grid.cells.count(0) == holes_for(n, hole_ratio=ratio)
        assert is_latin(made.solution.cells, n)
        assert all(g in (0, s) for g, s in zip(made.grid.cells, made.solution.cells))
        found = solve(made.grid)          # the bundled engine, on the Latin layout
        assert found is not None and is_latin(found.cells, n)
        assert all(g in (0, s) for g, s in zip(made.grid.cells, found.cells))


@pytest.mark.parametrize("n, box", [(6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4))])
def test_generalized_sudoku_is_satisfiable_and_has_boxes(n, box):
    made = families.gsp(n, n * n // 2, 1, box, balanced=True)
    assert made.status == "SAT" and made.grid.layout.box == box
    assert not made.grid.layout.latin
    check_cells(made.solution.cells, made.grid.layout, made.grid.cells)
    assert solve(made.grid) is not None


@pytest.mark.parametrize("n, holes", [(5, 12), (6, 20), (8, 40), (10, 60)])
def test_qcp_labels_hold(n, holes):
    statuses = set()
    for seed in range(6):
        made = families.qcp(n, holes, seed)
        assert made.grid.cells.count(0) == holes
        made.grid.check_givens()            # forward checking: no clash
        statuses.add(made.status)
        try:                                # the bundled engine, on the Latin layout
            found = solve(made.grid)
        except NoSolution:
            found = None
        if made.status == "SAT":
            check_cells(made.solution.cells, made.grid.layout, made.grid.cells)
        assert (found is not None) == (made.status == "SAT")
    assert statuses <= {"SAT", "UNSAT"}


def test_qcp_under_a_tiny_budget_is_unknown():
    made = families.qcp(30, 500, 1, budget=1)
    assert made.status == "UNKNOWN" and made.solution is None
    assert "--budget 1 " in made.command


def test_decide_labels_by_the_solver():
    assert decide(latin_grid([1, 0, 0, 2], 2))[0] == "UNSAT"
    status, solution = decide(latin_grid([1, 0, 0, 0], 2))
    assert status == "SAT" and solution.cells == [1, 2, 2, 1]


@pytest.mark.parametrize("family", ["qwh", "qcp", "gsp"])
def test_same_seed_same_instance_other_seed_another(family):
    first = make_instance(family, 9, 30, 5, balanced=True)
    again = make_instance(family, 9, 30, 5, balanced=True)
    other = make_instance(family, 9, 30, 6, balanced=True)
    assert first.grid.cells == again.grid.cells and first.status == again.status
    assert first.command == again.command
    assert first.grid.cells != other.grid.cells


@pytest.mark.parametrize("size, holes, ratio, fragment", [
    (5, 26, None, "more than the 25 cells"),
    (5, -1, None, "number of cells"),
    (5, None, -0.5, "from 0 to"),
    (5, None, float("nan"), "from 0 to"),
    (5, None, 5.5, "more than the 25 cells"),
    (5, 3, 1.0, "not both"),
    (5, None, None, "need --holes"),
])
def test_hole_counts_out_of_range_are_usage_errors(size, holes, ratio, fragment):
    with pytest.raises(UsageError, match=fragment):
        holes_for(size, holes, ratio)


def test_the_largest_order_is_checked_before_anything_is_made():
    with pytest.raises(UsageError, match="up to order 49"):
        families.qwh(50, 10, 1)
    made = families.qwh(families.MAX_ORDER, 1000, 1)
    assert made.grid.cells.count(0) == 1000 and is_latin(made.solution.cells, 49)


@pytest.mark.parametrize("amo", ["pairwise", "sequential"])
@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended"])
def test_the_reduced_cnf_of_a_latin_square_has_its_576_models(encoding, amo):
    # Order 4, no givens: the reduced CNF keeps every cell open and writes no box
    # clause (a box's pairs would cut the 576 Latin squares to 288 Sudoku grids).
    import pycosat
    from dimacs_sudoku.encodings import encode
    formula = encode(latin_grid([0] * 16, 4), encoding, amo, reduce=True)
    cells = set()
    for model in pycosat.itersolve(list(formula.clauses())):
        cells.add(tuple(v for v in model if 0 < v <= 64))
    assert len(cells) == 576
