"""How every command runs: errors to exit codes, signals, standard streams.

A command's ``main()`` builds a Typer app with :func:`make_app` and runs its function
through :func:`run`, which is the one place where a :class:`SudokuError` becomes one
line on stderr and its exit code. :func:`main` also makes SIGINT, SIGTERM and SIGHUP
end the program with 128 + the signal once every temporary file is gone, and gives a
closed standard stream a stand-in. The streams themselves (input unpacked and read in
bounded lines, output written all or nothing) are :mod:`dimacs_sudoku.streams`; the
options the commands share are :mod:`.options`.
"""

import contextlib
import io
import os
import signal
import sys

from ..errors import (EXIT_CODES, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_IO, EXIT_USAGE,
                      OutputError, SudokuError)
from ..streams import (WRITE_ERRORS, ClosedStream, describe_os_error, fit_stream,
                       remove_leftovers, silence_stdout)

SIGNAL_CODES = (129, 130, 141, 143)


def exit_code_table(codes=None):
    """The exit-code table for --help texts (``codes`` picks some); the codes that any
    command can return (an internal error, a signal) close every table."""
    codes = sorted(EXIT_CODES) if codes is None else codes
    rows = ["  %3d  %s" % (code, EXIT_CODES[code]) for code in codes
            if code not in SIGNAL_CODES and code != EXIT_FAILURE]
    rows.append("  %3d  %s" % (EXIT_FAILURE, EXIT_CODES[EXIT_FAILURE]))
    rows.append("  1xx  a signal: 128 + its number (129 SIGHUP, 130 Ctrl-C, 141 SIGPIPE,\n"
                "       143 SIGTERM), every temporary file removed")
    return "\n".join(rows)


