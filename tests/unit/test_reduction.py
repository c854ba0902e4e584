"""The one Kwon-Jain reduction (dimacs_sudoku.reasoning.reduction): the batch solver's
problem and the reduced CNF number the open candidates the same way, and rule clauses
reach both through the same restrict."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.formats import parse_puzzle
from dimacs_sudoku.tasks.solving import solve_variant_cells
from dimacs_sudoku.reasoning import reduction as reduction_module
from dimacs_sudoku.reasoning.reduction import (DECIDED_FALSE, DECIDED_TRUE, NO_SOLUTION,
                                               OpenProblem, Reduction, SwarReducer,
                                               UnitReducer, constant_clauses, constants,
                                               reduce_grid, reducer_for, restrict,
                                               restrict_all, rule_groups, rules_layout,
                                               variant_problem)

from conftest import require_pysat
from support import in_process
from test_reduced import PUZZLES, random_solution


def open_puzzles():
    rng = random.Random(25)
    grids = [Grid.from_line(line) for line, _ in PUZZLES]
    for n, box, blank in ((4, (2, 2), 0.7), (6, (2, 3), 0.6), (9, (3, 3), 0.75),
                          (16, (4, 4), 0.6)):
        for _ in range(4):
            grids.append(Grid([0 if rng.random() < blank else d
                               for d in random_solution(n, box, rng)], box=box))
    return grids


@pytest.mark.parametrize("make", [SwarReducer, UnitReducer])
def test_the_batch_problem_numbers_candidates_as_the_reduction_does(make):
    checked = 0
    for grid in open_puzzles():
        try:
            problem = make(grid.layout).reduce(grid.cells, grid)
        except NO_SOLUTION:
            continue
        reduction = problem.reduction(grid.layout)
        assert reduction.num_vars == problem.num_vars
        n = grid.size
        assert [(c * n + d - 1) for c, d in reduction.cell_digit] == list(problem.table)
        for var in (reduction.literal(), problem.literal()):
            for v, q in enumerate(problem.table, 1):
                assert var(q // n, q % n + 1) == v
            for cell, d in enumerate(problem.filled):
                if d:
                    assert var(cell, d) == DECIDED_TRUE
                    assert var(cell, d % n + 1) == DECIDED_FALSE or n == 1
        # every at-least-one group of the problem is a cell's candidates or the places
        # of a digit in a unit, over the same variables
        assert sorted(set(v for group in problem.alo for v in group)) == list(
            range(1, problem.num_vars + 1))
        checked += problem.num_vars > 0
    assert checked >= 10


def test_the_reduction_of_the_unit_reducer_is_that_of_reduce_grid():
    # Without hidden pairs or box-line eliminations, the per-cell propagation places
    # the same singles as reduce_grid(propagate=True).
    for line, _ in PUZZLES:
        grid = Grid.from_line(line)
        mine = UnitReducer(grid.layout).reduce(grid.cells, grid).reduction(grid.layout)
        theirs = reduce_grid(grid, propagate=True)
        assert mine.cells == theirs.cells
        assert list(mine.cell_of) == list(theirs.cell_of)
        assert list(mine.digit_of) == list(theirs.digit_of)


def test_restrict_drops_satisfied_clauses_and_false_literals():
    clauses = [[1, DECIDED_TRUE], [2, DECIDED_FALSE], [-DECIDED_TRUE, 3],
               [-DECIDED_FALSE, 4], [DECIDED_FALSE]]
    assert list(restrict(clauses)) == [[2], [3], []]


def test_a_variant_problem_settles_decided_literals_by_two_constants():
    grid = parse_puzzle("1..4" "4..." "...3" "3..1" "\nkiller 5 r1c2 r1c3")
    found = variant_problem(grid)
    assert found is not None
    problem, clauses, top = found
    # propagation solves the units: K = 0, the constants are 1 (true) and 2 (false),
    # and the killer's auxiliary variables (which set of digits its cage takes:
    # {2, 3} by the givens, not {1, 4}) come after them
    assert problem.num_vars == 0 and top == 4 and clauses[:2] == [[1], [-2]]
    assert all(abs(lit) <= top for clause in clauses for lit in clause)
    open_grid = parse_puzzle("." * 16 + "\nkiller 5 r1c1 r1c2")
    problem, clauses, top = variant_problem(open_grid)
    assert problem.num_vars == 64 and top == 68 and clauses[:2] == [[65], [-66]]
    assert all(abs(lit) <= top for clause in clauses for lit in clause)
    assert isinstance(problem.reduction(open_grid.layout), Reduction)
    assert reducer_for(open_grid.layout) is reducer_for(open_grid.layout)
    assert variant_problem(parse_puzzle("1..1" + "." * 12)) is None     # clashing givens


def _as_markers(clauses, num_open):
    """Solver-settled clauses with the constants K+1, K+2 written as the decided
    markers and the auxiliary variables moved down by two (the CNF text's numbers)."""
    true, false = constants(num_open)
    name = {true: DECIDED_TRUE, false: DECIDED_FALSE}

    def move(lit):
        v = abs(lit)
        v = name.get(v, v - 2 if v > false else v)
        return v if lit > 0 else -v
    return [[move(lit) for lit in clause] for clause in clauses]


def killer_puzzles():
    """Killer puzzles with cages that the hidden solution satisfies (most of them) and
    a few whose totals break it (a rule that cannot hold)."""
    rng = random.Random(27)
    for n, box, blank in ((4, (2, 2), 0.6), (9, (3, 3), 0.7)) * 8:
        solution = random_solution(n, box, rng)
        rules = []
        for _ in range(4):
            cell = rng.randrange(n * n - 1)
            if cell % n == n - 1:
                cell -= 1
            total = solution[cell] + solution[cell + 1] + (rng.random() < 0.1)
            row, col = divmod(cell, n)
            rules.append("killer %d r%dc%d r%dc%d" % (total, row + 1, col + 1, row + 1,
                                                      col + 2))
        odd = rng.choice([c for c in range(n * n) if solution[c] % 2])
        rules.append("odd r%dc%d" % (odd // n + 1, odd % n + 1))
        text = "".join("." if rng.random() < blank else str(d) for d in solution)
        yield parse_puzzle(text + "\n" + "\n".join(rules))


def test_both_settlements_number_rule_clauses_alike():
    # the CNF text's clauses (settled in Python) are the solver's (settled by the
    # constants) once restrict takes out what the constants decide (in another order)
    compared = broken = with_decided = 0
    for grid in killer_puzzles():
        found = variant_problem(grid)
        if found is None:
            continue
        problem, clauses, top = found
        k = problem.num_vars
        layout = rules_layout(grid)
        python = []
        groups, python_top, empty = rule_groups(grid.rules, layout, problem.literal(), k,
                                                python)
        assert clauses[:2] == constant_clauses(constants(k))
        settled = restrict_all(_as_markers(clauses[2:], k))
        if empty is None:
            assert sorted(settled) == sorted(python) and python_top == top - 2
            compared += 1
        else:
            assert [] in settled
            broken += 1
        with_decided += any(abs(lit) in constants(k) for c in clauses[2:] for lit in c)
    assert compared >= 8 and broken >= 1 and with_decided >= 8


@pytest.mark.parametrize("table", [True, False])
def test_the_literal_table_answers_the_constants_it_is_given(table, monkeypatch):
    if not table:       # the candidate-counting var() of grids too large for a table
        monkeypatch.setattr(reduction_module, "LITERAL_TABLE", 0)
    for grid in open_puzzles():
        try:
            problem = reducer_for(grid.layout).reduce(grid.cells, grid)
        except NO_SOLUTION:
            continue
        n, k = grid.size, problem.num_vars
        for reduction in ([problem] if table else []) + [problem.reduction(grid.layout)]:
            markers, solver = reduction.literal(), reduction.literal(constants(k))
            code = {DECIDED_TRUE: k + 1, DECIDED_FALSE: k + 2}
            for cell in range(n * n):
                for d in range(1, n + 1):
                    assert solver(cell, d) == code.get(markers(cell, d), markers(cell, d))


BROKEN_KILLER = "1..4" "4..." "...3" "3..1" "\nkiller 4 r1c2 r1c3\n"


@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
def test_a_rule_that_cannot_hold_is_no_solution_for_the_solver(engine):
    if engine == "pysat":
        require_pysat()
    grid = parse_puzzle(BROKEN_KILLER)
    problem, clauses, top = variant_problem(grid)
    # every literal of the cage's cells is decided: a clause over the constants alone
    true, false = constants(problem.num_vars)
    assert any(clause and all(abs(lit) in (true, false) for lit in clause)
               and all(lit in (false, -true) for lit in clause) for clause in clauses[2:])
    assert solve_variant_cells(grid, count=2, engine=engine) == ([], 0)
    done = in_process("sudoku-solve", "--count", "2", "--engine", engine, "-",
                      input=BROKEN_KILLER)
    assert done.returncode == 0 and done.stdout == "-\t0\n", done.stdout + done.stderr
    done = in_process("sudoku-solve", "--engine", engine, "-", input=BROKEN_KILLER)
    assert done.returncode == 0 and done.stdout == "-\n", done.stdout + done.stderr


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (12, (3, 4)), (25, (5, 5))]),
       st.integers(0, 2 ** 32), st.floats(0.0, 1.0), st.booleans())
