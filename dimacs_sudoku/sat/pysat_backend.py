"""python-sat's solvers (``--solver pysat:NAME``), in this process.

>>> names = pysat_names()
>>> names is None or names["g4"] == "glucose41"
True
"""

import importlib.util
from collections import deque
from functools import partial
from itertools import repeat
from operator import neg

from ..errors import PYTHON_SAT_MISSING, NotInstalled, OutputError, SolverError, UsageError
from .base import _POSITIVE, Backend
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


def solve_pysat(name, clauses, num_vars=0, timeout=None, proof=None):
    """Solve the clauses (any iterable of lists of int, read once: never held as a
    list) with python-sat's solver ``name`` (kissat404, cadical195, glucose4, ...).

    The model covers variables 1..num_vars at least. With a ``timeout`` the search
    runs in a forked child, as the bundled solver's does. With ``proof`` (a file
    name), a solver of :data:`PROOF` writes its DRAT proof there (text) when it
    answers UNSAT. Raises SolverError when python-sat is not installed, UsageError
    for a name it does not know or one that writes no proof.
    """
    check_pysat_name(name)
    timeout = check_timeout(timeout)
    with PysatSolver(name, num_vars, proof=proof is not None) as solver:
        solver.add_clauses(clauses)

        def answer():
            if solver.solve():
                return solver.model()
            if proof is not None:
                write_proof(solver.proof(), proof)
            return "UNSAT"

        if timeout is None and not fork_to_stay_interruptible(timeout):
            return answer_result(answer())
        need_fork("the pysat: solvers")
        with terminate_as_exit():
            return solve_forked(answer, timeout, "python-sat's " + name)


def available():
    """True when python-sat can be imported (tried once)."""
    if _AVAILABLE[0] is None:
        _AVAILABLE[0] = importlib.util.find_spec("pysat") is not None and \
            pysat_names() is not None
    return _AVAILABLE[0]


_AVAILABLE = [None]
# Native cardinality constraints (add_atmost).
NATIVE_ATMOST = ("minicard", "gluecard3", "gluecard4")
# The solvers whose proofs (DRAT) python-sat gives (Solver(..., with_proof=True)),
# by full name (glucose4 is glucose41), each checked on a 9x9 uniqueness proof. Left
# out: mergesat3 (python-sat refuses proof tracing for it) and maplesat (in python-sat
# 1.9 its proofs fail the check).
PROOF = ("cadical195", "cadical153", "cadical103", "glucose41", "glucose30", "glucose421",
         "lingeling", "maplechrono", "maplecm")


def write_proof(lines, path):
    """Write python-sat's proof ``lines`` (text DRAT, one step each) to the file ``path``;
    an OutputError naming it when it cannot be written (a full disk)."""
    try:
        with open(path, "w", encoding="ascii") as out:
            for line in lines or ():
                out.write(line)
                out.write("\n")
    except OSError as error:
        from ..streams import describe_os_error
        raise OutputError(describe_os_error(error, "write", path)) from None


def _pysat_solver(name, proof):
    """python-sat's Solver ``name`` (checked), with proof logging on ``proof``."""
    full = check_pysat_name(name)
    if proof and full not in PROOF:
        raise UsageError("python-sat's %s writes no proof (these do: %s)"
                         % (full, ", ".join(PROOF)))
    from pysat.solvers import Solver
    try:
        return Solver(name=full, with_proof=proof)
    except Exception as error:       # python-sat asserts on a missing wrapped package
        raise SolverError("python-sat's %s cannot start: %s" % (name, error)) from None


class PysatSolver(Backend):
    """One of python-sat's solvers as a façade back end, through its Solver class:
    native at-most-k where the solver has it, assumptions and cores its own, proofs
    from the solvers in :data:`PROOF` made with ``proof=True``."""

    def __init__(self, name, num_vars=0, proof=False):
        Backend.__init__(self, num_vars)
        self.solver = _pysat_solver(name, proof)
        self.name = "pysat:" + self.solver.solver.__class__.__name__.lower()
        self.native_atmost = self.solver.solver.__class__.__name__.lower() in NATIVE_ATMOST

    def add_clauses(self, clauses):
        deque(map(self.solver.add_clause, clauses), 0)

    def add_atmost(self, lits, k=1):
        if self.native_atmost:
            self.solver.add_atmost(lits, k)
        else:
            Backend.add_atmost(self, lits, k)

    def add_atmosts(self, groups, k=1):
        if self.native_atmost:
            deque(map(self.solver.add_atmost, groups, repeat(k)), 0)
        else:
            Backend.add_atmosts(self, groups, k)

    def solve(self, assumptions=(), budget=None):
        self.solves += 1
        if budget:
            try:
                self.solver.prop_budget(budget)
            except NotImplementedError:
                raise UsageError("%s has no budget of propagations" % self.name) from None
            self._last = self.solver.solve_limited(assumptions=assumptions)
        else:
            self._last = self.solver.solve(assumptions=assumptions)
        self._assumptions = tuple(assumptions)
        return self._last

    def model(self):
        model = self.solver.get_model() or []
        if len(model) < self.num_vars:
            model = model + [-v for v in range(len(model) + 1, self.num_vars + 1)]
        return model

    def _core(self, assumptions):
        return list(self.solver.get_core() or ())

    def proof(self):
        return self.solver.get_proof()

    def delete(self):
        self.solver.delete()


