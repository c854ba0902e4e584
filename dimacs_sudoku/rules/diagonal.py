"""Diagonal Sudoku (Sudoku X): the main diagonals hold every digit once.

``diagonals`` names both; ``diagonal-`` the one from r1c1 down to rNcN, and
``diagonal+`` the one from rNc1 up to r1cN (f-puzzles' keys of the same names).

>>> rule = Diagonal.parse(4, [])
>>> rule.to_line(), [name for name, _ in rule.extra_units(4, (2, 2))]
('diagonals', ['diagonal-', 'diagonal+'])
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
['diagonals: diagonal- holds 4 twice (r2c2 r3c3)', 'diagonals: diagonal+ holds 1 twice (r3c2 r2c3)']
"""

from .base import UnitRule


class Diagonal(UnitRule):
    name = "diagonals"
    aliases = ("diagonal+", "diagonal-", "sudokux")
    fpuzzles_keys = ("diagonal-", "diagonal+")

    def __init__(self, size, which="-+"):
        super().__init__(size)
        self.which = which

    @classmethod
    def read(cls, size, keyword, args):
        rule = cls.parse(size, args)
        if keyword in ("diagonal+", "diagonal-"):
            rule.which = keyword[-1]
        return rule

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, key[-1]) for _ in super().from_fpuzzles(size, key, value)]

    @classmethod
    def merge(cls, rules):
        """One rule for both diagonals when both are named."""
        which = "".join(sign for sign in "-+" if any(sign in r.which for r in rules))
        return [cls(rules[0].size, which)]

    def to_line(self):
        return "diagonals" if len(self.which) == 2 else "diagonal" + self.which

    def to_fpuzzles(self):
        return [("diagonal" + sign, True) for sign in self.which]

    def units(self, size, box):
        found = []
        if "-" in self.which:
            found.append(("diagonal-", [k * size + k for k in range(size)]))
        if "+" in self.which:
            found.append(("diagonal+", [(size - 1 - k) * size + k for k in range(size)]))
        return found

    def svg(self, geometry):
        size = self.size
        out = []
        for name, cells in self.units(size, None):
            (x1, y1), (x2, y2) = geometry.centre(cells[0]), geometry.centre(cells[-1])
            out.append('<line class="%s" x1="%g" y1="%g" x2="%g" y2="%g" stroke="#5b8fd6" '
                       'stroke-width="2" opacity="0.6"/>' % (name, x1, y1, x2, y2))
        return "\n".join(out)


RULES = (Diagonal,)
