"""The reduced encoding (Kwon & Jain 2006), propagation, and sudoku2cnf --reduce/--propagate."""

import random

import pycosat
import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.dimacs.decode import CnfInfo, decode
from dimacs_sudoku.encodings import encode
from dimacs_sudoku.encodings.reduced import number_lines, reduced_formula
from dimacs_sudoku.errors import NoSolution, PuzzleError
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.reasoning.propagate import Contradiction, candidates, propagate

from conftest import require_solver
from support import (INKALA, INKALA_SOLUTION, in_process as command,
                     pattern_solution, shell)


# 9x9 puzzles with one solution each, and the solutions.
PUZZLES = [
    (INKALA, INKALA_SOLUTION),
    ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
     "417369825632158947958724316825437169791586432346912758289643571573291684164875293"),
    ("52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
     "527316489896542731314987562172453896689271354453698217941825673765134928238769145"),
]
SMALL4 = "1..4" "4..." "...3" "3..1"
SMALL4_SOLUTION = "1234431221433421"
FAMILIES = ("pairwise", "sequential", "commander", "product")


def models(formula, limit=None):
    """The decoded solutions of a formula (through its own header comments)."""
    info = CnfInfo.from_comments(formula.comments)
    found = []
    for model in pycosat.itersolve(list(formula.clauses()), vars=formula.num_vars):
        grid = decode([v for v in model if v > 0], size=info.size, box=info.box,
                      givens=info.givens, varmap=info.varmap, fixed=info.fixed)
        found.append(grid.to_line())
        if limit and len(found) >= limit:
            break
    return found


def plain_models(grid, encoding, amo, limit=2):
    formula = encode(grid, encoding=encoding, amo=amo)
    found = []
    for model in pycosat.itersolve(list(formula.clauses()), vars=formula.num_vars):
        found.append(decode([v for v in model if v > 0], size=grid.size).to_line())
        if len(found) >= limit:
            break
    return found


@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended"])
@pytest.mark.parametrize("amo", FAMILIES)
def test_reduced_and_full_agree(encoding, amo):
    for line, solution in PUZZLES[:2]:
        grid = Grid.from_line(line)
        for propagated in (False, True):
            reduced = reduced_formula(grid, encoding, amo, propagate=propagated)
            assert models(reduced, limit=2) == [solution]
            assert reduced.num_clauses < encode(grid, encoding=encoding, amo=amo).num_clauses
    if amo == "pairwise":
        assert plain_models(Grid.from_line(PUZZLES[0][0]), encoding, amo) == [PUZZLES[0][1]]


@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended"])
@pytest.mark.parametrize("amo", FAMILIES)
def test_empty_4x4_keeps_288_solutions(encoding, amo):
    formula = reduced_formula(Grid.empty(4), encoding, amo)
    found = models(formula)
    assert len(found) == len(set(found)) == 288


def test_varmap_and_fixed_comments():
    formula = reduced_formula(Grid.from_line(SMALL4))
    info = CnfInfo.from_comments(formula.comments)
    assert len(info.varmap) == formula.base_vars == 20
    assert sorted(info.fixed) == [1, 16, 20, 47, 51, 61]
    assert "reduced: yes" in formula.to_text()
    assert max(len(line) for line in formula.to_text().splitlines()
               if line.startswith("c varmap")) <= 110


def test_number_lines_split():
    lines = number_lines("varmap", range(1, 200))
    assert all(len(line) <= 100 for line in lines)
    assert [int(v) for line in lines for v in line.split()[1:]] == list(range(1, 200))


def test_decimal_numbering_decodes():
    formula = reduced_formula(Grid.from_line(PUZZLES[0][0]), numbering="decimal")
    assert models(formula) == [PUZZLES[0][1]]


def test_propagation_solves_small_puzzle():
    grid = Grid.from_line(SMALL4)
    result = propagate(grid)
    assert "".join(map(str, result.cells)) == SMALL4_SOLUTION
    formula = reduced_formula(grid, propagate=True)
    assert (formula.num_vars, formula.num_clauses) == (0, 0)
    assert "p cnf 0 0" in formula.to_text()
    assert models(formula) == [SMALL4_SOLUTION]
    assert "propagated: yes" in formula.to_text()


def test_candidates_from_givens():
    masks = candidates(Grid.from_line(SMALL4))
    assert masks[0] == 0b1 and masks[1] == 0b110 and masks[3] == 0b1000


