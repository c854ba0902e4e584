"""THE given-driven reduction of Kwon & Jain, "Optimized CNF encoding for Sudoku puzzles"
(LPAR 2006): what is left of a puzzle once the givens (and propagation) have spoken.

Every cell variable a given or propagation decides is dropped, and so is every clause
it satisfies; what is left speaks only of the open candidates, numbered 1..K cell by
cell in increasing digit order (the compact numbering, one for every caller):

- :class:`Reduction`: the open candidates of a grid and their compact numbering, with
  :meth:`Reduction.literal` (a rule's ``var(cell, digit)`` over it), the groups of
  places of each (unit, digit) and :func:`variable_map` (the compact variables under a
  cell numbering): what ``sudoku2cnf --reduce`` writes (:mod:`dimacs_sudoku.encodings.reduced`);
- :class:`OpenProblem`: the same numbering as at-least-one and at-most-one groups
  (each open cell, each missing digit of each unit), built by a reducer in one pass
  over the open candidates for the batch solver (:func:`reducer_for`);
- :func:`restrict`: rule clauses over :meth:`Reduction.literal` mapped onto the open
  variables, the one mapping of rule clauses every caller uses (:func:`rule_groups`,
  :func:`rule_clauses`, :func:`variant_problem`).

A rule literal of a cell variable the reduction decided is settled in one of two ways,
chosen by the caller through ``literal(decided=...)`` and ``settle``:

- in Python (the default, for the CNF text of ``sudoku2cnf --reduce``): the literal
  table answers the markers :data:`DECIDED_TRUE` / :data:`DECIDED_FALSE` and
  :func:`restrict` drops them (a decided-true literal satisfies its clause, a
  decided-false one goes);
- by the solver (``settle="solver"``, for an in-process solve, :func:`variant_problem`):
  the table answers two constant variables K+1 (true) and K+2 (false), fixed by the
  unit clauses of :func:`constant_clauses`, the rules' auxiliary variables numbered
  after them; the clauses go to the solver as they are (no Python scan), and a rule
  that cannot hold leaves a clause over constants the solver refutes.

>>> from dimacs_sudoku.core.grid import Grid
>>> grid = Grid.from_line("1..4" "4..." "...3" "3..1")
>>> reduction = reduce_grid(grid)
>>> reduction.num_vars, reduction.num_open, reduction.cell_digit[:3]
(20, 10, [(1, 2), (1, 3), (2, 2)])
>>> problem = reducer_for(grid.layout).reduce(grid.cells, grid)
>>> problem.num_vars, problem.decode([])
(0, [1, 2, 3, 4, 4, 3, 1, 2, 2, 1, 4, 3, 3, 4, 2, 1])
"""

from array import array
from bisect import bisect_left
from itertools import chain, combinations, compress, filterfalse, repeat
from operator import add, lt, mul, neg, not_

from ..errors import NoSolution, PuzzleError
from ..core.grid import Grid
from ..core.layout import Recent, layout_key
from .propagate import Inconsistent, SwarPropagator, is_standard, propagator_for
from .propagate.base import no_fit
from .propagate import candidates as open_candidates
from .propagate import propagate as propagate_singles

# The most cell variables (N^3) for which Reduction.literal keeps a table (8 MB).
LITERAL_TABLE = 1 << 20

# What a reducer raises when the givens leave no solution.
NO_SOLUTION = (Inconsistent, NoSolution, PuzzleError)


# ---- the open candidates and their compact numbering ------------------------------

