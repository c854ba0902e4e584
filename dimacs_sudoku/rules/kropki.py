"""Kropki dots between two orthogonally adjacent cells: a white dot joins digits that
differ by 1 (or by the dot's number), a black dot digits in ratio 2 (or its number).
``negative white`` / ``negative black`` (module :mod:`.negative`) say that every dot is
given.

Text: ``white r1c1 r1c2``, ``white 3 r1c1 r1c2`` (difference 3), ``black r4c4 r5c4``.
f-puzzles: ``difference`` and ``ratio`` items with two ``cells`` and an optional
``value``. Encoding: binary clauses, one per digit pair the dot forbids (a unit clause
for a digit with no partner at all: 5, 7 and 9 next to a black dot on 9x9).

>>> white = White.parse(9, ["r1c1", "r1c2"])
>>> black = Black.parse(9, ["r1c1", "r2c1"])
>>> white.to_line(), black.to_line(), white.allowed(4, 5), black.allowed(3, 6)
('white r1c1 r1c2', 'black r1c1 r2c1', True, True)
>>> black.check([3] + [0] * 8 + [4] + [0] * 71, 9, (3, 3))
['black r1c1 r2c1: 3 and 4 are not in ratio 2 (r1c1 r2c1)']
"""

from ..errors import PuzzleError
from .base import (Rule, adjacent, fp_cell_names, fp_cells, fp_value, forbid_pairs, parse_cells,
                   share_unit, split_numbers)


class Dot(Rule):
    """A relation between two orthogonally adjacent cells, with an optional number."""

    default = None
    family = None           # dots of one family exempt a pair from its negative rule
    word = None

    def __init__(self, size, cells, value=None):
        super().__init__(size)
        self.cells = list(cells)
        self.value = self.default if value is None else value
        if len(self.cells) != 2 or not adjacent(size, *self.cells):
            raise PuzzleError("a dot joins two orthogonally adjacent cells")

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        if len(numbers) > 1:
            raise PuzzleError("takes at most one number, then two cells")
        return cls(size, parse_cells(rest, size, least=2), numbers[0] if numbers else None)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, fp_cell_names(value, "cells", size),
                    fp_value(value))]

    def to_line(self):
        number = "" if self.value == self.default else "%d " % self.value
        return "%s %s%s" % (self.name, number, self.cells_text(self.cells))

    def to_fpuzzles(self):
        item = {"cells": fp_cells(self.size, self.cells)}
        if self.value != self.default:
            item["value"] = str(self.value)
        return [(self.fpuzzles_keys[0], item)]

    def allowed(self, d, e):
        raise NotImplementedError

    def clauses(self, var, new_var, layout):
        a, b = self.cells
        return forbid_pairs(var, layout.size, a, b, self.allowed, share_unit(layout, a, b))

    def check(self, cells, size, box):
        a, b = self.cells
        if not self.allowed(cells[a], cells[b]):
            return [self.violation("%d and %d are not %s" % (cells[a], cells[b], self.word),
                                   self.cells)]
        return []

    def svg(self, geometry):
        return geometry.dot(self.cells, self.colour, "" if self.value == self.default
                            else str(self.value))


class White(Dot):
    name = "white"
    fpuzzles_keys = ("difference",)
    default = 1
    family = "kropki"
    colour = "white"

    @property
    def word(self):
        return "%d apart" % self.value

    def allowed(self, d, e):
        return abs(d - e) == self.value


class Black(Dot):
    name = "black"
    fpuzzles_keys = ("ratio",)
    default = 2
    family = "kropki"
    colour = "black"

    @property
    def word(self):
        return "in ratio %d" % self.value

    def allowed(self, d, e):
        return d == e * self.value or e == d * self.value


RULES = (White, Black)
