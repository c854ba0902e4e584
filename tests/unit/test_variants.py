"""Variant rules tested by what they mean: on 4x4, for every rule, the grids the
clauses allow are exactly the grids its checker passes, among all 576 Latin squares
(the 288 Sudoku grids, and those whose jigsaw regions replace the boxes)."""

import pycosat
import pytest

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.encodings import encode_variant
from dimacs_sudoku.rules.registry import parse_rule, finish, rule_classes
from dimacs_sudoku.core.check import check_variant

BOX = (2, 2)


def all_grids(size, box=None):
    """Every complete Sudoku grid of this size (288 for 4x4), as tuples; every Latin
    square (576) when ``box`` is None."""
    rows, cols = box or (1, 1)
    n = size
    cells = [0] * (n * n)
    found = []

    def free(cell, d):
        r, c = divmod(cell, n)
        top, left = r - r % rows, c - c % cols
        return all(cells[r * n + k] != d and cells[k * n + c] != d for k in range(n)) and \
            all(cells[(top + i) * n + left + j] != d for i in range(rows) for j in range(cols))

    def fill(cell):
        if cell == n * n:
            found.append(tuple(cells))
            return
        for d in range(1, n + 1):
            if free(cell, d):
                cells[cell] = d
                fill(cell + 1)
                cells[cell] = 0

    fill(0)
    return found


GRIDS4 = all_grids(4, BOX)
LATIN4 = all_grids(4)


def rules_of(lines, size=4):
    return finish([parse_rule(line, size, None) for line in lines], size)


def models(formula, size):
    """The grids (tuples) of every model of ``formula``, projected to the cell
    variables: each found grid is blocked as a grid, whatever its auxiliary values."""
    clauses = list(formula.clauses())
    n = size
    found = set()
    while True:
        model = pycosat.solve(clauses, vars=formula.num_vars)
        if model == "UNSAT":
            return found
        cells = [0] * (n * n)
        block = []
        for v in model[:n ** 3]:
            if v > 0:
                cell, d = divmod(v - 1, n)
                cells[cell] = d + 1
                block.append(-v)
        grid = tuple(cells)
        assert grid not in found
        found.add(grid)
        clauses.append(block)


