"""Grids written one row per line, the reading that the grid, numbers, table and
Project Euler formats share.

A row is symbols (``1..4``, ``1 . . 4``, ``| 1 . | . 4 |``) or numbers (``10 0 3 16``);
a boxed row may use spaces for blanks (``| 1   |   4 |``), read by position. Lines of
only ``- + = |`` are rules, headers (``puzzle size: 3x3``, ``Grid 01``) start a grid,
and a grid ends after N rows.

>>> from .source import Context, Lines
>>> rows = ["+-----+-----+", "| 1   |   4 |", "| 4   |     |", "+-----+-----+",
...         "|     |   3 |", "| 3   |   1 |", "+-----+-----+"]
>>> [g.to_line() for g in read_rows(Lines(rows), Context(None, None, None), "grid", False)]
['1..44......33..1']
"""
import re
from math import isqrt

from ..errors import PuzzleError
from ..core.layout import MAX_SIZE
from .cells import Bad, column, decode_chars, decode_numbers, is_number, line_cells
from .source import HEADER, make_grid

RULE = re.compile(r"[-+=|:*\s]*[-=][-+=|:*\s]*\Z")


def boxed_cells(s):
    """The one-character cells of a row between ``|`` bars read by position, where a
    space is a blank (``| 1   |   4 |``), or None when the row is not laid out so."""
    if len(s) < 5 or s[0] != "|" or s[-1] != "|":
        return None
    parts = s[1:-1].split("|")
    width = len(parts[0])
    if width < 3 or width % 2 == 0:
        return None
    cells = []
    for part in parts:
        if len(part) != width or part[0::2].strip():
            return None
        cells.append(part[1::2])
    return "".join(cells).replace(" ", ".")


def row_cells(s, n, numbers):
    """The cells of a grid row: ``('c', symbols)`` or ``('n', tokens)``.

    A row is numbers when forced, or when its tokens are numbers (a stray letter
    aside), some longer than one character, as many as the row needs (``n``, or their
    count for a first row) and, for a short row, none bigger than that: ``10 0 3 16 ...``
    but not ``123 456 789``.
    """
    tokens = s.replace("|", " ").split() if "|" in s else s.split()
    if numbers:
        return "n", tokens
    if all(len(t) == 1 for t in tokens):
        if "|" in s and (n is None or len(tokens) != n):
            boxed = boxed_cells(s)
            if boxed is not None:
                return "c", boxed
        return "c", "".join(tokens)
    want = len(tokens) if n is None else n
    if len(tokens) == want and want > 1:
        values = [int(t) if t.isdigit() else 0 for t in tokens
                  if is_number(t) or len(t) == 1]
        if len(values) == want and (want > 6 or max(values) <= want):
            return "n", tokens
    return "c", "".join(tokens)


def bar_width(s, kind):
    """Cells between ``|`` bars in a first row, when they are all equal, else None."""
    if "|" not in s:
        return None
    if kind == "c":
        boxed = boxed_cells(s)
        if boxed is not None:
            return (len(s.split("|")[1]) - 1) // 2
    counts = []
    for part in s.split("|"):
        part = part.split() if kind == "n" else part.replace(" ", "").replace("\t", "")
        if part:
            counts.append(len(part))
    if len(counts) > 1 and len(set(counts)) == 1:
        return counts[0]
    return None


