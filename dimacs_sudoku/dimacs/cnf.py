"""DIMACS CNF: a strict streaming reader and a small writer.

The reader follows the SAT competition rules: ``c`` comment lines, one ``p cnf
VARIABLES CLAUSES`` header, then clauses of non-zero integers each ended by ``0``.
Clauses may span lines, comment lines may appear anywhere, CRLF and trailing blanks
are tolerated and a line starting with ``%`` ends the formula (SATLIB files). Anything
else is a :class:`~dimacs_sudoku.errors.DimacsError` naming the line.

>>> import io
>>> cnf = read_dimacs(io.StringIO("c demo\\np cnf 3 2\\n1 -2 0\\n2\\n3 0\\n"))
>>> cnf.num_vars, cnf.num_clauses, cnf.clauses, cnf.comments
(3, 2, [[1, -2], [2, 3]], ['demo'])
>>> out = io.StringIO()
>>> write_dimacs(cnf.clauses, 3, out, comments=["made by a test"])
>>> print(out.getvalue(), end="")
c made by a test
p cnf 3 2
1 -2 0
2 3 0

Bounds, checked before memory is spent: a variable number above
:data:`MAX_VARIABLE` (2**31 - 1, the C ``int`` every solver uses), a clause count above
:data:`MAX_CLAUSES`, a comment or header line longer than :data:`MAX_LINE` bytes, more
than that of comments before the header and a NUL byte (binary data) are errors naming
the line. Clause lines may be of any length:
they are read in pieces.

Speed: the input is read in blocks of 4 MB, each parsed in C as one JSON array of
arrays (about 3 s for ten million literals); a block holding the header, a ``%``
line, a clause that goes on into the next block or an error is read line by line,
which is what names the line of an error.
"""

import gc
import io
import json
import re
from collections import namedtuple
from itertools import chain

from ..errors import DimacsError, InputError

CHUNK_SIZE = 1 << 22         # bytes read at a time
MAX_VARIABLE = (1 << 31) - 1    # the largest variable number: a C int in every solver
MAX_CLAUSES = (1 << 63) - 1     # the largest clause count a header may declare
MAX_LINE = 1 << 24           # the longest comment or header line, in bytes
# The most variables a solver or checker in this process is given (cnfsolve's bundled
# and pysat: solvers, the DRAT checker): picosat takes about 150 bytes a variable with
# the model (2.5 GB here), and 400**3 cell variables of a full 400x400 encoding would
# not be solved anyway. A larger header is refused before any is spent.
MAX_IN_PROCESS_VARS = 1 << 24
_FAST_MIN = 1 << 16          # below this, a block is read line by line anyway
_BOM = b"\xef\xbb\xbf"
_CLAUSE_BYTES = b"0123456789- \t\r\n"
_BLANKS_TO_SPACE = bytes.maketrans(b"\t\r\n", b"   ")
_COMMENT_LINE = re.compile(rb"^c[^\n]*\n", re.MULTILINE)

Header = namedtuple("Header", "num_vars num_clauses comments")
Header.__doc__ = "The ``p cnf`` header, with the comments before it (first item of iter_clauses)."


class Cnf:
    """A CNF formula in memory: ``clauses`` is a list of lists of int."""

    __slots__ = ("num_vars", "num_clauses", "clauses", "comments")

    def __init__(self, num_vars, clauses, comments=()):
        self.num_vars = num_vars
        self.clauses = clauses
        self.num_clauses = len(clauses)
        self.comments = list(comments)

    def __repr__(self):
        return "Cnf(num_vars=%d, num_clauses=%d)" % (self.num_vars, self.num_clauses)


def binary_stream(stream):
    """The byte stream to read under ``stream`` (binary, or text with or without a
    ``.buffer``). Text already buffered by a text wrapper is not seen, so hand over
    streams nobody has read from yet."""
    if isinstance(stream, io.TextIOBase) or (
            not isinstance(stream, (io.RawIOBase, io.BufferedIOBase)) and
            hasattr(stream, "encoding")):
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            return buffer
        return _EncodedReader(stream)
    return stream


class _EncodedReader:
    """read(n) in bytes over a text stream without a buffer (io.StringIO)."""

    def __init__(self, text):
        self._text = text

    def read(self, size=-1):
        return self._text.read(size).encode("utf-8")


