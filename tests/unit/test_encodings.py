"""The Sudoku encodings: exact sizes, what the formulas mean, and their DIMACS text.

Closed forms for the empty N x N grid with R x C boxes (see :mod:`..encodings.sudoku`),
pairwise, C(k, 2) = k(k-1)/2:

- cell definedness N², unit definedness 3N² (both N-literal clauses);
- cell uniqueness N²·C(N, 2); row and column uniqueness 2N²·C(N, 2);
- box uniqueness N²·(C(N, 2) - R·C(C, 2) - C·C(R, 2)): a box's pairs that share a row
  or a column were already forbidden by the row or column;
- minimal = cell definedness + the three unit uniquenesses; efficient = minimal + cell
  uniqueness; extended = efficient + unit definedness.

With another at-most-one family, every uniqueness constraint costs the family's S(N)
clauses and A(N) new variables, boxes included.
"""

import io
import re

import pycosat
import pytest

from dimacs_sudoku.encodings import ENCODINGS, encode
from dimacs_sudoku.encodings.amo import FAMILIES, family
from dimacs_sudoku.encodings import formula as formula_module
from dimacs_sudoku.encodings.formula import AMO, CLAUSE, Formula
from dimacs_sudoku.encodings.numerals import Numerals
from dimacs_sudoku.encodings.sudoku import clause_counts, sudoku_formula
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.variables import Decimal, Standard

from support import FIXTURES

NAMES = sorted(FAMILIES)

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
INKALA_SOLUTION = ("812753649943682175675491283154237896369845721287169534"
                   "521974368438526917796318452")
ROYLE_17 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
SIX = "..3.......565....414..63.1.6..3..41."       # 2x3 boxes, unique


def grid_of(line, size=9, box=None):
    return Grid([int(ch) if ch.isdigit() else 0 for ch in line], size=size, box=box)


def pairs(k):
    return k * (k - 1) // 2


def pairwise_counts(n, rows, cols):
    """The closed forms of the module docstring, written out again."""
    cells = n * n
    box = pairs(n) - rows * pairs(cols) - cols * pairs(rows)
    minimal = cells + 2 * cells * pairs(n) + cells * box
    efficient = minimal + cells * pairs(n)
    return {"minimal": minimal, "efficient": efficient, "extended": efficient + 3 * cells}


SHAPES = [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4))]


# ---- sizes ------------------------------------------------------------------------

def test_known_counts():
    assert pairwise_counts(9, 3, 3) == {"minimal": 7371, "efficient": 10287,
                                        "extended": 10530}
    assert pairwise_counts(4, 2, 2)["extended"] == 384
    assert clause_counts(9, (3, 3)) == pairwise_counts(9, 3, 3)
    # 1,458 pairs of the Lynce & Ouaknine count are duplicates: 11,988 - 10,530.
    assert 11988 - pairwise_counts(9, 3, 3)["extended"] == 1458


@pytest.mark.parametrize("n,box", SHAPES)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_pairwise_counts(n, box, encoding):
    formula = encode(Grid.empty(n, box=box), encoding=encoding)
    expected = pairwise_counts(n, *box)[encoding]
    assert clause_counts(n, box)[encoding] == expected
    assert (formula.num_vars, formula.num_clauses) == (n ** 3, expected)
    clauses = [tuple(c) for c in formula.clauses()]
    assert len(clauses) == expected
    # No clause twice, even as a permutation: shared pairs are forbidden once.
    assert len({frozenset(c) for c in clauses}) == expected


@pytest.mark.parametrize("n,box", SHAPES)
@pytest.mark.parametrize("name", NAMES)
def test_family_counts(n, box, name):
    size_clauses, size_aux = family(name).size(n)
    cells = n * n
    for encoding in ENCODINGS:
        formula = encode(Grid.empty(n, box=box), encoding=encoding, amo=name)
        amos = 3 * cells + (0 if encoding == "minimal" else cells)
        if name == "pairwise":
            expected = pairwise_counts(n, *box)[encoding]
        else:
            expected = cells + amos * size_clauses + (3 * cells if encoding == "extended"
                                                      else 0)
            assert clause_counts(n, box, family(name).size)[encoding] == expected
        assert formula.num_clauses == expected
        assert formula.num_vars == n ** 3 + amos * size_aux
        if n <= 9:
            made = list(formula.clauses())
            assert len(made) == expected
            assert max(abs(v) for c in made for v in c) == formula.num_vars


