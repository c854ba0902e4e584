"""Benchmark families for SAT research: quasigroup (Latin square) problems and
generalized Sudoku, with holes whose number dials the hardness.

One plain function per family, each returning an :class:`Instance` (the puzzle, its
status and how it was made):

- :func:`qwh`, quasigroup with holes (Achlioptas, Gomes, Kautz, Selman, AAAI 2000): a
  random complete Latin square, then holes; satisfiable by construction;
- :func:`qcp`, quasigroup completion (Gomes & Selman 1997): a random partial Latin
  square, filled cell by cell with forward checking; satisfiable or not, its status
  decided by the bundled solver within a budget (SAT, UNSAT or UNKNOWN);
- :func:`gsp`, generalized Sudoku with R x C boxes (Ansótegui et al. 2006): a random
  complete Sudoku grid of order N = R·C, then holes; satisfiable by construction;
- ``sudoku``: the puzzles with one solution of :mod:`.generate`.

The holes are ``holes`` cells, or ``hole_ratio · N^1.55`` (:func:`holes_for`, the
scaling of Achlioptas et al. under which the hardness peak stays put); ``balanced``
spreads them so that every row and every column has the same number of holes, ±1
(Kautz, Ruan, Achlioptas, Gomes, Selman, Stickel, IJCAI 2001).

The random complete Latin square comes from the Markov chain of Jacobson & Matthews
(1996) (:func:`random_latin_square`), whose stationary distribution is uniform over
the Latin squares of order N; its mixing time is not known, and the chain runs
``N³`` steps (at most 2·10⁶) from the cyclic square, as is usual.

Everything draws from one ``random.Random(seed)``: the same seed and arguments give
the same instance, on every run and machine.

>>> made = qwh(5, holes=10, seed=3)
>>> made.status, made.grid.givens_count(), made.grid.layout.describe()
('SAT', 15, '5x5 Latin square (rows and columns, no boxes)')
>>> made.command
'sudoku-gen --family qwh --size 5 --holes 10 --seed 3'
"""

import random
from collections import namedtuple

from ..core.grid import Grid
from ..core.layout import Layout
from ..errors import UsageError

FAMILIES = ("sudoku", "qwh", "qcp", "gsp")

# The largest order of a family (that of :data:`.generate.MAX_GENERATE_SIZE`): the
# square, its hole pattern and the chain's tables are three N x N arrays; the CNF of
# a 49x49 Latin square (extended, pairwise) is 8.5 million clauses, written as a
# stream.
MAX_ORDER = 49

# The exponent of the hole scaling (Achlioptas et al. 2000).
HOLE_EXPONENT = 1.55

# A ratio up to this is accepted: N^2 / N^1.55 = N^0.45 is 5.8 at order 49.
MAX_RATIO = 6.0

# Propagations of the bundled solver before a QCP instance's status is UNKNOWN.
DEFAULT_BUDGET = 1000000

Instance = namedtuple("Instance", "grid solution status family seed command")
Instance.__doc__ = """One instance of a family: ``grid`` (the puzzle: a Latin square
with the ``latin`` rule, or a Sudoku grid), ``solution`` (a complete grid that solves
it, None when not known), ``status`` (``SAT``, ``UNSAT`` or ``UNKNOWN``), ``family``,
``seed`` and ``command`` (the sudoku-gen command line that makes it again)."""


def holes_for(size, holes=None, hole_ratio=None):
    """The number of holes: ``holes``, or ``round(hole_ratio · N^1.55)``; a usage
    error beyond the N² cells or for a ratio out of 0..MAX_RATIO.

    >>> holes_for(30, hole_ratio=1.5), holes_for(30, holes=200)
    (292, 200)
    >>> holes_for(5, holes=26)
    Traceback (most recent call last):
    ...
    dimacs_sudoku.errors.UsageError: --holes 26 is more than the 25 cells of a 5x5 grid
    """
    cells = size * size
    if holes is not None and hole_ratio is not None:
        raise UsageError("give --holes or --hole-ratio, not both")
    if hole_ratio is not None:
        if not 0 <= hole_ratio <= MAX_RATIO or hole_ratio != hole_ratio:
            raise UsageError("--hole-ratio takes a number from 0 to %g (holes = ratio x "
                             "N^%g), not %r" % (MAX_RATIO, HOLE_EXPONENT, hole_ratio))
        holes = round(hole_ratio * size ** HOLE_EXPONENT)
        if holes > cells:
            raise UsageError("--hole-ratio %g makes %d holes, more than the %d cells of a "
                             "%dx%d grid" % (hole_ratio, holes, cells, size, size))
        return holes
    if holes is None:
        raise UsageError("the families need --holes H or --hole-ratio X")
    if holes < 0:
        raise UsageError("--holes takes a number of cells, not %d" % holes)
    if holes > cells:
        raise UsageError("--holes %d is more than the %d cells of a %dx%d grid"
                         % (holes, cells, size, size))
    return holes