class Reduction:
    """The open candidates of a grid and their compact numbering.

    ``cells`` are the digits after the givens (and propagation), ``candidates`` a
    bitmask per cell. The compact variables of cell c are ``first[c]`` up to
    ``first[c + 1] - 1``, one per candidate in increasing digit order (none for a
    filled cell); compact variable v stands for digit ``digit_of[v]`` of cell
    ``cell_of[v]``. All three are flat arrays (4 bytes a variable: a 400x400 puzzle
    has half a million). The module's arrays are unsigned (``"I"``): CPython stores an
    item of a signed typecode through its argument parser, several times slower.
    """

    def __init__(self, layout, cells, candidates):
        self.layout = layout
        self.cells = cells
        self.candidates = candidates
        self.size = layout.size
        first = array("I")
        digit_of = array("I", [0])
        cell_of = array("I", [0])
        mark = first.append
        more_digits = digit_of.extend
        more_cells = cell_of.extend
        top = 1
        for cell, d in enumerate(cells):
            mark(top)
            if d:
                continue
            mask = candidates[cell]
            digits = []
            while mask:
                low = mask & -mask
                digits.append(low.bit_length())
                mask ^= low
            more_digits(digits)
            more_cells(repeat(cell, len(digits)))
            top += len(digits)
        mark(top)
        self.first, self.digit_of, self.cell_of = first, digit_of, cell_of

    @property
    def num_vars(self):
        return len(self.cell_of) - 1

    @property
    def cell_digit(self):
        """``(cell, digit)`` of each compact variable, in order (compact variable i is
        ``cell_digit[i - 1]``)."""
        return list(zip(self.cell_of[1:], self.digit_of[1:]))

    @property
    def num_open(self):
        return self.cells.count(0)

    def literal(self, decided=None):
        """``var(cell, digit)`` for a rule's clauses over this reduction: the compact
        variable of an open candidate, else ``decided[0]`` (the digit of a filled
        cell) or ``decided[1]`` (another digit of a filled cell, or an eliminated
        candidate): by default :data:`DECIDED_TRUE` and :data:`DECIDED_FALSE`, which
        :func:`restrict` takes out, or the solver's constants (:func:`constants`).

        Up to :data:`LITERAL_TABLE` cell variables, one list holds every answer (at
        ``cell * N + digit``); larger grids count candidate bits instead."""
        cells, candidates, first = self.cells, self.candidates, self.first
        n = self.size
        true, false = decided or DECIDED
        if len(cells) * n <= LITERAL_TABLE:
            return _literal_table(cells, n, map(add, map(mul, self.cell_of[1:], repeat(n)),
                                                self.digit_of[1:]), decided)

        def var(cell, digit):
            placed = cells[cell]
            if placed:
                return true if placed == digit else false
            mask = candidates[cell]
            bit = 1 << (digit - 1)
            if not mask & bit:
                return false
            return first[cell] + bin(mask & (bit - 1)).count("1")
        return var

    def unit_groups(self, order=None):
        """For each unit and digit missing from it: the compact variables of the
        digit's places in the unit, in the unit's cell order, as ``(unit index, digit,
        variables)`` (a list). Units come in ``order`` (unit indices), by default
        the layout's.

        Each variable v is keyed once as ``digit << SHIFT | v``, in one flat array in
        variable order, so a unit's keys are a few slices of it (one per run of
        consecutive cells: one for a row, R for a box), its groups one plain sort (C
        compares ints; the cells of every standard unit are in increasing order, so the
        places of a digit stay in cell order) and one ``bisect`` per digit.
        """
        first, digit_of = self.first, self.digit_of
        shift = max(1, self.num_vars.bit_length())
        mask = (1 << shift) - 1
        keys = array("Q", [d << shift | v for v, d in enumerate(digit_of)])
        units = self.layout.units
        strip = mask.__and__
        for k in range(len(units)) if order is None else order:
            cells = units[k][1]
            found = []
            more = found.extend
            start = previous = cells[0]
            for c in cells[1:]:
                if c != previous + 1:
                    more(keys[first[start]:first[previous + 1]])
                    start = c
                previous = c
            more(keys[first[start]:first[previous + 1]])
            if not _increasing(cells):
                # An extra unit may list its cells in any order: keep that order.
                found.sort(key=lambda key: key >> shift)
            else:
                found.sort()
            variables = list(map(strip, found))
            start, end = 0, len(found)
            while start < end:
                d = found[start] >> shift
                stop = bisect_left(found, (d + 1) << shift, start, end)
                yield k, d, variables[start:stop]
                start = stop


def _increasing(cells):
    return all(map(lt, cells, cells[1:]))