def read_pieces(raw, size=None, source=None, error=None):
    """Yield ``(data, continued)``: the stream in pieces of whole lines.

    A line longer than ``size`` is cut at a blank (the blank is dropped) and the
    pieces after the first have ``continued`` true, so no token is ever cut. A BOM
    at the start is dropped. With a ``source`` (the name of the input), a NUL byte
    (binary data) and a run of more than twice ``size`` bytes with no blank are an
    ``error`` (default :class:`InputError`) naming it and the line, found as they are
    read.
    """
    error = error or InputError
    size = size or CHUNK_SIZE
    buf = b""
    continued = False
    first = True
    lines = 0               # line ends in the pieces yielded so far (with a source)
    # One read at a time (read1): the first empty read is the end, so one Ctrl-D ends
    # a terminal's input, and a pipe's lines are taken as they come.
    read = getattr(raw, "read1", raw.read)
    while True:
        chunk = read(size)
        if first:
            while chunk and _BOM.startswith(chunk) and chunk != _BOM:
                more = read(size)           # a BOM cut between two reads
                if not more:
                    break
                chunk += more
            first = False
            if chunk.startswith(_BOM):
                chunk = chunk[3:]
        if not chunk:
            if buf:
                yield buf, continued
            return
        if source is not None:
            nul = chunk.find(b"\0")
            if nul >= 0:
                raise error("a NUL byte: binary data, not text", source,
                                 lines + buf.count(b"\n") + chunk.count(b"\n", 0, nul) + 1)
        buf = buf + chunk if buf else chunk
        cut = buf.rfind(b"\n") + 1
        if cut and source is not None:
            lines += buf.count(b"\n", 0, cut)
        if cut:
            if cut == len(buf):
                yield buf, continued
                buf = b""
            else:
                yield buf[:cut], continued
                buf = buf[cut:]
            continued = False
        elif len(buf) >= size:
            blank = max(buf.rfind(b" "), buf.rfind(b"\t"))
            if blank > 0:
                yield buf[:blank], continued
                buf = buf[blank + 1:]
                continued = True
            elif len(buf) > max(2 * size, 1 << 20):     # one absurd token: the parser says so
                if source is not None:
                    raise error("%d bytes with no blank or line end: not DIMACS or "
                                "solver output" % len(buf), source, lines + 1)
                yield buf, continued
                buf = b""
                continued = True


def integers(tokens, line):
    """``tokens`` (bytes, from ``line.split()``) as a list of int, or None when one is
    not a plain integer (int() alone would also take ``+1`` and ``1_0``)."""
    if b"+" in line or b"_" in line:
        return None
    try:
        return list(map(int, tokens))
    except ValueError:
        return None


def not_an_integer(tokens):
    """The message for tokens that :func:`integers` refused."""
    wrong = bad_token(tokens) or max(tokens, key=len)
    return "%s is not an integer literal" % show_token(wrong)


def bad_token(tokens):
    """The first token of ``tokens`` (bytes) that is not a plain integer, or None."""
    for token in tokens:
        body = token[1:] if token[:1] == b"-" else token
        if not body.isdigit():
            return token
    return None


def show_token(token, limit=24):
    text = token.decode("utf-8", "replace")
    return repr(text if len(text) <= limit else text[:limit] + "...")


