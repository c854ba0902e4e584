"""Certificates: a CNF whose unsatisfiability proves an answer, a DRAT proof of it,
and the verdict of a checker that shares no code with the solver that wrote it.

For a puzzle with one solution the CNF is the one ``sudoku2cnf --exclude SOLUTION
PUZZLE`` writes, for one with no solution the one ``sudoku2cnf PUZZLE`` writes: both
can be rebuilt from the puzzle alone. The proof comes from a solver of
:func:`dimacs_sudoku.sat.prover`; the checker is drat-trim when it is on PATH, else
this package's :mod:`dimacs_sudoku.dimacs.drat`.

>>> import os, tempfile
>>> from dimacs_sudoku.dimacs.cnf import Cnf
>>> folder = tempfile.mkdtemp()
>>> cnf, proof = os.path.join(folder, "x.cnf"), os.path.join(folder, "x.drat")
>>> _ = open(cnf, "w").write("p cnf 1 2\\n1 0\\n-1 0\\n"), open(proof, "w").write("0\\n")
>>> check_files(cnf, proof, checker="drat.py")
Check(ok=True, checker='drat.py', detail='0 lemmas')
"""

import os
import shutil
import subprocess
from collections import namedtuple

from ..errors import SolverError
from ..streams import AtomicOutput, commit_outputs, discard_outputs

DRAT_TRIM = "drat-trim"
OWN_CHECKER = "drat.py"         # dimacs_sudoku.dimacs.drat

Check = namedtuple("Check", "ok checker detail")
Check.__doc__ = """A checker's verdict on a proof: ``ok``, the ``checker``'s name
(drat-trim or drat.py) and ``detail`` (the lemmas read, or why it refused)."""

Certificate = namedtuple("Certificate", "verdict checker detail cnf proof")
Certificate.__doc__ = """What :func:`certify` wrote: ``verdict`` is ``verified`` or
``NOT-VERIFIED``, ``checker`` and ``detail`` as in :class:`Check`, ``cnf`` and
``proof`` the files."""

VERIFIED, NOT_VERIFIED = "verified", "NOT-VERIFIED"


def checker_name():
    """The checker :func:`check_files` uses: drat-trim when on PATH, else drat.py."""
    return DRAT_TRIM if shutil.which(DRAT_TRIM) else OWN_CHECKER


def check_files(cnf, proof, checker=None):
    """Check the DRAT ``proof`` (a file, text or binary) of the unsatisfiability of the
    DIMACS file ``cnf`` with ``checker`` (default :func:`checker_name`): a
    :class:`Check`."""
    checker = checker or checker_name()
    if checker == DRAT_TRIM:
        return _drat_trim(cnf, proof)
    from ..dimacs.drat import check_proof
    verdict = check_proof(cnf, proof)
    return Check(verdict.ok, OWN_CHECKER,
                 "%d lemmas" % verdict.lemmas if verdict.ok else verdict.reason)


def _drat_trim(cnf, proof):
    """drat-trim's verdict, from its ``s`` line, in a process group ended with it."""
    from ..sat.external import stop_group
    try:
        process = subprocess.Popen([DRAT_TRIM, cnf, proof], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    except OSError as error:
        raise SolverError("cannot run drat-trim: %s" % (error.strerror or error)) from None
    try:
        output = process.communicate()[0].decode("utf-8", "replace")
    finally:
        stop_group(process)
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    verdicts = [line for line in lines if line.startswith("s ")]
    if not verdicts:
        raise SolverError("drat-trim printed no verdict (exit code %d)%s"
                          % (process.returncode, ": " + lines[-1] if lines else ""))
    ok = verdicts[-1] == "s VERIFIED"
    comments = [line[2:] for line in lines if line.startswith("c ")]
    return Check(ok, DRAT_TRIM, verdicts[-1][2:] if ok or not comments else comments[-1])


def certify(formula, folder, stem, prover, labels=False, deferred=None):
    """Write ``formula`` (an :class:`~dimacs_sudoku.encodings.Formula` that must be
    unsatisfiable) to ``folder/STEM.cnf``, its DRAT proof by the solver ``prover``
    (see :func:`dimacs_sudoku.sat.prover`) to ``folder/STEM.drat``, and check the pair
    with :func:`check_files`: a :class:`Certificate`. Both files appear together, each
    whole, once checked (a refused proof too: its verdict says so); with a list as
    ``deferred`` they are written whole but put in place later, by
    :func:`~dimacs_sudoku.streams.commit_outputs` of that list (see
    :class:`~dimacs_sudoku.streams.AtomicOutput`). A model of the
    formula is a SolverError (the answer it certifies is wrong), and so is a solver that
    gives up; nothing is written then."""
    import tempfile
    from ..sat import prove
    cnf_path = os.path.join(folder, stem + ".cnf")
    proof_path = os.path.join(folder, stem + ".drat")
    written = []
    workdir = tempfile.mkdtemp(prefix="dimacs-sudoku-")
    try:
        with AtomicOutput(cnf_path, deferred=written) as out:
            formula.write(out, labels=labels)
        cnf_file = written[-1][0]
        proof_file = os.path.join(workdir, "proof.drat")
        result = prove(prover, cnf_file, proof_file, source=cnf_path)
        if result.status != "UNSAT":
            raise SolverError("%s: %s answered %s: no proof" % (
                cnf_path, prover, "SATISFIABLE, with a model that passed every clause"
                if result.status == "SAT" else "UNKNOWN"))
        check = check_files(cnf_file, proof_file)
        with AtomicOutput(proof_path, binary=True, deferred=written) as out, \
                open(proof_file, "rb") as proof:
            shutil.copyfileobj(proof, out, 1 << 20)
        if deferred is None:
            commit_outputs(written)
        else:
            deferred.extend(written)
    except BaseException:
        discard_outputs(written)
        raise
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return Certificate(VERIFIED if check.ok else NOT_VERIFIED, check.checker, check.detail,
                       cnf_path, proof_path)
