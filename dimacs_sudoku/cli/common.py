"""What every command shares: input and output streams, errors to exit codes.

A command's ``main()`` builds a Typer app with :func:`make_app` and runs its function
through :func:`run`, which is the one place where a :class:`SudokuError` becomes one
line on stderr and its exit code. :func:`main` also makes SIGINT, SIGTERM and SIGHUP
end the program with 128 + the signal once every temporary file is gone, and gives a
closed standard stream a stand-in. The streams themselves (input unpacked and read in
bounded lines, output written all or nothing) are :mod:`dimacs_sudoku.streams`, whose
names are imported here for the commands.
"""

import contextlib
import io
import os
import signal
import sys

from ..errors import (EXIT_CODES, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_IO, EXIT_USAGE,
                      OutputError, SudokuError)
from ..streams import (MAX_LINE, STDIO, AtomicOutput, TextInput, commit_outputs,  # noqa: F401
                       compression_of, describe_os_error, discard_outputs, fit_stream,
                       is_compressed, open_binary_input, open_puzzle_input,
                       open_text_input, remove_temporary, source_name)
from ..streams import WRITE_ERRORS, ClosedStream, remove_leftovers, silence_stdout

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
    from ..streams import output_target
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


# Options that several commands share, declared once so they read the same everywhere.

def input_argument(metavar, what):
    """The positional input: a file, or stdin for ``-`` or nothing."""
    import typer
    return typer.Argument(None, metavar=metavar, help="%s; - or nothing for stdin" % what)


def version_option(prog):
    """``--version`` (``-V``): print ``PROG (dimacs-sudoku) VERSION`` and exit 0."""
    import typer

    def show(value):
        if value:
            from .. import __version__
            sys.stdout.write("%s (dimacs-sudoku) %s\n" % (prog, __version__))
            raise typer.Exit(0)

    return typer.Option(None, "--version", "-V", callback=show, is_eager=True,
                        expose_value=False, help="print the version and exit")


def inputs_argument(metavar, what):
    """The positional inputs of a filter: files, or stdin for ``-`` or none."""
    import typer
    return typer.Argument(None, metavar=metavar,
                          help="%s(s); - or none for stdin" % what)


def check_inputs(paths):
    """The input files of a filter, stdin (``[None]``) for none; a usage error for
    stdin twice. A file that cannot be opened is found by :func:`batch_puzzles`."""
    paths = list(paths or [None])
    if sum(path in STDIO for path in paths) > 1:
        from ..errors import UsageError
        raise UsageError("stdin (-) can be read once only")
    return paths


@contextlib.contextmanager
def batch_puzzles(path, prog, bar=None, strict_drawings=False, **read):
    """The puzzles of one input of a filter of several files (``sudoku-solve``,
    ``sudoku-grade``), read leniently (an unreadable puzzle is its error, and so is a
    file that cannot be opened, while the other files are still read), each with its
    drawings noted; and a function that says when the input pauses (its lines so far
    are then due). ``read``: the reader's options (fmt, size, box)."""
    from ..formats import read_puzzles_lenient
    try:
        stream = open_puzzle_input(path)
    except OutputError as error:
        yield [error], lambda: False
        return
    with stream:
        items = read_puzzles_lenient(bar.lines(stream) if bar else stream,
                                     source_name(path), **read)
        yield noted_drawings(items, prog, strict_drawings, lenient=True,
                             bar=bar), stream.waiting


def output_option():
    import typer
    return typer.Option(None, "-o", "--output", metavar="FILE",
                        help="write here instead of stdout (all or nothing)")


def size_option(help="grid size, when the input leaves it open"):
    import typer
    return typer.Option(None, "--size", "-n", metavar="N", help=help)


def box_option():
    import typer
    return typer.Option(None, "--box", "-b", metavar="RxC",
                        help="box shape (rows x columns), e.g. 2x3")


def completion(names, module=None):
    """A shell-completion function offering the names that start with what has been
    typed: ``names`` itself, or the attribute ``names`` of the library module
    ``module``, imported only when a shell asks.

    >>> completion(("line", "grid", "json"))("g")
    ['grid']
    >>> completion("SYMMETRIES", "generator")("d")
    ['diagonal', 'dihedral']
    """
    def complete(incomplete: str):
        found = names
        if module is not None:
            import importlib
            found = getattr(importlib.import_module("dimacs_sudoku." + module), names)
        return [name for name in found if name.startswith(incomplete)]
    return complete


