"""DRAT proofs of unsatisfiability, checked without the solver that wrote them.

A DRAT proof is a list of steps over a CNF formula: each step adds a clause (a
*lemma*) or deletes one. :func:`check_proof` reads the formula with the project's
strict DIMACS reader, then the proof step by step, and accepts it when

- every added lemma is RUP (assigning the negation of its literals and unit
  propagating the current clauses yields a conflict) or, failing that, RAT on its
  first literal, the pivot (for every current clause holding the pivot's negation,
  the resolvent on the pivot is RUP), and
- the formula and the lemmas so far are refuted by unit propagation: the proof adds
  the empty clause (a line ``0``, RUP exactly when unit propagation of the current
  clauses conflicts), or unit propagation conflicts after a lemma (or on the formula
  alone), as drat-trim accepts it. Solvers write no step at all when unit propagation
  of the formula conflicts (glucose, maplecm), and some stop at the conflicting unit
  lemma; the empty clause is RUP then, so writing it proves nothing more.

A proof that ends (whole, or cut short after a whole step) before such a conflict is
refused with "no empty clause derived ...". Once the conflict is reached the rest of
the proof is not read.

>>> import io
>>> cnf = io.StringIO("p cnf 2 4\\n1 2 0\\n-1 2 0\\n1 -2 0\\n-1 -2 0\\n")
>>> verdict = check_proof(cnf, io.StringIO("2 0\\n0\\n"))
>>> verdict.ok, verdict.lemmas
(True, 1)
>>> check_proof([[1, 2], [-1, 2], [1, -2], [-1, -2]], io.StringIO("1 2 0\\n0\\n")).reason
'lemma 2 (line 2): the empty clause: not RUP (unit propagation yields no conflict)'
>>> check_proof([[1], [-1, 2], [-2]], io.StringIO("")).ok     # refuted by propagation
True

Formats. Text DRAT: lines of literals ended by ``0``, ``d`` in front of a deletion,
``c`` comment lines (a step may span lines). Binary DRAT (cadical's and kissat's
default): each step is the byte ``a`` or ``d``, then each literal as a variable-length
unsigned integer (7 bits a byte, low bits first, high bit set on all bytes but the
last) of ``2 * variable + sign`` (sign 1 for a negative literal), then a zero byte. The
format is told from the first 12 bytes as drat-trim does: a proof starting with ``a``
is binary, and so is one starting with ``d`` when a byte among them is not a digit,
``-``, a blank, a line end, ``c`` or ``d``; any other proof is read as text (drat-trim
reads more of those as binary, all of them malformed either way).

Deletions remove one copy of a current clause with the same literals (order and
repeats do not matter). Two kinds are ignored and counted, as drat-trim does by
default: deleting a clause that is not there (``missing_deletions``), and deleting a
unit clause or a clause that is the reason why unit propagation fixed a literal at the
top level (``unit_deletions``). Keeping a clause can only make RUP easier and RAT harder,
and every clause kept follows from the formula or keeps it satisfiable, so a proof
accepted this way still proves unsatisfiability; honouring these deletions would mean
undoing top-level propagation.

Checking is forward (each lemma in turn, with two watched literals per clause), with no
backward pass to find the lemmas the refutation needs, so every lemma is checked,
including ones a backward checker would skip. Memory holds the current clauses and a
step at a time: the proof is read in blocks, never whole.

Command line: ``python -m dimacs_sudoku.dimacs.drat CNF PROOF`` (``-`` for standard input)
prints ``c`` lines (the counts, the reason of a refusal) and drat-trim's last line,
``s VERIFIED`` (exit 0) or ``s NOT VERIFIED`` (exit 1). A CNF that cannot be read exits
3 and a file that cannot be opened 8, with one line on stderr (the project's table);
wrong arguments exit 2.
"""

import os
import sys
from collections import namedtuple
from itertools import chain

from .cnf import (MAX_IN_PROCESS_VARS, MAX_VARIABLE, DimacsReader, binary_stream, integers,
                  not_an_integer, read_pieces)
