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


# ---- an output name ending in / names a folder ------------------------------------------

# Every command's output files: -o, and cnfsolve's --proof.
OUTPUTS = [
    ("sudoku2cnf", ["p.txt"], "-o"),
    ("cnf2sudoku", ["r.txt"], "-o"),
    ("cnfsolve", ["c.cnf"], "-o"),
    ("cnfsolve", ["c.cnf"], "--proof"),
    ("cnfsolve", ["--check-proof", "c.drat", "c.cnf"], "-o"),
    ("sudoku-solve", ["p.txt"], "-o"),
    ("sudoku-gen", ["-n", "4", "--seed", "1"], "-o"),
    ("sudoku-grade", ["p.txt"], "-o"),
    ("sudoku-analyze", ["p.txt"], "-o"),
]
# A name whose last part is empty, . or .. is a folder's: written as a file, it would
# make or replace the file that the name without the slash stands for.
FOLDER_NAMES = [("out/", "Not a directory"), ("out/.", "Not a directory"),
                ("p.txt/", "Not a directory"), ("d/", "Is a directory"),
                ("d/.", "Is a directory"), ("d/sub/..", "Is a directory")]


@pytest.mark.parametrize("name, reason", FOLDER_NAMES)
@pytest.mark.parametrize("prog, args, option", OUTPUTS,
                         ids=["%s %s %s" % (p, " ".join(a), o) for p, a, o in OUTPUTS])
def test_an_output_name_ending_in_a_slash_is_refused(tmp_path, prog, args, option, name,
                                                     reason):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n")
    (tmp_path / "r.txt").write_text("s UNSATISFIABLE\n")
    (tmp_path / "c.cnf").write_text("p cnf 1 2\n1 0\n-1 0\n")
    (tmp_path / "c.drat").write_text("0\n")
    (tmp_path / "d" / "sub").mkdir(parents=True)
    before = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    done = in_process(prog, *args, option, name, cwd=tmp_path)
    assert (done.returncode, done.stderr) == (8, "%s: cannot write %s: %s\n"
                                              % (prog, name, reason))
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == before
    assert (tmp_path / "p.txt").read_text() == SMALL4 + "\n"


@pytest.mark.parametrize("prog, option", [("sudoku2cnf", "--output-dir"),
                                          ("sudoku-solve", "--certify")])
def test_an_output_folder_named_with_a_slash_is_a_folder(tmp_path, prog, option):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n")
    done = in_process(prog, "p.txt", option, "out/", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out").is_dir() and list((tmp_path / "out").iterdir())
    done = in_process(prog, "p.txt", option, "p.txt/", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        8, "%s: cannot write into p.txt/: it is not a folder\n" % prog)
