"""Grading puzzles by the weakest SAT reasoning that solves them.

A puzzle's CNF (the extended encoding by default) is given to three ever stronger
procedures, and the first one that assigns every variable names its level:

``up``
    unit propagation alone, from the givens;
``probe``
    failed-literal probing to a fixpoint: each free literal is assumed, and if unit
    propagation then finds a conflict its negation is asserted (with unit propagation);
    repeated until a whole round finds nothing;
``search``
    a deterministic DPLL search with unit propagation (no probing, no learning) from
    the unit-propagated state; the grade reports how many decisions it made before it
    found the first solution.

``none`` means the puzzle has no solution (a conflict from the givens alone, from
probing, or an exhausted search).

The branching rule of the search: among the clauses not yet satisfied, take the one
with the fewest free literals (the first in clause order on a tie: for the extended
encoding, cells before rows, columns and boxes), and set its first free literal true;
after a conflict, that literal is set false instead (chronological backtracking). A
*decision* is one such choice; the forced second branch is not counted. For Sudoku this
is the "fewest candidates first" rule, over cells and units (hidden singles) alike.

Unit propagation is clause-level and counter-based: binary clauses become implication
lists, longer clauses keep a count of literals not yet false, and a clause whose count
falls to one yields its last free literal. The occurrence lists are built once per
grid shape and encoding (:func:`propagator_for`) and reused for every puzzle.

On the 49,158 17-clue puzzles unit propagation alone solves 44.6% here, probing the
rest (tdoku reports 53.5% solved without a decision by minisat on its extended
encoding). On a sample of 300 of them, ``up`` here is exactly the set for which
``minisat -no-pre`` reports at most one decision (minisat counts the final empty pick).
A puzzle with several solutions always needs ``search``: nothing forces a choice.

>>> from dimacs_sudoku.core.grid import Grid
>>> grade(Grid.from_line("1..4" "4..." "...3" "3..1"))
Grade(level='up', decisions=0)
>>> grade(Grid.empty(4)).level
'search'
"""

from collections import namedtuple

from ..errors import UsageError
from ..core.grid import grid_argument

LEVELS = ("up", "probe", "search", "none")

Grade = namedtuple("Grade", "level decisions")


class Propagator:
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

    @classmethod
    def from_parts(cls, num_vars, implications, longs, units=()):
        """A propagator from ready-made parts: ``implications[num_vars + lit]`` lists the
        literals that binary clauses make true when ``lit`` is true (both directions
        of every binary clause must be there), ``longs`` the clauses of three or more
        literals, ``units`` the unit clauses."""
        self = cls.__new__(cls)
        self._setup(num_vars, implications, [list(c) for c in longs], list(units), False)
        return self

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

    def search(self, limit=1, choose=None, on_solution=None, max_decisions=None):
        """DPLL from the current (propagated) state.

        Returns ``(solutions, decisions)``: the number of solutions found (at most
        ``limit``) and the decisions made. ``choose`` replaces :meth:`choose` (a
        function of the propagator returning a literal or None); ``on_solution`` is
        called with the model of each solution found. The state is left at the last
        solution when ``limit`` solutions were found, else it is undone to the start.
        Past ``max_decisions`` the search gives up: :attr:`gave_up` is then True.
        """
        choose = choose or Propagator.choose
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
                stack.append((len(self.trail), lit))
                ok = self.assume((lit,))
            while not ok:
                if not stack:
                    self.undo(start)
                    return found, decisions
                mark, lit = stack.pop()
                self.undo(mark)
                ok = self.assume((-lit,))

    def _all_satisfied(self):
        """Every long clause has a true literal (the binary ones cannot be violated
        after a conflict-free propagation)."""
        value, longs = self.value, self.longs
        n = self.num_vars
        return all(any(value[n + lit] > 0 for lit in clause) for clause in longs)


# ---- Sudoku ---------------------------------------------------------------------

_CACHE = {}