def test_count_without_shape_is_the_same():
    for name in NAMES:
        formula = encode(grid_of(INKALA), amo=name)
        walked = Formula(lambda: formula.constraints(), formula.base_vars, formula.amo,
                         formula.comments)
        assert not hasattr(walked.constraints, "shape")
        assert (walked.num_vars, walked.num_clauses) == (formula.num_vars,
                                                         formula.num_clauses)
        assert walked.to_text() == formula.to_text()


def test_givens_add_unit_clauses():
    formula = encode(grid_of(INKALA))
    assert formula.num_clauses == 10530 + 21
    assert list(formula.clauses())[-1] == [(8 * 9 + 6) * 9 + 4]      # r9c7 holds 4


def test_one_by_one_grid():
    formula = encode(Grid.empty(1))
    assert formula.to_text().splitlines()[-5:] == ["p cnf 1 4", "1 0", "1 0", "1 0", "1 0"]


def test_decimal_numbering():
    for name in ("pairwise", "sequential"):
        standard = encode(Grid.empty(9), amo=name)
        decimal = encode(Grid.empty(9), amo=name, numbering="decimal")
        assert decimal.num_clauses == standard.num_clauses
        assert decimal.num_vars == 999 + standard.num_vars - 729
        first = next(decimal.clauses())
        assert first == [111 + d for d in range(9)]
        assert decimal.to_text().count("\n") == decimal.to_text(labels=False).count("\n")


# ---- meaning ------------------------------------------------------------------------

def cell_models(formula, n, limit):
    """Solutions of ``formula`` projected on the cell variables (at most ``limit``):
    solve, record the cell assignment, block it over the cell variables only, repeat."""
    clauses = list(formula.clauses())
    cell_vars = n ** 3
    found = []
    while len(found) < limit:
        model = pycosat.solve(clauses, vars=formula.num_vars)
        if model == "UNSAT":
            break
        true_cells = tuple(v for v in model[:cell_vars] if v > 0)
        found.append(true_cells)
        clauses.append([-v for v in true_cells])
    return found


def grid_from_cells(true_cells, n):
    cells = [0] * (n * n)
    for v in true_cells:
        cell, d = divmod(v - 1, n)
        assert cells[cell] == 0, "two digits in one cell"
        cells[cell] = d + 1
    return cells


def assert_valid_solution(cells, n, box, givens):
    rows, cols = box
    digits = set(range(1, n + 1))
    for r in range(n):
        assert set(cells[r * n:(r + 1) * n]) == digits
    for c in range(n):
        assert set(cells[c::n]) == digits
    for top in range(0, n, rows):
        for left in range(0, n, cols):
            assert {cells[(top + i) * n + left + j]
                    for i in range(rows) for j in range(cols)} == digits
    assert all(g in (0, v) for g, v in zip(givens, cells))


def projected_cell_models(formula, n):
    """Every solution of ``formula`` projected on the cell variables, deduplicated.

    ``pycosat.itersolve`` enumerates models over every variable, auxiliary ones
    included, so a model count alone could count one grid several times; projecting
    each model on the cell variables and keeping the distinct ones gives the grids.
    (Much faster than :func:`cell_models`, which calls the solver once per grid.)
    """
    cell_vars = n ** 3
    return {tuple(v for v in model[:cell_vars] if v > 0)
            for model in pycosat.itersolve(list(formula.clauses()), vars=formula.num_vars)}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", NAMES)
