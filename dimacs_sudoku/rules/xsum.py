"""X-sums: a clue outside the grid is the sum of the first X digits of its row or
column seen from its side, X being the first of them (``xsum 15 r0c3``: if r1c3 holds
4, r1c3 + r2c3 + r3c3 + r4c3 = 15). f-puzzles ``xsum`` clues; the clue's place is
written as in :mod:`.outside`.

Encoding: the running sums of :mod:`.sums` over the cells after the first, capped at
the largest partial sum any X can need, with one "over" literal; for each X,
``-x(first, X) ∨ -p`` for every partial sum p of the next X-1 cells other than
clue - X (as the sandwich's crusts do). An X whose X-1 cells cannot add up to
clue - X with distinct digits (X itself left out) is a unit clause ``-x(first, X)``.
A 9x9 clue of 15: 33 new variables and 308 clauses; of 30: 107 and 900.

>>> clue = XSum.parse(4, ["6", "r0c1"])
>>> clue.check([3, 2, 4, 1, 2, 1, 3, 4, 1, 4, 2, 3, 4, 3, 1, 2], 4, (2, 2))
[]
>>> clue.check([4, 2, 3, 1, 2, 1, 4, 3, 1, 4, 2, 3, 3, 3, 1, 2], 4, (2, 2))
['xsum 6 r0c1: the first 4 digits add up to 10, not 6 (r1c1 r2c1 r3c1 r4c1)']
"""

from .outside import OutsideClue
from .sums import running_sums


class XSum(OutsideClue):
    name = "xsum"
    aliases = ("xsums",)
    fpuzzles_keys = ("xsum",)
    frame = "circle"

    @classmethod
    def clue_range(cls, size):
        return 1, size * (size + 1) // 2

    def reachable(self, size, x):
        """Whether X-1 distinct digits other than X can add up to clue - X."""
        others = [d for d in range(1, size + 1) if d != x]
        k = x - 1
        return sum(others[:k]) <= self.clue - x <= sum(others[len(others) - k:])

    def clauses(self, var, new_var, layout):
        n = layout.size
        line = self.line_cells()
        first = line[0]
        fits = [x for x in range(1, n + 1) if self.reachable(n, x)]
        yield from ([-var(first, x)] for x in range(1, n + 1) if x not in fits)
        # X = 1 adds up to 1, X = N to the whole row's N(N+1)/2: nothing more to say.
        longer = [x for x in fits if 1 < x < n]
        if not longer:
            return
        cap = max(self.clue - x for x in longer)
        layers, clauses = running_sums(var, new_var, n, line[1:max(longer)], cap)
        yield from clauses
        for x in longer:
            sums, over = layers[x - 2]
            bad = [lit for t, lit in sorted(sums.items()) if t != self.clue - x]
            bad += [over] if over is not None else []
            yield from ([-var(first, x), -lit] for lit in bad)

    def check(self, cells, size, box):
        line = self.line_cells()
        x = cells[line[0]]
        total = sum(cells[c] for c in line[:x])
        if total != self.clue:
            return [self.violation("the first %d digits add up to %d, not %d"
                                   % (x, total, self.clue), line[:x])]
        return []


RULES = (XSum,)
