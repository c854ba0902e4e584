"""External SAT solvers: a program from the registry or any command line, run on a
DIMACS file in its own process group, its answer read, and its model checked against
every clause of the CNF before anyone sees it.

>>> solver_command("cadical").argv
['cadical', '-q', '{cnf}']
>>> solver_command("cadical -t 5 {}").argv
['cadical', '-t', '5', '{cnf}']
"""

import errno
import os
import shlex
import shutil
import signal
import subprocess
import time

from ..errors import ModelError, OutputError, ReadError, SolverError, UsageError
from ..dimacs.output import COMPETITION_WORDS, SAT, UNKNOWN, UNSAT, Result, read_result
from ..dimacs.check import check_cnf_file
from ..dimacs.cnf import check_header
from ..forks import no_sigpipe
from ..streams import describe_os_error
from .process import check_timeout, forward_stops, signal_name, terminate_as_exit
from .registry import KNOWN, KnownSolver, proof_writers_text

STOP_GRACE = 2.0            # seconds between SIGTERM and SIGKILL to a solver's group
# Room a solver's answer may take in each file it writes: 12 bytes a declared variable
# ("-2147483647 ") plus this for its comments and statistics. Beyond it the kernel
# stops the solver (SIGXFSZ): a runaway solver never fills the disk.
OUTPUT_SLACK = 64 << 20
PROOF_LIMIT = 8 << 30       # and the most a proof may take

# Every process a solver starts inherits this variable, set to a token of its run:
# one that left the solver's group (setsid, a daemon) is still found by it, in
# /proc/PID/environ, where the system has that.
RUN_VARIABLE = "DIMACS_SUDOKU_SOLVER_RUN"
# errno values of a full disk or quota, whose message a solver's last line may quote
DISK_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))

# The watchdog: a shell of its own session that holds the solvers' groups and run
# tokens while they run ("+ G T" and "- G T" lines on its standard input) and, when
# that input ends without a "- G T" (this process was killed, even by SIGKILL, which
# no handler sees), kills what is left of them: each group, then each process whose
# environment holds a token.
WATCHDOG = '''
while read -r op group token; do
  if [ "$op" = + ]; then set -- "$@" "$group:$token"; else
    kept=; for g; do [ "$g" = "$group:$token" ] || kept="$kept $g"; done; set -- $kept; fi
done
for g; do kill -s KILL -- "-${g%%%%:*}" 2>/dev/null; done
for g; do
  for f in /proc/[0-9]*/environ; do
    if grep -q -a -F "%s=${g#*:}" "$f" 2>/dev/null; then
      p=${f#/proc/}; kill -s KILL "${p%%/environ}" 2>/dev/null
    fi
  done
done
''' % RUN_VARIABLE
_watchdog = None


class SolverCommand:
    """A resolved ``--solver``: its label, argv template and the registry entry used."""

    def __init__(self, label, argv, spec):
        self.label = label
        self.argv = argv
        self.spec = spec

    def __repr__(self):
        return "SolverCommand(%r, %r)" % (self.label, self.argv)


def solver_command(name_or_command):
    """Resolve a solver name from the registry (:data:`~.registry.KNOWN`) or a
    command line.

    A command line is split like a shell would (no shell runs it); ``{}`` in it
    stands for the DIMACS file, which is appended otherwise. When its program is a
    known solver, that solver's exit codes and model file apply.
    """
    if isinstance(name_or_command, SolverCommand):
        return name_or_command
    name = name_or_command.strip()
    if name in KNOWN:
        spec = KNOWN[name]
        return SolverCommand(name, spec.argv(), spec)
    try:
        words = shlex.split(name)
    except ValueError as error:
        raise UsageError("cannot split the solver command %r: %s" % (name, error)) from None
    if not words:
        raise UsageError("empty solver command")
    spec = KNOWN.get(os.path.basename(words[0])) or KnownSolver(
        words[0], codes={10: SAT, 20: UNSAT, 0: None}, note="a command line")
    if any("{}" in word for word in words):
        argv = [word.replace("{}", "{cnf}") for word in words]
    else:
        argv = words + ["{cnf}"]
    if spec.model == "file":
        argv.append("{model}")
    return SolverCommand(name, argv, spec)


