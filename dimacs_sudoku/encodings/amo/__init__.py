"""At-most-one families: clauses saying at most one of a list of literals is true.

Every family has the same three methods:

- ``size(n, pattern=None) -> (clauses, aux_vars)``: its exact size over ``n`` literals,
  from a closed form (or a recursion of logarithmic depth), without making any clause,
  so that a ``p cnf`` header can be counted before anything is written;
- ``clauses(lits, top, pattern=None) -> (clauses, new_top)``: the clauses as lists of
  ints; auxiliary variables are numbered ``top + 1``, ``top + 2``, ... with no gap;
- ``render(lits, top, pattern=None) -> (text, new_top, count)``: the same clauses as
  DIMACS text, made fast from a template compiled once per ``n``;
- ``render_negs(negs, top, pattern, numerals, times=1) -> (text, new_top, count)``:
  the same text from the texts ``"-v "`` of positive ``lits`` and the
  :class:`~.numerals.Numerals` of every variable up to ``new_top``, with no number
  formatted (faster still, where the numerals are made beforehand); ``negs`` may hold
  ``times`` at-most-ones of one length, one after the other, written in one go.

``pattern`` (a :class:`Pairs`) tells the pairwise family which pairs of positions are
already forbidden by an earlier constraint; the other families write their full form
whatever the pattern.

The families and their sizes over n literals (``lg n`` is ⌈log₂ n⌉; C(n, 2) = n(n-1)/2):

============  ==========================================  ====================
family        clauses                                     auxiliary variables
============  ==========================================  ====================
pairwise      C(n, 2)                                     0
sequential    3n - 4                                      n - 1
ladder        3n - 4                                      n - 1
binary        n·lg n                                      lg n
commander     6q + 3[r=2] + S(q + [r>0]),  q, r = n÷3, n%3  q + [r=2] + A(...)
product       2n + S(p) + S(q),  q = ⌈√n⌉, p = ⌈n/q⌉      p + q + A(p) + A(q)
bimander      ⌊n/2⌋ + n·lg⌈n/2⌉                           lg⌈n/2⌉
============  ==========================================  ====================

For n ≤ 3 every family writes the pairwise clauses (at most 3 binary clauses and no
new variable, smaller than any of their own forms); n ≤ 1 gives no clause at all. The
recursive families (commander, product) use the same rule for their sub-problems.

>>> pw = family("pairwise")
>>> pw.clauses([1, 2, 3], 10)
([[-1, -2], [-1, -3], [-2, -3]], 10)
>>> pw.size(9)
(36, 0)
>>> sq = family("sequential")
>>> sq.size(9)
(23, 8)
>>> print(sq.render([1, 2, 3, 4], 10)[0], end="")
-1 11 0
-2 12 0
-11 12 0
-2 -11 0
-3 13 0
-12 13 0
-3 -12 0
-4 -13 0
"""

from ...errors import UsageError
from .auxiliary import Bimander, Binary, Commander, Ladder, Product, Sequential
from .pairwise import Pairwise

FAMILIES = {"pairwise": Pairwise, "sequential": Sequential, "ladder": Ladder,
            "binary": Binary, "commander": Commander, "product": Product,
            "bimander": Bimander}

# Other names in use for the same families.
ALIASES = {"bitwise": "binary", "naive": "pairwise", "binomial": "pairwise"}


def family(name):
    """The at-most-one family called ``name``.

    >>> sorted(FAMILIES)
    ['bimander', 'binary', 'commander', 'ladder', 'pairwise', 'product', 'sequential']
    """
    try:
        return FAMILIES[ALIASES.get(name, name)]()
    except KeyError:
        raise UsageError("unknown at-most-one family %r (choose from %s)"
                         % (name, ", ".join(FAMILIES))) from None
