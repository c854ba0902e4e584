"""``line``: one puzzle per line, N² symbols or N² whitespace-separated numbers.

Anything after the puzzle and a space, tab, ``,``, ``;`` or ``:`` is ignored (ratings,
a solution). A 16x16 line with a ``0`` and no ``G`` is in the hex convention (``0-F``
for 1-16) if it also has another blank symbol or is a full grid; otherwise ``0`` is a
blank, as in the usual ``1-9A-G`` convention, which wins when in doubt.

This module also holds the last step of detection (:func:`detect`), which tells one
puzzle per line from a grid of one row per line.

>>> from .source import Context, Lines
>>> [g.to_line() for g in read(Lines(["1..44......33..1  # a note"]), Context(None, None, None), False)]
['1..44......33..1']
>>> write(read_one("0123456789ABCDEF" * 16))[:20]
'0123456789ABCDEF0123'
"""
import math
import re

from ..errors import PuzzleError
from ..core.notation import MAX_SINGLE_CHAR

NAME = "line"
DESCRIPTION = "N*N symbols on one line, one puzzle per line"

# A 9x9 puzzle in digits and dots, then the line's end or another field: the lines a
# LineRun holds, each a puzzle wherever it stands among line puzzles.
SIMPLE = re.compile(r"[0-9.]{81}(?:[\s,;:]|\Z)")


class LineRun:
    """Consecutive lines of 9x9 puzzles (:data:`SIMPLE`), kept as text: what
    :func:`read` yields for them when ``ctx.runs`` asks for runs, so that a batch's
    ``--jobs`` worker, not the command's process, makes their grids. ``line`` is the
    first line's number, each next line's one more.

    >>> from dimacs_sudoku.core.layout import Layout
    >>> run = LineRun("p.txt", 7, ["1" + "." * 80, "." * 80 + "9"], Layout(9))
    >>> len(run), [(g.line, g.cells[0], g.cells[80]) for g in run.puzzles()]
    (2, [(7, 1, 0), (8, 0, 9)])
    """
    __slots__ = ("source", "line", "texts", "layout")

    def __init__(self, source, line, texts, layout):
        self.source, self.line, self.texts, self.layout = source, line, texts, layout

    def __len__(self):
        return len(self.texts)

    def puzzles(self):
        """The grid of each line, as :func:`read` makes it."""
        return _simple_grids(self.texts, self.layout, self.source, self.line)


def _simple_grids(texts, layout, source, first):
    """The grids of consecutive lines from line ``first`` that :data:`SIMPLE` matches
    (no such line is an error)."""
    from .cells import decode_chars, line_cells
    from .source import make_grid
    for lineno, s in enumerate(texts, first):
        yield make_grid(decode_chars(line_cells(s)[1], 9), layout, source, lineno)


def _ran(pending, layout, source, whole=False):
    """The lines ``(number, text)`` of ``pending`` read and cleared: a LineRun of all
    but the last, whose grid is made here (rule lines after it would be its rules),
    or with ``whole`` (the next line is a puzzle of the next run) of all."""
    if whole or len(pending) > 1:
        yield LineRun(source, pending[0][0], [s for _, s in
                                              (pending if whole else pending[:-1])], layout)
    if not whole:
        lineno, s = pending[-1]
        yield from _simple_grids((s,), layout, source, lineno)
    pending.clear()


def wrong_count(s, c, size):
    """What is wrong with a line ``s`` of ``c`` cells (``size``: the N asked for)."""
    n = size or round(math.sqrt(c))
    if size or n >= 4 and abs(c - n * n) <= n:
        return "%d cells, a %dx%d grid needs %d" % (c, n, n, n * n)
    shown = s if len(s) <= 24 else s[:21] + "..."
    row = ": one row of a %dx%d grid? it needs %d rows" % (c, c, c) if c in (4, 9) else ""
    return ("%r is not a puzzle: a line puzzle has N*N cells (16, 36, 81...), found %d%s"
            % (shown, c, row))