def docs_page(name):
    """Where the reference page ``name`` (``variants.md``, ``encodings.md``) is
    installed: the package's ``docs`` folder, shipped as package data."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "docs", name)


def make_app(help_text):
    """A one-command Typer app with plain help, no rich tracebacks, and shell
    completion (``--install-completion``, ``--show-completion``)."""
    import typer
    return typer.Typer(add_completion=True, pretty_exceptions_enable=False,
                       rich_markup_mode=None, help=help_text,
                       context_settings={"help_option_names": ["-h", "--help"]})


def report(prog, error):
    """Write one ``prog: message`` line on stderr."""
    try:
        sys.stderr.write(fit_stream("%s: %s\n" % (prog, error), sys.stderr))
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


class PausedGC:
    """The cyclic garbage collector paused, as a context, for one command's bounded
    work that builds many containers and lets them go by reference counting (one
    puzzle's CNF; a CNF's header and its model): it would otherwise traverse the lists
    and tuples of half a million items again and again (some 20 ms of decoding a
    400x400 puzzle, 10 of encoding it).
    :meth:`end` gives it back early (before a loop over more models)."""

    def __enter__(self):
        import gc
        self._enabled = gc.isenabled()
        gc.disable()
        return self

    def end(self):
        if self._enabled:
            import gc
            gc.enable()
            self._enabled = False

    def __exit__(self, *error):
        self.end()


def run(prog, function, *args, **kwargs):
    """Call ``function``; turn the project's errors into one stderr line and an exit
    code. Returns the exit code (``function``'s own return value, 0 if None)."""
    try:
        code = function(*args, **kwargs)
        sys.stdout.flush()
        return code or 0
    except SudokuError as error:
        report(prog, error)
        return error.exit_code
    except Interrupted as stop:
        stop.report(prog)
        return stop.code
    except KeyboardInterrupt:
        report(prog, "interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as a filter should.
        silence_stdout()
        return 0
    except OSError as error:
        # Full disk, a closed or failing stream: an I/O error, never a bug.
        report(prog, _describe_unnamed(error))
        return EXIT_IO
    except MemoryError:
        report(prog, "out of memory")
        return EXIT_FAILURE


def _describe_unnamed(error):
    """An OSError that reached the top: one naming no file and saying the disk is
    full or the stream closed comes from standard output (every file is written
    through AtomicOutput, which names it)."""
    if error.errno in WRITE_ERRORS and error.filename is None:
        return describe_os_error(error, "write", "standard output")
    return describe_os_error(error)


def restore_sigpipe():
    """Let ``| head`` end the program quietly instead of raising BrokenPipeError."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


# -- signals ---------------------------------------------------------------------------

CAUGHT_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
_received = []              # the first signal received, once one came


class Interrupted(SystemExit):
    """SIGINT, SIGTERM or SIGHUP, raised where the program is, so that every
    ``finally`` and ``__exit__`` runs and no temporary file or folder is left.
    ``code`` is 128 + the signal's number, as a shell reports a killed program.

    Only Ctrl-C (SIGINT) is reported on stderr, as ``interrupted``: after SIGTERM or
    SIGHUP a program ends silently, as Unix programs do.

    >>> Interrupted(15).code
    143
    """

    def __init__(self, number):
        super().__init__(128 + number)
        self.number = number

    def report(self, prog):
        if self.number == signal.SIGINT:
            report(prog, "interrupted")


def _on_signal(number, frame):
    if _received:           # already on the way out: let the clean-up finish
        return
    _received.append(number)
    raise Interrupted(number)


def catch_signals():
    """Make SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted` (a SystemExit);
    return the handlers they had, for :func:`restore_signals`.

    A signal the caller ignores (``nohup``, a background job) stays ignored. Called
    by :func:`main`; the solver back ends see that these handlers are in place with
    :func:`signals_caught`, and a forked child should call :func:`default_signals`.
    """
    del _received[:]
    before = {}
    for name in CAUGHT_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            handler = signal.getsignal(number)
            if handler != signal.SIG_IGN:
                signal.signal(number, _on_signal)
                before[number] = handler
        except (OSError, ValueError):    # not the main thread
            break
    return before


def restore_signals(before):
    """Put back the handlers :func:`catch_signals` replaced (main() run in a test)."""
    for number, handler in before.items():
        try:
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        except (OSError, ValueError):
            pass


def signals_caught():
    """True when :func:`catch_signals` handles SIGTERM in this process."""
    return signal.getsignal(signal.SIGTERM) is _on_signal


def check_writable(path):
    """Raise OutputError now, before a long computation, when ``-o path`` could not
    be written (no such folder, no permission, a folder in its place)."""
    from ..streams import check_file_name, output_target
    check_file_name(path)
    descriptor, target = output_target(path)
    if descriptor is not None:
        return
    path = str(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        problem = "it is a folder"
    elif not os.path.isdir(folder):
        problem = "no folder %s" % folder
    elif os.path.exists(target) and not os.path.isfile(target):
        problem = None if os.access(target, os.W_OK) else "permission denied"
    else:
        problem = None if os.access(folder, os.W_OK | os.X_OK) else "permission denied"
    if problem:
        raise OutputError("cannot write %s: %s" % (path, problem))


@contextlib.contextmanager
def signals_uncaught():
    """While nothing needs cleaning up (no temporary file, folder or child), give
    SIGINT, SIGTERM and SIGHUP their default action: an in-process search holds the
    interpreter, so a caught signal would wait for the search to end, while the default
    ends the program at once (the shell sees 128 + the signal, as after a clean-up)."""
    before = {}
    for name in CAUGHT_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is _on_signal:
            signal.signal(number, signal.SIG_DFL)
            before[number] = _on_signal
    try:
        yield
    finally:
        restore_signals(before)


def worker_signals():
    """In a forked worker of --jobs: the signals the command caught stay caught (they
    end the worker through its clean-up), none received yet."""
    del _received[:]


def default_signals():
    """Give the caught signals back their default action (in a forked child)."""
    for name in CAUGHT_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is _on_signal:
            signal.signal(number, signal.SIG_DFL)


# -- standard streams ------------------------------------------------------------------

def guard_standard_streams():
    """Give a closed stdin, stdout or stderr a stand-in.

    Its file descriptor is held by /dev/null, so that no file opened later takes the
    number (a solver started later would write into it); ``sys.stdin`` and
    ``sys.stdout`` then fail on use with EBADF, and ``sys.stderr`` writes nowhere.
    """
    for fd, attribute in enumerate(("stdin", "stdout", "stderr")):
        stream = getattr(sys, attribute)
        if stream is not None:
            try:
                if stream.fileno() != fd:
                    continue
            except (OSError, ValueError, AttributeError):
                continue            # an in-memory stream (a test runner's): leave it
        try:
            os.fstat(fd)
            if stream is not None:
                continue
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)
            except OSError:
                pass
        if fd == 2:
            sys.stderr = open(os.devnull, "w")
        else:
            stand_in = io.TextIOWrapper(io.BufferedReader(ClosedStream()) if fd == 0
                                        else io.BufferedWriter(ClosedStream()),
                                        encoding="utf-8")
            setattr(sys, attribute, stand_in)


def main(app, prog):
    """Run a Typer ``app`` as program ``prog`` and return its exit code.

    Usage errors become one ``prog: message (see --help)`` line and exit code 2; an
    unexpected exception (a bug) one ``internal error`` line and exit code 1, with the
    traceback only when DIMACS_SUDOKU_DEBUG is set. SIGINT, SIGTERM and SIGHUP end
    the program with 128 + the signal's number, once every temporary file is gone; a
    closed standard stream is an I/O error (8) when it is used.
    """
    restore_sigpipe()
    guard_standard_streams()
    before = catch_signals()
    try:
        try:
            code = _main(app, prog)
        except Interrupted as stop:     # between run() and here
            stop.report(prog)
            code = stop.code
        finally:
            remove_leftovers()
        return _flushed(prog, code)
    finally:
        restore_signals(before)


def _main(app, prog):
    try:
        code = app(standalone_mode=False, prog_name=prog)
    except Interrupted as stop:
        stop.report(prog)
        return stop.code
    except SystemExit as stop:
        return stop.code
    except Exception as error:
        # Typer may bring click or a private copy of it: match its errors by name.
        kinds = {kind.__name__ for kind in type(error).__mro__}
        if "Exit" in kinds and hasattr(error, "exit_code"):
            return error.exit_code
        if "Abort" in kinds:
            report(prog, "interrupted")
            return EXIT_INTERRUPTED
        if "UsageError" in kinds:
            report(prog, "%s (see %s --help)" % (error.format_message(), prog))
            return EXIT_USAGE
        if "ClickException" in kinds:
            report(prog, error.format_message())
            return EXIT_USAGE
        if isinstance(error, BrokenPipeError):
            silence_stdout()
            return 0
        if isinstance(error, OSError):      # --help on a full disk, and the like
            report(prog, _describe_unnamed(error))
            return EXIT_IO
        if os.environ.get("DIMACS_SUDOKU_DEBUG"):
            raise
        report(prog, "internal error: %s: %s (set DIMACS_SUDOKU_DEBUG=1 for details)"
               % (type(error).__name__, error))
        return EXIT_FAILURE
    except KeyboardInterrupt:
        report(prog, "interrupted")
        return EXIT_INTERRUPTED
    return code


def _flushed(prog, code):
    """``code`` as an int from the table, once standard output is flushed: a failure
    there is an I/O error now rather than a traceback and exit 120 at exit."""
    if code is None:
        code = 0
    elif not isinstance(code, int):
        report(prog, code)
        code = EXIT_FAILURE
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
    except (OSError, ValueError) as error:
        silence_stdout()
        if code == 0:
            report(prog, describe_os_error(error, "write", "standard output")
                   if isinstance(error, OSError) else "cannot write standard output")
            code = EXIT_IO
    return code
