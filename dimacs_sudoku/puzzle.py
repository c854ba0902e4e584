"""Reading puzzles in every common text format, told apart by their first lines.

Formats (:data:`FORMATS`; ``fmt=`` forces one):

``line``
    One puzzle per line: N² symbols (``1-9`` then ``A-Z``, any case; blanks
    ``. 0 * _ -``), or N² whitespace-separated symbols or numbers. Anything after the
    puzzle and a space, tab, ``,``, ``;`` or ``:`` is ignored (ratings, a solution).
    A 16x16 line with a ``0`` and no ``G`` is in the hex convention (``0-F`` for
    1-16) if it also has another blank symbol or is a full grid; otherwise ``0`` is
    a blank, as in the usual ``1-9A-G`` convention, which wins when in doubt.
``grid``
    N rows of N symbols: .sdk files, pretty grids with ``|`` and ``--+--`` rules
    (a line of only ``- + = |`` is a rule, never a row of ``-`` blanks). Without
    ``box``, the box shape follows the ``|`` bars and the rules when they fit.
``numbers``
    N rows of N whitespace-separated numbers, with ``0``, ``.`` or ``_`` for blanks.
``table``
    The SAT competition 2019 form: headers such as ``puzzle size: 4x4`` (the box
    shape, so 16x16), then rows of width-padded numbers between ``|``, ``__`` blank.
``triples``
    9x9 hints ``rcd`` (``114``: row 1, column 1 holds 4), on one or more lines; a
    blank line ends a puzzle.

Grids in multi-line formats follow each other directly or with blank lines between;
``#`` lines are comments everywhere.

Detection looks at the first line that is not blank or a comment: a header means
``table``; a rule or ``|``, ``grid``; tokens that are all three digits 1-9,
``triples`` (unless two or three tokens without a repeated digit, which read better
as a grid row like ``123 456 789``); a line alone in the input, ``line``; more than
35 symbols without spaces (too long for a row), ``line``; N² cells (N >= 4) that fit
an NxN grid, ``line``, unless some of the next 15 lines have as many cells that do
not fit, which makes them rows of an N²xN² grid; otherwise ``numbers`` for rows of
numbers (``0 15 0 1 ...``) and ``grid`` for rows of symbols.

>>> g = parse_puzzle("1..4" "4..." "...3" "3..1")
>>> g.size, g.layout.box, g.cells[:4]
(4, (2, 2), [1, 0, 0, 4])
>>> text = ["# two puzzles", "1 . | . 4", "4 . | . .", "----+----", ". . | . 3", "3 . | . 1"]
>>> [(g.line, g.to_line()) for g in read_puzzles(text + text[1:], "p.txt")]
[(2, '1..44......33..1'), (7, '1..44......33..1')]
"""
import math
import re
from collections import deque

from .errors import PuzzleError, UsageError
from .grid import SYMBOLS, Grid, Layout, parse_box

FORMATS = ("line", "grid", "numbers", "table", "triples")

BLANKS = ".0*_-"

# Symbol -> value as a bytes.translate table; 255 marks a bad symbol.
_table = bytearray(b"\xff" * 256)
for _value, _ch in enumerate(SYMBOLS, 1):
    _table[ord(_ch)] = _table[ord(_ch.lower())] = _value
for _ch in BLANKS:
    _table[ord(_ch)] = 0
_CHARS = bytes(_table)
_table = bytearray(b"\xff" * 256)
for _value, _ch in enumerate("0123456789ABCDEF", 1):
    _table[ord(_ch)] = _table[ord(_ch.lower())] = _value
for _ch in BLANKS[:1] + BLANKS[2:]:
    _table[ord(_ch)] = 0
_HEX = bytes(_table)
del _table, _value, _ch

_NUMS = {str(i): i for i in range(1000)}
_NUMS.update({ch * k: 0 for ch in "._-*" for k in range(1, 5)})

_HEADER = re.compile(r"(experiment|number of tasks|task|puzzle size)\s*:", re.I)
_RULE = re.compile(r"[-+=|:*\s]*[-=][-+=|:*\s]*\Z")
_TRIPLE = re.compile(r"[1-9]{3}\Z")
_FIELD_END = re.compile(r"[\s,;:]")
_TOKEN = re.compile(r"[^\s|]+")


