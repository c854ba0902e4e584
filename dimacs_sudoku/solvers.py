"""Running SAT solvers: the bundled picosat (pycosat) and external programs.

:func:`solve_cnf` solves a :class:`~dimacs_sudoku.dimacs.Cnf` in memory with the
bundled solver; :func:`run_solver` runs a named solver or any command line on a DIMACS
file and reads its answer; :func:`run_solver_to` does the same but copies the answer
to a stream in SAT competition form without keeping the model; :func:`write_result`
prints a :class:`~dimacs_sudoku.model.Result` in that form.

>>> from dimacs_sudoku.dimacs import Cnf
>>> solve_cnf(Cnf(2, [[1, 2], [-1]])).status
'SAT'
>>> import io; out = io.StringIO()
>>> write_result(solve_cnf(Cnf(2, [[1, 2], [-1]])), out)
1
>>> print(out.getvalue(), end="")
s SATISFIABLE
v -1 2 0
"""

import contextlib
import io
import os
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from array import array

from .errors import ModelError, OutputError, SolverError, UsageError
from .model import (COMPETITION_WORDS, SAT, UNKNOWN, UNSAT, Result, ResultScanner,
                    model_blocks, read_result)

BUNDLED = "bundled"
BUNDLED_NAMES = (BUNDLED, "pycosat")
LINE_WIDTH = 78             # v lines we format are at most this long, like picosat's
MAX_LINE = 4096             # the competition's limit, for solver lines copied as they are
_STOP_GRACE = 2.0           # seconds between SIGTERM and SIGKILL

_COMPETITION = {10: SAT, 20: UNSAT, 0: UNKNOWN}

# Every known solver in one table. argv = program + quiet + args, where {cnf} is the
# DIMACS file and {model} a private file the solver writes its model to. `codes` maps
# each exit code that means an answer to the status it must come with; any other exit
# code is a failure. Checked against the Debian binaries where installed (see notes).
SOLVERS = {
    "picosat": dict(
        program="picosat", quiet=(), args=("{cnf}",), model="stdout", codes=_COMPETITION,
        note="picosat 965: v lines of <= 80 chars over all header variables; a parse "
             "error is printed on stdout with exit code 0"),
    "minisat": dict(
        program="minisat", quiet=("-verb=0",), args=("{cnf}", "{model}"), model="file",
        codes=_COMPETITION,
        note="minisat 2.2: statistics on stdout, the model only in the result file "
             "(SAT + one line of literals up to the largest variable used, UNSAT, "
             "INDET); exit 3 on a parse error, 1 on a missing file"),
    "cadical": dict(
        program="cadical", quiet=("-q",), args=("{cnf}",), model="stdout",
        codes=_COMPETITION,
        note="cadical: unknown is printed as 'c UNKNOWN' with exit code 0; exit 1 on "
             "a parse error"),
    "kissat": dict(
        program="kissat", quiet=("-q",), args=("{cnf}",), model="stdout",
        codes=_COMPETITION, note="kissat: not installed here, untested"),
    "cryptominisat5": dict(
        program="cryptominisat5", quiet=("--verb", "0"), args=("{cnf}",),
        model="stdout", codes={10: SAT, 20: UNSAT, 15: UNKNOWN},
        note="cryptominisat 5.11: unknown is 's INDETERMINATE' with exit code 15; "
             "exit 255 on a parse error, 1 on a missing file"),
    "glucose": dict(
        program="glucose", quiet=("-verb=0",), args=("-model", "{cnf}"), model="stdout",
        codes=_COMPETITION,
        note="glucose 4: prints the model only with -model, on one v line; unknown "
             "is 's INDETERMINATE' (not installed here, from its source)"),
    "lingeling": dict(
        program="lingeling", quiet=("-q",), args=("{cnf}",), model="stdout",
        codes=_COMPETITION,
        note="lingeling: unknown is 'c s UNKNOWN' with exit code 0 (not installed "
             "here, from its source)"),
}


# -- the bundled solver ---------------------------------------------------------------

def solve_cnf(cnf, timeout=None):
    """Solve a :class:`~dimacs_sudoku.dimacs.Cnf` with the bundled picosat (pycosat);
    returns a Result whose model covers all ``cnf.num_vars`` variables.

    pycosat cannot be interrupted, so with a ``timeout`` (seconds) it runs in a
    forked child that is killed at the deadline: the result is then UNKNOWN.
    """
    return solve_clauses(cnf.clauses, cnf.num_vars, timeout)