def check_order(size):
    """``size`` when a family can be made at that order, else UsageError."""
    if not 1 <= size <= MAX_ORDER:
        raise UsageError("the families are made up to order %d, not %d" % (MAX_ORDER, size))
    return size


# ---- random Latin squares --------------------------------------------------------------

def random_latin_square(n, rng, steps=None):
    """A random Latin square of order ``n`` (a list of N² symbols 1..N, row by row):
    the Jacobson–Matthews chain from the cyclic square, ``steps`` moves (default N³,
    at most 2·10⁶), then on until the square is proper.

    The chain walks the incidence cube (row, column, symbol), where every line sums
    to 1 and one entry may be -1 (an improper square). A move picks a 0 entry (or,
    when improper, starts at the -1) and turns a 2 x 2 x 2 subcube around it. Each
    line keeps its one +1 entry in a table of N² numbers, plus a second one for the
    three lines through the -1.

    >>> square = random_latin_square(4, random.Random(1))
    >>> sorted(square[:4]), sorted(square[::4])
    ([1, 2, 3, 4], [1, 2, 3, 4])
    """
    if steps is None:
        steps = min(n ** 3, 2000000)
    # The three line families, each an N x N table of the +1 entry's third coordinate
    # (-1 for none) and a dict of second entries: cell (r, c) -> symbol, (r, s) ->
    # column, (c, s) -> row.
    nn = n * n
    sym = [(r + c) % n for r in range(n) for c in range(n)]
    col = [0] * nn
    row = [0] * nn
    for r in range(n):
        for c in range(n):
            s = sym[r * n + c]
            col[r * n + s] = c
            row[c * n + s] = r
    second = ({}, {}, {})
    tables = (sym, col, row)
    improper = None

    def lines(r, c, s):
        return ((0, r * n + c, s), (1, r * n + s, c), (2, c * n + s, r))

    def add(r, c, s):
        nonlocal improper
        if improper == (r, c, s):
            improper = None
            return
        for kind, key, value in lines(r, c, s):
            if tables[kind][key] < 0:
                tables[kind][key] = value
            else:
                second[kind][key] = value

    def remove(r, c, s):
        nonlocal improper
        if sym[r * n + c] != s and second[0].get(r * n + c) != s:
            improper = (r, c, s)        # a 0 entry becomes -1
            return
        for kind, key, value in lines(r, c, s):
            if second[kind].get(key) == value:
                del second[kind][key]
            else:
                tables[kind][key] = second[kind].pop(key, -1)

    def pick(kind, key):
        extra = second[kind].get(key)
        first = tables[kind][key]
        return first if extra is None or rng.random() < 0.5 else extra

    if n < 2:
        return [1] * nn
    step = 0
    while step < steps or improper is not None:
        step += 1
        if improper is None:
            while True:
                r, c, s = rng.randrange(n), rng.randrange(n), rng.randrange(n)
                if sym[r * n + c] != s:
                    break
        else:
            r, c, s = improper
        s2 = pick(0, r * n + c)
        c2 = pick(1, r * n + s)
        r2 = pick(2, c * n + s)
        add(r, c, s)
        add(r, c2, s2)
        add(r2, c, s2)
        add(r2, c2, s)
        remove(r, c, s2)
        remove(r, c2, s)
        remove(r2, c, s)
        remove(r2, c2, s2)
    return [s + 1 for s in sym]


# ---- hole patterns ---------------------------------------------------------------------

