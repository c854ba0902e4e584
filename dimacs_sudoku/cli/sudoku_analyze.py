"""sudoku-analyze: puzzles in, one report per puzzle out (solutions, true candidates,
backbone, redundant givens and rules, minimal givens, the clash of a broken puzzle)."""

import json
from functools import partial
from typing import List, Optional

import typer

from ..errors import EXIT_SEVERAL, InvalidModel, PuzzleError, SolverError, SudokuError, \
    UsageError
from .. import streams
from . import options, runtime

PROG = "sudoku-analyze"

FORMATS = ("text", "json", "svg", "html")

HELP = """Analyse Sudoku puzzles for their setter: one report per puzzle.

\b
Reads PUZZLES (files, or stdin for - or none; .gz, .xz, .bz2 are
unpacked), in any format sudoku2cnf reads (variant rules too), many
puzzles per file, and answers on one incremental SAT solver:
  solutions         the number of solutions up to --cap K, and whether
                    there are more (capped)
  candidates        per cell, the digits of at least one solution (the
                    true candidates); --counts: how many solutions each
  backbone          the cells with one digit in every solution
  redundant_givens  (exactly one solution) each given whose removal
                    alone keeps one solution
  redundant_rules   (exactly one solution) each rule instance (a cage,
                    a thermometer, a dot) whose removal alone keeps one
  minimal_givens    (exactly one solution) a subset-minimal set of
                    givens that still forces it, the rules kept (above
                    16x16 each test has a --budget; one it cannot decide
                    keeps its given, and stderr says so;
                    --no-minimal-givens skips it)
A question that does not apply is null (json), and the text says why.
  core              (no solution) a subset-minimal set of givens and
                    rules that together have no solution, named as the
                    puzzle names them (r3c5=7, thermo r1c1 r1c2 r1c3)
  fewest_givens_to_remove  (no solution) the fewest givens whose removal
                    makes it solvable (up to --max-remove of them)
  fewest_not_found  when there is no such list for a puzzle with no
                    solution, why: rules_clash_alone, more_than_max_remove
                    or budget (a search ran out of its --budget)
Every solution used is checked against the rules and the givens.

\b
--format text (the default): a pencil-mark grid of the true candidates
and the lists; json (or --json): one object per line with exactly the
keys above and solver_calls (cells as r1c1, digits in the puzzle's
notation); svg (one puzzle) or html: the grid with the pencil marks,
the backbone in blue, the redundant givens outlined in orange and the
core's cells in red, with the rules' own marks. No solution is a
result (exit 0); a puzzle that cannot be read is an error line
(error<TAB>FILE:LINE: MESSAGE) and exit 9 at the end.

\b
--jobs N works in N worker processes (0: one per core): the same output in
the same order; a worker that dies is its puzzles' error line (exit 9). See
docs/scaling.md.

\b
Sizes: grids up to 25x25 (one with half its cells given takes 31 s
with python-sat; without it keep to 16x16). A larger puzzle is refused
at once, before any memory is spent on it: its error line, and exit 9
at the end; --size or --box above 25x25 is exit 2.

\b
Examples:
  sudoku-analyze puzzle.txt
  sudoku-analyze --json --cap 1000 draft.txt
  sudoku-analyze --format svg -o marks.svg thermo.txt

\b
Exit codes:
""" + runtime.exit_code_table([0, 2, 3, 7, 8, 9])

PER_PUZZLE = (InvalidModel, SolverError)

app = runtime.make_app(HELP)


@app.command(help=HELP)
def sudoku_analyze(
    puzzles: Optional[List[str]] = options.inputs_argument("PUZZLES...", "puzzle file"),
    output: Optional[str] = options.output_option(),
    cap: int = typer.Option(100, "--cap", metavar="K",
                            help="count solutions up to K (default 100, at most 10000)"),
    counts: bool = typer.Option(False, "--counts",
                                help="for each true candidate, the number of solutions "
                                     "holding it, up to the cap"),
    output_format: str = typer.Option("text", "--format", "-F", metavar="FORMAT",
                                      autocompletion=options.completion(FORMATS),
                                      help="text, json, svg or html"),
    as_json: bool = typer.Option(False, "--json", help="the same as --format json"),
    minimal: bool = typer.Option(True, "--minimal-givens/--no-minimal-givens",
                                 help="look for a subset-minimal set of givens"),
    max_remove: int = typer.Option(5, "--max-remove", metavar="M",
                                   help="fewest_givens_to_remove looks up to M givens"),
    budget: Optional[int] = typer.Option(
        None, "--budget", metavar="P",
        help="SAT propagations per test of the minimal givens and per search of the "
             "fewest givens to remove (default: no limit up to 16x16, 100000 above; 0: "
             "no limit)"),
    engine: str = typer.Option("auto", "--engine", metavar="ENGINE",
                               help="auto, pysat, pycosat or pysat:NAME (the in-process "
                                    "SAT solver)"),
    size: Optional[int] = options.size_option(),
    box: Optional[str] = options.box_option(),
    input_format: Optional[str] = options.input_format_option(),
    strict_drawings: bool = options.strict_drawings_option(),
    jobs: int = options.jobs_option(),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, analyze_command, puzzles, output, cap, counts, output_format,
                      as_json, minimal, max_remove, engine, size, box, input_format,
                      strict_drawings, budget, jobs)