def reduce_grid(grid, propagate=False, bound=None):
    """The :class:`Reduction` of ``grid`` from its givens (and the singles, with
    ``propagate``). Raises Contradiction for clashing givens, and
    :class:`~dimacs_sudoku.reasoning.propagate.Contradiction` (no solution) when a cell has no
    candidate or a unit no place for a missing digit.

    Only the units of the layout are reasoned with (rows, columns, boxes or regions,
    the extra units of diagonals, windoku, ...): a variant rule's clauses only take
    solutions away, so what the units force stays forced; the rules' clauses are
    mapped onto the reduction afterwards (:func:`restrict`).

    ``bound(candidates)`` is called with the number of open candidates the givens
    leave, before anything is built for them (or propagated): it raises to refuse a
    grid too large."""
    if grid.removed:
        return _reduce_pencil_marks(grid, propagate)
    if propagate:
        grid.check_givens()
        if bound is not None:
            try:
                bound(_count(open_candidates(grid), grid.cells))
            except NO_SOLUTION:
                pass                # named as propagation meets it, below
        result = propagate_singles(grid)
        return Reduction(grid.layout, result.cells, result.candidates)
    # candidates() checks the givens first (the same Contradiction as check_givens).
    candidates = open_candidates(grid)
    if bound is not None:
        bound(_count(candidates, grid.cells))
    return Reduction(grid.layout, list(grid.cells), candidates)


def _count(candidates, cells):
    """The open candidates of ``candidates`` (bitmasks), those of filled ``cells``
    left out."""
    return sum(mask.bit_count() for mask, d in zip(candidates, cells) if not d)


def _reduce_pencil_marks(grid, propagate):
    """:func:`reduce_grid` of a pencil-mark puzzle: the candidates the givens leave,
    less the removed ones (a cell left with none, or a digit with no place in a
    unit, is a Contradiction), then the singles with ``propagate``."""
    grid.check_givens()
    unit = propagator_for(grid.layout, "unit")
    cells = list(grid.cells)
    cand, used = unit.start(cells, grid)
    for c, mask in enumerate(grid.removed):
        if mask:
            cand[c] &= ~mask
            if not cand[c]:                 # (a given whose digit was removed too)
                raise no_fit(grid.size, c, grid)
    if propagate:
        unit.fixpoint(cells, cand, used, True, grid)
    unit.check_units(cells, cand, used, grid)
    return Reduction(grid.layout, cells, cand)


def variable_map(reduction, numbers):
    """``(varmap, fixed)`` of a :class:`Reduction` under a numbering: the cell variable
    of each compact variable, and the cell variables true by a given (or propagation).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.core.variables import numbering
    >>> varmap, fixed = variable_map(reduce_grid(Grid.from_line("1..4" "4..." "...3" "3..1")),
    ...                              numbering("standard", 4))
    >>> varmap[:4], fixed
    ([6, 7, 10, 11], [1, 16, 20, 47, 51, 61])
    """
    from ..core.variables import Standard  # here for start-up (sudoku-solve needs none)
    cells, digits = reduction.cell_of[1:], reduction.digit_of[1:]
    if type(numbers) is Standard:
        # var(cell, d) = cell * N + d, by whole-list operations.
        n = numbers.size
        varmap = list(map(add, map(mul, cells, repeat(n)), digits))
        filled = reduction.cells
        fixed = list(map(add, compress(range(0, n * len(filled), n), filled),
                         filter(None, filled)))
    else:
        varmap = list(map(numbers.var, cells, digits))
        fixed = [numbers.var(c, d) for c, d in enumerate(reduction.cells) if d]
    return varmap, fixed



# ---- rule clauses over the open variables ------------------------------------------

# A rule's literal of a cell variable that the reduction decided: true (a filled cell's
# digit) or false (another digit of a filled cell, or an eliminated candidate). Above
# any compact or auxiliary variable; :func:`restrict` drops them.
DECIDED_TRUE = 1 << 62
DECIDED_FALSE = DECIDED_TRUE + 1
DECIDED = (DECIDED_TRUE, DECIDED_FALSE)
_DECIDED = frozenset((DECIDED_TRUE, -DECIDED_TRUE, DECIDED_FALSE, -DECIDED_FALSE))
_SATISFIED = frozenset((DECIDED_TRUE, -DECIDED_FALSE))      # a clause holding one holds


