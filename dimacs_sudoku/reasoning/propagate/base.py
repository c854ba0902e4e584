"""The propagation protocol: what every propagator returns and raises.

A propagator (:class:`~dimacs_sudoku.reasoning.propagate.swar.SwarPropagator`,
:class:`~dimacs_sudoku.reasoning.propagate.unit.UnitPropagator`) is built once per
layout and answers :meth:`Propagator.propagate` for any grid of it: a
:class:`Propagation` at the fixpoint of the singles, or :class:`Contradiction` naming
the cell or unit left without a digit.

>>> Propagation([1, 0], [1, 6], 0).placed
0
"""

from collections import namedtuple

from ...errors import Contradiction
from ...core.grid import Grid, symbol
from ...core.layout import cell_name

Propagation = namedtuple("Propagation", "cells candidates placed")
Propagation.__doc__ = """The fixpoint: ``cells`` (digits, 0 for open), ``candidates``
(a bitmask per cell) and ``placed`` (how many digits the singles added)."""


class Inconsistent(Exception):
    """Raised by :class:`~dimacs_sudoku.reasoning.propagate.swar.SwarPropagator` when
    the singles meet a contradiction (no message: the batch solver only needs "no
    solution"; :meth:`Propagator.propagate` asks the per-cell propagator for the
    message)."""


class Propagator:
    """The protocol: one propagator per layout (``layout``, ``size``), reused for
    every grid of it."""

    def __init__(self, layout):
        self.layout = layout
        self.size = layout.size

    def propagate(self, grid, hidden=True):
        """Naked singles (and hidden singles, unless ``hidden`` is false) from the
        givens of ``grid`` to a fixpoint: a :class:`Propagation`. Raises
        Contradiction for clashing givens and when the singles find that the puzzle
        has no solution."""
        raise NotImplementedError


def is_standard(layout):
    """Rows, columns and boxes only (no jigsaw regions instead of the boxes, no extra
    units).

    >>> from dimacs_sudoku.core.layout import Layout
    >>> is_standard(Layout(4))
    True
    """
    return len(layout.units) == 3 * layout.size and getattr(layout, "regions", None) is None


def clash(layout, cells, grid):
    """Raise the Contradiction of ``grid.check_givens`` for givens that clash."""
    if grid is None or list(grid.cells) != list(cells):
        grid = Grid(cells, layout=layout, source=getattr(grid, "source", None),
                    line=getattr(grid, "line", None), row_lines=getattr(grid, "row_lines", None))
    grid.check_givens()
    raise AssertionError("givens clash but check_givens found nothing")


def no_fit(size, cell, grid=None):
    """The Contradiction of an open cell with no candidate left."""
    return Contradiction("no digit fits %s" % cell_name(size, cell), cell=cell,
                         source=getattr(grid, "source", None), line=getattr(grid, "line", None))


def no_place(size, unit_name, digit, grid=None):
    """The Contradiction of a digit with no place left in a unit."""
    return Contradiction("digit %s has no place in %s" % (symbol(digit, size), unit_name),
                         unit=unit_name, digit=digit, source=getattr(grid, "source", None),
                         line=getattr(grid, "line", None))
