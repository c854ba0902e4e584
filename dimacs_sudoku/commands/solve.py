"""sudoku-solve: many puzzles in, one line per puzzle out, in one process."""

import json
import sys
import time
from typing import Optional

import typer

from ..errors import (EXIT_SEVERAL, InvalidModel, PuzzleError, SolverError, UnknownResult,
                      UsageError)
from . import common

PROG = "sudoku-solve"

HELP = """Solve many Sudoku puzzles in one process: one output line per puzzle, in order.

\b
Reads PUZZLES (a file, or stdin for - or nothing; .gz, .xz, .bz2 are unpacked) in
any format sudoku2cnf reads, many puzzles per file. Each puzzle is propagated
(naked and hidden singles, box-line eliminations), and what is left becomes a
small reduced SAT problem for the --engine:
  pysat     a fresh MiniCard solver per puzzle (python-sat, the optional extra
            dimacs-sudoku[fast]; faster on hard puzzles)
  pycosat   the bundled picosat
  auto      pysat when python-sat is installed, else pycosat (the default)
Both give the same output lines with --count 2 or more.

\b
Output, one line per puzzle (--format line, the default):
  SOLUTION            the solution in one-line form
  -                   no solution
  error<TAB>MESSAGE   the puzzle could not be read (file:line: why)
With --count K each line is SOLUTION<TAB>COUNT, where COUNT is the number of
solutions up to K (- when COUNT is 0), so --unique (--count 2) prints 1 for a
proper puzzle and 2 for one with several solutions. SOLUTION is the first one
found; for a puzzle with several, with --count, the first the bundled picosat
finds, so the output is the same whatever --engine or --solver. --format grid,
json, svg or html renders each solution instead (json is one object per line,
with "count" and "error" fields).

\b
Examples:
  sudoku-solve top95.txt
  sudoku-solve --unique 17-clue.txt > checked.txt
  parallel --pipe -k -N 1000 sudoku-solve --count 2 < big.txt > out.txt
  sudoku-solve --solver cadical --format grid puzzle.txt
  sudoku-solve --engine pycosat --unique top95.txt

\b
stderr: a progress bar (rate, ETA) and a one-line summary (puzzles, solved,
none, several, errors, time) when stderr is a terminal; in pipes it stays quiet
but for errors, unless --summary asks for the summary line.

\b
Exit codes:
""" + common.exit_code_table([0, 2, 3, 7, 8, 9])

# Failures of one puzzle's solve that become its error line: a wrong model (from any
# engine or program), a solver that crashed or gave up on it.
PER_PUZZLE = (InvalidModel, SolverError, UnknownResult)

# Output is handed to the stream in blocks of this many puzzles.
BLOCK = 512

app = common.make_app(HELP)


@app.command(help=HELP)
def sudoku_solve(
    puzzles: Optional[str] = common.input_argument("PUZZLES", "puzzle file"),
    output: Optional[str] = common.output_option(),
    count: Optional[int] = typer.Option(None, "--count", "-c", metavar="K",
                                        help="count solutions up to K; print SOLUTION<TAB>COUNT"),
    unique: bool = typer.Option(False, "--unique", "-u", help="the same as --count 2"),
    output_format: str = typer.Option("line", "--format", "-F", metavar="FORMAT",
                                      help="line, grid, json, svg or html"),
    engine: str = typer.Option("auto", "--engine", "-e", metavar="ENGINE",
                               help="auto, pysat or pycosat (the in-process SAT solver)"),
    solver: Optional[str] = typer.Option(None, "--solver", "-s", metavar="NAME",
                                         help="an external SAT solver instead of --engine"),
    size: Optional[int] = common.size_option(),
    box: Optional[str] = common.box_option(),
    input_format: Optional[str] = common.input_format_option(),
    summary: bool = typer.Option(False, "--summary",
                                 help="print the summary line on stderr even in a pipe"),
    progress: Optional[bool] = typer.Option(None, "--progress/--no-progress",
                                            help="the progress bar (default: on a terminal)"),
):
    return common.run(PROG, solve_command, puzzles, output, count, unique, output_format,
                      solver, size, box, input_format, summary, progress, engine)


class Progress:
    """A one-line progress bar on stderr: puzzles done, rate, and an ETA when the
    total is known (from the input file's line count)."""

    def __init__(self, total=None):
        self.total = total
        self.started = time.monotonic()
        self.last = 0.0
        self.width = 0

    def update(self, done, force=False):
        now = time.monotonic()
        if not force and now - self.last < 0.2:
            return
        self.last = now
        elapsed = max(now - self.started, 1e-9)
        rate = done / elapsed
        if self.total:
            share = min(done / self.total, 1.0)
            bar = "#" * int(30 * share)
            left = (self.total - done) / rate if rate else 0
            text = "[%-30s] %d/%d  %.0f/s  ETA %s" % (bar, done, self.total, rate,
                                                     _duration(left))
        else:
            text = "%d puzzles  %.0f/s  %s" % (done, rate, _duration(elapsed))
        pad = max(self.width - len(text), 0)
        self.width = len(text)
        sys.stderr.write("\r" + text + " " * pad)
        sys.stderr.flush()

    def close(self):
        if self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


