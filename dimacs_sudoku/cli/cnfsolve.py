"""cnfsolve: solve a DIMACS CNF formula, print the answer as SAT solvers do."""

import os
import time
from typing import Optional

import typer

from ..errors import (EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_IO,
                      EXIT_SOLVER_FAILED, EXIT_USAGE, SolverError, UsageError)
from .. import streams
from . import options, runtime

PROG = "cnfsolve"
EXIT_SAT, EXIT_UNSAT, EXIT_NO_ANSWER = 10, 20, 0        # the SAT competition's codes
RESULT_CODES = {"SAT": EXIT_SAT, "UNSAT": EXIT_UNSAT, "UNKNOWN": EXIT_NO_ANSWER}
BUNDLED_NAMES = ("bundled", "pycosat")                  # as in sat.BUNDLED_NAMES
PYSAT = "pysat:"                                        # as in sat.PYSAT
# What reads a CNF in this process, by route: each takes at most
# dimacs.cnf.MAX_IN_PROCESS_VARS variables (external programs: MAX_VARIABLE).
IN_PROCESS = {"bundled": "the bundled solver",
              "pysat": "python-sat's solver in this process",
              "checker": "the proof checker in this process"}

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
--proof PROOF also writes a DRAT proof when the answer is UNSATISFIABLE and
checks it (drat-trim when on PATH, else dimacs_sudoku.dimacs.drat), saying the
verdict on a c line. The solvers that write proofs: python-sat's cadical195
(the default with --proof), cadical153, cadical103, glucose4, glucose3,
glucose42, lingeling, maplechrono, maplecm (as pysat:NAME), and cadical or
kissat; the others are refused (exit 2). On SATISFIABLE or UNKNOWN the PROOF
file is written empty. A proof the checker refuses: exit 7, both files kept.
--check-proof PROOF checks PROOF (text or binary DRAT, as any solver writes
it) against FILE with dimacs_sudoku.dimacs.drat and prints c lines and
s VERIFIED (exit 0) or s NOT VERIFIED (exit 1). See docs/solvers.md.

\b
Examples:
  sudoku2cnf puzzle.txt | cnfsolve | cnf2sudoku
  cnfsolve formula.cnf --solver cadical --timeout 60 -o answer.txt
  cnfsolve formula.cnf --solver "cadical --seed=7 {}"
  cnfsolve formula.cnf --solver pysat:kissat404
  cnfsolve formula.cnf --quiet | head -1
  cnfsolve formula.cnf --proof formula.drat --solver cadical
  cnfsolve --check-proof formula.drat formula.cnf

\b
Exit codes:
   10  satisfiable: s SATISFIABLE and the model were written
   20  unsatisfiable: s UNSATISFIABLE was written
    0  unknown: s UNKNOWN was written (time-out, or the solver gave up)
  with --check-proof: 0 s VERIFIED, 1 s NOT VERIFIED