def hole_pattern(n, holes, rng, balanced=False):
    """The sorted cells of ``holes`` holes in an N x N grid: uniformly chosen, or
    ``balanced`` (every row and every column holds ⌊H/N⌋ or ⌈H/N⌉ holes).

    A balanced pattern starts as the cells of ⌊H/N⌋ symbols of an independent
    random Latin square (each symbol is one cell per row and column), plus H mod N
    cells of one more symbol; then N² swaps (two holes (r1, c1), (r2, c2) move to
    (r1, c2), (r2, c1) when both are free) mix it while each row and column keeps
    its count.

    >>> cells = hole_pattern(6, 14, random.Random(2), balanced=True)
    >>> sorted({sum(1 for x in cells if x // 6 == r) for r in range(6)})
    [2, 3]
    """
    cells = n * n
    if not balanced:
        return sorted(rng.sample(range(cells), holes))
    square = random_latin_square(n, rng)
    full, rest = divmod(holes, n)
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)
    chosen = set(symbols[:full])
    hole = bytearray(cells)
    for cell, s in enumerate(square):
        if s in chosen:
            hole[cell] = 1
    if rest:
        extra = [cell for cell, s in enumerate(square) if s == symbols[full]]
        for cell in rng.sample(extra, rest):
            hole[cell] = 1
    for _ in range(cells if 0 < holes < cells else 0):
        a, b = rng.randrange(cells), rng.randrange(cells)
        r1, c1 = divmod(a, n)
        r2, c2 = divmod(b, n)
        if hole[a] and hole[b] and not hole[r1 * n + c2] and not hole[r2 * n + c1]:
            hole[a] = hole[b] = 0
            hole[r1 * n + c2] = hole[r2 * n + c1] = 1
    return [cell for cell in range(cells) if hole[cell]]


# ---- the families ----------------------------------------------------------------------

def latin_grid(cells, n):
    """A Latin-square grid (rows and columns, no boxes: the ``latin`` rule) of
    ``cells``."""
    from ..rules.latin import Latin
    return Grid(cells, layout=Layout(n, regions=()), rules=(Latin(n),))


def command_line(family, size, holes, seed, box=None, balanced=False, budget=None,
                 cnf=False):
    """The sudoku-gen command that makes the instance again, options in a fixed
    order.

    >>> command_line("gsp", 6, 12, 5, box=(2, 3), balanced=True)
    'sudoku-gen --family gsp --size 6 --box 2x3 --holes 12 --balanced --seed 5'
    """
    words = ["sudoku-gen", "--family", family, "--size", str(size)]
    if box is not None:
        words += ["--box", "%dx%d" % tuple(box)]
    words += ["--holes", str(holes)]
    if balanced:
        words.append("--balanced")
    if budget is not None:
        words += ["--budget", str(budget)]
    words += ["--seed", str(seed)]
    if cnf:
        words.append("--cnf")
    return " ".join(words)


def _punched(solution, n, holes, rng, balanced):
    cells = list(solution)
    for cell in hole_pattern(n, holes, rng, balanced):
        cells[cell] = 0
    return cells


def qwh(size, holes, seed, balanced=False):
    """Quasigroup with holes: a random Latin square of order ``size`` (see
    :func:`random_latin_square`) with ``holes`` holes; status SAT (the square is its
    solution)."""
    n = check_order(size)
    holes = holes_for(n, holes)
    rng = random.Random(seed)
    square = random_latin_square(n, rng)
    puzzle = latin_grid(_punched(square, n, holes, rng, balanced), n)
    return Instance(puzzle, latin_grid(square, n), "SAT", "qwh", seed,
                    command_line("qwh", n, holes, seed, balanced=balanced))


def gsp(size, holes, seed, box=None, balanced=False):
    """Generalized Sudoku: a random complete Sudoku grid of order ``size`` with
    ``box`` = (R, C) boxes (default: the most square), with ``holes`` holes; status
    SAT. The complete grid is :func:`.generate.random_solution`'s (random decisions,
    a SAT completion, then relabelling and shuffles: not uniform)."""
    from .generate import layout_for, random_solution
    n = check_order(size)
    holes = holes_for(n, holes)
    layout = layout_for(n, box)
    rng = random.Random(seed)
    solution = random_solution(layout, rng)
    puzzle = Grid(_punched(solution.cells, n, holes, rng, balanced), layout=layout)
    return Instance(puzzle, solution, "SAT", "gsp", seed,
                    command_line("gsp", n, holes, seed, box=layout.box, balanced=balanced))


