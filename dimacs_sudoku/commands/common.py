"""What every command shares: input and output streams, errors to exit codes.

A command's ``main()`` builds a Typer app with :func:`make_app` and runs its function
through :func:`run`, which is the one place where a :class:`SudokuError` becomes one
line on stderr and its exit code.
"""

import io
import os
import signal
import sys

from ..errors import (EXIT_CODES, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, OutputError,
                      SudokuError)

STDIO = (None, "", "-")


def exit_code_table(codes=None):
    """The exit-code table for --help texts (``codes`` picks some)."""
    codes = sorted(EXIT_CODES) if codes is None else codes
    return "\n".join("  %3d  %s" % (code, EXIT_CODES[code]) for code in codes)


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
        sys.stderr.write("%s: %s\n" % (prog, error))
        sys.stderr.flush()
    except (OSError, ValueError):
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
    except KeyboardInterrupt:
        report(prog, "interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, as a filter should.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except MemoryError:
        report(prog, "out of memory")
        return EXIT_FAILURE


def restore_sigpipe():
    """Let ``| head`` end the program quietly instead of raising BrokenPipeError."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def source_name(path):
    return "<stdin>" if path in STDIO else str(path)


def open_text_input(path):
    """A text stream over a file or stdin: UTF-8, a BOM dropped, any line ends.

    Compressed files (.gz, .xz, .bz2) are read through.
    """
    if path in STDIO:
        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", errors="replace",
                                newline=None)
    try:
        raw = open_binary_input(path)
    except OSError as error:
        raise OutputError("cannot read %s: %s" % (path, error.strerror or error)) from None
    return io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace", newline=None)


def open_binary_input(path):
    """A binary stream over a file, decompressing by extension."""
    path = str(path)
    if path.endswith(".gz"):
        import gzip
        return gzip.open(path, "rb")
    if path.endswith(".xz"):
        import lzma
        return lzma.open(path, "rb")
    if path.endswith(".bz2"):
        import bz2
        return bz2.open(path, "rb")
    return open(path, "rb")


class AtomicOutput:
    """Write to ``path`` (stdout for ``-`` or None) all or nothing.

    A file is written beside its final place under a private name and renamed into
    place only when the block ends without an error, so a failed run leaves no partial
    file and never clobbers an existing one. ``.gz``, ``.xz`` and ``.bz2`` names are
    compressed. Use as ``with AtomicOutput(path) as out: out.write(text)``.
    """

    def __init__(self, path, binary=False):
        self.path = None if path in STDIO else str(path)
        self.binary = binary
        self._tmp = None
        self._raw = None
        self._direct = None
        self.stream = None

    def __enter__(self):
        if self.path is not None and os.path.exists(self.path) and \
                not os.path.isfile(self.path):
            # A device or named pipe (-o /dev/null, -o >(gzip)): write straight to it;
            # renaming over it would replace the device with a file.
            try:
                self._direct = open(self.path, "wb" if self.binary else "w")
            except OSError as error:
                raise OutputError("cannot write %s: %s"
                                  % (self.path, error.strerror or error)) from None
            self.stream = self._direct
            return self.stream
        if self.path is None:
            self.stream = sys.stdout.buffer if self.binary else sys.stdout
            return self.stream
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            import tempfile
            fd, self._tmp = tempfile.mkstemp(prefix=".%s." % os.path.basename(self.path),
                                             suffix=".part", dir=folder)
        except OSError as error:
            raise OutputError("cannot write %s: %s" % (self.path, error.strerror or error)) \
                from None
        raw = os.fdopen(fd, "wb")
        self._raw = raw
        if self.path.endswith(".gz"):
            import gzip
            raw = gzip.GzipFile(filename=os.path.basename(self.path)[:-3], mode="wb",
                                fileobj=raw, compresslevel=6, mtime=0)
        elif self.path.endswith(".xz"):
            import lzma
            raw = lzma.LZMAFile(raw, "wb", preset=6)
        elif self.path.endswith(".bz2"):
            import bz2
            raw = bz2.BZ2File(raw, "wb")
        self._compressed = raw if raw is not self._raw else None
        self.stream = raw if self.binary else io.TextIOWrapper(
            raw, encoding="utf-8", newline="\n", write_through=False)
        return self.stream

    def __exit__(self, kind, value, traceback):
        if self._direct is not None:
            try:
                self._direct.close()
            except OSError as error:
                if kind is None:
                    raise OutputError("cannot write %s: %s"
                                      % (self.path, error.strerror or error)) from None
            return False
        if self.path is None:
            try:
                self.stream.flush()
            except BrokenPipeError:
                if kind is None:
                    raise
            return False
        try:
            if kind is None:
                try:
                    self.stream.flush()
                    if self._compressed is not None:
                        self._compressed.close()
                    self._raw.flush()
                    os.fsync(self._raw.fileno())
                    self._raw.close()
                    mode = 0o666 & ~_umask()
                    os.chmod(self._tmp, mode)
                    os.replace(self._tmp, self.path)
                    self._tmp = None
                except OSError as error:
                    raise OutputError("cannot write %s: %s"
                                      % (self.path, error.strerror or error)) from None
        finally:
            if self._tmp is not None:
                try:
                    self._raw.close()
                except (OSError, ValueError):
                    pass
                try:
                    os.unlink(self._tmp)
                except OSError:
                    pass
        return False


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def main(app, prog):
    """Run a Typer ``app`` as program ``prog`` and return its exit code.

    Usage errors become one ``prog: message (see --help)`` line and exit code 2; an
    unexpected exception (a bug) one ``internal error`` line and exit code 1, with the
    traceback only when DIMACS_SUDOKU_DEBUG is set.
    """
    restore_sigpipe()
    try:
        code = app(standalone_mode=False, prog_name=prog)
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
        if os.environ.get("DIMACS_SUDOKU_DEBUG"):
            raise
        report(prog, "internal error: %s: %s (set DIMACS_SUDOKU_DEBUG=1 for details)"
               % (type(error).__name__, error))
        return EXIT_FAILURE
    except KeyboardInterrupt:
        report(prog, "interrupted")
        return EXIT_INTERRUPTED
    return code or 0


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
    stdin twice, and an I/O error (before anything is written) for a file that
    cannot be read."""
    paths = list(paths or [None])
    if sum(path in STDIO for path in paths) > 1:
        from ..errors import UsageError
        raise UsageError("stdin (-) can be read once only")
    for path in paths:
        if path in STDIO:
            continue
        try:
            if os.path.isfile(path):        # a pipe is not opened twice
                with open(path, "rb"):
                    pass
            elif not os.path.exists(path) or os.path.isdir(path):
                open(path, "rb").close()    # the error that names why
        except OSError as error:
            raise OutputError("cannot read %s: %s"
                              % (path, error.strerror or error)) from None
    return paths


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
    >>> completion("SYMMETRIES", "generate")("d")
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
    return typer.Option(None, "--input-format", "-f", metavar="FORMAT",
                        autocompletion=completion("FORMATS", "formats"),
                        help="line, grid, numbers, table, triples, csv or euler "
                        "(default: detected)")


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