class _Bad(Exception):
    """A bad cell at ``index`` of a row or line; the column is filled in later."""

    def __init__(self, index, before, after=""):
        super().__init__(before)
        self.index, self.before, self.after = index, before, after

    def message(self, column):
        if column is None:
            return self.before + self.after
        return "%s in column %d%s" % (self.before, column, self.after)


# ---- cells ------------------------------------------------------------------

def _is_hex(b):
    """Is a 256-symbol line with a ``0`` and no ``G`` in the hex ``0-F`` convention?"""
    if any(ch in b for ch in b".*_-"):
        return True
    upper = b.upper()
    return all(upper.count(ch) == 16 for ch in b"0123456789ABCDEF")


def _digits(n, symbols=True):
    """The digits of an NxN grid, for messages: ``1-9``, ``1-9 and A-G``, ``1-100``."""
    if n <= 9 or not symbols:
        return "1-%d" % n
    return "1-9 and A" if n == 10 else "1-9 and A-%s" % SYMBOLS[n - 1]


_LIMITED = {}


def _limited(table, n):
    """``table`` with every value above ``n`` turned into 255 (bad), cached."""
    key = (table, n)
    limited = _LIMITED.get(key)
    if limited is None:
        limited = _LIMITED[key] = bytes(v if v <= n else 255 for v in table)
    return limited


def _decode_chars(chars, n):
    """Values of a string of one-character symbols for an NxN grid."""
    try:
        b = chars.encode("ascii")
    except UnicodeEncodeError as error:
        raise _Bad(error.start, "bad symbol %r" % chars[error.start]) from None
    table = _CHARS
    if n == 16 and b"0" in b and b"G" not in b and b"g" not in b and _is_hex(b):
        table = _HEX
    values = b.translate(_limited(table, n))
    if 255 in values:
        i = values.index(255)
        ch, v = chars[i], table[b[i]]
        if v == 255:
            raise _Bad(i, "bad symbol %r" % ch)
        if ch.isdigit():
            raise _Bad(i, "digit %s" % ch, " is out of range for a %dx%d grid (%s)"
                       % (n, n, _digits(n)))
        raise _Bad(i, "bad symbol %r" % ch, " (a %dx%d grid uses %s)" % (n, n, _digits(n)))
    return list(values)


def _number(token):
    """The value of a token that is not in ``_NUMS``, or None."""
    if token.isascii():
        if token.isdigit():
            return int(token)
        if not token.strip("._-*"):
            return 0
        if len(token) == 1 and _CHARS[ord(token)] != 255:
            return _CHARS[ord(token)]  # a letter among numbers: 1-9A-Z
    return None


def _decode_numbers(tokens, n):
    """Values of whitespace-separated number tokens for an NxN grid."""
    get = _NUMS.get
    values = [get(t) for t in tokens]
    if None in values:
        for i, v in enumerate(values):
            if v is None:
                v = values[i] = _number(tokens[i])
                if v is None:
                    raise _Bad(i, "bad number %r" % tokens[i])
    if values and max(values) > n:
        i = next(i for i, v in enumerate(values) if v > n)
        raise _Bad(i, "number %d" % values[i], " is out of range for a %dx%d grid (1-%d)"
                   % (n, n, n))
    return values


def _is_number(token):
    """Is the token a number or a blank (not a letter)?"""
    return token in _NUMS or token.isascii() and (token.isdigit() or not token.strip("._-*"))


def _column(text, index, kind):
    """The 1-based column of cell ``index`` in ``text`` (kind 'c' symbols, 'n' tokens)."""
    if kind == "c":
        k = -1
        for pos, ch in enumerate(text):
            if ch not in " \t|":
                k += 1
                if k == index:
                    return pos + 1
        return None
    for k, match in enumerate(_TOKEN.finditer(text)):
        if k == index:
            return match.start() + 1
    return None


def _line_cells(s):
    """The cells of a one-line puzzle: ``('c', symbols)`` or ``('n', tokens)``."""
    if " " not in s and "\t" not in s and "," not in s and ";" not in s and ":" not in s:
        return "c", s
    field = _FIELD_END.split(s, 1)[0]
    if len(field) >= 16:
        return "c", field  # a puzzle followed by other fields
    tokens = s.split()
    if all(len(t) == 1 for t in tokens):
        return "c", "".join(tokens)
    return "n", tokens


