"""The reduced CNF's pairwise clauses written as text in blocks, without a clause
object: the fast path of ``sudoku2cnf --reduce`` (:mod:`.reduced` makes the
constraints; this module writes the same clauses a unit at a time).

>>> negs, ends = _pieces((4, 7))
>>> _full_groups([2], negs, ends)
('-4 -7 0\\n', 1)
"""

import os
import signal
import sys
from collections import deque
from itertools import chain

from ..forks import STOP_SIGNALS, block_signals, child_signals, cores, unblock_signals
from .amo.pairwise import _CUT, PairPickers
from .formula import ClauseTemplates

# Pieces of the pairwise clauses: each place's negation followed by a space, or ending
# a clause (see pairwise_text).
_NEG = "-%d " + _CUT
_NEG_CUT, _END_CUT = " " + _CUT, " 0\n" + _CUT
_PICKERS = PairPickers()

# From this many places in the rows and columns on (the 400x400 puzzle has 970,000;
# 144x144 ones 120,000), their clauses are formatted by a forked child while this
# process formats the cells' and boxes' (:class:`_Helper`): on the 400x400 puzzle
# 0.3 s of wall time saved for 0.05 s more CPU (the fork, the child's text copied).
FORK_PLACES = 400000
# The share of the first kind's units (boxes) this process formats, the rest going to
# the child: about as long on each side then.
KEPT_UNITS = (3, 4)


def _pieces(values):
    """The text pieces of each of ``values`` in a pairwise clause: ``-v `` (first) and
    ``-v 0\\n`` (second), as :class:`~.amo.PairPickers` takes them."""
    text = _NEG * len(values) % values
    # The second pieces from the first by one replace: a third faster than formatting
    # the numbers again.
    return text.split(_CUT), text.replace(_NEG_CUT, _END_CUT).split(_CUT)


def _full_groups(sizes, negs, ends):
    """``(text, clauses)``: every pair of each group of places, the groups of ``sizes``
    places one after the other in ``negs`` / ``ends`` (:func:`_pieces`)."""
    out = []
    add = out.append
    count = a = 0
    for m in sizes:
        if m > 1:
            b = a + m
            add("".join(_PICKERS[m](negs[a:b] + ends[a:b])))
            count += m * (m - 1) >> 1
        a += m
    return "".join(out), count


def _definedness(negs, ends, sizes, write):
    """``(text, clauses)``: the definedness clauses of a unit's groups of ``sizes``
    places, of those whose ``write`` byte is set, from the places' pieces
    (:func:`_pieces`): each group's places, the last one's piece ending the clause,
    the signs dropped.

    >>> negs, ends = _pieces((4, 7, 9))
    >>> _definedness(negs, ends, [2, 1], bytearray([1, 1]))
    ('4 7 0\\n9 0\\n', 2)
    >>> _definedness(negs, ends, [2, 1], bytearray([0, 1]))
    ('9 0\\n', 1)
    """
    pieces = negs[:]
    end = 0
    for m, w in zip(sizes, write):
        end += m
        if w:
            pieces[end - 1] = ends[end - 1]
        else:
            pieces[end - m:end] = [""] * m
    return "".join(pieces).replace("-", ""), write.count(1)


def pairwise_text(open_lengths, encoding, kinds):
    """The clauses of :func:`~.reduced.reduced_constraints` with the pairwise family, as
    ``(text, clauses)`` blocks: the same text as the constraints rendered one by one.

    Each unit's places are formatted once (:func:`_pieces`), and each group's clauses
    joined from those pieces: a full group by one getter of :class:`~.amo.PairPickers`
    (:func:`_full_groups`), a row's or column's places across boxes one ``join`` per
    place, and the unit's definedness clauses (:func:`_definedness`), which come last:
    held until then, about 8 bytes a place (12 MB on a 400x400 puzzle).

    A large formula's rows and columns (``kinds`` after the boxes) are formatted
    meanwhile by a forked child on another core (:class:`_Helper`), their text read
    back in its place."""
    definedness = deque() if encoding == "extended" else None
    helper = None
    try:
        if len(kinds) > 1 and sum(len(kind.flat) for kind in kinds[1:]) >= FORK_PLACES:
            # The child takes the later units: the rows and columns, and the last
            # part of the first kind's (this process has the cells' clauses too).
            first = kinds[0]
            kept = (len(first.unit_groups) - 1) * KEPT_UNITS[0] // KEPT_UNITS[1]
            helper = _Helper.start([(first, range(kept, len(first.unit_groups) - 1))]
                                   + [(kind, None) for kind in kinds[1:]],
                                   definedness is not None)
        yield from _cell_blocks(open_lengths, encoding)
        if helper is None:
            for kind in kinds:
                yield from _unit_blocks(kind, definedness)
        else:
            yield from _unit_blocks(kinds[0], definedness, range(kept))
            yield from helper.blocks(0)
        while definedness:
            yield definedness.popleft()
        if helper is not None:
            yield from helper.blocks(1)
    finally:
        if helper is not None:
            helper.end()