# Rules on 4x4, each as its text line (written the way to_line writes it). The second
# field says whether some but not all of the 288 grids obey it (the test is then
# informative); False marks the few meant to have no solution or to rule out nothing.
SAMPLES4 = [
    (["diagonals"], True),
    (["diagonal+"], True),
    (["diagonal-"], True),
    (["windoku"], True),
    (["disjoint"], True),
    (["jigsaw 1112 1222 3334 3444"], True),
    (["jigsaw 1122 1134 2234 3344"], False),
    (["latin"], False),                     # all 576 Latin squares: no box clauses
    (["region r1c1 r2c2 r3c3"], True),
    (["region r1c1 r2c2 r3c3 r4c4"], True),
    (["antiknight"], True),
    (["antiking"], False),
    (["nonconsecutive"], False),
    (["killer 3 r1c1 r1c2"], True),
    (["killer r1c1 r2c3"], True),
    (["killer 7 r1c1 r2c2 r3c3"], True),
    (["killer 10 r1c1 r2c2 r3c3 r4c4"], True),
    (["killer 8 r1c2 r2c1 r2c2"], True),
    (["littlekiller 5 r1c2 r2c3 r3c4"], True),
    (["littlekiller 6 r2c1 r3c2 r4c3"], True),
    (["littlekiller 4 r4c1"], True),
    (["sandwich 2 r1"], True),
    (["sandwich 0 c2"], True),
    (["sandwich 5 r3"], True),
    (["sandwich 4 c1"], False),
    (["arrow r1c1 r2c2 r3c3"], True),
    (["arrow r4c4 r3c2"], True),
    (["arrow r1c1+r1c2 r2c1 r2c2 r2c3 r2c4 r3c1 r3c2"], True),
    (["thermo r1c1 r2c2 r3c3"], True),
    (["thermo r1c1 r1c2"], True),
    (["thermo r1c1 r1c2 r1c3 r1c4"], True),
    (["white r1c1 r1c2"], True),
    (["white 2 r1c1 r2c1"], True),
    (["black r1c1 r1c2"], True),
    (["black 3 r2c2 r2c3"], True),
    (["xv V r1c1 r1c2"], True),
    (["xv X r1c1 r1c2"], False),
    (["xv 7 r1c1 r2c1"], True),
    (["white r1c1 r1c2", "negative white"], False),
    (["black r1c1 r1c2", "black r2c3 r2c4", "black r3c1 r3c2", "black r4c3 r4c4",
      "black r1c2 r2c2", "black r1c4 r2c4", "black r3c1 r4c1", "black r3c3 r4c3",
      "negative black"], True),
    (["white r1c1 r1c2", "white r1c2 r1c3", "white r1c3 r1c4", "white r2c1 r2c2",
      "white r2c3 r2c4", "white r3c1 r3c2", "white r3c3 r3c4", "white r4c1 r4c2",
      "white r4c2 r4c3", "white r4c3 r4c4", "white r2c1 r3c1", "white r2c4 r3c4",
      "negative white"], True),
    (["white r1c1 r1c2", "black r2c2 r2c3", "negative white black"], False),
    (["xv V r1c1 r1c2", "xv V r2c3 r2c4", "negative xv"], False),
    (["xv V r1c2 r1c3", "xv V r2c2 r2c3", "xv V r3c2 r3c3", "xv V r4c2 r4c3",
      "xv V r2c1 r3c1", "xv V r2c2 r3c2", "xv V r2c3 r3c3", "xv V r2c4 r3c4", "negative v"],
     True),
    (["xv V r1c2 r1c3", "xv V r2c2 r2c3", "xv V r3c2 r3c3", "xv V r4c2 r4c3",
      "xv V r2c1 r3c1", "xv V r2c2 r3c2", "xv V r2c3 r3c3", "xv V r2c4 r3c4",
      "negative xv"], True),
    (["odd r1c1 r2c3"], True),
    (["even r4c4"], True),
    (["whispers r1c1 r1c2 r1c3"], True),
    (["whispers 3 r1c1 r2c2"], True),
    (["renban r1c1 r1c2 r1c3"], True),
    (["renban r1c1 r2c2"], True),
    (["renban r1c1 r2c2 r3c3"], True),
    (["between r1c1 r2c2 r3c3"], True),
    (["between r1c1 r1c2 r1c3 r1c4"], True),
    (["between r1c1 r3c2"], False),
    (["palindrome r1c1 r2c2 r3c3 r4c4"], True),
    (["palindrome r1c1 r2c2 r3c3"], True),
    (["clone r1c1 r1c2 = r4c3 r4c4"], True),
    (["minimum r2c2"], True),
    (["maximum r1c1 r4c4"], True),
    (["maximum r1c1 r1c2", "minimum r3c3 r4c3 r3c4"], True),
    (["quadruple 1 2 r1c2"], True),
    (["quadruple 1 1 r2c2"], True),
    (["quadruple 3 r2c2"], True),
    (["quadruple 2 2 3 r1c1"], False),
    (["columnindexer r1c1 r2c1 r3c1 r4c1"], True),
    (["rowindexer r1c2 r1c3"], True),
    (["boxindexer r1c1 r2c2"], True),
    (["regionsum r1c1 r1c2 r1c3"], True),
    (["regionsum r1c2 r2c2 r2c3"], True),
    (["regionsum r1c1 r2c2 r3c3 r4c4"], True),
    (["jigsaw 1112 1222 3334 3444", "regionsum r1c3 r1c4 r2c4"], True),
    (["zipper r1c1 r1c2 r1c3"], True),
    (["zipper r1c1 r2c2 r3c3 r4c4"], True),
    (["zipper r1c1 r2c1 r3c1 r3c2 r3c3"], True),
    (["zipper r1c1 r1c2 r2c1 r2c2"], True),
    (["xsum 6 r0c1"], True),
    (["xsum 10 r5c3"], True),
    (["xsum 1 r3c0"], True),
    (["xsum 5 r0c2"], True),
    (["xsum 3 r1c0", "xsum 8 r0c4"], True),
    (["xsum 4 r2c5"], False),
    (["skyscraper 1 r0c1"], True),
    (["skyscraper 2 r0c1"], True),
    (["skyscraper 3 r5c2"], True),
    (["skyscraper 4 r3c0"], True),
    (["skyscraper 2 r2c5"], True),
    (["skyscraper 2 r1c0", "skyscraper 3 r0c1"], True),
    (["skyscraper 4 r3c5", "skyscraper 1 r5c2"], False),
    (["diagonals", "killer 5 r1c1 r1c2", "thermo r3c1 r3c2"], True),
    (["jigsaw 1112 1222 3334 3444", "xv V r1c1 r2c1", "odd r4c4"], True),
]