class DimacsReader:
    """A DIMACS CNF stream, read strictly and in pieces.

    The header (and the comments before it) is read at construction: ``num_vars``,
    ``num_clauses`` and ``comments`` are then known. Iterating yields the clauses
    (lists of int); :meth:`clause_blocks` yields them in lists, which is faster. The
    clause count is checked against the header when the end is reached.

    >>> r = DimacsReader(io.BytesIO(b"p cnf 2 2\\n1 2 0\\n-1 0\\n"))
    >>> r.num_vars, list(r)
    (2, [[1, 2], [-1]])

    ``max_vars`` refuses a header declaring more variables (for a solver with a
    smaller limit, named by ``reader``):

    >>> DimacsReader(io.BytesIO(b"p cnf 100 0\\n"), "f.cnf", 99, "the bundled solver")
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.DimacsError: f.cnf:1: the header declares 100 variables; the bundled solver takes at most 99
    """

    def __init__(self, stream, source="<stdin>", max_vars=None, reader=None):
        self.source = source
        self.max_vars = MAX_VARIABLE if max_vars is None else max_vars
        self.reader = reader or "the reader"
        self.num_vars = None
        self.num_clauses = None
        self.comments = []
        self.header_line = None
        self.clauses_read = 0
        self._lineno = 1
        self._pending = []          # literals of a clause not yet ended by 0
        self._pending_line = None
        self._carry = None          # "clause" when a clause line goes on in the next piece
        self._partial = None        # the start of another line cut between pieces
        self._done = False          # '%' seen
        self._any = False           # anything but blanks seen
        self._comment_bytes = 0     # the comments kept before the header
        self._pieces = read_pieces(binary_stream(stream), source=source)
        self._blocks = self._scan()
        self._first = next(self._blocks)    # reads up to the header

    def error(self, message, line=None):
        return DimacsError(message, self.source, self._lineno if line is None else line)

    def clause_blocks(self):
        """Yield lists of clauses until the end; check the count at the end."""
        if self._first is not None:
            first, self._first = self._first, None
            if first:
                yield first
        yield from self._blocks

    def __iter__(self):
        for block in self.clause_blocks():
            yield from block

    # -- scanning ------------------------------------------------------------------

    def _scan(self):
        header_given = False
        for piece, continued in self._pieces:
            blocks = self._piece(piece, continued)
            if not header_given and self.num_vars is not None:
                # Hand the header over first; the rest of this piece follows.
                header_given = True
                yield [clause for block in blocks for clause in block]
            else:
                yield from blocks
            if self._done:
                break
        if not header_given:
            if not self._any:
                raise DimacsError("empty input: no 'p cnf' header", self.source)
            raise self.error("no 'p cnf' header", max(self._lineno - 1, 1))
        if self._pending:
            raise self.error("the last clause has no terminating 0", self._pending_line)
        if self.clauses_read < self.num_clauses:
            raise self.error("the header declares %d clauses but only %d were read"
                             % (self.num_clauses, self.clauses_read), self.header_line)

    def _piece(self, piece, continued):
        """The clause blocks of one piece, as a list."""
        blocks = []
        pos = 0
        size = len(piece)
        tried_fast = False
        while pos < size:
            if (not tried_fast and self.num_vars is not None and not self._pending
                    and not (continued and pos == 0) and size - pos > _FAST_MIN):
                tried_fast = True
                block = self._fast(piece[pos:] if pos else piece)
                if block is not None:
                    if block:
                        blocks.append(block)
                    return blocks
            end = piece.find(b"\n", pos)
            complete = end >= 0
            if not complete:
                end = size
            block = self._line(piece[pos:end], continued and pos == 0, complete)
            if block:
                blocks.append(block)
            if complete:
                self._lineno += 1
            pos = end + 1
            if self._done:
                break
        return blocks

    def _fast(self, data):
        """Parse whole lines of clauses in one go (in C, as a JSON array of arrays);
        None when ``data`` needs reading line by line: a header or ``%`` line, a clause
        going on into the next piece, or an error, which the slow way then names."""
        if not data.endswith(b"\n"):
            return None
        lines = data.count(b"\n")
        if data[:1] == b"c" or b"\nc" in data:
            data = _COMMENT_LINE.sub(b"", data)
        if data.translate(None, _CLAUSE_BYTES):
            return None
        if not data.strip():                # blank lines and comments only
            self._lineno += lines
            return []
        # Any layout: clauses over several lines, several on a line, blank lines...
        flat = data.translate(_BLANKS_TO_SPACE)
        if b"  " in flat or flat[:1] == b" ":
            flat = b" ".join(flat.split())
        else:
            flat = flat[:-1]
        # Each 0 must end a clause: no empty clause, no -0, the last token a 0.
        if (not flat.endswith(b" 0") or b" 0 0 " in flat or flat.endswith(b" 0 0")
                or flat[:2] == b"0 " or b"-0" in flat):
            return None
        text = b"[[" + flat[:-2].replace(b" 0 ", b"],[").replace(b" ", b",") + b"]]"
        block = _loads(text)
        if block is None:
            return None
        count = self.clauses_read + len(block)
        if count > self.num_clauses:
            return None
        limit = self.num_vars
        try:
            if (max(chain.from_iterable(block)) > limit
                    or -min(chain.from_iterable(block)) > limit):
                return None
        except (ValueError, TypeError):     # a stray non-integer
            return None
        self.clauses_read = count
        self._lineno += lines
        self._any = True
        return block

    def _line(self, line, continuation, complete):
        """Read one line (or the part of one in this piece); return finished clauses."""
        if continuation and self._partial is not None:
            line, continuation = self._partial + b" " + line, False
            self._partial = None
            if len(line) > MAX_LINE:
                raise self.error("a comment or header line longer than %d bytes"
                                 % MAX_LINE)
        clause_goes_on = continuation and self._carry == "clause"
        self._carry = None
        if not clause_goes_on:
            stripped = line.lstrip()
            head = stripped[:1]
            if not head:
                return None
            self._any = True
            if head in (b"c", b"p") and not complete:
                self._partial = line        # a long comment: read it whole
                return None
            if head == b"c":
                if self.num_vars is None:
                    text = stripped[1:].rstrip()
                    if text[:1] in (b" ", b"\t"):
                        text = text[1:]
                    self._comment_bytes += len(text) + 1
                    if self._comment_bytes > MAX_LINE:
                        raise self.error("more than %d bytes of comments before the "
                                         "'p cnf' header" % MAX_LINE)
                    self.comments.append(text.decode("utf-8", "replace"))
                return None
            if head == b"p":
                self._header(line)
                return None
            if head == b"%":
                self._done = True
                return None
        if not complete:
            self._carry = "clause"
        return self._clause_tokens(line.split(), line)

    def _header(self, line):
        if self.num_vars is not None:
            raise self.error("a second 'p cnf' header (the first is on line %d)"
                             % self.header_line)
        tokens = line.split()
        if (len(tokens) != 4 or tokens[0] != b"p" or tokens[1] != b"cnf"
                or not tokens[2].isdigit() or not tokens[3].isdigit()):
            shown = line.strip().decode("utf-8", "replace")
            if len(shown) > 40:
                shown = shown[:40] + "..."
            raise self.error("malformed header %r: expected 'p cnf VARIABLES CLAUSES'"
                             % shown)
        beyond = bounds_error(tokens[2], tokens[3], self.max_vars, self.reader)
        if beyond:
            raise self.error(beyond)
        self.num_vars = int(tokens[2])
        self.num_clauses = int(tokens[3])
        self.header_line = self._lineno

    def _clause_tokens(self, tokens, line):
        if not tokens:
            return None
        if self.num_vars is None:
            raise self.error("a clause before the 'p cnf' header")
        literals = integers(tokens, line)
        if literals is None:
            raise self.error(not_an_integer(tokens))
        limit = self.num_vars
        if max(literals) > limit or -min(literals) > limit:
            literal = next(x for x in literals if abs(x) > limit)
            raise self.error("literal %d is beyond the %d variables declared in the header"
                             % (literal, limit))
        clauses = []
        start = 0
        while True:
            try:
                zero = literals.index(0, start)
            except ValueError:
                break
            if self.clauses_read == self.num_clauses:
                raise self.error("more clauses than the %d declared in the header"
                                 % self.num_clauses)
            self.clauses_read += 1
            if self._pending:
                clause = self._pending
                clause.extend(literals[start:zero])
                self._pending = []
            else:
                clause = literals[start:zero]
            clauses.append(clause)
            start = zero + 1
        if start < len(literals):
            self._pending.extend(literals[start:])
            self._pending_line = self._lineno
        return clauses


