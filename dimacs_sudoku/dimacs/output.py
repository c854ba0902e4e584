"""Reading a SAT solver's answer: its status and its model.

Three layouts are recognised, whichever comes first deciding:

* SAT competition output: ``s SATISFIABLE`` / ``s UNSATISFIABLE`` / ``s UNKNOWN``
  (``s INDETERMINATE`` from glucose and cryptominisat, ``c UNKNOWN`` from cadical,
  ``c s UNKNOWN`` from lingeling), the model on ``v`` lines of any length ended by
  ``0``; ``c`` lines and other noise (statistics) are skipped.
* minisat's result file: ``SAT`` then literal lines ended by ``0``, ``UNSAT``, ``INDET``
  (minisat's own stdout words ``SATISFIABLE`` ... are read too).
* a bare list of literals, any number of lines, the final ``0`` optional.

Only the true variables of a model are kept (``Result.positives``, an
``array('i')``), and the false ones while it is read, to refuse a model that holds a
literal and its negation. A NUL byte, a variable above 2**31 - 1 or a line of more
than a megabyte that is no model line ends the reading at once (ModelError, naming
the line), so binary garbage costs neither time nor memory. The last model of the
output may end without its final ``0`` (z3 -dimacs prints it so).

>>> import io
>>> r = read_result(io.StringIO("c hi\\ns SATISFIABLE\\nv 1 -2\\nv 3 0\\n"))
>>> r.status, list(r.positives), r.max_var
('SAT', [1, 3], 3)
>>> read_result(io.StringIO("UNSAT\\n")).status
'UNSAT'
"""

import bisect
import json
from array import array
from collections import deque
from itertools import repeat
from operator import neg

from .cnf import (bad_token, binary_stream, integers, not_an_integer, read_pieces,
                     show_token)
from ..errors import ModelError

SAT = "SAT"
UNSAT = "UNSAT"
UNKNOWN = "UNKNOWN"
STATUSES = (SAT, UNSAT, UNKNOWN)
COMPETITION_WORDS = {SAT: "SATISFIABLE", UNSAT: "UNSATISFIABLE", UNKNOWN: "UNKNOWN"}

_S_WORDS = {b"SATISFIABLE": SAT, b"UNSATISFIABLE": UNSAT, b"UNKNOWN": UNKNOWN,
            b"INDETERMINATE": UNKNOWN}
_KEYWORDS = {b"SAT": SAT, b"UNSAT": UNSAT, b"INDET": UNKNOWN, b"SATISFIABLE": SAT,
             b"UNSATISFIABLE": UNSAT, b"INDETERMINATE": UNKNOWN, b"UNKNOWN": UNKNOWN}
_MAX_VAR = 2 ** 31 - 1
_MAX_TEXT_LINE = 1 << 20     # a status or comment line longer than this is garbage
_FAST_MIN = 1 << 12          # below this, literal lines are read one by one anyway
_V_BYTES = b"0123456789- v\n"
_BARE_BYTES = b"0123456789- \n"


class Result:
    """A solver's answer.

    ``status`` is ``"SAT"``, ``"UNSAT"`` or ``"UNKNOWN"``; ``positives`` the true
    variables of the model (an ``array('i')``, in no particular order); ``max_var``
    the largest variable the model mentions; ``has_model`` whether a model was given
    at all (``s SATISFIABLE`` alone has none); ``models`` the positives of every model
    read (several for ``picosat --all``), the first being ``positives``; ``line`` the
    line of the solver's output where the answer began, when read from one.

    >>> r = Result.from_literals([1, -2, 3])
    >>> r.status, list(r.positives), r.max_var, list(r.literals())
    ('SAT', [1, 3], 3, [1, -2, 3])
    """

    __slots__ = ("status", "positives", "max_var", "has_model", "models", "line")

    def __init__(self, status, positives=None, max_var=0, has_model=None, models=None,
                 line=None):
        if status not in STATUSES:
            raise ValueError("status must be one of %s, not %r" % (STATUSES, status))
        self.status = status
        if has_model is None:
            has_model = positives is not None
        if positives is None:
            positives = array("i")
        elif not isinstance(positives, array):
            positives = array("i", positives)
        self.positives = positives
        self.max_var = max_var
        self.has_model = has_model
        self.models = models if models is not None else ([positives] if has_model else [])
        self.line = line            # where the answer began in the solver's output

    @classmethod
    def from_literals(cls, literals):
        """The SAT result of a model given as all its literals (a list of int)."""
        if not literals:
            return cls(SAT, array("i"), 0, True)
        positives = array("i", filter((0).__lt__, literals))
        return cls(SAT, positives, max(max(literals), -min(literals)), True)

    def literals(self):
        """Every literal of the model, 1..max_var in order; a variable the model left
        out counts as false."""
        for block in model_blocks(self):
            yield from block

    def __repr__(self):
        if not self.has_model:
            return "Result(%r)" % self.status
        return "Result(%r, %d true of %d variables%s)" % (
            self.status, len(self.positives), self.max_var,
            ", %d models" % len(self.models) if len(self.models) > 1 else "")


