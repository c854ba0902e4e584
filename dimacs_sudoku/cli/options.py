"""The options and arguments that several commands share, declared once so that they
read the same everywhere, and the small steps of reading and writing puzzles that
the commands share (:func:`batch_puzzles`, :func:`grid_shape`, :func:`render_grid`).
Typer is imported only when a command builds its options.
"""

import contextlib
import sys

from ..errors import OutputError, SudokuError, UsageError
from ..streams import STDIO, open_puzzle_input, output_target, source_name
from .runtime import report


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
    check_stdin_once(*[("the input", path or "") for path in paths])
    return paths


def reads_stdin(path):
    """True when the input ``path`` is standard input: ``-`` or nothing, or a name of
    descriptor 0 (``/dev/stdin``, ``/dev/fd/0``).

    >>> reads_stdin("-"), reads_stdin("/dev/stdin"), reads_stdin("p.txt")
    (True, True, False)
    """
    return path in STDIO or output_target(path)[0] == 0


def check_stdin_once(*inputs):
    """The one rule of every command's inputs: standard input is read by one of them
    at most. ``inputs`` are ``(what, path)`` pairs: ``path`` None for an input not
    given, ``""`` for a positional input left out (which reads stdin). A UsageError
    names the two that would both read it.

    >>> check_stdin_once(("the solver output", ""), ("--cnf", "-"))
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.UsageError: standard input can be read once only, and both the solver output and --cnf - would read it: give one of them as a file
    """
    named = ["%s %s" % (what, path) if path else what
             for what, path in inputs if path is not None and reads_stdin(path)]
    if len(named) > 1:
        from ..errors import UsageError
        raise UsageError("standard input can be read once only, and both %s and %s would "
                         "read it: give one of them as a file" % tuple(named[:2]))


@contextlib.contextmanager
def batch_puzzles(path, prog, bar=None, strict_drawings=False, say=None, **read):
    """The puzzles of one input of a filter of several files (``sudoku-solve``,
    ``sudoku-grade``), read leniently (an unreadable puzzle is its error, and so is a
    file that cannot be opened, while the other files are still read), each with its
    drawings noted (by ``say``, see :func:`noted_drawings`); and a function that says
    when the input pauses (its lines so far are then due). ``read``: the reader's
    options (fmt, size, box, runs: see :func:`~dimacs_sudoku.formats.read_puzzles_lenient`)."""
    from ..formats import read_puzzles_lenient
    try:
        stream = open_puzzle_input(path)
    except OutputError as error:
        yield [error], lambda: False
        return
    stream.defer_errors = True
    with stream:
        items = read_puzzles_lenient(bar.lines(stream) if bar else stream,
                                     source_name(path), **read)
        yield _then_read_error(noted_drawings(items, prog, strict_drawings, lenient=True,
                                              bar=bar, say=say), stream), stream.waiting


def _then_read_error(items, stream):
    """``items``, then the error of a read that failed (a disk's, a terminal's that
    hung up) and so ended ``stream``: the input's last item, after every puzzle read
    before it, as a file that cannot be opened is its only item."""
    yield from items
    if stream.read_error is not None:
        yield stream.read_error


def jobs_option():
    """``--jobs N`` (``-j``): worker processes of a batch command (see
    :func:`batch_results`)."""
    import typer

    def checked(value):
        from .workers import check_jobs
        try:
            return check_jobs(value)
        except UsageError as error:
            raise typer.BadParameter(error.message)

    return typer.Option(1, "--jobs", "-j", metavar="N", callback=checked,
                        help="worker processes (default 1; 0: one per core): the same "
                             "output, in the same order (see docs/scaling.md)")


@contextlib.contextmanager
def batch_results(paths, prog, work, jobs=1, bar=None, strict_drawings=False,
                  pause=None, **read):
    """``(item, result)`` for every puzzle of the inputs ``paths`` of a batch command,
    in order, where ``result`` is ``work(item)``, computed by ``--jobs`` worker
    processes (:mod:`.workers`) or here; a puzzle that could not be read is its own
    error (``result is item``). ``pause()`` is called when the input pauses, once every
    result before it is yielded (the command flushes its output); ``read``: the
    reader's options (fmt, size, box), as for :func:`batch_puzzles`.

    A command with ``--jobs`` declares :func:`jobs_option` and reads through this;
    ``work`` returns what its lines need (picklable), and writes nothing itself.

    The reader runs ahead of the results (the workers' puzzles): what it says of a
    puzzle on stderr (its ignored drawings) is held and said when that puzzle's
    result is yielded, so that stderr keeps the puzzles' order as stdout does.

    With workers, consecutive 9x9 line puzzles are read as runs of text
    (:class:`~dimacs_sudoku.formats.line.LineRun`) that a worker makes into grids and
    answers one by one; each of its puzzles is then yielded as a :class:`Place` (its
    source and line) with its result, so that this process's cost per puzzle stays
    small beside the workers' (the measures in docs/benchmarks.md)."""
    from . import workers
    LineRun = None      # (the type of a run of lines: with workers only)
    current = [lambda: False]
    notes = {}          # id(item) -> what to say of it, while the pool holds it

    def waiting():
        return current[0]()

    def hold(item, note):
        notes.setdefault(id(item), []).append(note)

    def items():
        for path in paths:
            with batch_puzzles(path, prog, bar, strict_drawings, hold, **read) as (
                    found, wait):
                current[0] = wait
                yield from found

    def answer(item, number):
        if type(item) is not LineRun:
            return work(item, number)
        outcomes = []
        try:
            for grid in item.puzzles():
                outcomes.append(work(grid, number + len(outcomes)))
        except Exception as error:      # a bug: raised after the lines before it
            return outcomes, workers.picklable(error)
        return outcomes, None

    def in_order(results):
        for item, result in results:
            if type(item) is LineRun:
                yield from _run_results(item, result)
                continue
            said = notes.pop(id(item), None)
            if said:
                if bar:
                    bar.clear()
                for note in said:
                    report(prog, note)
            yield item, result

    def puzzles(item):
        return len(item) if type(item) is LineRun else 1

    with workers.Pool(answer, jobs, local=_unread, size=puzzles) as pool:
        if pool.jobs > 1:
            from ..formats.line import LineRun
            read["runs"] = pool.run_size
        tick = bar.tick if bar is not None else None
        yield in_order(pool.results(items(), waiting, pause, tick))


