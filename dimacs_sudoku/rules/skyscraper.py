"""Skyscrapers: a clue outside the grid is how many digits of its row or column can be
seen from its side, each digit a building that height, a taller one hiding the lower
ones behind it (``skyscraper 3 r0c3``: seen from above column 3, three digits are
higher than every digit before them). f-puzzles ``skyscraper`` clues; the clue's place
is written as in :mod:`.outside`.

Encoding, from the clue's side: order variables m(i, d) "the highest of the first i
cells is at least d" (d = 2..N), ``x(cᵢ, d) → m(i, d)``, ``m(i, d) → m(i, d-1)``,
``m(i-1, d) → m(i, d)`` and ``m(i, d) → m(i-1, d) ∨ x(cᵢ, d…N)``; a variable v(i)
"cell i is seen" (i ≥ 2), ``x(cᵢ, d) ∧ -m(i-1, d) → v(i)`` and ``x(cᵢ, d) ∧ m(i-1, d) →
-v(i)``; and the count of the v(i) (the first cell is always seen) by the running sums
of :mod:`.sums`, each v(i) read as a digit 1 or 2 (a 2 when seen). Implied unit
clauses: with K seen, the i-th cell (from 0) is at most N - K + 1 + i, which is all a
clue of N needs; a clue of 1 is N in the first cell. A 9x9 clue of 3: 90 new variables
and 417 clauses.

>>> clue = Skyscraper.parse(4, ["3", "r1c0"])
>>> clue.check([1, 3, 2, 4] + [0] * 12, 4, (2, 2))
[]
>>> clue.check([3, 1, 2, 4] + [0] * 12, 4, (2, 2))
['skyscraper 3 r1c0: 2 digits seen, not 3 (r1c1 r1c4)']
"""

from .outside import OutsideClue
from .sums import sum_layers


class Skyscraper(OutsideClue):
    name = "skyscraper"
    aliases = ("skyscrapers",)
    fpuzzles_keys = ("skyscraper",)
    frame = "square"

    @classmethod
    def clue_range(cls, size):
        return 1, size

    def clauses(self, var, new_var, layout):
        n, seen = layout.size, self.clue
        line = self.line_cells()
        for i, cell in enumerate(line[:seen - 1]):
            yield from ([-var(cell, d)] for d in range(n - seen + 2 + i, n + 1))
        if seen == 1:
            yield from ([-var(line[0], d)] for d in range(1, n))    # N first hides all
        if seen in (1, n):
            return                  # N seen: the bounds above put 1..N in order
        # top[i][d]: m(i + 1, d) for d = 2..N, the highest of the first i + 1 cells.
        top = []
        visible = []
        for i, cell in enumerate(line[:-1]):
            now = [None, None] + [new_var() for _ in range(2, n + 1)]
            for d in range(2, n + 1):
                yield [-var(cell, d), now[d]]
                if d > 2:
                    yield [-now[d], now[d - 1]]
                if i:
                    yield [-top[-1][d], now[d]]
                    yield [-now[d], top[-1][d]] + [var(cell, e) for e in range(d, n + 1)]
                else:
                    yield [-now[d]] + [var(cell, e) for e in range(d, n + 1)]
            top.append(now)
        for i, cell in enumerate(line[1:]):
            before = top[i]
            v = new_var()
            visible.append(v)
            yield [-var(cell, 1), -v]
            for d in range(2, n + 1):
                yield [-var(cell, d), before[d], v]
                yield [-var(cell, d), -before[d], -v]
        # Each v(i) as a digit: 1 unseen, 2 seen; the digits add up to N - 1 + (K - 1).
        as_digit = {i: (-v, v) for i, v in enumerate(visible)}
        total = n - 1 + seen - 1
        last, clauses = sum_layers(lambda i, d: as_digit[i][d - 1], new_var, 2,
                                   list(as_digit), total, total)
        yield from clauses

    def check(self, cells, size, box):
        line = self.line_cells()
        highest, seen = 0, []
        for cell in line:
            if cells[cell] > highest:
                highest = cells[cell]
                seen.append(cell)
        if len(seen) != self.clue:
            return [self.violation("%d digits seen, not %d" % (len(seen), self.clue), seen)]
        return []


RULES = (Skyscraper,)
