"""Grading: unit propagation, probing and search on the extended encoding, checked
against handmade examples, a naive propagator, pycosat, and the command line."""

import random

import pycosat
import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.encodings.sudoku import sudoku_formula
from dimacs_sudoku.tasks.grade import Grade, grade, solutions
from dimacs_sudoku.sat.dpll import ClausePropagator, clause_propagator, given_literals
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.errors import PuzzleError

from support import INKALA, SMALL4, in_process as command, no_traceback

# norvig easy50 #1: naked and hidden singles, all of which unit propagation finds.
UP_PUZZLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# norvig easy50 #?: one failed literal is needed on the extended encoding.
PROBE_PUZZLE = "1..92....524.1...........7..5...81.2.........4.27...9..6...........3.945....71..6"
# norvig hardest #2: probing stalls; the DPLL search needs 12 decisions.
SEARCH_PUZZLE = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
# Arto Inkala's "hardest" puzzle.
PROBE_OR_SEARCH = INKALA


def test_levels_of_handmade_examples():
    assert grade(Grid.from_line(SMALL4)) == Grade("up", 0)
    assert grade(Grid.from_line(UP_PUZZLE)) == Grade("up", 0)
    assert grade(Grid.from_line(PROBE_PUZZLE)) == Grade("probe", 0)
    assert grade(Grid.from_line(SEARCH_PUZZLE)) == Grade("search", 12)
    # The same answer every time (the search is deterministic).
    assert grade(Grid.from_line(SEARCH_PUZZLE)) == Grade("search", 12)


def test_unsolvable_puzzles_grade_none():
    assert grade(Grid.from_line("11" + "." * 14)) == Grade("none", 0)
    # Consistent givens, no solution: r1 needs a 4 but column 4 and box 1 hold it.
    no_solution = "123." "...4" "...." "4..."
    assert grade(Grid.from_line(no_solution)).level == "none"


def test_a_variant_puzzle_is_graded_with_its_rules():
    from dimacs_sudoku.rules.registry import parse_rule
    # The thermo makes row 1 1234, and unit propagation does the rest; without it the
    # givens have two solutions.
    cells = Grid.from_line("......1.21...32.").cells
    assert grade(Grid(cells, size=4)).level == "search"
    thermo = parse_rule("thermo r1c1 r1c2 r1c3 r1c4", 4)
    assert grade(Grid(cells, size=4, rules=(thermo,))) == Grade("up", 0)
    # r1c2 below the given 1 in r1c1: no solution.
    backwards = parse_rule("thermo r1c2 r1c1", 4)
    assert grade(Grid([1] + [0] * 15, size=4, rules=(backwards,))) == Grade("none", 0)


def test_empty_grids_need_search_and_the_search_finds_a_solution():
    for size, box in ((4, None), (6, None), (6, (3, 2)), (9, None)):
        level, decisions = grade(Grid.empty(size, box))
        assert level == "search" and decisions > 0
        prop = clause_propagator(Layout(size, box))
        assert prop.solved()


def test_other_encodings_propagate_less():
    # A 17-clue puzzle that needs hidden singles.
    puzzle = Grid.from_line(".................1.....2.3......3.2...4....5...6.1....."
                            "3......6.7..8...952.7.....")
    assert grade(puzzle, "extended").level == "up"
    # Without unit definedness clauses hidden singles are not unit: more is needed.
    assert grade(puzzle, "efficient").level == "probe"
    assert grade(puzzle, "minimal").level == "probe"
    # Naked singles alone are unit in every encoding.
    assert grade(Grid.from_line(UP_PUZZLE), "minimal").level == "up"


@pytest.mark.parametrize("encoding", ["minimal", "efficient", "extended"])
def test_the_sudoku_propagator_propagates_like_a_naive_one_on_the_encoding(encoding):
    formula = sudoku_formula(Grid.empty(9), encoding)
    clauses = [list(clause) for clause in formula.clauses()]
    prop = clause_propagator(Layout(9), encoding)
    assert prop.active == formula.num_vars
    for line in (UP_PUZZLE, PROBE_PUZZLE):
        givens = given_literals(Grid.from_line(line))
        prop.reset()
        assert prop.assume(givens)
        assert set(prop.trail) == naive_up(clauses, formula.num_vars, givens)


def test_solutions_counts_by_search():
    assert len(solutions(Grid.empty(4), limit=1000)) == 288
    assert len(solutions(Grid.empty(3, (1, 3)), limit=100)) == 12   # Latin squares
    found = solutions(Grid.from_line(SEARCH_PUZZLE), limit=2)
    assert len(found) == 1
    found[0].check_solution(Grid.from_line(SEARCH_PUZZLE))


# ---- the propagator on any CNF --------------------------------------------------------

def naive_up(clauses, num_vars, assumptions=()):
    """Unit propagation by scanning every clause to a fixpoint: the set of true
    literals, or None on a conflict."""
    true = set()
    for lit in assumptions:
        if -lit in true:
            return None
        true.add(lit)
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            if any(lit in true for lit in clause):
                continue
            free = list(dict.fromkeys(lit for lit in clause if -lit not in true))
            if not free:
                return None
            if len(free) == 1:
                true.add(free[0])
                changed = True
    return true


