"""cnfsolve and the solver runners: the bundled and the real external solvers, time-outs,
every way a solver can fail, and no temporary file or process left behind."""

import gzip
import io
import os
import random
import shlex
import signal
import subprocess
import sys
import threading
import time

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from conftest import require_pysat, require_solver
from dimacs_sudoku.dimacs import cnf as dimacs
from dimacs_sudoku.dimacs import output as model
from dimacs_sudoku import sat
from dimacs_sudoku.cli import cnfsolve
from dimacs_sudoku.dimacs.cnf import write_dimacs
from dimacs_sudoku.errors import (EXIT_BAD_INPUT, EXIT_IO, EXIT_SOLVER_FAILED, EXIT_USAGE,
                                  SolverError)
from dimacs_sudoku.dimacs.output import read_result
from dimacs_sudoku.sat import SOLVERS, run_solver, run_solver_to, solve_clauses
from dimacs_sudoku.dimacs.competition import write_result
from support import INKALA, INKALA_SOLUTION, ROOT, command, shell
from test_model import formats

EXTERNAL = ["picosat", "minisat", "cadical", "cryptominisat5"]


def cli(*args, input=None):
    """Run cnfsolve's main() in this process: (exit code, stdout, stderr)."""
    saved_argv, saved_pipe = sys.argv, signal.getsignal(signal.SIGPIPE)
    with CliRunner().isolation(input=input) as (out, err, _):
        sys.argv = ["cnfsolve", *map(str, args)]
        try:
            code = cnfsolve.main()
        finally:
            sys.argv = saved_argv
            signal.signal(signal.SIGPIPE, saved_pipe)
        return code, out.getvalue().decode(), err.getvalue().decode()


def pigeonhole(pigeons, holes):
    """PHP(pigeons, holes): satisfiable iff pigeons <= holes; hard for resolution."""
    var = lambda p, h: p * holes + h + 1       # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    clauses += [[-var(a, h), -var(b, h)] for h in range(holes)
                for a in range(pigeons) for b in range(a + 1, pigeons)]
    return clauses, pigeons * holes


def dimacs_text(clauses, num_vars):
    out = io.StringIO()
    write_dimacs(clauses, num_vars, out)
    return out.getvalue()


SAT = pigeonhole(4, 4)
UNSAT = pigeonhole(5, 4)
HARD = pigeonhole(11, 10)


@pytest.fixture
def cnf_files(tmp_path):
    files = {}
    for name, (clauses, n) in {"sat": SAT, "unsat": UNSAT, "hard": HARD}.items():
        files[name] = tmp_path / (name + ".cnf")
        files[name].write_text(dimacs_text(clauses, n))
    return files


def satisfies(clauses, result):
    true = set(result.positives)
    return all(any((lit > 0) == (abs(lit) in true) for lit in clause) for clause in clauses)


def check_answer(stdout, expected, formula=SAT):
    result = read_result(io.StringIO(stdout))
    assert result.status == expected
    if expected == "SAT":
        assert satisfies(formula[0], result)
    return result


# -- the bundled solver ------------------------------------------------------------------

def test_bundled_solver_sat_and_unsat(cnf_files):
    code, out, err = cli(cnf_files["sat"])
    assert (code, err) == (10, "")
    lines = out.splitlines()
    assert lines[0] == "s SATISFIABLE" and lines[-1].startswith("c cnfsolve: bundled")
    check_answer(out, "SAT")
    # The full model: each variable once, lines of at most 78 characters, final 0.
    literals = [int(t) for line in lines if line.startswith("v ") for t in line.split()[1:]]
    assert literals[-1] == 0 and sorted(map(abs, literals[:-1])) == list(range(1, 17))
    assert max(len(line) for line in lines if line.startswith("v")) <= 78
    code, out, err = cli("-q", cnf_files["unsat"])
    assert (code, out, err) == (20, "s UNSATISFIABLE\n", "")