def propagator_for(layout, encoding="extended", rules=()):
    """The :class:`Propagator` of the rules (no givens) of ``layout`` in ``encoding``
    with the pairwise at-most-one family and the standard numbering; built once per
    shape and reused (call :meth:`Propagator.reset` before each puzzle). Variant
    ``rules`` with clauses of their own (beyond the layout's units) add them: the
    propagator is then made from the CNF of :func:`dimacs_sudoku.encodings.encode`."""
    key = (layout.size, layout.box, tuple(cells for _, cells in layout.units), encoding)
    extra = ()
    if rules:
        from ..encodings.rules import clause_rules
        extra = tuple(clause_rules(rules, layout))
        key += tuple(rule.to_line() for rule in extra)
    found = _CACHE.get(key)
    if found is None:
        from ..encodings import ENCODINGS
        if encoding not in ENCODINGS:
            raise UsageError("unknown encoding %r (choose from %s)"
                             % (encoding, ", ".join(ENCODINGS)))
        if extra:
            from ..core.grid import Grid
            from ..encodings import encode
            formula = encode(Grid([0] * layout.cells, layout=layout, rules=rules), encoding)
            found = Propagator(list(formula.clauses()), formula.num_vars)
        else:
            found = sudoku_propagator(layout, encoding)
        if len(_CACHE) > 64:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = found
    return found


def sudoku_propagator(layout, encoding="extended"):
    """The :class:`Propagator` of the clauses of :mod:`dimacs_sudoku.encodings.sudoku`
    (pairwise at-most-one, standard numbering, no givens), made from the grid's
    structure instead of its clause list: the binary clauses ``-a -b`` become, for
    each cell variable, the list of variables it excludes (the other digits of its
    cell unless ``minimal``, and its digit in every peer cell). The clause set is the
    same, so unit propagation is the same; building is several times faster.
    """
    n = layout.size
    top = n ** 3
    imp = [[] for _ in range(2 * top + 1)]
    peers = layout.peers()
    digits = range(1, n + 1)
    for cell in range(layout.cells):
        base = cell * n
        peer_bases = [other * n for other in peers[cell]]
        for d in digits:
            excluded = [-(pb + d) for pb in peer_bases]
            if encoding != "minimal":
                excluded.extend(-(base + e) for e in digits if e != d)
            imp[top + base + d] = excluded
    longs = [[cell * n + d for d in digits] for cell in range(layout.cells)]
    if encoding == "extended":
        longs.extend([cell * n + d for cell in cells]
                     for _, cells in layout.units for d in digits)
    if n == 1:
        return Propagator([lits for lits in longs], top)
    # Clauses of two literals are binary clauses, not long ones.
    short = [c for c in longs if len(c) < 3]
    if short:
        clauses = [c for c in longs if len(c) >= 3] + short
        for v in range(1, top + 1):
            clauses.extend([-v, w] for w in imp[top + v] if -v < w)
        return Propagator(clauses, top)
    return Propagator.from_parts(top, imp, longs)


def given_literals(grid):
    """The unit literals of the givens (standard numbering)."""
    n = grid.size
    return [cell * n + d for cell, d in enumerate(grid.cells) if d]


def grade(grid, encoding="extended"):
    """The :class:`Grade` of ``grid``: ``(level, decisions)``, level one of
    :data:`LEVELS`; decisions are counted for ``search`` only.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> grade(Grid.from_line("1..4" "4..." "...3" "3..1"))
    Grade(level='up', decisions=0)
    """
    grid_argument(grid, "grade")
    prop = propagator_for(grid.layout, encoding, grid.rules)
    prop.reset()
    if not prop.assume(given_literals(grid)):
        return Grade("none", 0)
    if prop.solved():
        return Grade("up", 0)
    mark = len(prop.trail)
    if not prop.probe():
        return Grade("none", 0)
    if prop.solved():
        return Grade("probe", 0)
    # Search from the unit-propagated state, not the probed one.
    prop.undo(mark)
    found, decisions = prop.search(limit=1)
    return Grade("search" if found else "none", decisions)


def solutions(grid, limit=2, encoding="extended"):
    """Up to ``limit`` solutions of ``grid`` as Grids, found by this module's DPLL (a
    cross-check for the SAT-based counters; not the fastest way)."""
    prop = propagator_for(grid.layout, encoding, grid.rules)
    prop.reset()
    found = []
    if prop.assume(given_literals(grid)):
        n = grid.size

        def keep(model):
            cells = [0] * grid.layout.cells
            for v in model:
                if v <= n ** 3:
                    cell, d = divmod(v - 1, n)
                    cells[cell] = d + 1
            found.append(grid.copy(cells))

        prop.search(limit=limit, on_solution=keep)
    return found
