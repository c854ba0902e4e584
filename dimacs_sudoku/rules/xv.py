"""XV: an X between two orthogonally adjacent cells means their digits add up to 10, a
V to 5. ``negative xv`` (module :mod:`.negative`) says every X and V is given.

Text: ``xv X r1c1 r1c2``, ``xv V r3c3 r4c3``, or any total: ``xv 7 r1c1 r1c2``.
f-puzzles: ``xv`` items with two ``cells`` and ``value`` ``"X"`` or ``"V"``. Encoding:
binary clauses, one per digit pair with another sum.

>>> rule = XV.parse(9, ["X", "r1c1", "r1c2"])
>>> rule.to_line(), rule.allowed(3, 7)
('xv X r1c1 r1c2', True)
>>> rule.check([3, 6] + [0] * 79, 9, (3, 3))
['xv X r1c1 r1c2: 3 and 6 do not add up to 10 (r1c1 r1c2)']
"""

from ..errors import PuzzleError
from .base import FieldError, fp_cell_names, fp_cells, fp_item, parse_cells, parse_number
from .kropki import Dot

LETTERS = {"X": 10, "V": 5}


class XV(Dot):
    name = "xv"
    fpuzzles_keys = ("xv",)
    default = None
    family = "xv"
    colour = None

    @classmethod
    def parse(cls, size, args):
        if len(args) != 3:
            raise PuzzleError("takes X, V or a total, then two cells")
        mark = args[0].upper()
        total = LETTERS[mark] if mark in LETTERS else parse_number(args[0], "total", 1)
        return cls(size, parse_cells(args[1:], size, least=2), total)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        mark = fp_item(value, "value", '"X" or "V"')
        if not isinstance(mark, str) or mark.upper() not in LETTERS:
            raise FieldError("value", '"X" or "V"', mark)
        return [cls(size, fp_cell_names(value, "cells", size), LETTERS[mark.upper()])]

    def mark(self):
        return next((k for k, v in LETTERS.items() if v == self.value), str(self.value))

    def to_line(self):
        return "xv %s %s" % (self.mark(), self.cells_text(self.cells))

    def to_fpuzzles(self):
        if self.mark() not in LETTERS:
            raise PuzzleError("f-puzzles has no XV clue for a total of %d" % self.value)
        return [("xv", {"cells": fp_cells(self.size, self.cells), "value": self.mark()})]

    @property
    def word(self):
        return "adding up to %d" % self.value

    def check(self, cells, size, box):
        a, b = self.cells
        if cells[a] + cells[b] != self.value:
            return [self.violation("%d and %d do not add up to %d"
                                   % (cells[a], cells[b], self.value), self.cells)]
        return []

    def allowed(self, d, e):
        return d + e == self.value

    def svg(self, geometry):
        return geometry.dot(self.cells, None, self.mark())


RULES = (XV,)
