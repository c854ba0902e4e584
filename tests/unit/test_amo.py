"""The at-most-one families: what their clauses mean, their sizes, their text.

Meaning is checked by model enumeration, as PySAT tests its cardinality encodings: over
n literals, the assignments of the literals that extend to a model of the clauses must
be exactly those with at most one true literal.
"""

import itertools

import pycosat
import pytest

from dimacs_sudoku.encodings.amo import ALIASES, FAMILIES, family
from dimacs_sudoku.encodings.amo.pairwise import (Pairs, Pairwise, ceil_log2,
                                                  clause_text, full_pairs)
from dimacs_sudoku.encodings.numerals import Numerals
from dimacs_sudoku.errors import UsageError

NAMES = sorted(FAMILIES)


def projected_models(clauses, lits, num_vars):
    """Every assignment of ``lits`` (as a tuple of booleans, True = the literal holds)
    that extends to a model of ``clauses`` over variables 1..num_vars."""
    seen = set()
    for model in pycosat.itersolve(clauses or [[1, -1]], vars=max(num_vars, 1)):
        values = {abs(v): v > 0 for v in model}
        seen.add(tuple(values.get(abs(lit), False) == (lit > 0) for lit in lits))
    return seen


def at_most_one(n):
    """The assignments of n literals with at most one true."""
    return {tuple(i == k for i in range(n)) for k in range(-1, n)}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", range(9))
def test_models_are_exactly_at_most_one(name, n):
    lits = list(range(1, n + 1))
    clauses, top = family(name).clauses(lits, n)
    assert projected_models(clauses, lits, top) == at_most_one(n)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_negative_literals(name, n):
    # At most one of x1, -x2, x3, -x4, ... holds.
    lits = [v if v % 2 else -v for v in range(1, n + 1)]
    amo = family(name)
    clauses, top = amo.clauses(lits, n)
    assert projected_models(clauses, lits, top) == at_most_one(n)
    text, text_top, count = amo.render(lits, n)
    assert text == "".join(map(clause_text, clauses))
    assert (text_top, count) == (top, len(clauses))


@pytest.mark.parametrize("name", NAMES)
def test_size_clauses_and_render_agree(name):
    amo = family(name)
    for n in list(range(0, 61)) + [64, 81, 100, 121, 144]:
        lits = list(range(7, 7 + 2 * n, 2))           # not 1..n: positions matter
        top = 1000
        clauses, new_top = amo.clauses(lits, top)
        assert amo.size(n) == (len(clauses), new_top - top), n
        text, text_top, count = amo.render(lits, top)
        assert text == "".join(" ".join(map(str, c)) + " 0\n" for c in clauses), n
        assert (text_top, count) == (new_top, len(clauses)), n
        # Every variable is an input or a new one; the new ones are top+1.. new_top.
        used = {abs(v) for clause in clauses for v in clause}
        assert used - set(lits) == set(range(top + 1, new_top + 1)), n
        assert all(len(set(map(abs, c))) == len(c) >= 2 for c in clauses), n


@pytest.mark.parametrize("name", NAMES)
def test_small_n_is_pairwise(name):
    amo = family(name)
    assert amo.size(0) == amo.size(1) == (0, 0)
    assert amo.clauses([5], 9) == ([], 9)
    assert amo.render([5], 9) == ("", 9, 0)
    for n in (2, 3):
        lits = list(range(1, n + 1))
        assert amo.clauses(lits, 10) == Pairwise().clauses(lits, 10)


