"""The input side every reader shares: numbered lines, bounded, and the read's options.

Lines are read with a length limit, so that a file with no line end (``/dev/zero``, a
10 MB line of dots) is an error naming its line within a moment, not gigabytes of
memory: :data:`MAX_LINE` fits the one-line form of the largest grid, 400x400, with
room for padded numbers.

>>> lines = Lines(["\\ufeffa  \\r\\n", "b\\rc", ""])
>>> [lines.next() for _ in range(4)]
[(1, 'a'), (2, 'b'), (3, 'c'), (4, '')]
"""
import re
from collections import deque
from functools import partial
from itertools import chain

from ..errors import PuzzleError, UsageError
from ..core.grid import Grid
from ..core.layout import MAX_SIZE, Layout, parse_box
from ..streams import LONG_LINE, MAX_LINE as _STREAM_MAX_LINE, TextInput, says_nothing

# The header lines of the sudokusat2019 table and of Project Euler's file.
HEADER = re.compile(r"(experiment|number of tasks|task|puzzle size)\s*:|grid\s*\d+\s*\Z",
                    re.I)

# Longest input line read, in characters, the same for every text input: the line
# form of a 400x400 grid holds 160,000 numbers of up to 3 digits and their spaces.
MAX_LINE = _STREAM_MAX_LINE


def too_long(source, lineno):
    return PuzzleError("a line longer than %s characters: not a puzzle (the largest grid,"
                       " %dx%d, fits in fewer)" % (format(MAX_LINE, ","), MAX_SIZE, MAX_SIZE),
                       source, lineno)


def utf16(text):
    """Whether a first line, read as UTF-8, is UTF-16 text: its byte-order mark (two
    bad characters) or a NUL beside each character of a line of ASCII."""
    body = text[2:] if text[:2] == "\ufffd\ufffd" else text
    if "\0" not in body:
        return False
    even, odd = body[0::2].strip("\0"), body[1::2].strip("\0")
    return body is not text or len(body) >= 4 and not (even and odd) and bool(even or odd)


def numbered(lines, first=1, source=None, long_lines=None):
    """``(number, text)`` for each line, without a BOM, line end or trailing blanks.

    A stream is read a line at a time, at most MAX_LINE characters each; any other
    iterable of strings is taken as it comes. A longer line is an error; given a list
    ``long_lines``, it is that line's error only: appended there, the line skipped to
    its end and read as a blank line (the part before it ends there). A ``\\r`` left
    inside a line (old Mac line ends) starts a new line.

    >>> found = []
    >>> list(numbered(["1..4", "x" * (MAX_LINE + 1), "4..."], 1, "p.txt", found))
    [(1, '1..4'), (2, ''), (3, '4...')]
    >>> found[0].line
    2
    """
    readline = getattr(lines, "readline", None)
    if isinstance(lines, TextInput) or readline is None:
        raws = lines                # (a TextInput bounds its lines as it reads them)
    else:
        raws = iter(partial(readline, MAX_LINE + 1), "")
    n, start = first - 1, True
    for raw in raws:
        n += 1
        if raw is LONG_LINE or len(raw) > MAX_LINE and (
                raw[-1] not in "\r\n" or len(raw) > MAX_LINE + 2):
            if long_lines is None:
                raise too_long(source, n)
            long_lines.append(too_long(source, n))
            while raws is not lines and raw and raw[-1] not in "\r\n":
                raw = readline(MAX_LINE + 1)        # (the rest of the line, unkept)
            start = False
            yield n, ""
            continue
        text = raw.rstrip()
        if start:
            text, start = text.lstrip("\ufeff"), False
            if utf16(text):
                raise PuzzleError("UTF-16 text: puzzle files are UTF-8 (iconv -f UTF-16 -t"
                                  " UTF-8 converts it)", source, n)
        if "\r" in text:
            parts = text.split("\r")
            for part in parts[:-1]:
                yield n, part.rstrip()
                n += 1
            text = parts[-1].rstrip()
        yield n, text


