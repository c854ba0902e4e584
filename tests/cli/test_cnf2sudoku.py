"""cnf2sudoku: every result format in, a checked grid out; every failure named."""

import json

import pytest

from conftest import require_solver
from support import (INKALA, INKALA_SOLUTION, SMALL4_SOLUTION, in_process as command,
                     no_traceback, shell)


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


# ---- --puzzle: the givens and the reduced variable map from the puzzle ----------------

@pytest.mark.slow
@pytest.mark.parametrize("options", [[], ["--reduce"], ["--propagate"]])
def test_puzzle_rebuilds_the_map_in_a_pipe(tmp_path, options):
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf %s p.txt | cnfsolve | cnf2sudoku --puzzle p.txt %s"
                % (" ".join(options), " ".join(options)), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == INKALA_SOLUTION


@pytest.mark.slow
def test_puzzle_pipe_through_an_external_solver(tmp_path):
    require_solver("picosat")
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf --reduce p.txt | picosat | cnf2sudoku --puzzle p.txt --reduce",
                cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip() == INKALA_SOLUTION, run.stderr


def test_puzzle_givens_are_checked(tmp_path):
    # A valid grid that is not this puzzle's solution: every 8 and 1 swapped.
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    wrong = "".join({"8": "1", "1": "8"}.get(ch, ch) for ch in INKALA_SOLUTION)
    run = command("cnf2sudoku", "--puzzle", tmp_path / "p.txt",
                  input=competition(cell_literals(wrong)))
    assert run.returncode == 6 and run.stdout == ""
    assert ("cnf2sudoku: <stdin>:2: the model is not a solution: cell r1c1 holds 1 but "
            "the given is 8\n") == run.stderr
    run = command("cnf2sudoku", input=competition(cell_literals(wrong)))
    assert run.returncode == 0                      # without the puzzle, only the rules


@pytest.mark.slow
def test_puzzle_input_format_and_numbering(tmp_path):
    # An empty 4x4 in numbers form needs -f numbers (it would read as four 2x2 lines).
    (tmp_path / "z.txt").write_text("0 0 0 0\n" * 4)
    run = shell("sudoku2cnf -f numbers --reduce --numbering decimal z.txt | cnfsolve | "
                "cnf2sudoku --puzzle z.txt -f numbers --reduce --numbering decimal", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert len(run.stdout.strip()) == 16 and set(run.stdout.strip()) == set("1234")


@pytest.mark.slow
def test_reduced_model_without_the_option_is_named(tmp_path):
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf --reduce p.txt | cnfsolve | cnf2sudoku --puzzle p.txt",
                cwd=tmp_path)
    assert run.returncode == 3 and run.stdout == ""
    assert "the model has 254 variables, fewer than the 729 of a 9x9 grid" in run.stderr
    assert no_traceback(run.stderr)


@pytest.mark.parametrize("args, message", [
    (["--reduce"], "--reduce and --propagate rebuild the variable map from --puzzle FILE"),
    (["--puzzle", "p.txt", "--cnf", "p.txt"], "give --cnf FILE or --puzzle FILE, not both"),
    (["--puzzle", "two.txt"], "two.txt holds several puzzles"),
    (["--puzzle", "-"], "standard input can be read once only"),
    (["-f", "numbers"], "--input-format is the format of --puzzle FILE"),
])
def test_puzzle_usage_errors(tmp_path, args, message):
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    (tmp_path / "two.txt").write_text(INKALA + "\n" + INKALA + "\n")
    run = command("cnf2sudoku", *args, input="s UNKNOWN\n", cwd=tmp_path)
    assert run.returncode == 2 and message in run.stderr, run.stderr


# ---- --cnf of a CNF without comments --------------------------------------------------

HEX = ("1...5...9...D...2...6...A...E...3...7...B...F...4...8...C...G..."
       "................................................................"
       "................................................................"
       "................................................................")


@pytest.mark.slow
@pytest.mark.parametrize("puzzle,options", [
    (INKALA, ""), (INKALA, "--amo sequential"), (INKALA, "--numbering decimal"),
    (INKALA, "--amo bimander --numbering decimal"), (INKALA, "--encoding minimal"),
    (HEX, "--amo product")])
def test_cnf_written_without_comments_decodes(tmp_path, puzzle, options):
    """``--comments none`` leaves the CNF without its size: the model alone tells N and
    the numbering, and the grid is still checked against the rules."""
    (tmp_path / "p.txt").write_text(puzzle + "\n")
    run = shell("sudoku2cnf --comments none %s p.txt -o p.cnf && ! grep -q '^c' p.cnf && "
                "{ cnfsolve p.cnf > p.out; [ $? -eq 10 ]; } && cnf2sudoku --cnf p.cnf p.out "
                "--format line" % options, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    solution = run.stdout.strip()
    assert len(solution) == len(puzzle)
    assert all(given in ".0" or given == mine for given, mine in zip(puzzle, solution))


@pytest.mark.slow
def test_reduced_cnf_without_comments_is_named(tmp_path):
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf --reduce --comments none p.txt -o p.cnf && cnfsolve p.cnf "
                "> p.out; cnf2sudoku --cnf p.cnf p.out", cwd=tmp_path)
    assert run.returncode == 3 and run.stdout == ""
    assert run.stderr.strip().startswith("cnf2sudoku: p.cnf: no 'c size:' comment")
    assert "--puzzle P --reduce" in run.stderr
    assert no_traceback(run.stderr)


@pytest.mark.parametrize("options", [(), ("--cnf", "p.cnf"), ("--cnf", "bare.cnf"),
                                     ("--puzzle", "p.txt"), ("--size", "9")])
def test_a_model_with_a_cell_left_empty_names_the_cell(options, tmp_path):
    # Every variable 1..729 assigned, but r4c7 (cell 33) has no digit true: the size
    # is known from the variable count (or the CNF, the puzzle, --size), so this is an
    # invalid model naming the cell, not "cannot infer the grid size".
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    assert command("sudoku2cnf", "p.txt", "-o", "p.cnf", cwd=tmp_path).returncode == 0
    assert command("sudoku2cnf", "--comments", "none", "p.txt", "-o", "bare.cnf",
                   cwd=tmp_path).returncode == 0
    cell = 3 * 9 + 6
    literals = [v if INKALA_SOLUTION[(v - 1) // 9] == str((v - 1) % 9 + 1) and
                (v - 1) // 9 != cell else -v for v in range(1, 730)]
    (tmp_path / "m.out").write_text("s SATISFIABLE\nv %s 0\n" % " ".join(map(str, literals)))
    done = command("cnf2sudoku", *options, "m.out", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (6, ""), done.stderr
    assert done.stderr == "cnf2sudoku: m.out:1: the model is not a solution: cell r4c7 " \
                          "has no digit\n"
