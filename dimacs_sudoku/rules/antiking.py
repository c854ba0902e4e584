"""Anti-king: two cells a chess king's move apart (diagonal neighbours included) never
hold the same digit.

>>> rule = AntiKing.parse(4, [])
>>> rule.pairs(4)[:3]
[(0, 1), (0, 4), (0, 5)]
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))[:1]
['antiking: 4 a king move apart (r2c2 r3c3)']
"""

from .base import PairRule, offset_pairs

KING = ((0, 1), (1, 0), (1, 1))


class AntiKing(PairRule):
    name = "antiking"
    fpuzzles_keys = ("antiking",)

    def pairs(self, size):
        return offset_pairs(size, KING)

    def allowed(self, d, e):
        return d != e

    def check(self, cells, size, box):
        found = []
        for r in range(size):
            for c in range(size):
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        r2, c2 = r + dr, c + dc
                        a, b = r * size + c, r2 * size + c2
                        if a < b and 0 <= r2 < size and 0 <= c2 < size \
                                and cells[a] == cells[b]:
                            found.append(self.violation("%d a king move apart" % cells[a],
                                                        (a, b)))
        return found


RULES = (AntiKing,)
