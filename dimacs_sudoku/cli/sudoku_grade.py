"""sudoku-grade: puzzles in, the weakest SAT reasoning that solves each one out."""

import sys
import time
from collections import Counter
from typing import List, Optional

import typer

from ..errors import EXIT_SEVERAL, PuzzleError, SudokuError, UsageError
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
With --rating, a fourth column RATING: the cost of the hardest step of the
puzzle's explanation (sudoku-explain), as Sudoku Explainer rates a puzzle by
its hardest technique (docs/explain.md), or - for a grid above 16x16.
The search branches on the open clause with the fewest free literals (the
first one on a tie: cells, then rows, columns, boxes), setting its first free
literal true, and backtracks chronologically; the second branch is not
counted. A puzzle with several solutions is always search: nothing forces a
choice.

\b
A puzzle that cannot be read gives the line error<TAB>FILE:LINE: MESSAGE, is
reported on stderr, and the others go on (exit code 9 at the end).

\b
--jobs N works in N worker processes (0: one per core): the same output in
the same order; a worker that dies is its puzzles' error line (exit 9). See
docs/scaling.md.

\b
Examples:
  sudoku-grade top95.txt
  sudoku-grade --summary 17-clue.txt | cut -f2 | sort | uniq -c
  sudoku-grade easy.txt hard.txt > grades.txt
  sudoku-gen --count 20 --seed 1 | sudoku-grade --encoding minimal
  sudoku-grade --rating top95.txt | sort -t$'\t' -k4 -g

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
    rating: bool = typer.Option(False, "--rating",
                                help="add the explanation's rating (the cost of its "
                                     "hardest step) as a fourth column"),
    jobs: int = options.jobs_option(),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, grade_command, puzzles, output, encoding, size, box,
                      input_format, summary, progress, strict_drawings, rating, jobs)


def grade_command(puzzles, output, encoding, size, box, input_format, summary,
                  progress=None, strict_drawings=False, rating=False, jobs=1):
    from ..encodings import ENCODINGS
    from ..tasks.grade import LEVELS, MAX_GRADE_SIZE, check_size, grade
    from ..formats import puzzle_line

    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    size, box_shape = options.bounded_grid_shape(size, box, MAX_GRADE_SIZE, "grading")
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
    def work(puzzle, number):
        """One puzzle's grade and line, in a worker of --jobs or here; or the error
        that is its line (a grid too large to grade)."""
        try:
            check_size(puzzle)
        except PuzzleError as error:
            return error
        result = grade(puzzle, encoding)
        extra = "\t%s" % rating_text(puzzle) if rating else ""
        return result.level, result.decisions, "%s\t%s\t%d%s\n" % (
            puzzle_line(puzzle), result.level, result.decisions, extra)

    with streams.AtomicOutput(output) as out:
        write = progress_bar.writer(bar)
        with options.batch_results(paths, PROG, work, jobs, bar, strict_drawings,
                                   out.flush, fmt=input_format, size=size,
                                   box=box_shape) as results:
            for item, result in results:
                if isinstance(result, SudokuError):
                    errors += 1
                    if bar:
                        bar.clear()
                    runtime.report(PROG, result)
                    write(out, streams.fit_stream(
                        "error\t%s\n" % result.describe().replace("\t", " "), out))
                else:
                    level, steps, text = result
                    counts[level] += 1
                    if level == "search":
                        decisions.append(steps)
                    write(out, text)
                if interactive:         # the line is due now
                    out.flush()
                if bar:
                    bar.update(errors + sum(counts.values()))
        if bar:
            bar.close()
    if show_summary:
        elapsed = time.monotonic() - started
        write_summary(counts, decisions, errors, elapsed, LEVELS)
    return EXIT_SEVERAL if errors else 0


def rating_text(grid):
    """The RATING column of a puzzle: its explanation's rating, ``-`` above the
    largest grid explained."""
    from ..tasks.explain import MAX_SIZE, explain_puzzle
    if grid.size > MAX_SIZE:
        return "-"
    return "%.2f" % explain_puzzle(grid).rating


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
