"""Disjoint groups: the cells in the same position of every box hold every digit once.

>>> rule = Disjoint.parse(4, [])
>>> rule.units(4, (2, 2))[1]
('disjoint group 2', [1, 3, 9, 11])
"""

from .base import UnitRule


class Disjoint(UnitRule):
    name = "disjoint"
    aliases = ("disjointgroups",)
    fpuzzles_keys = ("disjointgroups",)

    def units(self, size, box):
        rows, cols = box or self.box
        tops = [(br * rows, bc * cols)
                for br in range(size // rows) for bc in range(size // cols)]
        return [("disjoint group %d" % (i * cols + j + 1),
                 [(top + i) * size + left + j for top, left in tops])
                for i in range(rows) for j in range(cols)]


RULES = (Disjoint,)
