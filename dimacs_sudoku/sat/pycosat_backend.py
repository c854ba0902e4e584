"""The bundled solver: picosat through pycosat, in this process.

>>> from dimacs_sudoku.dimacs.cnf import Cnf
>>> solve_cnf(Cnf(2, [[1, 2], [-1]])).status
'SAT'
"""

from itertools import chain

from .base import Backend, projection
from .process import answer_result, check_timeout, fork_to_stay_interruptible, need_fork, \
    solve_forked, terminate_as_exit

BUNDLED = "bundled"
BUNDLED_NAMES = (BUNDLED, "pycosat")


def solve_cnf(cnf, timeout=None):
    """Solve a :class:`~dimacs_sudoku.dimacs.cnf.Cnf` (or a Formula, from encode) with the
    bundled picosat (pycosat); returns a Result whose model covers all ``cnf.num_vars``
    variables.

    pycosat cannot be interrupted, so with a ``timeout`` (seconds) it runs in a
    forked child that is killed at the deadline: the result is then UNKNOWN. Its
    model is not checked against the clauses here (it comes from this process's
    own copy of them; external and python-sat models are, see
    :mod:`dimacs_sudoku.dimacs.check`), and every grid decoded from it is.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.encodings import encode
    >>> solve_cnf(encode(Grid.from_line("11" + "." * 14))).status
    'UNSAT'
    """
    from ..arguments import having, seconds
    having(cnf, "num_vars", "solve_cnf", "a Cnf (from read_dimacs) or a Formula (from "
           "encode)")
    seconds(timeout, "solve_cnf")
    if hasattr(cnf, "to_cnf"):          # a Formula: its clauses, made once
        cnf = cnf.to_cnf()
    return solve_clauses(cnf.clauses, cnf.num_vars, timeout)


def solve_clauses(clauses, num_vars=0, timeout=None):
    """Solve a list of clauses (lists of int) with the bundled solver; see solve_cnf.

    >>> solve_clauses([[1], [-1]]).status
    'UNSAT'
    """
    import pycosat
    timeout = check_timeout(timeout)
    if timeout is None and not fork_to_stay_interruptible(timeout):
        return answer_result(pycosat.solve(clauses, vars=num_vars))
    need_fork("the bundled solver")
    with terminate_as_exit():
        return solve_forked(lambda: pycosat.solve(clauses, vars=num_vars), timeout,
                            "the bundled solver")


def solve_variant(grid, rules, limit=1, encoding="extended", amo="pairwise"):
    """Up to ``limit`` solutions of a variant puzzle (bundled picosat), each checked by
    :func:`~dimacs_sudoku.core.check.check_variant`; distinct as grids (auxiliary
    variables never count twice).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.rules.registry import parse_rule
    >>> [s.to_line() for s in solve_variant(Grid.from_line("1..4" "4..." "...3" "3..1"),
    ...                                     [parse_rule("killer 5 r1c2 r1c3", 4)], limit=2)]
    ['1234431221433421']
    """
    from ..encodings import encode_variant
    from ..core.grid import Grid
    from ..rules.registry import variant_layout
    from ..core.check import check_variant
    from ..core.variables import Standard, model_cells
    formula = encode_variant(grid, rules, encoding, amo)
    n = grid.size
    sat = PycosatSolver(formula.num_vars)
    sat.add_clauses(list(formula.clauses()))
    solutions = []
    for chosen in sat.models(limit, project=n ** 3, positives=True):
        cells = model_cells(chosen, Standard(n))
        problems = check_variant(cells, n, grid.layout.box, rules, givens=grid.cells)
        if problems:
            from ..errors import InvalidModel
            raise InvalidModel("the solver's grid breaks a rule: " + problems[0])
        solutions.append(Grid(cells, layout=variant_layout(n, grid.layout.box, rules),
                              rules=rules))
    return solutions


# pycosat's itersolve blocks whole models, auxiliary variables included: a projection
# it gives again with other auxiliary values is skipped, this many times at most,
# before the search goes on one solve per projection with those found blocked (exact
# either way).
_REPEATS = 4


# pycosat's solution iterator, as its C source declares it: the object's head, then
# the PicoSAT pointer and a buffer pointer. Read only when the type's size says so.
_PLAIN_SWITCH = []


