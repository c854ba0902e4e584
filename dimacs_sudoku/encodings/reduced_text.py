"""The reduced CNF's pairwise clauses written as text in blocks, without a clause
object: the fast path of ``sudoku2cnf --reduce`` (:mod:`.reduced` makes the
constraints; this module writes the same clauses a unit at a time).

>>> negs, ends = _pieces((4, 7))
>>> _full_groups([2], negs, ends)
('-4 -7 0\\n', 1)
"""

from collections import deque

from .amo.pairwise import _CUT, PairPickers
from .formula import ClauseTemplates

# Pieces of the pairwise clauses: each place's negation followed by a space, or ending
# a clause (see pairwise_text).
_NEG = "-%d " + _CUT
_NEG_CUT, _END_CUT = " " + _CUT, " 0\n" + _CUT
_PICKERS = PairPickers()


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
    held until then, about 8 bytes a place (12 MB on a 400x400 puzzle)."""
    templates = ClauseTemplates()
    pickers = _PICKERS
    top = 1
    # Cell definedness, a few thousand cells a block.
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
    definedness = deque() if encoding == "extended" else None
    for kind in kinds:
        flat, sizes, runs, run_sizes = kind.flat, kind.sizes, kind.runs, kind.run_sizes
        bounds = kind.unit_groups
        r = 0
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
    while definedness:
        yield definedness.popleft()