from ..errors import EXIT_INTERRUPTED, EXIT_IO, DimacsError, SudokuError

CHECKER = "the proof checker in this process"

CHUNK_SIZE = 1 << 20         # proof bytes read at a time
_SNIFF = 12                  # bytes looked at to tell binary from text (drat-trim's 12)
_TEXT_BYTES = frozenset(b"0123456789-cd \t\r\n")
_ADD, _DELETE = 0x61, 0x64   # 'a' and 'd': binary step kinds
_MAX_CODE = 2 * MAX_VARIABLE + 1

Verdict = namedtuple("Verdict", "ok lemmas deletions reason rat_lemmas missing_deletions "
                                "unit_deletions binary")
Verdict.__doc__ = """The outcome of :func:`check_proof`.

``ok``: the proof is a verified refutation. ``lemmas`` and ``deletions``: the steps read
(up to the empty clause or the conflict, or the first failure; none when unit
propagation of the formula alone conflicts). ``reason``: why it was refused (the
first failing lemma's number, place in the proof and literals, or :data:`NO_CONFLICT`,
or what cannot be read), empty when ``ok``. ``rat_lemmas``: lemmas that
needed the RAT check. ``missing_deletions`` and ``unit_deletions``: deletions ignored
(see the module's text). ``binary``: the proof was read as binary DRAT."""


class _ProofError(Exception):
    """A proof that cannot be read; its message names the place."""


NO_CONFLICT = ("no empty clause derived, and unit propagation of the formula and the "
               "lemmas yields no conflict")


def check_proof(cnf, proof):
    """Check the DRAT ``proof`` of the unsatisfiability of ``cnf``; a :class:`Verdict`.

    ``cnf``: a DIMACS file's path, a stream of one (text or binary), a
    :class:`~dimacs_sudoku.dimacs.cnf.Cnf`, or a list of clauses (lists of non-zero int).
    ``proof``: a path or a stream (text or binary), in text or binary DRAT. A CNF that
    breaks DIMACS raises :class:`~dimacs_sudoku.errors.DimacsError`; a proof that
    cannot be read is a refusal whose reason says where.
    """
    checker = _load(cnf)
    if isinstance(proof, (str, bytes, os.PathLike)):
        with open(proof, "rb") as stream:
            return checker.run(stream)
    return checker.run(binary_stream(proof))


def _load(cnf):
    """A :class:`_Checker` holding the clauses of ``cnf`` (as :func:`check_proof` takes it)."""
    if isinstance(cnf, (str, bytes, os.PathLike)):
        with open(cnf, "rb") as stream:
            return _load(DimacsReader(stream, os.fsdecode(cnf), MAX_IN_PROCESS_VARS, CHECKER))
    if hasattr(cnf, "read"):
        cnf = DimacsReader(cnf, max_vars=MAX_IN_PROCESS_VARS, reader=CHECKER)
    if isinstance(cnf, DimacsReader):
        num_vars, clauses = cnf.num_vars, cnf
    else:
        clauses = getattr(cnf, "clauses", cnf)
        if not isinstance(clauses, list):
            clauses = [list(clause) for clause in clauses]
        literals = set(chain.from_iterable(clauses))
        for x in literals:
            if not isinstance(x, int) or isinstance(x, bool) or not x:
                raise ValueError("literal %r is not a non-zero int" % (x,))
        num_vars = getattr(cnf, "num_vars", None)
        if num_vars is None:
            num_vars = max(map(abs, literals), default=0)
        elif literals and max(map(abs, literals)) > num_vars:
            raise ValueError("a literal beyond the %d variables" % num_vars)
    if num_vars > MAX_IN_PROCESS_VARS:      # a reader checked its header already
        raise DimacsError("%d variables; %s takes at most %d"
                          % (num_vars, CHECKER, MAX_IN_PROCESS_VARS))
    checker = _Checker(num_vars)
    code = [0] * (2 * num_vars + 1)         # code[x] for x in -num_vars..num_vars
    for variable in range(1, num_vars + 1):
        code[variable] = 2 * variable
        code[-variable] = 2 * variable + 1
    add = checker.add
    for clause in clauses:
        codes = [code[x] for x in clause]
        size = len(codes)
        if size > 1 and (codes[0] == codes[1] if size == 2 else len(set(codes)) < size):
            codes = list(dict.fromkeys(codes))
        add(codes)
    return checker