def _cell_blocks(open_lengths, encoding):
    """The open cells' definedness and (but for the minimal encoding) uniqueness
    clauses, a few thousand cells a block."""
    templates = ClauseTemplates()
    top = 1
    for start in range(0, len(open_lengths), 4096):
        chunk = open_lengths[start:start + 4096]
        end = top + sum(chunk)
        yield ("".join(map(templates.__getitem__, chunk)) % tuple(range(top, end)),
               len(chunk))
        top = end
    if encoding != "minimal":
        top = 1
        for start in range(0, len(open_lengths), 4096):
            chunk = open_lengths[start:start + 4096]
            end = top + sum(chunk)
            yield _full_groups(chunk, *_pieces(tuple(range(top, end))))
            top = end


def _unit_blocks(kind, definedness, units=None):
    """The at-most-one clauses of one kind of unit (of its ``units``, a range: all by
    default), a unit a block; each unit's definedness clauses appended to
    ``definedness`` (a deque; None: not written)."""
    pickers = _PICKERS
    flat, sizes, runs, run_sizes = kind.flat, kind.sizes, kind.runs, kind.run_sizes
    bounds = kind.unit_groups
    if units is not None:
        bounds = bounds[units.start:units.stop + 1]
    r = 0 if runs is None else sum(runs[:bounds[0]])
    for g0, g1 in zip(bounds, bounds[1:]):
        if g0 == g1:
            continue
        negs, ends = _pieces(tuple(flat[kind.starts[g0]:kind.starts[g1]]))
        if definedness is not None:
            definedness.append(_definedness(negs, ends, sizes[g0:g1],
                                            kind.defined[g0:g1]))
        if runs is None:
            yield _full_groups(sizes[g0:g1], negs, ends)
            continue
        out = []
        add = out.append
        count = a = 0
        for m, k in zip(sizes[g0:g1], runs[g0:g1]):
            if k == m:
                if m > 1:
                    b = a + m
                    add("".join(pickers[m](negs[a:b] + ends[a:b])))
                    count += m * (m - 1) >> 1
            elif k > 1:
                # Each place's clauses with the places of later boxes: one join.
                b, start = a + m, a
                for size in run_sizes[r:r + k - 1]:
                    stop = start + size
                    later = ends[stop:b]
                    for first in negs[start:stop]:
                        add(first)
                        add(first.join(later))
                    count += size * (b - stop)
                    start = stop
            r += k
            a += m
        yield "".join(out), count