def _row_cells(s, n, numbers):
    """The cells of a grid row: ``('c', symbols)`` or ``('n', tokens)``.

    A row is numbers when forced, or when its tokens are all numbers, some longer
    than one character, as many as the row needs (``n``, or their count for a first
    row) and none bigger than that: ``10 0 3 16 ...`` but not ``123 456 789``.
    """
    tokens = s.replace("|", " ").split() if "|" in s else s.split()
    if numbers:
        return "n", tokens
    if all(len(t) == 1 for t in tokens):
        return "c", "".join(tokens)
    want = len(tokens) if n is None else n
    if len(tokens) == want and all(map(_is_number, tokens)):
        try:
            values = _decode_numbers(tokens, want)
        except _Bad:
            values = None
        if values is not None:
            return "n", tokens
    return "c", "".join(tokens)


# ---- input lines --------------------------------------------------------------

def _numbered(lines, first):
    """``(number, text)`` for each line, without a BOM, line end or trailing blanks.

    A ``\\r`` left inside a line (old Mac line ends) starts a new line.
    """
    n, start = first - 1, True
    for raw in lines:
        n += 1
        text = raw.rstrip()
        if start:
            text, start = text.lstrip("\ufeff"), False
        if "\r" in text:
            parts = text.split("\r")
            for part in parts[:-1]:
                yield n, part.rstrip()
                n += 1
            text = parts[-1].rstrip()
        yield n, text


class _Lines:
    """Numbered lines (see :func:`_numbered`) with look-ahead and push-back."""

    def __init__(self, lines, first=1):
        self._it = _numbered(lines, first)
        self._buf = deque()

    def next(self):
        return self._buf.popleft() if self._buf else next(self._it, None)

    def push(self, item):
        self._buf.appendleft(item)

    def peek(self, i):
        while len(self._buf) <= i:
            item = next(self._it, None)
            if item is None:
                return None
            self._buf.append(item)
        return self._buf[i]

    def rest(self):
        """Iterate over the remaining lines (the fast path for one-line puzzles)."""
        while self._buf:
            yield self._buf.popleft()
        yield from self._it


class _Context:
    """The options of one read, and the layouts made so far.

    ``size`` forces N; ``box`` alone does not, but must fit each puzzle's N (a
    :class:`UsageError` if not). ``hint`` is the N they point to, for messages.
    """

    def __init__(self, source, size, box):
        if size is not None and (not isinstance(size, int) or size < 1):
            raise UsageError("the grid size must be a positive number, not %r" % (size,))
        if box is not None:
            if isinstance(box, str):
                box = parse_box(box, size)
            box = tuple(box)
            if len(box) != 2 or box[0] < 1 or box[1] < 1:
                raise UsageError("a box shape is two positive numbers, not %r" % (box,))
            if size is not None and box[0] * box[1] != size:
                raise UsageError("box %dx%d does not fit a %dx%d grid (R*C must be %d)"
                                 % (box + (size, size, size)))
        self.source, self.size, self.box = source, size, box
        self.hint = size or (box[0] * box[1] if box else None)
        self._layouts = {}

    def layout(self, n, box, line):
        key = (n, self.box or box)
        layout = self._layouts.get(key)
        if layout is None:
            if self.box and self.hint != n:
                raise UsageError("box %dx%d does not fit a %dx%d grid (R*C must be %d)"
                                 % (self.box + (n, n, n)), self.source, line)
            try:
                layout = Layout(n, key[1])
            except UsageError as error:
                raise PuzzleError(error.message, self.source, line) from None
            self._layouts[key] = layout
        return layout

    def error(self, message, line):
        return PuzzleError(message, self.source, line)


def _wrong_count(c, size):
    n = size or max(4, round(math.sqrt(c)))
    return "%d cells, a %dx%d grid needs %d" % (c, n, n, n * n)


# ---- detection ----------------------------------------------------------------

def _significant(lines, start=0):
    """Index and stripped text of the first line from ``start`` that is not blank
    or a comment; None at the end."""
    i = start
    while True:
        item = lines.peek(i)
        if item is None:
            return None
        s = item[1].strip()
        if s and s[0] != "#":
            return i, s
        i += 1