def analyze_command(puzzles, output, cap=100, counts=False, output_format="text",
                    as_json=False, minimal=True, max_remove=5, engine="auto", size=None,
                    box=None, input_format=None, strict_drawings=False, budget=None,
                    jobs=1):
    from ..tasks.solving import MAX_COUNT
    from ..tasks.analyze import MAX_ANALYZE_SIZE
    from ..sat import backend

    output_format = options.report_format(as_json, output_format, FORMATS)
    if not 1 <= cap <= MAX_COUNT:
        raise UsageError("--cap counts from 1 to %d solutions, not %d" % (MAX_COUNT, cap))
    if max_remove < 0:
        raise UsageError("--max-remove takes a number of givens, not %d" % max_remove)
    if budget is not None and budget < 0:
        raise UsageError("--budget takes a number of propagations, not %d" % budget)
    backend(engine)                     # an unknown engine, a missing python-sat: now
    size, box_shape = options.bounded_grid_shape(size, box, MAX_ANALYZE_SIZE, "analysis")
    paths = options.check_inputs(puzzles)
    errors = done = 0

    def work(puzzle, number):
        """One puzzle's report (and the warnings that go before it), in a worker of
        --jobs or here; or the error that is its line."""
        warnings = []
        try:
            text = analyzed(puzzle, output_format, cap=cap, counts=counts, engine=engine,
                            max_remove=max_remove, minimal=minimal, budget=budget,
                            warn=warnings.append)
        except (PuzzleError,) + PER_PUZZLE as error:
            if error.source is None:
                error.source, error.line = puzzle.source, puzzle.line
            return error
        return text, warnings

    with streams.AtomicOutput(output) as out:
        if output_format == "html":
            out.write('<div class="dimacs-sudoku-analysis">\n')
        with options.batch_results(paths, PROG, work, jobs, None, strict_drawings,
                                   out.flush, fmt=input_format, size=size,
                                   box=box_shape) as results:
            for item, result in results:
                done += 1
                if output_format == "svg" and done > 1:
                    raise options.one_svg("the input holds several puzzles")
                if isinstance(result, SudokuError):
                    errors += 1
                    runtime.report(PROG, result)
                    out.write(streams.fit_stream(_error_text(result, output_format), out))
                    continue
                text, warnings = result
                for warning in warnings:
                    runtime.report(PROG, warning)
                out.write(text)
        if output_format == "html":
            out.write("</div>\n")
    return EXIT_SEVERAL if errors else 0


def analyzed(grid, output_format, warn=None, **options):
    """The report of ``grid`` in ``output_format``; ``warn(error)`` takes what stderr
    should say about it (reported at once without ``warn``). A grid above 9x9 is
    analysed in a forked child while the command catches signals: the solver holds
    the interpreter during each search, which on a large grid may take seconds, and a
    signal must end the program at once."""
    from ..tasks.analyze import analyze, check_size
    from ..tasks.solving import LONG_SEARCH_VARS
    from ..sat.process import fork_to_stay_interruptible, run_forked

    check_size(grid)                    # here, before a child is forked for it

    said = warn or partial(runtime.report, PROG)

    def text(warnings):
        report = analyze(grid, **options)
        if report.undecided:
            warnings.append(
                "minimal_givens may not be minimal: %s undecided within the "
                "budget (--budget)" % counted(report.undecided, "removal"))
        return report_text(report, output_format)

    warnings = []
    if grid.size ** 3 <= LONG_SEARCH_VARS or not fork_to_stay_interruptible(None):
        found = text(warnings)
    else:
        def payload():
            try:        # the text, then each warning, NUL between
                return b"+" + "\0".join([text(warnings)] + warnings).encode("utf-8")
            except PER_PUZZLE as error:
                return b"-" + error.message.encode("utf-8")

        found = run_forked(payload, None, "the analysis").decode("utf-8")
        if found[0] == "-":
            raise InvalidModel(found[1:], grid.source, grid.line)
        found, *warnings = found[1:].split("\0")
    for warning in warnings:
        said(PuzzleError(warning, grid.source, grid.line))
    return found


def report_text(report, output_format):
    """One puzzle's report in ``output_format`` (text, json, svg, html)."""
    if output_format == "json":
        return json.dumps(report.to_json(), separators=(",", ":")) + "\n"
    if output_format in ("svg", "html"):
        svg = picture(report)
        if output_format == "svg":
            return svg + "\n"
        return "<figure>\n%s\n<figcaption><pre>%s</pre></figcaption>\n</figure>\n" % (
            svg, _escape(lists_text(report)))
    return text_report(report)


def picture(report):
    """The SVG picture of a report: pencil marks, backbone, redundant givens, core."""
    from ..pictures.svg import analysis_svg
    from ..pictures.marks import rule_cells
    core_cells = []
    for item in report.core or ():
        core_cells += [item[0]] if isinstance(item, tuple) else rule_cells(item)
    return analysis_svg(report.puzzle, report.candidates,
                        [cell for cell, _ in report.redundant_givens or ()],
                        sorted(set(core_cells)))


