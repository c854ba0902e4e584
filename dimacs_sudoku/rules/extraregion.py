"""Extra regions: no digit twice among the listed cells (a region of N cells then holds
every digit once, and counts as a unit). f-puzzles' ``extraregion``.

>>> rule = ExtraRegion.parse(4, ["r1c1", "r2c2", "r3c3"])
>>> rule.to_line(), rule.extra_units(4, (2, 2))
('region r1c1 r2c2 r3c3', [])
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
['region r1c1 r2c2 r3c3: digit 4 twice (r2c2 r3c3)']
"""

from .base import Rule, distinct_cells, fp_cell_names, fp_cells, parse_cells, repeated


class ExtraRegion(Rule):
    name = "region"
    aliases = ("extraregion",)
    fpuzzles_keys = ("extraregion",)

    def __init__(self, size, cells):
        super().__init__(size)
        self.cells = list(cells)
        if len(self.cells) > size:
            from ..errors import PuzzleError
            raise PuzzleError("a region of %d cells cannot hold %d different digits"
                              % (len(self.cells), size))

    @classmethod
    def parse(cls, size, args):
        return cls(size, parse_cells(args, size, least=2))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, fp_cell_names(value, "cells", size, least=2))]

    def to_line(self):
        return "region " + self.cells_text(self.cells)

    def to_fpuzzles(self):
        return [("extraregion", {"cells": fp_cells(self.size, self.cells)})]

    def extra_units(self, size, box):
        if len(self.cells) == size:
            return [("region " + self.cells_text(self.cells[:1]), self.cells)]
        return []

    def clauses(self, var, new_var, layout):
        if len(self.cells) == layout.size:
            return []           # a unit of the layout: the classic encoding has it
        return distinct_cells(var, layout.size, self.cells, layout)

    def check(self, cells, size, box):
        twice = repeated(cells, self.cells)
        return [self.violation("digit %d twice" % cells[twice[0]], twice)] if twice else []

    def svg(self, geometry):
        return geometry.shade(self.cells, "#d9ead3", "region")


RULES = (ExtraRegion,)