def test_stdin_dash_gz_and_output_file(cnf_files, tmp_path):
    text = cnf_files["sat"].read_text()
    for args in [(), ("-",)]:
        code, out, _ = cli(*args, "--quiet", input=text)
        assert code == 10 and check_answer(out, "SAT")
    packed = tmp_path / "sat.cnf.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    code, out, _ = cli(packed, "-q")
    assert code == 10
    target = tmp_path / "answer.txt"
    code, out, _ = cli(packed, "-o", target)
    assert (code, out) == (10, "")
    check_answer(target.read_text(), "SAT")


def test_write_result_layout():
    out = io.BytesIO()
    write_result(solve_clauses(*SAT), out)
    text = out.getvalue().decode()
    assert text.startswith("s SATISFIABLE\nv ") and text.endswith(" 0\n")
    many = model.Result("SAT", list(range(1, 200001, 3)), 200000)
    out = io.StringIO()
    assert write_result([many, model.Result("UNKNOWN")], out) == 2
    assert out.getvalue().endswith(" 0\ns UNKNOWN\n")
    again = read_result(io.StringIO(out.getvalue()[:-len("s UNKNOWN\n")]))
    assert sorted(again.positives) == list(many.positives)
    assert max(map(len, out.getvalue().splitlines())) <= 78


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2 ** 32), chunk=st.sampled_from([3, 16, 100, 1 << 22]))
def test_copying_an_answer_through_keeps_every_literal(seed, chunk, tmp_path_factory):
    """`cat` as the solver: whatever layout it prints, the copy is clean competition
    output with the same model."""
    rng = random.Random(seed)
    n = rng.randint(1, 400)
    literals = [v if rng.random() < 0.5 else -v for v in range(1, n + 1)]
    rng.shuffle(literals)
    folder = tmp_path_factory.mktemp("cat")
    answer = folder / "answer.txt"
    answer.write_text(formats(literals, rng))
    cnf = folder / "units.cnf"              # the model is its only one
    cnf.write_text(dimacs_text([[v] for v in literals], n))
    out = io.BytesIO()
    saved = dimacs.CHUNK_SIZE, model._FAST_MIN
    try:
        dimacs.CHUNK_SIZE, model._FAST_MIN = chunk, 0
        cat = "sh -c %s {} %s" % (shlex.quote('cat "$1"'), shlex.quote(str(answer)))
        assert run_solver_to(cat, cnf, out) == "SAT"
    finally:
        dimacs.CHUNK_SIZE, model._FAST_MIN = saved
    lines = out.getvalue().decode().splitlines()
    assert lines[0] == "s SATISFIABLE"
    assert all(line.startswith("v ") and len(line) < 4096 for line in lines[1:])
    copied = [int(t) for line in lines[1:] for t in line.split()[1:]]
    assert copied[-1] == 0 and sorted(copied[:-1]) == sorted(literals)


@pytest.mark.slow
def test_bundled_timeout_kills_the_forked_child(monkeypatch):
    children = []
    real_fork = os.fork

    def fork():
        pid = real_fork()
        if pid:
            children.append(pid)
        return pid
    monkeypatch.setattr(os, "fork", fork)
    assert solve_clauses(*SAT, timeout=30).status == "SAT"
    assert solve_clauses(*UNSAT, timeout=30).status == "UNSAT"
    assert solve_clauses(*HARD, timeout=0.5).status == "UNKNOWN"
    assert len(children) == 3
    for pid in children:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)         # reaped, none left running


# -- external solvers ----------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", EXTERNAL)
def test_external_solver_round_trip(name, cnf_files):
    require_solver(name)
    code, out, err = cli("--solver", name, cnf_files["sat"])
    assert (code, err) == (10, "")
    assert out.splitlines()[-1].startswith("c cnfsolve: %s" % name)
    check_answer(out, "SAT")
    code, out, err = cli("-q", "-s", name, input=cnf_files["unsat"].read_text())
    assert (code, out, err) == (20, "s UNSATISFIABLE\n", "")
    result = run_solver(name, cnf_files["sat"])
    assert result.status == "SAT" and satisfies(SAT[0], result)
    assert run_solver(name, str(cnf_files["unsat"])).status == "UNSAT"
    out = io.BytesIO()
    assert run_solver_to(name, cnf_files["sat"], out) == "SAT"
    check_answer(out.getvalue().decode(), "SAT")