@pytest.mark.parametrize("lines, informative", SAMPLES4, ids=[" / ".join(s[0])
                                                             for s in SAMPLES4])
def test_clauses_allow_exactly_the_grids_the_checker_passes(lines, informative):
    rules = rules_of(lines)
    expected = {g for g in LATIN4 if not check_variant(list(g), 4, BOX, rules)}
    found = models(encode_variant(Grid.empty(4), rules), 4)
    assert found == expected
    if informative:
        assert 0 < len(expected) < len(GRIDS4)
    assert [rule.to_line() for rule in rules] == lines


@pytest.mark.parametrize("encoding, amo", [("minimal", "sequential"), ("efficient", "binary"),
                                           ("extended", "product")])
def test_rule_variables_sit_between_cells_and_at_most_one_variables(encoding, amo):
    # All hold in 2314 1432 3241 4123, with auxiliary variables in four of them.
    lines = ["killer 8 r1c2 r2c1 r3c3", "littlekiller 7 r1c2 r2c3 r3c4", "sandwich 0 r1",
             "between r2c1 r1c1 r1c2", "arrow r2c2 r1c1 r1c3"]
    rules = rules_of(lines)
    expected = {g for g in LATIN4 if not check_variant(list(g), 4, BOX, rules)}
    formula = encode_variant(Grid.empty(4), rules, encoding=encoding, amo=amo)
    text = formula.to_text()
    assert text.count("\n") > formula.num_clauses
    assert models(formula, 4) == expected and expected


KILLERS4 = [lines for lines, _ in SAMPLES4 if lines[0].startswith("killer")]


@pytest.mark.parametrize("lines", KILLERS4, ids=[" / ".join(s) for s in KILLERS4])
def test_killer_totals_by_running_sums(lines, monkeypatch):
    """Above MAX_SETS digit sets a cage's total is encoded by running sums: the same
    meaning, checked here with the limit at 0."""
    from dimacs_sudoku.rules import killer
    monkeypatch.setattr(killer, "MAX_SETS", 0)
    rules = rules_of(lines)
    if rules[0].total is not None:
        assert killer.digit_sets(4, len(rules[0].cells), rules[0].total, 0) is None
    expected = {g for g in LATIN4 if not check_variant(list(g), 4, BOX, rules)}
    assert models(encode_variant(Grid.empty(4), rules), 4) == expected


def test_the_universes():
    assert (len(GRIDS4), len(LATIN4)) == (288, 576)


# Rules that 4x4 cannot state (entropic lines need a size divisible by 3): their meaning
# is tested on 6x6 and 9x9 by enumerating the digits of their cells (below).
NOT_ON_4X4 = ("entropic",)


def test_every_rule_class_has_a_sample():
    named = {line.split()[0] for lines, _ in SAMPLES4 for line in lines}
    for cls in rule_classes():
        assert cls.name in named or cls.name == "negative" and "negative" in named or (
            cls.name in NOT_ON_4X4 and cls.name in {lines[0].split()[0] for lines in LINES6}
        ), cls.name


# Rules of cells on a line, on grids where 4x4 is no help: every assignment of digits to
# the line's cells (distinct where two cells share a unit) that the clauses allow, with
# no other cell constrained, is one the checker passes, and the reverse.
LINES6 = [
    ["entropic r1c1 r1c2 r2c3 r3c3 r4c2 r4c1"],
    ["entropic r1c1 r2c2"],
    ["entropic r3c1 r3c2 r3c3 r3c4 r3c5 r3c6"],
]
LINES9 = [
    ["entropic r1c1 r2c2 r3c3 r4c4 r5c5"],
    ["entropic r1c1 r1c2 r1c3 r1c4"],
    ["entropic r5c5 r4c5 r4c6"],
]


