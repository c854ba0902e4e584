"""sudoku-solve: many puzzles in, one line per puzzle out, in one process."""

import json
import os
import sys
import time
from typing import List, Optional

import typer

from ..errors import (EXIT_SEVERAL, InvalidModel, SolverError, SudokuError, TooLarge,
                      UnknownResult, UsageError)
from .. import streams
from . import options, runtime
from . import progress as progress_bar

PROG = "sudoku-solve"

HELP = """Solve many Sudoku puzzles in one process: one output line per puzzle, in order.

\b
Reads PUZZLES (files, or stdin for - or none; .gz, .xz, .bz2 are unpacked), in
any format sudoku2cnf reads, many puzzles per file. Each puzzle is propagated
(naked and hidden singles, box-line eliminations, hidden pairs), and what is
left becomes a small reduced SAT problem for the --engine:
  pysat     a fresh MiniCard solver per puzzle (python-sat, the optional extra
            dimacs-sudoku[fast]; faster on hard puzzles)
  pycosat   the bundled picosat
  auto      pysat when python-sat is installed, else pycosat (the default)
Both give the same output lines with --count 2 or more.

\b
Output, one line per puzzle (--format line, the default in a pipe):
  SOLUTION            the solution in one-line form
  -                   no solution
  error<TAB>MESSAGE   the puzzle could not be read or solved (FILE:LINE: why;
                      one too large to search here, an empty 81x81, is named:
                      pipe its sudoku2cnf CNF to a solver)
With --count K each line is SOLUTION<TAB>COUNT, where COUNT is the number of
solutions up to K (- when COUNT is 0), so --unique (--count 2) prints 1 for a
proper puzzle and 2 for one with several solutions. SOLUTION is the first one
found; for a puzzle with several, with --count, the first the bundled picosat
finds, so the output is the same whatever --engine or --solver. --format
grid (the default on a terminal), json, svg or html renders each solution
instead (json is one object per line, with "count" and "error" fields).

\b
--certify DIR (a new or empty folder) proves each answer "one solution" or
"no solution": it writes DIR/N.cnf (N: the line's number, from 1), the CNF
that 'sudoku2cnf --exclude SOLUTION PUZZLE' (one solution) or 'sudoku2cnf
PUZZLE' (no solution) writes, and DIR/N.drat, a DRAT proof that it has no
model, by --certify-with: auto (python-sat's cadical195, else cadical or
kissat on PATH), pysat:NAME or cadical. The proof is checked by drat-trim when
on PATH, else by dimacs_sudoku.dimacs.drat. Each line then ends with one more
field:
  verified       DIR/N.drat is a checked proof: the answer is certain
  NOT-VERIFIED   the checker refused the proof (stderr says why; exit 9)
  several        several solutions: nothing to prove, no files
  clash          the givens clash: no files
It counts solutions up to 2 at least. See docs/solvers.md.

\b
--jobs N solves in N worker processes (0: one per core): the same output in
the same order; a worker that dies is its puzzles' error line (exit 9). A
search past 300,000 propagations of the pysat engine goes on in a race, one
forked process per core (of a worker's share): Glucose 4, CaDiCaL 1.9.5,
MiniCard anew; on one core, a chain of them in turn. DIMACS_SUDOKU_ESCALATE
sets the budget (0: never), --verbose says who answered each puzzle. See
docs/scaling.md.

\b
Examples:
  sudoku-solve top95.txt
  sudoku-solve --unique 17-clue.txt > checked.txt
  sudoku-solve part1.txt part2.txt.gz > solved.txt
  sudoku-solve --jobs 0 --count 2 big.txt.gz > out.txt
  parallel --pipe -k -N 1000 sudoku-solve --count 2 < big.txt > out.txt
  sudoku-solve --solver cadical --format grid puzzle.txt
  sudoku-solve --engine pycosat --unique top95.txt
  sudoku-solve --certify proofs/ puzzles.txt

\b
stderr: a progress bar (puzzles, share of the input read, rate, ETA) and a
summary line (puzzles, solved, none, several, errors, time) when stderr is a
terminal; in pipes it stays quiet but for errors, unless --summary asks for
the summary line or --progress for the bar.

\b
Exit codes:
""" + runtime.exit_code_table([0, 2, 3, 7, 8, 9])

# Failures of one puzzle's solve that become its error line: a wrong model (from any
# engine or program), a solver that crashed or gave up on it, a puzzle too large.
PER_PUZZLE = (InvalidModel, SolverError, UnknownResult, TooLarge)