def qcp(size, holes, seed, balanced=False, budget=DEFAULT_BUDGET):
    """Quasigroup completion: a partial Latin square of order ``size`` with N² -
    ``holes`` symbols placed, as lsencode makes them: the cells to fill (all but a
    hole pattern) in random order, each given a random symbol that leaves every empty
    cell of its row and column a candidate (forward checking). A cell with no such
    symbol is a dead end, and the square is started again. The status is the bundled
    solver's (picosat) within ``budget`` propagations: SAT, UNSAT, or UNKNOWN.
    """
    n = check_order(size)
    holes = holes_for(n, holes)
    rng = random.Random(seed)
    full = (1 << n) - 1
    for _ in range(1000):
        order = sorted(set(range(n * n)) - set(hole_pattern(n, holes, rng, balanced)))
        rng.shuffle(order)
        domain = [full] * (n * n)
        cells = [0] * (n * n)
        for cell in order:
            r, c = divmod(cell, n)
            peers = [r * n + k for k in range(n) if k != c] + [
                k * n + c for k in range(n) if k != r]
            choices = [d for d in range(n) if domain[cell] >> d & 1]
            rng.shuffle(choices)
            for d in choices:
                bit = 1 << d
                if all(cells[p] or domain[p] & ~bit for p in peers):
                    break
            else:
                break
            cells[cell] = d + 1
            domain[cell] = bit
            for p in peers:
                domain[p] &= ~bit
        else:
            break
    else:
        raise UsageError("no partial Latin square of order %d with %d holes found in 1000 "
                         "tries" % (n, holes))
    puzzle = latin_grid(cells, n)
    status, solution = decide(puzzle, budget)
    return Instance(puzzle, solution, status, "qcp", seed,
                    command_line("qcp", n, holes, seed, balanced=balanced,
                                 budget=budget if budget != DEFAULT_BUDGET else None))


def decide(grid, budget=DEFAULT_BUDGET):
    """``(status, solution)`` of ``grid`` by the bundled solver within ``budget``
    propagations (None or 0: no limit): ``("SAT", grid)``, ``("UNSAT", None)`` or
    ``("UNKNOWN", None)``. The solver gets the reduced problem (the open candidates
    left by propagation over the rows and columns, as ``sudoku-solve`` does), so an
    order-49 square takes tens of megabytes, not the full CNF's hundreds. A solution
    is checked before it is returned.

    >>> decide(latin_grid([1, 0, 0, 2], 2))[0]
    'UNSAT'
    """
    from ..core.check import check_cells
    from ..errors import NoSolution
    from ..reasoning.reduction import variant_problem
    from ..sat.pycosat_backend import PycosatSolver
    try:
        found = variant_problem(grid)
    except NoSolution:          # clashing givens, or a cell or digit with no place
        found = None
    if found is None:
        return "UNSAT", None
    problem, clauses, num_vars = found
    sat = PycosatSolver(num_vars)
    try:
        sat.add_clauses(problem.clauses())
        sat.add_clauses(clauses)
        answer = sat.solve(budget=budget or None)
        if answer is None:
            return "UNKNOWN", None
        if not answer:
            return "UNSAT", None
        cells = problem.decode([v for v in sat.model() if 0 < v <= problem.num_vars])
    finally:
        sat.delete()
    check_cells(cells, grid.layout, grid.cells, what="the QCP solution")
    return "SAT", grid.copy(cells)


def make_instance(family, size, holes, seed, box=None, balanced=False,
                  budget=DEFAULT_BUDGET):
    """The :class:`Instance` of ``family`` (qwh, qcp or gsp) with these arguments.

    >>> make_instance("qcp", 4, 8, 1).status
    'SAT'
    """
    if family == "qwh":
        return qwh(size, holes, seed, balanced)
    if family == "qcp":
        return qcp(size, holes, seed, balanced, budget)
    if family == "gsp":
        return gsp(size, holes, seed, box, balanced)
    raise UsageError("--family takes %s, not %r" % (", ".join(FAMILIES), family))


def instance_comments(made, cnf=True):
    """The header lines naming how ``made`` was made: its family, the command that
    makes it again, the seed and the status.

    >>> instance_comments(qwh(4, 3, seed=1))
    ['family: qwh', 'generator: sudoku-gen --family qwh --size 4 --holes 3 --seed 1 --cnf', 'seed: 1', 'status: SAT']
    """
    command = made.command + (" --cnf" if cnf else "")
    return ["family: %s" % made.family, "generator: %s" % command,
            "seed: %d" % made.seed, "status: %s" % made.status]