def solve_clauses(clauses, num_vars=0, timeout=None):
    """Solve a list of clauses (lists of int) with the bundled solver; see solve_cnf.

    >>> solve_clauses([[1], [-1]]).status
    'UNSAT'
    """
    import pycosat
    timeout = check_timeout(timeout)
    if timeout is None:
        return _pycosat_result(pycosat.solve(clauses, vars=num_vars))
    if not hasattr(os, "fork"):
        raise UsageError("a time-out for the bundled solver needs os.fork, which this "
                         "system lacks; use an external solver")
    with _terminate_as_exit():
        return _solve_forked(lambda: pycosat.solve(clauses, vars=num_vars), timeout,
                             "the bundled solver")


# -- python-sat's solvers, in this process ----------------------------------------------

PYSAT = "pysat:"


def pysat_names():
    """The solver names python-sat knows, each alias mapped to its full name, or None
    when python-sat is not installed."""
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        return None
    return {alias: aliases[-1] for aliases in vars(SolverNames).values()
            if isinstance(aliases, tuple) for alias in aliases}


def solve_pysat(name, clauses, num_vars=0, timeout=None):
    """Solve the clauses (any iterable of lists of int, read once: never held as a
    list) with python-sat's solver ``name`` (kissat404, cadical195, glucose4, ...).

    The model covers variables 1..num_vars at least. With a ``timeout`` the search
    runs in a forked child, as the bundled solver's does. Raises SolverError when
    python-sat is not installed, UsageError for a name it does not know.
    """
    names = pysat_names()
    if names is None:
        raise SolverError("python-sat is not installed: pip install python-sat (or the "
                          "project's 'fast' extra) for the pysat: solvers")
    if name not in names:
        raise UsageError("python-sat has no solver %r (it has %s)"
                         % (name, ", ".join(sorted(set(names.values())))))
    timeout = check_timeout(timeout)
    from pysat.solvers import Solver
    with Solver(name=name) as solver:
        add = solver.add_clause
        for clause in clauses:
            add(clause)

        def answer():
            if not solver.solve():
                return "UNSAT"
            model = solver.get_model() or []
            return model + [-v for v in range(len(model) + 1, num_vars + 1)]

        if timeout is None:
            return _pycosat_result(answer())
        if not hasattr(os, "fork"):
            raise UsageError("a time-out for the pysat: solvers needs os.fork, which this "
                             "system lacks; use an external solver")
        with _terminate_as_exit():
            return _solve_forked(answer, timeout, "python-sat's " + name)


def check_timeout(timeout):
    """``timeout`` as seconds, None for none (or infinity); UsageError unless > 0."""
    if timeout is None or timeout == float("inf"):
        return None
    if not timeout > 0:                 # also nan
        raise UsageError("the time-out must be a positive number of seconds, not %s"
                         % timeout)
    return float(timeout)


def _pycosat_result(answer):
    if answer == "UNSAT":
        return Result(UNSAT)
    if answer == "UNKNOWN":
        return Result(UNKNOWN)
    return Result.from_literals(answer)


