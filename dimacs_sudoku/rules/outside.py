"""What the clues outside the grid that look along a row or column from one side share
(X-sums, skyscrapers): the text form ``NAME CLUE rRcC`` names the clue's place just
outside the grid as f-puzzles does: ``r0c3`` above column 3, ``r10c3`` below it (on
9x9), ``r3c0`` left of row 3, ``r3c10`` right of it. f-puzzles items give the same
place as ``cell`` and the clue as ``value``.

>>> from dimacs_sudoku.rules.xsum import XSum
>>> clue = XSum.parse(4, ["7", "r5c2"])
>>> clue.line_cells(), clue.position(), clue.to_fpuzzles()
([13, 9, 5, 1], (4, 1), [('xsum', {'cell': 'R5C2', 'value': '7'})])
"""

from ..errors import PuzzleError
from .base import FieldError, Rule, fp_cell_name, fp_value, parse_rc, split_numbers

PLACES = "r0c3 above column 3, r3c0 left of row 3, r(N+1)c3 below, r3c(N+1) right"


class OutsideClue(Rule):
    outside = True                  # drawn outside the grid
    frame = None                    # the shape drawn around the clue: see Geometry.clue_frame

    def __init__(self, size, clue, row, col):
        super().__init__(size)
        low, high = self.clue_range(size)
        if not low <= clue <= high:
            raise PuzzleError("clue %d is outside %d..%d on a %dx%d grid"
                              % (clue, low, high, size, size))
        edge = (0, size + 1)
        if not ((row in edge and 1 <= col <= size) or (col in edge and 1 <= row <= size)):
            raise PuzzleError("r%dc%d is not just outside the %dx%d grid beside a row or "
                              "column (%s)" % (row, col, size, size, PLACES))
        self.clue, self.row, self.col = clue, row, col

    @classmethod
    def clue_range(cls, size):
        raise NotImplementedError

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        place = parse_rc(rest[0]) if len(rest) == 1 else None
        if len(numbers) != 1 or place is None:
            raise PuzzleError("takes a clue, then its place outside the grid (%s)" % PLACES)
        return cls(size, numbers[0], *place)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        clue = fp_value(value)
        if clue is None:
            return []               # a place without a clue says nothing
        name = fp_cell_name(value, "cell")
        place = parse_rc(name)
        if place is None:
            raise FieldError("cell", 'a cell name like "R0C1"', name)
        return [cls(size, clue, *place)]

    def line_cells(self):
        """The cells of the row or column, from the clue's side inwards."""
        n, r, c = self.size, self.row - 1, self.col - 1
        if self.row in (0, n + 1):
            cells = [k * n + c for k in range(n)]
        else:
            cells = [r * n + k for k in range(n)]
        return cells[::-1] if n in (r, c) else cells

    def position(self):
        """``(row, column)`` of the clue, 0-based (-1 or N outside the grid)."""
        return (self.row - 1, self.col - 1)

    def to_line(self):
        return "%s %d r%dc%d" % (self.name, self.clue, self.row, self.col)

    def to_fpuzzles(self):
        return [(self.fpuzzles_keys[0], {"cell": "R%dC%d" % (self.row, self.col),
                                         "value": str(self.clue)})]

    def svg(self, geometry):
        return (geometry.clue_frame(self.position(), self.frame, self.name)
                + geometry.outside_clue(self.position(), str(self.clue), None))
