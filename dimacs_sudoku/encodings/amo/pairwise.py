"""The pairwise at-most-one family and its fast forms: the pairs of a list (or of
the positions an earlier constraint leaves open) as clauses, templates and pickers;
the small helpers every family shares."""

from functools import lru_cache
from itertools import chain, repeat
from operator import add, itemgetter, mul


# Up to this many literals every family writes the pairwise clauses.
SMALL = 3

# Up to this many literals, the pairwise family's render_negs picks the texts of all
# its clauses by one item getter; above, one join a first literal is faster.
PICK_MAX = 9

# Separates the pieces of text formatted in one go before they are joined.
_CUT = "\x00"


def ceil_log2(m):
    """⌈log₂ m⌉ for m ≥ 1: the bits needed to number m things.

    >>> [ceil_log2(m) for m in (1, 2, 3, 4, 5, 8, 9)]
    [0, 1, 2, 2, 3, 3, 4]
    """
    return (m - 1).bit_length()


def tuple_getter(indices):
    """``itemgetter(*indices)`` that returns a tuple for any number of indices."""
    indices = tuple(indices)
    if len(indices) == 1:
        only = indices[0]
        return lambda seq: (seq[only],)
    if not indices:
        return lambda seq: ()
    return itemgetter(*indices)


def clause_text(clause):
    """One clause as a DIMACS line.

    >>> clause_text([-1, 2])
    '-1 2 0\\n'
    """
    return " ".join(map(str, clause)) + " 0\n"


class Pairs:
    """Which position pairs of a constraint still need a clause.

    An earlier constraint may already forbid two positions together (two cells of a
    box in one row); the pairwise family then leaves those pairs out, so that no
    clause is written twice. Other families ignore this and write their full form.

    >>> p = Pairs([(0, 1), (0, 2), (1, 3)])
    >>> Pairwise().render([5, 6, 7, 8], 0, p)
    ('-5 -6 0\\n-5 -7 0\\n-6 -8 0\\n', 0, 3)
    """

    def __init__(self, pairs):
        self.pairs = list(pairs)
        self.count = len(self.pairs)
        self.width = 1 + max((j for _, j in self.pairs), default=-1)
        # Runs of pairs with the same first position, in order: (i, the second
        # positions, as a slice when they are consecutive, else an item getter).
        runs = []
        for i, j in self.pairs:
            if runs and runs[-1][0] == i:
                runs[-1][1].append(j)
            else:
                runs.append((i, [j]))
        self.rows = []
        for i, later in runs:
            if later == list(range(later[0], later[-1] + 1)):
                self.rows.append((i, slice(later[0], later[-1] + 1)))
            else:
                self.rows.append((i, tuple_getter(later)))
        self.spec = _spec(self.width)

    @staticmethod
    def across(lengths):
        """The pairs of positions in different segments, for consecutive segments of
        the given lengths (the positions of one segment already share a constraint),
        as a :class:`SegmentPairs`.

        >>> p = Pairs.across((2, 1, 2))
        >>> p.pairs
        [(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4)]
        >>> p.render([5, 6, 7, 8, 9]) == Pairs(p.pairs).render([5, 6, 7, 8, 9])
        True
        """
        return _segment_pairs(tuple(lengths))

    def render(self, lits):
        """The clauses ``-a -b 0`` over positive ``lits``, as text.

        Each literal is formatted once; the clauses of one first position are made
        by one ``join`` with ``0\\n-a`` as separator.
        """
        return self.render_negs((self.spec % tuple(lits[:self.width])).split(_CUT))

    def render_negs(self, negs):
        """The same clauses from the literals' texts ``"-a "`` (a tuple or list)."""
        out = []
        add = out.append
        for i, later in self.rows:
            first = negs[i]
            later = negs[later] if type(later) is slice else later(negs)
            add(first)
            add(("0\n" + first).join(later))
            add("0\n")
        return "".join(out)


