"""New puzzles with exactly one solution, checked by SAT.

1. A random complete grid: random decisions with unit propagation over the extended
   encoding fill about half of it (the branching clause is drawn among those with the
   fewest free literals, the literal at random among its free ones), pycosat completes
   the rest (a fresh start when it cannot), then the digits are relabelled at random,
   the bands, the rows in each band, the stacks and the columns in each stack are put
   in a random order, and the grid is transposed half the time when the boxes are
   square. Each of these maps a valid grid to a valid grid.
2. Clues are removed in a random order, one symmetry orbit at a time (a cell and its
   images, so that the pattern of givens keeps the chosen symmetry); a removal is
   undone when the puzzle would no longer have exactly one solution, as the SAT
   counter (:func:`~dimacs_sudoku.tasks.solving.find_solutions`, ``limit=2``) reports. One
   pass over all the orbits leaves a puzzle from which no orbit can be removed; without
   symmetry that is a minimal puzzle (any later removal only adds solutions, so a cell
   that could not be removed once never can).

Above 16x16 a puzzle near the edge of uniqueness can take a SAT solver minutes, so
there each call of the counter has a budget (:class:`Counter`); a removal it cannot
decide in time is undone, which keeps the puzzle unique but may leave it above minimal.

Everything random comes from one ``random.Random(seed)``: the same seed and options
give the same puzzles.

>>> import random
>>> made = make_puzzle(layout_for(4), random.Random(1))
>>> find_solutions(made.puzzle)[1], made.puzzle.givens_count() < 16, made.undecided
(1, True, 0)
"""

import random
from collections import namedtuple
from itertools import compress

from .. import arguments
from .solving import find_solutions
from ..errors import ArgumentError, NoSolution, PuzzleError, UnknownResult, UsageError
from ..core.grid import Grid
from ..core.layout import Layout, default_box
from ..core.symmetry import symmetry_maps, symmetry_orbits
from ..core.variables import Standard, model_cells
from ..rules.base import Rule
from ..sat.dpll import clause_propagator, given_literals, random_fill, residual_clauses
from ..sat.pycosat_backend import PycosatSolver

_UNSET = (0).__eq__

# The share of cells that random decisions fill before pycosat completes the grid.
FILL = 0.4


# The largest grid generated: a complete 49x49 grid takes about 1.3 GB and half a
# minute (the SAT completion holds the whole encoding), a 64x64 one over 3.6 GB.
MAX_GENERATE_SIZE = 49


def layout_for(size=None, box=None):
    """The layout of a grid of ``size`` (N) with ``box`` (rows, cols) boxes, up to
    :data:`MAX_GENERATE_SIZE`.

    >>> layout_for(64)
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.UsageError: grids are generated up to 49x49, not 64x64 (larger ones take gigabytes)
    """
    if size is None and box is None:
        size = 9
    if box is not None:
        box = tuple(box)
        if size is None:
            size = box[0] * box[1]
    if size is None or size < 1:
        raise UsageError("the grid size must be positive, not %r" % (size,))
    if size > MAX_GENERATE_SIZE:
        raise UsageError("grids are generated up to %dx%d, not %dx%d (larger ones take "
                         "gigabytes)" % (MAX_GENERATE_SIZE, MAX_GENERATE_SIZE, size, size))
    return Layout(size, box or default_box(size))


# ---- complete grids ---------------------------------------------------------------

def _shuffled_groups(rng, count, width):
    """A random permutation of ``count * width`` indices that keeps each group of
    ``width`` consecutive indices together (the groups and their members shuffled)."""
    groups = list(range(count))
    rng.shuffle(groups)
    order = []
    for g in groups:
        members = list(range(g * width, (g + 1) * width))
        rng.shuffle(members)
        order.extend(members)
    return order


def _sat_complete(prop):
    """Complete the current state with pycosat (CDCL) on its residual clauses; the
    model's true cell literals, or None when the state has no completion."""
    clauses = residual_clauses(prop)
    known = prop.model()
    if not clauses:
        return known
    sat = PycosatSolver()
    sat.add_clauses(clauses)
    if not sat.solve():
        return None
    model = sat.model()
    n = prop.num_vars
    value = prop.value
    return known + [lit for lit in model if lit > 0 and value[n + lit] == 0]