def input_format_option():
    import typer
    from ..formats import FORMATS
    return typer.Option(None, "--input-format", "-f", metavar="FORMAT",
                        autocompletion=completion(FORMATS),
                        help="%s or %s (default: detected; any of them may be followed "
                        "by rule lines)" % (", ".join(FORMATS[:-1]), FORMATS[-1]))


def strict_drawings_option():
    """``--strict-drawings``: refuse a puzzle with drawings it is solved without."""
    import typer
    return typer.Option(False, "--strict-drawings",
                        help="refuse (exit 3) an f-puzzles or SudokuPad puzzle with "
                             "drawings whose meaning only its rules text states (lines, "
                             "text, shapes), instead of reading it without them and "
                             "saying so on stderr")


def noted_drawings(items, prog, strict=False, lenient=False, bar=None):
    """The puzzles of a read, each with the drawings its reader left out
    (``grid.drawings``) said in one stderr line (under the progress ``bar``); with
    ``strict`` such a puzzle is a PuzzleError instead: raised, or with ``lenient``
    yielded in its place (as a lenient read yields its errors, which pass through)."""
    from ..errors import PuzzleError
    for item in items:
        drawn = getattr(item, "drawings", ())
        if drawn:
            what = ("drawings whose meaning only the rules text states: %s"
                    % ", ".join(drawn))
            if strict:
                item = PuzzleError(what + " (--strict-drawings)", item.source, item.line)
                if not lenient:
                    raise item
            else:
                if bar:
                    bar.clear()
                report(prog, PuzzleError("ignored %s (use --strict-drawings to refuse)"
                                         % what, item.source, item.line))
        yield item


def symbols_option():
    import typer
    return typer.Option(None, "--symbols", metavar="SYMBOLS",
                        help="letters (1-9A-Z), hex (0-F, 16x16), numbers, or an alphabet"
                        " such as ABCDEFGHI (default: the puzzle's own)")


def output_format_option():
    """``--format`` (``-F``); None stands for :func:`default_output_format`."""
    import typer
    return typer.Option(None, "--format", "-F", metavar="FORMAT",
                        autocompletion=completion("OUTPUT_FORMATS", "formats"),
                        help="line, grid, numbers, table, json, svg, html, html-page,"
                             " ... (default: grid on a terminal, line otherwise)")


def default_output_format(output):
    """``grid`` when the output goes to a terminal (for people), else ``line``."""
    return "grid" if output in STDIO and _isatty(sys.stdout) else "line"


def progress_option(what="a progress bar on stderr"):
    """``--progress/--no-progress``; None stands for "when stderr is a terminal"."""
    import typer
    return typer.Option(None, "--progress/--no-progress",
                        help="%s (default: on a terminal)" % what)


def _isatty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def grid_shape(size, box):
    """``--size`` and ``--box`` checked before anything is read or built:
    ``(size, (rows, cols) or None)``, the size taken from the box when not given.
    Nonsense (0, negative, above 400x400, a box that does not fit) is a UsageError.

    >>> grid_shape(None, "2x3")
    (6, (2, 3))
    >>> grid_shape(None, "30x30")
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.UsageError: --box 30x30 makes a 900x900 grid, above the largest supported, 400x400
    """
    from ..core.layout import MAX_SIZE, check_size, parse_box
    from ..errors import UsageError
    if size is not None:
        check_size(size, "--size")
    if not box:
        return size, None
    shape = parse_box(box, size)
    if shape[0] * shape[1] > MAX_SIZE:
        raise UsageError("--box %s makes a %dx%d grid, above the largest supported, %dx%d"
                         % (box, shape[0] * shape[1], shape[0] * shape[1], MAX_SIZE,
                            MAX_SIZE))
    return shape[0] * shape[1], shape



def check_output_format(name):
    """Raise :class:`UsageError` unless ``name`` is an output format of
    :mod:`dimacs_sudoku.formats` (the one place that knows them)."""
    from ..formats import check_output_format as check
    check(name)


def one_svg(what):
    """The usage error for a second grid in SVG output, which holds one drawing."""
    from ..errors import UsageError
    return UsageError("--format svg draws one grid, and %s; --format html draws "
                      "each one" % what)


def render_grid(grid, output_format, givens=None, symbols=None):
    """The text of one grid in ``output_format``, ending with a newline
    (:func:`dimacs_sudoku.formats.write_grid`)."""
    from ..formats import write_grid
    return write_grid(grid, output_format, givens, symbols)
