"""The clause-level model check: a model satisfies every clause of the CNF, like a
competition's checker; the file is read again clause by clause, never held, and the
model is a byte table of the literals' truth (C-level steps, so that it costs little
beside the search). The grids are checked by :mod:`dimacs_sudoku.core.check`.

>>> from dimacs_sudoku.dimacs.output import Result
>>> check_clauses(Result.from_literals([1, -2]), [[1, 2], [-2]], "a solver")
>>> check_clauses(Result.from_literals([-1, -2]), [[1, 2], [-2]], "a solver")
Traceback (most recent call last):
...
dimacs_sudoku.errors.SolverError: a solver gave a model that violates clause 1 (1 2 0)
"""

import json
import re
from collections import deque
from itertools import chain, repeat

from ..errors import DimacsError, SolverError

# -- CNFs: every clause ------------------------------------------------------------------

_TRUE, _FALSE, _END = 1, 0, 2
_SWAP = bytes.maketrans(b"\x00\x01", b"\x01\x00")
_VIOLATED = re.compile(rb"(?:\A|\x02)\x00*\x02")
_NUMERIC = b"0123456789- \t\r\n"


def truth_table(result, num_vars=0):
    """A byte table of the model of ``result`` over variables 1..max(num_vars,
    result.max_var): ``table[lit]`` is 1 when literal ``lit`` (negative ones index
    from the end, as Python does) is true, 0 when false, and ``table[0]`` is 2, the
    end of a clause. A variable the model leaves out is false."""
    n = max(num_vars, result.max_var)
    if n > TABLE_MAX:
        return _SparseTable(result.positives, n)
    truth = bytearray(n + 1)
    deque(map(truth.__setitem__, result.positives, repeat(_TRUE)), 0)
    falsity = truth.translate(_SWAP)
    table = truth + falsity[:0:-1]      # table[-v] = falsity[v]
    table[0] = _END
    return table


TABLE_MAX = 1 << 27         # variables; above, the model is looked up in a set


class _SparseTable:
    """The truth table of a model over very many variables (a header or a model that
    names a variable in the billions), as a set of the true ones: slower, but its
    memory is that of the model."""

    def __init__(self, positives, n):
        self._true = set(positives)
        self._n = n

    def __len__(self):
        return 2 * self._n + 1

    def __getitem__(self, literal):
        if literal == 0:
            return _END
        if literal > 0:
            return _TRUE if literal in self._true else _FALSE
        return _FALSE if -literal in self._true else _TRUE


def _first_violated(marks):
    """Index (0-based) of the first clause in ``marks`` with no true literal, or -1."""
    found = _VIOLATED.search(marks)
    if found is None:
        return -1
    return marks.count(b"\x02", 0, found.end() - 1)


def _marks(table, values):
    """The truth marks of ``values`` (literals and 0s); returns (marks, table). A
    literal beyond the table (the CNF broke its header, and the solver let it) is of
    a variable the model leaves out, so false, and its negation true."""
    marks = None
    if values:
        n = len(table) // 2
        if max(values) > n or min(values) < -n:
            marks = bytes(table[v] if -n <= v <= n else (_FALSE if v > 0 else _TRUE)
                          for v in values)
    if marks is None:
        marks = bytes(map(table.__getitem__, values))
    return marks, table


def _clause_text(clause):
    text = " ".join(map(str, clause)) + " 0"
    return text if len(text) <= 60 else text[:57] + "..."


def check_clauses(result, clauses, label):
    """Raise :class:`SolverError` when the model of a SAT ``result`` violates one of
    ``clauses`` (lists of int, without their 0), naming ``label`` and the clause."""
    if result.status != "SAT":
        return
    _require_model(result, label)
    if not isinstance(clauses, list):
        clauses = list(clauses)
    table = truth_table(result)
    values = list(chain.from_iterable(map(chain, clauses, repeat((0,)))))
    marks, table = _marks(table, values)
    index = _first_violated(marks)
    if index >= 0:
        raise SolverError("%s gave a model that violates clause %d (%s)"
                          % (label, index + 1, _clause_text(clauses[index])))


def _require_model(result, label):
    if not result.has_model:
        raise SolverError("%s answered SATISFIABLE but gave no model" % label)