class _Checker:
    """The current clauses, the top-level assignment and the checks.

    Literals are codes ``2 * variable + sign`` (sign 1 for negative), as in binary
    DRAT; ``value[code]`` is 1 (true), -1 (false) or 0. The trail holds the true
    literals in order; between checks, only those that unit propagation of the current
    clauses fixes (the top level). ``watches[code]`` holds the clauses watching ``code`` (at
    positions 0 and 1), visited when it becomes false. A deleted clause is emptied in
    place and dropped from a watch list when met.
    """

    def __init__(self, num_vars):
        size = 2 * (num_vars + 1)
        self.limit = size                   # codes from here on are proof-only variables
        self.value = [0] * size
        self.watches = [[] for _ in range(size)]
        self.reason = [None] * (num_vars + 1)
        self.trail = []
        self.head = 0                       # trail[:head] has been propagated
        self.clauses = {}                   # sorted literals -> the copies present
        self.extra = {}                     # proof-only variable -> its index here
        self.names = {}                     # and back
        self.conflict = False               # top-level unit propagation conflicts
        self.rat_lemmas = 0
        self.missing_deletions = 0
        self.unit_deletions = 0

    # -- literals ------------------------------------------------------------------

    def intern(self, codes):
        """Proof literal codes as codes here, each once, in order."""
        if codes and max(codes) >= self.limit:
            codes = [code if code < self.limit else self._extra(code) for code in codes]
        if len(set(codes)) != len(codes):
            codes = list(dict.fromkeys(codes))
        return codes

    def _extra(self, code):
        variable = code >> 1
        index = self.extra.get(variable)
        if index is None:
            index = len(self.reason)
            if index > MAX_IN_PROCESS_VARS:
                raise _ProofError("variable %d: the formula and the proof use more than %d "
                                  "variables, the most %s takes"
                                  % (variable, MAX_IN_PROCESS_VARS, CHECKER))
            self.extra[variable] = index
            self.names[index] = variable
            self.reason.append(None)
            self.value += (0, 0)
            self.watches += ([], [])
        return 2 * index + (code & 1)

    def dimacs(self, code):
        variable = self.names.get(code >> 1, code >> 1)
        return -variable if code & 1 else variable

    # -- the clauses ---------------------------------------------------------------

    def add(self, clause):
        """Add ``clause`` (codes, each once) and propagate at the top level."""
        if len(clause) == 2:
            first, second = clause
            key = (first, second) if first < second else (second, first)
        else:
            key = tuple(sorted(clause))
        copies = self.clauses.get(key)
        if copies is None:
            self.clauses[key] = [clause]
        else:
            copies.append(clause)
        if self.conflict:
            return
        value = self.value
        if not clause:
            self.conflict = True
        elif len(clause) == 1:
            literal = clause[0]
            if value[literal] == -1:
                self.conflict = True
            elif value[literal] == 0:
                self._fix(literal, clause)
        else:
            if value[clause[0]] == -1 or value[clause[1]] == -1:
                clause.sort(key=lambda literal: value[literal] == -1)   # false ones last
            first, second = clause[0], clause[1]
            self.watches[first].append(clause)
            self.watches[second].append(clause)
            if value[first] == -1:
                self.conflict = True
            elif value[second] == -1 and value[first] == 0:
                self._fix(first, clause)

    def _fix(self, literal, reason):
        """Make ``literal`` true at the top level, then propagate."""
        self.value[literal] = 1
        self.value[literal ^ 1] = -1
        self.reason[literal >> 1] = reason
        self.trail.append(literal)
        if self._propagate():
            self.conflict = True

    def delete(self, clause):
        """Delete one copy of ``clause`` (codes), unless it is missing or a unit."""
        key = tuple(sorted(clause))
        copies = self.clauses.get(key)
        if not copies:
            self.missing_deletions += 1
            return
        for position, copy in enumerate(copies):
            if len(copy) > 1 and not self._is_reason(copy):
                break
        else:
            self.unit_deletions += 1
            return
        del copies[position]
        if not copies:
            del self.clauses[key]
        copy.clear()

    def _is_reason(self, clause):
        value, reason = self.value, self.reason
        return any(value[literal] == 1 and reason[literal >> 1] is clause
                   for literal in clause)

    # -- unit propagation ----------------------------------------------------------

    def _propagate(self):
        """Propagate the trail from ``head``; True on a conflict."""
        value, trail, watches, reason = self.value, self.trail, self.watches, self.reason
        head = self.head
        while head < len(trail):
            false = trail[head] ^ 1
            head += 1
            watching = watches[false]
            i = j = 0
            end = len(watching)
            while i < end:
                clause = watching[i]
                i += 1
                if not clause:              # deleted
                    continue
                first = clause[0]
                if first == false:
                    first = clause[1]
                    clause[0] = first
                    clause[1] = false
                if value[first] == 1:
                    watching[j] = clause
                    j += 1
                    continue
                for k in range(2, len(clause)):
                    literal = clause[k]
                    if value[literal] != -1:
                        clause[1] = literal
                        clause[k] = false
                        watches[literal].append(clause)
                        break
                else:
                    watching[j] = clause
                    j += 1
                    if value[first] == -1:
                        del watching[j:i]
                        self.head = len(trail)
                        return True
                    value[first] = 1
                    value[first ^ 1] = -1
                    reason[first >> 1] = clause
                    trail.append(first)
            del watching[j:]
        self.head = head
        return False

    def _falsify(self, literals):
        """Assume every literal false; True when one is already true (a conflict)."""
        value, trail = self.value, self.trail
        for literal in literals:
            state = value[literal]
            if state == 1:
                return True
            if state == 0:
                value[literal] = -1
                value[literal ^ 1] = 1
                trail.append(literal ^ 1)
        return False

    def _backtrack(self, mark):
        value, trail = self.value, self.trail
        for literal in trail[mark:]:
            value[literal] = 0
            value[literal ^ 1] = 0
        del trail[mark:]
        self.head = mark

    # -- the checks ----------------------------------------------------------------

    def failure(self, lemma):
        """None when ``lemma`` (codes) is RUP or RAT on its first literal, else why not."""
        if self.conflict:
            return None
        mark = len(self.trail)
        try:
            if self._falsify(lemma) or self._propagate():
                return None
            if not lemma:
                return "not RUP (unit propagation yields no conflict)"
            negation = lemma[0] ^ 1
            assumed = len(self.trail)
            for copies in self.clauses.values():
                for clause in copies:
                    if negation not in clause:
                        continue
                    if not (self._falsify([x for x in clause if x != negation])
                            or self._propagate()):
                        return ("not RUP, and not RAT on %d: the resolvent with %s is not RUP"
                                % (self.dimacs(lemma[0]), self.show(clause)))
                    self._backtrack(assumed)
            self.rat_lemmas += 1
            return None
        finally:
            self._backtrack(mark)

    def show(self, clause):
        return " ".join(str(self.dimacs(code)) for code in sorted(clause)) + " 0"

    def run(self, raw):
        """Read the proof from the byte stream ``raw`` and check it: a Verdict."""
        lemmas = deletions = 0
        binary = False
        if self.conflict:               # unit propagation refutes the formula alone
            return self._verdict(True, 0, 0, "", False)
        reason = NO_CONFLICT
        ok = False
        try:
            head = _read_head(raw)
            binary = _is_binary(head)
            steps = (_binary_steps if binary else _text_steps)(_Replay(head, raw))
            for deletion, codes, where in steps:
                literals = self.intern(codes)
                if deletion:
                    deletions += 1
                    self.delete(literals)
                    continue
                lemmas += 1
                why = self.failure(literals)
                if why is not None:
                    shown = ("the empty clause" if not codes else
                             " ".join(str(-(c >> 1) if c & 1 else c >> 1) for c in codes)
                             + " 0")
                    reason = "lemma %d (%s): %s: %s" % (lemmas, where, shown, why)
                    break
                if literals:
                    self.add(literals)
                if self.conflict or not literals:   # the empty clause is RUP (now)
                    ok, reason = True, ""
                    break
        except _ProofError as error:
            reason = str(error)
        return self._verdict(ok, lemmas, deletions, reason, binary)

    def _verdict(self, ok, lemmas, deletions, reason, binary):
        return Verdict(ok, lemmas, deletions, reason, self.rat_lemmas,
                       self.missing_deletions, self.unit_deletions, binary)


