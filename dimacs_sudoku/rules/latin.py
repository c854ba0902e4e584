"""Latin square: no boxes, every digit once in each row and each column only.

The rule replaces the boxes by nothing (its layout is :class:`Layout` with empty
regions), so the CNF of a Latin square has no box clauses: the quasigroup problems
of ``sudoku-gen --family qwh|qcp`` (see docs/families.md) are grids with this rule.

>>> rule = Latin.parse(5, [])
>>> rule.to_line(), rule.regions()
('latin', [])
>>> from dimacs_sudoku.rules.registry import variant_layout
>>> variant_layout(5, None, [rule]).describe()
'5x5 Latin square (rows and columns, no boxes)'
"""

from ..errors import PuzzleError
from .base import Rule


class Latin(Rule):
    name = "latin"
    aliases = ("latinsquare", "nobox")
    replaces_boxes = True

    @classmethod
    def parse(cls, size, args):
        if args:
            raise PuzzleError("latin takes no arguments, got %r" % " ".join(args))
        return cls(size)

    def regions(self):
        return []

    def to_line(self):
        return "latin"

    def svg(self, geometry):
        # No box borders; one thick line around the grid.
        return geometry.region_borders([0] * (self.size * self.size))

    def to_fpuzzles(self):
        raise PuzzleError("f-puzzles has no grid without boxes (a Latin square)")


RULES = (Latin,)
