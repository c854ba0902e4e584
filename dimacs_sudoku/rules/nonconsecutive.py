"""Non-consecutive: orthogonally adjacent cells never hold consecutive digits.

f-puzzles' ``nonconsecutive`` exempts the pairs with a kropki dot (it is ``negative
white``, see :mod:`.negative`), so this rule is written to f-puzzles only in a puzzle
without kropki dots.

>>> rule = NonConsecutive.parse(4, [])
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))[0]
'nonconsecutive: 1 and 2 are neighbours (r1c1 r1c2)'
"""

from ..errors import PuzzleError
from .base import PairRule, orthogonal_pairs


class NonConsecutive(PairRule):
    name = "nonconsecutive"
    fpuzzles_keys = ("nonconsecutive",)
    dotted = False

    def link(self, rules):
        self.dotted = any(getattr(rule, "family", None) == "kropki" for rule in rules)

    def to_fpuzzles(self):
        if self.dotted:
            raise PuzzleError("f-puzzles' nonconsecutive exempts the pairs with a kropki "
                              "dot: it cannot state nonconsecutive for every pair")
        return super().to_fpuzzles()

    def pairs(self, size):
        return orthogonal_pairs(size)

    def allowed(self, d, e):
        return abs(d - e) != 1

    def check(self, cells, size, box):
        found = []
        for r in range(size):
            for c in range(size):
                a = r * size + c
                right = a + 1 if c + 1 < size else None
                below = a + size if r + 1 < size else None
                for b in (right, below):
                    if b is not None and abs(cells[a] - cells[b]) == 1:
                        found.append(self.violation("%d and %d are neighbours"
                                                    % (cells[a], cells[b]), (a, b)))
        return found


RULES = (NonConsecutive,)