# -- reading proofs --------------------------------------------------------------

def _read_head(raw):
    head = b""
    while len(head) < _SNIFF:
        more = raw.read(_SNIFF - len(head))
        if not more:
            break
        head += more
    return head


def _is_binary(head):
    """drat-trim's test on the first bytes, where it can tell: a proof starting with
    ``a``, or with ``d`` and holding a byte that text DRAT has no use for, is binary.
    Any other start is no binary DRAT step, so it is read as text (and refused there,
    naming the line, when it is not text DRAT either)."""
    if head[:1] == b"a":
        return True
    return head[:1] == b"d" and any(byte not in _TEXT_BYTES for byte in head)


class _Replay:
    """read() over ``head`` (bytes already read) and then the rest of ``raw``."""

    def __init__(self, head, raw):
        self._head = head
        self._raw = raw

    def read(self, size=-1):
        if self._head:
            data, self._head = self._head, b""
            if size is None or size < 0:
                return data + self._raw.read()
            if len(data) < size:
                data += self._raw.read(size - len(data)) or b""
            return data
        return self._raw.read(size)


def _text_steps(raw):
    """Yield ``(deletion, codes, place)`` for each step of a text DRAT proof."""
    codes = None            # the step being read, or None between steps
    deletion = False
    start = 0               # its line
    line_number = 0
    comment = False         # in a comment line that goes on into the next piece
    for piece, continued in read_pieces(raw):
        lines = piece.split(b"\n")
        if piece.endswith(b"\n"):
            lines.pop()
        for index, line in enumerate(lines):
            if not (continued and index == 0):
                line_number += 1
                comment = line.lstrip()[:1] == b"c"
            if comment:
                continue
            tokens = line.split()
            if not tokens:
                continue
            if tokens[0] == b"d":
                if codes is not None:
                    raise _ProofError("line %d: 'd' inside a step (the step before has "
                                      "no terminating 0)" % line_number)
                codes, deletion, start = [], True, line_number
                tokens = tokens[1:]
                line = line.lstrip()[1:]
            numbers = integers(tokens, line)
            if numbers is None:
                raise _ProofError("line %d: %s" % (line_number, not_an_integer(tokens)))
            for number in numbers:
                if codes is None:
                    codes, deletion, start = [], False, line_number
                if number:
                    if not -MAX_VARIABLE <= number <= MAX_VARIABLE:
                        raise _ProofError("line %d: literal %d is beyond the largest "
                                          "variable, %d" % (line_number, number, MAX_VARIABLE))
                    codes.append(2 * number if number > 0 else 1 - 2 * number)
                else:
                    yield deletion, codes, "line %d" % start
                    codes = None
    if codes is not None:
        raise _ProofError("line %d: the proof ends inside a step (no terminating 0): "
                          "cut short" % start)