@pytest.mark.parametrize("size, lines", [(6, lines) for lines in LINES6]
                         + [(9, lines) for lines in LINES9],
                         ids=["%d: %s" % (6, " / ".join(s)) for s in LINES6]
                         + ["%d: %s" % (9, " / ".join(s)) for s in LINES9])
def test_line_clauses_allow_exactly_the_digits_the_checker_passes(size, lines):
    import itertools
    from dimacs_sudoku.encodings.rules import make_rule_clauses, rule_clauses
    from dimacs_sudoku.rules.registry import variant_layout
    from dimacs_sudoku.rules.base import share_unit
    rules = rules_of(lines, size)
    layout = variant_layout(size, None, rules)
    cells = rules[0].cells
    var = lambda cell, d: cell * size + d
    groups, top = rule_clauses(rules, layout, var, size ** 3)
    clauses = [list(c) for rule, first, _ in groups
               for c in make_rule_clauses(rule, layout, var, first)]
    for i, a in enumerate(cells):
        clauses.append([var(a, d) for d in range(1, size + 1)])
        for d in range(1, size + 1):
            clauses += [[-var(a, d), -var(a, e)] for e in range(d + 1, size + 1)]
            clauses += [[-var(a, d), -var(b, d)] for b in cells[i + 1:]
                        if share_unit(layout, a, b)]
    clauses += [[-var(a, d)] for a in range(size * size) if a not in cells
                for d in range(1, size + 1)]            # the other cells: out of the way
    found = set()
    for model in pycosat.itersolve(clauses, vars=top):
        digits = tuple(next(d for d in range(1, size + 1) if model[var(a, d) - 1] > 0)
                       for a in cells)
        assert digits not in found      # the band variables follow from the digits
        found.add(digits)
    expected = set()
    for digits in itertools.product(range(1, size + 1), repeat=len(cells)):
        if any(digits[i] == digits[j] for i, j in itertools.combinations(range(len(cells)), 2)
               if share_unit(layout, cells[i], cells[j])):
            continue
        grid = [0] * (size * size)
        for a, d in zip(cells, digits):
            grid[a] = d
        if not rules[0].check(grid, size, layout.box):
            expected.add(digits)
    assert found == expected and expected


def all_samples():
    from test_variants_random import SAMPLES6, SAMPLES9
    return ([(4, lines) for lines, _ in SAMPLES4] + [(6, lines) for lines in SAMPLES6]
            + [(9, lines) for lines in SAMPLES9])


def test_no_rule_writes_a_clause_twice():
    from dimacs_sudoku.encodings.rules import make_rule_clauses, rule_clauses
    from dimacs_sudoku.rules.registry import variant_layout
    for size, lines in all_samples():
        rules = rules_of(lines, size)
        layout = variant_layout(size, None, rules)
        var = lambda cell, d: cell * size + d
        groups, top = rule_clauses(rules, layout, var, size ** 3)
        for rule, first, count in groups:
            clauses = [tuple(sorted(c)) for c in make_rule_clauses(rule, layout, var, first)]
            assert len(clauses) == count
            assert len(set(clauses)) == count, rule.to_line()
            assert all(len(set(map(abs, c))) == len(c) for c in clauses), rule.to_line()
            assert all(abs(v) <= top for c in clauses for v in c)


def test_the_written_cnf_matches_its_header():
    from test_variants_random import SAMPLES9
    rules = rules_of([line for lines in SAMPLES9 for line in lines
                      if not line.startswith(("jigsaw", "windoku", "disjoint", "negative"))],
                     9)
    formula = encode_variant(Grid.empty(9), rules, amo="sequential")
    text = formula.to_text()            # checks its counts against the header's
    body = [line for line in text.splitlines() if not line.startswith(("c", "p"))]
    assert len(body) == formula.num_clauses
    top = max(abs(int(v)) for line in body for v in line.split())
    assert top == formula.num_vars
