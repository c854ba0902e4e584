"""sudoku2cnf as a user runs it: counts, header comments, errors, several puzzles."""

import os

import pytest

from support import INKALA, SMALL4, in_process as command, header, no_traceback

EMPTY = {4: "." * 16, 6: "." * 36, 9: "." * 81}


@pytest.mark.parametrize("size, encoding, expected", [
    (4, "extended", (64, 384)),
    (4, "efficient", (64, 336)),
    (4, "minimal", (64, 240)),
    (6, "extended", (216, 1980)),
    (6, "efficient", (216, 1872)),
    (6, "minimal", (216, 1332)),
    (9, "extended", (729, 10530)),
    (9, "efficient", (729, 10287)),
    (9, "minimal", (729, 7371)),
])
def test_empty_grid_counts(size, encoding, expected):
    done = command("sudoku2cnf", "--encoding", encoding, input=EMPTY[size] + "\n")
    assert done.returncode == 0, done.stderr
    assert header(done.stdout) == expected
    clauses = [line for line in done.stdout.splitlines() if line and line[0] not in "cp"]
    assert len(clauses) == expected[1]
    assert len(set(clauses)) == expected[1], "duplicate clauses"
    assert all(line.endswith(" 0") for line in clauses)


def test_givens_are_unit_clauses_and_header_describes_the_file():
    done = command("sudoku2cnf", input=INKALA + "\n")
    assert done.returncode == 0
    assert header(done.stdout) == (729, 10530 + 21)
    comments = [line for line in done.stdout.splitlines() if line.startswith("c ")]
    text = "\n".join(comments)
    for fact in ("dimacs-sudoku", "size: 9", "box: 3x3", "encoding: extended",
                 "puzzle: " + INKALA, "givens: 21"):
        assert fact in text
    units = [line for line in done.stdout.splitlines()
             if line and line[0] not in "cp" and len(line.split()) == 2]
    # r1c1 holds 8: v = (0*9 + 0)*9 + 7 + 1 = 8
    assert "8 0" in units and len(units) == 21


def test_box_shape_option():
    grid_6x6_3x2 = "." * 36
    done = command("sudoku2cnf", "--box", "3x2", input=grid_6x6_3x2)
    assert done.returncode == 0, done.stderr
    assert "box: 3x2" in done.stdout
    assert header(done.stdout) == (216, 1980)


def test_contradictory_givens_name_the_cells(tmp_path):
    puzzle = tmp_path / "bad.txt"
    puzzle.write_text("11.." + "." * 12 + "\n")
    out = tmp_path / "out.cnf"
    done = command("sudoku2cnf", puzzle, "-o", out)
    assert done.returncode == 4             # no solution, as propagation would find
    assert "no solution: contradictory givens" in done.stderr
    assert "r1c1" in done.stderr and "r1c2" in done.stderr and "row 1" in done.stderr
    assert str(puzzle) in done.stderr and ":1:" in done.stderr
    assert no_traceback(done.stderr) and len(done.stderr.splitlines()) == 1
    assert not out.exists() and os.listdir(tmp_path) == ["bad.txt"]


def test_failed_output_keeps_an_existing_file(tmp_path):
    out = tmp_path / "keep.cnf"
    out.write_text("precious\n")
    done = command("sudoku2cnf", "-o", out, input="1x..\n" + "." * 12)
    assert done.returncode == 3
    assert out.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["keep.cnf"]


def test_several_puzzles_need_index_or_directory(tmp_path):
    many = tmp_path / "many.txt"
    many.write_text(SMALL4 + "\n" + "." * 16 + "\n" + "2..." + "." * 12 + "\n")
    done = command("sudoku2cnf", many)
    assert done.returncode == 2
    assert "3 puzzles" in done.stderr and "--index" in done.stderr
    assert done.stdout == ""

    third = command("sudoku2cnf", many, "--index", "3")
    assert third.returncode == 0
    assert "puzzle: 2..............." in third.stdout

    beyond = command("sudoku2cnf", many, "--index", "4")
    assert beyond.returncode == 2 and "3 puzzles" in beyond.stderr

    folder = tmp_path / "cnf"
    each = command("sudoku2cnf", many, "--output-dir", folder)
    assert each.returncode == 0, each.stderr
    assert sorted(os.listdir(folder)) == ["index.csv", "many-1.cnf", "many-2.cnf", "many-3.cnf"]
    assert header((folder / "many-1.cnf").read_text()) == (64, 384 + 6)


@pytest.mark.parametrize("args, stdin, code, fragment", [
    (["--encoding", "maximal"], SMALL4, 2, "unknown encoding"),
    (["--box", "3x3"], SMALL4, 3, "a 9x9 grid needs 81"),
    (["--box", "two"], SMALL4, 2, "RxC"),
    (["--index", "0"], SMALL4, 2, "from 1"),
    (["--comments", "some"], SMALL4, 2, "--comments"),
    (["--no-such-option"], SMALL4, 2, "No such option"),
    (["/no/such/file.txt"], "", 8, "/no/such/file.txt"),
    ([], "", 3, "no puzzle"),
    ([], "123" + "." * 13 + "\n" + "9" * 3, 3, "<stdin>"),
])
def test_errors_are_one_line(args, stdin, code, fragment):
    done = command("sudoku2cnf", *args, input=stdin)
    assert done.returncode == code, done.stderr
    assert fragment in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert no_traceback(done.stderr)
    assert done.stdout == ""


def test_help_has_example_and_exit_codes():
    done = command("sudoku2cnf", "--help")
    assert done.returncode == 0
    assert "sudoku2cnf puzzle.txt | cnfsolve | cnf2sudoku" in done.stdout
    assert "Exit codes" in done.stdout and "bad input" in done.stdout


def test_output_to_a_device_writes_through_it():
    done = command("sudoku2cnf", "-o", os.devnull, input=SMALL4)
    assert done.returncode == 0, done.stderr
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)


@pytest.mark.parametrize("options", [(), ("--reduce",), ("--propagate",)])
def test_contradictory_givens_are_no_solution_as_propagation_finds(options, tmp_path):
    # Clashing givens and a cell no digit fits are the same fact: no solution, exit 4.
    for text, reason in (("11" + "." * 14, "contradictory givens: r1c1 and r1c2"),
                         ("11..\n....\n....\n....\ndiagonals\n", "contradictory givens")):
        done = command("sudoku2cnf", *options, input=text + "\n")
        assert (done.returncode, done.stdout) == (4, ""), done.stderr
        assert "no solution: " + reason in done.stderr


def test_sudoku_solve_answers_contradictory_givens_as_no_solution(tmp_path):
    # The same "-" line (count 0) for clashing givens, with or without rules, as for
    # a puzzle propagation or the solver finds impossible; a result, exit 0.
    (tmp_path / "v.txt").write_text("11..\n....\n....\n....\ndiagonals\n")
    (tmp_path / "c.txt").write_text("11..............\n12....3.........\n")
    done = command("sudoku-solve", "--count", "2", "v.txt", "c.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "-\t0\n" * 3
