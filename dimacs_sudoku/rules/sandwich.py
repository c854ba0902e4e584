"""Sandwich sums: the digits between the 1 and the N (9 on 9x9) of a row or column add
up to the clue.

The text form names the row or column: ``sandwich 15 r3`` (row 3), ``sandwich 0 c7``
(column 7). f-puzzles' ``sandwichsum`` puts the clue in a cell just outside the grid:
``R0C7`` or ``R10C7`` for column 7, ``R3C0`` or ``R3C10`` for row 3.

Encoding: for each position i of the line, the running sums (:mod:`.sums`) of the
cells after it, capped at the clue with one "over" literal; for the crusts at i and j
(1 and N, or N and 1), every partial sum of the cells between other than the clue is
forbidden: ``-x(i,1) ∨ -x(j,N) ∨ -p`` (two clauses of 3 literals each). Crusts next to
each other are two binary clauses unless the clue is 0.

The cells between the crusts hold distinct digits of 2..N-1, so only some gaps fit
the clue: crusts a gap apart that no set of distinct digits fills are forbidden
outright (two binary clauses), and for the gaps that fit, the digits in none of
their sets are forbidden between them (``-x(i,1) ∨ -x(j,N) ∨ -x(m,d)``). These
clauses are implied, but they let unit propagation place the crusts: a 9x9 puzzle of
ten sandwiches, three arrows and a little killer solves ten times faster with them.

>>> rule = Sandwich.parse(4, ["5", "r1"])
>>> rule.line_cells()
[0, 1, 2, 3]
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
[]
"""

import re

from ..errors import PuzzleError
from .base import FieldError, Rule, fp_cell_name, fp_value, parse_rc, split_numbers
from .killer import digit_sets
from .sums import running_sums


class Sandwich(Rule):
    name = "sandwich"
    fpuzzles_keys = ("sandwichsum",)
    outside = True                  # drawn outside the grid

    def __init__(self, size, total, kind, index):
        super().__init__(size)
        if not 1 <= index <= size:
            raise PuzzleError("%s %d is outside the %dx%d grid"
                              % ("row" if kind == "r" else "column", index, size, size))
        self.total, self.kind, self.index = total, kind, index

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        match = re.fullmatch(r"([rRcC])(\d+)", rest[0]) if len(rest) == 1 else None
        if len(numbers) != 1 or match is None:
            raise PuzzleError("takes a total and a row (r3) or a column (c7)")
        return cls(size, numbers[0], match.group(1).lower(), int(match.group(2)))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        total = fp_value(value)
        if total is None:
            return []
        name = fp_cell_name(value, "cell")
        rc = parse_rc(name)
        if rc is None:
            raise FieldError("cell", 'a cell name like "R0C1"', name)
        r, c = rc
        if r in (0, size + 1) and 1 <= c <= size:
            return [cls(size, total, "c", c)]
        if c in (0, size + 1) and 1 <= r <= size:
            return [cls(size, total, "r", r)]
        raise PuzzleError("clue cell R%dC%d is not just outside the grid" % (r, c))

    def line_cells(self):
        n, k = self.size, self.index - 1
        if self.kind == "r":
            return [k * n + c for c in range(n)]
        return [r * n + k for r in range(n)]

    def to_line(self):
        return "sandwich %d %s%d" % (self.total, self.kind, self.index)

    def to_fpuzzles(self):
        cell = ("R%dC0" if self.kind == "r" else "R0C%d") % self.index
        return [("sandwichsum", {"cell": cell, "value": str(self.total)})]

    def clauses(self, var, new_var, layout):
        n = layout.size
        line = self.line_cells()
        ends = ((1, n), (n, 1)) if n > 1 else ((1, 1),)
        for i in range(n - 1):
            a = line[i]
            if self.total != 0:
                for lo, hi in ends:
                    yield [-var(a, lo), -var(line[i + 1], hi)]
            between = line[i + 1:n - 1]
            layers, clauses = running_sums(var, new_var, n, between, self.total)
            yield from clauses
            for gap, (sums, over) in enumerate(layers, 1):
                j = i + gap + 1
                if j >= n:
                    break
                bad = [lit for t, lit in sums.items() if t != self.total]
                if over is not None:
                    bad.append(over)
                for lo, hi in ends:
                    for lit in bad:
                        yield [-var(a, lo), -var(line[j], hi), -lit]
        yield from self.gap_clauses(var, n, line, ends)

    def gap_clauses(self, var, n, line, ends):
        """The implied clauses on the gaps between crusts (see the module's text)."""
        for i in range(n - 1):
            for j in range(i + 2, n):
                gap = j - i - 1
                # Digits 2..N-1 are digits 1..N-2 plus one each.
                sets = digit_sets(n - 2, gap, self.total - gap, 10 ** 4)
                if sets is not None and not sets:
                    yield from ([-var(line[i], lo), -var(line[j], hi)] for lo, hi in ends)
                    continue
                used = {d + 1 for digits in sets or () for d in digits} if sets else None
                if used is None or gap == 1:
                    continue            # one cell between: the running sums say it all
                for m in line[i + 1:j]:
                    for d in range(2, n):
                        if d not in used:
                            yield from ([-var(line[i], lo), -var(line[j], hi), -var(m, d)]
                                        for lo, hi in ends)

    def check(self, cells, size, box):
        digits = [cells[c] for c in self.line_cells()]
        if 1 not in digits or size not in digits:
            return [self.violation("no 1 or no %d in the line" % size)]
        i, j = sorted((digits.index(1), digits.index(size)))
        total = sum(digits[i + 1:j])
        if total != self.total:
            return [self.violation("the digits between add up to %d, not %d"
                                   % (total, self.total))]
        return []

    def svg(self, geometry):
        position = (self.index - 1, -1) if self.kind == "r" else (-1, self.index - 1)
        return geometry.outside_clue(position, str(self.total), None)


RULES = (Sandwich,)