class _Helper:
    """A forked child formatting the at-most-one clauses of ``kinds`` (``(kind,
    units)`` pairs, as :func:`_unit_blocks` takes them), then, when ``defined``, their
    definedness clauses, into an unnamed temporary file, while this process formats
    the others; :meth:`blocks` reads its text back.

    The child ends with this process: the signals that end a command end it (their
    handlers reset to the default), :meth:`end` kills and reaps it whatever happens
    here, and it stops by itself when this process is gone. A child that fails (no
    room left for its file) is not an error: its clauses are then formatted here."""

    # Stopped and continued by default too (a command may forward them to a solver).
    STOPS = tuple(getattr(signal, name) for name in ("SIGTSTP", "SIGCONT")
                  if hasattr(signal, name))

    def __init__(self, kinds, defined):
        self.kinds, self.defined = kinds, defined
        self.pid = self.file = self.report = None
        self.sizes = None                   # bytes and clauses of each part, once read
        self.left = None                    # the definedness clauses, if made here

    @classmethod
    def start(cls, kinds, defined):
        """A started helper, or None when this system cannot fork, has one core, or
        this process runs threads (a fork copies only the calling one)."""
        if not _forkable():
            return None
        helper = cls(kinds, defined)
        try:
            helper._fork()
        except OSError:
            helper.end()
            return None
        except BaseException:       # a signal: the child is not left running
            helper.end()
            raise
        return helper

    def _fork(self):
        import tempfile
        self.file = tempfile.TemporaryFile()    # (unnamed where the system allows)
        read_end, write_end = os.pipe()
        self.report = read_end
        parent = os.getpid()
        blocked = block_signals()
        try:
            self.pid = os.fork()
            if self.pid == 0:
                try:
                    self._child(write_end, blocked, parent)
                finally:
                    os._exit(1)     # (the child never goes back into the caller's code)
        finally:
            if self.pid != 0:
                unblock_signals(blocked)
                os.close(write_end)

    def _child(self, report, mask, parent):
        """The child's work: write the text, report the parts' sizes, exit (never
        returns, never runs this process's clean-up)."""
        code = 1
        try:
            child_signals(mask, parent, STOP_SIGNALS + self.STOPS)
            out = open(self.file.fileno(), "w", encoding="ascii", newline="\n",
                       closefd=False, buffering=1 << 20)
            definedness = deque() if self.defined else None
            sizes = []
            for part in (chain.from_iterable(_unit_blocks(kind, definedness, units)
                                             for kind, units in self.kinds),
                         () if definedness is None else definedness):
                chars = clauses = 0
                for block, count in part:
                    if os.getppid() != parent:  # the command is gone
                        os._exit(1)
                    out.write(block)
                    chars += len(block)
                    clauses += count
                sizes += (chars, clauses)
            out.flush()
            os.write(report, b"%d %d %d %d" % tuple(sizes))
            code = 0
        except BaseException:
            pass
        finally:
            os._exit(code)

    def _wait(self):
        """The child's four sizes, or None when it failed."""
        if self.sizes is None:
            answer = b""
            while True:
                chunk = os.read(self.report, 256)
                if not chunk:
                    break
                answer += chunk
            _, status = os.waitpid(self.pid, 0)
            self.pid = None
            try:
                sizes = [int(v) for v in answer.split()]
            except ValueError:
                sizes = []
            self.sizes = sizes if status == 0 and len(sizes) == 4 else False
        return self.sizes or None

    def blocks(self, part):
        """The child's text of ``part`` (0: the at-most-ones, 1: the definedness
        clauses) as ``(text, clauses)`` blocks, the text as it was written (ASCII
        bytes, which :meth:`~.formula.Formula.write` writes as they are); formatted
        here if the child failed."""
        sizes = self._wait()
        if sizes is None:
            if part == 0:
                self.left = deque() if self.defined else None
                for kind, units in self.kinds:
                    yield from _unit_blocks(kind, self.left, units)
            elif self.left is not None:
                yield from self.left
            return
        chars, clauses = sizes[2 * part:2 * part + 2]
        read = self.file.read
        if part == 0:
            self.file.seek(0)
        while chars > 0:
            data = read(min(chars, 1 << 20))
            if not data:
                raise RuntimeError("the helper's temporary file is short of its text")
            chars -= len(data)
            yield data, 0
        yield "", clauses

    def end(self):
        """Kill and reap the child if it still runs; close its file and pipe."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:             # reaped already (a signal right after)
                pass
            self.pid = None
        if self.report is not None:
            os.close(self.report)
            self.report = None
        if self.file is not None:
            self.file.close()
            self.file = None


def _forkable():
    """True when this process can fork a helper: the system forks, this process may
    run on two cores or more, and it runs no thread but this one (a fork copies only
    the calling thread; another one's locks would stay taken in the child)."""
    if not hasattr(os, "fork"):
        return False
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return False
    return cores() > 1
