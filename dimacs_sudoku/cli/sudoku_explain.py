"""sudoku-explain: puzzles in, the steps that solve each one out, each a few clauses of
the puzzle's own CNF that a program can replay by unit propagation."""

import json
from typing import List, Optional

import typer

from ..errors import EXIT_SEVERAL, EXIT_UNKNOWN, OutputError, PuzzleError, SudokuError, UsageError
from .. import streams
from . import options, runtime

PROG = "sudoku-explain"

FORMATS = ("text", "json", "svg", "html-page")

TRACE_LIMIT = 1000

HELP = """Explain Sudoku puzzles step by step, easiest step first.

\b
Reads PUZZLES (files, or stdin for - or none; .gz, .xz, .bz2 are unpacked)
in any format sudoku2cnf reads (variant rules too, up to 16x16), many
puzzles per file. Each step places a digit (r5c5=4) or removes candidates
(r1c1!=5); its reason is a subset-minimal set of clauses of the puzzle's
CNF (what sudoku2cnf PUZZLE writes) plus facts known before it, from which
unit propagation derives it. Where none exists, a step assumes a candidate
and shows that unit propagation then ends in a clash. Steps are named
(hidden single, locked candidates, naked pair, X-wing, ...) or by the rules
they use, and come cheapest first (docs/explain.md: the cost).

\b
--format text (the default): one line per step, then the grid; json (or
--json): one object per puzzle per line:
  {"puzzle": LINE, "solution": LINE, "rating": NUMBER, "steps": [STEP, ...]}
with STEP = {"name", "text", "derives", "facts", "clauses", ["assume",
"steps",] "cost"}; rating is the cost of the hardest step. --hint: the next
step only, from the puzzle or from it and --state FILE (facts such as
r1c1=5 r2c3!=7, any number a line, # comments); a fact the solution
contradicts is said to be wrong, with the step that shows it. A puzzle
with no solution is explained up to its clash (and the minimal clash of
sudoku-analyze named); one with several up to where they branch. A puzzle
that cannot be read is an error line (error<TAB>FILE:LINE: MESSAGE) and
exit 9 at the end, and so is a grid above 16x16. An explanation
whose failed-literal probes set more than --budget N literals a cell variable
(60000, some 30 s on a 9x9 grid; variant rules whose sums propagate
weakly) stops with the steps found and says so ("stopped" in --json): exit 5
at the end.

\b
--format svg: the picture of step --step K (default 1) on the grid as it
stood before it: its facts outlined, its units shaded, what it derives in
green (placed) or red (struck out), its text under the grid; html-page: one
page with every step's picture, a section per puzzle.

\b
--jobs N works in N worker processes (0: one per core): the same output in
the same order; a worker that dies is its puzzles' error line (exit 9). See
docs/scaling.md.

\b
--trace: instead of the steps, the run of the bundled DPLL (sudoku-grade's
search) on the puzzle's CNF, one line per event: each given, each unit
propagation with its clause (DIMACS numbers and words), each decision,
conflict and backtrack, the solution; at most --trace-limit events, then a
line saying it stopped.

\b
Examples:
  sudoku-explain puzzle.txt
  sudoku-explain --trace --trace-limit 200 puzzle.txt
  sudoku-explain --json top95.txt > steps.jsonl
  sudoku-explain --hint --state pencil.txt puzzle.txt

\b
Exit codes:
""" + runtime.exit_code_table([0, 2, 3, 5, 8, 9])

app = runtime.make_app(HELP)