""" + runtime.exit_code_table([EXIT_FAILURE, EXIT_USAGE, EXIT_BAD_INPUT, EXIT_SOLVER_FAILED,
                              EXIT_IO, EXIT_INTERRUPTED])

app = runtime.make_app(HELP)


@app.command(help=HELP)
def cnfsolve(
    file: Optional[str] = typer.Argument(None, metavar="FILE|-",
                                         help="the DIMACS CNF; - or nothing for stdin"),
    output: Optional[str] = options.output_option(),
    solver: Optional[str] = typer.Option(None, "--solver", "-s", metavar='NAME|"COMMAND"',
                                         autocompletion=options.completion("SOLVERS", "sat"),
                                         help="a solver name or a command line (see "
                                              "above); bundled by default"),
    # A str read by parse_timeout, for a plain message on a bad value.
    timeout: Optional[str] = typer.Option(None, "--timeout", "-t", metavar="SECONDS",
                                          help="give up after this long: s UNKNOWN "
                                               "(at most 1e8, about three years)"),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="no c comment line, only the answer"),
    proof: Optional[str] = typer.Option(None, "--proof", metavar="PROOF",
                                        help="write a checked DRAT proof of UNSAT here"),
    check_proof: Optional[str] = typer.Option(None, "--check-proof", metavar="PROOF",
                                              help="check this DRAT proof of FILE's UNSAT "
                                                   "instead of solving"),
    _version: Optional[bool] = options.version_option(PROG),
):
    return runtime.run(PROG, solve_command, file, output, solver, timeout, quiet, proof,
                      check_proof)


def solve_command(path, output, solver, timeout, quiet, proof=None, check_proof=None):
    """Solve ``path`` with ``solver`` and write the answer; return the exit code."""
    if check_proof is not None:
        if proof is not None or solver is not None or timeout is not None:
            raise UsageError("--check-proof checks a proof; it does not go with --proof, "
                             "--solver or --timeout")
        return check_command(path, check_proof, output)
    timeout = parse_timeout(timeout)
    if proof is not None:
        return prove_command(path, output, "auto" if solver is None else solver, timeout,
                             quiet, proof)
    name = ("bundled" if solver is None else solver).strip()
    started = time.monotonic()
    result = None
    if name in BUNDLED_NAMES:
        # Read and solve before the output file exists: with no time-out the search
        # runs in this process and holds it, and as nothing needs cleaning up then, a
        # signal may end the program at once (a forked search would cost more than
        # the solve of a 9x9 puzzle).
        from ..dimacs.cnf import MAX_IN_PROCESS_VARS, read_dimacs
        from ..sat import solve_cnf
        runtime.check_writable(output)
        with streams.open_text_input(path) as stream:
            cnf = read_dimacs(stream, streams.source_name(path), MAX_IN_PROCESS_VARS,
                              IN_PROCESS["bundled"])
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
    from ..dimacs.cnf import MAX_IN_PROCESS_VARS, DimacsReader
    from ..dimacs.check import check_cnf_file
    from ..sat import check_pysat_name, solve_pysat
    check_pysat_name(name)                  # before reading anything
    source = streams.source_name(path)
    workdir = tempfile.mkdtemp(prefix="dimacs-sudoku-")
    try:
        plain = plain_file(path, workdir)
        with streams.open_text_input(plain) as stream:
            reader = DimacsReader(stream, source, MAX_IN_PROCESS_VARS, IN_PROCESS["pysat"])
            result = solve_pysat(name, reader, reader.num_vars, timeout)
        check_cnf_file(result, plain, "python-sat's " + name, source)
        return result
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def plain_file(path, workdir):
    """The CNF at ``path`` as a plain file that can be read twice: the file itself, or
    for stdin and compressed files a private copy in ``workdir``."""
    if path not in streams.STDIO and not streams.is_compressed(path):
        return str(path)
    from ..sat.external import spool
    raw = streams.open_binary_input(path)
    try:
        return spool(raw, workdir)
    finally:
        if path not in streams.STDIO:
            raw.close()


def prove_command(path, output, solver, timeout, quiet, proof):
    """Solve ``path`` with a solver that writes proofs; on UNSAT its DRAT proof goes to
    the file ``proof``, checked, with a c line saying the verdict; on SAT or UNKNOWN
    ``proof`` is written empty. Exit 7 when the checker refuses the proof."""
    import shutil
    import tempfile
    from ..tasks.certify import check_files, checker_name
    from ..sat import prove, prover
    from ..dimacs.competition import write_result
    from ..streams import commit_outputs, discard_outputs
    if proof in streams.STDIO:
        raise UsageError("--proof needs a file name: the answer goes to standard output")
    for other, what in ((output, "-o"), (path, "the CNF")):
        if other not in streams.STDIO and os.path.abspath(other) == os.path.abspath(proof):
            raise UsageError("--proof and %s name the same file" % what)
    name = prover(solver)
    runtime.check_writable(output)
    runtime.check_writable(proof)
    source = streams.source_name(path)
    started = time.monotonic()
    workdir = tempfile.mkdtemp(prefix="dimacs-sudoku-")
    written = []
    try:
        plain = plain_file(path, workdir)
        check_limits(plain, source, name, checker_name())
        proof_file = os.path.join(workdir, "proof.drat")
        result = prove(name, plain, proof_file, timeout, source)
        check = None
        with streams.AtomicOutput(proof, binary=True, deferred=written) as out:
            if result.status == "UNSAT":
                check = check_files(plain, proof_file)
                with open(proof_file, "rb") as lines:
                    shutil.copyfileobj(lines, out, 1 << 20)
        with streams.AtomicOutput(output, binary=True) as out:
            write_result(result, out)
            if not quiet:
                if check is None:
                    verdict = "no proof (the answer is not UNSATISFIABLE): %s is empty" % proof
                elif check.ok:
                    verdict = "proof %s verified by %s (%s)" % (proof, check.checker,
                                                                check.detail)
                else:
                    verdict = "proof %s NOT VERIFIED by %s: %s" % (proof, check.checker,
                                                                  check.detail)
                out.write(b"c cnfsolve: %s, %.3f seconds\nc cnfsolve: %s\n" % (
                    name.encode(), time.monotonic() - started,
                    verdict.encode("utf-8", "replace")))
        commit_outputs(written)
    except BaseException:
        discard_outputs(written)
        raise
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if check is not None and not check.ok:
        raise SolverError("%s: the proof of %s's answer was refused by %s: %s"
                          % (proof, name, check.checker, check.detail))
    return RESULT_CODES[result.status]


def check_limits(plain, source, solver, checker):
    """Refuse the CNF at ``plain`` (a plain file) before ``solver`` and ``checker`` run,
    when its header declares more than they take: a DimacsError (exit 3) naming the
    line. A solver or checker in this process takes MAX_IN_PROCESS_VARS variables, a
    program MAX_VARIABLE. The readers of the other routes apply the same check
    (:func:`dimacs_sudoku.dimacs.cnf.bounds_error`) as they read the header."""
    from ..dimacs.cnf import MAX_IN_PROCESS_VARS, check_header
    from ..tasks.certify import OWN_CHECKER
    reader = (IN_PROCESS["pysat"] if solver.startswith(PYSAT)
              else IN_PROCESS["checker"] if checker == OWN_CHECKER else None)
    check_header(plain, source, MAX_IN_PROCESS_VARS if reader else None, reader)


def check_command(path, proof, output):
    """``--check-proof``: check the DRAT ``proof`` of the CNF at ``path`` with
    dimacs_sudoku.dimacs.drat; write its lines; 0 verified, 1 not."""
    from ..dimacs.cnf import MAX_IN_PROCESS_VARS, DimacsReader
    from ..dimacs.drat import check_proof, report
    options.check_stdin_once(("the CNF", path or ""), ("--check-proof", proof))
    source = streams.source_name(path)
    runtime.check_writable(output)
    with streams.open_binary_input(proof) as lines, streams.open_binary_input(path) as cnf:
        # The header is read (and checked) before anything of the proof.
        reader = DimacsReader(cnf, source, MAX_IN_PROCESS_VARS, IN_PROCESS["checker"])
        verdict = check_proof(reader, lines)
    with streams.AtomicOutput(output) as out:
        out.write(report(verdict))
    return 0 if verdict.ok else 1


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
