"""Quadruples: the digits in a circle on the corner of four cells all appear among
those four cells (a digit listed twice appears twice). Text ``quadruple 1 2 r1c1``
(the digits, then the top-left cell of the 2x2, or all four cells); f-puzzles
``quadruple`` items with four ``cells`` and ``values``.

Encoding: for a digit listed m times, "at least m of the 4 cells hold it": one clause
of its 4 variables per (5-m)-subset of the cells (1 clause for m = 1, 4 for m = 2).

>>> rule = Quadruple.parse(9, ["1", "2", "r1c1"])
>>> rule.to_line(), rule.cells
('quadruple 1 2 r1c1', [0, 1, 9, 10])
>>> rule.check([1, 3] + [0] * 7 + [4, 5] + [0] * 70, 9, (3, 3))
['quadruple 1 2 r1c1: 2 appears 0 times, not 1']
"""

import itertools
from collections import Counter

from ..errors import PuzzleError
from .base import (FieldError, Rule, fp_cell_names, fp_cells, fp_item, parse_cells,
                   parse_number, split_numbers)


class Quadruple(Rule):
    name = "quadruple"
    aliases = ("quad",)
    fpuzzles_keys = ("quadruple",)

    def __init__(self, size, digits, cells):
        super().__init__(size)
        self.digits = sorted(digits)
        if len(cells) == 1:
            r, c = divmod(cells[0], size)
            if r + 1 >= size or c + 1 >= size:
                raise PuzzleError("the top-left cell of a 2x2 cannot be in the last row "
                                  "or column")
            cells = [cells[0], cells[0] + 1, cells[0] + size, cells[0] + size + 1]
        cells = sorted(cells)
        top = cells[0]
        if len(cells) != 4 or cells != [top, top + 1, top + size, top + size + 1] \
                or top % size == size - 1:
            raise PuzzleError("a quadruple's cells are the four cells of a 2x2 square")
        self.cells = cells
        if not 1 <= len(self.digits) <= 4 or any(not 1 <= d <= size for d in self.digits):
            raise PuzzleError("a quadruple lists 1 to 4 digits of 1..%d" % size)

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        return cls(size, numbers, parse_cells(rest, size))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        values = fp_item(value, "values", "a list of digits")
        if not isinstance(values, list) or not all(
                isinstance(v, (int, str)) and not isinstance(v, bool) for v in values):
            raise FieldError("values", "a list of digits", values)
        digits = [parse_number(v, "quadruple digit") for v in values]
        return [cls(size, digits, fp_cell_names(value, "cells", size))]

    def to_line(self):
        return "quadruple %s %s" % (" ".join(map(str, self.digits)),
                                    self.cells_text(self.cells[:1]))

    def to_fpuzzles(self):
        return [("quadruple", {"cells": fp_cells(self.size, self.cells),
                               "values": list(self.digits)})]

    def clauses(self, var, new_var, layout):
        for d, m in sorted(Counter(self.digits).items()):
            for group in itertools.combinations(self.cells, 4 - m + 1):
                yield [var(c, d) for c in group]

    def check(self, cells, size, box):
        have = Counter(cells[c] for c in self.cells)
        return [self.violation("%d appears %d times, not %d" % (d, have[d], m))
                for d, m in sorted(Counter(self.digits).items()) if have[d] < m]

    def svg(self, geometry):
        return geometry.quadruple(self.cells[0], self.digits)


RULES = (Quadruple,)
