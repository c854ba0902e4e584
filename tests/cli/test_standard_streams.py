"""The files and streams every command reads and writes, one rule each, one table of
every command and argument: standard input read by one input only, an output name
ending in ``/`` refused, a read error named as one (the input, the error)."""

import errno
import io

import pytest

from support import SMALL4, in_process

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


@pytest.mark.parametrize("prog, option", [
    ("sudoku2cnf", "--output-dir"),
    # (without python-sat, the cadical program proves: a process)
    pytest.param("sudoku-solve", "--certify", marks=pytest.mark.slow)])
def test_an_output_folder_named_with_a_slash_is_a_folder(tmp_path, prog, option):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n")
    done = in_process(prog, "p.txt", option, "out/", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out").is_dir() and list((tmp_path / "out").iterdir())
    done = in_process(prog, "p.txt", option, "p.txt/", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        8, "%s: cannot write into p.txt/: it is not a folder\n" % prog)


# ---- a read error is named as one: the input and the error ------------------------------

class FailingInput(io.RawIOBase):
    """Standard input that gives ``data``, then fails as a terminal that hung up does
    (EIO), or as a folder does (EISDIR)."""

    def __init__(self, data=b"", code=errno.EIO):
        super().__init__()
        self.data, self.code = data, code

    def readable(self):
        return True

    def readinto(self, buffer):
        if self.data:
            count = min(len(buffer), len(self.data))
            buffer[:count], self.data = self.data[:count], self.data[count:]
            return count
        raise OSError(self.code, __import__("os").strerror(self.code))


# Every command and argument that reads standard input.
READERS = [
    ("sudoku2cnf", []),
    ("sudoku2cnf", ["p.txt", "--exclude", "-"]),
    ("cnf2sudoku", []),
    ("cnf2sudoku", ["r.txt", "--cnf", "-"]),
    ("cnf2sudoku", ["r.txt", "--puzzle", "-"]),
    ("cnfsolve", []),
    ("cnfsolve", ["--solver", "pysat:cadical195"]),
    ("cnfsolve", ["--check-proof", "c.drat", "-"]),
    ("cnfsolve", ["--check-proof", "-", "c.cnf"]),
    ("sudoku-solve", []),
    ("sudoku-grade", []),
    ("sudoku-analyze", []),
]
FILTERS = ("sudoku-solve", "sudoku-grade", "sudoku-analyze")


def _files(folder):
    (folder / "p.txt").write_text(SMALL4 + "\n")
    (folder / "r.txt").write_text("s UNSATISFIABLE\n")
    (folder / "c.cnf").write_text("p cnf 1 2\n1 0\n-1 0\n")
    (folder / "c.drat").write_text("0\n")


@pytest.mark.parametrize("code", [errno.EIO, errno.EISDIR], ids=["EIO", "EISDIR"])
@pytest.mark.parametrize("prog, args", READERS, ids=["%s %s" % (p, " ".join(a))
                                                     for p, a in READERS])
def test_a_read_error_of_standard_input_is_named_as_one(tmp_path, prog, args, code):
    if "pysat:" in " ".join(args):
        pytest.importorskip("pysat")
    _files(tmp_path)
    done = in_process(prog, *args, stdin=FailingInput(code=code), cwd=tmp_path)
    line = "cannot read standard input: %s" % __import__("os").strerror(code)
    assert done.stderr == "%s: %s\n" % (prog, line)
    if prog in FILTERS:         # that input's error line, as for a file not opened
        assert (done.returncode, done.stdout) == (9, "error\t%s\n" % line)
    else:
        assert (done.returncode, done.stdout) == (8, "")


@pytest.mark.parametrize("prog", FILTERS)
def test_a_filter_answers_what_it_read_before_a_read_error(tmp_path, prog):
    _files(tmp_path)
    done = in_process(prog, "-", "p.txt", *[] if prog == "sudoku-grade" else ["-F", "json"],
                      stdin=FailingInput((SMALL4 + "\n").encode()), cwd=tmp_path)
    lines = done.stdout.splitlines()
    assert done.returncode == 9, done.stderr
    assert len(lines) == 3 and "cannot read standard input: Input/output error" in lines[1]
    assert lines[0] == lines[2] and "error" not in lines[0]
    assert done.stderr.endswith("%s: cannot read standard input: Input/output error\n"
                                % prog)


@pytest.mark.parametrize("prog, args", [
    ("sudoku2cnf", ["d"]), ("sudoku2cnf", ["p.txt", "--exclude", "d"]),
    ("cnf2sudoku", ["d"]), ("cnf2sudoku", ["r.txt", "--cnf", "d"]),
    ("cnf2sudoku", ["r.txt", "--puzzle", "d"]), ("cnfsolve", ["d"]),
    ("cnfsolve", ["--check-proof", "d", "c.cnf"]), ("cnfsolve", ["--check-proof",
                                                                  "c.drat", "d"]),
])
def test_a_folder_given_as_an_input_is_named(tmp_path, prog, args):
    _files(tmp_path)
    (tmp_path / "d").mkdir()
    done = in_process(prog, *args, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (8, "")
    assert done.stderr == "%s: cannot read d: Is a directory\n" % prog
