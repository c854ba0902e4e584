"""Helpers shared by the tests: run the commands as a user would, or in this process,
find the data."""

import contextlib
import importlib
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from dimacs_sudoku.cli import COMMANDS as COMMAND_TABLE

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / "bin"
FIXTURES = ROOT / "tests" / "fixtures"
SHARED_DATA = ROOT.parent / "shared" / "data"

# Each command as installed, and the module whose main() it runs.
COMMANDS = {name: command.module for name, command in COMMAND_TABLE.items()}

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
INKALA_SOLUTION = ("812753649943682175675491283154237896369845721287169534"
                   "521974368438526917796318452")
# INKALA less its first given, with r1c1's candidates 2, 4, 5, 6 and 9 removed (a
# HoDoKu library line): unique by its candidates, not by its givens alone.
PENCIL_LIBRARY = (":0000:x:" + "." + INKALA[1:] + ":211 411 511 611 911::")
# A solution of its givens alone that puts a removed 9 in r1c1.
PENCIL_OTHER = ("985732641243651879176498253852367194319245786764189532521974368438526917"
                "697813425")
SMALL4 = "1..4" "4..." "...3" "3..1"
SMALL4_SOLUTION = "1234431221433421"


def command(name, *args, input=None, env=None, cwd=None, check=False):
    """Run bin/NAME with this Python; return the CompletedProcess (text mode)."""
    full_env = dict(os.environ)
    full_env.pop("DIMACS_SUDOKU_DEBUG", None)
    if env:
        full_env.update(env)
    return subprocess.run([sys.executable, str(BIN / name), *map(str, args)],
                          input=input, capture_output=True, text=True, env=full_env,
                          cwd=cwd, check=check, timeout=300)


def in_process(name, *args, input=None, env=None, cwd=None, stdin=None):
    """Run command NAME's main() in this process, as ``command`` runs bin/NAME: ``args``
    as its argv, ``input`` (text) on standard input, standard output and error captured
    as text; return a CompletedProcess. For the tests of what a command does with its
    arguments, files and standard streams; a test of a real process (signals, solvers,
    descriptors, /dev/stdout) uses ``command``. ``stdin``: a binary stream to read
    instead of ``input`` (one that fails, say)."""
    main = importlib.import_module(COMMANDS[name]).main
    stdin = io.TextIOWrapper(stdin or io.BytesIO((input or "").encode()), encoding="utf-8")
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    argv = [name, *map(str, args)]
    sigpipe = signal.getsignal(signal.SIGPIPE)      # main() lets SIGPIPE kill
    with contextlib.ExitStack() as stack:
        saved = dict(os.environ)
        stack.callback(lambda: (os.environ.clear(), os.environ.update(saved)))
        os.environ.pop("DIMACS_SUDOKU_DEBUG", None)
        os.environ.update(env or {})
        if cwd is not None:
            stack.callback(os.chdir, os.getcwd())
            os.chdir(cwd)
        saved_streams = sys.argv, sys.stdin, sys.stdout, sys.stderr

        def restore_streams():
            sys.argv, sys.stdin, sys.stdout, sys.stderr = saved_streams
        stack.callback(restore_streams)
        stack.callback(signal.signal, signal.SIGPIPE, sigpipe)
        sys.argv, sys.stdin, sys.stdout, sys.stderr = argv, stdin, stdout, stderr
        code = main()
        out, err = _text(stdout), _text(stderr)
    return subprocess.CompletedProcess(argv, code, out, err)


def _text(stream):
    """What was written to an in-memory text stream, read back as a text-mode pipe is
    (universal newlines)."""
    try:
        stream.flush()
        data = stream.buffer.getvalue()
    except (AttributeError, OSError, ValueError):
        return ""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8").read()


def shell_path(path=None):
    """PATH for shell-level tests: bin/, then the folder of the Python running the tests
    (the project's venv under `make test`), so that the ``python3`` that bin/'s scripts
    start with is this one, never a system Python with other packages."""
    path = os.environ.get("PATH", "") if path is None else path
    return os.pathsep.join([str(BIN), os.path.dirname(sys.executable), path])


