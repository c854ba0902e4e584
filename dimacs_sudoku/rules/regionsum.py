"""Region sum lines: the line's digits add up to the same total in each box (or jigsaw
region) it passes through. The line is cut where it crosses into another box; a line
that comes back into a box starts a new segment there, with the same total (as
f-puzzles' solvers read it). A line within one box says nothing. f-puzzles
``regionsumline`` lines.

Encoding: each segment's running sums (:func:`.sums.equal_sums`), within the totals
that every segment of distinct digits can reach, tied to the shortest segment's.

>>> rule = RegionSum.parse(4, ["r1c1", "r1c2", "r1c3"])
>>> rule.segments(4, (2, 2))
[[0, 1], [2]]
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))
[]
>>> rule.check([2, 1, 4, 3] + [0] * 12, 4, (2, 2))
['regionsum r1c1 r1c2 r1c3: the segments add up to 3, 4 (r1c1 r1c2 r1c3)']
"""

from .lines import LineRule
from .sums import equal_sums


def segments(cells, region_of):
    """``cells`` cut where they pass into another region (``region_of[cell]``)."""
    found = []
    for k, cell in enumerate(cells):
        if k == 0 or region_of[cell] != region_of[cells[k - 1]]:
            found.append([])
        found[-1].append(cell)
    return found


class RegionSum(LineRule):
    name = "regionsum"
    aliases = ("regionsumline",)
    fpuzzles_keys = ("regionsumline",)
    colour = "#2ecbff"
    regions_rule = None             # the jigsaw whose regions replace the boxes

    def link(self, rules):
        self.regions_rule = next((rule for rule in rules if rule.replaces_boxes), None)

    def segments(self, size, box):
        """The line's segments: by the jigsaw's regions when linked to one, else by
        the boxes of shape ``box``."""
        if self.regions_rule is not None:
            return segments(self.cells, self.regions_rule.region_of)
        rows, cols = box
        return segments(self.cells, {cell: (cell // size // rows, cell % size // cols)
                                     for cell in self.cells})

    def clauses(self, var, new_var, layout):
        n = layout.size
        region_of = {}
        for k, (_, group) in enumerate(layout.units[2 * n:3 * n]):
            region_of.update((cell, k) for cell in group)
        parts = segments(self.cells, region_of)
        if len(parts) > 1:
            yield from equal_sums(var, new_var, n, parts, distinct=True)

    def check(self, cells, size, box):
        totals = [sum(cells[c] for c in part) for part in self.segments(size, box)]
        if len(set(totals)) > 1:
            return [self.violation("the segments add up to %s" % ", ".join(map(str, totals)),
                                   self.cells)]
        return []


RULES = (RegionSum,)