def _looks_like_triples(tokens):
    if not 1 <= len(tokens) <= 81 or not all(_TRIPLE.match(t) for t in tokens):
        return False
    digits = "".join(tokens)
    # "123 456 789" is more likely a 9x9 row written by boxes.
    return not (len(tokens) in (2, 3) and len(set(digits)) == len(digits))


def _fits(kind, cells, n):
    try:
        (_decode_chars if kind == "c" else _decode_numbers)(cells, n)
    except _Bad:
        return False
    return True


def _square_block(lines, i, c):
    """Whether the lines from ``i`` are exactly ``c`` lines of ``c`` spaced cells, then
    a blank line or the end (comment lines aside), with no digit twice in a row or a
    column: a grid, rather than ``c`` one-line puzzles."""
    rows = []
    while True:
        item = lines.peek(i)
        s = item[1].strip() if item is not None else ""
        if not s:
            break
        if s[0] != "#":
            tokens = s.split()
            if len(rows) == c or len(tokens) != c:
                return False
            rows.append(tokens)
        i += 1
    if len(rows) != c:
        return False
    for line in (*rows, *zip(*rows)):
        digits = [t for t in line if t not in BLANKS]
        if len(set(digits)) != len(digits):
            return False
    return True


def _detect(lines, size):
    found = _significant(lines)
    if found is None:
        return "line"
    i, s = found
    if _HEADER.match(s):
        return "table"
    if "|" in s or _RULE.match(s):
        return "grid"
    tokens = s.split()
    if size in (None, 9) and _looks_like_triples(tokens):
        return "triples"
    kind, cells = _line_cells(s)
    if _significant(lines, i + 1) is None:
        return "line"  # one row alone is no grid
    rows = "numbers" if _row_cells(s, None, False)[0] == "n" else "grid"
    c = len(cells)
    if size:
        return "line" if c == size * size else rows
    if kind == "c" and c > len(SYMBOLS) and len(_FIELD_END.split(s, 1)[0]) == c:
        return "line"  # too long for a row of symbols
    n = math.isqrt(c)
    if n < 4 or n * n != c or not _fits(kind, cells, n):
        return rows
    if len(s.split()) == c and _square_block(lines, i, c):
        return rows  # N lines of N spaced cells and no more: an NxN grid (all blank, say)
    # N² cells that fit an NxN grid: a line, or the first row of an N²xN² grid?
    for _ in range(min(c - 1, 15)):
        item = lines.peek(i + 1)
        if item is None or not item[1].strip():
            break
        i += 1
        s = item[1].strip()
        if s[0] == "#":
            continue
        kind, cells = _line_cells(s)
        if len(cells) != c:
            break
        if not _fits(kind, cells, n):
            return rows
    return "line"


def detect_format(text, size=None, box=None):
    """The name of the format of ``text`` (a string or an iterable of lines), as
    :func:`read_puzzles` would read it with this ``size`` and ``box``.

    >>> detect_format("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5"
    ...               "..2.....1.4......\\n")
    'line'
    >>> detect_format("+-----+-----+\\n| 1 . | . 4 |")
    'grid'
    >>> detect_format("114 147 156 215"), detect_format("experiment: 4x4")
    ('triples', 'table')
    """
    if isinstance(text, str):
        text = text.splitlines()
    return _detect(_Lines(text), _Context(None, size, box).size)


# ---- readers ------------------------------------------------------------------

def _read_lines(lines, ctx, lenient):
    source, size, layouts = ctx.source, ctx.size, {}
    for lineno, text in lines.rest():
        s = text.strip()
        if not s or s[0] == "#":
            continue
        try:
            kind, cells = _line_cells(s)
            c = len(cells)
            n = size or math.isqrt(c)
            if n * n != c:
                raise PuzzleError(_wrong_count(c, size or ctx.hint), source, lineno)
            layout = layouts.get(n)
            if layout is None:
                layout = layouts[n] = ctx.layout(n, None, lineno)
            try:
                values = (_decode_chars if kind == "c" else _decode_numbers)(cells, n)
            except _Bad as bad:
                raise PuzzleError(bad.message(_column(text, bad.index, kind)),
                                  source, lineno) from None
            yield _make_grid(values, layout, source, lineno)
        except PuzzleError as error:
            if not lenient:
                raise
            yield error