def test_contradictions_name_cell_or_unit():
    with pytest.raises(Contradiction, match="no digit fits r1c4"):
        propagate(Grid.from_line("12....3........."))
    with pytest.raises(Contradiction, match="digit 3 has no place in row 1"):
        candidates(Grid.from_line("12....3........."))
    with pytest.raises(Contradiction, match="contradictory givens: r1c1 and r1c2"):
        propagate(Grid.from_line("11.............."))
    assert issubclass(Contradiction, NoSolution)


def naive_singles(grid):
    """A slow reference: naked and hidden singles to a fixpoint, or None."""
    n = grid.size
    units = [cells for _, cells in grid.layout.units]
    peers = grid.layout.peers()
    cells = list(grid.cells)
    digits = set(range(1, n + 1))
    while True:
        cand = [None if cells[c] else digits - {cells[p] for p in peers[c]}
                for c in range(n * n)]
        if any(c is not None and not c for c in cand):
            return None
        single = next(((c, next(iter(m))) for c, m in enumerate(cand) if m and len(m) == 1),
                      None)
        if single is None:
            for unit in units:
                present = {cells[c] for c in unit}
                for d in digits - present:
                    places = [c for c in unit if cand[c] and d in cand[c]]
                    if not places:
                        return None
                    if len(places) == 1:
                        single = (places[0], d)
                        break
                if single:
                    break
        if single is None:
            return cells
        cells[single[0]] = single[1]


def random_solution(n, box, rng):
    """A random valid grid's cells (see support.pattern_solution)."""
    return pattern_solution(n, box, rng)
@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4))]),
       st.integers(0, 2 ** 32), st.floats(0.2, 0.9))
def test_propagators_agree_with_reference(shape, seed, blank):
    n, box = shape
    rng = random.Random(seed)
    cells = random_solution(n, box, rng)
    if rng.random() < 0.3:                      # sometimes make it contradictory
        cells[rng.randrange(n * n)] = rng.randint(1, n)
    cells = [0 if rng.random() < blank else d for d in cells]
    grid = Grid(cells, size=n, box=box)
    if grid.clashes():
        with pytest.raises(Contradiction, match="contradictory givens"):
            propagate(grid)
        return
    reference = naive_singles(grid)
    results = []
    for kind in ("swar", "unit"):
        try:
            results.append(propagate(grid, kind=kind))
        except Contradiction:
            results.append(None)
    if reference is None:
        assert results == [None, None]
    else:
        assert results[0] is not None and results[0].cells == reference
        assert results[0] == results[1]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([(4, (2, 2), False), (4, (2, 2), True), (6, (2, 3), False),
                        (9, (3, 3), False), (9, (3, 3), True), (16, (4, 4), False)]),
       st.integers(0, 2 ** 32), st.floats(0.2, 0.95))
def test_candidates_agree_with_the_unit_propagator(shape, seed, blank):
    """``candidates`` (whole-list operations) gives the unit propagator's candidates, or
    the same error naming the same cell, unit or clash."""
    from dimacs_sudoku.reasoning.propagate import UnitPropagator
    n, box, diagonals = shape
    extra = [("diagonal", [i * n + i for i in range(n)]),
             ("anti-diagonal", [i * n + n - 1 - i for i in range(n)])] if diagonals else []
    rng = random.Random(seed)
    cells = random_solution(n, box, rng)
    for _ in range(rng.randrange(3)):           # sometimes make it contradictory
        cells[rng.randrange(n * n)] = rng.randint(1, n)
    grid = Grid([0 if rng.random() < blank else d for d in cells],
                layout=Layout(n, box, extra))

    def outcome(function):
        try:
            return function()
        except (Contradiction, PuzzleError) as error:
            return type(error), str(error)

    def by_propagator():
        propagator = UnitPropagator(grid.layout)
        cand, used = propagator.start(grid.cells, grid)
        propagator.check_units(grid.cells, cand, used, grid)
        return cand

    assert outcome(lambda: candidates(grid)) == outcome(by_propagator)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (16, (4, 4))]),
       st.integers(0, 2 ** 32), st.floats(0.3, 0.9))
