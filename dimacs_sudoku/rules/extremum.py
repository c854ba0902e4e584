"""Minimum and maximum cells: a minimum cell is smaller than each orthogonal neighbour,
a maximum cell larger. Two neighbouring cells of the same kind are not compared with
each other (as f-puzzles solvers and fortress sudoku have it: otherwise each would have
to be above the other). Text ``minimum r1c1 r5c5``, ``maximum r2c2``; f-puzzles
``minimum`` and ``maximum`` items, one ``cell`` each. Encoding: for each neighbour, a
binary clause per digit pair in the wrong order (units for digits that cannot fit).

>>> rule = Minimum.parse(4, ["r1c1"])
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
[]
>>> Maximum.parse(4, ["r1c1"]).check([1, 2, 3, 4, 3, 4, 1, 2] + [0] * 8, 4, (2, 2))
['maximum r1c1: 1 is not above its neighbour 2 (r1c1 r1c2)', 'maximum r1c1: 1 is not above its neighbour 3 (r1c1 r2c1)']
>>> Maximum.parse(4, ["r1c1", "r1c2"]).check([3, 4, 1, 2, 1, 2, 3, 4] + [0] * 8, 4, (2, 2))
[]
"""

from .base import forbid_pairs, share_unit
from .parity import CellSet


def neighbours(size, cell):
    r, c = divmod(cell, size)
    return [rr * size + cc for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
            if 0 <= rr < size and 0 <= cc < size]


class Extremum(CellSet):
    sign = None
    word = None

    def compared(self, size, cell):
        """The neighbours of ``cell`` that it must be below (above): those not of the
        same kind."""
        return [other for other in neighbours(size, cell) if other not in self.cells]

    def clauses(self, var, new_var, layout):
        n = layout.size
        # The digits that cannot fit at all (N in a minimum cell, 1 next to it), once
        # each: two minimum cells may share a neighbour.
        low, high = (n, 1) if self.sign < 0 else (1, n)
        units = {}
        for cell in self.cells:
            others = self.compared(n, cell)
            if others:
                units[(cell, low)] = None
            for other in others:
                units[(other, high)] = None
        yield from ([-var(cell, d)] for cell, d in units)
        for cell in self.cells:
            for other in self.compared(n, cell):
                yield from forbid_pairs(var, n, cell, other,
                                        lambda d, e: (d - e) * self.sign > 0,
                                        share_unit(layout, cell, other), units=False)

    def check(self, cells, size, box):
        return [self.violation("%d is not %s its neighbour %d" % (cells[c], self.word,
                                                                 cells[o]), (c, o))
                for c in self.cells for o in self.compared(size, c)
                if (cells[c] - cells[o]) * self.sign <= 0]

    def svg(self, geometry):
        return "\n".join(geometry.cell_mark(cell, self.name) for cell in self.cells)


class Minimum(Extremum):
    name = "minimum"
    fpuzzles_keys = ("minimum",)
    sign = -1
    word = "below"


class Maximum(Extremum):
    name = "maximum"
    fpuzzles_keys = ("maximum",)
    sign = 1
    word = "above"


RULES = (Minimum, Maximum)
