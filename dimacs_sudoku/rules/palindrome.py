"""Palindromes: the line reads the same both ways (its i-th cell and its i-th from the
end hold the same digit). f-puzzles ``palindrome`` lines. Encoding: ``-x(a,d) ∨ x(b,d)``
for each mirrored pair and digit (N binary clauses a pair).

>>> rule = Palindrome.parse(9, ["r1c1", "r2c2", "r1c3"])
>>> rule.check([4, 0, 4] + [0] * 78, 9, (3, 3)), rule.check([4, 0, 5] + [0] * 78, 9, (3, 3))
([], ['palindrome r1c1 r2c2 r1c3: 4 and 5 differ (r1c1 r1c3)'])
"""

from .base import equal_cells
from .lines import LineRule


class Palindrome(LineRule):
    name = "palindrome"
    fpuzzles_keys = ("palindrome",)
    colour = "#b0b0b0"

    def mirrored(self):
        k = len(self.cells)
        return [(self.cells[i], self.cells[k - 1 - i]) for i in range(k // 2)]

    def clauses(self, var, new_var, layout):
        for a, b in self.mirrored():
            yield from equal_cells(var, layout.size, a, b)

    def check(self, cells, size, box):
        return [self.violation("%d and %d differ" % (cells[a], cells[b]), (a, b))
                for a, b in self.mirrored() if cells[a] != cells[b]]


RULES = (Palindrome,)