cnfs = st.integers(3, 8).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])),
                      min_size=1, max_size=4), min_size=1, max_size=24),
    st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])), max_size=3)))


@settings(max_examples=300, deadline=None)
@given(cnfs)
def test_unit_propagation_matches_a_naive_one(case):
    n, clauses, assumptions = case
    prop = ClausePropagator(clauses, n)
    expected = naive_up(clauses, n, assumptions)
    ok = prop.ok and prop.assume(assumptions)
    if expected is None:
        # The naive order may find a conflict the moment a clause is falsified; so must we.
        assert not ok
    else:
        assert ok
        assert set(prop.trail) == expected


@settings(max_examples=150, deadline=None)
@given(cnfs)
def test_search_and_probing_agree_with_pycosat(case):
    n, clauses, _ = case
    clean = [sorted(set(c)) for c in clauses]
    expected = pycosat.solve(clean) != "UNSAT"
    prop = ClausePropagator(clauses, n)
    found, _ = prop.search(limit=1)
    assert bool(found) == expected
    if found:
        true = set(prop.model())
        assert all(any(lit in true or (lit < 0 and -lit not in true) for lit in c)
                   for c in clean)
    prop = ClausePropagator(clauses, n)
    if not prop.probe():
        assert not expected
    models = {tuple(m) for m in pycosat.itersolve(clean, vars=n)}
    prop = ClausePropagator(clauses, n)
    count, _ = prop.search(limit=10 ** 6)
    if count:
        assert count <= len(models)
    assert bool(count) == bool(models)


def test_undo_restores_the_state():
    prop = clause_propagator(Layout(9))
    prop.reset()
    assert prop.assume(given_literals(Grid.from_line(SEARCH_PUZZLE)))
    saved = (list(prop.trail), list(prop.free), list(prop.value))
    mark = len(prop.trail)
    rng = random.Random(3)
    for _ in range(20):
        lit = rng.choice([v for v in prop.variables if not prop.value[prop.num_vars + v]])
        prop.assume((lit if rng.random() < 0.5 else -lit,))
        prop.undo(mark)
        assert (prop.trail, prop.free, prop.value) == saved


# ---- the command ----------------------------------------------------------------------

def test_command_lines_in_order_with_errors(tmp_path):
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("\n".join([UP_PUZZLE, "12x" + "." * 13, PROBE_PUZZLE,
                                  SEARCH_PUZZLE, "11" + "." * 79]) + "\n")
    done = command("sudoku-grade", puzzles)
    assert done.returncode == 9
    lines = done.stdout.splitlines()
    assert lines[0] == UP_PUZZLE + "\tup\t0"
    assert lines[1].startswith("error\t%s:2: " % puzzles)
    assert lines[2] == PROBE_PUZZLE + "\tprobe\t0"
    assert lines[3] == SEARCH_PUZZLE + "\tsearch\t12"
    assert lines[4] == "11" + "." * 79 + "\tnone\t0"
    assert "%s:2:" % puzzles in done.stderr and no_traceback(done.stderr)


def test_command_summary_and_encoding(tmp_path):
    done = command("sudoku-grade", "--summary", "--encoding", "efficient",
                   input=UP_PUZZLE + "\n" + SMALL4 + "\n")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 2
    assert "2 puzzles graded" in done.stderr
    assert all(level in done.stderr for level in ("up", "probe", "search", "none"))
    bad = command("sudoku-grade", "--encoding", "nope", input=SMALL4 + "\n")
    assert bad.returncode == 2 and "unknown encoding" in bad.stderr


def test_command_reads_other_formats_and_sizes():
    grid_form = "\n".join(SMALL4[i:i + 4] for i in range(0, 16, 4)) + "\n"
    done = command("sudoku-grade", input=grid_form)
    assert done.returncode == 0, done.stderr
    assert done.stdout == SMALL4 + "\tup\t0\n"


def test_a_grid_above_25x25_is_its_error_line_at_once(tmp_path):
    # An empty 400x400 took 3 GB in 8 s and went on; a 36x36 with half its cells given
    # ran past a minute (2026-11-29).
    in_process = command
    path = tmp_path / "p.txt"
    path.write_text("." * 36 ** 2 + "\n" + "." * 400 ** 2 + "\n" + "1..44......33..1\n")
    done = in_process("sudoku-grade", path)
    lines = done.stdout.splitlines()
    assert [line.split("\t")[0] for line in lines[:2]] == ["error", "error"], done.stdout
    assert "%s:1: grading takes grids up to 25x25, not 36x36" % path in lines[0]
    assert lines[2] == "1..44......33..1\tup\t0" and done.returncode == 9
    for option in (["--size", "36"], ["--box", "6x6"]):
        done = in_process("sudoku-grade", *option, path)
        assert done.returncode == 2 and "up to 25x25" in done.stderr, done.stderr
    with pytest.raises(PuzzleError, match="grading takes grids up to 25x25"):
        grade(Grid.empty(36))