_SIGNS = bytes.maketrans(b"\x00\x01", b"\xff\x01")


def model_blocks(result, size=1 << 16):
    """Yield the full model of ``result`` as lists of int, ``size`` variables at a
    time, 1..max_var in order (the model's own order is not kept)."""
    import operator
    n = result.max_var
    if not n:
        return
    truth = bytearray(n + 1)
    for variable in result.positives:
        truth[variable] = 1
    for start in range(1, n + 1, size):
        stop = min(start + size, n + 1)
        # array('b') reads byte 0xff as -1: the signs of the block, in C.
        signs = array("b", truth[start:stop].translate(_SIGNS))
        yield list(map(operator.mul, range(start, stop), signs))


class _Collector:
    """A sink for the scanner that builds :class:`Result` objects; a model that holds
    a literal and its negation is refused when it is complete."""

    def __init__(self, source):
        self.source = source
        self.done = deque()
        self._reset()

    def _reset(self):
        self.status = None
        self.positives = None
        self.negatives = None       # the false literals, to find contradictions
        self.max_var = 0
        self.first_line = None
        self.model_line = None

    def start(self, status, line=None):
        self.status = status
        self.first_line = line

    def literals(self, values, raw, line):
        if self.positives is None:
            self.positives = array("i")
            self.negatives = array("i")
            self.model_line = line
            if self.first_line is None:
                self.first_line = line
        if not values:
            return
        values.sort()
        low, high = values[0], values[-1]
        if high > self.max_var:
            self.max_var = high
        if -low > self.max_var:
            self.max_var = -low
        if self.max_var > _MAX_VAR:
            raise ModelError("literal %d is too large (the largest variable is %d)"
                             % (high if high > -low else low, _MAX_VAR), self.source, line)
        split = bisect.bisect_right(values, 0)
        self.positives.extend(array("i", values[split:]))
        self.negatives.extend(array("i", values[:split]))

    def end_model(self):
        pass

    def finish(self):
        if self.status is not None:
            if self.positives is not None:
                _check_consistent(self.positives, self.negatives, self.max_var,
                                  self.source, self.model_line)
            self.done.append(Result(self.status, self.positives, self.max_var,
                                    line=self.first_line))
        self._reset()


def _check_consistent(positives, negatives, max_var, source, line):
    """Raise ModelError when a variable is in ``positives`` and its negation in
    ``negatives`` (negative literals)."""
    if not positives or not negatives:
        return
    if max_var <= 8 * (len(positives) + len(negatives)) + (1 << 16):
        # Marks at -v for the true variables, so the false literals index them as
        # they are (a model has far fewer true variables than false ones).
        marks = bytearray(max_var + 1)
        deque(map(marks.__setitem__, map(neg, positives), repeat(1)), 0)
        if 1 not in map(marks.__getitem__, negatives):
            return
        both = -next(v for v in negatives if marks[v])
    else:                           # a few literals of huge variables
        both = set(map(neg, positives)).intersection(negatives)
        if not both:
            return
        both = -max(both)
    raise ModelError("the model holds both %d and -%d" % (both, both), source, line)


