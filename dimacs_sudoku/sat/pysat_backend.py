"""python-sat's solvers (``--solver pysat:NAME``), in this process.

>>> names = pysat_names()
>>> names is None or names["g4"] == "glucose41"
True
"""

import importlib.util

from ..errors import PYTHON_SAT_MISSING, NotInstalled, SolverError, UsageError
from .process import answer_result, check_timeout, fork_to_stay_interruptible, need_fork, \
    solve_forked, terminate_as_exit

PYSAT = "pysat:"
# Solvers of python-sat that are wrappers of another package, which it does not
# install; without it, python-sat fails with an assertion (and noise on stderr).
_NEEDS = {"cryptominisat5": ("pycryptosat", "pip install pycryptosat")}


def pysat_names():
    """The solver names python-sat knows, each alias mapped to its full name, or None
    when python-sat is not installed."""
    try:
        from pysat.solvers import SolverNames
    except ImportError:
        return None
    return {alias: aliases[-1] for aliases in vars(SolverNames).values()
            if isinstance(aliases, tuple) for alias in aliases}


def check_pysat_name(name):
    """The full name of python-sat's solver ``name``; SolverError when python-sat (or
    the package this solver wraps) is not installed, UsageError for an unknown name."""
    names = pysat_names()
    if names is None:
        raise NotInstalled(PYTHON_SAT_MISSING)
    if name not in names:
        raise UsageError("python-sat has no solver %r (it has %s)"
                         % (name, ", ".join(sorted(set(names.values())))))
    full = names[name]
    needed = _NEEDS.get(full)
    if needed and importlib.util.find_spec(needed[0]) is None:
        raise NotInstalled("python-sat's %s needs the package %s, which is not installed: "
                          "%s" % (full, needed[0], needed[1]))
    return full


def solve_pysat(name, clauses, num_vars=0, timeout=None):
    """Solve the clauses (any iterable of lists of int, read once: never held as a
    list) with python-sat's solver ``name`` (kissat404, cadical195, glucose4, ...).

    The model covers variables 1..num_vars at least. With a ``timeout`` the search
    runs in a forked child, as the bundled solver's does. Raises SolverError when
    python-sat is not installed, UsageError for a name it does not know.
    """
    check_pysat_name(name)
    timeout = check_timeout(timeout)
    from pysat.solvers import Solver
    try:
        solver = Solver(name=name)
    except Exception as error:       # python-sat asserts on a missing wrapped package
        raise SolverError("python-sat's %s cannot start: %s" % (name, error)) from None
    with solver:
        add = solver.add_clause
        for clause in clauses:
            add(clause)

        def answer():
            if not solver.solve():
                return "UNSAT"
            model = solver.get_model() or []
            return model + [-v for v in range(len(model) + 1, num_vars + 1)]

        if timeout is None and not fork_to_stay_interruptible(timeout):
            return answer_result(answer())
        need_fork("the pysat: solvers")
        with terminate_as_exit():
            return solve_forked(answer, timeout, "python-sat's " + name)
