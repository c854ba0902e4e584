"""GridCheck above 16x16: each unit's digits counted in a set of its own."""

import random

from dimacs_sudoku.core.check import GridCheck
from dimacs_sudoku.core.layout import Layout
from support import pattern_solution


def test_a_large_grid_check_finds_each_kind_of_fault():
    rng = random.Random(7)
    for size, box in [(25, (5, 5)), (36, (6, 6)), (64, (8, 8))]:
        check = GridCheck(Layout(size, box))
        cells = pattern_solution(size, box, rng)
        assert check.ok(cells)
        n = size
        r, c = rng.randrange(n), rng.randrange(n - 1)
        # Two cells of a row swapped: the row still holds every digit, two columns
        # (and boxes, across a stack) do not.
        swapped = list(cells)
        k = r * n + c
        swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
        assert not check.ok(swapped)
        for wrong in (0, n + 1, cells[k] % n + 1):
            bad = list(cells)
            bad[k] = wrong
            assert not check.ok(bad), (size, wrong)
        givens = [d if rng.random() < 0.2 else 0 for d in cells]
        assert check.ok(cells, givens)
        givens[k] = cells[k] % n + 1
        assert not check.ok(cells, givens)


def test_a_large_grid_check_with_a_diagonal_unit():
    """A unit beyond rows, columns and boxes counts on the large path too."""
    n = 25
    diagonal = ("diagonal", [i * n + i for i in range(n)])
    cells = [((r % 5) * 5 + r // 5 + c) % n + 1 for r in range(n) for c in range(n)]
    assert GridCheck(Layout(n, (5, 5))).ok(cells)
    on_diagonal = [cells[i * n + i] for i in range(n)]
    assert len(set(on_diagonal)) < n            # this pattern repeats on its diagonal
    assert not GridCheck(Layout(n, (5, 5), extra_units=[diagonal])).ok(cells)


def test_a_large_latin_square_check():
    """No unit beyond the rows and columns: the slices alone decide."""
    n = 25
    square = Layout(n, regions=())
    cells = [(r + c) % n + 1 for r in range(n) for c in range(n)]
    check = GridCheck(square)
    assert check.ok(cells)
    assert not GridCheck(Layout(n, (5, 5))).ok(cells)      # its boxes repeat digits
    swapped = list(cells)
    swapped[0], swapped[n] = swapped[n], swapped[0]     # in one column: rows repeat
    assert not check.ok(swapped)
    assert not check.ok(cells[:-1])