def read(lines, ctx, lenient, mixed=False):
    """Every puzzle, one per line; a bad line is that line's error.

    ``mixed``: stop before a line that starts a puzzle in another format (a link, a
    JSON object, or a grid block after the first line), leaving it in ``lines``."""
    # Imported here, so that writing a line (cnf2sudoku) does not load the readers.
    from .cells import (Bad, chars_notation, column, decode_chars, decode_numbers, fits,
                        line_cells, symbol_name)
    from .source import make_grid
    if mixed:
        from . import _OWN_HEADS as heads, self_contained
        from .rows import RULE
    source, size, layouts = ctx.source, ctx.size, {}
    taken, checked = False, None     # (taken: a line read, in a mixed input)
    runs = ctx.runs if size in (None, 9) else None
    pending, most = [], 0           # the lines of the next LineRun
    while True:
        for lineno, text in lines.rest():
            s = text.strip()
            if not s or s[0] == "#":
                continue
            if mixed and (s[0] in heads or "://" in s or s[0] == ":" or len(s) >= 161) \
                    and self_contained(s):
                if pending:
                    yield from _ran(pending, layouts[9], source)
                lines.push((lineno, text))
                return
            if runs is not None and SIMPLE.match(s) is not None:
                if pending and pending[-1][0] + 1 != lineno:
                    yield from _ran(pending, layouts[9], source)
                elif pending and len(pending) >= most:
                    yield from _ran(pending, layouts[9], source, whole=True)
                if not pending:
                    if 9 not in layouts:
                        layouts[9] = ctx.layout(9, None, lineno)
                    most = runs()
                pending.append((lineno, s))
                taken = mixed
                if lines.waiting():     # (the input pauses: its lines are due)
                    yield from _ran(pending, layouts[9], source)
                continue
            if pending:
                yield from _ran(pending, layouts[9], source)
            try:
                kind, cells = line_cells(s)
                c = len(cells)
                n = size or math.isqrt(c)
                if taken and checked != lineno and (
                        n * n != c or n < 4 and not ctx.hint or s[0] in "+|"
                        or s[0] in "-=" and RULE.match(s)):
                    # A grid after the line puzzles? Detection looks ahead, so the
                    # lines are read again from here.
                    checked = lineno
                    lines.push((lineno, text))
                    if _starts_block(lines, c, size):
                        return
                    break
                if n * n != c or n < 4 and not ctx.hint:
                    if not s.isprintable():
                        at = next(k for k, ch in enumerate(text) if not ch.isprintable())
                        raise PuzzleError("%s in column %d: a damaged line"
                                          % (symbol_name(text[at]), at + 1), source, lineno)
                    raise PuzzleError(wrong_count(s, c, size or ctx.hint), source, lineno)
                layout = layouts.get(n)
                if layout is None:
                    layout = layouts[n] = ctx.layout(n, None, lineno)
                try:
                    values = (decode_chars if kind == "c" else decode_numbers)(cells, n)
                except Bad as bad:
                    if taken and checked != lineno and not size and fits(kind, cells, c):
                        # N² cells that fit no NxN grid but a row of an N²xN² one: its
                        # first row after the line puzzles?
                        checked = lineno
                        lines.push((lineno, text))
                        if _starts_block(lines, c, size):
                            return
                        break
                    raise PuzzleError(bad.message(column(text, bad.index, kind)),
                                      source, lineno) from None
                taken = mixed
                grid = make_grid(values, layout, source, lineno)
                if n == 16 and kind == "c":
                    grid.symbols = chars_notation(cells, n)
                elif kind == "n" and 9 < n <= MAX_SINGLE_CHAR:
                    grid.symbols = "numbers"
                yield grid
            except PuzzleError as error:
                taken = mixed
                if not lenient:
                    raise
                yield error
        else:
            if pending:
                yield from _ran(pending, layouts[9], source)
            return


def read_one(text):
    """The puzzle of one line (for examples)."""
    from .source import Context, Lines
    return next(read(Lines([text]), Context(None, None, None), False))


def write(grid, givens=None, symbols=None):
    """N² symbols in the grid's notation (``symbols`` overrides it)."""
    return grid.to_line(symbols or grid.symbols or None)


# ---- the last step of detection: one puzzle per line, or one row per line? ----

def _has_box(n):
    return any(n % d == 0 for d in range(2, math.isqrt(n) + 1))


def _block(lines, i, c):
    """The rows of the block of lines from ``i`` to the next blank line or the end
    (comments aside), when it is exactly ``c`` lines of ``c`` cells; else None."""
    rows = []
    while True:
        item = lines.peek(i)
        s = item[1].strip() if item is not None else ""
        if not s:
            break
        if s[0] != "#":
            if len(rows) == c:
                return None
            tokens = s.split()
            if len(tokens) == 1 and len(s) == c:
                tokens = list(s)
            if len(tokens) != c:
                return None
            rows.append(tokens)
        i += 1
    return rows if len(rows) == c else None