def test_hidden_pairs_keep_the_solution_and_only_remove(shape, seed, blank):
    """With hidden pairs the four-view propagator keeps every digit of the solution the
    givens came from, and keeps no candidate that box-line eliminations alone drop."""
    from dimacs_sudoku.reasoning.propagate import SwarPropagator
    n, box = shape
    rng = random.Random(seed)
    full = random_solution(n, box, rng)
    cells = [0 if rng.random() < blank else d for d in full]
    propagator = SwarPropagator(Layout(n, box))
    without, _ = propagator.run(cells, True)
    with_pairs, placed = propagator.run(cells, True, True, True)
    assert with_pairs & ~without == 0
    filled = propagator.cells_of(cells, placed)
    assert all(d in (0, f) for d, f in zip(filled, full))
    masks = propagator.masks(with_pairs, filled)
    assert all(m >> (f - 1) & 1 for m, f in zip(masks, full))


# Solved by singles, box-line eliminations and hidden pairs, not without the pairs
# (magictour top1465).
PAIRS_SOLVE = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."


def test_hidden_pairs_solve_what_box_lines_leave_open():
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.reasoning.reduction import reducer_for
    grid = Grid.from_line(PAIRS_SOLVE)
    propagator = reducer_for(grid.layout).propagator
    assert propagator.run(grid.cells, True, False)[0]
    X, placed = propagator.run(grid.cells, True, False, True)
    assert X == 0
    solved = propagator.cells_of(grid.cells, placed)
    Grid(solved).check_solution(grid)
    assert solving.solve_cells(grid, 2, engine="pycosat") == ([solved], 1)


def test_extra_units_are_propagated():
    diagonals = [("diagonal", [i * 4 + i for i in range(4)]),
                 ("anti-diagonal", [i * 4 + 3 - i for i in range(4)])]
    layout = Layout(4, (2, 2), diagonals)
    grid = Grid([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], layout=layout)
    result = propagate(grid)
    assert result.candidates[5] & 0b1 == 0           # r2c2 is on the diagonal with r1c1


def _binary_clauses(formula):
    return [tuple(sorted(c)) for c in formula.clauses() if len(c) == 2 and max(c) < 0]


@pytest.mark.parametrize("line", [PUZZLES[0][0], "." * 81])
def test_reduced_pairwise_writes_each_pair_once(line):
    """Two places of a digit sharing a row and a box get one clause, not two; every
    pair of places sharing a unit gets one."""
    grid = Grid.from_line(line)
    pairs = _binary_clauses(reduced_formula(grid))
    assert len(pairs) == len(set(pairs))
    reduction = reduced_formula(grid)
    info = CnfInfo.from_comments(reduction.comments)
    place = {i + 1: divmod(v - 1, 9) for i, v in enumerate(info.varmap)}  # (cell, digit)
    layout = grid.layout
    member = layout.units_of_cell()
    expected = set()
    for a in place:
        for b in place:
            (ca, da), (cb, db) = place[a], place[b]
            if a < b and ((ca == cb) or (da == db and set(member[ca]) & set(member[cb]))):
                expected.add((-b, -a))
    assert set(pairs) == expected


def _some_puzzles():
    """The puzzles above, and random 9x9, 16x16 and 6x6 ones with half their cells blank."""
    grids = [Grid.from_line(line) for line, _ in PUZZLES]
    rng = random.Random(11)
    for size, box, count in ((9, None, 12), (16, None, 3), (6, (2, 3), 6)):
        for _ in range(count):
            cells = pattern_solution(size, box, rng)
            grids.append(Grid([d if rng.random() < 0.5 else 0 for d in cells], size=size,
                              box=box))
    return grids


@pytest.mark.parametrize("amo", ["pairwise", "sequential", "ladder", "binary", "product"])
@pytest.mark.parametrize("propagate", [False, True], ids=["reduce", "propagate"])
def test_reduced_writes_no_clause_twice(amo, propagate):
    """Units whose places of a digit shrink to the same cells (a row's places inside one
    box), or a unit's single place that is also its cell's only candidate, give one
    clause, not one per unit; so do the few places of two units written pairwise."""
    repeated = 0
    for grid in _some_puzzles():
        try:
            formula = reduced_formula(grid, amo=amo, propagate=propagate)
        except NoSolution:
            continue
        clauses = [tuple(sorted(c)) for c in formula.clauses()]
        repeated += len(clauses) - len(set(clauses))
        assert formula.num_clauses == len(clauses)
    assert repeated == 0


