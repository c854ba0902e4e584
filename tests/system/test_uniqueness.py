"""Uniqueness in the pipe: sudoku2cnf --exclude forbids a known solution, so a SAT
solver answers "is there another one?"; cnf2sudoku prints every model of
picosat --all."""

import random

import pytest

from conftest import require_solver
from dimacs_sudoku.tasks.solving import find_solutions
from dimacs_sudoku.encodings.exclude import exclusion_clause
from dimacs_sudoku.tasks.generate import layout_for, make_puzzle
from dimacs_sudoku.core.grid import Grid

from support import (INKALA, INKALA_SOLUTION, SMALL4, SMALL4_SOLUTION, command, header,
                     no_traceback, shell)

# Shell pipes through picosat and the other solvers.
pytestmark = pytest.mark.slow

# 4x4 with six solutions.
SEVERAL = "1..........." "3..1"
SEVERAL_COUNT = 6


def clauses_of(cnf_text):
    return [line for line in cnf_text.splitlines() if line and line[0] not in "cp"]


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text + "\n")
    return path


def test_exclude_adds_one_clause_over_the_cell_variables(tmp_path):
    puzzle = write(tmp_path, "p.txt", SMALL4)
    solution = write(tmp_path, "p.sol", SMALL4_SOLUTION)
    plain = command("sudoku2cnf", puzzle)
    done = command("sudoku2cnf", puzzle, "--exclude", solution)
    assert done.returncode == 0, done.stderr
    vars_, count = header(plain.stdout)
    assert header(done.stdout) == (vars_, count + 1)
    assert clauses_of(done.stdout)[:-1] == clauses_of(plain.stdout)
    expected = exclusion_clause(Grid.from_line(SMALL4_SOLUTION))
    assert clauses_of(done.stdout)[-1] == " ".join(map(str, expected)) + " 0"
    assert len(expected) == 16 and all(lit < 0 for lit in expected)
    assert "c exclude: " + SMALL4_SOLUTION in done.stdout


def test_exclude_checks_the_solution_file(tmp_path):
    puzzle = write(tmp_path, "p.txt", SMALL4)
    cases = [("incomplete", SMALL4, "has no digit"),
             ("wrong", "1234" "3412" "2143" "4321", "given"),
             ("broken", "1234" "4321" "2143" "3412", "not a solution"),
             ("nine", INKALA_SOLUTION, "16"),
             ("empty", "", "no solution grid")]
    for name, text, message in cases:
        done = command("sudoku2cnf", puzzle, "--exclude", write(tmp_path, name, text))
        assert done.returncode == 3, (name, done.stderr)
        assert name in done.stderr and message in done.stderr, done.stderr
        assert no_traceback(done.stderr) and done.stdout == ""
    sol = write(tmp_path, "p.sol", SMALL4_SOLUTION)
    for extra in (["--reduce"], ["--propagate"], ["--output-dir", str(tmp_path / "d")]):
        done = command("sudoku2cnf", puzzle, "--exclude", sol, *extra)
        assert done.returncode == 2 and "--exclude" in done.stderr
    done = command("sudoku2cnf", "--exclude", "-", input=SMALL4 + "\n")
    assert done.returncode == 2 and "standard input" in done.stderr


def test_picosat_proves_uniqueness(tmp_path):
    require_solver("picosat")
    puzzle = write(tmp_path, "p.txt", INKALA)
    solution = write(tmp_path, "p.sol", INKALA_SOLUTION)
    unique = shell("sudoku2cnf %s --exclude %s | picosat" % (puzzle, solution))
    assert unique.returncode == 20 and "s UNSATISFIABLE" in unique.stdout
    # The decimal numbering, and an at-most-one family with auxiliary variables.
    decimal = shell("sudoku2cnf %s --numbering decimal -x %s | picosat" % (puzzle, solution))
    assert decimal.returncode == 20
    sequential = shell("sudoku2cnf %s --amo sequential -x %s | picosat" % (puzzle, solution))
    assert sequential.returncode == 20


def test_picosat_finds_the_other_solution(tmp_path):
    require_solver("picosat")
    puzzle = write(tmp_path, "p.txt", SEVERAL)
    first = shell("sudoku2cnf %s | picosat | cnf2sudoku" % puzzle)
    assert first.returncode == 0, first.stderr
    solution = write(tmp_path, "p.sol", first.stdout.strip())
    other = shell("sudoku2cnf %s --exclude %s | picosat | cnf2sudoku" % (puzzle, solution))
    assert other.returncode == 0, other.stderr
    assert other.stdout.strip() != first.stdout.strip()
    Grid.from_line(other.stdout.strip()).check_solution(Grid.from_line(SEVERAL))
    # Excluding every solution (a file of six grids) leaves none.
    every, count = find_solutions(Grid.from_line(SEVERAL), limit=100)
    assert count == SEVERAL_COUNT
    everything = write(tmp_path, "all.sol", "\n".join(g.to_line() for g in every))
    none = shell("sudoku2cnf %s -x %s | picosat" % (puzzle, everything))
    assert none.returncode == 20


def test_cnf2sudoku_prints_every_model_of_picosat_all(tmp_path):
    require_solver("picosat")
    puzzle = write(tmp_path, "p.txt", SEVERAL)
    done = shell("sudoku2cnf %s | picosat --all | cnf2sudoku" % puzzle)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.split()
    expected = {g.to_line() for g in find_solutions(Grid.from_line(SEVERAL), 100)[0]}
    assert len(printed) == SEVERAL_COUNT and set(printed) == expected
    # With the givens from the CNF too.
    cnf = tmp_path / "p.cnf"
    shell("sudoku2cnf %s -o %s" % (puzzle, cnf))
    checked = shell("picosat --all %s | cnf2sudoku --cnf %s" % (cnf, cnf))
    assert sorted(checked.stdout.split()) == sorted(expected)
    unique = shell("echo %s | sudoku2cnf | picosat --all | cnf2sudoku" % SMALL4)
    assert unique.stdout.split() == [SMALL4_SOLUTION]


def test_generated_puzzle_is_unique_for_picosat_too(tmp_path):
    require_solver("picosat")
    made = make_puzzle(layout_for(9), random.Random(8))
    puzzle = write(tmp_path, "g.txt", made.puzzle.to_line())
    solution = write(tmp_path, "g.sol", made.solution.to_line())
    done = shell("sudoku2cnf %s --exclude %s | picosat" % (puzzle, solution))
    assert done.returncode == 20, done.stdout[-200:]


@pytest.mark.parametrize("solver, args", [("minisat", ""), ("cadical", "-q")])
def test_other_solvers_agree(tmp_path, solver, args):
    require_solver(solver)
    puzzle = write(tmp_path, "p.txt", SMALL4)
    solution = write(tmp_path, "p.sol", SMALL4_SOLUTION)
    cnf = tmp_path / "p.cnf"
    shell("sudoku2cnf %s -x %s -o %s" % (puzzle, solution, cnf))
    done = shell("%s %s %s" % (solver, args, cnf))
    assert done.returncode == 20