def _binary_steps(raw):
    """Yield ``(deletion, codes, place)`` for each step of a binary DRAT proof."""
    data = b""
    offset = 0              # of data[0] in the proof
    while True:
        block = raw.read(CHUNK_SIZE)
        if not block:
            break
        data = data + block if data else block
        position = 0
        while True:
            zero = data.find(b"\0", position)
            if zero < 0:
                break
            kind = data[position]
            if kind != _ADD and kind != _DELETE:
                raise _ProofError("byte %d: a step starts with 0x%02x, not 'a' or 'd'"
                                  % (offset + position, kind))
            body = data[position + 1:zero]
            codes = list(body) if body.isascii() else _varints(body, offset + position)
            if codes and (min(codes) < 2 or max(codes) > _MAX_CODE):
                raise _ProofError("byte %d: a literal of variable 0 or beyond %d"
                                  % (offset + position, MAX_VARIABLE))
            yield kind == _DELETE, codes, "byte %d" % (offset + position)
            position = zero + 1
        offset += position
        data = data[position:]
    if data:
        raise _ProofError("byte %d: the proof ends inside a step (no terminating 0): "
                          "cut short" % offset)


def _varints(body, place):
    codes = []
    code = shift = 0
    for byte in body:
        code |= (byte & 0x7f) << shift
        if byte & 0x80:
            shift += 7
            if shift > 35:
                raise _ProofError("byte %d: a literal longer than 5 bytes" % place)
        else:
            codes.append(code)
            code = shift = 0
    if shift:
        raise _ProofError("byte %d: a literal cut short by the step's end" % place)
    return codes


