"""cnfsolve: solve a DIMACS CNF formula, print the answer as SAT solvers do."""

import time
from typing import Optional

import typer

from ..errors import (EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_IO,
                      EXIT_SOLVER_FAILED, EXIT_USAGE, UsageError)
from .. import streams
from . import options, runtime

PROG = "cnfsolve"
EXIT_SAT, EXIT_UNSAT, EXIT_NO_ANSWER = 10, 20, 0        # the SAT competition's codes
RESULT_CODES = {"SAT": EXIT_SAT, "UNSAT": EXIT_UNSAT, "UNKNOWN": EXIT_NO_ANSWER}
BUNDLED_NAMES = ("bundled", "pycosat")                  # as in sat.BUNDLED_NAMES
PYSAT = "pysat:"                                        # as in sat.PYSAT
# The most variables a solver in this process is given: picosat takes about 150 bytes
# a variable with the model (2.5 GB here), and 400**3 cell variables of a full 400x400
# encoding would not be solved anyway. A larger header is refused before any is spent.
MAX_IN_PROCESS_VARS = 1 << 24

HELP = """Solve a DIMACS CNF formula; print the answer as SAT competition solvers do.

\b
Reads FILE (stdin for - or nothing; .gz, .xz, .bz2 are unpacked) and prints
  s SATISFIABLE    and the full model on v lines ending with 0   exit 10
  s UNSATISFIABLE                                                exit 20
  s UNKNOWN        the solver gave up or --timeout ran out       exit 0
with a c comment line naming the solver and the time (none with --quiet).
The bundled solver (picosat, through pycosat) reads the formula strictly:
every DIMACS error is reported with its line. External solvers read the file
themselves.

\b
Solvers (--solver): bundled (the default), picosat, minisat, cadical, kissat,
cryptominisat5, clasp, sat4j, z3, glucose, lingeling, or any command line in
quotes: {} in it stands for the CNF file, which is appended otherwise. The
solver must print the SAT competition format (or minisat's result file, for
minisat). With python-sat installed (the 'fast' extra), pysat:NAME runs its
solver NAME in this process: pysat:kissat404, pysat:cadical195, pysat:glucose4
and the others it has. Every model is checked against every clause of the CNF
before it is written: one that violates a clause is exit 7, naming the solver
and the clause's line.

\b
Examples:
  sudoku2cnf puzzle.txt | cnfsolve | cnf2sudoku
  cnfsolve formula.cnf --solver cadical --timeout 60 -o answer.txt
  cnfsolve formula.cnf --solver "cadical --seed=7 {}"
  cnfsolve formula.cnf --solver pysat:kissat404
  cnfsolve formula.cnf --quiet | head -1

\b
Exit codes:
   10  satisfiable: s SATISFIABLE and the model were written
   20  unsatisfiable: s UNSATISFIABLE was written
    0  unknown: s UNKNOWN was written (time-out, or the solver gave up)
""" + runtime.exit_code_table([EXIT_FAILURE, EXIT_USAGE, EXIT_BAD_INPUT, EXIT_SOLVER_FAILED,
                              EXIT_IO, EXIT_INTERRUPTED])

app = runtime.make_app(HELP)


@app.command(help=HELP)
def cnfsolve(
    file: Optional[str] = typer.Argument(None, metavar="FILE|-",
                                         help="the DIMACS CNF; - or nothing for stdin"),
    output: Optional[str] = options.output_option(),
    solver: str = typer.Option("bundled", "--solver", "-s", metavar='NAME|"COMMAND"',
                               autocompletion=options.completion("SOLVERS", "sat"),
                               help="a solver name or a command line (see above)"),
    # A str read by parse_timeout, for a plain message on a bad value.
    timeout: Optional[str] = typer.Option(None, "--timeout", "-t", metavar="SECONDS",
                                          help="give up after this long: s UNKNOWN "
                                               "(at most 1e8, about three years)"),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="no c comment line, only the answer"),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, solve_command, file, output, solver, timeout, quiet)


def solve_command(path, output, solver, timeout, quiet):
    """Solve ``path`` with ``solver`` and write the answer; return the exit code."""
    timeout = parse_timeout(timeout)
    name = solver.strip()
    started = time.monotonic()
    result = None
    if name in BUNDLED_NAMES:
        # Read and solve before the output file exists: with no time-out the search
        # runs in this process and holds it, and as nothing needs cleaning up then, a
        # signal may end the program at once (a forked search would cost more than
        # the solve of a 9x9 puzzle).
        from ..dimacs.cnf import read_dimacs
        from ..sat import solve_cnf
        runtime.check_writable(output)
        with streams.open_text_input(path) as stream:
            cnf = read_dimacs(stream, streams.source_name(path), MAX_IN_PROCESS_VARS,
                              "the bundled solver")
        with runtime.signals_uncaught():
            result = solve_cnf(cnf, timeout=timeout)
        del cnf
    with streams.AtomicOutput(output, binary=True) as out:
        if result is not None:
            from ..dimacs.competition import write_result
            write_result(result, out)
            status, label = result.status, "bundled picosat"
        elif name.startswith(PYSAT):
            result = solve_with_pysat(name[len(PYSAT):], path, timeout)
            from ..dimacs.competition import write_result
            write_result(result, out)
            status, label = result.status, "python-sat " + name[len(PYSAT):]
        else:
            from ..sat import run_solver_to, solver_command
            command = solver_command(name)
            status = run_solver_to(command, path, out, timeout=timeout)   # checked too
            label = command.label
        if not quiet:
            out.write(b"c cnfsolve: %s, %.3f seconds\n"
                      % (label.encode("utf-8", "replace"), time.monotonic() - started))
    return RESULT_CODES[status]


def solve_with_pysat(name, path, timeout):
    """python-sat's solver ``name`` on the CNF at ``path``, its model checked against
    every clause: the file is read twice (stdin and compressed files from a private
    copy), and the clauses are never held."""
    import shutil
    import tempfile
    from ..dimacs.cnf import DimacsReader
    from ..sat import check_pysat_name, solve_pysat
    from ..dimacs.check import check_cnf_file
    check_pysat_name(name)                  # before reading anything
    source = streams.source_name(path)
    workdir = None
    try:
        if path in streams.STDIO or streams.is_compressed(path):
            from ..sat.external import spool
            workdir = tempfile.mkdtemp(prefix="dimacs-sudoku-")
            raw = streams.open_binary_input(path)
            try:
                plain = spool(raw, workdir)
            finally:
                if path not in streams.STDIO:
                    raw.close()
        else:
            plain = str(path)
        with streams.open_text_input(plain) as stream:
            reader = DimacsReader(stream, source, MAX_IN_PROCESS_VARS,
                                  "python-sat's solver in this process")
            result = solve_pysat(name, reader, reader.num_vars, timeout)
        check_cnf_file(result, plain, "python-sat's " + name, source)
        return result
    finally:
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)


def parse_timeout(text):
    """Seconds from --timeout, None for none or ``inf``; UsageError unless > 0 and
    at most about three years (:func:`~dimacs_sudoku.sat.check_timeout`)."""
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not seconds > 0:                 # also nan
        raise UsageError("--timeout takes a positive number of seconds, not %r" % text)
    from ..sat import check_timeout
    return check_timeout(seconds, "--timeout")


def main():
    return runtime.main(app, PROG)


if __name__ == "__main__":
    raise SystemExit(main())