def _escape(text):
    from xml.sax.saxutils import escape
    return escape(text)


def text_report(report):
    """The text form: where the puzzle was read, the pencil-mark grid (the puzzle when
    it has no solution), the lists."""
    grid = report.puzzle
    where = grid.source or "<stdin>"
    if grid.line is not None:
        where += ":%d" % grid.line
    # With no solution there is no candidate to draw: the puzzle itself instead (a
    # pencil-mark puzzle's own candidates, in HoDoKu's grid).
    if report.solutions:
        drawing = pencil_marks(report)
    elif grid.removed and grid.size == 9:
        from ..formats import write_grid
        drawing = write_grid(grid, "hodoku").rstrip("\n")
    else:
        drawing = grid.to_text()
    return "puzzle: %s\n%s\n%s\n" % (where, drawing, lists_text(report))


def counted(n, noun):
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    >>> counted(1, "cell"), counted(0, "given")
    ('1 cell', '0 givens')
    """
    return "%d %s%s" % (n, noun, "" if n == 1 else "s")


def lists_text(report):
    """The short lists of the text form, one line each."""
    data = report.to_json()
    lines = ["solutions: %d%s" % (data["solutions"], " or more (capped)" if data["capped"]
                                  else "")]
    givens = report.puzzle.givens_count()
    if data["solutions"]:
        lines.append("backbone: %s (%d beyond the %s)"
                     % (counted(len(data["backbone"]), "cell"),
                        len(data["backbone"]) - givens, counted(givens, "given")))
    if data["capped"] or data["solutions"] != 1:
        lines.append("redundant givens, redundant rules, minimal givens: do not apply "
                     "(they ask about a puzzle with exactly one solution; it has %s)"
                     % ("none" if not data["solutions"] else "more than %d"
                        % data["solutions"] if data["capped"] else data["solutions"]))
    for key in ("redundant_givens", "redundant_rules", "minimal_givens", "core",
                "fewest_givens_to_remove"):
        items = data[key]
        if items is None or (key == "redundant_rules" and not report.puzzle.rules):
            if key == "fewest_givens_to_remove" and data["fewest_not_found"]:
                lines.append("fewest givens to remove: not found: " + {
                    "rules_clash_alone": "the rules clash without any given",
                    "more_than_max_remove": "more than %d (--max-remove)"
                                            % report.max_remove,
                    "budget": "a search ran out of its budget (--budget)",
                }[data["fewest_not_found"]])
            continue
        label = key.replace("_", " ")
        if key == "minimal_givens":
            label += " (%d of %d%s)" % (len(items), givens, "; %s undecided "
                                        "within the budget: may not be minimal"
                                        % counted(report.undecided, "removal")
                                        if report.undecided else "")
        if key == "redundant_rules" or (key == "core" and any(" " in i for i in items)):
            lines.append("%s:%s" % (label, "".join("\n  " + i for i in items)
                                    if items else " none"))
        else:
            lines.append("%s: %s" % (label, " ".join(items) if items else "none"))
    if "counts" in data:
        lines.append("solutions per candidate:")
        lines.extend("  %s: %s" % (cell, " ".join("%s=%d" % item for item in found.items()))
                     for cell, found in data["counts"].items() if len(found) > 1)
    lines.append("solver calls: %d" % data["solver_calls"])
    return "\n".join(lines)


def pencil_marks(report):
    """The grid of true candidates of a puzzle with a solution: each cell its digits
    in a row, the columns padded to their widest cell, boxes ruled as in the boxed
    text form."""
    from ..core.notation import alphabet, symbol
    grid = report.puzzle
    n = grid.size
    symbols = grid.symbols
    joiner = "" if alphabet(n, symbols) else ","
    texts = [joiner.join(symbol(d, n, symbols) for d in digits)
             for digits in report.candidates]
    widths = [max(len(texts[r * n + c]) for r in range(n)) for c in range(n)]
    br, bc = grid.layout.box
    if grid.layout.regions is not None and br == 1:
        br = n
    rule = "+" + "+".join("-" * (sum(widths[b:b + bc]) + bc + 1)
                          for b in range(0, n, bc)) + "+"
    lines = [rule]
    for r in range(n):
        parts = [" ".join(texts[r * n + c].ljust(widths[c]) for c in range(b, b + bc))
                 for b in range(0, n, bc)]
        lines.append("| " + " | ".join(parts) + " |")
        if (r + 1) % br == 0:
            lines.append(rule)
    return "\n".join(lines)


def _error_text(error, output_format):
    if output_format == "json":
        return json.dumps({"error": error.message, "source": error.source,
                           "line": error.line}, separators=(",", ":")) + "\n"
    return "error\t%s\n" % error.describe().replace("\t", " ").replace("\n", " ")


def main():
    return runtime.main(app, PROG)


if __name__ == "__main__":
    raise SystemExit(main())