# Output is handed to the stream in blocks of this many puzzles.
BLOCK = 512

app = runtime.make_app(HELP)


@app.command(help=HELP)
def sudoku_solve(
    puzzles: Optional[List[str]] = options.inputs_argument("PUZZLES...", "puzzle file"),
    output: Optional[str] = options.output_option(),
    count: Optional[int] = typer.Option(None, "--count", "-c", metavar="K",
                                        help="count solutions up to K (at most "
                                             "10000); print SOLUTION<TAB>COUNT"),
    unique: bool = typer.Option(False, "--unique", "-u", help="the same as --count 2"),
    output_format: Optional[str] = options.output_format_option(),
    engine: str = typer.Option("auto", "--engine", metavar="ENGINE",
                               autocompletion=options.completion("ENGINES", "tasks.solving"),
                               help="auto, pysat or pycosat (the in-process SAT solver)"),
    solver: Optional[str] = typer.Option(None, "--solver", "-s", metavar="NAME",
                                         autocompletion=options.completion("SOLVERS",
                                                                          "solvers"),
                                         help="an external SAT solver instead of --engine"),
    jobs: int = options.jobs_option(),
    size: Optional[int] = options.size_option(),
    box: Optional[str] = options.box_option(),
    input_format: Optional[str] = options.input_format_option(),
    summary: bool = typer.Option(False, "--summary",
                                 help="print the summary line on stderr even in a pipe"),
    progress: Optional[bool] = options.progress_option(),
    verbose: bool = typer.Option(False, "--verbose", "-v",
                                 help="say on stderr which solver answered each puzzle"),
    symbols: Optional[str] = options.symbols_option(),
    strict_drawings: bool = options.strict_drawings_option(),
    certify: Optional[str] = typer.Option(None, "--certify", metavar="DIR",
                                          help="write DIR/N.cnf and a checked DRAT proof "
                                               "DIR/N.drat per certain answer"),
    certify_with: str = typer.Option("auto", "--certify-with", metavar="NAME",
                                     help="the solver writing proofs: auto, pysat:NAME, "
                                          "cadical or kissat"),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, solve_command, puzzles, output, count, unique, output_format,
                      solver, size, box, input_format, summary, progress, engine, symbols,
                      strict_drawings, certify, certify_with, jobs, verbose)


_LINE_TABLES = {}


def line_form(cells, size):
    """The one-line form of a complete grid (like Grid.to_line, but faster)."""
    if size > 35:
        return " ".join(map(str, cells))
    table = _LINE_TABLES.get(size)
    if table is None:
        from ..core.grid import SYMBOLS
        table = _LINE_TABLES[size] = bytes(
            ord(SYMBOLS[v - 1]) if 1 <= v <= size else ord(".") for v in range(256))
    return bytes(cells).translate(table).decode("ascii")