def test_empty_4x4_has_288_solutions(encoding, name):
    formula = encode(Grid.empty(4), encoding=encoding, amo=name)
    models = sorted(projected_cell_models(formula, 4))
    assert len(models) == 288
    for true_cells in models[::37]:
        assert_valid_solution(grid_from_cells(true_cells, 4), 4, (2, 2), [0] * 16)


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", NAMES)
def test_every_family_finds_the_same_unique_grid(encoding, name):
    for line, n, box, known in ((INKALA, 9, (3, 3), INKALA_SOLUTION),
                                (ROYLE_17, 9, (3, 3), None),
                                (SIX, 6, (2, 3), None)):
        grid = grid_of(line, n, box)
        models = cell_models(encode(grid, encoding=encoding, amo=name), n, limit=2)
        assert len(models) == 1, (line, "not unique")
        cells = grid_from_cells(models[0], n)
        assert_valid_solution(cells, n, box, grid.cells)
        if known:
            assert "".join(map(str, cells)) == known
        # The same grid as pairwise extended, the reference.
        reference = cell_models(encode(grid), n, limit=1)
        assert models == reference


# ---- DIMACS text --------------------------------------------------------------------

def parse_dimacs(text):
    """(declared vars, declared clauses, clauses) of a strict DIMACS text."""
    header = None
    clauses = []
    for line in text.splitlines():
        if line.startswith("c"):
            assert header is None or line.startswith("c "), "comment inside clauses"
            continue
        if line.startswith("p "):
            assert header is None and not clauses
            match = re.fullmatch(r"p cnf (\d+) (\d+)", line)
            header = int(match.group(1)), int(match.group(2))
            continue
        numbers = [int(x) for x in line.split()]
        assert numbers and numbers[-1] == 0 and 0 not in numbers[:-1], line
        clauses.append(numbers[:-1])
    return header[0], header[1], clauses


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", [9, 16])
def test_header_matches_the_clauses(name, n):
    grid = grid_of(INKALA) if n == 9 else Grid.empty(16)
    formula = encode(grid, amo=name)
    out = io.StringIO()
    formula.write(out)
    num_vars, num_clauses, clauses = parse_dimacs(out.getvalue())
    assert num_clauses == len(clauses) == formula.num_clauses
    used = {abs(v) for clause in clauses for v in clause}
    assert num_vars == max(used) == formula.num_vars
    if n == 9:
        # Every variable occurs (minisat reports only those), and the text is the clauses.
        assert used == set(range(1, num_vars + 1))
        assert clauses == list(formula.clauses())
        labelled = parse_dimacs(formula.to_text(labels=True))
        assert labelled == (num_vars, num_clauses, clauses)


def test_header_comments_come_first():
    text = encode(grid_of(INKALA), amo="product").to_text()
    lines = text.splitlines()
    p = next(i for i, line in enumerate(lines) if line.startswith("p "))
    assert all(line.startswith("c ") for line in lines[:p])
    assert "c amo: product" in lines[:p]


def test_write_checks_its_counts():
    formula = encode(Grid.empty(4), amo="sequential")
    formula._counts = (formula.num_clauses + 1, formula.num_vars)
    with pytest.raises(AssertionError, match="count changed"):
        formula.to_text()


def test_large_blocks_are_streamed():
    # 25x25 pairwise: about 10 MB, written in blocks, never as one string.
    sizes = []

    class Sink:
        def write(self, text):
            sizes.append(len(text))

    formula = encode(Grid.empty(25), encoding="minimal")
    formula.write(Sink())
    from dimacs_sudoku.encodings.formula import BLOCK_CHARS
    assert sum(sizes) > 5_000_000
    assert max(sizes) < 2 * BLOCK_CHARS


def test_constraints_interface():
    formula = sudoku_formula(Grid.empty(4), "efficient", family("commander"), Standard(4))
    kinds = [item[0] for item in formula.constraints()]
    assert kinds.count(CLAUSE) == 16 and kinds.count(AMO) == 16 + 48
    shape = list(formula.constraints.shape())
    assert sum(t for kind, _, _, t in shape if kind is AMO) == 64
    assert Decimal(4).max_var == 444


