"""sudoku-grade: puzzles in, the weakest SAT reasoning that solves each one out."""

import sys
import time
from collections import Counter
from typing import List, Optional

import typer

from ..errors import EXIT_SEVERAL, OutputError, PuzzleError, UsageError
from .. import streams
from . import options, runtime
from . import progress as progress_bar

PROG = "sudoku-grade"

HELP = """Grade Sudoku puzzles by the weakest SAT reasoning that solves them.

\b
Reads PUZZLES (files, or stdin for - or none; .gz, .xz, .bz2 are unpacked) in
any format sudoku2cnf reads, many puzzles per file, and writes one line per
puzzle, in input order:
  PUZZLE<TAB>LEVEL<TAB>DECISIONS
where PUZZLE is the one-line form (a puzzle with rules: its json object, which
keeps them) and LEVEL, on the puzzle's CNF (the extended
encoding unless --encoding says otherwise), is the first of:
  up      unit propagation from the givens assigns every variable
  probe   failed-literal probing to a fixpoint (assume each free literal; if
          unit propagation then fails, assert its negation) finishes it
  search  a DPLL search with unit propagation is needed; DECISIONS says how
          many decisions it made to find a solution (0 for up and probe)
  none    the puzzle has no solution
The search branches on the open clause with the fewest free literals (the
first one on a tie: cells, then rows, columns, boxes), setting its first free
literal true, and backtracks chronologically; the second branch is not
counted. A puzzle with several solutions is always search: nothing forces a
choice.

\b
A puzzle that cannot be read gives the line error<TAB>FILE:LINE: MESSAGE, is
reported on stderr, and the others go on (exit code 9 at the end).

\b
Examples:
  sudoku-grade top95.txt
  sudoku-grade --summary 17-clue.txt | cut -f2 | sort | uniq -c
  sudoku-grade easy.txt hard.txt > grades.txt
  sudoku-gen --count 20 --seed 1 | sudoku-grade --encoding minimal

\b
stderr: on a terminal, a progress bar (puzzles, share of the input read,
rate, ETA) and then a table of the levels, their share and the time taken;
--summary asks for the table in a pipe too, --progress for the bar.

\b
Exit codes:
""" + runtime.exit_code_table([0, 2, 3, 8, 9])

app = runtime.make_app(HELP)


@app.command(help=HELP)
def sudoku_grade(
    puzzles: Optional[List[str]] = options.inputs_argument("PUZZLES...", "puzzle file"),
    output: Optional[str] = options.output_option(),
    encoding: str = typer.Option("extended", "--encoding", "-e", metavar="NAME",
                                 autocompletion=options.completion("ENCODINGS", "encodings"),
                                 help="minimal, efficient or extended"),
    size: Optional[int] = options.size_option(),
    box: Optional[str] = options.box_option(),
    input_format: Optional[str] = options.input_format_option(),
    summary: bool = typer.Option(False, "--summary",
                                 help="print the table of levels on stderr even in a pipe"),
    progress: Optional[bool] = options.progress_option(),
    strict_drawings: bool = options.strict_drawings_option(),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, grade_command, puzzles, output, encoding, size, box,
                      input_format, summary, progress, strict_drawings)


def grade_command(puzzles, output, encoding, size, box, input_format, summary,
                  progress=None, strict_drawings=False):
    from ..encodings import ENCODINGS
    from ..tasks.grade import LEVELS, MAX_GRADE_SIZE, check_size, grade
    from ..formats import puzzle_line

    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    size, box_shape = options.grid_shape(size, box)
    if size is not None and size > MAX_GRADE_SIZE:
        raise UsageError("%s: grading takes grids up to %dx%d (larger ones take minutes "
                         "and gigabytes)" % ("--box %s makes a %dx%d grid" % (box, size, size)
                                             if box else "--size %d" % size,
                                             MAX_GRADE_SIZE, MAX_GRADE_SIZE))
    paths = options.check_inputs(puzzles)
    show_summary = summary or sys.stderr.isatty()
    counts = Counter()
    decisions = []
    errors = 0
    started = time.monotonic()
    bar = progress_bar.start(progress, output=output)
    if bar:
        bar.measure(paths)
    interactive = sys.stdout.isatty() and output in streams.STDIO
    with streams.AtomicOutput(output) as out:
        write = progress_bar.writer(bar)
        for path in paths:
            with options.batch_puzzles(path, PROG, bar, strict_drawings, fmt=input_format,
                                      size=size, box=box_shape) as (items, waiting):
                for item in items:
                    if not isinstance(item, (PuzzleError, OutputError)):
                        try:
                            check_size(item)
                        except PuzzleError as error:
                            item = error
                    if isinstance(item, (PuzzleError, OutputError)):
                        errors += 1
                        if bar:
                            bar.clear()
                        runtime.report(PROG, item)
                        write(out, streams.fit_stream(
                            "error\t%s\n" % item.describe().replace("\t", " "), out))
                    else:
                        result = grade(item, encoding)
                        counts[result.level] += 1
                        if result.level == "search":
                            decisions.append(result.decisions)
                        write(out, "%s\t%s\t%d\n" % (puzzle_line(item), result.level,
                                                     result.decisions))
                    if interactive or waiting():     # the line is due now
                        out.flush()
                    if bar:
                        bar.update(errors + sum(counts.values()))
        if bar:
            bar.close()
    if show_summary:
        elapsed = time.monotonic() - started
        write_summary(counts, decisions, errors, elapsed, LEVELS)
    return EXIT_SEVERAL if errors else 0


def write_summary(counts, decisions, errors, elapsed, levels):
    """The table of levels on stderr."""
    total = sum(counts.values())
    lines = ["%s: %d puzzles graded in %.2f s (%.2f ms/puzzle)%s"
             % (PROG, total, elapsed, 1000 * elapsed / total if total else 0,
                ", %d unreadable" % errors if errors else "")]
    for level in levels:
        share = 100.0 * counts[level] / total if total else 0.0
        extra = ""
        if level == "search" and decisions:
            ordered = sorted(decisions)
            extra = "  decisions: median %d, max %d" % (ordered[len(ordered) // 2],
                                                         ordered[-1])
        lines.append("  %-6s %8d  %5.1f%%%s" % (level, counts[level], share, extra))
    try:
        sys.stderr.write("\n".join(lines) + "\n")
    except (OSError, ValueError):
        pass


def main():
    return runtime.main(app, PROG)


if __name__ == "__main__":
    raise SystemExit(main())
