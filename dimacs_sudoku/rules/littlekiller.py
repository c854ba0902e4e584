"""Little killer diagonals: the digits on a diagonal add up to the clue outside the grid;
digits may repeat.

The text form gives the total, then the cells of the diagonal in order from the clue:
``littlekiller 12 r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9``. f-puzzles'
``littlekillersum`` items give the clue's cell outside the grid (``R0C1``), a
``direction`` (``DR``, ``DL``, ``UR``, ``UL``) and the ``cells``. The total is encoded
by the running sums of :mod:`.sums`.

>>> rule = LittleKiller.parse(4, ["5", "r1c2", "r2c3", "r3c4"])
>>> rule.direction(), rule.clue_position()
((1, 1), (-1, 0))
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
['littlekiller 5 r1c2 r2c3 r3c4: the digits add up to 6, not 5']
"""

from ..errors import PuzzleError
from .base import (FieldError, Rule, fp_cell_name, fp_cell_names, fp_cells, fp_item, fp_value,
                   parse_cells, parse_rc, split_numbers)
from .sums import sum_layers

DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


class LittleKiller(Rule):
    name = "littlekiller"
    fpuzzles_keys = ("littlekillersum",)
    outside = True                  # drawn outside the grid

    def __init__(self, size, total, cells):
        super().__init__(size)
        self.total = total
        self.cells = list(cells)
        steps = {(b // size - a // size, b % size - a % size)
                 for a, b in zip(self.cells, self.cells[1:])}
        if len(steps) > 1 or (steps and steps.pop() not in DIRECTIONS.values()):
            raise PuzzleError("the cells must follow one diagonal, one step at a time")

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        if len(numbers) != 1:
            raise PuzzleError("takes a total, then the cells of the diagonal")
        return cls(size, numbers[0], parse_cells(rest, size))

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        total = fp_value(value)
        if total is None:
            return []               # a clue without a number says nothing
        if isinstance(value, dict) and value.get("cells"):
            return [cls(size, total, fp_cell_names(value, "cells", size))]
        name = fp_cell_name(value, "cell")
        rc = parse_rc(name)
        if rc is None:
            raise FieldError("cell", 'a cell name like "R0C1"', name)
        direction = fp_item(value, "direction", "a direction: %s" % ", ".join(DIRECTIONS))
        step = DIRECTIONS.get(direction.upper()) if isinstance(direction, str) else None
        if step is None:
            raise FieldError("direction", "a direction: %s" % ", ".join(DIRECTIONS),
                             direction)
        r, c = rc[0] - 1 + step[0], rc[1] - 1 + step[1]
        cells = []
        while 0 <= r < size and 0 <= c < size:
            cells.append(r * size + c)
            r, c = r + step[0], c + step[1]
        if not cells:
            raise PuzzleError("the clue at %s points at no cell of the grid" % name)
        return [cls(size, total, cells)]

    def direction(self):
        """The step ``(dr, dc)`` from one cell to the next."""
        n = self.size
        if len(self.cells) > 1:
            a, b = self.cells[:2]
            return (b // n - a // n, b % n - a % n)
        r, c = divmod(self.cells[0], n)
        return (1 if r == 0 else -1, 1 if c == 0 else -1)

    def clue_position(self):
        """``(row, column)``, 0-based, of the clue: one step before the first cell."""
        dr, dc = self.direction()
        r, c = divmod(self.cells[0], self.size)
        return (r - dr, c - dc)

    def to_line(self):
        return "littlekiller %d %s" % (self.total, self.cells_text(self.cells))

    def to_fpuzzles(self):
        step = self.direction()
        name = next(k for k, v in DIRECTIONS.items() if v == step)
        r, c = self.clue_position()
        return [("littlekillersum", {"cell": "R%dC%d" % (r + 1, c + 1), "direction": name,
                                     "cells": fp_cells(self.size, self.cells),
                                     "value": str(self.total)})]

    def clauses(self, var, new_var, layout):
        last, clauses = sum_layers(var, new_var, layout.size, self.cells,
                                   self.total, self.total)
        return clauses

    def check(self, cells, size, box):
        total = sum(cells[c] for c in self.cells)
        if total != self.total:
            return [self.violation("the digits add up to %d, not %d" % (total, self.total))]
        return []

    def svg(self, geometry):
        return geometry.outside_clue(self.clue_position(), str(self.total), self.direction())


RULES = (LittleKiller,)
