"""At-most-one families: clauses saying at most one of a list of literals is true.

Each family gives its clauses, its exact size from a closed form (so headers are
counted without making clauses) and a fast text form. Auxiliary variables are numbered
from ``top + 1`` upwards and the new top is returned.

>>> pw = family("pairwise")
>>> pw.clauses([1, 2, 3], 10)
([[-1, -2], [-1, -3], [-2, -3]], 10)
>>> pw.size(9)
(36, 0)
"""

from ..errors import UsageError


class Pairs:
    """Which position pairs of a constraint still need a clause.

    An earlier constraint may already forbid two positions together (two cells of a
    box in one row); the pairwise family then leaves those pairs out, so that no
    clause is written twice. Other families ignore this and write their full form.
    """

    def __init__(self, pairs):
        self.pairs = list(pairs)
        self.flat = [k for pair in self.pairs for k in pair]
        self.template = "-%d -%d 0\n" * len(self.pairs)


class Pairwise:
    """The binomial encoding: one binary clause ``-a -b`` per pair; no new variables."""

    name = "pairwise"

    def __init__(self):
        self._full = {}

    def _pairs(self, n, pattern):
        if pattern is not None:
            return pattern
        pairs = self._full.get(n)
        if pairs is None:
            pairs = self._full[n] = Pairs((i, j) for i in range(n) for j in range(i + 1, n))
        return pairs

    def size(self, n, pattern=None):
        if pattern is not None:
            return len(pattern.pairs), 0
        return n * (n - 1) // 2, 0

    def clauses(self, lits, top, pattern=None):
        pairs = self._pairs(len(lits), pattern).pairs
        return [[-lits[i], -lits[j]] for i, j in pairs], top

    def render(self, lits, top, pattern=None):
        pairs = self._pairs(len(lits), pattern)
        return pairs.template % tuple([lits[k] for k in pairs.flat]), top, len(pairs.pairs)


class ClauseFamily:
    """Base for families that build clause lists; text is made from the clauses."""

    name = None

    def render(self, lits, top, pattern=None):
        clauses, top = self.clauses(lits, top, pattern)
        text = "".join(" ".join(map(str, clause)) + " 0\n" for clause in clauses)
        return text, top, len(clauses)


FAMILIES = {"pairwise": Pairwise}


def family(name):
    """The at-most-one family called ``name``."""
    try:
        return FAMILIES[name]()
    except KeyError:
        raise UsageError("unknown at-most-one family %r (choose from %s)"
                         % (name, ", ".join(FAMILIES))) from None