def run_solver(name_or_command, cnf_path, timeout=None, check=True, proof=None):
    """Run an external solver on a DIMACS file and return its Result, checked.

    ``cnf_path`` is a file name (compressed files are unpacked first; ``-`` is the
    file of that name) or an open binary stream (``sys.stdin.buffer`` for standard
    input), spooled to a private temporary file. A ``timeout`` (seconds) stops the
    solver: the result is UNKNOWN. A model that violates a clause of the CNF, an
    answer SATISFIABLE without a model, or one that holds a literal and its negation,
    is a :class:`SolverError`. ``check=False`` leaves out the clause check, for a
    caller that checks the grid instead. ``proof``: a file name where a solver of the
    registry that writes proofs (``proof`` in its entry: cadical, kissat) writes its
    DRAT proof; the others are a UsageError naming those that can. An argument of the
    wrong kind is a TypeError naming run_solver, before any solver starts.

    ``run_solver("minisat", "puzzle.cnf")`` runs minisat; a solver that is not
    installed is a one-line error:

    >>> run_solver("no-such-solver", "puzzle.cnf")
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.SolverError: solver command 'no-such-solver' not found on PATH
    """
    from .. import arguments
    if not isinstance(name_or_command, SolverCommand):
        arguments.text(name_or_command, "run_solver", "the solver's name or command as a str")
    arguments.path_or_binary_stream(cnf_path, "run_solver", "the CNF's file name (str or "
                                    "os.PathLike) or a binary stream")
    arguments.seconds(timeout, "run_solver")
    arguments.flag(check, "run_solver", "check")
    if proof is not None:
        arguments.path(proof, "run_solver", "the proof's file name (str or os.PathLike), "
                       "or None")
    return _run(name_or_command, cnf_path, timeout, check, proof)


def _run(name_or_command, cnf_path, timeout=None, check=True, proof=None, stdin=False):
    """:func:`run_solver` once its arguments are checked; with ``stdin``, ``-`` and
    None stand for standard input (cnfsolve's)."""
    command = solver_command(name_or_command)
    if proof is not None:
        spec = KNOWN.get(command.label)
        if spec is None or not spec.proof:
            raise UsageError("solver %r writes no proof (%s)"
                             % (command.label, proof_writers_text()))
        command = SolverCommand(command.label, spec.argv(proof=True), spec)
    return _execute(command, cnf_path, timeout, check, proof, stdin)


def run_solver_to(name_or_command, cnf_path, out, timeout=None):
    """Like :func:`run_solver`, then write the answer to ``out`` (binary or text) in
    SAT competition form; return the status. Nothing is written unless the answer
    passed every check. ``cnf_path`` ``-`` or None: standard input."""
    from ..dimacs.competition import write_result
    result = _run(name_or_command, cnf_path, timeout, stdin=True)
    if len(result.models) > 1:          # an enumeration: every model, each checked
        write_result([Result(SAT, model, result.max_var) for model in result.models], out)
    else:
        write_result(result, out)
    return result.status


def _executable(command):
    """argv[0] of ``command`` found on PATH (a jar runs under ``java -jar``: Debian's
    /usr/bin/sat4j is the jar itself)."""
    executable = shutil.which(command.argv[0])
    if executable is None:
        if command.label in KNOWN:
            raise SolverError("solver %r not found on PATH; install it or use the "
                              "bundled solver" % command.label)
        raise SolverError("solver command %r not found on PATH" % command.argv[0])
    if os.path.realpath(executable).endswith(".jar"):
        java = shutil.which("java")
        if java is None:
            raise SolverError("solver %r is a Java program and java is not on PATH"
                              % command.label)
        return [java, "-jar", executable]
    return [executable]


