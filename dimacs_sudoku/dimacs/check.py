"""The one model checker that every back end's answer passes through.

Two checks, each made of C-level steps (itemgetters, ``map``, ``set`` sizes, byte
tables) so that it costs little beside the search:

* :func:`check_cells` / :class:`GridCheck`: a grid obeys the rules (every cell holds
  a digit, no digit twice in a unit) and agrees with the givens. Every grid that a
  command prints, whatever engine or program found it, goes through it.
* :func:`check_clauses` / :func:`check_cnf_file`: a model satisfies every clause of
  the CNF, like a competition's checker; the file is read again clause by clause,
  never held, and the model is a byte table of the literals' truth.

>>> from dimacs_sudoku.core.grid import Layout
>>> check = GridCheck(Layout(4))
>>> check.ok([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
True
>>> check.ok([1] * 16)
False
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
from itertools import chain, compress, repeat
from operator import add, getitem, itemgetter

from ..errors import DimacsError, InvalidModel, SolverError
from ..core.grid import Recent, layout_key, rule_violations

# -- grids: the rules and the givens ----------------------------------------------------


class GridCheck:
    """The rules of one layout, precomputed.

    Up to 16x16, one number per (cell, digit): the sum of a bit for each unit of the
    cell, at the digit's place in that unit's block of N + 1 bits. A grid obeys the
    rules exactly when the sum of its cells' numbers is the target (every block
    holding bits 1..N): the sum of P powers of two has at most P one-bits, and P only
    when no two are equal, so no unit holds a digit twice, and a blank (bit 0 of a
    block) or a digit out of range cannot reach it. Larger grids, where those numbers
    would grow with N⁴, take every unit's cells in one itemgetter and count the
    distinct (unit, digit) numbers in a set.
    """

    __slots__ = ("layout", "size", "_terms", "_target", "_units", "_bases", "_places")

    SUM_MAX = 16

    def __init__(self, layout):
        n = layout.size
        self.layout = layout
        self.size = n
        self._terms = None
        if n <= self.SUM_MAX:
            terms = [[0] * (n + 1) for _ in range(n * n)]
            target = 0
            for k, (_, cells) in enumerate(layout.units):
                base = k * (n + 1)
                for cell in cells:
                    row = terms[cell]
                    for d in range(n + 1):
                        row[d] += 1 << (base + d)
                target += ((1 << n) - 1) << (base + 1)
            self._terms = terms
            self._target = target
        else:
            flat = []
            bases = []
            for k, (_, cells) in enumerate(layout.units):
                flat += cells
                bases += [k * (n + 1)] * len(cells)
            self._units = itemgetter(*flat)
            self._bases = bases
            self._places = len(flat)

    def ok(self, cells, givens=None):
        """True when ``cells`` (a list of N² digits, 0 blank) is a complete grid obeying
        the rules and agreeing with ``givens`` (a list of digits, 0 blank)."""
        try:
            if self._terms is not None:
                if sum(map(getitem, self._terms, cells)) != self._target:
                    return False
            elif (min(cells) < 1 or max(cells) > self.size or
                  len(set(map(add, self._bases, self._units(cells)))) != self._places):
                return False
        except (IndexError, TypeError):         # a digit above N, not a number
            return False
        return givens is None or (list(compress(cells, givens))
                                  == list(filter(None, givens)))

    def check(self, cells, givens=None, source=None, line=None, what="the model"):
        """Raise :class:`InvalidModel` naming the first bad cell or unit unless
        :meth:`ok`; ``givens`` is a list of digits or a Grid."""
        given_cells = getattr(givens, "cells", givens)
        if len(cells) == self.size * self.size and self.ok(cells, given_cells):
            return
        from ..core.grid import Grid
        try:
            grid = Grid(cells, layout=self.layout)
            grid.check_solution(Grid(given_cells, layout=self.layout)
                                if given_cells is not None else None)
        except InvalidModel as error:
            raise InvalidModel("%s is not a solution: %s" % (what, error.message),
                               source, line) from None
        except Exception as error:      # cells outside 1..N, a wrong number of cells
            raise InvalidModel("%s is not a solution: %s"
                               % (what, getattr(error, "message", error)),
                               source, line) from None
        raise InvalidModel("%s is not a solution" % what, source, line)


_CHECKS = Recent()


def grid_check(layout):
    """The (cached) :class:`GridCheck` of a layout."""
    found = getattr(layout, "_grid_check", None)        # the same layout again
    if found is not None:
        return found
    found = _CHECKS.get(layout_key(layout), lambda: GridCheck(layout))
    try:
        layout._grid_check = found
    except AttributeError:                  # a layout with __slots__
        pass
    return found


def check_cells(cells, layout, givens=None, source=None, line=None, what="the model"):
    """Raise :class:`InvalidModel` unless ``cells`` solve the puzzle ``givens`` on
    ``layout``, its variant rules included (each checked by the rule's own checker,
    :func:`dimacs_sudoku.core.grid.rule_violations`); the error names ``source`` and
    ``line``."""
    grid_check(layout).check(cells, givens, source, line, what)
    rules = getattr(givens, "rules", None)
    if rules:
        problems = rule_violations(cells, layout, rules)
        if problems:
            more = " (and %d more)" % (len(problems) - 1) if len(problems) > 1 else ""
            raise InvalidModel("%s breaks a rule: %s%s" % (what, problems[0], more),
                               source, line)


def check_distinct(solutions, source=None, line=None, what="the solver"):
    """Raise :class:`InvalidModel` when a solution (list of digits) repeats: a count
    counts distinct grids, and an engine that gives one twice has ignored the clause
    that blocked it."""
    if len(solutions) > 1 and len(set(map(tuple, solutions))) != len(solutions):
        raise InvalidModel("%s gave the same solution twice (it ignored the clause "
                           "excluding it), so no count can be trusted" % what,
                           source, line)


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
