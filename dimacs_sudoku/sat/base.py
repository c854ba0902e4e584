"""What every in-process back end of the SAT façade offers (:class:`Backend`), and the
parts they share: at-most-k as clauses, enumeration with projected blocking clauses,
subset-minimal cores by deletion.

A back end subclasses :class:`Backend` and defines ``add_clauses``, ``solve``,
``model`` and ``delete`` (and ``add_atmost``, ``core``, ``models``, ``proof`` where it
does better than the shared ones).
"""

from itertools import combinations

from ..errors import UnknownResult, UsageError

_POSITIVE = (0).__lt__


def _same(model):
    return model


def projection(project=None, positives=False):
    """The function ``model -> literals`` that :meth:`Backend.models` returns and
    blocks: every literal (``project`` None), those of variables 1..project (an int)
    or of the variables in ``project`` (an iterable; a frozenset of variables is taken as
    it is); with ``positives`` only the true ones.

    >>> projection(2)([1, -2, 3])
    [1, -2]
    >>> projection({2, 3}, positives=True)([1, -2, 3])
    [3]
    """
    if project is None:
        return (lambda model: list(filter(_POSITIVE, model))) if positives else _same
    if isinstance(project, int):
        top = project
        if positives:
            return lambda model: [lit for lit in model if 0 < lit <= top]
        return lambda model: [lit for lit in model if -top <= lit <= top]
    if isinstance(project, frozenset):
        chosen = project
    else:
        chosen = frozenset(abs(v) for v in project)
    if positives:
        return lambda model: [lit for lit in model if lit > 0 and lit in chosen]
    return lambda model: [lit for lit in model if abs(lit) in chosen]


class Backend:
    """One incremental SAT solver in this process (see :func:`dimacs_sudoku.sat.Solver`).

    ``num_vars``: every model covers variables 1..num_vars at least."""

    name = "?"
    native_atmost = False

    def __init__(self, num_vars=0):
        self.num_vars = num_vars
        self.solves = 0                 # searches made (cores' included): a cost measure
        self._last = None               # the last solve's answer
        self._assumptions = ()          # and its assumptions

    def add_clauses(self, clauses):
        raise NotImplementedError

    def add_clause(self, clause):
        self.add_clauses((clause,))

    def add_atmost(self, lits, k=1):
        """At most ``k`` of ``lits`` true: here as clauses (every k + 1 of them not all
        true; pairwise for k = 1), which suits small k; back ends with native
        cardinality constraints override it."""
        if k < 0:
            raise ValueError("k must be at least 0")
        self.add_clauses([[-lit for lit in group] for group in combinations(lits, k + 1)])

    def add_atmosts(self, groups, k=1):
        """:meth:`add_atmost` for each of ``groups``."""
        for lits in groups:
            self.add_atmost(lits, k)

    def add_counter(self, lits, most, new_var):
        """Count the true ``lits`` up to ``most`` + 1: returns ``above``, where
        ``above[k]`` (k = 0..most) is true when more than k of ``lits`` are, so that
        assuming ``-above[k]`` allows at most k of them (a cardinality bound that
        each solve chooses, on every back end). Sinz's sequential counter, one way
        only (true lits force the counts up): ``len(lits) * (most + 1)`` new
        variables from ``new_var()``, about twice as many clauses.

        >>> from dimacs_sudoku.sat import Solver
        >>> solver = Solver("pycosat")
        >>> top = [3]
        >>> def new_var():
        ...     top[0] += 1
        ...     return top[0]
        >>> above = solver.add_counter([1, 2, 3], 1, new_var)
        >>> solver.solve([1, 2, -above[1]]), solver.solve([1, -above[1]])
        (False, True)
        """
        if most < 0:
            raise ValueError("most must be at least 0")
        above = None
        clauses = []
        for lit in lits:
            counts = [new_var() for _ in range(most + 1)]
            clauses.append([-lit, counts[0]])
            if above is not None:
                for k in range(most + 1):
                    clauses.append([-above[k], counts[k]])
                    if k:
                        clauses.append([-lit, -above[k - 1], counts[k]])
            above = counts
        self.add_clauses(clauses)
        if above is None:               # no lits: never more than k of them
            above = [new_var() for _ in range(most + 1)]
            self.add_clauses([[-v] for v in above])
        return above

    def solve(self, assumptions=(), budget=None):
        """True (a model: :meth:`model`), False (none under the assumptions:
        :meth:`core`), or None when ``budget`` propagations ran out."""
        raise NotImplementedError

    def model(self):
        raise NotImplementedError

    def _core(self, assumptions):
        """Some failed assumptions of the last unsatisfiable solve (all of them here)."""
        return list(assumptions)

    def core(self, minimal=True):
        """A subset-minimal set of the last solve's assumptions under which the clauses
        have no model (empty: none without assumptions either): the back end's core,
        shrunk by deletion (one more solve per assumption in it; each solve that
        still fails shrinks it to that solve's own core too). Call it after a solve
        that returned False; it solves again, so :meth:`model` is gone. With
        ``minimal=False``, the back end's core as it is (no solve: it may hold
        assumptions it does not need).

        >>> from dimacs_sudoku.sat import Solver
        >>> solver = Solver("pycosat")
        >>> solver.add_clauses([[-1, -2]])
        >>> solver.solve([1, 2, 3]), solver.core(minimal=False), solver.core()
        (False, [1, 2, 3], [1, 2])
        """
        if self._last is not False:
            raise UsageError("core() needs a solve that found no model just before")
        core = self._core(self._assumptions)
        if not minimal:
            return core
        for lit in list(core):
            if lit not in core:
                continue                # dropped with an earlier solve's core
            rest = [other for other in core if other != lit]
            if self.solve(rest) is False:
                smaller = set(self._core(rest))
                core = [other for other in rest if other in smaller]
        self._last = False
        self._assumptions = tuple(core)
        return core

    def models(self, count, project=None, positives=False, budget=None, assumptions=(),
               guard=None):
        """Up to ``count`` models, distinct on the projected variables (see
        :func:`projection`): after each one a clause blocking its projection is
        added, so that auxiliary variables never make one answer count twice. With
        ``positives`` only true literals are returned and blocked: right when every
        model sets the same number of them true (one digit per cell). ``budget``
        bounds each search (propagations): an UnknownResult when one runs out. Under
        ``assumptions``, with each blocking clause weakened by ``-guard`` when a
        ``guard`` is given (it blocks then only while ``guard`` is assumed)."""
        keep = projection(project, positives)
        found = []
        while len(found) < count:
            answer = self.solve(assumptions, budget)
            if answer is None:
                raise UnknownResult("no answer within %d propagations" % budget)
            if not answer:
                break
            lits = keep(self.model())
            found.append(lits)
            if not lits:
                break                   # every model has this (empty) projection
            self.add_clauses(([-lit for lit in lits] if guard is None
                              else [-guard] + [-lit for lit in lits],))
        return found

    def proof(self):
        """The proof lines (DRAT) of the last unsatisfiable solve, from a back end made
        with ``proof=True``."""
        raise UsageError("the %s back end writes no proof" % self.name)

    def delete(self):
        """Free the solver (also at the end of a ``with`` block)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.delete()
