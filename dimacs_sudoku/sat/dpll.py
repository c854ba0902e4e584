"""Clause-level unit propagation, failed-literal probing and a small DPLL search: the
reasoning of grading (:mod:`dimacs_sudoku.tasks.grade`) and of the generator's random
completion (:mod:`dimacs_sudoku.tasks.generate`), over any clause set, with no SAT solver.

Unit propagation is counter-based: binary clauses become implication lists, longer
clauses keep a count of literals not yet false, and a clause whose count falls to one
yields its last free literal. The branching rule of :meth:`ClausePropagator.search`:
among the clauses not yet satisfied, take the one with the fewest free literals (the
first in clause order on a tie: for the extended encoding, cells before rows, columns
and boxes), and set its first free literal true; after a conflict, that literal is set
false instead (chronological backtracking). A *decision* is one such choice; the
forced second branch is not counted.

:func:`clause_propagator` builds the propagator of a grid shape from the encodings'
own clauses (:func:`dimacs_sudoku.encodings.encode`, pairwise at-most-one, standard
numbering, no givens) once, and reuses it for every puzzle of that shape.

>>> from dimacs_sudoku.core.grid import Grid
>>> prop = clause_propagator(Grid.empty(4).layout)
>>> prop.reset()
>>> prop.assume(given_literals(Grid.from_line("1..4" "4..." "...3" "3..1"))), prop.solved()
(True, True)
>>> prop.reset()
>>> prop.assume([1, 2])            # 1 and 2 in r1c1
False
"""

from bisect import bisect_right
from operator import neg

from ..core.grid import Grid
from ..encodings import ENCODINGS, encode
from ..encodings.rules import clause_rules
from ..errors import UsageError