def _execute(command, cnf_path, timeout, check=True, proof=None, stdin=False):
    """Run ``command`` on the CNF in a private temporary folder, removed whatever
    happens, in a process group of its own that is ended with it; check its exit
    code, read its answer and check the model against the CNF. ``proof``: the file
    that ``{proof}`` in the command stands for."""
    prefix = _executable(command)
    timeout = check_timeout(timeout)
    display = _input_name(cnf_path, stdin)
    label = "solver %r" % command.label
    cnf_stream = answer = None
    with terminate_as_exit():
        import tempfile
        workdir = tempfile.mkdtemp(prefix="dimacs-sudoku-")
        process = None
        try:
            cnf_file = _input_file(cnf_path, workdir, stdin)
            # Held open: the clause check reads it again once the folder is gone.
            cnf_stream = open(cnf_file, "rb")
            paths = {"model": os.path.join(workdir, "model.txt"),
                     "stdout": os.path.join(workdir, "stdout.txt"),
                     "stderr": os.path.join(workdir, "stderr.txt")}
            limit = output_limit(cnf_stream, display)      # the bounds checked too
            if proof is not None:
                limit = max(limit, PROOF_LIMIT)
            # The clause check reads this file again: a solver that rewrote it would
            # be checked against its own clauses, not the ones it was given.
            given = file_digest(cnf_stream) if check else None
            argv = prefix + [word.replace("{cnf}", cnf_file)
                             .replace("{model}", paths["model"])
                             .replace("{proof}", str(proof))
                             for word in command.argv[1:]]
            with open(paths["stdout"], "wb") as out, open(paths["stderr"], "wb") as err:
                token = os.urandom(8).hex()     # this run's, no other's
                try:
                    with file_size_limit(limit):
                        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                                   stdout=out, stderr=err,
                                                   start_new_session=True,
                                                   env=dict(os.environ,
                                                            **{RUN_VARIABLE: token}))
                except OSError as error:
                    raise SolverError("cannot run %s: %s"
                                      % (label, error.strerror or error)) from None
                process.run_token, process.run_started = token, time.monotonic()
                _watch("+", process.pid, token)
                try:
                    with forward_stops(lambda number: _signal_group(process.pid, number)):
                        code = process.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    stop_group(process)
                    cnf_stream.close()
                    return Result(UNKNOWN)
            stop_group(process)             # any child it left behind
            if given is not None and file_digest(cnf_stream) != given:
                raise SolverError("%s changed the CNF file it was given (%s): its answer "
                                  "cannot be checked" % (label, display))

            def failure(what):
                last = _last_line(paths["stderr"]) or _last_line(paths["stdout"])
                if last:
                    what += ": " + last.replace(cnf_file, display)
                if any(os.strerror(number) in last for number in DISK_FULL):
                    return OutputError("%s could not write its files: %s" % (label, last))
                return SolverError(what)

            if code == -signal.SIGXFSZ or max(map(_size, paths.values())) >= limit:
                raise SolverError("%s wrote more than %d MiB, the most its answer can "
                                  "take for this CNF" % (label, limit >> 20))
            if code < 0:
                raise failure("%s was killed by %s" % (label, signal_name(-code)))
            codes = command.spec.codes
            if code not in codes:
                raise failure("%s failed with exit code %d" % (label, code))
            error_line = _last_line(paths["stderr"]).replace(cnf_file, display)
            try:
                answer = open(paths["model"] if command.spec.model == "file"
                              else paths["stdout"], "rb")
            except OSError:
                raise failure("%s wrote no result file (exit code %d)"
                              % (label, code)) from None
        except BaseException:
            if process is not None:
                stop_group(process)     # Ctrl-C or an error: never leave it running
            if cnf_stream is not None:
                cnf_stream.close()
            raise
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    # The folder is gone; the open files live on until read.
    with answer, cnf_stream:
        try:
            result = read_result(answer, "solver output")
        except ModelError as error:
            if error.line is None:
                last = error_line or _last_line(answer).replace(cnf_file, display)
                raise SolverError("%s printed no answer (exit code %d)%s"
                                  % (label, code, ": " + last if last else "")) from None
            raise SolverError("%s printed an unreadable answer (exit code %d), line %d: %s"
                              % (label, code, error.line, error.message)) from None
        expected = codes[code]
        if expected is not None and result.status != expected:
            raise SolverError("%s exited with code %d but answered %s"
                              % (label, code, COMPETITION_WORDS[result.status]))
        if check:
            for one in [result] + [Result(SAT, model, result.max_var)
                                   for model in result.models[1:]]:
                check_cnf_file(one, cnf_stream, label, display)
    return result