def restrict(clauses):
    """The ``clauses`` of a rule, over compact variables and the two decided markers,
    without what the reduction decided: a clause with a true literal is left out, a
    false literal is left out of its clause. An empty clause (every literal false)
    means no solution.

    >>> list(restrict([[1, DECIDED_TRUE], [2, -DECIDED_TRUE, DECIDED_FALSE],
    ...              [-3, -DECIDED_FALSE], [-DECIDED_TRUE]]))
    [[2], []]
    """
    clean = _DECIDED.isdisjoint
    for clause in clauses:
        if clean(clause):
            yield clause
        elif DECIDED_TRUE not in clause and -DECIDED_FALSE not in clause:
            yield [lit for lit in clause if lit not in _DECIDED]


def constants(top):
    """The solver's two constant variables after variable ``top`` (K): ``(true,
    false)``, for ``literal(decided=...)``.

    >>> constants(10), constant_clauses(constants(10))
    ((11, 12), [[11], [-12]])
    """
    return top + 1, top + 2


def constant_clauses(decided):
    """The unit clauses that fix the constants ``decided`` (true, false)."""
    true, false = decided
    return [[true], [-false]]


def restrict_all(clauses, settle="python"):
    """:func:`restrict` for a list of clauses, at once: those without a decided literal
    (most of them, found by C-level maps) first, as they are, then what is left of the
    others. With ``settle="solver"`` the clauses are over the solver's constants and
    stay as they are.

    >>> restrict_all([[3, DECIDED_FALSE], [1, -2], [4, DECIDED_TRUE]])
    [[1, -2], [3]]
    >>> restrict_all([[3, 12], [4, 11]], settle="solver")
    [[3, 12], [4, 11]]
    """
    if settle == "solver":
        return clauses
    clean = list(map(_DECIDED.isdisjoint, clauses))
    if all(clean):
        return clauses
    out = list(compress(clauses, clean))
    dirty = list(compress(clauses, map(not_, clean)))
    out += map(list, map(filterfalse, repeat(_DECIDED.__contains__),
                         compress(dirty, map(_SATISFIED.isdisjoint, dirty))))
    return out


def _literal_table(cells, n, places, decided=None):
    """:meth:`Reduction.literal` from one list at ``cell * N + digit``: ``places`` gives
    ``cell * N + digit`` of the compact variables 1..K in order, ``decided`` the
    answers for decided literals (true, false)."""
    true, false = decided or DECIDED
    code = [false] * (len(cells) * n + 1)
    for cell, d in enumerate(cells):
        if d:
            code[cell * n + d] = true
    for v, q in enumerate(places, 1):
        code[q] = v
    return lambda cell, digit: code[cell * n + digit]


def rule_groups(rules, layout, var, top, keep=None, settle="python"):
    """``(groups, top, empty)`` for the rules' clauses over a reduction (``var`` from
    :meth:`Reduction.literal`, its decided literals settled as ``settle`` says, see
    :func:`restrict_all`; only with ``keep``): per rule ``(rule, first, count)``, the last variable
    before its auxiliary ones and its number of clauses left by :func:`restrict`;
    ``top`` the last auxiliary variable, and ``empty`` the first rule whose clauses
    leave no solution (else None). Counted here and made again by
    :func:`rule_clauses` with the same numbers (never all in memory at once), or
    kept in the list ``keep`` when one is given."""
    for rule in rules:
        rule.link(rules)
    groups = []
    for rule in rules:
        counter = [top]

        def new_var():
            counter[0] += 1
            return counter[0]

        if keep is not None:
            made = restrict_all(list(rule.clauses(var, new_var, layout)), settle)
            if not all(made):                  # an empty clause
                return groups, counter[0], rule
            keep += made
            count = len(made)
        else:
            count = 0
            for clause in restrict(rule.clauses(var, new_var, layout)):
                if not clause:
                    return groups, counter[0], rule
                count += 1
        groups.append((rule, top, count))
        top = counter[0]
    return groups, top, None


def rule_clauses(rule, layout, var, first):
    """The clauses of ``rule`` over the open variables (:func:`restrict`), its
    auxiliary variables numbered from ``first + 1``."""
    from ..encodings.rules import make_rule_clauses  # here for start-up: only rules need it
    return restrict(make_rule_clauses(rule, layout, var, first))