@pytest.mark.slow
def test_command_lines_with_and_without_placeholder(cnf_files):
    require_solver("picosat")
    for solver in ["picosat", "picosat {}", "picosat -s 7 {}", "/usr/bin/env picosat"]:
        code, out, err = cli("-q", "--solver", solver, cnf_files["sat"])
        assert (code, err) == (10, ""), solver
        check_answer(out, "SAT")


@pytest.mark.slow
def test_timeouts_leave_no_temporary_file_and_answer_unknown(cnf_files, tmp_path):
    """The real bin/cnfsolve, bundled and external, each stopped after one second."""
    require_solver("picosat")
    private = tmp_path / "tmp"
    private.mkdir()
    for solver in ["bundled", "picosat"]:
        done = command("cnfsolve", "--solver", solver, "--timeout", "1", cnf_files["hard"],
                       env={"TMPDIR": str(private)})
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("s UNKNOWN\nc cnfsolve: ")
        assert done.stderr == ""
        assert list(private.iterdir()) == []
    # Spooled standard input is removed too.
    with open(cnf_files["sat"]) as stdin:
        done = command("cnfsolve", "-q", "--solver", "picosat", input=stdin.read(),
                       env={"TMPDIR": str(private)})
    assert done.returncode == 10 and list(private.iterdir()) == []


@pytest.mark.slow
def test_ctrl_c_stops_the_solver_and_cleans_up(tmp_path, monkeypatch):
    private = tmp_path / "tmp"
    private.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(private))
    pid_file = tmp_path / "pid"
    script = tmp_path / "sleeper.py"
    script.write_text("import os, sys, time\nopen(sys.argv[1] + '.part', 'w').write(str(os.getpid()))\n"
                      "os.replace(sys.argv[1] + '.part', sys.argv[1])\n"
                      "time.sleep(60)\n")
    cnf = tmp_path / "f.cnf"
    cnf.write_text(dimacs_text(*SAT))

    def interrupt_once_started():
        deadline = time.monotonic() + 20
        while not pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        os.kill(os.getpid(), signal.SIGINT)
    # Ctrl-C as KeyboardInterrupt, even when the suite runs as a background job (where
    # SIGINT comes ignored and Python leaves it so)
    saved = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Thread(target=interrupt_once_started)
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_solver("%s %s %s" % (shlex.quote(sys.executable), shlex.quote(str(script)),
                                     shlex.quote(str(pid_file))), cnf)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, saved)
    assert time.monotonic() - started < 30
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)   # terminated and reaped
    assert list(private.iterdir()) == []