def solve_command(puzzles, output, count, unique, output_format, solver, size, box,
                  input_format, summary, progress, engine="auto", symbols=None,
                  strict_drawings=False, certify=None, certify_with="auto", jobs=1,
                  verbose=False):
    from ..tasks.solving import ANSWERED, ENGINES, MAX_COUNT, resolve_engine, solve_cells
    from ..formats import check_symbols, document

    if unique:
        if count not in (None, 2):
            raise UsageError("--unique is --count 2; it does not go with --count %d" % count)
        count = 2
    if output_format is None:
        output_format = options.default_output_format(output)
    if count is not None and count < 1:
        raise UsageError("--count takes a number of solutions of at least 1, not %d" % count)
    if certify is not None and count == 1:
        raise UsageError("--certify counts solutions up to 2 at least; it does not go "
                         "with --count 1")
    if count is not None and count > MAX_COUNT:
        raise UsageError("--count counts up to %d solutions, not %d" % (MAX_COUNT, count))
    options.check_output_format(output_format)
    symbols = check_symbols(symbols, size)
    head, tail = document(output_format)
    if engine not in ENGINES:
        raise UsageError("--engine takes %s, not %r" % (", ".join(ENGINES), engine))
    engine = resolve_engine(engine)             # exit 7 when python-sat is not installed
    if solver is not None:
        from ..sat import solver_command
        solver = solver.strip()
        if solver in ("bundled", "pycosat"):
            solver = None
            engine = "pycosat"
        else:
            import shutil
            program = solver_command(solver).argv[0]
            if shutil.which(program) is None:      # fail now, not once per puzzle
                raise SolverError("solver %r not found (%s is not on PATH)"
                                  % (solver, program))
    prover = None
    if certify is not None:
        from ..sat import prover as proof_writer
        prover = proof_writer(certify_with)     # exit 2 saying what to install
    size, box_shape = options.grid_shape(size, box)
    paths = options.check_inputs(puzzles)
    if certify is not None:
        _check_certify_folder(certify)
    show_summary = sys.stderr.isatty() or summary
    bar = progress_bar.start(progress, output=output)
    if bar:
        bar.measure(paths)

    limit = max(count or 1, 2 if certify else 1)
    canonical = limit > 1
    done = solved = none = several = errors = certified = 0
    started = time.monotonic()
    pending = []
    flush_every = 1 if output_format != "line" or bar else BLOCK

    def work(puzzle, number):
        """One puzzle's answer, in a worker of --jobs or here: (count, its text, its
        certificate), or the error that is its line."""
        try:
            solutions, n = solve_cells(puzzle, limit, solver, engine, canonical)
            certificate, written = None, []
            if certify is not None:
                certificate = _certificate(puzzle, solutions, n, certify, number, prover,
                                           written)
        except PER_PUZZLE as error:
            # This puzzle's line says why; the others neither stop nor shift.
            if error.source is None:
                error.source, error.line = puzzle.source, puzzle.line
            return error
        return n, _result_text(puzzle, solutions, n, output_format, count, symbols,
                               certificate), certificate, written, \
            ANSWERED[0] if verbose else None

    def write_pending(pause=False):
        if bar:
            bar.write(out, "".join(pending))
            bar.update(done)
        else:
            out.write("".join(pending))
        pending.clear()
        if to_stdout:           # the certificates of the lines out
            streams.commit_outputs(held)
        if pause:               # the input pauses: the lines so far are due
            out.flush()

    made = streams.make_folder(certify) if certify is not None else False
    held = []               # certificates written, put in place with their lines
    to_stdout = output in streams.STDIO
    try:
        with streams.AtomicOutput(output) as out:
            out.write(head)
            with options.batch_results(paths, PROG, work, jobs, bar, strict_drawings,
                                       None if output_format == "svg" else
                                       lambda: write_pending(True), fmt=input_format,
                                       size=size, box=box_shape) as results:
                for item, result in results:
                    done += 1
                    if isinstance(result, SudokuError):
                        errors += 1
                        if bar:
                            bar.clear()
                        runtime.report(PROG, result)
                        pending.append(streams.fit_stream(
                            _error_text(result, output_format, count), out))
                        if result is not item and output_format == "svg":
                            raise result
                    else:
                        n, text, certificate, written, answered = result
                        if written:
                            held.extend(streams.adopt_outputs(written))
                        if answered:
                            if bar:
                                bar.clear()
                            runtime.report(PROG, SolverError("answered by " + answered,
                                                             item.source, item.line))
                        if n == 0:
                            none += 1
                        else:
                            solved += 1
                            if n > 1:
                                several += 1
                        if certificate and certificate[0] == "verified":
                            certified += 1
                        elif certificate and certificate[0] == "NOT-VERIFIED":
                            errors += 1
                            if bar:
                                bar.clear()
                            files = certificate[1]
                            runtime.report(PROG, SolverError(
                                "the proof %s of %s was refused by %s: %s" % (
                                    files.proof, files.cnf, files.checker, files.detail),
                                item.source, item.line))
                        pending.append(text)
                    if output_format == "svg":
                        if done > 1:
                            raise options.one_svg("%s holds several puzzles" % (
                                streams.source_name(paths[0]) if len(paths) == 1
                                else "the input"))
                        continue
                    if len(pending) >= flush_every:
                        write_pending()
            if bar:
                bar.clear()
            out.write("".join(pending))
            out.write(tail)
        # (-o FILE: the lines are in place now)
        streams.commit_outputs(held)
    finally:
        if held or made:
            _end_certificates(certify, held, made)
    if bar:
        bar.close()
    if show_summary:
        elapsed = time.monotonic() - started
        if certify is not None:
            from ..tasks.certify import checker_name
            proved = ", %d certified by %s proofs checked by %s" % (
                certified, prover, checker_name())
        else:
            proved = ""
        runtime.report(PROG, "%d puzzles: %d solved, %d with no solution, %d with several%s, "
                      "%d unreadable%s; %.2f s (%.0f us/puzzle)"
                      % (done, solved, none, several,
                         "" if limit > 1 else " (not counted)", errors, proved, elapsed,
                         elapsed / done * 1e6 if done else 0))
    return EXIT_SEVERAL if errors else 0