def _solve_forked(answer, timeout, label):
    """Run ``answer()`` (a pycosat-style answer: literals, "UNSAT" or "UNKNOWN") in a
    forked child, killed at the deadline (the result is then UNKNOWN)."""
    deadline = time.monotonic() + timeout
    for stream in (sys.stdout, sys.stderr):     # or the child would write them again
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                    # the child: solve, send, vanish
        code = 1
        try:
            os.close(read_end)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            found = answer()
            if isinstance(found, list):
                result = Result.from_literals(found)
                payload = (b"S" + result.max_var.to_bytes(8, "little")
                           + result.positives.tobytes())
            else:
                payload = b"U" if found == "UNSAT" else b"?"
            view = memoryview(payload)
            while view:
                view = view[os.write(write_end, view):]
            code = 0
        except BaseException:       # the child must never go back into the caller's code
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    chunks = []
    try:
        import select
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                _kill_child(pid)
                return Result(UNKNOWN)
            ready, _, _ = select.select([read_end], [], [], remaining)
            if ready:
                chunk = os.read(read_end, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        _, status = os.waitpid(pid, 0)
        pid = None
    except BaseException:
        if pid is not None:
            _kill_child(pid)
        raise
    finally:
        os.close(read_end)
    payload = b"".join(chunks)
    if status != 0 or not payload:
        raise SolverError("%s failed (%s)" % (label, _wait_status(status)))
    if payload[:1] == b"U":
        return Result(UNSAT)
    if payload[:1] == b"?":
        return Result(UNKNOWN)
    positives = array("i")
    positives.frombytes(payload[9:])
    return Result(SAT, positives, int.from_bytes(payload[1:9], "little"))


def _kill_child(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)


def _wait_status(status):
    if os.WIFSIGNALED(status):
        return "killed by %s" % _signal_name(os.WTERMSIG(status))
    return "exit code %d" % os.WEXITSTATUS(status)


def _signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return "signal %d" % number


# -- external solvers -------------------------------------------------------------------

class SolverCommand:
    """A resolved ``--solver``: its label, argv template and the table entry used."""

    def __init__(self, label, argv, spec):
        self.label = label
        self.argv = argv
        self.spec = spec

    def __repr__(self):
        return "SolverCommand(%r, %r)" % (self.label, self.argv)


def solver_command(name_or_command):
    """Resolve a solver name from :data:`SOLVERS` or a command line.

    A command line is split like a shell would (no shell runs it); ``{}`` in it
    stands for the DIMACS file, which is appended otherwise. When its program is a
    known solver, that solver's exit codes and model file apply.

    >>> solver_command("cadical").argv
    ['cadical', '-q', '{cnf}']
    >>> solver_command("cadical -t 5 {}").argv
    ['cadical', '-t', '5', '{cnf}']
    """
    if isinstance(name_or_command, SolverCommand):
        return name_or_command
    name = name_or_command.strip()
    if name in SOLVERS:
        spec = SOLVERS[name]
        return SolverCommand(name, [spec["program"], *spec["quiet"], *spec["args"]], spec)
    try:
        words = shlex.split(name)
    except ValueError as error:
        raise UsageError("cannot split the solver command %r: %s" % (name, error)) from None
    if not words:
        raise UsageError("empty solver command")
    known = SOLVERS.get(os.path.basename(words[0]))
    spec = known or dict(program=words[0], quiet=(), args=("{cnf}",), model="stdout",
                         codes={10: SAT, 20: UNSAT, 0: None}, note="a command line")
    if any("{}" in word for word in words):
        argv = [word.replace("{}", "{cnf}") for word in words]
    else:
        argv = words + ["{cnf}"]
    if spec["model"] == "file":
        argv.append("{model}")
    return SolverCommand(name, argv, spec)


def run_solver(name_or_command, cnf_path, timeout=None):
    """Run an external solver on a DIMACS file and return its Result.

    ``cnf_path`` is a file (compressed ones are unpacked first), ``-``/None for
    standard input, or a binary stream; both are spooled to a private temporary
    file. A ``timeout`` (seconds) kills the solver: the result is UNKNOWN.
    """
    def consume(answer, check):
        result = read_result(answer, "solver output")
        check(result.status)
        return result
    return _execute(solver_command(name_or_command), cnf_path, timeout, consume,
                    on_timeout=lambda: Result(UNKNOWN))


def run_solver_to(name_or_command, cnf_path, out, timeout=None):
    """Like :func:`run_solver`, but write the answer to ``out`` (binary or text) in
    SAT competition form as it is read, keeping none of the model; return the status.
    """
    write = byte_writer(out)

    def consume(answer, check):
        held = _HeldWrites(write)
        writer = _CompetitionWriter(held.write, check)
        ResultScanner(writer, "solver output").feed_stream(answer)
        held.release()
        return writer.first_status

    def on_timeout():
        write(b"s UNKNOWN\n")
        return UNKNOWN
    return _execute(solver_command(name_or_command), cnf_path, timeout, consume,
                    on_timeout)


class _HeldWrites:
    """Hold back the first ``limit`` bytes written, so that an answer found unreadable
    before then (all of any ordinary one) leaves nothing half-written."""

    def __init__(self, write, limit=1 << 23):
        self._write = write
        self._held = []
        self._size = 0
        self._limit = limit

    def write(self, data):
        if self._held is None:
            self._write(data)
            return
        self._held.append(data)
        self._size += len(data)
        if self._size > self._limit:
            self.release()

    def release(self):
        if self._held:
            self._write(b"".join(self._held))
        self._held = None


def _execute(command, cnf_path, timeout, consume, on_timeout):
    """Run ``command`` on the CNF in a private temporary folder, removed whatever
    happens; check its exit code, then hand its answer to ``consume(stream, check)``
    (``check(status)`` raises unless the status fits the exit code)."""
    executable = shutil.which(command.argv[0])
    if executable is None:
        if command.label in SOLVERS:
            raise SolverError("solver %r not found on PATH; install it or use the "
                              "bundled solver" % command.label)
        raise SolverError("solver command %r not found on PATH" % command.argv[0])
    timeout = check_timeout(timeout)
    display = _input_name(cnf_path)
    label = "solver %r" % command.label
    with _terminate_as_exit():
        import tempfile
        workdir = tempfile.mkdtemp(prefix="dimacs-sudoku-")
        process = None
        try:
            cnf_file = _input_file(cnf_path, workdir)
            paths = {"model": os.path.join(workdir, "model.txt"),
                     "stdout": os.path.join(workdir, "stdout.txt"),
                     "stderr": os.path.join(workdir, "stderr.txt")}
            argv = [executable] + [word.replace("{cnf}", cnf_file)
                                   .replace("{model}", paths["model"])
                                   for word in command.argv[1:]]
            with open(paths["stdout"], "wb") as out, open(paths["stderr"], "wb") as err:
                try:
                    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                               stdout=out, stderr=err)
                except OSError as error:
                    raise SolverError("cannot run %s: %s"
                                      % (label, error.strerror or error)) from None
                try:
                    code = process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    _stop(process)
                    return on_timeout()

            def failure(what):
                last = _last_line(paths["stderr"]) or _last_line(paths["stdout"])
                if last:
                    what += ": " + last.replace(cnf_file, display)
                return SolverError(what)

            if code < 0:
                raise failure("%s was killed by %s" % (label, _signal_name(-code)))
            codes = command.spec["codes"]
            if code not in codes:
                raise failure("%s failed with exit code %d" % (label, code))
            error_line = _last_line(paths["stderr"]).replace(cnf_file, display)
            try:
                answer = open(paths["model"] if command.spec["model"] == "file"
                              else paths["stdout"], "rb")
            except OSError:
                raise failure("%s wrote no result file (exit code %d)"
                              % (label, code)) from None
        except BaseException:
            if process is not None and process.poll() is None:
                _stop(process)      # Ctrl-C or an error: never leave the solver running
            raise
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    # The folder is gone; the open answer file lives on until read, so a reader
    # that goes away (SIGPIPE) while it is copied out leaves nothing behind.
    expected = codes[code]

    def check(status):
        if expected is not None and status != expected:
            raise SolverError("%s exited with code %d but answered %s"
                              % (label, code, COMPETITION_WORDS[status]))
    with answer:
        try:
            return consume(answer, check)
        except ModelError as error:
            if error.line is None:
                last = error_line or _last_line(answer).replace(cnf_file, display)
                raise SolverError("%s printed no answer (exit code %d)%s"
                                  % (label, code, ": " + last if last else "")) from None
            raise SolverError("%s printed an unreadable answer (exit code %d), line %d: %s"
                              % (label, code, error.line, error.message)) from None


