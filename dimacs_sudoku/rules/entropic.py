"""Entropic lines: every three consecutive cells on the line hold one low, one middle
and one high digit (1-3, 4-6, 7-9 on 9x9). On other sizes the digits split into three
equal bands (1-2, 3-4, 5-6 on 6x6); a size not divisible by 3 has no such bands and is
refused. Cells one or two apart on the line hold digits of different bands, so a line
of two cells holds two bands (as f-puzzles' solvers read it). f-puzzles
``entropicline`` lines.

Encoding: three band variables per cell, ``-x(c,d) ∨ b(c, band(d))`` and
``-b(c,k) ∨ x(c,d)…`` (the band's digits), at most one band per cell; cells one or two
apart never share a band (``-b(a,k) ∨ -b(c,k)``) and cells three apart share theirs
(implied, but unit propagation then carries a band along the line).

>>> rule = Entropic.parse(6, ["r1c1", "r1c2", "r1c3", "r1c4"])
>>> rule.bands()
[(1, 2), (3, 4), (5, 6)]
>>> rule.check([1, 3, 5, 2, 4, 6] + [0] * 30, 6, (2, 3))
[]
>>> rule.check([1, 3, 5, 4, 2, 6] + [0] * 30, 6, (2, 3))
['entropic r1c1 r1c2 r1c3 r1c4: 3 5 4 are not one low, one middle and one high digit (r1c2 r1c3 r1c4)']
>>> Entropic.parse(4, ["r1c1", "r1c2"])
Traceback (most recent call last):
...
dimacs_sudoku.errors.PuzzleError: needs a grid size divisible by 3 (three equal bands of digits), not 4x4
"""

from ..errors import PuzzleError
from .lines import LineRule


class Entropic(LineRule):
    name = "entropic"
    aliases = ("entropicline",)
    fpuzzles_keys = ("entropicline",)
    colour = "#ffb380"

    def __init__(self, size, cells):
        if size % 3:
            raise PuzzleError("needs a grid size divisible by 3 (three equal bands of "
                              "digits), not %dx%d" % (size, size))
        super().__init__(size, cells)

    def bands(self):
        """The three bands of digits, low to high."""
        width = self.size // 3
        return [tuple(range(k * width + 1, (k + 1) * width + 1)) for k in range(3)]

    def clauses(self, var, new_var, layout):
        bands = self.bands()
        band_vars = []
        for cell in self.cells:
            own = [new_var() for _ in bands]
            band_vars.append(own)
            for b, digits in zip(own, bands):
                yield from ([-var(cell, d), b] for d in digits)
                yield [-b] + [var(cell, d) for d in digits]
            yield from ([-own[k], -own[j]] for k in range(3) for j in range(k + 1, 3))
        for i, own in enumerate(band_vars):
            for gap in (1, 2):
                if i + gap < len(band_vars):
                    yield from ([-b, -other] for b, other in zip(own, band_vars[i + gap]))
            if i + 3 < len(band_vars):
                for b, other in zip(own, band_vars[i + 3]):
                    yield [-b, other]
                    yield [b, -other]

    def check(self, cells, size, box):
        width = size // 3
        found = []
        for i in range(max(1, len(self.cells) - 2)):
            window = self.cells[i:i + 3]
            bands = {(cells[c] - 1) // width for c in window}
            if len(bands) != len(window):
                what = ("are not one low, one middle and one high digit" if len(window) == 3
                        else "are in one band")
                found.append(self.violation(
                    "%s %s" % (" ".join(str(cells[c]) for c in window), what), window))
        return found


RULES = (Entropic,)
