"""Jigsaw (irregular) Sudoku: N regions of N cells replace the boxes.

The text form labels every cell with its region, row by row, one symbol a cell
(spaces between rows are allowed and ignored); above 35x35, N² whitespace-separated
labels. Any symbols but ``#`` (a comment) and ``,`` will do; regions are numbered in
order of first appearance. In f-puzzles JSON the regions are the ``region`` numbers of
the grid's cells.

>>> rule = Jigsaw.parse(4, ["1122", "1122", "3344", "3344"])
>>> rule.to_line()
'jigsaw 1122 1122 3344 3344'
>>> rule.regions()[2]
('region 3', [8, 9, 12, 13])
>>> Jigsaw.parse(4, ["1112", "1222", "3334", "3444"]).check(
...     [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))[0]
'jigsaw 1112 1222 3334 3444: region 1 holds 3 twice (r1c3 r2c1)'
"""

from ..errors import PuzzleError
from ..core.grid import SYMBOLS
from .base import Rule, cells_text, repeated


class Jigsaw(Rule):
    name = "jigsaw"
    aliases = ("irregular",)
    fpuzzles_keys = ()              # the grid's "region" numbers; see the registry
    replaces_boxes = True

    def __init__(self, size, labels):
        super().__init__(size)
        order = {}
        for label in labels:
            order.setdefault(label, len(order))
        self.region_of = [order[label] for label in labels]
        sizes = [0] * len(order)
        for k in self.region_of:
            sizes[k] += 1
        if len(order) != size or any(count != size for count in sizes):
            bad = next((k for k, count in enumerate(sizes) if count != size), None)
            if bad is None:
                raise PuzzleError("jigsaw has %d regions; a %dx%d grid needs %d"
                                  % (len(order), size, size, size))
            raise PuzzleError("jigsaw region %d has %d cells; each needs %d (%s)"
                              % (bad + 1, sizes[bad], size,
                                 cells_text(size, [c for c, k in enumerate(self.region_of)
                                                   if k == bad][:size + 1])))

    @classmethod
    def parse(cls, size, args):
        cells = size * size
        if len(args) == cells:
            labels = list(args)
        else:
            labels = list("".join(args))
        if len(labels) != cells:
            raise PuzzleError("jigsaw needs %d region labels (one per cell), got %d"
                              % (cells, len(labels)))
        return cls(size, labels)

    @classmethod
    def from_regions(cls, size, numbers):
        """From one region number per cell (f-puzzles' grid)."""
        return cls(size, list(numbers))

    def regions(self):
        cells = [[] for _ in range(self.size)]
        for cell, k in enumerate(self.region_of):
            cells[k].append(cell)
        return [("region %d" % (k + 1), group) for k, group in enumerate(cells)]

    def to_line(self):
        n = self.size
        if n <= len(SYMBOLS):
            rows = ["".join(SYMBOLS[k] for k in self.region_of[r * n:(r + 1) * n])
                    for r in range(n)]
        else:
            rows = [str(k + 1) for k in self.region_of]
        return "jigsaw " + " ".join(rows)

    def to_fpuzzles(self):
        return [("region", list(self.region_of))]

    def check(self, cells, size, box):
        found = []
        for name, group in self.regions():
            twice = repeated(cells, group)
            if twice:
                found.append(self.violation("%s holds %d twice" % (name, cells[twice[0]]),
                                            twice))
        return found

    def svg(self, geometry):
        return geometry.region_borders(self.region_of)


RULES = (Jigsaw,)