class _Terminated(SystemExit):
    """SIGTERM, raised so that the solver is stopped and temporary files go."""


@contextlib.contextmanager
def _terminate_as_exit():
    """While running, turn SIGTERM (``timeout``, ``kill``) into an exception with
    exit code 143, when it would otherwise kill the process on the spot."""
    handler = None
    try:
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL):
            def terminated(number, frame):
                raise _Terminated(128 + signal.SIGTERM)
            handler = signal.signal(signal.SIGTERM, terminated)
    except (ValueError, OSError):
        handler = None
    try:
        yield
    finally:
        if handler is not None:
            signal.signal(signal.SIGTERM, handler)


def _stop(process):
    process.terminate()
    try:
        process.wait(timeout=_STOP_GRACE)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _input_name(cnf_path):
    if cnf_path in (None, "", "-"):
        return "<stdin>"
    if hasattr(cnf_path, "read"):
        return getattr(cnf_path, "name", "<stream>")
    return str(cnf_path)


def _input_file(cnf_path, workdir):
    """A plain file with the DIMACS text: the given file, or a private copy of
    standard input, a stream or a compressed file."""
    if cnf_path in (None, "", "-"):
        return _spool(sys.stdin.buffer, workdir)
    if hasattr(cnf_path, "read"):
        return _spool(cnf_path, workdir)
    path = str(cnf_path)
    try:
        opener = _DECOMPRESSORS.get(os.path.splitext(path)[1])
        if opener is None:
            with open(path, "rb"):
                pass
            return os.path.abspath(path)
        with opener(path) as stream:
            return _spool(stream, workdir)
    except OSError as error:
        raise OutputError("cannot read %s: %s" % (path, error.strerror or error)) from None


def _open_gzip(path):
    import gzip
    return gzip.open(path, "rb")


def _open_xz(path):
    import lzma
    return lzma.open(path, "rb")


def _open_bz2(path):
    import bz2
    return bz2.open(path, "rb")


_DECOMPRESSORS = {".gz": _open_gzip, ".xz": _open_xz, ".bz2": _open_bz2}