@pytest.mark.slow
def test_sigterm_and_a_closed_pipe_leave_nothing_behind(tmp_path, cnf_files):
    private = tmp_path / "tmp"
    private.mkdir()
    env = dict(os.environ, TMPDIR=str(private))
    pid_file = tmp_path / "pid"
    script = tmp_path / "sleeper.py"
    script.write_text("import os, sys, time\nopen(sys.argv[1] + '.part', 'w').write(str(os.getpid()))\n"
                      "os.replace(sys.argv[1] + '.part', sys.argv[1])\n"
                      "time.sleep(60)\n")
    sleeper = "%s %s %s" % (shlex.quote(sys.executable), shlex.quote(str(script)),
                            shlex.quote(str(pid_file)))
    run = subprocess.Popen([sys.executable, str(ROOT / "bin" / "cnfsolve"), "--solver",
                            sleeper, str(cnf_files["sat"])], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while not pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    run.terminate()
    out, err = run.communicate(timeout=30)
    assert (run.returncode, out, err) == (143, b"", b"")
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)
    assert list(private.iterdir()) == []
    require_solver("picosat")
    wide = tmp_path / "wide.cnf"
    wide.write_text(dimacs_text([list(range(1, 200001))], 200000))
    done = subprocess.run("%s %s -s picosat %s | head -c 20" % (
        shlex.quote(sys.executable), ROOT / "bin" / "cnfsolve", wide), shell=True,
        env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout == "s SATISFIABLE\nv 1 2 "
    assert list(private.iterdir()) == []


FAKE_SOLVER = r"""
import os, signal, sys
mode = sys.argv[1]
if mode == "silent":
    sys.exit(0)
if mode == "crash":
    sys.stderr.write("starting\nboom: out of luck\n"); sys.exit(1)
if mode == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
text, code = {
    "nozero": ("s SATISFIABLE\nv 1 2\nc done\n", 10),
    "liar": ("s UNSATISFIABLE\n", 10),
    "garbage": ("c hello\ns SATISFIABLE\nv 1 x 0\n", 10),
    "plain": ("s SATISFIABLE\nv 1 6 11 16 0\n", 0),
    "odd-code": ("s SATISFIABLE\nv 1 -2 0\n", 3),
}[mode]
sys.stdout.write(text)
sys.exit(code)
"""

BAD_SOLVERS = [
    ("silent", "printed no answer (exit code 0)"),
    ("crash", "failed with exit code 1: boom: out of luck"),
    ("segv", "was killed by SIGSEGV"),
    ("nozero", "printed an unreadable answer (exit code 10), line 2: the model ends "
               "without its final 0"),
    ("liar", "exited with code 10 but answered UNSATISFIABLE"),
    ("garbage", "line 3: 'x' is not an integer literal"),
    ("odd-code", "failed with exit code 3"),
]


@pytest.fixture
def fake_solver(tmp_path):
    script = tmp_path / "fake_solver.py"
    script.write_text(FAKE_SOLVER)
    return lambda mode: "%s %s %s" % (shlex.quote(sys.executable), shlex.quote(str(script)),
                                      mode)


@pytest.mark.slow
@pytest.mark.parametrize("mode, fragment", BAD_SOLVERS)
def test_bad_solver_outputs(mode, fragment, fake_solver, cnf_files, tmp_path):
    target = tmp_path / "answer.txt"
    code, out, err = cli("--solver", fake_solver(mode), cnf_files["sat"])
    assert code == EXIT_SOLVER_FAILED
    assert out == ""                                    # nothing half-written
    assert err.startswith("cnfsolve: solver ") and fragment in err
    assert err.count("\n") == 1 and "Traceback" not in err
    code, out, err = cli("--solver", fake_solver(mode), cnf_files["sat"], "-o", target)
    assert code == EXIT_SOLVER_FAILED and not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["fake_solver.py", "sat.cnf", "unsat.cnf", "hard.cnf"])


@pytest.mark.slow
def test_a_command_exiting_0_may_answer_anything(fake_solver, cnf_files):
    code, out, err = cli("-q", "--solver", fake_solver("plain"), cnf_files["sat"])
    model = " ".join(str(v if v in (1, 6, 11, 16) else -v) for v in range(1, 17))
    assert (code, out, err) == (10, "s SATISFIABLE\nv %s 0\n" % model, "")


def test_missing_solvers(monkeypatch, cnf_files):
    ghost = sat.KnownSolver("ghost", program="no-such-solver-installed")
    monkeypatch.setitem(SOLVERS, "ghost", ghost)
    code, out, err = cli("--solver", "ghost", cnf_files["sat"])
    assert (code, out) == (EXIT_SOLVER_FAILED, "")
    assert err == ("cnfsolve: solver 'ghost' not found on PATH; install it or use the "
                   "bundled solver\n")
    with pytest.raises(SolverError, match="solver command 'no-such-program' not found"):
        run_solver("no-such-program --flag", cnf_files["sat"])


def test_failures_leave_no_output_file(cnf_files, tmp_path):
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 3 0\n")
    target = tmp_path / "out.txt"
    code, out, err = cli(bad, "-o", target)
    assert code == EXIT_BAD_INPUT and err == "cnfsolve: %s:2: literal 3 is beyond the 2 " \
        "variables declared in the header\n" % bad
    code, _, _ = cli(tmp_path / "missing.cnf", "-o", target)
    assert code == EXIT_IO
    code, _, err = cli(cnf_files["sat"], "-o", tmp_path / "no" / "such" / "dir.txt")
    assert code == EXIT_IO and "cannot write" in err
    assert not target.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.txt")]