class Lines:
    """Numbered lines (see :func:`numbered`) with look-ahead and push-back.

    ``items`` instead of ``lines`` takes lines already numbered (a reader that rewrites
    them, such as the CSV one). ``waiting``, a function, says when the input pauses
    (:meth:`~dimacs_sudoku.streams.TextInput.waiting`)."""

    def __init__(self, lines=(), first=1, source=None, items=None, waiting=None):
        self._it = iter(items) if items is not None else numbered(lines, first, source)
        self._buf = deque()
        self._waiting = waiting
        self.pause_ends = False     # look-ahead (peek) takes a pause for the end

    def waiting(self, i=0):
        """True when line ``i`` from here is not read yet and the input pauses (a
        terminal or pipe whose writer has sent nothing more): a filter answers what it
        has, instead of waiting to look further."""
        return len(self._buf) <= i and self._waiting is not None and self._waiting()

    def pauses(self):
        """True when the input pauses after the lines taken, but for lines that say
        nothing (blank lines, comments, a grid's border: looked at or not): the puzzle
        before is due now."""
        if self._waiting is None:
            return False
        if self._buf and not all(says_nothing(item[1]) for item in self._buf):
            return False
        return self._waiting()

    def next(self):
        return self._buf.popleft() if self._buf else next(self._it, None)

    def push(self, item):
        self._buf.appendleft(item)

    def peek(self, i):
        while len(self._buf) <= i:
            if self.pause_ends and self.waiting(i):
                return None
            item = next(self._it, None)
            if item is None:
                return None
            self._buf.append(item)
        return self._buf[i]

    def rest(self):
        """An iterator over the remaining lines (the fast path for one-line puzzles);
        a reader may stop iterating, push a line back and call it again."""
        if not self._buf:
            return self._it
        # The look-ahead is taken a line at a time, so that a line pushed back keeps
        # its place before the lines looked at and not taken yet (and the lines
        # themselves are never closed: a chain, not a generator, holds them).
        buf = self._buf
        return chain(iter(lambda: buf.popleft() if buf else None, None), self._it)

    def significant(self, start=0):
        """Index and stripped text of the first line from ``start`` that is not blank
        or a comment; None at the end."""
        i = start
        while True:
            item = self.peek(i)
            if item is None:
                return None
            s = item[1].strip()
            if s and s[0] != "#":
                return i, s
            i += 1


class Segment:
    """The lines of ``lines`` (a :class:`Lines`) up to the first significant one for
    which ``ends(text)`` holds, which is left in ``lines``: the part of a mixed input
    that one reader reads."""

    def __init__(self, lines, ends):
        self._lines, self._ends = lines, ends
        self._clear = 0         # leading look-ahead lines known to be in the segment

    def peek(self, i):
        while self._clear <= i:
            item = self._lines.peek(self._clear)
            if item is None:
                return None
            s = item[1].strip()
            if s and s[0] != "#" and self._ends(s):
                return None
            self._clear += 1
        return self._lines.peek(i)

    def next(self):
        if not self._clear and self.peek(0) is None:
            return None
        self._clear -= 1
        return self._lines.next()

    def push(self, item):
        self._lines.push(item)
        self._clear += 1

    def rest(self):
        while True:
            item = self.next()
            if item is None:
                return
            yield item

    significant = Lines.significant

    def waiting(self, i=0):
        return self._lines.waiting(i)

    # The pause that ends a look-ahead is the whole input's.
    pause_ends = property(lambda self: self._lines.pause_ends,
                          lambda self, value: setattr(self._lines, "pause_ends", value))


class Context:
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
        self.form = None            # the one pencil-mark form read (-f tdoku, ...)
        # A function giving the most lines a :class:`~.line.LineRun` holds, or None:
        # 9x9 line puzzles are then read as runs of text (a batch's --jobs).
        self.runs = None
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
                if key[1] is not None or not 1 < n <= MAX_SIZE:
                    raise PuzzleError(error.message, self.source, line) from None
                # A prime N: the puzzle's regions (a jigsaw rule) may replace the boxes.
                layout = Layout(n, (1, n))
                layout.unboxed = error.message
            self._layouts[key] = layout
        return layout

    def error(self, message, line):
        return PuzzleError(message, self.source, line)


def make_grid(values, layout, source, line, row_lines=None, symbols=None):
    """A Grid as every reader makes it: where it was read, and in what notation."""
    return Grid(values, layout=layout, source=source, line=line, row_lines=row_lines,
                symbols=symbols)


def one_puzzle(make, what, ctx, line, lenient):
    """Yield the grid ``make()`` reads from the text that starts at ``line`` (``what``
    names it: "the f-puzzles puzzle"), of the size asked for if one was. A
    PuzzleError names the file and that line (or its own) and, with ``lenient``, is
    yielded in the grid's place instead of raised."""
    try:
        grid = make()
        if ctx.size and grid.size != ctx.size:
            raise PuzzleError("%s is %dx%d, not %dx%d"
                              % (what, grid.size, grid.size, ctx.size, ctx.size))
    except PuzzleError as error:
        error = PuzzleError(error.message, ctx.source, error.line or line)
        if lenient:
            yield error
            return
        raise error from None
    grid.line = line
    yield grid