def _run(lines, i, c, spaced):
    """The lines from ``i`` on (comments aside, ``c`` + 1 at most) that have ``c``
    cells, spaced or not as ``spaced`` says, up to a line that has not or a blank."""
    from .cells import line_cells
    run = []
    while len(run) <= c:
        item = lines.peek(i)
        s = item[1].strip() if item is not None else ""
        if not s:
            break
        i += 1
        if s[0] == "#":
            continue
        if len(line_cells(s)[1]) != c or (len(s.split()) == c) != spaced:
            break
        run.append(s)
    return run


def _starts_block(lines, c, size):
    """Whether the lines from the first of ``lines`` (a line of ``c`` cells that is no
    line puzzle, or looks like a grid's) are a grid, a headed format or triples rather
    than a damaged line: detection says so and, for a grid, its first line is boxed or
    a rule, or its rows follow (:func:`~.rows.rows_follow`); for triples, the line
    holds at least 17 hints (the fewest a 9x9 with one solution has: ``999`` alone
    is a damaged line there)."""
    from . import detect, self_contained
    from .rows import RULE, rows_follow
    from .source import Segment
    lines = Segment(lines, self_contained)
    name = detect(lines, size)
    i, s = lines.significant()
    if name in ("grid", "numbers"):
        return "|" in s or RULE.match(s) is not None or rows_follow(lines, i, c)
    return (name in ("table", "euler", "pencilmarks")
            or name == "triples" and len(s.split()) >= 17)


def _clash_free(rows):
    for line in (*rows, *zip(*rows)):
        digits = [t for t in line if t not in (".", "0", "*", "_", "-", "__")]
        if len(set(digits)) != len(digits):
            return False
    return True


def detect(lines, found, size):
    """``line``, ``grid`` or ``numbers`` for input whose first significant line,
    ``found = (index, text)``, is no header, rule or list of triples.

    A line alone is a puzzle; so are N² cells that fit an NxN grid, unless the lines
    from there are a block of exactly N² lines of N² cells that reads as one grid
    (no digit twice in a row or column; any such block of spaced cells from 25x25 on),
    or it or some of the next 15 lines have as many cells that fit only as a row of an
    N²xN² grid (a damaged line, with a NUL byte say, fits neither).
    """
    from .cells import line_cells
    kind, cells = line_cells(found[1])
    n = math.isqrt(len(cells))
    # A whole puzzle, and the input pauses after it (a person typing, a pipe's writer
    # at work): decide with the lines that came, and answer it now.
    lines.pause_ends = n >= 4 and n * n == len(cells) and size in (None, n)
    try:
        return _detect(lines, found, size)
    finally:
        lines.pause_ends = False


def _detect(lines, found, size):
    from .cells import FIELD_END, fits, line_cells
    i, s = found
    kind, cells = line_cells(s)
    if lines.significant(i + 1) is None:
        return "line"  # one row alone is no grid
    from .rows import row_cells, rows_follow
    rows = "numbers" if row_cells(s, None, False)[0] == "n" else "grid"
    c = len(cells)
    if size:
        return "line" if c == size * size else rows
    if kind == "c" and c > MAX_SINGLE_CHAR and len(FIELD_END.split(s, 1)[0]) == c:
        return "line"  # too long for a row of symbols
    n = math.isqrt(c)
    if n < 4 or n * n != c or not _has_box(n):
        return rows if rows_follow(lines, i, c) else "line"
    # A line that fits no NxN grid but a row of a CxC one is such a row; one that fits
    # neither is a damaged line, which says nothing of the lines around it.
    if not fits(kind, cells, n) and fits(kind, cells, c):
        return rows
    spaced = len(s.split()) == c
    if spaced or c <= MAX_SINGLE_CHAR:
        block = _block(lines, i, c)
        if block is not None and (_clash_free(block) or spaced and c >= 25):
            return rows  # N lines of N cells and no more: an NxN grid (all blank, say)
    # N² cells that fit an NxN grid: a line, or the first row of an N²xN² grid (whose
    # rows are spaced, or not, as this line is)? When the (N²+1)-th line of such a run
    # fits no NxN grid, it is a row, and the grid's first row comes after this line.
    if c <= MAX_SINGLE_CHAR:
        run = _run(lines, i, c, spaced)
        if len(run) > c and not fits(*line_cells(run[c]), n):
            return "line"
    for _ in range(min(c - 1, 15)):
        item = lines.peek(i + 1)
        if item is None or not item[1].strip():
            break
        i += 1
        s = item[1].strip()
        if s[0] == "#":
            continue
        kind, cells = line_cells(s)
        if len(cells) != c or (len(s.split()) == c) != spaced:
            break
        if not fits(kind, cells, n) and fits(kind, cells, c):
            return rows
    return "line"
