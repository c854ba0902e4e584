"""cnf2sudoku --box with a variant puzzle: the box shape rebuilds the layout of the
givens, and the rules (the CNF's ``c rule:`` lines, or those of --puzzle) go with it, so
a model that breaks one is still exit 6 naming it."""

import pytest

from support import in_process as command, no_traceback

# 6x6, no givens: a killer cage and both diagonals. sudoku2cnf writes box 2x3.
PUZZLE = "." * 36 + "\nkiller 3 r1c1 r1c2\ndiagonals\n"
# Valid on 3x2 boxes (three rows, two columns) and on both diagonals, but r1c1 + r1c2 = 5.
CAGE_BROKEN = "416532632451251346524613365124143265"
# Valid on 3x2 boxes, r1c1 + r1c2 = 3, but 2 twice on the r1c1-r6c6 diagonal.
DIAGONAL_BROKEN = "216543654321432165563412341256125634"


def model_text(line, size=6):
    literals = [(cell * size + d) * (1 if int(line[cell]) == d else -1)
                for cell in range(size * size) for d in range(1, size + 1)]
    return "s SATISFIABLE\nv %s 0\n" % " ".join(map(str, literals))


@pytest.fixture
def files(tmp_path):
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PUZZLE)
    cnf = tmp_path / "p.cnf"
    done = command("sudoku2cnf", puzzle, "-o", cnf)
    assert done.returncode == 0, done.stderr
    assert "c box: 2x3\n" in cnf.read_text() and "c rule: diagonals\n" in cnf.read_text()
    return puzzle, cnf


def test_the_models_break_only_the_rules():
    """Both models are Sudoku grids on 3x2 boxes: only the rules can reject them."""
    from dimacs_sudoku.core.grid import Grid
    for line in (CAGE_BROKEN, DIAGONAL_BROKEN):
        grid = Grid([int(ch) for ch in line], size=6, box=(3, 2))
        grid.check_solution(Grid([0] * 36, size=6, box=(3, 2)))


@pytest.mark.parametrize("how", ["--cnf", "--puzzle"])
@pytest.mark.parametrize("line, named", [
    (CAGE_BROKEN, "killer 3 r1c1 r1c2: the digits add up to 5, not 3"),
    (DIAGONAL_BROKEN, "diagonal- holds 2 twice")])
def test_box_keeps_the_rules(files, tmp_path, how, line, named):
    puzzle, cnf = files
    out = tmp_path / "m.out"
    out.write_text(model_text(line))
    done = command("cnf2sudoku", how, cnf if how == "--cnf" else puzzle, "--box", "3x2", out)
    assert done.returncode == 6, done.stderr
    assert named in done.stderr and no_traceback(done.stderr) and done.stdout == ""
    # Without the rules the same model is a grid on 3x2 boxes: the rules made the exit 6.
    plain = tmp_path / "plain.txt"
    plain.write_text("." * 36 + "\n")
    done = command("cnf2sudoku", "--puzzle", plain, "--box", "3x2", out)
    assert done.returncode == 0 and done.stdout == line + "\n", done.stderr


def test_box_with_a_model_that_keeps_the_rules(files, tmp_path):
    puzzle, cnf = files
    done = command("sudoku-solve", "--box", "3x2", puzzle)
    assert done.returncode == 0, done.stderr
    line = done.stdout.split()[0]
    out = tmp_path / "m.out"
    out.write_text(model_text(line))
    done = command("cnf2sudoku", "--cnf", cnf, "--box", "3x2", "--format", "variant", out)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-2:] == ["killer 3 r1c1 r1c2", "diagonals"]


def test_the_rules_read_again_for_the_box(tmp_path):
    """Disjoint groups follow the boxes: on 3x2 boxes the groups are others than on 2x3.
    A 3x2 solution of the puzzle checked under --box 3x2 passes; under the CNF's own
    2x3 it is no solution."""
    puzzle = tmp_path / "d.txt"
    puzzle.write_text("." * 36 + "\ndisjoint\n")
    cnf = tmp_path / "d.cnf"
    assert command("sudoku2cnf", puzzle, "-o", cnf).returncode == 0
    done = command("sudoku-solve", "--box", "3x2", puzzle)
    assert done.returncode == 0, done.stderr
    line = done.stdout.split()[0]
    out = tmp_path / "m.out"
    out.write_text(model_text(line))
    done = command("cnf2sudoku", "--cnf", cnf, "--box", "3x2", out)
    assert done.returncode == 0 and done.stdout == line + "\n", done.stderr
    assert command("cnf2sudoku", "--cnf", cnf, out).returncode == 6