def test_the_size_counted_before_building_is_the_problems(shape, seed, blank, extra):
    # sudoku-solve refuses a puzzle on this count (tasks.solving.search_bound): it must
    # be the clauses of the problem it would build, an external solver's CNF.
    n, box = shape
    rng = random.Random(seed)
    grid = Grid([0 if rng.random() < blank else d
                 for d in random_solution(n, box, rng)], box=box)
    layout = grid.layout
    if extra:
        grid = parse_puzzle(grid.to_line() + "\ndiagonals")
        layout = rules_layout(grid)
    seen = []
    try:
        problem = UnitReducer(layout).reduce(grid.cells, grid,
                                             lambda *sizes: seen.append(sizes))
    except NO_SOLUTION:
        return
    assert seen[0][0] >= seen[1][0] and seen[0][1] is None and seen[1][2]
    assert seen[1][:2] == (problem.num_vars, len(problem.clauses()))


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([(4, (2, 2)), (9, (3, 3)), (16, (4, 4))]), st.integers(0, 2 ** 32),
       st.floats(0.0, 1.0))
def test_the_complemented_clauses_are_the_clauses_negated(shape, seed, blank):
    # The bundled solver's CNF (complement_clauses) reads -v from a table up to a 9x9's
    # 729 candidates and negates above it: a 16x16 nearly empty has more.
    n, box = shape
    rng = random.Random(seed)
    grid = Grid([0 if rng.random() < blank else d
                 for d in random_solution(n, box, rng)], box=box)
    try:
        problem = reducer_for(grid.layout).reduce(grid.cells, grid)
    except NO_SOLUTION:
        return
    assert [list(clause) for clause in problem.complement_clauses()] == [
        [-lit for lit in clause] for clause in problem.clauses()]


@pytest.mark.parametrize("num_vars", [728, 729, 730, 731])
def test_the_complemented_clauses_hold_at_the_tables_bound(num_vars):
    problem = OpenProblem([0], num_vars, [[1, num_vars], [num_vars - 1, num_vars]],
                          [[1, num_vars]], list(range(num_vars)), 9)
    assert [list(clause) for clause in problem.complement_clauses()] == [
        [-1, -num_vars], [1 - num_vars, -num_vars], [1, num_vars]]