@app.command(help=HELP)
def sudoku_explain(
    puzzles: Optional[List[str]] = options.inputs_argument("PUZZLES...", "puzzle file"),
    output: Optional[str] = options.output_option(),
    output_format: str = typer.Option("text", "--format", "-F", metavar="FORMAT",
                                      autocompletion=options.completion(FORMATS),
                                      help="text, json, svg (one step's picture: "
                                           "--step) or html-page (every step's)"),
    as_json: bool = typer.Option(False, "--json", help="the same as --format json"),
    hint: bool = typer.Option(False, "--hint", help="the next step only"),
    state: Optional[str] = typer.Option(None, "--state", metavar="FILE",
                                        help="facts known beyond the givens (r1c1=5 "
                                             "r1c2!=3 ...)"),
    size: Optional[int] = options.size_option(),
    box: Optional[str] = options.box_option(),
    input_format: Optional[str] = options.input_format_option(),
    strict_drawings: bool = options.strict_drawings_option(),
    step: Optional[int] = typer.Option(None, "--step", metavar="K",
                                       help="with --format svg: the picture of step K "
                                            "(from 1; default 1)"),
    trace: bool = typer.Option(False, "--trace",
                               help="the run of the bundled DPLL on the puzzle's CNF "
                                    "instead of the steps"),
    trace_limit: int = typer.Option(TRACE_LIMIT, "--trace-limit", metavar="N",
                                    help="the most events --trace prints (default %d)"
                                         % TRACE_LIMIT),
    budget: Optional[int] = typer.Option(None, "--budget", metavar="N",
                                         help="the literals failed-literal probes may "
                                              "set per cell variable before an "
                                              "explanation stops (default 60000; 0: "
                                              "no limit)"),
    jobs: int = options.jobs_option(),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, explain_command, puzzles, output, output_format, as_json,
                      hint, state, size, box, input_format, strict_drawings,
                      trace=trace, trace_limit=trace_limit, step=step, jobs=jobs, budget=budget)


def explain_command(puzzles, output, output_format="text", as_json=False, hint=False,
                    state=None, size=None, box=None, input_format=None,
                    strict_drawings=False, trace=False, trace_limit=TRACE_LIMIT,
                    step=None, jobs=1, budget=None):
    check_trace(trace, trace_limit, output_format, as_json, hint, state)
    if step is not None and (output_format != "svg" or as_json):
        raise UsageError("--step picks the step of --format svg")
    if budget is not None and budget < 0:
        raise UsageError("--budget must be 0 or more, not %d" % budget)
    if step is not None and step < 1:
        raise UsageError("--step counts from 1, not %d" % step)
    output_format = options.report_format(as_json, output_format, FORMATS)
    from ..tasks.explain import MAX_SIZE
    size, box_shape = options.bounded_grid_shape(size, box, MAX_SIZE, "explanation")
    paths = options.check_inputs(puzzles)
    facts = read_state(state) if state is not None else []
    errors = stopped = 0
    head, tail = page_frame(output_format)

    def work(puzzle, number):
        """One puzzle's text, in a worker of --jobs or here; or the error that is its
        line."""
        try:
            if trace:
                return traced(puzzle, trace_limit), False
            return explained(puzzle, output_format, hint, facts, step, stops=True,
                             budget=budget)
        except PuzzleError as error:
            if error.source is None:
                error.source, error.line = puzzle.source, puzzle.line
            return error

    with streams.AtomicOutput(output) as out:
        out.write(head)
        with options.batch_results(paths, PROG, work, jobs, None, strict_drawings,
                                   out.flush, fmt=input_format, size=size,
                                   box=box_shape) as results:
            for item, result in results:
                if isinstance(result, SudokuError):
                    errors += 1
                    runtime.report(PROG, result)
                    out.write(streams.fit_stream(_error_text(result, output_format), out))
                    continue
                text, stops = result
                stopped += stops
                out.write(text)
        out.write(tail)
    if errors:
        return EXIT_SEVERAL
    return EXIT_UNKNOWN if stopped else 0


def page_frame(output_format):
    """The head and tail of the one HTML page of --format html-page (nothing else)."""
    from ..formats import document
    return document(output_format, "Sudoku explained step by step")


