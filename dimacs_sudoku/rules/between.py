"""Between lines: the digits on the line lie strictly between the digits in the circles
at its two ends. Text ``between r1c1 r2c2 r3c3 r1c4`` (the ends first and last);
f-puzzles ``betweenline`` lines.

Encoding: one new variable u ("the first end is the smaller"); for the ends a, b and
each middle cell m, ternary clauses ``-u ∨ -x(a,d) ∨ -x(b,e)`` for d >= e,
``-u ∨ -x(a,d) ∨ -x(m,f)`` for f <= d, ``-u ∨ -x(b,e) ∨ -x(m,f)`` for f >= e, and
the same with u false and the ends swapped: about N² + N(N+1)·(middle cells) clauses.
A line of two cells says nothing.

>>> rule = Between.parse(9, ["r1c1", "r1c2", "r1c3"])
>>> rule.check([1, 5, 9] + [0] * 78, 9, (3, 3)), rule.check([5, 1, 9] + [0] * 78, 9, (3, 3))
([], ['between r1c1 r1c2 r1c3: 1 is not between 5 and 9 (r1c2)'])
"""

from .lines import LineRule


class Between(LineRule):
    name = "between"
    aliases = ("betweenline",)
    fpuzzles_keys = ("betweenline",)
    colour = "#a0a0a0"

    def clauses(self, var, new_var, layout):
        n = layout.size
        a, b, middle = self.cells[0], self.cells[-1], self.cells[1:-1]
        if not middle:
            return
        digits = range(1, n + 1)
        u = new_var()
        for sign, low, high in ((1, a, b), (-1, b, a)):
            flag = -sign * u            # the clause applies when low is the smaller end
            yield from ([flag, -var(low, d), -var(high, e)]
                        for d in digits for e in digits if d >= e)
            for m in middle:
                yield from ([flag, -var(low, d), -var(m, f)]
                            for d in digits for f in digits if f <= d)
                yield from ([flag, -var(high, e), -var(m, f)]
                            for e in digits for f in digits if f >= e)

    def svg(self, geometry):
        ends = "".join(geometry.circle(cell, 0.4, "#ffffff", "#a0a0a0", "between-end")
                       for cell in (self.cells[0], self.cells[-1]))
        return super().svg(geometry) + ends

    def check(self, cells, size, box):
        low, high = sorted((cells[self.cells[0]], cells[self.cells[-1]]))
        return [self.violation("%d is not between %d and %d" % (cells[m], cells[self.cells[0]],
                                                               cells[self.cells[-1]]), (m,))
                for m in self.cells[1:-1] if not low < cells[m] < high]


RULES = (Between,)