def both_texts(formula, monkeypatch):
    """The formula's text written from numerals made first (checked to be made, unless
    the constraints write their own text in bulk), and with every number formatted as
    it comes (the writer above MAX_VARIABLES)."""
    made = []

    def counted(top):
        made.append(top)
        return Numerals(top)

    with monkeypatch.context() as patch:
        patch.setattr(formula_module, "Numerals", counted)
        joined = formula.to_text(labels=True)
        bulk = hasattr(formula.constraints, "text")
        assert made == ([] if bulk else [formula.num_vars])
        patch.setattr(formula_module, "MAX_VARIABLES", 0)
        formatted = formula.to_text(labels=True)
        assert len(made) == (0 if bulk else 1)
    return joined, formatted


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", NAMES)
def test_made_numerals_write_the_same_text(encoding, name, monkeypatch):
    for grid in (grid_of(INKALA), grid_of(SIX, 6, (2, 3)), Grid.empty(16)):
        formula = encode(grid, encoding=encoding, amo=name)
        joined, formatted = both_texts(formula, monkeypatch)
        assert joined == formatted
    decimal = encode(grid_of(INKALA), encoding=encoding, amo=name, numbering="decimal")
    joined, formatted = both_texts(decimal, monkeypatch)
    assert joined == formatted and "\n111 112 113 114 115 116 117 118 119 0\n" in joined


@pytest.mark.parametrize("name", ["pairwise", "commander", "sequential"])
def test_made_numerals_with_rules_exclusions_and_reduction(name, monkeypatch):
    from dimacs_sudoku.encodings.reduced import reduced_formula
    from dimacs_sudoku.formats import parse_puzzle
    from dimacs_sudoku.encodings.exclude import exclude_solutions
    fixtures = FIXTURES / "variants"
    for fixture in ("killer-wikipedia.txt", "thermo-ctc.txt", "kropki-crossplusa.txt",
                    "jigsaw-kropki-6x6-wsc-2022.txt"):
        grid = parse_puzzle((fixtures / fixture).read_text())
        formulas = [encode(grid, amo=name), reduced_formula(grid, amo=name),
                    reduced_formula(grid, encoding="minimal", amo=name, propagate=True)]
        for formula in formulas:
            joined, formatted = both_texts(formula, monkeypatch)
            assert joined == formatted, fixture
    # Negative literals (the exclusions) are formatted, the rest joined, in order.
    formula = encode(grid_of(INKALA), amo=name)
    exclude_solutions(formula, [grid_of(INKALA_SOLUTION)])
    joined, formatted = both_texts(formula, monkeypatch)
    assert joined == formatted and joined.splitlines()[-1].startswith("-8 -10 -20 ")


# ---- a puzzle with no solution: still a CNF, an unsatisfiable one ---------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from dimacs_sudoku.dimacs.cnf import read_dimacs  # noqa: E402
from dimacs_sudoku.encodings import puzzle_formula  # noqa: E402
from dimacs_sudoku.errors import NoSolution  # noqa: E402
from support import pattern_solution  # noqa: E402


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (9, (3, 3))]),
       st.randoms(use_true_random=False), st.floats(0.1, 0.7),
       st.sampled_from(ENCODINGS), st.sampled_from(["pairwise", "sequential", "binary",
                                                    "product"]),
       st.sampled_from([(False, False), (True, False), (False, True)]),
       st.sampled_from(["standard", "decimal"]))
def test_a_puzzle_whose_givens_clash_gives_a_strict_unsatisfiable_cnf(
        shape, rng, density, encoding, amo, reduction, numbering):
    """Givens of a valid grid, then one more given repeating a digit of a peer: the
    clash is named, and the CNF is strict DIMACS that has no model, whatever the
    options."""
    size, box = shape
    cells = pattern_solution(size, box, rng)
    givens = [d if rng.random() < density else 0 for d in cells]
    grid = Grid(cells, size=size, box=box)
    cell = rng.randrange(size * size)
    peer = rng.choice(grid.layout.peers()[cell])
    givens[cell] = givens[peer] = cells[peer]
    puzzle = Grid(givens, size=size, box=box, source="p.txt", line=7)
    with pytest.raises(NoSolution):
        puzzle.check_givens()
    reduce, propagate = reduction
    formula = puzzle_formula(puzzle, "p.txt", encoding, amo, numbering, "header", reduce,
                             propagate)
    assert isinstance(formula.clash, NoSolution) and formula.clash.source == "p.txt"
    assert "no solution: contradictory givens" in str(formula.clash)
    cnf = read_dimacs(io.StringIO(formula.to_text()))       # strict: exact counts
    assert cnf.clauses and all(cnf.clauses)                 # no empty clause
    assert pycosat.solve(cnf.clauses) == "UNSAT"