# ---- the batch solver's problem -----------------------------------------------------

# -v at index v, up to a 9x9's 729 candidates, made once: the at-least-one clauses of
# the complemented CNF read their literals here instead of making an int object each
_NEGATED = list(range(0, -730, -1))


class OpenProblem:
    """What propagation leaves of one puzzle: ``filled`` (the digits placed so far),
    ``num_vars`` K, ``alo`` (tuples of variables, at least one true in each) and
    ``amo`` (at most one true in each). ``decode`` turns the positive variables of a
    model into a full grid. When K = 0 and ``unchecked`` is set, ``filled`` is the
    solution only if it passes the grid check; if it does not, :meth:`contradiction`
    tells whether propagation met a contradiction (no solution)."""

    __slots__ = ("filled", "num_vars", "alo", "amo", "table", "size", "unchecked")

    def __init__(self, filled, num_vars, alo, amo, table, size, unchecked=None):
        self.filled = filled
        # the four-view propagator and the digits it placed, when K = 0 and propagation
        # has not ruled out a contradiction yet (the solved grid's check does)
        self.unchecked = unchecked
        self.num_vars = num_vars
        self.alo = alo
        self.amo = amo
        self.table = table          # variable v -> q = cell*N + digit - 1 (at v-1)
        self.size = size

    def decode(self, positives):
        grid = list(self.filled)
        n = self.size
        table = self.table
        for v in positives:
            q = table[v - 1]
            grid[q // n] = q % n + 1
        return grid

    def contradiction(self):
        """True when the digits placed contradict each other (K = 0 only)."""
        if self.unchecked is None:
            return False
        propagator, placed = self.unchecked
        try:
            propagator.check(0, placed)
        except Inconsistent:
            return True
        return False

    def literal(self, decided=None):
        """:meth:`Reduction.literal` of this problem, straight from ``table``."""
        return _literal_table(self.filled, self.size, map((1).__add__, self.table), decided)

    def reduction(self, layout):
        """The :class:`Reduction` of what propagation left (the same compact
        numbering: ``table`` is in cell order, each cell's digits increasing)."""
        n = self.size
        candidates = [0] * len(self.filled)
        for q in self.table:
            candidates[q // n] |= 1 << (q % n)
        return Reduction(layout, self.filled, candidates)

    def clauses(self):
        """The CNF: the at-least-one clauses and pairwise at-most-one clauses."""
        return list(self.iter_clauses())

    def iter_clauses(self):
        """:meth:`clauses` for one pass, never held as a list (an empty 64x64's 24.8
        million pairs took 4 GB as tuples)."""
        return chain(self.alo, chain.from_iterable(map(combinations, map(
            map, repeat(neg), self.amo), repeat(2))))

    def each_clauses(self):
        """:meth:`clauses` as an iterable that :meth:`iter_clauses` again at each pass
        (for a back end that writes them at each solve)."""
        return _EachPass(self.iter_clauses)

    def complement_clauses(self):
        """:meth:`clauses` over the complemented variables (-v where v was), for one
        pass (each clause an iterator): a model of it is the complement of a model
        of the CNF."""
        negate = _NEGATED.__getitem__ if self.num_vars < len(_NEGATED) else neg
        return chain(map(map, repeat(negate), self.alo),
                     chain.from_iterable(map(combinations, self.amo, repeat(2))))


class _EachPass:
    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make

    def __iter__(self):
        return self.make()


class SwarReducer:
    """Standard grids up to 16x16: the four-view propagation and a reduced problem
    built in one pass over the open candidates."""

    def __init__(self, layout):
        self.propagator = swar = propagator_for(layout, "swar")
        n = layout.size
        R, C = layout.box
        self.size = n
        nn = n * n
        # q = cell*N + digit - 1 -> its group in each of the four kinds, numbered
        # cells, then (digit, row), (digit, column), (digit, box): the order in which
        # the reduced problem lists them
        groups_of = []
        for cell in range(nn):
            r, c = divmod(cell, n)
            b = (r // R) * (n // C) + c // C
            for d in range(n):
                groups_of.append((cell, nn + d * n + r, 2 * nn + d * n + c,
                                  3 * nn + d * n + b))
        self.groups_of = groups_of
        self.num_groups = 4 * nn
        self.run = swar.run
        self.open_candidates = swar.open_candidates

    def reduce(self, cells, grid=None, bound=None):
        """The :class:`OpenProblem` problem of ``cells`` (K = 0 when propagation solved
        the puzzle). Raises Inconsistent when there is no solution. (``bound``: see
        :meth:`UnitReducer.reduce`; a grid up to 16x16 is always within it.)"""
        # A grid the singles fill is checked by the caller's grid check (which every
        # printed grid passes anyway): if it passes, no contradiction was met; the
        # four views' own check runs only when it does not.
        X, placed = self.run(cells, True, False, True)
        n = self.size
        filled = list(cells)
        for q in placed[len(cells) - cells.count(0):]:      # the givens come first
            filled[q // n] = q % n + 1
        if not X:
            return OpenProblem(filled, 0, (), (), (), n, (self.propagator, placed))
        cq = self.open_candidates(X)
        # Variables 1..K in candidate order, so each group's list comes out sorted.
        groups = [[] for _ in range(self.num_groups)]
        for v, (c, r, k, b) in enumerate(map(self.groups_of.__getitem__, cq), 1):
            groups[c].append(v)
            groups[r].append(v)
            groups[k].append(v)
            groups[b].append(v)
        # Cells, rows and columns get both; a box's at-most-one follows from them.
        amo = list(filter(None, groups[:3 * n * n]))
        alo = amo + list(filter(None, groups[3 * n * n:]))
        return OpenProblem(filled, len(cq), alo, amo, cq, n)


class UnitReducer:
    """Any layout: singles with the per-cell propagator, then the same reduced problem."""

    def __init__(self, layout):
        self.layout = layout
        n = layout.size
        self.size = n
        self.propagator = propagator_for(layout, "unit")
        # per cell: u*N for each unit holding it; boxes (units 2N..3N-1) only get
        # at-least-one (a Latin square has none: its units from 2N on are extra ones)
        self.bases = [tuple(u * n for u in us) for us in layout.units_of_cell()]
        self.is_box = [False] * (len(layout.units) * n)
        for u in range(2 * n, 2 * n if getattr(layout, "latin", False) else 3 * n):
            for k in range(n):
                self.is_box[u * n + k] = True

    def reduce(self, cells, grid=None, bound=None):
        """The :class:`OpenProblem` problem of ``cells``; raises Contradiction or
        PuzzleError when there is no solution. ``bound(candidates, clauses,
        propagated)`` is called with the problem's size (:meth:`sizes`) before
        propagation (the candidates alone: propagation's time grows with them) and
        after it, before the problem is built: it raises to refuse one too large."""
        unit = self.propagator
        n = self.size
        filled = list(cells)
        if grid is None:
            grid = Grid(cells, layout=self.layout)
        cand, used = unit.start(filled, grid)
        if bound is not None:
            bound(*self.sizes(filled, cand, False), False)
        unit.fixpoint(filled, cand, used, True, grid)
        unit.check_units(filled, cand, used, grid)
        if bound is not None:
            bound(*self.sizes(filled, cand), True)
        cells_g = []
        table = []
        units = {}
        bases = self.bases
        var = 0
        for c, d in enumerate(filled):
            if d:
                continue
            m = cand[c]
            group = []
            here = bases[c]
            while m:
                low = m & -m
                m ^= low
                k = low.bit_length() - 1
                var += 1
                group.append(var)
                table.append(c * n + k)
                for base in here:
                    key = base + k
                    found = units.get(key)
                    if found is None:
                        units[key] = [var]
                    else:
                        found.append(var)
            cells_g.append(group)
        is_box = self.is_box
        alo = cells_g + list(units.values())
        amo = cells_g + [g for key, g in units.items() if not is_box[key] and len(g) > 1]
        return OpenProblem(filled, var, alo, amo, table, n)


    def sizes(self, filled, cand, clauses=True):
        """``(candidates, clauses)``: the open candidates K of the problem that
        :meth:`reduce` builds from ``filled`` and the candidates ``cand``, and its
        clauses in pairwise form (at least one per open cell and per (unit, missing
        digit), at most one pairwise per cell, row and column: what an external
        solver gets), counted from the place masks before anything is built (None
        unless ``clauses``: their count takes as long as the problem's making).

        >>> reducer = UnitReducer(Grid.empty(64).layout)
        >>> reducer.sizes([0] * 64 ** 2, [(1 << 64) - 1] * 64 ** 2)
        (262144, 24788992)
        """
        candidates = count = 0
        for c, d in enumerate(filled):
            if not d:
                k = cand[c].bit_count()
                candidates += k
                count += 1 + k * (k - 1) // 2
        if not clauses:
            return candidates, None
        is_box = self.is_box
        for key, places in enumerate(self.propagator.place_masks(filled, cand)):
            if places:
                k = places.bit_count()
                count += 1 if is_box[key] else 1 + k * (k - 1) // 2
        return candidates, count


_REDUCERS = Recent()
_LAST = [None, None]         # the last layout object asked for, and its reducer


def reducer_for(layout):
    """The (cached) reducer of a layout: SwarReducer or UnitReducer."""
    if layout is _LAST[0]:
        return _LAST[1]
    fast = is_standard(layout) and layout.size <= SwarPropagator.MAX_SIZE
    found = _REDUCERS.get(layout_key(layout),
                          lambda: (SwarReducer if fast else UnitReducer)(layout))
    _LAST[:] = layout, found
    return found


_LAYOUTS = Recent()


def rules_layout(grid):
    """The layout of ``grid``'s rules (rows, columns, the boxes or the regions that
    replace them, the rules' extra units), made once per set of unit rules: a grid
    given rules by hand, without their layout, never loses a unit rule."""
    from ..rules.registry import variant_layout  # here for start-up: only rules need it
    n, box = grid.size, grid.layout.box
    rules = grid.rules
    key = (n, box, tuple(rule.to_line() for rule in rules
                         if rule.replaces_boxes or rule.extra_units(n, box)))
    return _LAYOUTS.get(key, lambda: variant_layout(n, box, rules))


def variant_problem(grid, bound=None):
    """``(problem, clauses, num_vars)`` of a grid with rules (or removed
    candidates, each a negative unit clause over the same literals): the :class:`OpenProblem`
    of its layout's units (rows, columns, boxes or regions, extra units: what they
    force stays forced whatever the rules add), and the rules' clauses over its
    compact variables 1..K, for an in-process solve: decided literals are the
    constants K+1 (true) and K+2 (false), fixed by the first two clauses
    (``settle="solver"``, see the module), the auxiliary variables numbered from K+3
    up to ``num_vars``. None when the givens clash or the units leave no solution; a
    rule with no way left to hold leaves clauses the solver refutes. ``bound``: see
    :meth:`UnitReducer.reduce`.

    >>> from dimacs_sudoku.formats import parse_puzzle
    >>> problem, clauses, top = variant_problem(parse_puzzle("." * 16 + "\\nkiller 5 r1c1 r1c2"))
    >>> problem.num_vars, clauses[:4], top
    (64, [[65], [-66], [67, 68], [-67, 1, 4]], 68)
    >>> problem, clauses, top = variant_problem(parse_puzzle("1..4" "4..." "...3" "3..1"
    ...                                                      "\\nodd r1c2"))
    >>> problem.num_vars, clauses
    (0, [[1], [-2], [-1], [-2]])
    >>> variant_problem(parse_puzzle("1..1" + "." * 12)) is None
    True
    """
    layout = rules_layout(grid) if grid.rules else grid.layout
    try:
        grid.check_givens()
        problem = reducer_for(layout).reduce(grid.cells, grid, bound)
    except NO_SOLUTION:
        return None
    decided = constants(problem.num_vars)
    clauses = constant_clauses(decided)
    literal = problem.literal(decided)
    top = rule_groups(grid.rules, layout, literal, decided[1], clauses, "solver")[1]
    if grid.removed:
        # a pencil-mark puzzle: one negative unit clause per removed candidate
        n = grid.size
        clauses += [[-literal(cell, d)] for cell, mask in enumerate(grid.removed)
                    for d in range(1, n + 1) if mask >> (d - 1) & 1]
    return problem, clauses, top
