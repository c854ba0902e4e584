"""Anti-knight: two cells a chess knight's move apart never hold the same digit.

>>> rule = AntiKnight.parse(4, [])
>>> rule.pairs(4)[:3]
[(0, 6), (0, 9), (1, 7)]
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))[:1]
['antiknight: 1 a knight move apart (r1c1 r2c3)']
"""

from .base import PairRule, offset_pairs

KNIGHT = ((1, 2), (2, 1))


class AntiKnight(PairRule):
    name = "antiknight"
    fpuzzles_keys = ("antiknight",)

    def pairs(self, size):
        return offset_pairs(size, KNIGHT)

    def allowed(self, d, e):
        return d != e

    def check(self, cells, size, box):
        found = []
        for r in range(size):
            for c in range(size):
                for dr, dc in ((1, 2), (1, -2), (2, 1), (2, -1)):
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < size and 0 <= c2 < size and \
                            cells[r * size + c] == cells[r2 * size + c2]:
                        found.append(self.violation(
                            "%d a knight move apart" % cells[r * size + c],
                            sorted((r * size + c, r2 * size + c2))))
        return found


RULES = (AntiKnight,)