class ClausePropagator:
    """Unit propagation, probing and a small DPLL over a fixed clause set.

    ``clauses`` are lists of non-zero ints over variables ``1..num_vars``. Each puzzle
    starts with :meth:`reset`, then :meth:`assume` its unit literals.
    """

    def __init__(self, clauses, num_vars):
        n = num_vars
        imp = [[] for _ in range(2 * n + 1)]       # literal true -> literals made true
        longs = []
        units = []
        empty = False
        for clause in clauses:
            if len(clause) == 2:
                a, b = clause
                if a != b and a != -b:
                    imp[n - a].append(b)
                    imp[n - b].append(a)
                    continue
            clause = list(dict.fromkeys(clause))
            if any(-lit in clause for lit in clause):
                continue                           # a tautology
            if not clause:
                empty = True
            elif len(clause) == 1:
                units.append(clause[0])
            elif len(clause) == 2:
                a, b = clause
                imp[n - a].append(b)
                imp[n - b].append(a)
            else:
                longs.append(clause)
        self._setup(n, imp, longs, units, empty)

    def _setup(self, n, imp, longs, units, empty):
        self.num_vars = n
        occ = [[] for _ in range(2 * n + 1)]       # literal -> long clauses holding it
        for k, clause in enumerate(longs):
            for lit in clause:
                occ[n + lit].append(k)
        used = {abs(lit) for lit in units}
        used.update(abs(lit) for clause in longs for lit in clause)
        used.update(v for v in range(1, n + 1) if imp[n + v] or imp[n - v])
        self.imp = imp
        self.occ = occ
        self.longs = longs
        self.lengths = [len(clause) for clause in longs]
        self.units = units
        self.empty = empty
        self.active = len(used)                    # variables that occur in a clause
        self.variables = sorted(used)
        self.reset()

    # ---- state ----------------------------------------------------------------

    def reset(self):
        """Forget every assignment (the clauses stay)."""
        n = self.num_vars
        self.value = [0] * (2 * n + 1)             # per literal (index n + lit): 1, -1, 0
        self.free = list(self.lengths)             # per long clause: literals not false
        self.trail = []
        self.head = 0                              # trail[:head] is counted in free
        self.ok = not self.empty
        if self.ok and self.units:
            self.ok = self.assume(self.units)

    def solved(self):
        """True when every variable that occurs in a clause is assigned (no conflict)."""
        return self.ok and len(self.trail) >= self.active

    def filled(self):
        """How many variables are true."""
        return sum(1 for lit in self.trail if lit > 0)

    def model(self):
        """The true literals of the current assignment."""
        return [lit for lit in self.trail if lit > 0]

    def _set(self, lit):
        value = self.value
        n = self.num_vars
        value[n + lit] = 1
        value[n - lit] = -1
        self.trail.append(lit)

    def undo(self, mark):
        """Take back every assignment made after the trail had ``mark`` entries."""
        trail, value, free, occ = self.trail, self.value, self.free, self.occ
        n = self.num_vars
        head = self.head
        for i in range(len(trail) - 1, mark - 1, -1):
            lit = trail[i]
            if i < head:
                for c in occ[n - lit]:
                    free[c] += 1
            value[n + lit] = value[n - lit] = 0
        del trail[mark:]
        if head > mark:
            self.head = mark

    # ---- unit propagation -------------------------------------------------------

    def assume(self, lits):
        """Set ``lits`` true and propagate; False on a conflict (the state is then
        inconsistent until :meth:`undo` or :meth:`reset`)."""
        value = self.value
        n = self.num_vars
        for lit in lits:
            v = value[n + lit]
            if v < 0:
                return False
            if v == 0:
                self._set(lit)
        return self.propagate()

    def propagate(self):
        """Unit propagation from ``trail[head:]``; False on a conflict."""
        trail, value, free, occ, imp = self.trail, self.value, self.free, self.occ, self.imp
        longs = self.longs
        n = self.num_vars
        head = self.head
        while head < len(trail):
            lit = trail[head]
            conflict = False
            pending = None
            for c in occ[n - lit]:                 # clauses where -lit just became false
                f = free[c] - 1
                free[c] = f
                if f <= 1:
                    if f == 1:
                        if pending is None:
                            pending = [c]
                        else:
                            pending.append(c)
                    else:
                        conflict = True
            head += 1
            self.head = head
            if conflict:
                return False
            if pending is not None:
                for c in pending:
                    for other in longs[c]:
                        v = value[n + other]
                        if v >= 0:
                            if v == 0:
                                value[n + other] = 1
                                value[n - other] = -1
                                trail.append(other)
                            break
            for other in imp[n + lit]:
                v = value[n + other]
                if v == 0:
                    value[n + other] = 1
                    value[n - other] = -1
                    trail.append(other)
                elif v < 0:
                    return False
        return True

    # ---- probing ----------------------------------------------------------------

    def probe(self):
        """Failed-literal probing to a fixpoint; False if it proves a conflict.

        Within one round a literal implied by a successful probe is not probed again
        (it cannot fail where the stronger literal did not) until something new is
        asserted.
        """
        if not self.ok:
            return False
        n = self.num_vars
        value = self.value
        variables = self.variables
        changed = True
        while changed and not self.solved():
            changed = False
            skip = set()
            for var in variables:
                if value[n + var]:
                    continue
                for lit in (var, -var):
                    if lit in skip or value[n + lit]:
                        continue
                    mark = len(self.trail)
                    if self.assume((lit,)):
                        skip.update(self.trail[mark:])
                        self.undo(mark)
                        continue
                    self.undo(mark)
                    if not self.assume((-lit,)):
                        self.ok = False
                        return False
                    changed = True
                    skip = set()
                    break
        return True

    # ---- search -----------------------------------------------------------------

    def choose(self):
        """The branching literal: the first free literal of the unsatisfied long clause
        with the fewest free literals (the first such clause); None if every long clause
        is satisfied."""
        value, free, longs = self.value, self.free, self.longs
        n = self.num_vars
        best = None
        best_free = None
        for c, f in enumerate(free):
            if best_free is not None and f >= best_free:
                continue
            clause = longs[c]
            satisfied = False
            for lit in clause:
                if value[n + lit] > 0:
                    satisfied = True
                    break
            if not satisfied:
                best, best_free = c, f
                if f <= 2:
                    break
        if best is None:
            return self._free_variable()
        for lit in longs[best]:
            if value[n + lit] == 0:
                return lit
        return None

    def _free_variable(self):
        """A free variable left when every long clause is satisfied (binary clauses
        only remain; setting free variables false satisfies them when negative)."""
        value = self.value
        n = self.num_vars
        for var in range(1, n + 1):
            if value[n + var] == 0 and (self.imp[n + var] or self.imp[n - var]):
                return -var
        return None

    def search(self, limit=1, choose=None, on_solution=None, max_decisions=None,
               on_assign=None):
        """DPLL from the current (propagated) state.

        Returns ``(solutions, decisions)``: the number of solutions found (at most
        ``limit``) and the decisions made. ``choose`` replaces :meth:`choose` (a
        function of the propagator returning a literal or None); ``on_solution`` is
        called with the model of each solution found. The state is left at the last
        solution when ``limit`` solutions were found, else it is undone to the start.
        Past ``max_decisions`` the search gives up: :attr:`gave_up` is then True.

        ``on_assign(kind, lit, depth, mark, ok)`` (the tracing hook) is called after
        each assignment the search makes and propagates: ``kind`` is ``"decide"`` (a
        decision, ``depth`` open decisions counting it) or ``"flip"`` (after a
        conflict, the open decision ``-lit`` undone and ``lit`` asserted at ``depth``
        open decisions); the assignments made are ``trail[mark:]`` and ``ok`` is False
        on a conflict. A :class:`TracingPropagator` also says why each literal was set
        (:mod:`dimacs_sudoku.tasks.trace`).
        """
        choose = choose or ClausePropagator.choose
        self.gave_up = False
        if not self.ok:
            return 0, 0
        start = len(self.trail)
        stack = []
        decisions = 0
        found = 0
        while True:
            lit = None if self.solved() else choose(self)
            if lit is None:
                if not self._all_satisfied():
                    ok = False
                else:
                    found += 1
                    if on_solution is not None:
                        on_solution(self.model())
                    if found >= limit:
                        return found, decisions
                    ok = False               # look for another one
            else:
                decisions += 1
                if max_decisions is not None and decisions > max_decisions:
                    self.undo(start)
                    self.gave_up = True
                    return found, decisions - 1
                mark = len(self.trail)
                stack.append((mark, lit))
                ok = self.assume((lit,))
                if on_assign is not None:
                    on_assign("decide", lit, len(stack), mark, ok)
            while not ok:
                if not stack:
                    self.undo(start)
                    return found, decisions
                mark, lit = stack.pop()
                self.undo(mark)
                ok = self.assume((-lit,))
                if on_assign is not None:
                    on_assign("flip", -lit, len(stack), mark, ok)

    def _all_satisfied(self):
        """Every long clause has a true literal (the binary ones cannot be violated
        after a conflict-free propagation)."""
        value, longs = self.value, self.longs
        n = self.num_vars
        return all(any(value[n + lit] > 0 for lit in clause) for clause in longs)