def _unread(item):
    return isinstance(item, SudokuError)


class Place:
    """Where a puzzle of a LineRun stands: what a batch command's loop reads of an
    item (its source and line)."""
    __slots__ = ("source", "line")

    def __init__(self, source, line):
        self.source, self.line = source, line


def _run_results(run, result):
    """``(Place, result)`` for each puzzle of the LineRun ``run``, from what the
    worker answered: its outcomes (then the error of a bug, raised), or one error
    for them all (the worker died)."""
    if isinstance(result, SudokuError):
        for k in range(len(run)):
            yield Place(run.source, run.line + k), type(result)(
                result.message, run.source, run.line + k)
        return
    outcomes, raised = result
    for k, outcome in enumerate(outcomes):
        yield Place(run.source, run.line + k), outcome
    if raised is not None:
        raise raised


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
    >>> completion("SYMMETRIES", "core.symmetry")("d")
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
    from ..formats import FORMATS, INPUT_FORMATS, PENCIL_FORMS
    return typer.Option(None, "--input-format", "-f", metavar="FORMAT",
                        autocompletion=completion(INPUT_FORMATS),
                        help="%s or %s, or one pencil-mark form: %s (default: detected; "
                        "any of them may be followed by rule lines)"
                        % (", ".join(FORMATS[:-1]), FORMATS[-1], ", ".join(PENCIL_FORMS)))


def strict_drawings_option():
    """``--strict-drawings``: refuse a puzzle with drawings it is solved without."""
    import typer
    return typer.Option(False, "--strict-drawings",
                        help="refuse (exit 3) an f-puzzles or SudokuPad puzzle with "
                             "drawings whose meaning only its rules text states (lines, "
                             "text, shapes), instead of reading it without them and "
                             "saying so on stderr")


def noted_drawings(items, prog, strict=False, lenient=False, bar=None, say=None):
    """The puzzles of a read, each with the drawings its reader left out
    (``grid.drawings``) said in one stderr line (under the progress ``bar``), or
    handed to ``say(item, note)`` to say at the puzzle's turn; with ``strict`` such a
    puzzle is a PuzzleError instead: raised, or with ``lenient`` yielded in its place
    (as a lenient read yields its errors, which pass through)."""
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
                note = PuzzleError("ignored %s (use --strict-drawings to refuse)" % what,
                                   item.source, item.line)
                if say is not None:
                    say(item, note)
                else:
                    if bar:
                        bar.clear()
                    report(prog, note)
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



def bounded_grid_shape(size, box, most, doing):
    """:func:`grid_shape`, and a UsageError when ``--size`` or ``--box`` asks for more
    than ``most`` x ``most``, the largest grid the command takes (``doing``: what it
    does, as :func:`dimacs_sudoku.core.grid.check_grid_size` says it)."""
    from ..core.grid import TOO_LARGE
    size, shape = grid_shape(size, box)
    if size is not None and size > most:
        raise UsageError("%s: %s takes grids up to %dx%d (%s)"
                         % ("--box %s makes a %dx%d grid" % (box, size, size) if box
                            else "--size %d" % size, doing, most, most, TOO_LARGE))
    return size, shape


def check_output_format(name):
    """Raise :class:`UsageError` unless ``name`` is an output format of
    :mod:`dimacs_sudoku.formats` (the one place that knows them)."""
    from ..formats import check_output_format as check
    check(name)


def report_format(as_json, output_format, formats):
    """The output format of a report command (sudoku-analyze, sudoku-explain):
    ``--json`` is ``--format json``; a UsageError for a clash or a name not in
    ``formats``."""
    if as_json:
        if output_format not in ("text", "json"):
            raise UsageError("--json is --format json; it does not go with --format %s"
                             % output_format)
        output_format = "json"
    if output_format not in formats:
        raise UsageError("--format takes %s, not %r" % (", ".join(formats), output_format))
    return output_format


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
