"""Windoku (hyper Sudoku): extra boxes, one cell in from the edges with one cell
between them, hold every digit once; on 9x9 the four boxes at r2-4/r6-8, c2-4/c6-8.

On any N x N grid with R x C boxes the windows are the R x C blocks whose top-left
corner is at row 2 + k(R + 1), column 2 + j(C + 1) that fit in the grid.

>>> rule = Windoku.parse(9, [])
>>> [cells[:3] for _, cells in rule.units(9, (3, 3))]
[[10, 11, 12], [14, 15, 16], [46, 47, 48], [50, 51, 52]]
>>> len(rule.units(4, (2, 2))), len(rule.units(6, (2, 3)))
(1, 2)
"""

from .base import UnitRule


class Windoku(UnitRule):
    name = "windoku"
    aliases = ("hyper",)
    fpuzzles_keys = ()

    def to_fpuzzles(self):
        # f-puzzles has no windoku key: its puzzles draw the windows as extra regions.
        from .base import fp_cells
        return [("extraregion", {"cells": fp_cells(self.size, cells)})
                for _, cells in self.units(self.size, self.box)]

    def units(self, size, box):
        rows, cols = box or self.box
        found = []
        for top in range(1, size - rows + 1, rows + 1):
            for left in range(1, size - cols + 1, cols + 1):
                cells = [(top + i) * size + left + j for i in range(rows) for j in range(cols)]
                found.append(("window %d" % (len(found) + 1), cells))
        return found

    def svg(self, geometry):
        return "\n".join(geometry.shade(cells, "#c9dcf2", "window")
                         for _, cells in self.units(self.size, self.box))


RULES = (Windoku,)