# ---- Sudoku ---------------------------------------------------------------------

_CACHE = {}


def clause_propagator(layout, encoding="extended", rules=()):
    """The :class:`ClausePropagator` of the CNF of the empty grid of ``layout`` in
    ``encoding`` (pairwise at-most-one, standard numbering), with the clauses of the
    variant ``rules`` that have clauses of their own (beyond the layout's units); built
    once per shape and reused (call :meth:`ClausePropagator.reset` before each puzzle).

    >>> from dimacs_sudoku.core.layout import Layout
    >>> clause_propagator(Layout(4)).active
    64
    """
    key = (layout.size, layout.box, tuple(cells for _, cells in layout.units), encoding)
    extra = tuple(clause_rules(rules, layout)) if rules else ()
    key += tuple(rule.to_line() for rule in extra)
    found = _CACHE.get(key)
    if found is None:
        if encoding not in ENCODINGS:
            raise UsageError("unknown encoding %r (choose from %s)"
                             % (encoding, ", ".join(ENCODINGS)))
        empty = Grid([0] * layout.cells, layout=layout, rules=rules if extra else ())
        formula = encode(empty, encoding)
        found = ClausePropagator(formula.clauses(), formula.num_vars)
        if not extra:
            _peers_first(found, layout.size)
        if len(_CACHE) > 64:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = found
    return found


def _peers_first(prop, n):
    """Order what each cell variable excludes by cell, its own cell's other digits
    last. The residual clauses follow this order, and so does the completion pycosat
    finds for them: the generator's grids for a seed depend on it."""
    imp = prop.imp
    top = prop.num_vars
    for v in range(1, n ** 3 + 1):
        excluded = imp[top + v]
        excluded.sort(reverse=True)                 # -w, w increasing
        base = (v - 1) // n * n
        own = bisect_right(excluded, base, key=neg)
        end = bisect_right(excluded, base + n, key=neg)
        excluded[own:] = excluded[end:] + excluded[own:end]


