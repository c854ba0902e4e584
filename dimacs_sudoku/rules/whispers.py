"""German whispers: neighbours along the line differ by at least 5 on 9x9; in general
by the line's own number when it has one (``whispers 4 r1c1 r1c2``), else by
⌈N/2⌉ (5 on 9x9, 3 on 6x6, 2 on 4x4). f-puzzles ``whispers`` lines (an optional
``value``). Encoding: a binary clause per digit pair too close, for each two
neighbours on the line (a unit clause for a digit with no partner: 5 on 9x9).

>>> rule = Whispers.parse(9, ["r1c1", "r1c2", "r1c3"])
>>> rule.gap, rule.to_line(), Whispers.parse(6, ["r1c1", "r1c2"]).gap
(5, 'whispers r1c1 r1c2 r1c3', 3)
>>> rule.check([1, 6, 2] + [0] * 78, 9, (3, 3))
['whispers r1c1 r1c2 r1c3: 6 and 2 differ by less than 5 (r1c2 r1c3)']
"""

from ..errors import PuzzleError
from .base import (fp_cells, fp_lines, fp_value, forbid_pairs, parse_cells, share_unit,
                   split_numbers)
from .lines import LineRule


def default_gap(size):
    return (size + 1) // 2


class Whispers(LineRule):
    name = "whispers"
    aliases = ("whisper", "germanwhispers")
    fpuzzles_keys = ("whispers",)
    colour = "#5fbf5f"

    def __init__(self, size, cells, gap=None):
        super().__init__(size, cells)
        self.gap = default_gap(size) if gap is None else gap

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        if len(numbers) > 1:
            raise PuzzleError("takes at most one number (the gap), then the cells")
        return cls(size, parse_cells(rest, size, least=2), numbers[0] if numbers else None)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        gap = fp_value(value)
        return [cls(size, line, gap) for line in fp_lines(size, value) if len(line) > 1]

    def to_line(self):
        gap = "" if self.gap == default_gap(self.size) else "%d " % self.gap
        return "whispers %s%s" % (gap, self.cells_text(self.cells))

    def to_fpuzzles(self):
        item = {"lines": [fp_cells(self.size, self.cells)]}
        if self.gap != default_gap(self.size):
            item["value"] = str(self.gap)
        return [("whispers", item)]

    def clauses(self, var, new_var, layout):
        n = layout.size
        near = [d for d in range(1, n + 1)
                if not any(abs(d - e) >= self.gap for e in range(1, n + 1))]
        yield from ([-var(cell, d)] for cell in self.cells for d in near)
        for a, b in zip(self.cells, self.cells[1:]):
            yield from forbid_pairs(var, n, a, b, self.far_apart,
                                    share_unit(layout, a, b), units=False)

    def far_apart(self, d, e):
        return abs(d - e) >= self.gap

    def check(self, cells, size, box):
        return [self.violation("%d and %d differ by less than %d" % (cells[a], cells[b],
                                                                    self.gap), (a, b))
                for a, b in zip(self.cells, self.cells[1:])
                if abs(cells[a] - cells[b]) < self.gap]


RULES = (Whispers,)
