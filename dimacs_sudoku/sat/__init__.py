"""Every in-process call into a SAT solver, and the programs that are the others.

The façade: :func:`Solver` makes one incremental solver over a back end, with
``add_clauses``, ``add_atmost``, ``solve(assumptions)``, ``model``, ``core`` (a
subset-minimal set of failed assumptions), ``models(count, project)`` (enumeration
with blocking clauses over the projected variables), ``add_counter`` (literals "more
than k of these are true", so that each solve bounds a count by an assumption) and
``proof`` where the back end writes one. Nothing else in the package imports pycosat or python-sat.

>>> solver = Solver("pycosat")
>>> solver.add_clauses([[1, 2], [-1, 3]])
>>> solver.add_atmost([1, 2, 3], 1)
>>> solver.solve(), solver.model()
(True, [-1, 2, -3])
>>> solver.solve([1])
False
>>> solver.core()
[1]
>>> sorted(map(sorted, solver.models(10, project=[1, 2], positives=True)))
[[2]]

The modules:

- :mod:`.base`: what every back end offers, and the shared parts;
- :mod:`.pycosat_backend`: picosat through pycosat (:class:`PycosatSolver`, and
  :func:`solve_cnf` for cnfsolve);
- :mod:`.pysat_backend`: python-sat's solvers (:class:`PysatSolver`, MiniCard through
  its C functions, and :func:`solve_pysat` for cnfsolve);
- :mod:`.external`: any installed program (:func:`run_solver`, :func:`run_solver_to`),
  in its own process group;
- :mod:`.program_backend`: such a program as a back end (:class:`ProgramSolver`), one
  run per solve, for batch solving with ``--solver``;
- :mod:`.registry`: the known external solvers, one entry each;
- :mod:`.proofs`: DRAT proofs from the solvers that write one (:func:`prover`,
  :func:`prove`);
- :mod:`.check`: the grid check (rules and givens) and the clause check (every
  clause of the CNF) that every answer passes before it is printed;
- :mod:`.competition`: the writer of SAT competition output (:func:`write_result`);
- :mod:`.process`: time-outs, forked searches and signals, shared by the others.
- :mod:`.dpll`: clause-level unit propagation, probing and a small DPLL search
  (grading, the generator's random completion), no SAT solver.

>>> from dimacs_sudoku.dimacs.cnf import Cnf
>>> solve_cnf(Cnf(2, [[1, 2], [-1]])).status
'SAT'
"""

BACKENDS = ("auto", "pycosat", "pysat", "pysat:NAME")


def backend(name="auto", proof=False):
    """The maker ``(num_vars=0) -> solver`` of a back end: ``pycosat`` (the bundled
    picosat), ``pysat:NAME`` (python-sat's solver NAME), ``pysat`` (its MiniCard) or
    ``auto`` (``pysat`` when python-sat is installed, else ``pycosat``; with
    ``proof``, python-sat's cadical195). Made once, it makes solvers without looking
    the name up again. Raises UsageError for an unknown name or a back end that
    writes no proof, NotInstalled when python-sat is asked for and missing."""
    from . import pycosat_backend, pysat_backend
    if name == "auto":
        if not pysat_backend.available():
            name = "pycosat"
        else:
            name = "pysat:cadical195" if proof else "pysat"
    if name in pycosat_backend.BUNDLED_NAMES:
        if proof:
            from ..errors import UsageError
            raise UsageError("pycosat writes no proof (python-sat's solvers do: %s)"
                             % ", ".join(pysat_backend.PROOF))
        return pycosat_backend.PycosatSolver
    if name == "pysat":
        name = "pysat:minicard"
    if name.startswith(pysat_backend.PYSAT):
        return pysat_backend.backend(name[len(pysat_backend.PYSAT):], proof)
    from ..errors import UsageError
    raise UsageError("unknown SAT back end %r (choose from %s)"
                     % (name, ", ".join(BACKENDS)))


def Solver(backend_name="auto", num_vars=0, proof=False):
    """A new incremental solver (:class:`~dimacs_sudoku.sat.base.Backend`) over the
    back end ``backend_name`` (see :func:`backend`); its models cover variables
    1..num_vars at least. Use it in a ``with`` block, or call ``delete()``."""
    return backend(backend_name, proof)(num_vars)


# Names load their module on first use, so that importing one back end does not
# import the others.
_HOMES = {
    "BUNDLED": ".pycosat_backend", "BUNDLED_NAMES": ".pycosat_backend",
    "solve_clauses": ".pycosat_backend", "solve_cnf": ".pycosat_backend",
    "SolverCommand": ".external", "run_solver": ".external",
    "run_solver_to": ".external", "solver_command": ".external",
    "check_timeout": ".process",
    "PYSAT": ".pysat_backend", "check_pysat_name": ".pysat_backend",
    "pysat_names": ".pysat_backend", "solve_pysat": ".pysat_backend",
    "KNOWN": ".registry", "SOLVERS": ".registry", "KnownSolver": ".registry",
    "proof_writers": ".registry", "prover": ".proofs", "prove": ".proofs",
}

_MODULES = ("base", "external", "process", "pycosat_backend", "proofs", "pysat_backend",
            "registry")

__all__ = sorted(_HOMES)


def __getattr__(name):
    import importlib
    home = _HOMES.get(name)
    if home is None:
        if name in _MODULES:
            return importlib.import_module("." + name, __name__)
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_HOMES))