def _duration(seconds):
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return "%ds" % seconds
    if seconds < 3600:
        return "%dm%02ds" % divmod(seconds, 60)
    hours, rest = divmod(seconds, 3600)
    return "%dh%02dm" % (hours, rest // 60)


def _count_lines(path):
    """Lines in a plain file (an upper bound on its one-line puzzles), or None."""
    if path in common.STDIO or str(path).endswith((".gz", ".xz", ".bz2")):
        return None
    try:
        with open(path, "rb") as raw:
            lines = 0
            for block in iter(lambda: raw.read(1 << 20), b""):
                lines += block.count(b"\n")
            return lines or None
    except OSError:
        return None


_LINE_TABLES = {}


def line_form(cells, size):
    """The one-line form of a complete grid (like Grid.to_line, but faster)."""
    if size > 35:
        return " ".join(map(str, cells))
    table = _LINE_TABLES.get(size)
    if table is None:
        from ..grid import SYMBOLS
        table = _LINE_TABLES[size] = bytes(
            ord(SYMBOLS[v - 1]) if 1 <= v <= size else ord(".") for v in range(256))
    return bytes(cells).translate(table).decode("ascii")


def solve_command(puzzles, output, count, unique, output_format, solver, size, box,
                  input_format, summary, progress, engine="auto"):
    from ..batch import ENGINES, resolve_engine, solve_cells
    from ..grid import parse_box
    from ..puzzle import read_puzzles_lenient

    if unique:
        if count not in (None, 2):
            raise UsageError("--unique is --count 2; it does not go with --count %d" % count)
        count = 2
    if count is not None and count < 1:
        raise UsageError("--count takes a number of solutions of at least 1, not %d" % count)
    common.check_output_format(output_format)
    if engine not in ENGINES:
        raise UsageError("--engine takes %s, not %r" % (", ".join(ENGINES), engine))
    engine = resolve_engine(engine)             # exit 2 when pysat is not installed
    if solver is not None:
        from ..solvers import solver_command
        solver = solver.strip()
        if solver in ("bundled", "pycosat"):
            solver = None
            engine = "pycosat"
        else:
            import shutil
            from ..errors import SolverError
            program = solver_command(solver).argv[0]
            if shutil.which(program) is None:      # fail now, not once per puzzle
                raise SolverError("solver %r not found (%s is not on PATH)"
                                  % (solver, program))
    box_shape = parse_box(box, size) if box else None
    source = common.source_name(puzzles)
    interactive = sys.stderr.isatty()
    show_progress = interactive if progress is None else progress
    show_summary = interactive or summary
    bar = Progress(_count_lines(puzzles)) if show_progress else None

    limit = count or 1
    canonical = limit > 1
    done = solved = none = several = errors = 0
    started = time.monotonic()
    pending = []
    flush_every = 1 if output_format != "line" or bar else BLOCK
    with common.open_text_input(puzzles) as stream, common.AtomicOutput(output) as out:
        items = read_puzzles_lenient(stream, source, fmt=input_format, size=size,
                                     box=box_shape)
        for item in items:
            done += 1
            if isinstance(item, PuzzleError):
                errors += 1
                common.report(PROG, item)
                pending.append(_error_text(item, output_format, count))
            else:
                try:
                    solutions, n = solve_cells(item, limit, solver, engine, canonical)
                except PER_PUZZLE as error:
                    # This puzzle's line says why; the others neither stop nor shift.
                    errors += 1
                    if error.source is None:
                        error.source, error.line = item.source, item.line
                    common.report(PROG, error)
                    pending.append(_error_text(error, output_format, count))
                    if output_format == "svg":
                        raise
                    continue
                if n == 0:
                    none += 1
                else:
                    solved += 1
                    if n > 1:
                        several += 1
                pending.append(_result_text(item, solutions, n, output_format, count))
            if output_format == "svg":
                if done > 1:
                    raise common.one_svg("%s holds several puzzles" % source)
                continue
            if len(pending) >= flush_every:
                out.write("".join(pending))
                pending.clear()
                if bar:
                    bar.update(done)
        out.write("".join(pending))
    if bar:
        bar.close()
    if show_summary:
        elapsed = time.monotonic() - started
        common.report(PROG, "%d puzzles: %d solved, %d with no solution, %d with several%s, "
                      "%d unreadable; %.2f s (%.0f us/puzzle)"
                      % (done, solved, none, several,
                         "" if count and count > 1 else " (not counted)", errors, elapsed,
                         elapsed / done * 1e6 if done else 0))
    return EXIT_SEVERAL if errors else 0


def _result_text(puzzle, solutions, n, output_format, count):
    size = puzzle.size
    if output_format == "line":
        text = line_form(solutions[0], size) if solutions else "-"
        if count is None:
            return text + "\n"
        return "%s\t%d\n" % (text, n)
    if output_format == "json":
        if solutions:
            from ..batch import _make_grid
            obj = _make_grid(solutions[0], puzzle).to_json(puzzle)
        else:
            obj = {"size": size, "box": list(puzzle.layout.box), "grid": None,
                   "line": None, "givens": puzzle.to_line()}
        if count is not None:
            obj["count"] = n
        return json.dumps(obj, separators=(",", ":")) + "\n"
    if not solutions:
        text = "-\n"
    else:
        from ..batch import _make_grid
        text = common.render_grid(_make_grid(solutions[0], puzzle), output_format, puzzle)
    if count is not None:
        text += "count: %d\n" % n
    return text + ("\n" if output_format == "grid" else "")


def _error_text(error, output_format, count):
    if output_format == "json":
        obj = {"error": error.message, "source": error.source, "line": error.line}
        if count is not None:
            obj["count"] = None
        return json.dumps(obj, separators=(",", ":")) + "\n"
    text = "error\t%s\n" % error.describe().replace("\t", " ").replace("\n", " ")
    return text + ("\n" if output_format == "grid" else "")


def main():
    return common.main(app, PROG)
