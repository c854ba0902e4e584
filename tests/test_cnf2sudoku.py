"""cnf2sudoku: every result format in, a checked grid out; every failure named."""

import json

import pytest

from support import (INKALA, INKALA_SOLUTION, SMALL4_SOLUTION, command,
                     no_traceback)


def cell_literals(solution, size=None):
    """All N³ literals of the standard numbering for a one-line solution."""
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    n = size or int(len(solution) ** 0.5)
    lits = []
    for cell, ch in enumerate(solution):
        d = symbols.index(ch) + 1
        lits.extend((cell * n + k) if k == d else -(cell * n + k) for k in range(1, n + 1))
    return lits


def competition(lits, width=10):
    lines = ["c a comment", "s SATISFIABLE"]
    for i in range(0, len(lits), width):
        lines.append("v " + " ".join(map(str, lits[i:i + width])))
    lines.append("v 0")
    return "\n".join(lines) + "\n"


@pytest.fixture
def cnf_file(tmp_path):
    path = tmp_path / "inkala.cnf"
    done = command("sudoku2cnf", "-o", path, input=INKALA)
    assert done.returncode == 0
    return path


def test_competition_format_infers_the_size():
    done = command("cnf2sudoku", input=competition(cell_literals(INKALA_SOLUTION)))
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


def test_one_long_v_line_and_shuffled_literals():
    lits = cell_literals(SMALL4_SOLUTION)[::-1]
    text = "s SATISFIABLE\nv " + " ".join(map(str, lits)) + " 0\n"
    done = command("cnf2sudoku", input=text)
    assert done.stdout == SMALL4_SOLUTION + "\n"


def test_minisat_result_file_and_bare_literals(tmp_path):
    lits = cell_literals(SMALL4_SOLUTION)
    minisat = tmp_path / "res"
    minisat.write_text("SAT\n" + " ".join(map(str, lits)) + " 0\n")
    done = command("cnf2sudoku", minisat)
    assert done.returncode == 0 and done.stdout == SMALL4_SOLUTION + "\n"
    bare = command("cnf2sudoku", input="\n".join(map(str, lits)) + "\n")
    assert bare.returncode == 0 and bare.stdout == SMALL4_SOLUTION + "\n"


def test_cnf_gives_givens_and_they_are_checked(cnf_file):
    good = command("cnf2sudoku", "--cnf", cnf_file,
                   input=competition(cell_literals(INKALA_SOLUTION)))
    assert good.returncode == 0 and good.stdout == INKALA_SOLUTION + "\n"
    # A valid grid that is not this puzzle's solution: relabel digits 8 <-> 9.
    other = INKALA_SOLUTION.translate(str.maketrans("89", "98"))
    bad = command("cnf2sudoku", "--cnf", cnf_file, input=competition(cell_literals(other)))
    assert bad.returncode == 6
    assert "r1c1" in bad.stderr and "given" in bad.stderr
    assert bad.stdout == "" and no_traceback(bad.stderr)


def test_invalid_grid_names_the_unit():
    broken = "1234" "1234" "3412" "4321"
    done = command("cnf2sudoku", "--size", "4", input=competition(cell_literals(broken)))
    assert done.returncode == 6
    assert "column 1" in done.stderr and "twice" in done.stderr


def test_cell_without_digit_is_named():
    lits = [v for v in cell_literals(SMALL4_SOLUTION) if not 1 <= v <= 4]  # r1c1 empty
    done = command("cnf2sudoku", "--size", "4", input=competition(lits))
    assert done.returncode == 6 and "r1c1" in done.stderr


@pytest.mark.parametrize("text, code, word", [
    ("s UNSATISFIABLE\n", 4, "no solution"),
    ("UNSAT\n", 4, "no solution"),
    ("s UNKNOWN\n", 5, "UNKNOWN"),
    ("INDET\n", 5, "UNKNOWN"),
])
def test_no_answer_codes(text, code, word):
    done = command("cnf2sudoku", input=text)
    assert done.returncode == code
    assert word in done.stderr and done.stdout == ""
    assert no_traceback(done.stderr)


@pytest.mark.parametrize("text, fragment", [
    ("", "<stdin>"),
    ("s SATISFIABLE\nv 1 2 x 0\n", ":2:"),
    ("s SATISFIABLE\nv 1 -2 3\n", "<stdin>"),
])
def test_unreadable_results(text, fragment):
    done = command("cnf2sudoku", input=text)
    assert done.returncode == 3, done.stderr
    assert fragment in done.stderr and no_traceback(done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1


def test_output_formats(cnf_file):
    model = competition(cell_literals(INKALA_SOLUTION))
    grid = command("cnf2sudoku", "--format", "grid", input=model)
    assert grid.stdout.startswith("+-------+-------+-------+\n| 8 1 2 | 7 5 3 | 6 4 9 |")
    data = json.loads(command("cnf2sudoku", "--cnf", cnf_file, "--format", "json",
                              input=model).stdout)
    assert data["size"] == 9 and data["line"] == INKALA_SOLUTION
    assert data["grid"][0] == [8, 1, 2, 7, 5, 3, 6, 4, 9]
    assert data["givens"] == INKALA
    bad = command("cnf2sudoku", "--format", "pdf", input=model)
    assert bad.returncode == 2


def test_failed_output_file_is_not_left(tmp_path):
    out = tmp_path / "sol.txt"
    done = command("cnf2sudoku", "-o", out, input="s UNSATISFIABLE\n")
    assert done.returncode == 4
    assert not out.exists() and list(tmp_path.iterdir()) == []