class ResultScanner:
    """Reads solver output piece by piece and reports to a sink.

    The sink gets ``start(status)``, ``literals(values, raw, line)`` (a list of int
    without the final 0; ``raw`` is the very text of whole, clean ``v`` lines when it
    can be copied as it is, else None), ``end_model()`` at the final ``0`` and
    ``finish()`` when a result is complete. Used by :func:`iter_results` and by the
    solver runner that copies a model through without keeping it.
    """

    def __init__(self, sink, source="<stdin>"):
        self.sink = sink
        self.source = source
        self.lineno = 1
        self.mode = None            # "comp", "minisat" or "bare", set by the first line
        self.carry = None           # "v" or "bare" when a literal line goes on
        self._partial = None        # the start of another line cut between pieces
        self.models = 0             # models finished
        self.seen = False           # any status or literal at all
        self._new_result()

    def _new_result(self):
        self.status = None
        self.status_line = None
        self.explicit = False       # the status came from a status line
        self.section = None         # "v" or "bare" once a model has begun
        self.closed = False         # its final 0 was read
        self.last_line = None       # line of its last literals

    def error(self, message, line=None):
        return ModelError(message, self.source, self.lineno if line is None else line)

    def feed_stream(self, stream):
        """Read a whole stream; results are finished at its end."""
        for piece, continued in read_pieces(binary_stream(stream), source=self.source,
                                            error=ModelError):
            self.feed(piece, continued)
        self.end()

    def feed(self, piece, continued=False):
        if b"\0" in piece:
            at = piece.index(b"\0")
            raise self.error("a NUL byte: this is binary data, not solver output",
                             self.lineno + piece.count(b"\n", 0, at))
        pos = 0
        size = len(piece)
        tried_fast = False
        while pos < size:
            if (not tried_fast and self.section and not self.closed
                    and size - pos > _FAST_MIN):
                tried_fast = True
                cont = continued and pos == 0
                if (not cont or self.carry == self.section) and \
                        self._fast(piece[pos:] if pos else piece, cont):
                    return
            end = piece.find(b"\n", pos)
            complete = end >= 0
            if not complete:
                end = size
            self._line(piece[pos:end], continued and pos == 0, complete)
            if complete:
                self.lineno += 1
            pos = end + 1

    def end(self):
        if (self.section and not self.closed and self.mode == "comp"
                and self.last_line is not None and self.lineno - self.last_line <= 1
                and self._partial is None):
            self._close()       # z3: the last model ends the output without its 0
        self._finish()
        if not self.seen:
            raise ModelError("no result: no 's' status line, no 'v' line, no literals",
                             self.source)

    # -- one line -----------------------------------------------------------------

    def _line(self, line, continuation, complete):
        if continuation and self._partial is not None:
            line, continuation = self._partial + b" " + line, False
            self._partial = None
        kind = self.carry if continuation else None
        self.carry = None
        tokens = line.split()
        if kind is None:
            if not tokens:
                return
            head = tokens[0]
            if head == b"v":
                kind = "v"
                del tokens[0]
                if self.mode is None:
                    self.mode = "comp"
                if self.section == "bare" and not self.closed:
                    raise self.error("a 'v' line inside a model of plain literal lines")
            elif bad_token((head,)) is None:
                if self.mode == "comp":
                    raise self.error("literals outside a 'v' line")
                if self.mode is None:
                    self.mode = "bare"
                kind = "bare"
                if self.section == "v" and not self.closed:
                    raise self.error("a line of plain literals inside a model of 'v' lines")
            elif not complete:
                if len(line) > _MAX_TEXT_LINE:
                    raise self.error("a line of more than %d bytes that is no model line"
                                     % _MAX_TEXT_LINE)
                self._partial = line        # a status or comment line: read it whole
                return
            elif head == b"c":
                if tokens[1:] in ([b"UNKNOWN"], [b"s", b"UNKNOWN"]):
                    self._status(UNKNOWN)
                return
            elif head == b"s":
                self._status_line(tokens)
                return
            elif len(tokens) == 1 and head in _KEYWORDS:
                if self.mode is None:
                    self.mode = "minisat"
                self._status(_KEYWORDS[head])
                return
            else:
                return                      # noise: statistics, warnings
        if not complete:
            self.carry = kind
        self._literal_tokens(tokens, kind, line)

    def _status_line(self, tokens):
        word = tokens[1] if len(tokens) > 1 else b""
        if word in _S_WORDS and len(tokens) == 2:
            self._status(_S_WORDS[word])
        elif word == b"SOLUTIONS" and len(tokens) == 3 and tokens[2].isdigit():
            self._solutions(int(tokens[2]))
        else:
            raise self.error("unknown status line %s"
                             % show_token(b" ".join(tokens), 40))
        if self.mode is None:
            self.mode = "comp"

    def _status(self, status):
        self.seen = True
        if self.status is None:
            self.status = status
            self.status_line = self.lineno
            self.explicit = True
            self.sink.start(status, self.lineno)
        elif not self.explicit:
            # A model came first and implied SAT; this line names the status.
            if status != SAT:
                raise self.error("status %s contradicts the model above"
                                 % COMPETITION_WORDS[status])
            self.explicit = True
            self.status_line = self.lineno
        elif status == SAT and self.status == SAT and self.closed:
            self._finish()          # the next model of an enumeration (picosat --all)
            self._status(status)
        elif status != self.status:
            raise self.error("status %s contradicts the status %s on line %d"
                             % (COMPETITION_WORDS[status],
                                COMPETITION_WORDS[self.status], self.status_line))

    def _solutions(self, number):
        self.seen = True
        self._finish()
        if number != self.models:
            raise self.error("'s SOLUTIONS %d' but the models read number %d"
                             % (number, self.models))
        if number == 0:
            self.sink.start(UNSAT, self.lineno)
            self.sink.finish()

    def _literal_tokens(self, tokens, kind, line):
        if not tokens and self.closed:
            return                          # a bare "v" after the model adds nothing
        values = integers(tokens, line)
        if values is None:
            raise self.error(not_an_integer(tokens))
        zero = values.index(0) if 0 in values else -1
        if zero >= 0:
            if zero + 1 < len(values):
                raise self.error("literals after the final 0 of the model")
            del values[zero]
        self._literals(values, kind, None)
        if zero >= 0:
            self._close()

    def _literals(self, values, kind, raw):
        if self.closed:
            raise self.error("literals after the final 0 of the model (line %d)"
                             % self.last_line)
        if self.status is None:
            self.status = SAT
            self.status_line = self.lineno
            self.sink.start(SAT, self.lineno)
        elif self.status != SAT:
            raise self.error("a model after the status %s on line %d"
                             % (COMPETITION_WORDS[self.status], self.status_line))
        self.seen = True
        self.section = kind
        self.last_line = self.lineno
        self.sink.literals(values, raw, self.lineno)

    def _close(self):
        self.closed = True
        self.sink.end_model()

    def _finish(self):
        if self.status is None:
            return
        if self.section and not self.closed:
            if self.mode != "bare":
                raise self.error("the model ends without its final 0", self.last_line)
            self._close()
        if self.section:
            self.models += 1
        self.sink.finish()
        self._new_result()

    # -- many lines at once ---------------------------------------------------------

    def _fast(self, data, continued):
        """Read whole lines of literals in C (as a JSON array); False when ``data``
        needs reading line by line (anything but clean literal lines)."""
        kind = self.section
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n")
        for _ in range(3):                  # trailing blanks
            if b" \n" not in data:
                break
            data = data.replace(b" \n", b"\n")
        body = data
        if kind == "v":
            if not continued:
                if not body.startswith(b"v "):
                    return False
                body = body[2:]
            if body.translate(None, _V_BYTES):
                return False
        elif body.translate(None, _BARE_BYTES):
            return False
        ends_line = body.endswith(b"\n")
        if ends_line:
            body = body[:-1]
        body = body.replace(b"\nv ", b" ") if kind == "v" else body.replace(b"\n", b" ")
        try:
            values = json.loads(b"[" + body.replace(b" ", b",") + b"]")
        except ValueError:
            return False
        zero = 0 in values
        if zero and not (ends_line and values[-1] == 0 and values.count(0) == 1):
            return False
        if zero:
            values.pop()
        raw = data if kind == "v" and not continued and ends_line and not zero else None
        self._literals(values, kind, raw)
        self.lineno += data.count(b"\n")
        self.last_line = self.lineno - 1 if ends_line else self.lineno
        self.carry = None if ends_line else kind
        if zero:
            self._close()
        return True


