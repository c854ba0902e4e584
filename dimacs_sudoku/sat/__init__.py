"""SAT solver back ends, one module each, and the one model checker they all pass
through:

- :mod:`.pycosat_backend`: picosat through pycosat, in this process (:func:`solve_cnf`);
- :mod:`.pysat_backend`: python-sat's solvers, in this process (:func:`solve_pysat`);
- :mod:`.external`: any installed program (:func:`run_solver`, :func:`run_solver_to`),
  in its own process group;
- :mod:`.registry`: the known external solvers, one entry each;
- :mod:`.check`: the grid check (rules and givens) and the clause check (every
  clause of the CNF) that every answer passes before it is printed;
- :mod:`.competition`: the writer of SAT competition output (:func:`write_result`);
- :mod:`.process`: time-outs, forked searches and signals, shared by the others.

>>> from dimacs_sudoku.dimacs import Cnf
>>> solve_cnf(Cnf(2, [[1, 2], [-1]])).status
'SAT'
"""

# Names load their module on first use, so that importing one back end (or the checker,
# as batch solving does) does not import the others.
_HOMES = {
    "Result": "..model",
    "BUNDLED": ".pycosat_backend", "BUNDLED_NAMES": ".pycosat_backend", "solve_clauses": ".pycosat_backend",
    "solve_cnf": ".pycosat_backend",
    "check_cells": ".check", "check_clauses": ".check", "check_cnf_file": ".check",
    "grid_check": ".check",
    "LINE_WIDTH": ".competition", "MAX_LINE": ".competition",
    "byte_writer": ".competition", "write_result": ".competition",
    "SolverCommand": ".external", "run_solver": ".external",
    "run_solver_to": ".external", "solver_command": ".external",
    "check_timeout": ".process",
    "PYSAT": ".pysat_backend", "check_pysat_name": ".pysat_backend",
    "pysat_names": ".pysat_backend", "solve_pysat": ".pysat_backend",
    "KNOWN": ".registry", "SOLVERS": ".registry", "KnownSolver": ".registry",
}

_MODULES = ("check", "competition", "external", "process", "pycosat_backend", "pysat_backend",
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