def test_closed_forms():
    for n in range(4, 200):
        k = ceil_log2(n)
        assert family("pairwise").size(n) == (n * (n - 1) // 2, 0)
        assert family("sequential").size(n) == (3 * n - 4, n - 1)
        assert family("ladder").size(n) == (3 * n - 4, n - 1)
        assert family("binary").size(n) == (n * k, k)
        half = ceil_log2((n + 1) // 2)
        assert family("bimander").size(n) == (n // 2 + n * half, half)
    # Recursive ones, against the forms written out by hand.
    assert family("commander").size(9) == (6 * 3 + 3, 3)        # 3 groups, then 3 commanders
    assert family("commander").size(4) == (6 + 1, 1)            # {1,2,3} + {4}: AMO(c, x4)
    assert family("product").size(9) == (18 + 3 + 3, 6)        # 3 x 3
    assert family("product").size(16) == (32 + 10 + 10, 8 + 4 + 4)   # 4 x 4, then 2 x 2
    # The exactly-one counts of the reference (AMO + 1 clause): pairwise 37/301/4951,
    # sequential 3N - 4 + 1.
    for n, pairwise in ((9, 37), (25, 301), (100, 4951)):
        assert family("pairwise").size(n)[0] + 1 == pairwise
    assert [family("sequential").size(n)[0] for n in (9, 25, 100)] == [23, 71, 296]


def test_pairs_pattern():
    pattern = Pairs([(0, 1), (0, 3), (1, 2), (2, 3)])
    pw = family("pairwise")
    lits = [11, 12, 13, 14]
    assert pw.size(4, pattern) == (4, 0)
    assert pw.clauses(lits, 0, pattern) == ([[-11, -12], [-11, -14], [-12, -13],
                                             [-13, -14]], 0)
    assert pw.render(lits, 0, pattern) == ("-11 -12 0\n-11 -14 0\n-12 -13 0\n-13 -14 0\n",
                                           0, 4)
    assert pw.render([-11, 12, 13, 14], 0, pattern)[0].startswith("11 -12 0\n")
    # Other families ignore the pattern.
    assert family("sequential").size(4, pattern) == family("sequential").size(4)
    assert full_pairs(5).count == 10


def test_every_pairs_pattern_renders_like_its_clauses():
    pw = family("pairwise")
    positions = range(6)
    all_pairs = list(itertools.combinations(positions, 2))
    for mask in range(0, 1 << len(all_pairs), 97):
        pattern = Pairs(p for k, p in enumerate(all_pairs) if mask >> k & 1)
        clauses, _ = pw.clauses([3, 5, 8, 13, 21, 34], 0, pattern)
        assert pw.render([3, 5, 8, 13, 21, 34], 0, pattern)[0] == \
            "".join(map(clause_text, clauses))


@pytest.mark.parametrize("lengths", [(1,), (3,), (1, 1), (2, 1, 3), (1, 4, 1, 1), (5, 5)])
def test_pairs_across_segments(lengths):
    """Pairs.across: exactly the pairs in different segments, in the order and text
    of the same list given to Pairs."""
    starts = list(itertools.accumulate((0,) + lengths))
    segment = [k for k, length in enumerate(lengths) for _ in range(length)]
    m = starts[-1]
    expected = [(i, j) for i in range(m) for j in range(i + 1, m) if segment[i] != segment[j]]
    across = Pairs.across(lengths)
    assert across.pairs == expected and across.count == len(expected)
    lits = [7 * k + 3 for k in range(m)]
    pw = family("pairwise")
    assert pw.size(m, across) == (len(expected), 0)
    assert pw.render(lits, 0, across) == pw.render(lits, 0, Pairs(expected))
    assert pw.clauses(lits, 0, across) == pw.clauses(lits, 0, Pairs(expected))


def test_pairs_in_any_order():
    pw = family("pairwise")
    pattern = Pairs([(2, 3), (0, 3), (0, 1), (1, 0), (0, 2), (3, 1)])
    clauses, _ = pw.clauses([1, 2, 3, 4], 0, pattern)
    assert clauses == [[-3, -4], [-1, -4], [-1, -2], [-2, -1], [-1, -3], [-4, -2]]
    assert pw.render([1, 2, 3, 4], 0, pattern)[0] == "".join(map(clause_text, clauses))


def test_lits_may_be_a_tuple():
    for name in NAMES:
        amo = family(name)
        assert amo.render(tuple(range(1, 10)), 9) == amo.render(list(range(1, 10)), 9)


def test_names():
    with pytest.raises(UsageError, match="unknown at-most-one family 'nope'"):
        family("nope")
    for alias, name in ALIASES.items():
        assert type(family(alias)) is FAMILIES[name]
    for name, cls in FAMILIES.items():
        assert cls.name == name and cls.__doc__ and ">>>" in cls.__doc__


@pytest.mark.parametrize("name", NAMES)
def test_render_negs_is_render(name):
    """The text joined from made numerals is the text formatted number by number."""
    amo = family(name)
    numerals = Numerals(2000)
    negated = numerals.neg.__getitem__
    for n in list(range(0, 41)) + [64, 81, 100]:
        lits = list(range(7, 7 + 3 * n, 3))
        top = 1000 - n
        assert amo.render_negs(map(negated, lits), top, None, numerals) == \
            amo.render(lits, top), n


def test_render_negs_with_pairs_patterns():
    pw = family("pairwise")
    numerals = Numerals(40)
    lits = [3, 5, 8, 13, 21, 34]
    all_pairs = list(itertools.combinations(range(6), 2))
    patterns = [Pairs(p for k, p in enumerate(all_pairs) if mask >> k & 1)
                for mask in range(0, 1 << len(all_pairs), 997)]
    patterns += [Pairs.across(lengths) for lengths in [(1, 5), (2, 2, 2), (3, 3)]]
    for pattern in patterns:
        negs = [numerals.neg[v] for v in lits]
        assert pw.render_negs(negs, 0, pattern, numerals) == pw.render(lits, 0, pattern)


@pytest.mark.parametrize("top", [0, 1, 9, 10, 99, 100, 101, 999, 1000, 12345, 80000])
def test_numerals(top):
    numerals = Numerals(top)
    assert numerals.pos == ["0\n"] + ["%d " % v for v in range(1, top + 1)]
    assert numerals.neg == ["0\n"] + ["-%d " % v for v in range(1, top + 1)]
    # ranges cut out of the long texts, across every change of width
    widths = {e + k for e in (9, 99, 999, 9999) for k in (0, 1) if e + k <= top}
    edges = sorted(({1, top} if top else set()) | widths)
    for first in edges:
        for last in edges + [first - 1]:
            if last >= first - 1:
                assert numerals.pos_range(first, last) == numerals.pos[first:last + 1]
                assert numerals.neg_range(first, last) == numerals.neg[first:last + 1]


@pytest.mark.parametrize("name", NAMES)
def test_render_negs_of_several_at_once(name):
    """``times`` at-most-ones in one call: the texts of one call each, in order, their
    new variables numbered on."""
    amo = family(name)
    numerals = Numerals(5000)
    for n, times in [(1, 4), (2, 3), (4, 9), (9, 9), (10, 2), (16, 5)]:
        groups = [list(range(11 + 50 * k, 11 + 50 * k + 2 * n, 2)) for k in range(times)]
        top, texts, count = 3000, [], 0
        for lits in groups:
            text, top, more = amo.render(lits, top)
            texts.append(text)
            count += more
        negs = [numerals.neg[v] for lits in groups for v in lits]
        assert amo.render_negs(negs, 3000, None, numerals, times) == \
            ("".join(texts), top, count), (n, times)