def iter_results(stream, source="<stdin>"):
    """Yield one :class:`Result` per answer in ``stream``, reading as it goes: one for
    a solver's output, one per model for ``picosat --all`` (whose closing
    ``s SOLUTIONS n`` is checked, and gives one UNSAT result when n is 0).

    >>> import io
    >>> text = "s SATISFIABLE\\nv 1 0\\ns SATISFIABLE\\nv -1 0\\ns SOLUTIONS 2\\n"
    >>> [list(r.positives) for r in iter_results(io.StringIO(text))]
    [[1], []]
    """
    sink = _Collector(source)
    scanner = ResultScanner(sink, source)
    for piece, continued in read_pieces(binary_stream(stream), source=source,
                                        error=ModelError):
        scanner.feed(piece, continued)
        while sink.done:
            yield sink.done.popleft()
    scanner.end()
    while sink.done:
        yield sink.done.popleft()


def read_result(stream, source="<stdin>"):
    """Read a solver's answer (text or binary stream) into one :class:`Result`.

    Several models (``picosat --all``) come back in ``models``, the first also in
    ``positives``. Unreadable output is a :class:`~dimacs_sudoku.errors.ModelError`
    naming the line.

    >>> import io
    >>> result = read_result(io.StringIO("s SATISFIABLE\\nv 1 -2 3 0\\n"))
    >>> result.status, list(result.positives)
    ('SAT', [1, 3])
    """
    from ..arguments import stream as a_stream
    a_stream(stream, "read_result")
    results = list(iter_results(stream, source))
    first = results[0]
    if len(results) > 1:
        first.models = [r.positives for r in results]
        first.max_var = max(r.max_var for r in results)
    return first