def shell(script, cwd=None, env=None):
    """Run a shell script with bin/ and this Python first on PATH; a pipe's status is
    its last command's."""
    full_env = dict(os.environ)
    full_env["PATH"] = shell_path(full_env.get("PATH", ""))
    if env:
        full_env.update(env)
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                          errors="replace", cwd=cwd, env=full_env, timeout=300)


def header(cnf_text):
    """``(vars, clauses)`` of the ``p cnf`` line."""
    for line in cnf_text.splitlines():
        if line.startswith("p cnf"):
            _, _, v, c = line.split()
            return int(v), int(c)
    raise AssertionError("no p cnf line")


def no_traceback(stderr):
    return "Traceback" not in stderr


def pattern_solution(size, box=None, rng=None):
    """A random valid grid's cells: the shifted-pattern solution with its digits
    relabelled and its bands, stacks, rows and columns shuffled."""
    import random
    from dimacs_sudoku.core.layout import default_box
    rows, cols = box or default_box(size)
    rng = rng or random.Random(0)
    digits = list(range(1, size + 1))
    rng.shuffle(digits)
    order_r = [b * rows + i for b in rng.sample(range(size // rows), size // rows)
               for i in rng.sample(range(rows), rows)]
    order_c = [b * cols + j for b in rng.sample(range(size // cols), size // cols)
               for j in rng.sample(range(cols), cols)]
    return [digits[(cols * (r % rows) + r // rows + c) % size]
            for r in order_r for c in order_c]


def all_4x4_grids():
    """Every complete 4x4 Sudoku grid, by a search of its own (no SAT)."""
    found = []
    cells = [0] * 16

    def fits(k, d):
        r, c = divmod(k, 4)
        for j in range(k):
            rj, cj = divmod(j, 4)
            same_box = (rj // 2, cj // 2) == (r // 2, c // 2)
            if cells[j] == d and (rj == r or cj == c or same_box):
                return False
        return True

    def place(k):
        if k == 16:
            found.append(list(cells))
            return
        for d in range(1, 5):
            if fits(k, d):
                cells[k] = d
                place(k + 1)
        cells[k] = 0

    place(0)
    return found


def session(sid):
    """The processes of session ``sid`` (a command started with a session of its own),
    but zombies (Linux /proc)."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            found.append(int(name))
    return found


def wait_for(condition, timeout=60):
    """True once ``condition()`` is, False when ``timeout`` seconds pass first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def end_session(process):
    """Kill ``process`` (started with a session of its own) and whatever of its
    session is left: a test's clean-up, whatever the test did."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    for pid in session(process.pid):
        os.kill(pid, signal.SIGKILL)


def in_child(function):
    """The bytes ``function()`` returns, run in a forked child of this process: for
    what must not touch the test's own process (its signals, its process group)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            os.write(write_end, function())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as answer:
        said = answer.read()
    os.waitpid(pid, 0)
    return said


def fork_every_reduction(monkeypatch, pids):
    """Make the search of every grid, however small, reduce it in a forked child, as
    a large grid's is while a command catches signals; each reduction appends its
    process id to the file ``pids``."""
    from dimacs_sudoku.reasoning import reduction
    from dimacs_sudoku.sat import process
    from dimacs_sudoku.tasks import solving
    for cls in (reduction.SwarReducer, reduction.UnitReducer):
        def reduce(self, *args, _reduce=cls.reduce):
            with open(pids, "a") as out:
                out.write("%d\n" % os.getpid())
            return _reduce(self, *args)
        monkeypatch.setattr(cls, "reduce", reduce)
    monkeypatch.setattr(solving, "LONG_REDUCTION_CANDIDATES", 0)
    monkeypatch.setattr(process, "fork_to_stay_interruptible", lambda timeout: True)