def _spool(stream, workdir):
    path = os.path.join(workdir, "input.cnf")
    with open(path, "wb") as copy:
        shutil.copyfileobj(stream, copy, 1 << 20)
    return path


def _last_line(file, size=4096):
    """The last non-blank line of a file (a path or an open binary file), shortened,
    or ''."""
    try:
        stream = open(file, "rb") if isinstance(file, str) else file
        try:
            stream.seek(0, os.SEEK_END)
            stream.seek(max(0, stream.tell() - size))
            tail = stream.read()
        finally:
            if stream is not file:
                stream.close()
    except OSError:
        return ""
    for line in reversed(tail.splitlines()):
        text = line.decode("utf-8", "replace").strip()
        if text:
            return text if len(text) <= 200 else text[:200] + "..."
    return ""


# -- writing answers --------------------------------------------------------------------

def byte_writer(out):
    """A function writing bytes to ``out``, a binary or a text stream."""
    if isinstance(out, (io.RawIOBase, io.BufferedIOBase)):
        return out.write
    buffer = getattr(out, "buffer", None)
    if buffer is not None:
        out.flush()
        return buffer.write
    return lambda data: out.write(data.decode("ascii"))


class _ModelLines:
    """Writes a model as ``v`` lines of at most LINE_WIDTH chars, the final 0 on the
    last line when it fits; whole clean lines of a solver (``raw``) are copied."""

    def __init__(self, write):
        self.write = write
        self.pending = None         # the last line, held back for the final 0

    def add(self, values, raw=None):
        if raw is not None and (len(raw) <= MAX_LINE or
                                max(map(len, raw.split(b"\n"))) < MAX_LINE):
            self._flush()
            self.write(raw)
            return
        if not values:
            return
        tokens = list(map(str, values))
        if len(tokens) <= 1024:
            lines = _fill(tokens)
        else:
            # Many literals: a fixed number per line, sized for the widest, is faster.
            width = len(str(max(max(values), -min(values)))) + 1
            per_line = max(1, (LINE_WIDTH - 1) // (width + 1))
            lines = ["v " + " ".join(tokens[i:i + per_line])
                     for i in range(0, len(tokens), per_line)]
        self._flush()
        if len(lines) > 1:
            self.write(("\n".join(lines[:-1]) + "\n").encode("ascii"))
        self.pending = lines[-1]

    def end(self):
        if self.pending is not None and len(self.pending) + 2 <= LINE_WIDTH:
            self.write((self.pending + " 0\n").encode("ascii"))
            self.pending = None
        else:
            self._flush()
            self.write(b"v 0\n")

    def _flush(self):
        if self.pending is not None:
            self.write((self.pending + "\n").encode("ascii"))
            self.pending = None


def _fill(tokens):
    """``v`` lines holding as many tokens as fit in LINE_WIDTH."""
    lines = []
    line = ["v"]
    length = 1
    for token in tokens:
        if length + 1 + len(token) > LINE_WIDTH and len(line) > 1:
            lines.append(" ".join(line))
            line = ["v"]
            length = 1
        line.append(token)
        length += 1 + len(token)
    lines.append(" ".join(line))
    return lines


class _CompetitionWriter:
    """A ResultScanner sink that copies answers out in SAT competition form."""

    def __init__(self, write, check=None):
        self.write = write
        self.check = check
        self.first_status = None
        self.lines = None

    def start(self, status):
        if self.first_status is None:
            if self.check is not None:
                self.check(status)
            self.first_status = status
        self.write(b"s %s\n" % COMPETITION_WORDS[status].encode("ascii"))
        self.lines = _ModelLines(self.write)

    def literals(self, values, raw, line):
        self.lines.add(values, raw)

    def end_model(self):
        self.lines.end()

    def finish(self):
        self.lines = None


def write_result(results, out):
    """Write one Result, or each of an iterable of them, to ``out`` (binary or text)
    in SAT competition form: ``s SATISFIABLE`` and the full model on ``v`` lines of at
    most 78 characters ending with ``0`` (variables 1..max_var; one the model left out
    is written false), ``s UNSATISFIABLE`` or ``s UNKNOWN``. Returns how many results
    were written.
    """
    if isinstance(results, Result):
        results = (results,)
    write = byte_writer(out)
    count = 0
    for result in results:
        write(b"s %s\n" % COMPETITION_WORDS[result.status].encode("ascii"))
        if result.status == SAT and result.has_model:
            lines = _ModelLines(write)
            for block in model_blocks(result):
                lines.add(block)
            lines.end()
        count += 1
    return count