def _minicard_functions():
    """MiniCard's C functions, which python-sat's class calls (None when this build
    names them differently)."""
    try:
        import pysolvers
        return (pysolvers.minicard_new, pysolvers.minicard_add_cl,
                pysolvers.minicard_add_am, pysolvers.minicard_solve,
                pysolvers.minicard_model, pysolvers.minicard_del,
                pysolvers.minicard_core, pysolvers.minicard_pbudget,
                pysolvers.minicard_solve_lim)
    except (ImportError, AttributeError):
        return None


class MinicardSolver(Backend):
    """MiniCard (MiniSat with native at-most-k) through its C functions, as the
    Solver class of python-sat calls them, without its Python layer: a third less
    time per constraint. Every search is called with MiniCard's SIGINT flag off
    (from the main thread it would turn Ctrl-C into its own error): a long search
    runs in a forked child instead (:func:`dimacs_sudoku.sat.process.call_forked`)."""

    name = "pysat:minicard"
    native_atmost = True
    FUNCTIONS = None                 # set below, once

    def __init__(self, num_vars=0):
        Backend.__init__(self, num_vars)
        self.handle = self.FUNCTIONS[0]()

    def add_clauses(self, clauses):
        deque(map(self.FUNCTIONS[1], repeat(self.handle), clauses), 0)

    def add_atmost(self, lits, k=1):
        self.FUNCTIONS[2](self.handle, lits, k)

    def add_atmosts(self, groups, k=1):
        deque(map(self.FUNCTIONS[2], repeat(self.handle), groups, repeat(k)), 0)

    def solve(self, assumptions=(), budget=None):
        self.solves += 1
        functions = self.FUNCTIONS
        if budget:
            functions[7](self.handle, budget)
            answer = functions[8](self.handle, assumptions, 0, 0)
            self._last = None if answer is None else bool(answer)
        else:
            self._last = bool(functions[3](self.handle, assumptions, 0))
        self._assumptions = tuple(assumptions)
        return self._last

    def model(self):
        model = self.FUNCTIONS[4](self.handle) or []
        if len(model) < self.num_vars:
            model = model + [-v for v in range(len(model) + 1, self.num_vars + 1)]
        return model

    def _core(self, assumptions):
        return list(self.FUNCTIONS[6](self.handle) or ())

    def models(self, count, project=None, positives=False, budget=None, assumptions=(),
               guard=None):
        if (project is not None or not positives or budget or assumptions
                or guard is not None):
            return Backend.models(self, count, project, positives, budget, assumptions,
                                  guard)
        # The engine of batch solving: the loop at C level, one call per step.
        handle = self.handle
        solve, get_model, add_cl = self.FUNCTIONS[3], self.FUNCTIONS[4], self.FUNCTIONS[1]
        found = []
        while len(found) < count and solve(handle, (), 0):
            lits = list(filter(_POSITIVE, get_model(handle)))
            found.append(lits)
            if not lits:
                break
            add_cl(handle, list(map(neg, lits)))
        return found

    def delete(self):
        if self.handle is not None:
            self.FUNCTIONS[5](self.handle)
            self.handle = None


MinicardSolver.FUNCTIONS = _minicard_functions()


def backend(name, proof=False):
    """The maker ``(num_vars=0) -> Backend`` of python-sat's solver ``name``: MiniCard
    through its C functions when this python-sat build has them and no proof is
    asked (it writes none), else the Solver class."""
    full = check_pysat_name(name)
    if full == "minicard" and MinicardSolver.FUNCTIONS is not None and not proof:
        return MinicardSolver
    _pysat_solver(full, proof).delete()          # the name's checks, once
    return partial(PysatSolver, full, proof=proof)
