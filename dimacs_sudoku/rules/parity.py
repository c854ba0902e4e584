"""Odd and even cells: a circle holds an odd digit, a square an even one.

Text: ``odd r1c1 r5c5`` and ``even r2c2`` (any number of cells; the lines of one kind
are merged). f-puzzles: ``odd`` and ``even`` items, one ``cell`` each. Encoding: one
unit clause per cell and digit of the wrong parity.

>>> rule = Odd.parse(9, ["r1c1", "r1c2"])
>>> rule.clauses(lambda cell, d: cell * 9 + d, None, None)[:2]
[[-2], [-4]]
>>> rule.check([1, 2] + [0] * 79, 9, (3, 3))
['odd r1c1 r1c2: 2 is not odd (r1c2)']
"""

from .base import Rule, fp_cell, fp_cell_name, fp_cell_names, parse_cells


class CellSet(Rule):
    """A rule on a set of cells, each on its own (f-puzzles: one item per ``cell``)."""

    def __init__(self, size, cells):
        super().__init__(size)
        self.cells = list(cells)

    @classmethod
    def parse(cls, size, args):
        return cls(size, parse_cells(args, size))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        if isinstance(value, dict) and "cells" in value:
            return [cls(size, fp_cell_names(value, "cells", size))]
        return [cls(size, [fp_cell_name(value, "cell", size)])]

    @classmethod
    def merge(cls, rules):
        cells = []
        for rule in rules:
            cells.extend(cell for cell in rule.cells if cell not in cells)
        return [cls(rules[0].size, cells)]

    def to_line(self):
        return "%s %s" % (self.name, self.cells_text(self.cells))

    def to_fpuzzles(self):
        return [(self.fpuzzles_keys[0], {"cell": fp_cell(self.size, cell)})
                for cell in self.cells]


class Parity(CellSet):
    remainder = None

    def clauses(self, var, new_var, layout):
        size = layout.size if layout is not None else self.size
        return [[-var(cell, d)] for cell in self.cells for d in range(1, size + 1)
                if d % 2 != self.remainder]

    def check(self, cells, size, box):
        return [self.violation("%d is not %s" % (cells[c], self.name), (c,))
                for c in self.cells if cells[c] % 2 != self.remainder]

    def svg(self, geometry):
        return "\n".join(geometry.cell_mark(cell, "circle" if self.remainder else "square")
                         for cell in self.cells)


class Odd(Parity):
    name = "odd"
    fpuzzles_keys = ("odd",)
    remainder = 1


class Even(Parity):
    name = "even"
    fpuzzles_keys = ("even",)
    remainder = 0


RULES = (Odd, Even)