def _make_grid(values, layout, source, line, row_lines=None):
    return Grid(values, layout=layout, source=source, line=line, row_lines=row_lines)


def _header_box(s, ctx, lineno):
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


def _bar_width(s, kind, cells):
    """Cells between ``|`` bars in a first row, when they are all equal, else None."""
    if "|" not in s:
        return None
    counts = []
    for part in s.split("|"):
        part = part.split() if kind == "n" else part.replace(" ", "").replace("\t", "")
        if part:
            counts.append(len(part))
    if len(counts) > 1 and len(set(counts)) == 1:
        return counts[0]
    return None


def _inferred_box(n, width, height):
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


def _read_grid(lines, ctx, numbers, header_box, start):
    """One grid from its first row on: a Grid, or a PuzzleError for a bad cell or row
    (returned once all its rows are read, so the next grid can still be read).

    Raises PuzzleError when the grid ends early."""
    n = ctx.size or (header_box[0] * header_box[1] if header_box else None)
    rows, width, height, first_bad = [], None, None, None
    while n is None or len(rows) < n:
        item = lines.next()
        where = "the end"
        if item is not None:
            lineno, text = item
            s = text.strip()
            if s and s[0] == "#":
                continue
            if s and not _HEADER.match(s):
                if _RULE.match(s):
                    if rows and height is None:
                        height = len(rows)
                    continue
                kind, cells = _row_cells(s, n, numbers)
                if not rows:
                    width = _bar_width(s, kind, cells)
                if n is None:
                    n = len(cells)
                elif len(cells) != n and first_bad is None:
                    first_bad = ctx.error("row %d has %d cells, a %dx%d grid needs %d"
                                          % (len(rows) + 1, len(cells), n, n, n), lineno)
                rows.append((lineno, text, kind, cells))
                continue
            lines.push(item)
            where = ("the blank line at line %d" if not s else "the header at line %d") % lineno
        raise ctx.error("a %dx%d grid needs %d rows, found %d before %s"
                        % (n, n, n, len(rows), where), start)
    if first_bad is not None:
        return first_bad
    try:
        layout = ctx.layout(n, header_box or _inferred_box(n, width, height), start)
    except PuzzleError as error:
        return error
    values, row = [], 0
    try:
        if all(kind == "c" for _, _, kind, _ in rows):
            # Decoded as one string, so that a 16x16 grid can be in the hex convention.
            try:
                values = _decode_chars("".join(cells for _, _, _, cells in rows), n)
            except _Bad as bad:
                row, bad.index = divmod(bad.index, n)
                raise
        else:
            for row, (_, _, kind, cells) in enumerate(rows):
                values += (_decode_chars if kind == "c" else _decode_numbers)(cells, n)
    except _Bad as bad:
        lineno, text, kind, _ = rows[row]
        return ctx.error(bad.message(_column(text, bad.index, kind)), lineno)
    return _make_grid(values, layout, ctx.source, start, [r[0] for r in rows])


def _skip_block(lines):
    """Skip to the next blank line or header, after a grid that could not be read."""
    while True:
        item = lines.next()
        if item is None:
            return
        s = item[1].strip()
        if not s:
            return
        if _HEADER.match(s):
            lines.push(item)
            return


def _read_rows(lines, ctx, fmt, lenient):
    numbers = fmt != "grid"
    header_box, start = None, None
    while True:
        item = lines.next()
        if item is None:
            return
        lineno, s = item[0], item[1].strip()
        if not s or s[0] == "#":
            continue
        try:
            if _HEADER.match(s):
                start = start or lineno
                header_box = _header_box(s, ctx, lineno) or header_box
                continue
            if _RULE.match(s):
                continue
            lines.push(item)
            result = _read_grid(lines, ctx, numbers, header_box, start or lineno)
        except PuzzleError as error:
            if not lenient:
                raise
            yield error
            _skip_block(lines)
        else:
            if isinstance(result, PuzzleError) and not lenient:
                raise result
            yield result
        start = None


