"""Hostile solvers: programs that answer wrong, lie, crash, print garbage or refuse to
die, run by cnfsolve and sudoku-solve, and their output read by cnf2sudoku.

Every case asserts the exit code, exactly one stderr line naming its source, no
traceback, nothing on stdout (or, in batch, only good lines and error lines), no output
file left or clobbered, and no process left behind. The fake solvers are in
tests/fake_solvers/.
"""

import gzip
import os
import shlex
import signal
import subprocess
import sys
import time

import pytest

from conftest import require_pysat, require_solver
from support import BIN, INKALA, INKALA_SOLUTION, ROOT, SMALL4, command, shell

# Real solvers, signals and process groups: system tests.
pytestmark = pytest.mark.slow

FAKES = ROOT / "tests" / "fake_solvers"
PYTHON = sys.executable


def fake(name, *args):
    """The --solver command line of a fake solver (the CNF is appended)."""
    if name.endswith(".sh"):
        return " ".join([shlex.quote(str(FAKES / name)), *args])
    return " ".join([shlex.quote(PYTHON), shlex.quote(str(FAKES / (name + ".py"))), *args])


def relabel(puzzle, shift):
    """The same puzzle with its digits renamed: as hard, another solution."""
    return "".join(c if c == "." else str((int(c) - 1 + shift) % 9 + 1) for c in puzzle)


