"""The one Kwon-Jain reduction (dimacs_sudoku.reasoning.reduction): the batch solver's
problem and the reduced CNF number the open candidates the same way, and rule clauses
reach both through the same restrict."""

import random

import pytest

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.formats import parse_puzzle
from dimacs_sudoku.reasoning.reduction import (DECIDED_FALSE, DECIDED_TRUE, NO_SOLUTION,
                                               Reduction, SwarReducer, UnitReducer,
                                               reduce_grid, reducer_for, restrict,
                                               variant_problem)

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


def test_a_variant_problem_maps_rule_clauses_by_restrict():
    grid = parse_puzzle("1..4" "4..." "...3" "3..1" "\nkiller 5 r1c2 r1c3")
    found = variant_problem(grid)
    assert found is not None
    problem, clauses, top = found
    # propagation solves the units: the killer keeps only its own auxiliary variables
    # (which set of digits its cage takes: {2, 3} by the givens, not {1, 4})
    assert problem.num_vars == 0 and top == 2 and [2] in clauses and [-1] in clauses
    assert all(abs(lit) <= top for clause in clauses for lit in clause)
    broken = parse_puzzle("1..4" "4..." "...3" "3..1" "\nkiller 4 r1c2 r1c3")
    assert variant_problem(broken) is None
    open_grid = parse_puzzle("." * 16 + "\nkiller 5 r1c1 r1c2")
    problem, clauses, top = variant_problem(open_grid)
    assert problem.num_vars == 64 and top == 66
    assert all(abs(lit) <= top for clause in clauses for lit in clause)
    assert isinstance(problem.reduction(open_grid.layout), Reduction)
    assert reducer_for(open_grid.layout) is reducer_for(open_grid.layout)
