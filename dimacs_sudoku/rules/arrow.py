"""Arrows: the digits along an arrow add up to the number in its circle; digits may
repeat on the arrow. A pill of two or three cells reads as one number, its digits in
order (left to right or top to bottom).

The text form gives the circle, then the arrow's cells from the circle out:
``arrow r1c1 r1c2 r1c3``; a pill joins its cells with ``+``:
``arrow r1c1+r1c2 r2c3 r3c3``. f-puzzles' ``arrow`` items give the circle's ``cells``
and ``lines`` that start in it; each line is an arrow of its own.

Encoding: the running sums of :mod:`.sums` over the arrow, kept within the values the
circle can hold; for each total t of the last layer, ``-p(t) ∨ x(circle, t)``. A pill
adds ``-p(t) ∨ x(cell, digit)`` for each of its cells when t is written one way only
(always on grids up to 9x9), and otherwise forbids every other pill value with p(t).

>>> rule = Arrow.parse(4, ["r1c1", "r2c1", "r3c1"])
>>> rule.to_line(), rule.check([4, 2, 3, 1, 3, 4, 1, 2, 1, 3, 4, 2, 2, 1, 3, 4], 4, (2, 2))
('arrow r1c1 r2c1 r3c1', [])
>>> Arrow.parse(9, ["r1c1+r1c2", "r2c3"]).to_line()
'arrow r1c1+r1c2 r2c3'
"""

import itertools

from ..errors import PuzzleError
from .base import Rule, fp_cell_names, fp_cells, fp_lines, parse_cells
from .sums import sum_layers

MAX_PILL = 3
MAX_PILL_VALUES = 10 ** 5       # the pill's digit combinations are listed


def pill_value(digits):
    """The number a pill's digits spell: ``pill_value([1, 2]) == 12``."""
    return int("".join(str(d) for d in digits))


class Arrow(Rule):
    name = "arrow"
    fpuzzles_keys = ("arrow",)

    def __init__(self, size, circle, cells):
        super().__init__(size)
        self.circle = list(circle)
        self.cells = list(cells)
        if not 1 <= len(self.circle) <= MAX_PILL:
            raise PuzzleError("a circle or pill has 1 to %d cells" % MAX_PILL)
        if not self.cells:
            raise PuzzleError("an arrow needs at least one cell after its circle")
        if set(self.circle) & set(self.cells) or len(set(self.circle)) != len(self.circle):
            raise PuzzleError("the arrow runs through its own circle")
        if size ** len(self.circle) > MAX_PILL_VALUES:
            raise PuzzleError("a pill of %d cells on a %dx%d grid has too many values"
                              % (len(self.circle), size, size))

    @classmethod
    def parse(cls, size, args):
        if len(args) < 2:
            raise PuzzleError("takes a circle (or pill a+b) and the arrow's cells")
        circle = parse_cells(args[0].split("+"), size)
        return cls(size, circle, parse_cells(args[1:], size))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        circle = fp_cell_names(value, "cells", size)
        rules = []
        for line in fp_lines(size, value):
            cells = [cell for cell in line if cell not in circle]
            rules.append(cls(size, circle, cells))
        return rules

    def to_line(self):
        return "arrow %s %s" % ("+".join(self.cells_text([c]) for c in self.circle),
                                self.cells_text(self.cells))

    def to_fpuzzles(self):
        return [("arrow", {"cells": fp_cells(self.size, self.circle),
                           "lines": [fp_cells(self.size, self.circle[-1:] + self.cells)]})]

    def values(self, size):
        """``{value: [digit tuples]}`` of the circle or pill."""
        found = {}
        for digits in itertools.product(range(1, size + 1), repeat=len(self.circle)):
            found.setdefault(pill_value(digits), []).append(digits)
        return found

    def clauses(self, var, new_var, layout):
        n = layout.size
        values = self.values(n)
        last, clauses = sum_layers(var, new_var, n, self.cells, min(values), max(values))
        yield from clauses
        for total, lit in sorted(last.items()):
            ways = values.get(total, [])
            if not ways:
                yield [-lit]
            elif len(ways) == 1:
                yield from ([-lit, var(cell, d)] for cell, d in zip(self.circle, ways[0]))
            else:
                for value, other in values.items():
                    if value != total:
                        yield from ([-lit] + [-var(c, d) for c, d in zip(self.circle, digits)]
                                    for digits in other)

    def check(self, cells, size, box):
        total = sum(cells[c] for c in self.cells)
        value = pill_value([cells[c] for c in self.circle])
        if total != value:
            return [self.violation("the arrow adds up to %d, the circle holds %d"
                                   % (total, value))]
        return []

    def svg(self, geometry):
        return geometry.arrow(self.circle, self.cells)


RULES = (Arrow,)