def failed(done, code, prog, *fragments):
    """The one-line failure every hostile case must give."""
    assert done.returncode == code, (done.returncode, done.stderr)
    assert done.stdout == "", done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert lines[0].startswith(prog + ": ")
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def alive(pid):
    """True while ``pid`` runs (a zombie that nobody reaped counts as gone)."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def survivors(folder, wait=5.0):
    """The pids written to ``folder/*.pid`` that still run after up to ``wait`` s."""
    pids = [int(p.read_text()) for p in folder.glob("*.pid") if p.read_text().strip()]
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        left = [pid for pid in pids if alive(pid)]
        if not left:
            return []
        time.sleep(0.05)
    left = [pid for pid in pids if alive(pid)]
    for pid in left:                # never leave them to the next test
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return left


class Work:
    """A test's folder (``work / name`` is a path in it) and the environment of the
    commands run there."""

    def __init__(self, path, env):
        self.path = path
        self.env = env
        self.started = []           # the commands start() ran, ended after the test

    def __truediv__(self, name):
        return self.path / name

    def __fspath__(self):
        return str(self.path)

    def iterdir(self):
        return self.path.iterdir()


@pytest.fixture
def work(tmp_path):
    """A folder with p.txt (Inkala's puzzle), its CNF p.cnf, a pid folder and a
    private TMPDIR; ``env`` for commands run there."""
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    done = command("sudoku2cnf", tmp_path / "p.txt", "-o", tmp_path / "p.cnf")
    assert done.returncode == 0, done.stderr
    (tmp_path / "pids").mkdir()
    (tmp_path / "tmp").mkdir()
    work = Work(tmp_path, {"FAKE_SOLVER_PIDS": str(tmp_path / "pids"),
                           "FAKE_SOLVER_PYTHON": PYTHON, "TMPDIR": str(tmp_path / "tmp")})
    yield work
    for process in work.started:    # a failed test's command is not left running
        if process.poll() is None:
            process.kill()
            process.communicate()


def run(name, *args, work, input=None, env=None):
    full = dict(work.env)
    full.update(env or {})
    return command(name, *args, input=input, env=full, cwd=work)


def nothing_left(work, *outputs):
    assert not list((work / "tmp").iterdir()), "temporary files left"
    assert survivors(work / "pids") == []
    for name in outputs:
        assert not (work / name).exists()
    assert not [p for p in work.iterdir() if p.name.endswith(".part")]


# -- cnfsolve --solver: every model checked against every clause --------------------------

CNFSOLVE_WRONG = [
    ("all_true", (), "gave a model that violates the clause on line"),
    ("all_false", (), "gave a model that violates the clause on line"),
    ("ignores_givens", (), "gave a model that violates the clause on line"),
    ("contradictory", (), "holds both"),
    ("no_model", (), "answered SATISFIABLE but gave no model"),
    ("garbage", ("text",), "printed no answer (exit code 10)"),
    ("garbage", ("nul",), "NUL byte"),
    ("garbage", ("huge31",), "literal 2147483648 is too large"),
    ("garbage", ("huge63",), "too large"),
    ("garbage", ("longline",), "no model line"),
    ("garbage", ("unknown10",), "exited with code 10 but answered UNKNOWN"),
]


@pytest.mark.parametrize("name, args, fragment", CNFSOLVE_WRONG,
                         ids=["-".join((n,) + a) for n, a, _ in CNFSOLVE_WRONG])
def test_cnfsolve_refuses_a_wrong_answer(name, args, fragment, work):
    (work / "kept.txt").write_text("precious\n")
    done = run("cnfsolve", "--solver", fake(name, *args), "p.cnf", "-o", "out.txt",
               work=work)
    line = failed(done, 7, "cnfsolve", "cnfsolve: solver ", fragment)
    assert name in line
    if "clause on line" in fragment:
        assert " of p.cnf (" in line
    done = run("cnfsolve", "--solver", fake(name, *args), "p.cnf", "-o", "kept.txt",
               work=work)
    assert done.returncode == 7 and (work / "kept.txt").read_text() == "precious\n"
    nothing_left(work, "out.txt")


def test_the_violated_clause_is_named_by_its_line(work):
    """A valid grid that ignores the givens breaks a given's unit clause: the line
    named is that clause's."""
    done = run("cnfsolve", "-s", fake("ignores_givens"), "p.cnf", work=work)
    line = failed(done, 7, "cnfsolve")
    number = int(line.split("violates the clause on line ")[1].split()[0])
    clause = (work / "p.cnf").read_text().splitlines()[number - 1].split()
    assert len(clause) == 2 and clause[1] == "0"           # a unit clause: a given
    assert ("(%s)" % " ".join(clause)) in line


def test_a_solver_that_rewrites_its_cnf_is_checked_against_the_cnf_it_was_given(work):
    """The clause check reads the CNF file again after the run: a solver that rewrote
    it without the givens must not pass it with a grid that ignores them."""
    text = (work / "p.cnf").read_text()
    done = run("cnfsolve", "-s", fake("rewrites_input"), "p.cnf", "-o", "out.txt",
               work=work)
    failed(done, 7, "cnfsolve", "changed the CNF file it was given (p.cnf)")
    done = run("cnfsolve", "-s", fake("rewrites_input"), input=text, work=work)
    failed(done, 7, "cnfsolve", "changed the CNF file it was given (<stdin>)")
    done = shell("sudoku2cnf p.txt | cnfsolve -s %s | cnf2sudoku --puzzle p.txt"
                 % shlex.quote(fake("rewrites_input")), cwd=work, env=work.env)
    assert done.stdout == "" and "changed the CNF file" in done.stderr, done.stderr
    from dimacs_sudoku.tasks import solve_by_cnf
    from dimacs_sudoku.errors import SolverError
    from dimacs_sudoku.formats import parse_puzzle
    with pytest.raises(SolverError, match="changed the CNF file"):
        solve_by_cnf(parse_puzzle(INKALA), solver=fake("rewrites_input"))
    nothing_left(work, "out.txt")


def test_cnfsolve_checks_stdin_and_compressed_cnfs(work):
    text = (work / "p.cnf").read_text()
    done = run("cnfsolve", "-s", fake("all_true"), input=text, work=work)
    failed(done, 7, "cnfsolve", "of <stdin> (")
    with gzip.open(work / "p.cnf.gz", "wt") as out:
        out.write(text)
    done = run("cnfsolve", "-s", fake("ignores_givens"), "p.cnf.gz", work=work)
    failed(done, 7, "cnfsolve", "of p.cnf.gz (")
    nothing_left(work)


def test_a_crashed_solver_is_exit_7(work):
    done = run("cnfsolve", "-s", fake("honest"), "p.cnf", work=work,
               env={"FAKE_SOLVER_COUNTER": str(work / "calls"),
                    "FAKE_SOLVER_CRASH_AFTER": "0"})
    failed(done, 7, "cnfsolve", "killed by SIGSEGV", "out of luck")
    nothing_left(work)


def test_an_honest_solver_passes_and_its_grid_is_right(work):
    done = shell("cnfsolve -s %s p.cnf | cnf2sudoku --puzzle p.txt"
                 % shlex.quote(fake("honest")), cwd=work)
    assert (done.returncode, done.stdout, done.stderr) == (0, INKALA_SOLUTION + "\n", "")


def test_the_plain_pipe_can_never_print_a_grid_that_ignores_a_given(work):
    done = shell("sudoku2cnf p.txt | cnfsolve -s %s | cnf2sudoku"
                 % shlex.quote(fake("ignores_givens")), cwd=work)
    assert done.stdout == "" and done.returncode == 3
    assert "violates the clause on line" in done.stderr


def test_a_bare_solver_in_the_pipe_hides_the_givens_from_cnf2sudoku(work):
    """What the README says: without --puzzle, --cnf or cnfsolve, only the rules are
    checked. With --puzzle the same output is refused."""
    (work / "out.txt").write_text(shell("%s p.cnf" % fake("ignores_givens"),
                                        cwd=work).stdout)
    done = command("cnf2sudoku", "out.txt", cwd=work)
    assert done.returncode == 0 and done.stdout.strip() != INKALA_SOLUTION
    done = command("cnf2sudoku", "--puzzle", "p.txt", "out.txt", cwd=work)
    failed(done, 6, "cnf2sudoku", "out.txt:1: the model is not a solution: cell",
           "but the given is")
    done = command("cnf2sudoku", "--cnf", "p.cnf", "out.txt", cwd=work)
    failed(done, 6, "cnf2sudoku", "out.txt:1:", "but the given is")


# -- the in-process back ends pass the same check ------------------------------------

def test_a_wrong_model_from_the_bundled_solver_never_becomes_a_grid(monkeypatch):
    # The bundled solver's model is not checked against the clauses again (it comes
    # from this process's own copy of them); the grid decoded from it is.
    import pycosat
    from dimacs_sudoku.tasks import solve_by_cnf
    from dimacs_sudoku.errors import InvalidModel
    from dimacs_sudoku.core.grid import Grid
    monkeypatch.setattr(pycosat, "solve", lambda clauses, vars=0: list(range(1, vars + 1)))
    with pytest.raises(InvalidModel, match="holds both"):
        solve_by_cnf(Grid.from_line("1..4" "4..." "...3" "3..1"))


def test_a_wrong_model_from_python_sat_is_refused(work, monkeypatch):
    require_pysat()
    from pysat.solvers import Solver
    from test_cnfsolve import cli
    monkeypatch.setattr(Solver, "get_model", lambda self: [1, 2, 3])
    (work / "f.cnf").write_text("p cnf 3 2\n1 2 0\n-1 -2 0\n")
    code, out, err = cli("--solver", "pysat:g4", work / "f.cnf")
    assert (code, out) == (7, "")
    assert err == ("cnfsolve: python-sat's g4 gave a model that violates the clause on "
                   "line 3 of %s (-1 -2 0)\n" % (work / "f.cnf"))
    code, out, err = cli("--solver", "pysat:g4", input="p cnf 3 2\n1 2 0\n-1 -2 0\n")
    assert code == 7 and "line 3 of <stdin>" in err


@pytest.mark.parametrize("name", ["cryptominisat5", "cms"])
def test_pysat_cryptominisat_without_pycryptosat_is_exit_7(name, work):
    require_pysat()
    import importlib.util
    if importlib.util.find_spec("pycryptosat") is not None:
        pytest.skip("pycryptosat is installed")
    done = run("cnfsolve", "--solver", "pysat:" + name, "p.cnf", "-o", "out.txt",
               work=work)
    failed(done, 7, "cnfsolve", "needs the package pycryptosat", "pip install pycryptosat")
    nothing_left(work, "out.txt")


# -- cnf2sudoku: solver output that is no answer ----------------------------------------

MODEL_9X9 = " ".join(str(v) for v in range(1, 730))
CNF2SUDOKU_BAD = [
    ("all-true", "s SATISFIABLE\nv %s 0\n" % MODEL_9X9, ("--size", "9"), 6,
     "out.txt:1: the model is not a solution: cell r1c1 holds both"),
    # 729 variables tell a 9x9 grid: a model with no digit true names the first cell.
    ("all-false", "s SATISFIABLE\nv %s 0\n" % " ".join(str(-v) for v in range(1, 730)),
     (), 6, "out.txt:1: the model is not a solution: cell r1c1 has no digit"),
    ("all-false-unsized", "s SATISFIABLE\nv %s 0\n" % " ".join(str(-v) for v in range(1, 731)),
     (), 3, "out.txt:1: cannot infer the grid size"),
    ("all-false-sized", "s SATISFIABLE\nv -1 -2 0\n", ("--size", "9"), 6,
     "out.txt:1: the model is not a solution: cell r1c1 has no digit"),
    ("both-signs", "s SATISFIABLE\nv 1 2 -2 0\n", (), 3,
     "out.txt:2: the model holds both 2 and -2"),
    ("no-model", "s SATISFIABLE\n", (), 3,
     "out.txt:1: the solver answered SATISFIABLE but gave no model"),
    ("nul", "s SATISFIABLE\nv 1\0 0\n", (), 3, "out.txt:2: a NUL byte"),
    ("huge31", "s SATISFIABLE\nv 1 2147483648 0\n", (), 3, "out.txt:2: literal 2147483648"),
    ("huge63", "s SATISFIABLE\nv 9223372036854775807 0\n", (), 3, "out.txt:2: literal"),
    ("garbage", "Segmentation fault\nhello world\n", (), 3, "out.txt: no result"),
    ("unsat", "c x\ns UNSATISFIABLE\n", (), 4, "out.txt:2: no solution"),
    ("unknown", "s UNKNOWN\n", (), 5, "out.txt:1: no answer"),
    ("empty", "", (), 3, "out.txt: no result"),
]


@pytest.mark.parametrize("name, text, args, code, fragment", CNF2SUDOKU_BAD,
                         ids=[case[0] for case in CNF2SUDOKU_BAD])
def test_cnf2sudoku_refuses_bad_solver_output(name, text, args, code, fragment, work):
    (work / "out.txt").write_bytes(text.encode())
    (work / "kept.txt").write_text("precious\n")
    done = run("cnf2sudoku", *args, "out.txt", "-o", "grid.txt", work=work)
    failed(done, code, "cnf2sudoku", fragment)
    done = run("cnf2sudoku", *args, "out.txt", "-o", "kept.txt", work=work)
    assert done.returncode == code and (work / "kept.txt").read_text() == "precious\n"
    nothing_left(work, "grid.txt")


def test_dev_zero_as_solver_output_fails_at_once(work):
    """Endless NUL bytes: exit 3 on the first piece, in bounded memory (the address
    space is limited to 1 GB, so a reader that kept it all would die)."""
    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    done = subprocess.run([PYTHON, str(BIN / "cnf2sudoku"), "/dev/zero"],
                          capture_output=True, text=True, timeout=60, preexec_fn=limit)
    failed(done, 3, "cnf2sudoku", "/dev/zero:1: a NUL byte")


def test_an_endless_line_without_newline_fails_in_bounded_memory(work):
    done = shell("{ echo 's SATISFIABLE'; yes c | tr -d '\\n'; } | "
                 "cnf2sudoku", cwd=work)
    failed(done, 3, "cnf2sudoku", "<stdin>:2: ", "bytes with no blank or line end")


def test_a_huge_size_comment_is_refused_before_anything_is_allocated(work):
    (work / "big.cnf").write_text("c size: 100000\np cnf 1 1\n1 0\n")
    (work / "out.txt").write_text("s SATISFIABLE\nv 1 0\n")
    done = run("cnf2sudoku", "--cnf", "big.cnf", "out.txt", work=work)
    failed(done, 3, "cnf2sudoku", "big.cnf: the CNF's header comments name no valid size",
           "400")


@pytest.mark.parametrize("comment, fragment", [
    ("c varmap: 1 x 3", "'varmap:' comment holds something that is not a variable"),
    ("c fixed: 1 2.5", "'fixed:' comment holds something that is not a variable"),
    ("c puzzle-row: 1 x 0 0", "'puzzle-row:' comment holds something that is not a digit"),
])
def test_a_bad_number_comment_is_bad_input(comment, fragment, work):
    (work / "r.cnf").write_text("c size: 4\n%s\np cnf 1 1\n1 0\n" % comment)
    (work / "out.txt").write_text("s SATISFIABLE\nv 1 0\n")
    done = run("cnf2sudoku", "--cnf", "r.cnf", "out.txt", work=work)
    failed(done, 3, "cnf2sudoku", "r.cnf: the CNF's " + fragment)


def test_solver_layouts_that_work(work):
    """clasp prints its v lines before the status line; z3 ends its model without 0."""
    for layout in ("v %s 0\ns SATISFIABLE\n", "s SATISFIABLE\nv %s \n"):
        model = shell("%s p.cnf" % fake("honest"), cwd=work).stdout.split("\n")[1][2:-2]
        done = command("cnf2sudoku", "--cnf", "p.cnf", input=layout % model, cwd=work)
        assert (done.returncode, done.stdout) == (0, INKALA_SOLUTION + "\n"), done.stderr


# -- sudoku-solve --solver: every grid and every count verified --------------------------

SOLVE_WRONG = [
    ("all_true", (), "model"),
    ("all_false", (), "model"),
    ("contradictory", (), "holds both"),
    ("garbage", ("nul",), "NUL byte"),
    ("garbage", ("huge31",), "too large"),
    ("no_model", (), "gave no model"),
    ("garbage", ("text",), "printed no answer"),
    ("garbage", ("unknown10",), "answered UNKNOWN"),
]


@pytest.mark.parametrize("name, args, fragment", SOLVE_WRONG,
                         ids=["-".join((n,) + a) for n, a, _ in SOLVE_WRONG])
def test_sudoku_solve_never_prints_a_wrong_grid(name, args, fragment, work):
    done = run("sudoku-solve", "--solver", fake(name, *args), "p.txt", work=work)
    assert done.returncode == 9, done.stderr
    assert done.stdout.startswith("error\tp.txt:1: ") and fragment in done.stdout
    assert done.stdout.count("\n") == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sudoku-solve: p.txt:1: ")
    assert "Traceback" not in done.stderr
    nothing_left(work)


def test_a_count_counts_distinct_verified_grids(work):
    """A solver that ignores the blocking clause repeats its model: --count 5 must not
    print 5 for a puzzle with one solution."""
    done = run("sudoku-solve", "--solver", fake("repeats_model"), "--count", "5", "p.txt",
               work=work)
    assert done.returncode == 9
    assert done.stdout.startswith("error\tp.txt:1: ") and "same solution twice" in done.stdout
    assert "\t5" not in done.stdout
    done = run("sudoku-solve", "--solver", fake("honest"), "--count", "5", "p.txt",
               work=work)
    assert (done.returncode, done.stdout) == (0, INKALA_SOLUTION + "\t1\n")


def test_a_solver_crashing_mid_batch_turns_the_rest_into_error_lines(work):
    """The decided behaviour: one line per puzzle, in order; the puzzles solved before
    the crash keep their (checked) lines, each later one gets its error line, and the
    exit code is 9."""
    puzzles = [relabel(INKALA, k) for k in range(4)]
    (work / "four.txt").write_text("\n".join(puzzles) + "\n")
    done = run("sudoku-solve", "--solver", fake("honest"), "four.txt", work=work,
               env={"FAKE_SOLVER_COUNTER": str(work / "calls"),
                    "FAKE_SOLVER_CRASH_AFTER": "2"})
    assert done.returncode == 9
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    assert lines[:2] == [relabel(INKALA_SOLUTION, k) for k in range(2)]
    for number, line in enumerate(lines[2:], 3):
        assert line.startswith("error\tfour.txt:%d: solver " % number)
        assert "killed by SIGSEGV" in line
    assert len(done.stderr.splitlines()) == 2 and "Traceback" not in done.stderr
    nothing_left(work)


def test_sudoku_solve_with_an_honest_fake_agrees_with_the_engines(work):
    puzzles = [relabel(INKALA, k) for k in range(3)] + [SMALL4]
    (work / "mixed.txt").write_text("\n".join(puzzles) + "\n")
    ours = run("sudoku-solve", "--count", "2", "mixed.txt", work=work)
    theirs = run("sudoku-solve", "--count", "2", "--solver", fake("honest"), "mixed.txt",
                 work=work)
    assert ours.returncode == theirs.returncode == 0
    assert ours.stdout == theirs.stdout


def test_the_engines_wrong_models_are_refused_too(monkeypatch):
    """The in-process engines pass the same grid check: a wrong model from one (here
    a broken pycosat engine) is an InvalidModel naming the puzzle's line."""
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.errors import InvalidModel
    from dimacs_sudoku.formats import parse_puzzle
    grid = parse_puzzle(INKALA, source="p.txt", line=7)

    def everything_true(problem, count):
        return [list(range(1, problem.num_vars + 1))]
    monkeypatch.setattr(solving, "_pycosat_models", everything_true)
    with pytest.raises(InvalidModel) as caught:
        solving.solve_cells(grid, 1, engine="pycosat")
    assert caught.value.describe().startswith("p.txt:7: the solver's model is not a "
                                              "solution")


def test_a_propagated_grid_is_verified_too(monkeypatch):
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.errors import InvalidModel
    from dimacs_sudoku.formats import parse_puzzle
    grid = parse_puzzle(SMALL4, source="p.txt", line=2)
    real = solving.reducer_for(grid.layout)

    class Broken:
        size = real.size

        def reduce(self, cells, grid=None, bound=None):
            reduced = real.reduce(cells, grid, bound)
            reduced.filled = [1] * 16           # "solved" by propagation, wrongly
            reduced.num_vars = 0
            return reduced
    monkeypatch.setattr(solving, "reducer_for", lambda layout: Broken())
    with pytest.raises(InvalidModel, match="p.txt:2: the solver's model is not a solution"):
        solving.solve_cells(grid, 1)
    with pytest.raises(InvalidModel):
        list(solving.solve_many([grid]))


def test_library_solve_checks_external_models(work):
    from dimacs_sudoku.tasks import solve_by_cnf
    from dimacs_sudoku.errors import SolverError
    from dimacs_sudoku.formats import parse_puzzle
    with pytest.raises(SolverError, match="violates the clause"):
        solve_by_cnf(parse_puzzle(INKALA), solver=fake("all_true"))


# -- solver processes: nothing survives ---------------------------------------------------

def default_sigint():
    """SIGINT not ignored in the command, as it is when the suite runs as a background
    job (where Python would not make it KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(work, *args, solver="stubborn.sh", prog="cnfsolve"):
    env = dict(os.environ, **work.env)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    process = subprocess.Popen([PYTHON, str(BIN / prog), "--solver", fake(solver), *args],
                               cwd=work, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=default_sigint)
    work.started.append(process)
    deadline = time.monotonic() + 60
    while len(list((work / "pids").glob("*.pid"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.1)
    return process


# The stubborn solvers: a child in the solver's group, or one that left it (setsid).
STUBBORN = ["stubborn.sh", "stubborn_escapee.sh"]


def needs_setsid(solver):
    """The escapees start their child through setsid (util-linux): skipped without it,
    failed in CI."""
    if "escapee" in solver:
        require_solver("setsid")


@pytest.mark.parametrize("number, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129),
                                          (signal.SIGINT, 130)])
@pytest.mark.parametrize("solver", STUBBORN)
def test_a_signal_ends_the_solver_and_its_children(number, code, solver, work):
    needs_setsid(solver)
    process = start(work, "p.cnf", "-o", "out.txt", solver=solver)
    process.send_signal(number)
    out, err = process.communicate(timeout=60)
    assert process.returncode == code, err
    assert out == "" and "Traceback" not in err and len(err.splitlines()) <= 1
    nothing_left(work, "out.txt")


def state(pid):
    """The one-letter state of ``pid`` (T: stopped), from Linux /proc."""
    with open("/proc/%d/stat" % pid) as stat:
        return stat.read().rsplit(")", 1)[1].split()[0]


def wait_for_states(pids, wanted):
    """Wait (60 s at most) until every one of ``pids`` is (``wanted`` True) or is not
    stopped."""
    deadline = time.monotonic() + 60
    while any((state(pid) in "tT") != wanted for pid in pids):
        assert time.monotonic() < deadline, [state(pid) for pid in pids]
        time.sleep(0.02)


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux /proc")
def test_ctrl_z_stops_the_solver_too_and_sigcont_continues_it(work):
    """The solver runs in a process group of its own, which the terminal's Ctrl-Z does
    not reach: cnfsolve stops it before it stops itself, and continues it after."""
    process = start(work, "p.cnf", "-o", "out.txt")
    solvers = [int(p.read_text()) for p in (work / "pids").glob("*.pid")]
    process.send_signal(signal.SIGTSTP)
    wait_for_states(solvers + [process.pid], True)
    process.send_signal(signal.SIGCONT)
    wait_for_states(solvers + [process.pid], False)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143 and out == "" and err == "", err
    nothing_left(work, "out.txt")


@pytest.mark.parametrize("solver", STUBBORN)
def test_a_timeout_ends_the_solver_and_its_children(solver, work):
    needs_setsid(solver)
    done = run("cnfsolve", "--solver", fake(solver), "--timeout", "1", "p.cnf",
               work=work)
    assert done.returncode == 0 and done.stdout.startswith("s UNKNOWN\n")
    assert done.stderr == ""
    assert len(list((work / "pids").glob("*.pid"))) == 2
    nothing_left(work)


@pytest.mark.parametrize("solver", ["orphan.sh", "escapee.sh"])
def test_a_child_the_solver_leaves_behind_is_ended(solver, work):
    needs_setsid(solver)
    done = run("cnfsolve", "-q", "--solver", fake(solver), "p.cnf", work=work)
    assert done.returncode == 10, done.stderr
    assert (work / "pids" / "child.pid").exists()
    nothing_left(work)


def test_the_token_scan_reads_every_process_when_ids_may_have_wrapped():
    """After a short run, only ids from the leader's up are read for its token; all of
    them after a long run, or when the system's last id is below the leader's."""
    from types import SimpleNamespace
    from dimacs_sudoku.sat.external import _lowest_id_since
    if not os.path.exists("/proc/loadavg"):
        pytest.skip("no /proc/loadavg here")
    leader = subprocess.Popen(["sleep", "10"])
    try:
        run = SimpleNamespace(pid=leader.pid, run_started=time.monotonic())
        assert _lowest_id_since(run) == leader.pid
        run.run_started -= 2
        assert _lowest_id_since(run) == 0
    finally:
        leader.kill()
        leader.wait()
    beyond = SimpleNamespace(pid=1 << 40, run_started=time.monotonic())
    assert _lowest_id_since(beyond) == 0


@pytest.mark.parametrize("solver", STUBBORN)
def test_sigkill_of_the_command_ends_the_solver_group_too(solver, work):
    """No handler runs on SIGKILL: the watchdog sees the command's end and kills the
    groups it still holds, and the processes that carry their run tokens."""
    needs_setsid(solver)
    process = start(work, "p.cnf", "-o", "out.txt", solver=solver)
    process.kill()
    process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    assert survivors(work / "pids") == []
    assert not (work / "out.txt").exists()


def test_no_watchdog_outlives_a_command_that_ran_a_solver(work):
    done = run("cnfsolve", "-q", "--solver", fake("orphan.sh"), "p.cnf", work=work)
    assert done.returncode == 10, done.stderr
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", "while read -r op group"], capture_output=True,
                          text=True).stdout.split()
    mine = [pid for pid in left if work.env["TMPDIR"].encode() in environ(pid)]
    assert mine == []


def environ(pid):
    """The environment of process ``pid`` as bytes; empty once it is gone (another
    command's watchdog, found by pgrep, may end before it is read)."""
    try:
        with open("/proc/%s/environ" % pid, "rb") as source:
            return source.read()
    except OSError:
        return b""


def test_a_solver_that_floods_its_output_is_stopped_at_a_bound(work):
    """``cat /dev/zero`` writes forever; the kernel stops it at the bound (64 MiB plus
    12 bytes a variable) and the command says so, with nothing left behind."""
    done = run("cnfsolve", "--solver", "cat /dev/zero", "p.cnf", "-o", "out.txt",
               work=work)
    failed(done, 7, "cnfsolve", "solver 'cat /dev/zero' wrote more than 64 MiB")
    nothing_left(work, "out.txt")
    done = run("sudoku-solve", "--solver", "cat /dev/zero", "p.txt", work=work)
    why = ("p.txt:1: solver 'cat /dev/zero' wrote more than 64 MiB, the most its "
           "answer can take for this CNF\n")
    assert done.returncode == 9
    assert (done.stdout, done.stderr) == ("error\t" + why, "sudoku-solve: " + why)
    nothing_left(work)


@pytest.mark.parametrize("solver", STUBBORN)
def test_sigterm_during_sudoku_solve_ends_the_solver_group(solver, work):
    needs_setsid(solver)
    process = start(work, "p.txt", "-o", "out.txt", prog="sudoku-solve", solver=solver)
    process.terminate()
    out, err = process.communicate(timeout=60)
    assert process.returncode == 143 and out == "" and "Traceback" not in err
    nothing_left(work, "out.txt")


# -- the real solvers of Debian, in the pipe and through cnfsolve ------------------------

PIPES = {
    "clasp": "clasp",
    "z3": "z3 -dimacs -in",
    "sat4j": None,          # the jar: `sat4j` where the system runs jars, else java -jar
}


def sat4j_command():
    path = require_solver("sat4j")
    try:
        if subprocess.run([path, "/dev/null"], capture_output=True).returncode != 2:
            return "sat4j /dev/stdin"
    except OSError:                 # Exec format error: no binfmt for jars here
        pass
    return "java -jar %s /dev/stdin" % path


@pytest.mark.parametrize("solver", sorted(PIPES))
def test_debian_solvers_in_the_pipe(solver, work):
    require_solver(solver)
    pipe = PIPES[solver] or sat4j_command()
    done = shell("sudoku2cnf p.txt | { %s; true; } | cnf2sudoku --puzzle p.txt" % pipe,
                 cwd=work)
    assert (done.returncode, done.stdout) == (0, INKALA_SOLUTION + "\n"), done.stderr


@pytest.mark.parametrize("solver", sorted(PIPES))
def test_debian_solvers_through_cnfsolve(solver, work):
    require_solver(solver)
    done = shell("sudoku2cnf p.txt | cnfsolve --solver %s | cnf2sudoku" % solver,
                 cwd=work)
    assert (done.returncode, done.stdout) == (0, INKALA_SOLUTION + "\n"), done.stderr
    done = run("cnfsolve", "-q", "--solver", solver, work=work, input="p cnf 0 0\n")
    assert (done.returncode, done.stdout) == (10, "s SATISFIABLE\nv 0\n"), done.stderr
    (work / "u.cnf").write_text("p cnf 1 2\n1 0\n-1 0\n")
    done = run("cnfsolve", "-q", "--solver", solver, "u.cnf", work=work)
    assert (done.returncode, done.stdout) == (20, "s UNSATISFIABLE\n"), done.stderr


def test_z3_answers_a_broken_cnf_with_a_model_that_is_refused(work):
    """z3 -dimacs prints an error and then 's SATISFIABLE' for a CNF it cannot read."""
    require_solver("z3")
    (work / "bad.cnf").write_text("p cnf 3 2\n1 2 x 0\n-1 0\n")
    done = run("cnfsolve", "--solver", "z3", "bad.cnf", work=work)
    failed(done, 3, "cnfsolve", "bad.cnf:2: 'x' is not an integer literal")
    (work / "sat.cnf").write_text("p cnf 2 2\n1 2 0\n-1 -2 0\n")
    done = run("cnfsolve", "--solver", "z3", "sat.cnf", work=work)
    assert done.returncode == 10, done.stderr


# -- the checker itself ------------------------------------------------------------------

def checked(cnf_text, literals, tmp_path):
    """check_cnf_file on a CNF text and a model; the error message or None."""
    from dimacs_sudoku.errors import SudokuError
    from dimacs_sudoku.dimacs.output import Result
    from dimacs_sudoku.dimacs.check import check_cnf_file
    path = tmp_path / "f.cnf"
    path.write_text(cnf_text)
    try:
        check_cnf_file(Result.from_literals(literals), str(path), "solver 'x'", "f.cnf")
    except SudokuError as error:
        return error.describe()
    return None


@pytest.mark.parametrize("cnf, model, expected", [
    ("p cnf 3 2\n1 2 0\n-1 -3 0\n", [1, -2, -3], None),
    ("p cnf 3 2\n1 2 0\n-1 -3 0\n", [1, -2, 3], "violates the clause on line 3 of f.cnf "
                                                "(-1 -3 0)"),
    ("c a\np cnf 3 2\nc b\n1\n2 0\nc c\n-1 -3 0\n", [-1, -2, 3], "line 4 of f.cnf (1 2 0)"),
    ("p cnf 3 2\n1 2 0 -1\n-3 0\n", [1, -2, 3], "line 2 of f.cnf (-1 -3 0)"),
    ("p cnf 2 2\n1 0\n%\n0\n-1 0\n", [1, 2], None),                  # SATLIB's end
    ("p cnf 2 2\n1 0\n-2\n", [1, 2], "line 3 of f.cnf (-2 0)"),        # no final 0
    ("p cnf 2 2\n1 0\n0\n", [1, 2], "line 3 of f.cnf ( 0)"),           # the empty clause
    ("p cnf 2 1\n1 5 0\n", [-1, -2], "line 2 of f.cnf (1 5 0)"),       # 5: beyond, false
    ("p cnf 2 1\n-5 0\n", [-1, -2], None),
    ("p cnf 2 1\n1 9223372036854775807 0\n", [-1], "(1 9223372036854775807 0)"),
    ("p cnf 2 1\n-2147483648 0\n", [-1], None),                    # nothing allocated
    ("p cnf 2147483647 1\n2147483647 0\n", [2147483647], None),     # a set, no table
    ("p cnf 2147483647 1\n2147483647 0\n", [-5], "(2147483647 0)"),
    ("p cnf 2 1\n1 x 0\n", [1], "f.cnf:2: 'x' is not an integer literal"),
])
def test_the_clause_check(cnf, model, expected, tmp_path):
    found = checked(cnf, model, tmp_path)
    assert found == expected or (expected and found and expected in found), found


def test_the_clause_check_reads_large_files_in_pieces(tmp_path, monkeypatch):
    from dimacs_sudoku.dimacs import cnf as dimacs
    monkeypatch.setattr(dimacs, "CHUNK_SIZE", 7)
    clauses = "".join("%d %d 0\n" % (v, -(v + 1)) for v in range(1, 400))
    cnf = "p cnf 400 400\n" + clauses + "-400 -1 0\n"
    assert checked(cnf, list(range(1, 401)), tmp_path).endswith(
        "line 401 of f.cnf (-400 -1 0)")
    assert checked(cnf, [-1] + list(range(2, 401)), tmp_path).endswith(
        "line 2 of f.cnf (1 -2 0)")
    assert checked(cnf, [-v for v in range(1, 401)], tmp_path) is None
    # A comment cut into pieces holds numbers that are no clause.
    cnf = "p cnf 400 400\nc 1 2 3 " + "7 " * 40 + "\n" + clauses + "-400 -1 0\n"
    assert checked(cnf, [-1] + list(range(2, 401)), tmp_path).endswith(
        "line 3 of f.cnf (1 -2 0)")


def test_a_grid_check_for_every_shape():
    from dimacs_sudoku.core.layout import Layout
    from dimacs_sudoku.core.check import GridCheck
    from support import pattern_solution
    import random
    rng = random.Random(5)
    for size, box in [(4, (2, 2)), (6, (2, 3)), (6, (3, 2)), (9, (3, 3)), (16, (4, 4)),
                      (25, (5, 5))]:
        check = GridCheck(Layout(size, box))
        cells = pattern_solution(size, box, rng)
        givens = [d if rng.random() < 0.3 else 0 for d in cells]
        assert check.ok(cells) and check.ok(cells, givens)
        for _ in range(20):
            wrong = list(cells)
            k = rng.randrange(size * size)
            wrong[k] = rng.choice([0, size + 1, size + 5, wrong[k] % size + 1])
            assert not check.ok(wrong), (size, k, wrong[k])
        other = list(givens)
        k = next(i for i, d in enumerate(givens) if d)
        other[k] = givens[k] % size + 1
        assert not check.ok(cells, other)


def test_a_grid_check_with_extra_units():
    """A diagonal unit: the plain solution breaks it unless it holds."""
    from dimacs_sudoku.core.layout import Layout
    from dimacs_sudoku.core.check import GridCheck
    diagonal = ("diagonal", [0, 5, 10, 15])
    plain = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    assert GridCheck(Layout(4)).ok(plain)
    assert not GridCheck(Layout(4, extra_units=[diagonal])).ok(plain)    # 1 4 4 1
    good = [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3]
    assert GridCheck(Layout(4, extra_units=[diagonal])).ok(good)


def test_a_contradiction_among_huge_variables():
    import io
    from dimacs_sudoku.errors import ModelError
    from dimacs_sudoku.dimacs.output import read_result
    with pytest.raises(ModelError, match="holds both 1000000000 and -1000000000"):
        read_result(io.StringIO("s SATISFIABLE\nv 7 1000000000 -1000000000 0\n"))


def test_sudoku_gen_checks_the_solution_of_each_puzzle():
    from dimacs_sudoku.cli.sudoku_gen import format_puzzle
    from dimacs_sudoku.errors import InvalidModel
    from dimacs_sudoku.tasks.generate import Generated
    from dimacs_sudoku.formats import parse_puzzle
    puzzle = parse_puzzle(SMALL4)
    good = parse_puzzle("1234431221433421")
    made = Generated(puzzle, good, True, None, 1, 0)
    assert format_puzzle(made, "line") == SMALL4 + "\n"
    wrong = parse_puzzle("1234341221434321")
    with pytest.raises(InvalidModel, match="the generated solution is not a solution"):
        format_puzzle(Generated(puzzle, wrong, True, None, 1, 0), "line")


def test_an_enumeration_through_cnfsolve_checks_every_model(work):
    """picosat --all style output: each model is checked, the bad second one refused."""
    (work / "f.cnf").write_text("p cnf 2 1\n1 2 0\n")
    script = ("printf 's SATISFIABLE\\nv 1 -2 0\\ns SATISFIABLE\\nv -1 -2 0\\n"
              "s SOLUTIONS 2\\n'")
    done = run("cnfsolve", "--solver", "sh -c %s {}" % shlex.quote(script), "f.cnf",
               work=work)
    failed(done, 7, "cnfsolve", "violates the clause on line 2 of f.cnf (1 2 0)")