@pytest.mark.parametrize("args, fragment", [
    (["--timeout", "0"], "--timeout takes a positive number"),
    (["--timeout", "-3"], "--timeout takes a positive number"),
    (["--timeout", "soon"], "--timeout"),
    (["--timeout", "1e10"], "--timeout is at most 100000000 seconds"),
    (["--timeout", "1e10", "--solver", "pysat:minisat22"], "--timeout is at most"),
    (["--solver", ""], "empty solver command"),
    (["--solver", "'unclosed"], "cannot split the solver command"),
    (["--no-such-option"], "No such option"),
    (["a.cnf", "b.cnf"], "unexpected extra argument"),
])
def test_usage_errors(args, fragment, cnf_files):
    code, out, err = cli(*args) if args[0] == "a.cnf" else cli(cnf_files["sat"], *args)
    assert code == EXIT_USAGE and out == ""
    assert fragment in err and err.startswith("cnfsolve: ") and "Traceback" not in err


def test_help_has_an_example_the_exit_codes_and_every_solver():
    result = CliRunner().invoke(cnfsolve.app, ["--help"])
    assert result.exit_code == 0
    text = result.stdout
    assert "\n    sudoku2cnf puzzle.txt | cnfsolve | cnf2sudoku\n" in text
    assert "     10  satisfiable" in text and "    1xx  a signal" in text and "130 Ctrl-C" in text
    assert "      7  solver failed" in text
    for name in SOLVERS:
        assert name in text


@pytest.mark.slow
def test_import_does_not_load_pycosat():
    done = subprocess.run(
        [sys.executable, "-c", "import sys; sys.path.insert(0, %r); "
         "import dimacs_sudoku.cli.cnfsolve, dimacs_sudoku.sat; "
         "print('pycosat' in sys.modules)" % str(ROOT)], capture_output=True, text=True)
    assert done.stdout == "False\n", done.stderr


# -- python-sat's solvers, in process ----------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", ["kissat404", "cadical195", "glucose4"])
def test_pysat_solvers_answer_like_the_others(name, cnf_files):
    require_pysat()
    code, out, err = cli("--solver", "pysat:" + name, cnf_files["sat"])
    assert code == 10 and err == ""
    assert out.splitlines()[-1].startswith("c cnfsolve: python-sat " + name)
    result = check_answer(out, "SAT")
    assert result.max_var == 16                     # the full model, as the header says
    code, out, err = cli("-q", "--solver", "pysat:" + name, cnf_files["unsat"])
    assert (code, out, err) == (20, "s UNSATISFIABLE\n", "")


@pytest.mark.slow
def test_pysat_timeout_answers_unknown(cnf_files):
    require_pysat()
    code, out, _ = cli("-q", "--solver", "pysat:kissat404", "--timeout", "1", cnf_files["hard"])
    assert (code, out) == (0, "s UNKNOWN\n")        # PHP(11, 10) is UNSAT, if finished


def test_pysat_model_covers_unused_variables():
    require_pysat()
    result = sat.solve_pysat("kissat404", [[1, 2], [-1]], num_vars=5)
    assert result.status == "SAT" and result.max_var == 5 and list(result.positives) == [2]


@pytest.mark.slow
def test_pysat_in_a_pipe_and_its_errors(tmp_path):
    require_pysat()
    (tmp_path / "p.txt").write_text(INKALA + "\n")
    run = shell("sudoku2cnf --reduce p.txt | cnfsolve -s pysat:kissat | "
                "cnf2sudoku --puzzle p.txt --reduce", cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip() == INKALA_SOLUTION, run.stderr
    run = command("cnfsolve", "-s", "pysat:nope", input="p cnf 1 1\n1 0\n")
    assert run.returncode == EXIT_USAGE and "python-sat has no solver 'nope'" in run.stderr
    assert "kissat404" in run.stderr and "cd195" not in run.stderr
    run = command("cnfsolve", "-s", "pysat:kissat", input="p cnf 1 1\n1 x 0\n")
    assert run.returncode == EXIT_BAD_INPUT and "<stdin>:2" in run.stderr


def test_pysat_missing_is_a_solver_failure(monkeypatch):
    monkeypatch.setattr(sat.pysat_backend, "pysat_names", lambda: None)
    with pytest.raises(SolverError, match="python-sat is not installed"):
        sat.solve_pysat("kissat404", [[1]], 1)
