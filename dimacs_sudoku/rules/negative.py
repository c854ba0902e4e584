"""The negative constraint of dots ("all dots are given"): two orthogonally adjacent
cells with no dot between them never have what a dot would show.

``negative white``: no two neighbours without a kropki dot differ by 1; ``negative
black``: none are in ratio 2; ``negative xv``: none add up to 10 or 5 without an X or
V between them. ``negative x`` and ``negative v`` take one of the two. A pair with a
dot of the same family (any kropki dot, or an X or V) is exempt: a 1-2 pair may show
either kropki dot. One line may name several: ``negative white black``.

f-puzzles writes these as its solvers read them: ``"negative": ["ratio"]`` is
``negative black``, ``"negative": ["xv"]`` is ``negative xv``, and ``"nonconsecutive":
true`` is its negative constraint of white dots, so with kropki dots given it is
``negative white`` (:func:`fpuzzles_meaning`; without dots the two are one rule).
``"negative": ["difference"]``, which some solvers read as ``negative white``, is read
too.

Encoding: per neighbour pair without a dot, one binary clause per digit pair the
missing dot forbids (2(N-1) for white, 2·⌊N/2⌋ for black, about N for xv).

>>> rule = Negative.parse(4, ["white"])
>>> rule.link([])
>>> rule.check([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2))[0]
'negative white: 1 and 2 are neighbours with no white dot (r1c1 r1c2)'
"""

import functools
import json

from ..errors import PuzzleError
from .base import FieldError, Rule, forbid_pairs, orthogonal_pairs, share_unit

# kind: (family, forbidden relation, what it means, f-puzzles name in "negative")
KINDS = {
    "white": ("kropki", lambda d, e: abs(d - e) == 1, "white dot", "difference"),
    "black": ("kropki", lambda d, e: d == 2 * e or e == 2 * d, "black dot", "ratio"),
    "xv": ("xv", lambda d, e: d + e in (5, 10), "X or V", "xv"),
    "x": ("xv", lambda d, e: d + e == 10, "X", None),
    "v": ("xv", lambda d, e: d + e == 5, "V", None),
}


@functools.lru_cache(maxsize=64)
def none_of(forbidden):
    """The digit pairs none of the ``forbidden`` tests matches (one function per
    combination of kinds, so that :func:`.base.forbid_pairs` works each out once)."""
    return lambda d, e: not any(f(d, e) for f in forbidden)


class Negative(Rule):
    name = "negative"
    fpuzzles_keys = ("negative",)
    fpuzzles_whole = True

    def __init__(self, size, kinds):
        super().__init__(size)
        self.kinds = list(kinds)
        self.exempt = {}

    @classmethod
    def parse(cls, size, args):
        kinds = [arg.lower() for arg in args]
        bad = [k for k in kinds if k not in KINDS]
        if bad or not kinds:
            raise PuzzleError("takes one or more of %s, not %r"
                              % (", ".join(KINDS), " ".join(args)))
        return cls(size, kinds)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise FieldError(None, "a list of names (ratio, xv)", value)
        names = {fp: kind for kind, (_, _, _, fp) in KINDS.items() if fp}
        bad = [v for v in value if v not in names]
        if bad:
            raise PuzzleError("unknown rule: negative constraint %s" % json.dumps(bad[0])[:40])
        return [cls(size, [names[v] for v in value])] if value else []

    @classmethod
    def merge(cls, rules):
        """One rule for every kind named (f-puzzles states white apart)."""
        kinds = []
        for rule in rules:
            kinds.extend(kind for kind in rule.kinds if kind not in kinds)
        return [cls(rules[0].size, kinds)]

    def to_line(self):
        return "negative " + " ".join(self.kinds)

    def to_fpuzzles(self):
        if any(KINDS[k][3] is None for k in self.kinds):
            raise PuzzleError("f-puzzles has no negative constraint for X or V alone")
        out = [("nonconsecutive", True)] if "white" in self.kinds else []
        named = [KINDS[k][3] for k in self.kinds if k != "white"]
        return out + ([("negative", named)] if named else [])

    def link(self, rules):
        """Note the pairs that carry a dot of each family."""
        self.exempt = {}
        for rule in rules:
            family = getattr(rule, "family", None)
            if family is not None:
                a, b = rule.cells
                self.exempt.setdefault(family, set()).add((min(a, b), max(a, b)))

    def free_pairs(self, kind, size):
        exempt = self.exempt.get(KINDS[kind][0], set())
        return [pair for pair in orthogonal_pairs(size) if pair not in exempt]

    def clauses(self, var, new_var, layout):
        # One set of clauses per pair for all its kinds: white and black both forbid
        # a 1-2 pair, and that clause is written once.
        n = layout.size
        kinds = {}
        for kind in self.kinds:
            for pair in self.free_pairs(kind, n):
                kinds.setdefault(pair, []).append(KINDS[kind][1])
        for (a, b), forbidden in sorted(kinds.items()):
            yield from forbid_pairs(var, n, a, b, none_of(tuple(forbidden)),
                                    share_unit(layout, a, b))

    def check(self, cells, size, box):
        found = []
        for kind in self.kinds:
            family, forbidden, what, _ = KINDS[kind]
            for a, b in self.free_pairs(kind, size):
                if forbidden(cells[a], cells[b]):
                    found.append(self.violation("%d and %d are neighbours with no %s"
                                                % (cells[a], cells[b], what), (a, b)))
        return found


def fpuzzles_meaning(rules, size):
    """The rules of an f-puzzles puzzle as f-puzzles means them: with kropki dots
    given, its ``nonconsecutive`` is ``negative white`` (the dotted pairs exempt)."""
    from .nonconsecutive import NonConsecutive
    if not any(getattr(rule, "family", None) == "kropki" for rule in rules):
        return rules
    kept = [rule for rule in rules if not isinstance(rule, NonConsecutive)]
    if len(kept) < len(rules):
        at = next((k for k, rule in enumerate(kept) if isinstance(rule, Negative)),
                  len(kept))
        kept.insert(at, Negative(size, ["white"]))      # white first, as it is written
    return kept


RULES = (Negative,)