# -- command line ----------------------------------------------------------------

def report(verdict):
    """The lines the checker prints for a :class:`Verdict`: ``c`` lines (the counts,
    the reason of a refusal), then ``s VERIFIED`` or ``s NOT VERIFIED``.

    >>> import io
    >>> cnf = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    >>> print(report(check_proof(cnf, io.StringIO("2 0\\n0\\n"))), end="")
    c text DRAT proof: 1 lemmas (0 RAT), 0 deletions (ignored: 0 of absent clauses, 0 of units)
    s VERIFIED
    """
    lines = ["c %s DRAT proof: %d lemmas (%d RAT), %d deletions (ignored: %d of absent "
             "clauses, %d of units)" % ("binary" if verdict.binary else "text",
                                        verdict.lemmas, verdict.rat_lemmas,
                                        verdict.deletions, verdict.missing_deletions,
                                        verdict.unit_deletions)]
    if not verdict.ok:
        lines.append("c %s" % verdict.reason)
    lines.append("s VERIFIED" if verdict.ok else "s NOT VERIFIED")
    return "\n".join(lines) + "\n"


def main(argv=None):
    """``python -m dimacs_sudoku.dimacs.drat CNF PROOF``: 0 verified, 1 not verified."""
    prog = "drat"
    args = sys.argv[1:] if argv is None else argv
    usage = "usage: python -m dimacs_sudoku.dimacs.drat CNF PROOF  (one may be -)\n"
    if args in (["-h"], ["--help"]):
        sys.stdout.write(usage + "Check a DRAT proof (text or binary) of the CNF's "
                         "unsatisfiability: exit 0 and 's VERIFIED',\nor exit 1 and "
                         "'s NOT VERIFIED' after a 'c' line saying why.\n")
        return 0
    if len(args) != 2 or args.count("-") > 1:
        sys.stderr.write(usage)
        return 2
    cnf, proof = (sys.stdin.buffer if name == "-" else name for name in args)
    try:
        verdict = check_proof(cnf, proof)
    except SudokuError as error:
        sys.stderr.write("%s: %s\n" % (prog, error.describe()))
        return error.exit_code
    except OSError as error:
        name = error.filename if error.filename is not None else "?"
        sys.stderr.write("%s: %s: %s\n" % (prog, os.fsdecode(name),
                                             error.strerror or error))
        return EXIT_IO
    except KeyboardInterrupt:
        sys.stderr.write("%s: interrupted\n" % prog)
        return EXIT_INTERRUPTED
    try:
        sys.stdout.write(report(verdict))
        sys.stdout.flush()
    except BrokenPipeError:         # | head: the verdict still goes out as the exit code
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
