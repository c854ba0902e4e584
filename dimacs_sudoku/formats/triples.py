"""``triples``: 9x9 hints ``rcd`` (``114``: row 1, column 1 holds 4), on one or more
lines; a blank line ends a puzzle.

>>> from .line import read_one
>>> write(read_one("4" + "." * 79 + "9"))
'114 999'
"""
import re

from ..errors import PuzzleError
from .cells import column
from .source import make_grid

NAME = "triples"
DESCRIPTION = "9x9 hints as row-column-digit numbers: 114 147 156 ..."

TRIPLE = re.compile(r"[1-9]{3}\Z")


def looks_like_triples(tokens):
    if not 1 <= len(tokens) <= 81 or not all(TRIPLE.match(t) for t in tokens):
        return False
    digits = "".join(tokens)
    # "123 456 789" is more likely a 9x9 row written by boxes.
    return not (len(tokens) in (2, 3) and len(set(digits)) == len(digits))


def detect(lines, found, size):
    return NAME if size in (None, 9) and looks_like_triples(found[1].split()) else None


def read(lines, ctx, lenient):
    """Every puzzle; in a mixed input (a part of it), up to a line that starts no
    puzzle of hints, where the next part starts."""
    from .source import Segment
    mixed = isinstance(lines, Segment)
    layout = None
    while True:
        item = lines.next()
        if item is None:
            return
        start, s = item[0], item[1].strip()
        if not s or s[0] == "#":
            continue
        lines.push(item)
        if mixed and not looks_like_triples(s.split()):
            return
        cells, seen, error = [0] * 81, {}, None
        while True:
            item = lines.next()
            if item is None:
                break
            lineno, text = item
            s = text.strip()
            if not s:
                break
            if s[0] == "#" or error:
                continue
            for k, token in enumerate(s.split()):
                if not TRIPLE.match(token):
                    error = ctx.error("bad hint %r in column %d: a hint is three digits"
                                      " 1-9, row column digit (114 = r1c1 is 4)"
                                      % (token, column(text, k, "n")), lineno)
                    break
                cell, digit = (int(token[0]) - 1) * 9 + int(token[1]) - 1, int(token[2])
                if cells[cell] and cells[cell] != digit:
                    error = ctx.error("hint %s in column %d gives r%sc%s digit %d, but hint"
                                      " %s on line %d gave %d"
                                      % ((token, column(text, k, "n"), token[0], token[1],
                                          digit) + seen[cell] + (cells[cell],)), lineno)
                    break
                cells[cell], seen[cell] = digit, (token, lineno)
        if error is None:
            try:
                layout = layout or ctx.layout(9, None, start)
            except PuzzleError as failure:
                error = failure
        if error is not None:
            if not lenient:
                raise error
            yield error
        else:
            yield make_grid(cells, layout, ctx.source, start)


def write(grid, givens=None, symbols=None):
    if grid.size != 9:
        from ..errors import UsageError
        raise UsageError("triples are for 9x9 grids only, not %dx%d"
                         % (grid.size, grid.size))
    return " ".join("%d%d%d" % (k // 9 + 1, k % 9 + 1, d)
                    for k, d in enumerate(grid.cells) if d)