def _read_triples(lines, ctx, lenient):
    layout = None
    while True:
        item = lines.next()
        if item is None:
            return
        start, s = item[0], item[1].strip()
        if not s or s[0] == "#":
            continue
        lines.push(item)
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
                if not _TRIPLE.match(token):
                    error = ctx.error("bad hint %r in column %d: a hint is three digits"
                                      " 1-9, row column digit (114 = r1c1 is 4)"
                                      % (token, _column(text, k, "n")), lineno)
                    break
                cell, digit = (int(token[0]) - 1) * 9 + int(token[1]) - 1, int(token[2])
                if cells[cell] and cells[cell] != digit:
                    error = ctx.error("hint %s in column %d gives r%sc%s digit %d, but hint"
                                      " %s on line %d gave %d"
                                      % ((token, _column(text, k, "n"), token[0], token[1],
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
            yield _make_grid(cells, layout, ctx.source, start)


def _reader(stream, source, fmt, size, box, lenient, first=1):
    if fmt is not None and fmt not in FORMATS:
        raise UsageError("unknown puzzle format %r; use one of %s"
                         % (fmt, ", ".join(FORMATS)))
    ctx = _Context(source, size, box)
    if fmt == "triples" and ctx.hint not in (None, 9):
        raise UsageError("triples are for 9x9 grids only, not %dx%d" % (ctx.hint, ctx.hint))
    lines = _Lines(stream, first)

    # The options are checked now; the input is read when the caller starts iterating.
    def run():
        name = fmt or _detect(lines, ctx.size)
        if name == "line":
            yield from _read_lines(lines, ctx, lenient)
        elif name == "triples":
            yield from _read_triples(lines, ctx, lenient)
        else:
            yield from _read_rows(lines, ctx, name, lenient)
    return run()


def read_puzzles(stream, source="<stdin>", fmt=None, size=None, box=None):
    """Yield each puzzle of a text stream (or any iterable of lines) as a Grid, as it
    is read; a bad puzzle raises :class:`PuzzleError` naming its file and line.

    ``fmt`` forces one of :data:`FORMATS`, ``size`` the grid size N and ``box`` the
    box shape ``(rows, cols)``; a bad one raises :class:`UsageError` at once. Each
    grid's ``source`` and ``line`` say where it starts.

    >>> lines = ["\\ufeff# 4x4 puzzles\\r\\n", "1..44......33..1  \\r\\n", "", "2..." * 4]
    >>> [(g.size, g.line) for g in read_puzzles(lines, "p.txt")]
    [(4, 2), (4, 4)]
    >>> list(read_puzzles(["1..44......33..x"], "p.txt"))
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.PuzzleError: p.txt:1: bad symbol 'x' in column 16 (a 4x4 grid uses 1-4)
    """
    return _reader(stream, source, fmt, size, box, False)


def read_puzzles_lenient(stream, source="<stdin>", fmt=None, size=None, box=None):
    """Like :func:`read_puzzles`, but yield a :class:`PuzzleError` (not raise it) for
    each puzzle that cannot be read, and go on with the next one.

    In the multi-line formats, a grid with a bad cell or row is read to its last row;
    one that ends early is skipped to the next blank line or header.

    >>> [type(x).__name__ for x in read_puzzles_lenient(["1..44......33..1", "1..x", "2" * 16])]
    ['Grid', 'PuzzleError', 'Grid']
    """
    return _reader(stream, source, fmt, size, box, True)


def parse_puzzle(text, size=None, box=None, fmt=None, source=None, line=None):
    """The one puzzle in ``text``, in any format; an error if there are none or several.

    ``line`` is the number of the text's first line, for messages.

    >>> parse_puzzle("1 2 0 0\\n0 0 1 2\\n0 1 0 0\\n0 0 0 1").to_line()
    '12....12.1.....1'
    >>> parse_puzzle("123456" + "." * 30, box=(3, 2)).layout.describe()
    '6x6, boxes 3x2'
    """
    first = line or 1
    puzzles = _reader(text.splitlines(), source, fmt, size, box, False, first)
    grid = next(puzzles, None)
    if grid is None:
        raise PuzzleError("no puzzle found", source, line)
    other = next(puzzles, None)
    if other is not None:
        raise PuzzleError("found several puzzles where one was expected (another starts"
                          " at line %d)" % other.line, source, grid.line)
    return grid