def _loads(text):
    """json.loads, or None for text that is not JSON. The cyclic garbage collector
    is paused meanwhile: it would otherwise run many times over the fresh lists
    (a third of the time of a whole read)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return json.loads(text)
    except ValueError:
        return None
    finally:
        if paused:
            gc.enable()


def bounds_error(num_vars, num_clauses, max_vars=None, reader=None):
    """Why a header declaring ``num_vars`` variables and ``num_clauses`` clauses (digit
    strings, as bytes) is beyond the bounds: a variable number above
    :data:`MAX_VARIABLE`, a clause count above :data:`MAX_CLAUSES`, more variables than
    ``max_vars`` (the limit of ``reader``); None when it is within them. The one check
    of every reader and of :func:`check_header`.

    >>> bounds_error(b"20000000", b"1", MAX_IN_PROCESS_VARS, "the bundled solver")
    'the header declares 20000000 variables; the bundled solver takes at most 16777216'
    """
    if len(num_vars) > 19 or int(num_vars) > MAX_VARIABLE:
        return ("the header declares %s variables; variable numbers go up to %d"
                % (_digits(num_vars), MAX_VARIABLE))
    if len(num_clauses) > 19 or int(num_clauses) > MAX_CLAUSES:
        return ("the header declares %s clauses; at most %d can be read"
                % (_digits(num_clauses), MAX_CLAUSES))
    if max_vars is not None and int(num_vars) > max_vars:
        return ("the header declares %d variables; %s takes at most %d"
                % (int(num_vars), reader or "the reader", max_vars))
    return None


def check_header(path, source=None, max_vars=None, reader=None):
    """Read the DIMACS file ``path`` (a plain file, or a seekable binary stream, left
    at its start) up to its ``p cnf`` line and raise :class:`DimacsError` naming that
    line when it declares counts beyond the bounds (:func:`bounds_error`); else return
    the variables it declares (0 without a header). For a file that a program reads
    itself: anything else it is left to judge (a malformed or missing header too).
    Lines are read in bounded pieces.

    >>> check_header(io.BytesIO(b"c hello\\n\\np cnf 729 12\\n1 0\\n"))
    729

    >>> check_header(io.BytesIO(b"c big\\np cnf 3000000000 1\\n1 0\\n"), "f.cnf")
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.DimacsError: f.cnf:2: the header declares 3000000000 variables; variable numbers go up to 2147483647
    """
    if isinstance(path, (str, bytes)) or hasattr(path, "__fspath__"):
        with open(path, "rb") as stream:
            return check_header(stream, source or str(path), max_vars, reader)
    stream = path
    try:
        lineno, rest_of_line = 0, False
        while True:
            raw = stream.readline(MAX_LINE)
            if not raw:
                return 0
            if not rest_of_line:
                lineno += 1
                line = raw.strip()
                if line.startswith(b"p"):
                    tokens = line.split()
                    if len(tokens) == 4 and tokens[2].isdigit() and tokens[3].isdigit():
                        beyond = bounds_error(tokens[2], tokens[3], max_vars, reader)
                        if beyond:
                            raise DimacsError(beyond, source, lineno)
                        return int(tokens[2])
                    return 0
                if line and not line.startswith(b"c"):
                    return 0
            rest_of_line = not raw.endswith(b"\n")
    finally:
        stream.seek(0)


def iter_clauses(stream, source="<stdin>"):
    """Yield a :class:`Header` first, then every clause (a list of int).

    >>> list(iter_clauses(io.StringIO("p cnf 2 1\\n1 -2 0\\n")))
    [Header(num_vars=2, num_clauses=1, comments=[]), [1, -2]]
    """
    reader = DimacsReader(stream, source)
    yield Header(reader.num_vars, reader.num_clauses, reader.comments)
    yield from reader


def read_dimacs(stream, source="<stdin>", max_vars=None, reader=None):
    """Read a whole DIMACS CNF stream (text or binary) strictly into a :class:`Cnf`.

    >>> read_dimacs(io.StringIO("p cnf 1 2\\n1 0\\n-1 0\\n")).clauses
    [[1], [-1]]
    """
    from ..arguments import stream as a_stream
    a_stream(stream, "read_dimacs")
    reader = DimacsReader(stream, source, max_vars, reader)
    clauses = []
    for block in reader.clause_blocks():
        clauses.extend(block)
    return Cnf(reader.num_vars, clauses, reader.comments)


def text_writer(out):
    """A function writing str to ``out``, a text or a binary stream."""
    if isinstance(out, (io.RawIOBase, io.BufferedIOBase)):
        return lambda text: out.write(text.encode("utf-8"))
    return out.write


def write_dimacs(clauses, num_vars, out, comments=(), count=None):
    """Write ``clauses`` in strict DIMACS to ``out`` (text or binary stream): the
    comments as ``c`` lines, the header with exact counts, one clause per line.

    Meant for small formulas, read into a list to be counted, unless ``count`` gives
    their number (they are then read once, as they are written); a literal 0 or
    beyond ``num_vars`` is a ValueError.
    """
    if count is None:
        if not isinstance(clauses, (list, tuple)):
            clauses = list(clauses)
        count = len(clauses)
    write = text_writer(out)
    for comment in comments:
        for line in str(comment).splitlines() or [""]:
            write("c %s\n" % line if line else "c\n")
    write("p cnf %d %d\n" % (num_vars, count))
    for clause in clauses:
        for literal in clause:
            if not literal or abs(literal) > num_vars:
                raise ValueError("literal %r not in 1..%d or its negation"
                                 % (literal, num_vars))
        write(" ".join(map(str, clause)) + " 0\n" if clause else "0\n")


def _digits(token, limit=30):
    """A header count (bytes of digits) for a message, cut when absurdly long."""
    text = token.decode("ascii")
    return text if len(text) <= limit else "%s... (%d digits)" % (text[:limit], len(text))