def read_state(path):
    """The facts of a --state file, ``(source, line, text)`` each (checked against a
    puzzle's size when it is read)."""
    facts = []
    try:
        with open(path, encoding="utf-8") as stream:
            for number, line in enumerate(stream, 1):
                line = line.split("#", 1)[0]
                for token in line.replace(",", " ").replace(";", " ").split():
                    facts.append((path, number, token))
                if len(facts) > 1 << 20:
                    raise PuzzleError("more than %d facts" % (1 << 20), path, number)
    except UnicodeDecodeError:
        raise PuzzleError("not a text file", path) from None
    except OSError as error:
        raise OutputError(streams.describe_os_error(error, "read"), path) from None
    return facts


def state_of(grid, facts):
    """The literals of the state's facts for ``grid``, a bad one a PuzzleError naming
    its file and line."""
    from ..tasks.explain import parse_literal
    found = []
    for path, number, token in facts:
        try:
            found.append(parse_literal(token, grid.size, grid.symbols))
        except ValueError as error:
            raise PuzzleError(str(error), path, number) from None
    return found


def check_trace(trace, trace_limit, output_format, as_json, hint, state):
    """UsageError for --trace with an option it does not take, or a negative limit."""
    if trace_limit < 0:
        raise UsageError("--trace-limit must be 0 or more, not %d" % trace_limit)
    if trace:
        for given, name in ((as_json or output_format != "text", "--format/--json"),
                            (hint, "--hint"), (state is not None, "--state")):
            if given:
                raise UsageError("--trace prints the DPLL run as text; it does not go "
                                 "with %s" % name)


def traced(grid, limit):
    """The --trace text of one puzzle: its line, one line per event, a blank line."""
    from ..formats import puzzle_line
    from ..tasks.trace import trace
    lines = ["puzzle: %s" % puzzle_line(grid)]
    lines.extend(trace(grid, limit))
    return "\n".join(lines) + "\n\n"


def explained(grid, output_format, hint=False, facts=(), step=None, stops=False,
              budget=None):
    """The output text of one puzzle (``stops``: and whether its explanation stopped
    at the probe budget)."""
    from ..tasks.explain import Explanation, explain_puzzle, next_hint
    state = state_of(grid, facts)
    if hint:
        found = next_hint(grid, state, budget)
        steps = [found.step] if found.step is not None else []
        result = Explanation(grid, steps, found.solution,
                             "stopped" if found.stopped else
                             "hint" if found.wrong is None else "wrong")
        result.wrong = found.wrong
    else:
        result = explain_puzzle(grid, state, budget=budget)
    if output_format == "json":
        text = json.dumps(result.to_json(), separators=(",", ":")) + "\n"
    elif output_format in ("svg", "html-page"):
        text = pictured(grid, result, output_format, step, state)
    else:
        text = result.to_text()
    return (text, result.status == "stopped") if stops else text


def pictured(grid, result, output_format, step, state):
    """The svg (one step, ``step`` from 1) or html-page (every step) of an
    explanation, each frame drawn on the state before its step (the puzzle and the
    --state facts, then what the steps derived)."""
    from ..pictures.steps import candidate_state, step_svg, steps_section
    from ..formats import puzzle_line
    from ..tasks.explain import literal_text
    steps = result.to_json()["steps"]
    start = [literal_text(grid.size, lit, grid.symbols) for lit in state]
    if output_format == "html-page":
        return steps_section(grid, steps, puzzle_line(grid), start=start) + "\n"
    k = step or 1
    if k > len(steps):
        raise PuzzleError("the explanation has %d steps: no step %d" % (len(steps), k),
                          grid.source, grid.line)
    states = list(candidate_state(grid, steps[:k], grid.symbols, start))
    return step_svg(grid, steps[k - 1], states[-1], k) + "\n"


def _error_text(error, output_format):
    if output_format == "json":
        return json.dumps({"error": error.message, "source": error.source,
                           "line": error.line}, separators=(",", ":")) + "\n"
    line = error.describe().replace("\t", " ").replace("\n", " ")
    if output_format == "html-page":
        from xml.sax.saxutils import escape
        return '<p class="error">error: %s</p>\n' % escape(line)
    return "error\t%s\n" % line


def main():
    return runtime.main(app, PROG)


if __name__ == "__main__":
    raise SystemExit(main())
