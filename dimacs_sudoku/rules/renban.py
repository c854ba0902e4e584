"""Renban lines: the digits on the line are distinct and form a run of consecutive
digits, in any order. f-puzzles ``renban`` lines.

Encoding, binary clauses only: no digit twice (pairs sharing a unit left out), and no
two cells on the line more than k-1 apart for a line of k cells: k distinct digits
within a span of k are consecutive.

>>> rule = Renban.parse(9, ["r1c1", "r1c2", "r2c2"])
>>> rule.check([3, 5] + [0] * 8 + [4] + [0] * 70, 9, (3, 3))
[]
>>> rule.check([3, 6] + [0] * 8 + [4] + [0] * 70, 9, (3, 3))
['renban r1c1 r1c2 r2c2: 3 4 6 are not consecutive']
"""

from .base import distinct_cells, repeated
from .lines import LineRule


class Renban(LineRule):
    name = "renban"
    fpuzzles_keys = ("renban",)
    colour = "#c77dd6"

    def clauses(self, var, new_var, layout):
        n, k = layout.size, len(self.cells)
        if k > n:
            yield from ([-var(self.cells[0], d)] for d in range(1, n + 1))
            return
        yield from distinct_cells(var, n, self.cells, layout)
        for i, a in enumerate(self.cells):
            for b in self.cells[i + 1:]:
                yield from ([-var(a, d), -var(b, e)] for d in range(1, n + 1)
                            for e in range(1, n + 1) if abs(d - e) >= k)

    def check(self, cells, size, box):
        twice = repeated(cells, self.cells)
        if twice:
            return [self.violation("digit %d twice" % cells[twice[0]], twice)]
        digits = sorted(cells[c] for c in self.cells)
        if digits[-1] - digits[0] != len(digits) - 1:
            return [self.violation("%s are not consecutive" % " ".join(map(str, digits)))]
        return []


RULES = (Renban,)
