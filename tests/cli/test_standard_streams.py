"""The files and streams every command reads and writes, one rule each, one table of
every command and argument: standard input read by one input only, an output name
ending in ``/`` refused, a read error named as one (the input, the error)."""

import errno
import io

import pytest

from support import INKALA, SMALL4, in_process

CNF = "p cnf 2 2\n1 0\n-2 0\n"


# ---- standard input can be read once only ---------------------------------------------

# Every command and pair of arguments that could both be standard input: - (or nothing
# for the positional input) and a name of descriptor 0 count alike.
STDIN_TWICE = [
    ("cnf2sudoku", ["--cnf", "-"], "the solver output and --cnf -"),
    ("cnf2sudoku", ["--cnf", "-", "-"], "the solver output - and --cnf -"),
    ("cnf2sudoku", ["--cnf", "/dev/stdin"], "the solver output and --cnf /dev/stdin"),
    ("cnf2sudoku", ["--puzzle", "-"], "the solver output and --puzzle -"),
    ("cnf2sudoku", ["--puzzle", "/dev/fd/0", "-"], "the solver output - and --puzzle "
                                                   "/dev/fd/0"),
    ("sudoku2cnf", ["--exclude", "-"], "the puzzle and --exclude -"),
    ("sudoku2cnf", ["-", "--exclude", "/dev/stdin"], "the puzzle - and --exclude "
                                                     "/dev/stdin"),
    ("cnfsolve", ["--check-proof", "-"], "the CNF and --check-proof -"),
    ("cnfsolve", ["--check-proof", "-", "-"], "the CNF - and --check-proof -"),
    ("sudoku-solve", ["-", "-"], "the input - and the input -"),
    ("sudoku-solve", ["p.txt", "-", "/dev/stdin"], "the input - and the input /dev/stdin"),
    ("sudoku-grade", ["-", "-"], "the input - and the input -"),
    ("sudoku-analyze", ["/dev/stdin", "-"], "the input /dev/stdin and the input -"),
]


@pytest.mark.parametrize("prog, args, names", STDIN_TWICE,
                         ids=["%s %s" % (p, " ".join(a)) for p, a, _ in STDIN_TWICE])
def test_standard_input_named_twice_is_a_usage_error(tmp_path, prog, args, names):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n")
    done = in_process(prog, *args, input=CNF, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("%s: standard input can be read once only, and both %s would "
                           "read it: give one of them as a file\n" % (prog, names))
    assert done.stdout == ""


@pytest.mark.parametrize("prog, args", [
    ("cnf2sudoku", ["--cnf", "p.cnf", "-"]),
    ("sudoku2cnf", ["-", "--exclude", "p.txt"]),
    ("sudoku-solve", ["p.txt", "-", "p.txt"]),
])
def test_standard_input_named_once_beside_files_is_read(tmp_path, prog, args):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n")
    (tmp_path / "p.cnf").write_text(CNF)
    done = in_process(prog, *args, input="s UNSATISFIABLE\n" if prog == "cnf2sudoku"
                      else SMALL4 + "\n", cwd=tmp_path)
    assert "standard input can be read once only" not in done.stderr
