"""What the line rules share (whispers, renban, between, palindrome): a path of cells
given as ``NAME CELLS...`` and as f-puzzles ``lines``, one rule per line."""

from .base import Rule, fp_cells, fp_lines, parse_cells


class LineRule(Rule):
    least = 2               # the fewest cells a line may have

    def __init__(self, size, cells):
        super().__init__(size)
        self.cells = list(cells)

    @classmethod
    def parse(cls, size, args):
        return cls(size, parse_cells(args, size, least=cls.least))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, line) for line in fp_lines(size, value)
                if len(line) >= cls.least]

    def to_line(self):
        return "%s %s" % (self.name, self.cells_text(self.cells))

    def to_fpuzzles(self):
        return [(self.fpuzzles_keys[0], {"lines": [fp_cells(self.size, self.cells)]})]

    def svg(self, geometry):
        return geometry.polyline(self.cells, self.colour, self.name)