def random_solution(layout, rng, givens=None, rules=()):
    """A random complete grid of ``layout`` (extending ``givens`` when given: then no
    relabelling or permutation is applied). Raises NoSolution if ``givens`` has none.
    Variant ``rules`` (see :mod:`dimacs_sudoku.rules`) are obeyed and carried by the
    grid; nothing is shuffled then either.

    Random decisions with unit propagation fill about half the cells (a decision that
    fails is negated, as DPLL would); pycosat completes the rest; then the digits are
    relabelled and the bands, stacks, rows and columns shuffled.
    """
    n = layout.size
    prop = clause_propagator(layout, rules=rules)
    # Rules such as non-consecutive leave few grids: a handful of random decisions,
    # then the SAT solver, rather than a random fill that rarely extends.
    target = int(layout.cells * FILL) if not rules else n
    if rules and givens is None:
        prop.reset()
        if _sat_complete(prop) is None:
            raise NoSolution("the rules leave no complete %dx%d grid" % (n, n))
    cells = None
    for _ in range(1000):
        prop.reset()
        if givens is not None and not prop.assume(given_literals(givens)):
            raise NoSolution("the givens have no solution")
        if not random_fill(prop, rng, target):
            if givens is not None and len(prop.trail) == 0:
                raise NoSolution("the givens have no solution")
            continue
        model = _sat_complete(prop)
        if model is None:
            continue
        cells = model_cells(model, Standard(n))
        break
    if cells is None:
        raise NoSolution("no complete grid found")
    if givens is not None or layout.units[3 * n:] or n == 1 or rules or layout.regions:
        return Grid(cells, layout=layout, rules=rules)
    br, bc = layout.box
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    rows = _shuffled_groups(rng, n // br, br)
    cols = _shuffled_groups(rng, n // bc, bc)
    out = [labels[cells[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n)]
    if br == bc and rng.random() < 0.5:
        out = [out[c * n + r] for r in range(n) for c in range(n)]
    return Grid(out, layout=layout)


# ---- counting ---------------------------------------------------------------------

# Grids up to this size use the project's fast counter without a budget; larger ones
# (where a puzzle near the edge of uniqueness can take a SAT solver minutes) use
# :func:`bounded_find_solutions` with DEFAULT_BUDGET propagations per call.
UNBOUNDED_MAX_SIZE = 16
DEFAULT_BUDGET = 100000


def bounded_find_solutions(grid, limit=2, budget=None):
    """``(solutions, count)`` like :func:`find_solutions`, with a budget: unit
    propagation over the extended encoding (the clause-level propagator of
    :mod:`~dimacs_sudoku.sat.dpll`), then the façade's enumeration over pycosat on
    the clauses left open, each search stopped after ``budget`` propagations (None: no
    limit). Raises :class:`UnknownResult` when the budget runs out before the count is
    known."""
    layout = grid.layout
    n = layout.size
    prop = clause_propagator(layout, rules=grid.rules)
    prop.reset()
    if not prop.assume(given_literals(grid)):
        return [], 0
    known = prop.model()
    value = prop.value
    top = prop.num_vars
    if prop.solved():
        models = [[]]
    else:
        sat = PycosatSolver()
        sat.add_clauses(residual_clauses(prop))
        open_vars = frozenset(compress(range(1, top + 1), map(_UNSET, value[top + 1:])))
        models = sat.models(limit, project=open_vars, positives=True, budget=budget)
    found = []
    for extra in models:
        cells = [0] * layout.cells
        for v in known + extra:
            if v <= n ** 3:
                cell, d = divmod(v - 1, n)
                cells[cell] = d + 1
        found.append(grid.copy(cells))
    return found, len(found)


class Counter:
    """Counts solutions up to 2 for the generator, and how often it could not tell.

    Calling it gives 0, 1 or 2, or None when the budget ran out (the caller then
    treats the puzzle as not proven unique). ``function`` replaces the default choice:
    :func:`find_solutions` for grids up to :data:`UNBOUNDED_MAX_SIZE` without a
    ``budget``, else :func:`bounded_find_solutions`.
    """

    def __init__(self, layout, budget=None, function=None):
        if function is None:
            if budget is None and layout.size <= UNBOUNDED_MAX_SIZE:
                function = find_solutions
            else:
                limit = budget if budget is not None else DEFAULT_BUDGET

                def function(grid, limit=2, _budget=limit or None):
                    return bounded_find_solutions(grid, limit, _budget)
        self.function = function
        self.calls = 0
        self.undecided = 0

    def __call__(self, grid):
        self.calls += 1
        try:
            return self.function(grid, limit=2)[1]
        except UnknownResult:
            self.undecided += 1
            return None


# ---- puzzles ----------------------------------------------------------------------

Generated = namedtuple("Generated", "puzzle solution reached minimal attempts undecided")
Generated.__doc__ = """One generated puzzle: the puzzle and its solution (Grids); whether
the clue target was reached; whether every given is needed (True, False, or None when
not checked or not proven); how many complete grids were tried; and how many removals
the counter could not decide within its budget (those clues were kept)."""


def is_unique(grid, counter=None):
    """Does ``grid`` have exactly one solution?"""
    return (counter or Counter(grid.layout))(grid) == 1


def is_minimal(puzzle, counter=None):
    """Does every given of ``puzzle`` matter: has the puzzle one solution, and does
    removing any single given leave it with two or more? None when the counter could
    not tell within its budget."""
    counter = counter or Counter(puzzle.layout)
    count = counter(puzzle)
    if count != 1:
        return None if count is None else False
    cells = list(puzzle.cells)
    unknown = False
    for k, d in enumerate(puzzle.cells):
        if d:
            cells[k] = 0
            count = counter(puzzle.copy(cells))
            cells[k] = d
            if count is None:
                unknown = True
            elif count < 2:
                return False
    return None if unknown else True


def remove_clues(solution, rng, symmetry="none", stop_at=None, counter=None):
    """Take clues out of ``solution`` orbit by orbit in a random order while the puzzle
    keeps exactly one solution; stop once it has ``stop_at`` givens or fewer. A removal
    the counter cannot decide is undone."""
    counter = counter or Counter(solution.layout)
    orbits = symmetry_orbits(solution.size, symmetry)
    rng.shuffle(orbits)
    cells = list(solution.cells)
    givens = len(cells)
    for orbit in orbits:
        if stop_at is not None and givens <= stop_at:
            break
        saved = [cells[k] for k in orbit]
        for k in orbit:
            cells[k] = 0
        if counter(solution.copy(cells)) == 1:
            givens -= len(orbit)
        else:
            for k, d in zip(orbit, saved):
                cells[k] = d
    return solution.copy(cells)


def make_puzzle(layout, rng, symmetry="none", clues=None, minimal=False, attempts=1,
                counter=None, rules=()):
    """One puzzle of ``layout`` with exactly one solution, as :data:`Generated`.

    ``clues`` is a target number of givens: removal stops there, and up to
    ``attempts`` complete grids are tried to reach it (the best try is returned, with
    ``reached`` False, when none does). ``minimal`` removes every removable orbit
    and, with a symmetry, also asks that no single given can go (up to ``attempts``
    tries); ``clues`` is then an upper bound. ``counter`` is a :class:`Counter`.
    ``rules`` are variant rules the puzzle carries (the layout must be theirs, see
    :func:`dimacs_sudoku.rules.registry.variant_layout`).
    """
    symmetry_maps(layout.size, symmetry)
    if clues is not None and clues < 0:
        raise UsageError("--clues takes a number of givens, not %d" % clues)
    counter = counter or Counter(layout)
    best = None
    attempts = max(1, attempts)
    for attempt in range(1, attempts + 1):
        before = counter.undecided
        solution = random_solution(layout, rng, rules=rules)
        stop_at = None if minimal else clues
        puzzle = remove_clues(solution, rng, symmetry, stop_at, counter)
        undecided = counter.undecided - before
        is_min = None
        if minimal:
            if symmetry == "none":
                is_min = True if not undecided else None
            else:
                is_min = is_minimal(puzzle, counter)
        reached = clues is None or puzzle.givens_count() <= clues
        made = Generated(puzzle, solution, reached, is_min, attempt, undecided)
        if reached and (not minimal or is_min is not False):
            return made
        if best is None or _better(made, best):
            best = made
    return best._replace(attempts=attempts)


def _better(a, b):
    """Is try ``a`` closer to what was asked than try ``b``?"""
    return ((a.minimal is not False, -a.puzzle.givens_count())
            > (b.minimal is not False, -b.puzzle.givens_count()))


def generate(count=1, size=None, box=None, seed=None, symmetry="none", clues=None,
             minimal=False, full=False, attempts=None, budget=None, progress=None,
             counter=None, rules=(), killer=False):
    """Yield ``count`` :data:`Generated` puzzles (complete grids with ``full``); the
    arguments are checked at the call (TypeError, or ArgumentError: a ValueError).

    ``killer`` makes killer puzzles instead (:func:`make_killer`: cages over a random
    grid, and the givens that make the solution unique).

    ``rules`` are variant rules (:class:`dimacs_sudoku.rules.base.Rule`, or their
    text lines such as ``"antiknight"``) that every puzzle obeys and carries; the
    unit-type ones (diagonals, windoku, disjoint groups, a jigsaw layout), anti-knight,
    anti-king, non-consecutive and any other rule read without clues of its own.

    ``seed`` seeds the one ``random.Random`` everything draws from; ``budget`` bounds
    each SAT call of the solution counter (see :class:`Counter`); ``progress`` is
    called with the number of puzzles done after each one.

    >>> for made in generate(2, size=4, seed=1):
    ...     print(made.puzzle.to_line(), made.solution.to_line())
    2.....2.4.3....4 2341142341323214
    .....31.4..2.... 1423231441323241
    """
    me = "generate"
    count = arguments.whole(count, me, "count")
    size = arguments.whole(size, me, "size", least=1, none=True)
    if box is not None:
        box = arguments.pair(box, me, "box")
    arguments.instance(seed, (int, float, str, bytes, bytearray, type(None)), me,
                       "seed as an int, str or bytes (or None)")
    arguments.named(symmetry, me, "symmetry", lambda name: symmetry_maps(1, name))
    clues = arguments.whole(clues, me, "clues", none=True)
    for name, value in (("minimal", minimal), ("full", full), ("killer", killer)):
        arguments.flag(value, me, name)
    attempts = arguments.whole(attempts, me, "attempts", least=1, none=True)
    budget = arguments.whole(budget, me, "budget", none=True)
    arguments.call(progress, me, "progress")
    if counter is not None:
        arguments.instance(counter, Counter, me, "counter as a Counter (or None)")
    what = "rules as a list of rules or their text lines"
    for rule in arguments.iterable(rules, me, what):
        arguments.instance(rule, (Rule, str), me, what)
    try:
        layout = layout_for(size, box)
    except UsageError as error:
        raise ArgumentError("generate(): size: %s" % error.message) from None
    if rules:
        from ..rules.registry import finish, parse_rule, variant_layout
        try:
            rules = tuple(finish([parse_rule(rule, layout.size, layout.box)
                                  if isinstance(rule, str) else rule for rule in rules],
                                 layout.size))
        except PuzzleError as error:
            raise ArgumentError("generate(): rules: %s" % error.message) from None
        layout = variant_layout(layout.size, layout.box, rules)
    if full and (clues is not None or minimal or symmetry != "none"):
        raise ArgumentError("generate(): full makes complete grids; it does not go with "
                            "clues, minimal or symmetry (--full with --clues, --minimal "
                            "or --symmetry)")
    if killer and (full or rules or clues is not None or minimal or symmetry != "none"):
        raise ArgumentError("generate(): killer makes its own cages and givens; it does "
                            "not go with full, rules, clues, minimal or symmetry (--killer "
                            "with --full, --rule, --clues, --minimal or --symmetry)")
    if attempts is None:
        attempts = 1 if clues is None and not (minimal and symmetry != "none") else 20
    if counter is None and rules:
        # Propagation over the rules' clauses (cached per layout and rules), then
        # pycosat on what is left: no CNF is written per count.
        counter = Counter(layout, budget, function=lambda grid, limit=2: (
            bounded_find_solutions(grid, limit, budget or None)))
    counter = counter or Counter(layout, budget)
    return _generate(count, layout, random.Random(seed), symmetry, clues, minimal, full,
                     attempts, progress, counter, rules, killer)


def _generate(count, layout, rng, symmetry, clues, minimal, full, attempts, progress,
              counter, rules, killer):
    """The puzzles of :func:`generate`, its arguments checked."""
    for done in range(1, count + 1):
        if killer:
            made = make_killer(rng, layout.size, layout.box)
        elif full:
            solution = random_solution(layout, rng, rules=rules)
            made = Generated(solution, solution, True, None, 1, 0)
        else:
            made = make_puzzle(layout, rng, symmetry, clues, minimal, attempts, counter,
                               rules)
        yield made
        if progress is not None:
            progress(done)


# ---- killer puzzles ---------------------------------------------------------------------

def killer_cages(solution, rng, smallest=2, largest=5):
    """Killer cages over every cell of the complete grid ``solution``: each grows from a
    random free cell through free neighbours holding digits not yet in it, to a random
    size in ``smallest..largest`` (smaller when it runs out of room); each cage's total
    is the sum of its digits. Returns the ``killer`` rules, in the order made."""
    from ..rules.registry import parse_rule
    n = solution.size
    cells = solution.cells
    free = set(range(n * n))
    order = list(range(n * n))
    rng.shuffle(order)
    cages = []
    for start in order:
        if start not in free:
            continue
        target = rng.randint(smallest, largest)
        cage = [start]
        free.discard(start)
        digits = {cells[start]}
        while len(cage) < target:
            options = sorted({m for k in cage for m in _neighbours(n, k)
                              if m in free and cells[m] not in digits})
            if not options:
                break
            m = rng.choice(options)
            cage.append(m)
            free.discard(m)
            digits.add(cells[m])
        cages.append(cage)
    # A cage of one cell is a given in disguise: join it to a neighbouring cage that
    # lacks its digit and has room, when there is one.
    owner = {k: cage for cage in cages for k in cage}
    for cage in list(cages):
        if len(cage) != 1:
            continue
        k = cage[0]
        for m in _neighbours(n, k):
            other = owner[m]
            if other is not cage and 1 < len(other) < largest and \
                    cells[k] not in {cells[j] for j in other}:
                other.append(k)
                owner[k] = other
                cages.remove(cage)
                break
    rules = []
    for cage in cages:
        line = "killer %d %s" % (sum(cells[k] for k in cage), " ".join(
            "r%dc%d" % (k // n + 1, k % n + 1) for k in sorted(cage)))
        rules.append(parse_rule(line, n, solution.layout.box))
    return rules


def _neighbours(n, k):
    r, c = divmod(k, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def make_killer(rng, size=9, box=None, largest=5):
    """A killer puzzle with one solution, as :data:`Generated`: cages over a random
    complete grid (:func:`killer_cages`), then givens of that grid, each placed in a
    cell where two solutions differ, until only one is left.

    >>> made = make_killer(random.Random(3), size=4)
    >>> find_solutions(made.puzzle)[1], len(made.puzzle.rules) > 0
    (1, True)
    """
    layout = layout_for(size, box)
    solution = random_solution(layout, rng)
    rules = killer_cages(solution, rng, largest=largest)
    cells = [0] * layout.cells
    puzzle = Grid(cells, layout=layout, rules=rules)
    while True:
        found, count = find_solutions(puzzle, 2)
        if count == 1:
            break
        differ = [k for k in range(layout.cells)
                  if found[0].cells[k] != found[1].cells[k]]
        k = rng.choice(differ)
        cells[k] = solution.cells[k]
        puzzle = puzzle.copy(cells)
    return Generated(puzzle, Grid(solution.cells, layout=layout, rules=rules), True,
                     None, 1, 0)
