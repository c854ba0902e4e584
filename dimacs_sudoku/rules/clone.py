"""Clones: two groups of cells of the same shape hold the same digits, cell for cell.
Text ``clone r1c1 r1c2 = r5c5 r5c6``; f-puzzles ``clone`` items with ``cells`` and
``cloneCells``. Encoding: ``-x(a,d) ∨ x(b,d)`` per pair of matching cells and digit.

>>> rule = Clone.parse(9, ["r1c1", "r1c2", "=", "r2c4", "r2c5"])
>>> rule.to_line()
'clone r1c1 r1c2 = r2c4 r2c5'
>>> rule.check([1, 2] + [0] * 10 + [2, 1] + [0] * 67, 9, (3, 3))
['clone r1c1 r1c2 = r2c4 r2c5: 1 and 2 differ (r1c1 r2c4)', 'clone r1c1 r1c2 = r2c4 r2c5: 2 and 1 differ (r1c2 r2c5)']
"""

from ..errors import PuzzleError
from .base import Rule, equal_cells, fp_cell_names, fp_cells, parse_cells


class Clone(Rule):
    name = "clone"
    fpuzzles_keys = ("clone",)

    def __init__(self, size, cells, copies):
        super().__init__(size)
        self.cells, self.copies = list(cells), list(copies)
        if len(self.cells) != len(self.copies):
            raise PuzzleError("the two groups have %d and %d cells"
                              % (len(self.cells), len(self.copies)))

    @classmethod
    def parse(cls, size, args):
        if args.count("=") != 1:
            raise PuzzleError("takes cells, '=', and as many cells again")
        k = args.index("=")
        return cls(size, parse_cells(args[:k], size), parse_cells(args[k + 1:], size))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, fp_cell_names(value, "cells", size),
                    fp_cell_names(value, "cloneCells", size))]

    def to_line(self):
        return "clone %s = %s" % (self.cells_text(self.cells), self.cells_text(self.copies))

    def to_fpuzzles(self):
        return [("clone", {"cells": fp_cells(self.size, self.cells),
                           "cloneCells": fp_cells(self.size, self.copies)})]

    def clauses(self, var, new_var, layout):
        for a, b in zip(self.cells, self.copies):
            yield from equal_cells(var, layout.size, a, b)

    def check(self, cells, size, box):
        return [self.violation("%d and %d differ" % (cells[a], cells[b]), (a, b))
                for a, b in zip(self.cells, self.copies) if cells[a] != cells[b]]

    def svg(self, geometry):
        return geometry.shade(self.cells + self.copies, "#f6e7b4", "clone")


RULES = (Clone,)
