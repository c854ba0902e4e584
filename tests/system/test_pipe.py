"""The pipe end to end: sudoku2cnf | SOLVER | cnf2sudoku, with real solvers."""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import require_solver
from support import INKALA, INKALA_SOLUTION, pattern_solution, shell

# Shell pipes through the bundled and the external solvers.
pytestmark = pytest.mark.slow

# Each solver as a user types it in the middle of the pipe (reading stdin).
PIPES = {
    "picosat": "picosat",
    "cadical": "cadical -q",
    "cryptominisat5": "cryptominisat5 --verb 0",
}


def test_bundled_solver_pipe():
    done = shell("echo '%s' | sudoku2cnf | cnfsolve | cnf2sudoku" % INKALA)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


@pytest.mark.parametrize("solver", sorted(PIPES))
def test_external_solver_pipe(solver):
    require_solver(solver)
    done = shell("echo '%s' | sudoku2cnf | { %s; true; } | cnf2sudoku" % (INKALA, PIPES[solver]))
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


@pytest.mark.parametrize("solver", sorted(PIPES) + ["minisat"])
def test_external_solver_with_files_and_givens_checked(solver, tmp_path):
    require_solver(solver)
    if solver == "minisat":
        run = "minisat p.cnf p.out > /dev/null"
    else:
        run = "%s p.cnf > p.out" % PIPES[solver]
    script = ("echo '%s' | sudoku2cnf -o p.cnf && { %s; [ $? -eq 10 ]; } && "
              "cnf2sudoku --cnf p.cnf p.out" % (INKALA, run))
    done = shell(script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


@pytest.mark.parametrize("solver", sorted(PIPES) + ["minisat"])
def test_unsatisfiable_puzzle_through_each_solver(solver, tmp_path):
    require_solver(solver)
    # r1c1..r1c8 hold 1..8 and r2c9 holds 9: row 1 has no place for 9.
    puzzle = "12345678." + "........9" + "." * 63
    run = ("minisat p.cnf p.out > /dev/null" if solver == "minisat"
           else "%s p.cnf > p.out" % PIPES[solver])
    done = shell("echo '%s' | sudoku2cnf -o p.cnf; %s; echo rc=$?; cnf2sudoku p.out"
                 % (puzzle, run), cwd=tmp_path)
    assert "rc=20" in done.stdout
    assert done.returncode == 4 and "no solution" in done.stderr


@pytest.mark.parametrize("options", ["", "--reduce", "--propagate",
                                     "--propagate --numbering decimal --comments full"])
@pytest.mark.parametrize("solver", ["cnfsolve", "picosat", "minisat", "cadical"])
def test_a_puzzle_whose_givens_clash_is_unsat_for_each_solver(solver, options, tmp_path):
    # The student's wrong puzzle: the CNF is written (exit 0, the clash named), every
    # solver answers UNSATISFIABLE (exit 20), and cnf2sudoku says there is no solution.
    if solver != "cnfsolve":
        require_solver(solver)
    run = {"minisat": "minisat p.cnf p.out > /dev/null", "cnfsolve": "cnfsolve p.cnf > p.out",
           "picosat": "picosat p.cnf > p.out", "cadical": "cadical -q p.cnf > p.out"}[solver]
    (tmp_path / "p.txt").write_text("8....8...." + "." * 71 + "\n")
    done = shell("sudoku2cnf %s p.txt -o p.cnf; echo s2c=$?; %s; echo rc=$?; "
                 "cnf2sudoku --cnf p.cnf p.out" % (options, run), cwd=tmp_path)
    assert "s2c=0" in done.stdout and "rc=20" in done.stdout, done.stdout + done.stderr
    assert done.returncode == 4
    assert done.stderr == (
        "sudoku2cnf: p.txt:1: no solution: contradictory givens: r1c1 and r1c6 both hold 8 "
        "in row 1; the CNF is unsatisfiable\n"
        "cnf2sudoku: p.out:1: no solution: the solver proved the puzzle unsatisfiable\n")


@pytest.mark.parametrize("solver", sorted(PIPES) + ["minisat"])
def test_cnfsolve_drives_each_external_solver(solver):
    require_solver(solver)
    done = shell("echo '%s' | sudoku2cnf | cnfsolve --solver %s | cnf2sudoku"
                 % (INKALA, solver))
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


def test_sizes_and_box_shapes_through_picosat(tmp_path):
    require_solver("picosat")
    for size, box in [(4, "2x2"), (6, "2x3"), (6, "3x2"), (8, "2x4"), (12, "3x4"),
                      (16, "4x4")]:
        empty = " ".join(["0"] * size)
        (tmp_path / "p.txt").write_text("\n".join([empty] * size) + "\n")
        done = shell("sudoku2cnf --box %s p.txt -o p.cnf && { picosat p.cnf; true; } "
                     "| cnf2sudoku --cnf p.cnf --format json" % box, cwd=tmp_path)
        assert done.returncode == 0, (size, box, done.stderr)
        assert '"size":%d' % size in done.stdout


def random_solution(size, box, rng):
    """A random valid grid (see support.pattern_solution), checked."""
    from dimacs_sudoku.core.grid import Grid
    grid = Grid(pattern_solution(size, box, rng), size=size, box=box)
    grid.check_solution()
    return grid
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from([(4, (2, 2)), (6, (2, 3)), (9, (3, 3)), (16, (4, 4))]),
       seed=st.integers(0, 2 ** 32 - 1), keep=st.floats(0.0, 1.0))
def test_round_trip_random_puzzles(shape, seed, keep):
    """Random valid grid, cells blanked, CNF, bundled solver, decode: valid, agrees."""
    from dimacs_sudoku.dimacs.decode import decode_result
    from dimacs_sudoku.encodings import encode
    from dimacs_sudoku.core.grid import Grid
    from dimacs_sudoku.sat import solve_clauses
    size, box = shape
    rng = random.Random(seed)
    full = random_solution(size, box, rng)
    puzzle = Grid([d if rng.random() < keep else 0 for d in full.cells], size=size, box=box)
    formula = encode(puzzle)
    result = solve_clauses(formula.clauses(), formula.num_vars)
    solution = decode_result(result, size=size, box=box, givens=puzzle)
    solution.check_solution(puzzle)
    assert all(g == 0 or g == s for g, s in zip(puzzle.cells, solution.cells))
