"""Thermometers: digits strictly increase from the bulb (the first cell).

Encoding: for each two consecutive cells, one binary clause per pair of digits that
does not increase (N(N+1)/2 of them, N(N-1)/2 when the cells share a unit), and unit
clauses keeping the i-th of k cells within i..N-k+i (implied, but they let unit
propagation see it at once).

>>> rule = Thermo.parse(4, ["r1c1", "r1c2", "r1c3"])
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
[]
>>> rule.check([2, 1, 3, 4] + [0] * 12, 4, (2, 2))
['thermo r1c1 r1c2 r1c3: 2 then 1 does not increase (r1c1 r1c2)']
"""

import operator

from .base import Rule, fp_cells, fp_lines, forbid_pairs, parse_cells, share_unit


class Thermo(Rule):
    name = "thermo"
    aliases = ("thermometer",)
    fpuzzles_keys = ("thermometer",)

    def __init__(self, size, cells):
        super().__init__(size)
        self.cells = list(cells)

    @classmethod
    def parse(cls, size, args):
        return cls(size, parse_cells(args, size, least=2))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, line) for line in fp_lines(size, value) if len(line) > 1]

    def to_line(self):
        return "thermo " + self.cells_text(self.cells)

    def to_fpuzzles(self):
        return [("thermometer", {"lines": [fp_cells(self.size, self.cells)]})]

    def clauses(self, var, new_var, layout):
        n, k = layout.size, len(self.cells)
        for i, cell in enumerate(self.cells):
            yield from ([-var(cell, d)] for d in range(1, n + 1) if not i < d <= n - k + 1 + i)
        for a, b in zip(self.cells, self.cells[1:]):
            # The bounds above are the unit clauses of the digits with no partner.
            yield from forbid_pairs(var, n, a, b, operator.lt, share_unit(layout, a, b),
                                    units=False)

    def check(self, cells, size, box):
        return [self.violation("%d then %d does not increase" % (cells[a], cells[b]), (a, b))
                for a, b in zip(self.cells, self.cells[1:]) if cells[a] >= cells[b]]

    def svg(self, geometry):
        return geometry.thermo(self.cells)


RULES = (Thermo,)