def _check_certify_folder(folder):
    """A UsageError when the --certify folder holds anything: every certificate in it
    must be one of this run's lines'."""
    if os.path.isdir(folder):
        with os.scandir(folder) as entries:
            names = sorted(entry.name for _, entry in zip(range(100), entries))
        if names:
            shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
            raise UsageError("--certify %s: the folder is not empty (it holds %s): give a "
                             "new or empty one, so that every certificate in it belongs to "
                             "a line of this run" % (folder, shown))


def _end_certificates(folder, held, made):
    """After a run: the certificates whose lines were not written (the run failed)
    go, and so does the folder it made when nothing is in it."""
    streams.discard_outputs(held)
    if made:
        try:
            os.rmdir(folder)          # only when empty
        except OSError:
            pass


def _certificate(puzzle, solutions, n, folder, number, prover, held):
    """``(verdict, Certificate or None)`` for a puzzle with ``n`` solutions (counted up
    to 2): the CNF sudoku2cnf writes for it (with --exclude SOLUTION when n is 1) and a
    checked proof, as DIR/NUMBER.cnf and DIR/NUMBER.drat."""
    from ..tasks.certify import certify
    from ..core.grid import Grid
    from ..encodings import puzzle_formula
    if n > 1:
        return "several", None
    exclude = None
    if n == 1:
        solution = Grid(solutions[0], layout=puzzle.layout)    # as --exclude reads it
        exclude = lambda grid: [solution]                       # noqa: E731
    formula = puzzle_formula(puzzle, puzzle.source, exclude=exclude)
    if formula.clash is not None:
        return "clash", None
    certificate = certify(formula, folder, str(number), prover, deferred=held)
    return certificate.verdict, certificate


def _solution(cells, puzzle, symbols):
    """The solution as a Grid that remembers its puzzle and speaks its notation."""
    from ..tasks.solving import _make_grid
    from ..formats import check_symbols
    grid = _make_grid(cells, puzzle)
    grid.givens = puzzle
    grid.symbols = check_symbols(symbols, puzzle.size) if symbols else puzzle.symbols
    return grid


def _result_text(puzzle, solutions, n, output_format, count, symbols=None,
                 certificate=None):
    from ..formats import MULTILINE
    size = puzzle.size
    if output_format == "line":
        if solutions and (symbols or puzzle.symbols):
            text = _solution(solutions[0], puzzle, symbols).to_line(symbols or puzzle.symbols)
        else:
            text = line_form(solutions[0], size) if solutions else "-"
        if count is not None:
            text = "%s\t%d" % (text, n)
        if certificate is not None:
            text += "\t" + certificate[0]
        return text + "\n"
    if output_format == "json":
        if solutions:
            obj = _solution(solutions[0], puzzle, symbols).to_json(puzzle)
        else:
            obj = {"size": size, "box": list(puzzle.layout.box), "grid": None,
                   "line": None, "givens": puzzle.to_line()}
        if count is not None:
            obj["count"] = n
        if certificate is not None:
            verdict, files = certificate
            obj["certificate"] = {"verdict": verdict} if files is None else {
                "verdict": verdict, "checker": files.checker, "cnf": files.cnf,
                "proof": files.proof}
        return json.dumps(obj, separators=(",", ":")) + "\n"
    if not solutions:
        text = "-\n"
    else:
        text = options.render_grid(_solution(solutions[0], puzzle, symbols), output_format,
                                  puzzle)
    if count is not None:
        text += "count: %d\n" % n
    if certificate is not None:
        verdict, files = certificate
        text += "certificate: %s%s\n" % (verdict, "" if files is None else " %s %s (%s)" % (
            files.cnf, files.proof, files.checker))
    return text + ("\n" if output_format in MULTILINE else "")


def _error_text(error, output_format, count):
    if output_format == "json":
        obj = {"error": error.message, "source": error.source, "line": error.line}
        if count is not None:
            obj["count"] = None
        return json.dumps(obj, separators=(",", ":")) + "\n"
    from ..formats import MULTILINE
    text = "error\t%s\n" % error.describe().replace("\t", " ").replace("\n", " ")
    return text + ("\n" if output_format in MULTILINE else "")


def main():
    return runtime.main(app, PROG)


if __name__ == "__main__":
    raise SystemExit(main())