def file_digest(stream):
    """The SHA-256 digest of an open binary file's content (left at its start)."""
    import hashlib
    stream.seek(0)
    digest = hashlib.sha256()
    for block in iter(lambda: stream.read(1 << 20), b""):
        digest.update(block)
    stream.seek(0)
    return digest.digest()


def output_limit(cnf_stream, source=None):
    """The most bytes a solver may write to a file for the CNF open in ``cnf_stream``
    (left at its start); a DimacsError naming ``source`` when its header is beyond
    the bounds (:func:`~dimacs_sudoku.dimacs.cnf.check_header`): no program is
    started on it."""
    return OUTPUT_SLACK + 12 * check_header(cnf_stream, source)


class file_size_limit:
    """While in it, files this process (and so a child it starts) writes are cut at
    ``limit`` bytes: the soft RLIMIT_FSIZE is lowered, then put back. Nothing else is
    written meanwhile: the solver inherits the limit at its start."""

    def __init__(self, limit):
        self.limit = limit
        self.saved = None

    def __enter__(self):
        try:
            import resource
            soft, hard = self.saved = resource.getrlimit(resource.RLIMIT_FSIZE)
            if hard != resource.RLIM_INFINITY:
                self.limit = min(self.limit, hard)
            if soft == resource.RLIM_INFINITY or soft > self.limit:
                resource.setrlimit(resource.RLIMIT_FSIZE, (self.limit, hard))
        except (ImportError, OSError, ValueError):     # no such limit here
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_FSIZE, self.saved)


def stop_group(process, grace=STOP_GRACE):
    """End the process group that ``process`` leads, and every process that carries
    its run token (:data:`RUN_VARIABLE`), in whatever group or session: SIGTERM, up
    to ``grace`` seconds for them all to go, then SIGKILL; reap the leader. Children
    that the solver started (a script's solver, a portfolio, one that called setsid)
    go with it, even those that ignore SIGTERM or outlived their parent."""
    group = process.pid
    carriers = _carriers(process)
    if _signal_group(group, signal.SIGTERM) | _signal_pids(carriers, signal.SIGTERM):
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if (process.poll() is not None and not _signal_group(group, 0)
                    and not _signal_pids(carriers, 0)):
                break
            time.sleep(0.02)
        else:
            _signal_group(group, signal.SIGKILL)
        _signal_pids(_carriers(process), signal.SIGKILL)     # any started since
    process.wait()
    _watch("-", group, getattr(process, "run_token", "-"))


def _carriers(process):
    """The ids of the processes whose environment holds the run token of ``process``
    (:data:`RUN_VARIABLE`), those this user may read; none where there is no /proc."""
    token = getattr(process, "run_token", None)
    if token is None:
        return []
    mark = ("\0%s=%s\0" % (RUN_VARIABLE, token)).encode()
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    low = _lowest_id_since(process)
    for name in names:
        if name.isdigit() and int(name) >= low:
            try:
                with open("/proc/%s/environ" % name, "rb") as environ:
                    if mark in b"\0" + environ.read() + b"\0":
                        found.append(int(name))
            except OSError:         # gone, or another user's
                pass
    return found


