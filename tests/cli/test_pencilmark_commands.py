"""Every command on a pencil-mark puzzle (sukaku): its removed candidates are obeyed
and checked, and a cell with no candidate is a puzzle without a solution."""

import json

import pycosat
import pytest

from conftest import require_pysat
from support import (INKALA_SOLUTION, PENCIL_LIBRARY, PENCIL_OTHER, in_process as command,
                     no_traceback)

from test_cnf2sudoku import cell_literals, competition


@pytest.fixture
def puzzle(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(PENCIL_LIBRARY + "\n")
    return path


def cnf_of(path, *options):
    done = command("sudoku2cnf", path, *options)
    assert done.returncode == 0, done.stderr
    return done.stdout


def clauses(text):
    return [list(map(int, line.split()[:-1])) for line in text.splitlines()
            if line and line[0] not in "cp"]


def test_sudoku2cnf_writes_one_negative_unit_per_removed_candidate(puzzle):
    text = cnf_of(puzzle)
    assert clauses(text)[-5:] == [[-2], [-4], [-5], [-6], [-9]]
    assert "c candidates: 1.3...78." in text
    models = list(pycosat.itersolve(clauses(text)))
    assert len(models) == 1 and -9 in models[0]


@pytest.mark.parametrize("option", ["--reduce", "--propagate"])
def test_sudoku2cnf_reduced_leaves_the_removed_candidates_out(puzzle, option):
    text = cnf_of(puzzle, option)
    assert len(list(pycosat.itersolve(clauses(text)))) <= 1


@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
def test_sudoku_solve_counts_one_solution(puzzle, engine):
    if engine == "pysat":
        require_pysat()
    done = command("sudoku-solve", "--engine", engine, "--count", "2", puzzle)
    assert done.returncode == 0, done.stderr
    assert INKALA_SOLUTION in done.stdout


def test_sudoku_solve_writes_back_every_form(puzzle, tmp_path):
    done = command("sudoku-solve", "-F", "pencilmarks", puzzle)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(":0000:x:+8+1+2+7+5+3+6+4+9+9+436+8")


def test_cnf2sudoku_checks_the_removed_candidates(puzzle, tmp_path):
    good, bad = tmp_path / "good.out", tmp_path / "bad.out"
    good.write_text(competition(cell_literals(INKALA_SOLUTION)))
    bad.write_text(competition(cell_literals(PENCIL_OTHER)))
    done = command("cnf2sudoku", "--puzzle", puzzle, good)
    assert done.returncode == 0 and done.stdout == INKALA_SOLUTION + "\n", done.stderr
    done = command("cnf2sudoku", "--puzzle", puzzle, bad)
    assert done.returncode == 6 and no_traceback(done.stderr)
    assert "r1c1 holds 9, a candidate the puzzle removed" in done.stderr
    cnf = tmp_path / "p.cnf"
    cnf.write_text(cnf_of(puzzle))
    done = command("cnf2sudoku", "--cnf", cnf, bad)
    assert done.returncode == 6
    assert "r1c1 holds 9, a candidate the puzzle removed" in done.stderr
    done = command("cnf2sudoku", "--cnf", cnf, good)
    assert done.returncode == 0 and done.stdout == INKALA_SOLUTION + "\n", done.stderr


def test_sudoku_analyze_obeys_the_candidates(puzzle):
    done = command("sudoku-analyze", "--format", "json", puzzle)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["solutions"] == 1
    assert report["candidates"]["r1c1"] == ["8"]


def test_sudoku_grade_obeys_the_candidates(puzzle):
    done = command("sudoku-grade", puzzle)
    assert done.returncode == 0, done.stderr
    line, level, _ = done.stdout.rstrip("\n").split("\t")
    assert line == PENCIL_LIBRARY and level != "none"


def test_a_cell_without_candidate_is_no_solution(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("." * 9 + "123456789" * 80 + "\n")
    done = command("sudoku2cnf", path)
    assert done.returncode == 0 and "no candidate left in r1c1" in done.stderr
    assert pycosat.solve(clauses(done.stdout)) == "UNSAT"
    done = command("sudoku-solve", path)
    assert "-" in done.stdout.split() and no_traceback(done.stderr)
    done = command("sudoku-grade", path)
    assert done.stdout.split("\t")[1] == "none"


def test_sudoku_analyze_shows_a_puzzle_without_solution_by_its_candidates(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("." * 9 + "123456789" * 80 + "\n")
    done = command("sudoku-analyze", path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith(".---") and lines[2].split()[:3] == ["|", ".", "123456789"]
    assert "solutions: 0" in done.stdout
