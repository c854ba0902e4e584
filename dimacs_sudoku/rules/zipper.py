"""Zipper lines: cells equally far from the line's centre add up to the same total,
which on a line of odd length is the digit in its centre cell (``zipper r1c1 r1c2
r1c3``: r1c1 + r1c3 = r1c2). Digits may repeat on the line where the other rules allow
it. f-puzzles ``zipperline`` lines.

Encoding: the running sums of each mirrored pair (:func:`.sums.equal_sums`) tied to the
centre cell's digit (odd length) or to the first pair's total (even length).

>>> rule = Zipper.parse(4, ["r1c1", "r1c2", "r2c2", "r2c1"])
>>> rule.groups()
[[0, 4], [1, 5]]
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2] + [0] * 8, 4, (2, 2))
['zipper r1c1 r1c2 r2c2 r2c1: r1c1 r2c1 add up to 4, r1c2 r2c2 to 6']
>>> Zipper.parse(4, ["r1c2", "r1c1", "r2c1"]).check([3, 1, 0, 0, 2] + [0] * 11, 4, (2, 2))
[]
"""

from .lines import LineRule
from .sums import equal_sums


class Zipper(LineRule):
    name = "zipper"
    aliases = ("zipperline",)
    fpuzzles_keys = ("zipperline",)
    colour = "#b48ee0"
    least = 3               # two cells alone say nothing

    def groups(self):
        """The mirrored pairs from the ends in, then the centre cell (odd length)."""
        k = len(self.cells)
        found = [[self.cells[i], self.cells[k - 1 - i]] for i in range(k // 2)]
        if k % 2:
            found.append([self.cells[k // 2]])
        return found

    def clauses(self, var, new_var, layout):
        return equal_sums(var, new_var, layout.size, self.groups())

    def check(self, cells, size, box):
        totals = [sum(cells[c] for c in group) for group in self.groups()]
        if len(set(totals)) == 1:
            return []
        first = self.groups()[0]
        other = next(g for g, t in zip(self.groups(), totals) if t != totals[0])
        if len(other) == 1:
            return [self.violation("the ends add up to %d, the centre holds %d"
                                   % (totals[0], cells[other[0]]), first + other)]
        return [self.violation("%s add up to %d, %s to %d"
                               % (self.cells_text(first), totals[0], self.cells_text(other),
                                  sum(cells[c] for c in other)))]


RULES = (Zipper,)