def _lowest_id_since(process):
    """The lowest id a process started after ``process`` may have: its own, as ids
    are given in increasing order, unless they may have wrapped around since (the
    system's last id below it, or a run of over a second), then 0. A run of
    milliseconds reads a handful of environments, not every process's."""
    if time.monotonic() - process.run_started > 1.0:
        return 0
    try:
        with open("/proc/loadavg") as loadavg:
            last = int(loadavg.read().split()[-1])
    except (OSError, ValueError, IndexError):
        return 0
    return process.pid if last >= process.pid else 0


def _signal_pids(pids, number):
    """Send a signal to each of ``pids``; True when one of them was still there."""
    sent = False
    for pid in pids:
        try:
            os.kill(pid, number)
            sent = True
        except (ProcessLookupError, PermissionError):
            pass
    return sent


def _watch(op, group, token):
    """Tell the watchdog (started with the first solver) that ``group`` and its run
    ``token`` run ("+") or are gone ("-"). Without /bin/sh there is no watchdog, and
    nothing else lost."""
    global _watchdog
    try:
        if _watchdog is None:
            if op == "-":
                return
            _watchdog = subprocess.Popen(["/bin/sh", "-c", WATCHDOG], stdin=subprocess.PIPE,
                                         stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL,
                                         start_new_session=True)
        with no_sigpipe():          # (a watchdog killed is no reason to end)
            _watchdog.stdin.write(b"%s %d %s\n" % (op.encode(), group, token.encode()))
            _watchdog.stdin.flush()
    except OSError:
        pass


def _signal_group(group, number):
    """Send a signal to a process group; False when no process of it is left."""
    try:
        os.killpg(group, number)
    except ProcessLookupError:
        return False
    except PermissionError:         # a member that changed user: nothing we may do
        return False
    return True


def _input_name(cnf_path, stdin=False):
    if stdin and cnf_path in (None, "", "-"):
        return "<stdin>"
    if hasattr(cnf_path, "read"):
        return getattr(cnf_path, "name", "<stream>")
    return str(cnf_path)


def _input_file(cnf_path, workdir, stdin=False):
    """A plain file with the DIMACS text: the given file, or a private copy of
    standard input, a stream or compressed data (known by its first bytes, so that a
    bad or truncated one is named as such, see :mod:`dimacs_sudoku.streams`)."""
    from ..streams import STDIO, is_compressed, open_binary_input
    if hasattr(cnf_path, "read"):
        return spool(cnf_path, workdir)
    if stdin and cnf_path in STDIO:
        return spool(open_binary_input(cnf_path), workdir)
    path = str(cnf_path)
    if not is_compressed(path):
        try:
            with open(path, "rb"):
                pass
        except OSError as error:
            raise ReadError("cannot read %s: %s" % (path, error.strerror or error)) \
                from None
        return os.path.abspath(path)
    with open_binary_input(os.path.join(os.curdir, path) if path in STDIO else path) \
            as stream:
        return spool(stream, workdir)


def spool(stream, workdir):
    """Copy a binary stream to ``input.cnf`` in ``workdir``; return its path. An
    OutputError naming the copy when it cannot be written (a full disk)."""
    path = os.path.join(workdir, "input.cnf")
    copy = None
    writing = True                  # an OSError now is the copy's, not the stream's
    try:
        copy = open(path, "wb")
        while True:
            writing = False
            block = stream.read(1 << 20)
            if not block:
                break
            writing = True
            copy.write(block)
        writing = True
        copy.close()
    except OSError as error:
        if not writing:
            raise
        raise OutputError(describe_os_error(error, "write", path)) from None
    finally:
        if copy is not None:
            copy.close()
    return path


def _size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


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
        text = line.replace(b"\0", b"").decode("utf-8", "replace").strip()
        if text:
            return text if len(text) <= 200 else text[:200] + "..."
    return ""