def inferred_box(n, width, height):
    """A box shape from the ``|`` spacing and the rows between rules, if they fit."""
    width = width if width and 1 < width < n and n % width == 0 else None
    height = height if height and 1 < height < n and n % height == 0 else None
    if width and height:
        return (height, width) if width * height == n else None
    if width:
        return (n // width, width)
    if height:
        return (height, n // height)
    return None


def header_box(s, ctx, lineno):
    """The box shape of a ``puzzle size: RxC`` header, or None for other headers."""
    name, _, value = s.partition(":")
    if name.strip().lower() != "puzzle size":
        return None
    match = re.fullmatch(r"\s*(\d+)\s*[xX*]\s*(\d+)\s*", value)
    if not match or not all(int(g) for g in match.groups()):
        raise ctx.error("cannot read the puzzle size %r (the box shape, such as 3x3)"
                        % value.strip(), lineno)
    box = (int(match.group(1)), int(match.group(2)))
    n = box[0] * box[1]
    if ctx.size is not None and ctx.size != n:
        raise ctx.error("puzzle size %dx%d means a %dx%d grid, not %dx%d"
                        % (box + (n, n, ctx.size, ctx.size)), lineno)
    return box


def puzzle_of_its_own(count, n):
    """Whether a line of ``count`` cells in a grid whose rows have ``n`` is a line
    puzzle of another size (N*N cells, from 4x4): it ends the grid."""
    m = isqrt(count)
    return count != n and m >= 4 and m * m == count


def read_grid(lines, ctx, numbers, box, start, make_grid):
    """One grid from its first row on: a Grid, or a PuzzleError for a bad cell or row
    (returned once all its rows are read, so the next grid can still be read), or for
    a grid cut short by a line puzzle of another size (which is read next).

    Raises PuzzleError when the grid ends early."""
    n = ctx.size or (box[0] * box[1] if box else None)
    rows, width, height, first_bad = [], None, None, None
    while n is None or len(rows) < n:
        item = lines.next()
        where = "the end"
        if item is not None:
            lineno, text = item
            s = text.strip()
            if s and s[0] == "#":
                continue
            if s and not HEADER.match(s):
                if RULE.match(s):
                    if rows and height is None:
                        height = len(rows)
                    continue
                kind, cells = row_cells(s, n, numbers)
                if not rows:
                    width = bar_width(s, kind)
                if n is None:
                    n = len(cells)
                    if n > MAX_SIZE:
                        raise ctx.error("a row of %d cells: the largest grid is %dx%d"
                                        % (n, MAX_SIZE, MAX_SIZE), lineno)
                elif len(cells) != n:
                    if rows and puzzle_of_its_own(len(cells), n):
                        lines.push(item)    # (read next: no block to skip)
                        return ctx.error("a %dx%d grid needs %d rows, found %d before the "
                                         "puzzle at line %d" % (n, n, n, len(rows), lineno),
                                         start)
                    if first_bad is None:
                        first_bad = ctx.error("row %d has %d cells, a %dx%d grid needs %d"
                                              % (len(rows) + 1, len(cells), n, n, n),
                                              lineno)
                rows.append((lineno, text, kind, cells))
                continue
            lines.push(item)
            where = ("the blank line at line %d" if not s else "the header at line %d") % lineno
        raise ctx.error("a %dx%d grid needs %d rows, found %d before %s"
                        " (--input-format line reads each line as a puzzle)"
                        % (n, n, n, len(rows), where), start)
    if first_bad is not None:
        return first_bad
    try:
        layout = ctx.layout(n, box or inferred_box(n, width, height), start)
    except PuzzleError as error:
        return error
    values, row = [], 0
    symbols = None
    try:
        if all(kind == "c" for _, _, kind, _ in rows):
            # Decoded as one string, so that a 16x16 grid can be in the hex convention.
            chars = "".join(cells for _, _, _, cells in rows)
            try:
                values = decode_chars(chars, n)
            except Bad as bad:
                row, bad.index = divmod(bad.index, n)
                raise
            if n == 16:
                from .cells import chars_notation
                symbols = chars_notation(chars, n)
        else:
            for row, (_, _, kind, cells) in enumerate(rows):
                values += (decode_chars if kind == "c" else decode_numbers)(cells, n)
            if n > 9 and any(kind == "n" for _, _, kind, _ in rows):
                symbols = "numbers"
    except Bad as bad:
        lineno, text, kind, _ = rows[row]
        return ctx.error(bad.message(column(text, bad.index, kind)), lineno)
    return make_grid(values, layout, ctx.source, start, [r[0] for r in rows], symbols)


def skip_block(lines):
    """Skip to the next blank line or header, after a grid that could not be read."""
    while True:
        item = lines.next()
        if item is None:
            return
        s = item[1].strip()
        if not s:
            return
        if HEADER.match(s):
            lines.push(item)
            return


def _line_puzzle(lines, item, size):
    """Whether the lines from ``item`` on, where a grid could start in a mixed input,
    are line puzzles instead (``item`` is then pushed back)."""
    from . import detect
    c = len(line_cells(item[1].strip())[1])
    if size and c != size * size or not size and (c < 16 or isqrt(c) ** 2 != c):
        return False                        # (a quick no: not N*N cells)
    lines.push(item)
    if detect(lines, size) == "line":
        return True
    lines.next()
    return False


def _pencil_grid(lines, item, size):
    """Whether a pencil-mark grid starts at ``item``, a border line where a grid
    could start in a mixed input (``item`` is then pushed back)."""
    from . import detect
    lines.push(item)
    if detect(lines, size) == "pencilmarks":
        return True
    lines.next()
    return False


def row_width(s):
    """The cells of a line read as a grid's row: its symbols, or its tokens."""
    tokens = s.split()
    return len(s) if len(tokens) == 1 else len(tokens)


def rows_follow(lines, i, c):
    """Whether the line ``i`` of ``c`` cells starts the rows of a CxC grid: of the next
    C-1 lines (comments aside; a blank line, the end, a boxed grid or a line puzzle of
    another size cuts them short, as it ends a grid), more have C cells, spaced or not
    as line ``i`` is, than have not.
    A damaged line (a NUL byte, a word) is then its own error, and does not take the
    puzzles after it as its rows; a grid with a damaged row is still one puzzle, and
    so is one cut short by a blank line.

    >>> from .source import Lines
    >>> rows_follow(Lines(["garbage!", "1..44......33..1"]), 0, 8)
    False
    >>> rows_follow(Lines(["1 . . 4", "4 . . .", ". . . 3", "3 . . 1"]), 0, 4)
    True
    """
    first = lines.peek(i)
    spaced = first is not None and len(first[1].split()) > 1
    matching = others = k = 0
    while k < c - 1:
        i += 1
        item = lines.peek(i)
        s = item[1].strip() if item is not None else ""
        if not s:
            break
        if s[0] == "#":
            continue
        if s[0] in "+|" or s[0] in "-=" and RULE.match(s):
            break                   # a boxed grid starts
        k += 1
        count = row_width(s)
        if count == c and (len(s.split()) > 1) == spaced:
            matching += 1
        elif puzzle_of_its_own(count, c):
            break
        else:
            others += 1
    return matching > others


def _no_rows(lines, item):
    """Whether the line ``item``, where a grid could start in a mixed input, starts
    none (:func:`rows_follow`): a damaged line, read next as a line of its own
    (``item`` is then pushed back)."""
    lines.push(item)
    if not rows_follow(lines, 0, row_width(item[1].strip())):
        return True
    lines.next()
    return False


def read_rows(lines, ctx, fmt, lenient):
    """Every grid of a multi-line format (``numbers`` forces rows of numbers)."""
    from .source import Segment
    numbers = fmt in ("numbers", "table")
    box, start = None, None
    mixed, taken = isinstance(lines, Segment), False
    while True:
        item = lines.next()
        if item is None:
            return
        lineno, s = item[0], item[1].strip()
        if not s or s[0] == "#":
            continue
        try:
            if HEADER.match(s):
                if start is None and taken and \
                        ("euler" if s[0] in "gG" else "table") != fmt:
                    lines.push(item)
                    return          # the other headed format's part
                start = start or lineno
                box = header_box(s, ctx, lineno) or box
                continue
            if taken and start is None and s[:1] in ".*+" and _pencil_grid(lines, item,
                                                                           ctx.size):
                return                      # a pencil-mark grid after the grids
            if RULE.match(s):
                continue
            if taken and start is None and (fmt in ("table", "euler") or
                                            fmt == "numbers" and " " not in s):
                lines.push(item)
                return                      # a grid with no header, or of symbols
            if taken and start is None and "|" not in s and (
                    _line_puzzle(lines, item, ctx.size) or _no_rows(lines, item)):
                return                      # line puzzles or a damaged line after grids
            taken = mixed
            lines.push(item)
            result = read_grid(lines, ctx, numbers, box, start or lineno, make_grid)
        except PuzzleError as error:
            if not lenient:
                raise
            yield error
            skip_block(lines)
        else:
            if isinstance(result, PuzzleError) and not lenient:
                raise result
            yield result
        start = box = None          # (a header says the shape of its own grid)