def given_literals(grid):
    """The unit literals of the givens (standard numbering), then the negative ones
    of a pencil-mark puzzle's removed candidates.

    >>> given_literals(Grid.from_line("1..." "...." "...." "...2"))
    [1, 62]
    >>> given_literals(Grid([1] + [0] * 15, removed=[0, 0b1001] + [0] * 14))
    [1, -5, -8]
    """
    n = grid.size
    literals = [cell * n + d for cell, d in enumerate(grid.cells) if d]
    if grid.removed:
        literals += [-(cell * n + d) for cell, mask in enumerate(grid.removed)
                     for d in range(1, n + 1) if mask >> (d - 1) & 1]
    return literals


# ---- random completion --------------------------------------------------------------

def random_chooser(rng):
    """A branching rule for :meth:`ClausePropagator.search`: a random
    clause among the open ones with the fewest free literals, a random free literal.

    In the extended encoding with pairwise at-most-one, a long clause (cell or unit
    definedness) with a true literal has every other literal false, so after
    propagation the open clauses are exactly those with two or more free literals.
    """
    def choose(prop):
        free = prop.free
        open_counts = [f for f in free if f > 1]
        if not open_counts:
            return prop.choose()
        least = min(open_counts)
        ties = [c for c, f in enumerate(free) if f == least]
        value = prop.value
        n = prop.num_vars
        clause = prop.longs[rng.choice(ties)]
        lits = [lit for lit in clause if value[n + lit] == 0]
        if any(value[n + lit] > 0 for lit in clause) or not lits:
            return prop.choose()
        return rng.choice(lits)
    return choose


def residual_clauses(prop):
    """The clauses of a propagated :class:`ClausePropagator` state that
    are not yet satisfied, restricted to their free literals (the given-driven reduction
    of Kwon and Jain, for any state): a model of them extends the state to a model of
    every clause."""
    n = prop.num_vars
    value = prop.value
    clauses = []
    for clause in prop.longs:
        lits = []
        for lit in clause:
            v = value[n + lit]
            if v > 0:
                break
            if v == 0:
                lits.append(lit)
        else:
            clauses.append(lits)
    imp = prop.imp
    for var in prop.variables:
        if value[n + var]:
            continue
        for lit in (var, -var):
            implied = imp[n + lit]
            if implied:
                clauses.extend([-lit, other] for other in implied
                               if value[n + other] == 0 and (other > var or -other > var))
    return clauses


def random_fill(prop, rng, target):
    """Random decisions (:func:`random_chooser`) with unit propagation from the current
    state until every variable is assigned or at least ``target`` variables are true
    (checked every eighth decision); a decision that fails is negated, as DPLL would.
    False when a negated decision fails too (the state is then inconsistent).

    >>> import random
    >>> prop = clause_propagator(Grid.empty(4).layout)
    >>> prop.reset()
    >>> random_fill(prop, random.Random(1), 16), prop.filled() >= 16 or prop.solved()
    (True, True)
    """
    choose = random_chooser(rng)
    ok = True
    steps = 0
    while ok and not prop.solved() and (steps % 8 or prop.filled() < target):
        steps += 1
        lit = choose(prop)
        if lit is None:
            break
        mark = len(prop.trail)
        if not prop.assume((lit,)):
            prop.undo(mark)
            ok = prop.assume((-lit,))
    return ok


# ---- reasons, for explanations -----------------------------------------------------