def check_cnf_file(result, path, label, source=None):
    """Raise :class:`SolverError` when the model of a SAT ``result`` violates a clause
    of the DIMACS file ``path`` (a path or an open binary file, read again from its
    start), naming ``label`` and the clause's line of ``source`` (the CNF's name for
    messages). The file is read in pieces; only the model's table is held."""
    if result.status != "SAT":
        return
    from .cnf import read_pieces
    stream = open(path, "rb") if isinstance(path, str) else path
    try:
        stream.seek(0)
        num_vars = declared_vars(stream)
        if not result.has_model and num_vars == 0:
            return                  # p cnf 0 0: nothing to give
        _require_model(result, label)
        stream.seek(0)
        table = truth_table(result, num_vars)
        before = 0                  # clauses finished in earlier pieces
        carry = b""                 # marks of a clause that goes on into the next piece
        done = False
        lineno = 1                  # the line where the piece starts
        in_text = False             # inside a comment or header line cut into pieces
        for piece, continued in read_pieces(stream):
            if continued and in_text:
                cut = piece.find(b"\n")
                if cut < 0:
                    continue
                piece = piece[cut + 1:]
                lineno += 1
            tail = piece[piece.rfind(b"\n") + 1:].lstrip()
            in_text = tail[:1] in (b"c", b"p", b"%")
            if piece.translate(None, _NUMERIC) or b"--" in piece:
                values, done = _slow_values(piece, source or _name(path), lineno)
            else:
                values = _fast_values(piece)
                if values is None:
                    values, done = _slow_values(piece, source or _name(path), lineno)
            lineno += piece.count(b"\n")
            marks, table = _marks(table, values)
            if carry:
                marks = carry + marks
            end = marks.rfind(b"\x02") + 1
            carry = marks[end:]
            index = _first_violated(marks[:end])
            if index >= 0:
                _violation(stream, before + index, label, source or _name(path))
            before += marks.count(b"\x02", 0, end)
            if done:
                break
        if carry and _TRUE not in carry:        # a last clause without its 0
            _violation(stream, before, label, source or _name(path))
    finally:
        if stream is not path:
            stream.close()


def _name(path):
    return path if isinstance(path, str) else getattr(path, "name", "the CNF")


def declared_vars(stream):
    """The variable count of the ``p cnf`` line of a binary stream read from where it
    is (0 when there is none); lines are read in bounded pieces.

    >>> import io
    >>> declared_vars(io.BytesIO(b"c hello\\n\\np cnf 729 12\\n1 0\\n"))
    729
    """
    from .cnf import MAX_LINE
    rest_of_line = False
    while True:
        raw = stream.readline(MAX_LINE)
        if not raw:
            return 0
        if rest_of_line:                    # the tail of a comment longer than a piece
            rest_of_line = not raw.endswith(b"\n")
            continue
        rest_of_line = not raw.endswith(b"\n")
        line = raw.strip()
        if line.startswith(b"p"):
            words = line.split()
            if len(words) >= 3 and words[2].isdigit():
                return int(words[2])
            return 0
        if line and not line.startswith(b"c"):
            return 0


def _fast_values(piece):
    """The integers of a piece of plain clause lines, parsed in C (as a JSON array of
    sudoku2cnf's ``1 -2 0`` lines, else by int()); None when one is no integer."""
    body = (piece.replace(b" 0\n", b",0,").replace(b" ", b",").replace(b"\n", b",")
            .rstrip(b","))
    try:
        return json.loads(b"[" + body + b"]")
    except ValueError:
        try:
            return list(map(int, piece.split()))
        except ValueError:
            return None


def _slow_values(piece, source=None, lineno=1):
    """The literals of a piece with comments, a header or a ``%`` end (SATLIB);
    ``(values, ended)``. A token that is no integer leaves the piece unread: the
    solver read the CNF its own way, and the clause check says nothing of it."""
    values = []
    for number, line in enumerate(piece.split(b"\n"), lineno):
        words = line.split()
        if not words or words[0] in (b"c", b"p") or words[0].startswith(b"c"):
            continue
        if words[0] == b"%":
            return values, True
        try:
            values += map(int, words)
        except ValueError:
            from .cnf import show_token
            raise DimacsError("%s is not an integer literal"
                              % show_token(next(w for w in words if not _integer(w))),
                              source, number) from None
    return values, False


def _integer(word):
    return (word[1:] if word[:1] == b"-" else word).isdigit()


def _violation(stream, index, label, source):
    """Raise the SolverError for clause ``index`` (0-based) of the file, found again
    line by line to name its line."""
    stream.seek(0)
    seen = 0
    clause = []
    start = None
    for number, raw in enumerate(stream, 1):
        words = raw.split()
        if not words or words[0].startswith((b"c", b"p")):
            continue
        if words[0] == b"%":
            break
        for word in words:
            if start is None:
                start = number
            if word == b"0":
                if seen == index:
                    raise SolverError("%s gave a model that violates the clause on "
                                      "line %d of %s (%s)"
                                      % (label, start, source, _clause_text(clause)))
                seen += 1
                clause = []
                start = None
            else:
                clause.append(int(word))
    raise SolverError("%s gave a model that violates the clause on line %s of %s (%s)"
                      % (label, start or "?", source, _clause_text(clause)))