class SegmentPairs:
    """The pairs of positions lying in different segments (runs of consecutive
    positions): what :class:`Pairs` would hold for them, without listing the pairs."""

    def __init__(self, lengths):
        self.lengths = lengths
        self.width = sum(lengths)
        self.count = (self.width * self.width - sum(map(mul, lengths, lengths))) // 2

    @property
    def spec(self):
        # Shared by width: thousands of patterns of the same width are cached.
        return _spec(self.width)

    @property
    def pairs(self):
        found, start = [], 0
        for length in self.lengths:
            stop = start + length
            found += [(i, j) for i in range(start, stop) for j in range(stop, self.width)]
            start = stop
        return found

    def render(self, lits):
        """As :meth:`Pairs.render`: each first position's clauses in one ``join``."""
        return self.render_negs((self.spec % tuple(lits)).split(_CUT))

    def render_negs(self, negs):
        end = self.width
        out = []
        add = out.append
        start = 0
        for length in self.lengths:
            stop = start + length
            if stop < end:
                later = negs[stop:end]
                for first in negs[start:stop]:
                    add(first)
                    add(("0\n" + first).join(later))
                    add("0\n")
            start = stop
        return "".join(out)


@lru_cache(maxsize=4096)
def _segment_pairs(lengths):
    return SegmentPairs(lengths)


@lru_cache(maxsize=None)
def _spec(width):
    """The format of ``width`` negative literals, each followed by a cut."""
    return ("-%d " + _CUT) * width


class PairPickers(dict):
    """``pickers[m]``: for a group of m literals, the item getter that picks, from its
    2m pieces of text (each literal's ``-v `` in order, then each one's ``-v 0\\n``),
    the pieces of its C(m, 2) pairwise clauses in order, ready to join (m ≥ 2).

    >>> pieces = ["-1 ", "-2 ", "-3 ", "-1 0\\n", "-2 0\\n", "-3 0\\n"]
    >>> "".join(PairPickers()[3](pieces)) == Pairwise().render([1, 2, 3], 0)[0]
    True
    """

    def __missing__(self, m):
        picker = self[m] = itemgetter(*chain.from_iterable(
            (i, m + j) for i in range(m) for j in range(i + 1, m)))
        return picker


def full_pairs(n):
    """The :class:`Pairs` of every pair of n positions, in lexicographic order."""
    return _full_pairs(n)


@lru_cache(maxsize=None)
def _full_pairs(n):
    return Pairs((i, j) for i in range(n) for j in range(i + 1, n))


class Pairwise:
    """The binomial encoding: one binary clause ``-a -b`` per pair; no new variables.

    C(n, 2) clauses over n literals, fewer with a :class:`Pairs` pattern.

    >>> print(Pairwise().render([1, 2, 3], 0)[0], end="")
    -1 -2 0
    -1 -3 0
    -2 -3 0
    """

    name = "pairwise"
    reads_patterns = True       # the one family that leaves out the pairs of a Pairs

    def size(self, n, pattern=None):
        if pattern is not None:
            return pattern.count, 0
        return n * (n - 1) // 2, 0

    def clauses(self, lits, top, pattern=None):
        pairs = (pattern or _full_pairs(len(lits))).pairs
        return [[-lits[i], -lits[j]] for i, j in pairs], top

    def render(self, lits, top, pattern=None):
        pairs = pattern or _full_pairs(len(lits))
        if lits and min(lits) < 1:
            clauses, top = self.clauses(lits, top, pattern)
            return "".join(map(clause_text, clauses)), top, len(clauses)
        return pairs.render(lits), top, pairs.count

    def render_negs(self, negs, top, pattern=None, numerals=None, times=1):
        negs = tuple(negs)
        n = len(negs) // times
        pairs = pattern or _full_pairs(n)
        if n <= PICK_MAX:
            text = "".join(_pair_pick(pairs, n, times)(("0\n", *negs)))
        else:
            text = "".join([pairs.render_negs(negs[k:k + n]) for k in range(0, n * times, n)])
        return text, top, pairs.count * times


@lru_cache(maxsize=256)
def _pair_pick(pairs, n, times):
    """The item getter of the pairwise clauses of ``times`` at-most-ones of n literals
    each, out of "0\\n" and their texts, one after the other."""
    first = list(chain.from_iterable((1 + i, 1 + j, 0) for i, j in pairs.pairs))
    return tuple_getter(copies(first, [n, n, 0] * pairs.count, times))


def copies(first, step, times):
    """The indices ``first`` of a pick, then ``times - 1`` more copies of them, copy
    j moved by j times ``step``.

    >>> copies([1, 2, 0], [2, 2, 0], 3)
    [1, 2, 0, 3, 4, 0, 5, 6, 0]
    """
    indices = list(first)
    for j in range(1, times):
        indices += map(add, first, map(mul, step, repeat(j)))
    return indices