class TracingPropagator(ClausePropagator):
    """A :class:`ClausePropagator` that remembers why: each assigned variable keeps
    the number of the clause (its position in ``clauses``) that forced it, or -1 for
    a literal assumed; after a conflict :attr:`conflict` is the clause found false.
    :meth:`trace` walks these reasons back (the implication graph) to the assumed
    literals and the clauses used. The clauses numbered in ``skip`` are left out.
    Explanations (:mod:`dimacs_sudoku.tasks.explain`) are made of such traces.

    >>> prop = TracingPropagator([[1, 2], [-1, 3], [-2, -3]], 3)
    >>> prop.assume([-2])
    True
    >>> prop.trace([3])
    ({-2}, {0, 1})
    >>> prop.reset(); prop.assume([1, 2]), prop.conflict
    (False, 2)
    >>> prop.trace(conflict=prop.conflict)
    ({1, 2}, {1, 2})
    """

    def __init__(self, clauses, num_vars, skip=()):
        n = num_vars
        self.clause_list = clauses
        imp = [[] for _ in range(2 * n + 1)]
        imp_ids = [[] for _ in range(2 * n + 1)]
        longs, long_ids, units = [], [], []
        seen = set()
        for i, clause in enumerate(clauses):
            if i in skip:
                continue
            clause = list(dict.fromkeys(clause))
            if any(-lit in clause for lit in clause):
                continue
            if len(clause) == 2:
                a, b = clause
                key = (min(a, b), max(a, b))
                if key in seen:
                    continue
                seen.add(key)
                imp[n - a].append(b)
                imp_ids[n - a].append(i)
                imp[n - b].append(a)
                imp_ids[n - b].append(i)
            elif len(clause) == 1:
                units.append((clause[0], i))
            else:
                longs.append(clause)
                long_ids.append(i)
        self.imp_ids = imp_ids
        self.long_ids = long_ids
        self.unit_ids = units
        self.reason = [-1] * (n + 1)
        self.conflict = None
        self._setup(n, imp, longs, [], any(not clause for clause in clauses))
        for lit, _ in units:
            if abs(lit) not in self.variables:
                self.variables.append(abs(lit))
        self.variables.sort()
        self.active = len(self.variables)

    def reset(self):
        """Forget every assignment; then the unit clauses, each its own reason."""
        super().reset()
        self.conflict = None
        for lit, i in getattr(self, "unit_ids", ()):
            if not self.ok:
                break
            v = self.value[self.num_vars + lit]
            if v < 0:
                self.ok, self.conflict = False, i
            elif v == 0:
                self._set(lit)
                self.reason[abs(lit)] = i
        if self.ok:
            self.ok = self.propagate()

    def assume(self, lits):
        """Set ``lits`` true (each its own reason, -1) and propagate; False on a
        conflict (a literal already false: :attr:`conflict` None)."""
        value, reason = self.value, self.reason
        n = self.num_vars
        self.conflict = None
        for lit in lits:
            v = value[n + lit]
            if v < 0:
                return False
            if v == 0:
                self._set(lit)
                reason[abs(lit)] = -1
        return self.propagate()

    def propagate(self):
        """Unit propagation from ``trail[head:]``, each forced literal with its clause;
        False on a conflict (its clause in :attr:`conflict`)."""
        trail, value, free, occ, imp = self.trail, self.value, self.free, self.occ, self.imp
        imp_ids, long_ids, reason = self.imp_ids, self.long_ids, self.reason
        longs = self.longs
        n = self.num_vars
        head = self.head
        while head < len(trail):
            lit = trail[head]
            conflict = None
            pending = None
            for c in occ[n - lit]:
                f = free[c] - 1
                free[c] = f
                if f <= 1:
                    if f == 1:
                        if pending is None:
                            pending = [c]
                        else:
                            pending.append(c)
                    elif conflict is None:
                        conflict = c
            head += 1
            self.head = head
            if conflict is not None:
                self.conflict = long_ids[conflict]
                return False
            if pending is not None:
                for c in pending:
                    for other in longs[c]:
                        v = value[n + other]
                        if v >= 0:
                            if v == 0:
                                value[n + other] = 1
                                value[n - other] = -1
                                trail.append(other)
                                reason[other if other > 0 else -other] = long_ids[c]
                            break
            for other, i in zip(imp[n + lit], imp_ids[n + lit]):
                v = value[n + other]
                if v == 0:
                    value[n + other] = 1
                    value[n - other] = -1
                    trail.append(other)
                    reason[other if other > 0 else -other] = i
                elif v < 0:
                    self.conflict = i
                    return False
        return True

    def trace(self, lits=(), conflict=None):
        """``(assumed, clauses)``: the assumed literals and the clause numbers from
        which unit propagation derived ``lits`` (all true now), or the ``conflict``
        clause (all false now)."""
        reason, clause_list = self.reason, self.clause_list
        assumed, used = set(), set()
        stack = list(lits)
        if conflict is not None:
            used.add(conflict)
            stack.extend(-lit for lit in clause_list[conflict])
        seen = set()
        while stack:
            lit = stack.pop()
            if lit in seen:
                continue
            seen.add(lit)
            r = reason[abs(lit)]
            if r < 0:
                assumed.add(lit)
            elif r not in used:
                used.add(r)
                stack.extend(-other for other in clause_list[r] if other != lit)
        return assumed, used
