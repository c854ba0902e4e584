"""DRAT proofs of unsatisfiability, from the solvers that write one: python-sat's
(in this process, through the façade's back end) or cadical and kissat (programs).

:func:`prover` picks the solver (``auto``: python-sat's cadical195, else cadical or
kissat on PATH) and :func:`prove` solves a DIMACS file with it, its proof going to a
file. Checking the proof is not done here: a checker must not share the solver's code
(see :mod:`dimacs_sudoku.tasks.certify`).

>>> prover("pycosat")
Traceback (most recent call last):
  ...
dimacs_sudoku.errors.UsageError: 'pycosat' writes no proof (these do: pysat:cadical195, ...)
"""

import shutil

from ..errors import NotInstalled, UsageError
from ..dimacs.output import SAT
from .pysat_backend import PROOF, PYSAT, available, check_pysat_name
from .registry import KNOWN, proof_writers_text

NONE_INSTALLED = ("no solver that writes DRAT proofs is installed: pip install python-sat "
                  "(its cadical195 runs in this process), or install cadical "
                  "(apt install cadical) or kissat")


def prover(name="auto"):
    """The checked name of the solver that writes a proof: ``auto`` is python-sat's
    cadical195 when python-sat is installed, else cadical or kissat when on PATH, and
    a UsageError saying what to install when none is. A name that writes no proof is
    a UsageError naming those that do; a missing program or python-sat, NotInstalled."""
    name = name.strip()
    if name == "auto":
        if available():
            return PYSAT + PROOF[0]
        for other, spec in KNOWN.items():
            if spec.proof and shutil.which(spec.program):
                return other
        raise UsageError(NONE_INSTALLED)
    if name.startswith(PYSAT):
        full = check_pysat_name(name[len(PYSAT):])
        if full in PROOF:
            return PYSAT + full
    else:
        spec = KNOWN.get(name)
        if spec is not None and spec.proof:
            if shutil.which(spec.program) is None:
                raise NotInstalled("solver %r not found on PATH (%s)"
                                   % (name, proof_writers_text()))
            return name
    raise UsageError("%r writes no proof (%s)" % (name, proof_writers_text()))


def prove(name, cnf_path, proof_path, timeout=None, source=None):
    """Solve the DIMACS file ``cnf_path`` (a plain file: it is read twice) with the
    proof writer ``name`` (from :func:`prover`); when it answers UNSAT its DRAT proof
    is in the file ``proof_path`` (text from python-sat, binary from cadical and
    kissat). Returns the Result; a model has been checked against every clause.
    ``source`` names the CNF in messages."""
    if not name.startswith(PYSAT):
        from .external import run_solver
        return run_solver(name, cnf_path, timeout, proof=proof_path)
    from ..dimacs.cnf import MAX_IN_PROCESS_VARS, DimacsReader
    from ..dimacs.check import check_cnf_file
    from .pysat_backend import solve_pysat
    solver = name[len(PYSAT):]
    source = source or cnf_path
    with open(cnf_path, "rb") as stream:
        reader = DimacsReader(stream, source, MAX_IN_PROCESS_VARS,
                              "python-sat's solver in this process")
        result = solve_pysat(solver, reader, reader.num_vars, timeout, proof=proof_path)
    if result.status == SAT:
        check_cnf_file(result, cnf_path, "python-sat's " + solver, source)
    return result
