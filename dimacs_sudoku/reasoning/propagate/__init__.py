"""Candidates from the givens, and naked and hidden singles to a fixpoint.

A candidate set is a bitmask per cell: bit ``d - 1`` set when digit d may still go
there; a filled cell has one bit. Two rules place digits until neither applies:

- naked single: a cell with one candidate left holds it;
- hidden single: a digit with one place left in a unit (row, column, box, or any
  extra unit of the layout) goes there.

These are exactly what unit propagation does on the extended encoding, so a puzzle
they solve has one solution; a puzzle they bring to a contradiction (a cell with no
candidate, a digit with no place in a unit) has none, and :class:`Contradiction`
(a :class:`~dimacs_sudoku.errors.NoSolution`, exit code 4) names the cell or unit.
Givens that clash directly are a Contradiction too, naming the two cells.

Two propagators behind one protocol (:mod:`.base`) give the same results. Standard
grids up to 16x16 keep every candidate in one Python integer seen four ways
(:class:`SwarPropagator`, :mod:`.swar`): each wave of singles is a few dozen
whole-integer operations, the fast path of the batch solver. Other grids keep one
N-bit mask per cell, a used-digit mask per unit and a place mask per (unit, digit)
(:class:`UnitPropagator`, :mod:`.unit`): each placement finds the peers it affects in
the place masks, and each candidate is eliminated once (a 400x400 grid propagates in
about 2 seconds). :func:`propagator_for` picks and caches one per layout.

>>> from dimacs_sudoku.core.grid import Grid
>>> result = propagate(Grid.from_line("1..4" "4..." "...3" "3..1"))
>>> "".join(map(str, result.cells))
'1234431221433421'
>>> [bin(m) for m in candidates(Grid.from_line("1..4" "4..." "...3" "3..1"))[:3]]
['0b1', '0b110', '0b110']
>>> propagate(Grid.from_line("12.." "..3." "...." "...."))  # r1c3 is 4, then r1c4 3
Traceback (most recent call last):
  ...
dimacs_sudoku.errors.Contradiction: no solution: no digit fits r1c4
"""

from functools import reduce
from itertools import chain, repeat
from operator import or_

from ...errors import Contradiction
from ...core.layout import layout_key
from .base import (Inconsistent, Propagation, Propagator, clash, is_standard, no_fit,
                   no_place)
from .swar import SwarPropagator
from .unit import UnitPropagator

__all__ = ["Contradiction", "Inconsistent", "Propagation", "Propagator", "SwarPropagator",
           "UnitPropagator", "candidates", "is_standard", "propagate", "propagator_for"]

PROPAGATORS = {"swar": SwarPropagator, "unit": UnitPropagator}

_CACHE = {}


def propagator_for(layout, kind=None):
    """The propagator for ``layout`` (cached): ``"swar"`` (:class:`SwarPropagator`)
    for standard grids up to 16x16, else ``"unit"`` (:class:`UnitPropagator`).

    >>> from dimacs_sudoku.core.layout import Layout
    >>> type(propagator_for(Layout(9))).__name__, type(propagator_for(Layout(25))).__name__
    ('SwarPropagator', 'UnitPropagator')
    """
    if kind is None:
        kind = ("swar" if is_standard(layout) and layout.size <= SwarPropagator.MAX_SIZE
                else "unit")
    key = (kind, layout_key(layout))
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = PROPAGATORS[kind](layout)
        if len(_CACHE) > 32:
            _CACHE.pop(next(iter(_CACHE)))
    return found


def candidates(grid):
    """The candidate bitmask of every cell from the givens alone (bit d-1 for digit
    d; a given's cell has its digit only).

    Raises Contradiction for clashing givens and for an open cell with no
    candidate or a unit with no place for a digit.

    The same result as the per-cell propagator's ``start`` and ``check_units``, without
    building the propagator (half a million tuples at 400x400): each unit's used digits
    are one ``reduce`` over its cells, and the rows, columns and boxes block each cell
    through whole-list ``map`` calls, so no Python code runs per cell and unit.
    """
    layout = grid.layout
    n = layout.size
    cells = grid.cells
    full = (1 << n) - 1
    bits = [0] + [1 << i for i in range(n)]
    given = list(map(bits.__getitem__, cells))
    pick = given.__getitem__
    used = []
    for _, unit in layout.units:
        found = list(map(pick, unit))
        mask = reduce(or_, found)
        if mask.bit_count() != n - found.count(0):
            clash(layout, cells, grid)
        used.append(mask)
    rows, columns = used[:n], used[n:2 * n]
    blocked = list(map(or_, chain.from_iterable(map(repeat, rows, repeat(n))), columns * n))
    extra = 2 * n               # a Latin square has no boxes: its extra units start here
    if not getattr(layout, "latin", False):
        boxes, extra = used[2 * n:3 * n], 3 * n
        blocked = list(map(or_, blocked, map(boxes.__getitem__, layout.box_of_cell())))
    for k in range(extra, len(layout.units)):
        mask = used[k]
        for c in layout.units[k][1]:
            blocked[c] |= mask
    cand = [bit or full & ~mask for bit, mask in zip(given, blocked)]
    if 0 in cand:
        raise no_fit(n, cand.index(0), grid)
    for k, (name, unit) in enumerate(layout.units):
        have = reduce(or_, map(cand.__getitem__, unit))
        if have != full:
            missing = full & ~have
            raise no_place(n, name, (missing & -missing).bit_length(), grid)
    return cand


def propagate(grid, hidden=True, kind=None):
    """Naked singles (and hidden singles, unless ``hidden`` is false) from the givens
    to a fixpoint: a :class:`Propagation` of cells, candidates and the count placed,
    from the propagator of :func:`propagator_for`.

    Raises Contradiction for clashing givens and when the singles find
    that the puzzle has no solution."""
    return propagator_for(grid.layout, kind).propagate(grid, hidden)