def _plain_switch():
    """``(set_plain, read, head, result)``: picosat's ``picosat_set_plain`` and
    ``picosat_res`` from the loaded pycosat module, and how to find the PicoSAT pointer
    in an ``itersolve`` iterator (at ``head`` bytes, by ``read``); None where that
    module does not export them or its iterator is not laid out as expected."""
    if not _PLAIN_SWITCH:
        import ctypes
        import pycosat
        switch = None
        pointer = ctypes.sizeof(ctypes.c_void_p)
        head = object.__basicsize__
        iterator = pycosat.itersolve([], vars=1)
        try:
            library = ctypes.CDLL(pycosat.__file__)
            set_plain = library.picosat_set_plain
            variables = library.picosat_variables
            result = library.picosat_res
        except (OSError, AttributeError):
            library = None
        if library is not None and type(iterator).__basicsize__ == head + 2 * pointer:
            set_plain.argtypes = (ctypes.c_void_p, ctypes.c_int)
            set_plain.restype = None
            variables.argtypes = result.argtypes = (ctypes.c_void_p,)
            variables.restype = result.restype = ctypes.c_int
            read = ctypes.c_void_p.from_address
            # the pointer is picosat's when picosat reads back the 1 variable given
            if variables(read(id(iterator) + head).value) == 1:
                switch = (set_plain, read, head, result)
        _PLAIN_SWITCH.append(switch)
    return _PLAIN_SWITCH[0]


def plain_itersolve(clauses, num_vars, budget=0):
    """``pycosat.itersolve`` with picosat's start-up probing switched off (its "plain"
    mode, which pycosat's interface does not offer) where the loaded pycosat allows it,
    else as it is; ``budget``: its propagation limit (0: none). The probing (failed
    literals, after sorting every variable) is most of picosat's time on a small
    reduced Sudoku problem.

    >>> list(plain_itersolve([[1, 2], [-1, -2]], 2))
    [[-1, 2], [1, -2]]
    """
    import pycosat
    iterator = pycosat.itersolve(clauses, vars=num_vars, prop_limit=budget)
    switch = _plain_switch()
    if switch is not None:
        set_plain, read, head, _ = switch
        set_plain(read(id(iterator) + head).value, 1)
    return iterator


def _plain_solve(clauses, num_vars, budget):
    """pycosat.solve's answer (a model, "UNSAT" or "UNKNOWN") from plain picosat (see
    :func:`plain_itersolve`), which needs :func:`_plain_switch`."""
    models = plain_itersolve(clauses, num_vars, budget or 0)
    model = next(models, None)
    if model is not None:
        return model
    _, read, head, result = _plain_switch()
    return "UNKNOWN" if result(read(id(models) + head).value) == 0 else "UNSAT"


class PycosatSolver(Backend):
    """The bundled picosat as a façade back end. pycosat has no incremental API: the
    clauses are held here as given, not copied, and read at every search (so lists or
    tuples; a one-pass iterable only for one search, as batch solving's one
    :meth:`models`), each solve is a new
    picosat run, assumptions are unit clauses, and a core is shrunk from all of them
    by deletion (correct, one run per assumption). :meth:`models` runs ``itersolve``,
    which keeps what picosat learnt between models; with ``plain`` it runs picosat
    without its start-up probing (:func:`plain_itersolve`), which suits small problems
    solved by the thousand."""

    name = "pycosat"

    def __init__(self, num_vars=0, plain=False):
        Backend.__init__(self, num_vars)
        self._parts = []                 # the iterables of clauses added
        self._model = None
        self.plain = plain

    def add_clauses(self, clauses):
        self._parts.append(clauses)

    def clauses(self, extra=()):
        """Every clause added (and ``extra``), as one iterable."""
        parts = self._parts
        if len(parts) == 1 and not extra:
            return parts[0]
        return chain.from_iterable(parts + [extra] if extra else parts)

    def solve(self, assumptions=(), budget=None):
        self.solves += 1
        import pycosat
        clauses = self.clauses([[lit] for lit in assumptions])
        if self.plain and _plain_switch() is not None:
            answer = _plain_solve(clauses, self.num_vars, budget)
        elif budget:
            answer = pycosat.solve(clauses, vars=self.num_vars, prop_limit=budget)
        else:
            answer = pycosat.solve(clauses, vars=self.num_vars)
        self._assumptions = tuple(assumptions)
        self._model = answer if isinstance(answer, list) else None
        self._last = True if self._model is not None else (
            None if answer == "UNKNOWN" else False)
        return self._last

    def model(self):
        return self._model

    def models(self, count, project=None, positives=False, budget=None, assumptions=(),
               guard=None):
        if budget or assumptions or guard is not None:
            return Backend.models(self, count, project, positives, budget, assumptions,
                                  guard)
        import pycosat
        keep = projection(project, positives)
        found = []
        if count < 1:
            return found
        seen = set()
        repeats = 0
        if self.plain:
            models = plain_itersolve(self.clauses(), self.num_vars)
        else:
            models = pycosat.itersolve(self.clauses(), vars=self.num_vars)
        for model in models:
            lits = keep(model)
            if project is not None:
                key = tuple(lits)
                if key in seen:
                    repeats += 1
                    if repeats > _REPEATS:
                        break               # on with one solve per projection
                    continue
                seen.add(key)
            found.append(lits)
            if len(found) >= count or not lits:
                return found
        else:
            return found                    # every model seen
        self.add_clauses([[-lit for lit in lits] for lits in found])
        return found + Backend.models(self, count - len(found), project, positives)