def test_reduced_extra_units_keep_every_solution():
    """A 4x4 with both diagonals as extra units: the reduced CNF has exactly the
    solutions found by brute force, whatever the family."""
    diagonals = [("diagonal", [i * 4 + i for i in range(4)]),
                 ("anti-diagonal", [i * 4 + 3 - i for i in range(4)])]
    layout = Layout(4, (2, 2), diagonals)
    grid = Grid([1] + [0] * 15, layout=layout)
    peers = layout.peers()
    expected = set()

    def fill(cells, k):
        if k == 16:
            expected.add("".join(map(str, cells)))
            return
        for d in ([cells[k]] if cells[k] else range(1, 5)):
            if all(cells[p] != d for p in peers[k]):
                fill(cells[:k] + [d] + cells[k + 1:], k + 1)

    fill(grid.cells, 0)
    assert expected
    pairs = _binary_clauses(reduced_formula(grid))
    assert len(pairs) == len(set(pairs))
    for amo in ("pairwise", "sequential"):
        assert set(models(reduced_formula(grid, amo=amo))) == expected


# ---- the command line ----------------------------------------------------------------

def test_sudoku2cnf_reduce_header_and_size():
    full = command("sudoku2cnf", input=INKALA + "\n")
    reduced = command("sudoku2cnf", "--reduce", input=INKALA + "\n")
    assert reduced.returncode == 0, reduced.stderr
    assert "c reduced: yes" in reduced.stdout and "c propagated: no" in reduced.stdout
    assert "c varmap:" in reduced.stdout
    assert len(reduced.stdout) < len(full.stdout) / 3
    propagated = command("sudoku2cnf", "--propagate", input=SMALL4 + "\n")
    assert "c propagated: yes" in propagated.stdout
    assert "p cnf 0 0" in propagated.stdout


@pytest.mark.slow
@pytest.mark.parametrize("solver", ["bundled", "picosat", "minisat", "cadical",
                                    "cryptominisat5"])
def test_solved_by_propagation_decodes_with_every_solver(tmp_path, solver):
    if solver != "bundled":
        require_solver(solver)
    cnf = tmp_path / "p.cnf"
    assert command("sudoku2cnf", "--propagate", "-o", cnf, input=SMALL4 + "\n").returncode == 0
    run = shell("cnfsolve --solver %s %s | cnf2sudoku --cnf %s" % (solver, cnf, cnf))
    assert run.stdout.strip() == SMALL4_SOLUTION, run.stderr


def test_inconsistent_puzzle_is_an_unsatisfiable_cnf_and_named():
    # Written all the same (exit 0), as the plain contradiction every solver reads.
    for options, text, reason in [
            ("--propagate", "12....3.........", "no solution: no digit fits r1c4"),
            ("--reduce", "12....3.........", "digit 3 has no place in row 1"),
            ("--reduce", "11..............", "no solution: contradictory givens")]:
        run = command("sudoku2cnf", options, input=text + "\n")
        assert run.returncode == 0 and reason in run.stderr, run.stderr
        assert run.stdout.splitlines()[-3:] == ["p cnf 1 2", "1 0", "-1 0"]


@pytest.mark.slow
def test_pipe_through_bundled_solver(tmp_path):
    cnf = tmp_path / "inkala.cnf"
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf --reduce p.txt -o inkala.cnf && cnfsolve inkala.cnf "
                "| cnf2sudoku --cnf inkala.cnf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == INKALA_SOLUTION
    assert cnf.exists()


@pytest.mark.slow
@pytest.mark.parametrize("options", [["--reduce"], ["--propagate"],
                                     ["--reduce", "--amo", "sequential"],
                                     ["--propagate", "--encoding", "minimal"]])
def test_pipe_through_cadical(tmp_path, options):
    require_solver("cadical")
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf %s p.txt -o p.cnf && cadical -q p.cnf | cnf2sudoku --cnf p.cnf"
                % " ".join(options), cwd=tmp_path)
    assert run.stdout.strip() == INKALA_SOLUTION, run.stderr


@pytest.mark.parametrize("options", [(), ("--reduce",), ("--propagate",)])
def test_clashing_givens_name_the_line_of_their_row(tmp_path, options):
    # A 4x4 in grid form after two comment lines: row 3 (line 5) repeats the 3.
    path = tmp_path / "clash.txt"
    path.write_text("# a puzzle\n# with a clash\n1 . | . 4\n4 . | . .\n3 . | . 3\n. . | . 1\n")
    run = command("sudoku2cnf", *options, str(path))
    assert run.returncode == 0 and "p cnf " in run.stdout
    assert run.stderr.startswith("sudoku2cnf: %s:5: no solution: contradictory givens: "
                                 "r3c1 and r3c4" % path)
