"""Solving many puzzles in one process, each through a small SAT problem.

For each puzzle:

1. propagation (:mod:`dimacs_sudoku.reasoning.propagate`) places naked and hidden singles,
   makes box-line eliminations and, when neither applies, settles hidden pairs, to a
   fixpoint, with whole-integer bit operations. Singles and box-line eliminations are
   what unit propagation would do on tdoku's "augmented" encoding; hidden pairs go
   further (93% of the first 2,000 17-clue puzzles solved on their own, not 82%; 16%
   of top1465, not 4%; the rest reach the solver smaller). What propagation solves is
   solved uniquely (each step was forced), so the count is 1 without a solver call; a
   contradiction means no solution, again without a solver call;
2. otherwise the open candidates become a reduced problem (Kwon & Jain 2006): compact
   variables 1..K, each open cell and each missing digit of each unit exactly one of
   its candidates / places: at least one (a clause per cell and per (unit, digit)), at
   most one for cells, rows and columns (a box's at-most-one follows from the rest by
   counting, and is left out);
3. a SAT solver does the search, the *engine*:

   - ``pysat`` (when the optional python-sat package is installed, the extra
     ``dimacs-sudoku[fast]``): a fresh MiniCard solver per puzzle (MiniSat 2.2 with
     native at-most-one constraints, so an at-most-one over k candidates is one
     constraint instead of k(k-1)/2 clauses), fed through C-level iterator pipelines;
     after each model a clause blocking it is added and the same solver searches again,
     up to ``count`` models;
   - ``pycosat`` (the bundled picosat, always there): the same reduced problem as
     clauses (pairwise at-most-one) over the complemented variables (picosat's first
     decisions then place digits), ``itersolve`` for up to ``count`` models, without
     picosat's start-up probing;
   - ``auto`` (the default): ``pysat`` when python-sat can be imported, else
     ``pycosat``.

   Both give the same counts, and the same solution when there is one; of several,
   each may find a different one first (``canonical`` makes it the same: the bundled
   picosat's first). How both compare with tdoku's ``minisat_complete`` (one MiniSat
   instance with the full exactly-one encoding, the givens as assumptions) on the 9x9
   sets with uniqueness checked is measured by bench/batch.py (docs/benchmarks.md,
   "Batch solving with uniqueness checked", which also lists what was tried and
   dropped). One incremental MiniSat or MiniCard instance with the full encoding and
   our propagation's result as assumptions (tdoku's route) loses to the reduced
   problem on the hard sets: it needs as many conflicts, each costing more; and used
   first with a small conflict budget, before the reduced problem, it lost on all
   three. MiniCard beat the other PySAT solvers (MiniSat, Glucose, CaDiCaL with
   pairwise clauses).

Standard grids up to 16x16 take the four-view propagation; other grids (extra units,
larger sizes) propagate singles with the per-cell propagation and build the same reduced
problem from its candidates. An external ``solver`` is run once per model on a DIMACS
file of the reduced CNF (pairwise at-most-one), with the models found so far blocked.

>>> from dimacs_sudoku.core.grid import Grid
>>> grids = [Grid.from_line("1..4" "4..." "...3" "3..1"), Grid.empty(4),
...          Grid.from_line("11" + "." * 14)]
>>> [(s.to_line() if s else None, k) for s, k in solve_many(grids, count=2, canonical=True)]
[('1234431221433421', 1), ('4321214334121234', 2), (None, 0)]
>>> solutions, count = find_solutions(Grid.empty(4), limit=1000)
>>> count, len(solutions)
(288, 288)
"""

from itertools import islice
from operator import neg

from ..errors import PYTHON_SAT_MISSING, InvalidModel, NotInstalled, TooLarge, \
    UnknownResult, UsageError
from ..core.grid import Grid
from ..reasoning.reduction import NO_SOLUTION, reducer_for, variant_problem
from ..sat import backend as sat_backend
from ..core.check import check_cells, check_distinct, grid_check
from ..sat.pycosat_backend import PycosatSolver, plain_itersolve
from ..sat.pysat_backend import available as pysat_available

_NEGATIVE = (0).__gt__

ENGINES = ("auto", "pycosat", "pysat")
# The most solutions sudoku-solve counts: every one is held (to check that they are
# distinct), about 3.5 KB each for a 9x9 grid.
MAX_COUNT = 10000
# The PySAT solver of the pysat engine: MiniCard measured fastest (bench/batch.py
# --pysat-solvers compares others). Solvers without native at-most-one constraints
# (m22, g4, cd19, ...) get the pairwise clauses instead.
PYSAT_SOLVER = "minicard"

# The largest problem searched here (in process, or by an external --solver on the CNF
# written from it), counted before it is built
# (:meth:`~dimacs_sudoku.reasoning.reduction.UnitReducer.sizes`): the open candidates
# the givens leave (propagating takes about a second a million: an empty 400x400's 64
# million took 29 s; the public 400x400 puzzle leaves 485,081, an empty 144x144 3
# million), and the clauses in pairwise form of what propagation leaves (the public
# 225x225 puzzle: 5.9 million; an empty 64x64: 24.8 million, searched by MiniCard
# alone, see MAX_ESCALATION_CLAUSES; an empty 81x81: 64 million; an empty 400x400,
# whose problem grew past 16 GB: 38 billion).
MAX_SEARCH_CANDIDATES = 2000000
MAX_SEARCH_CLAUSES = 32000000


def search_bound(grid):
    """The ``bound`` of a reducer for ``grid``: a :class:`TooLarge` naming its file
    and line when its problem is above MAX_SEARCH_CANDIDATES or (after propagation)
    MAX_SEARCH_CLAUSES.

    >>> search_bound(Grid.empty(81))(531441, 63799164, True)
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.TooLarge: a 81x81 grid with 531,441 open candidates after propagation is too large to solve here (a CNF of about 63,799,164 clauses; at most 32,000,000): sudoku2cnf streams its CNF out for an external solver (sudoku2cnf FILE | cadical | cnf2sudoku)
    """
    def bound(candidates, clauses, propagated):
        if candidates > MAX_SEARCH_CANDIDATES:
            what = format(candidates, ",")
            size = " (at most %s)" % format(MAX_SEARCH_CANDIDATES, ",")
        elif propagated and clauses > MAX_SEARCH_CLAUSES:
            what = format(candidates, ",")
            size = " (a CNF of about %s clauses; at most %s)" % (
                format(clauses, ","), format(MAX_SEARCH_CLAUSES, ","))
        else:
            return
        raise TooLarge(
            "a %dx%d grid with %s open candidates after %s is too large to solve here%s: "
            "sudoku2cnf streams its CNF out for an external solver (sudoku2cnf FILE | "
            "cadical | cnf2sudoku)" % (grid.size, grid.size, what,
                                      "propagation" if propagated else "its givens", size),
            grid.source, grid.line)
    return bound


def resolve_engine(engine="auto"):
    """``"pysat"`` or ``"pycosat"`` for an engine name: ``auto`` is ``pysat`` when
    python-sat can be imported. Raises UsageError for an unknown name, and
    NotInstalled (exit 7) for ``pysat`` without python-sat."""
    if engine in (None, "auto"):
        return "pysat" if pysat_available() else "pycosat"
    if engine == "pycosat":
        return engine
    if engine == "pysat":
        if not pysat_available():
            raise NotInstalled(PYTHON_SAT_MISSING)
        return engine
    raise UsageError("unknown engine %r (choose from %s)" % (engine, ", ".join(ENGINES)))


def _make_grid(cells, like):
    """A Grid of ``cells`` on the layout of ``like``, without checking each cell again
    (the solver's own cells are valid by construction)."""
    grid = Grid.__new__(Grid)
    grid.layout = like.layout
    grid.size = like.size
    grid.cells = cells
    grid.source = like.source
    grid.line = like.line
    if like.rules:
        grid.rules = like.rules
    if like.pencil_form:
        grid.pencil_form = like.pencil_form     # written back in the puzzle's form
    return grid


# ---- variant rules ------------------------------------------------------------------

def _load_reduced(problem, clauses=()):
    """``load(solver)``: the reduced problem (native at-most-one where the solver has
    it, pairwise clauses otherwise) and a variant's rule ``clauses``."""
    def load(sat):
        if sat.native_atmost:
            sat.add_clauses(problem.alo)
            sat.add_atmosts(problem.amo)
        else:
            sat.add_clauses(problem.each_clauses())
        if clauses:
            sat.add_clauses(clauses)
    return load


def _first_name(engine):
    return "pysat:" + PYSAT_SOLVER if resolve_engine(engine) == "pysat" else "pycosat"


def _first_maker(engine):
    return pysat_engine() if resolve_engine(engine) == "pysat" else PycosatSolver


def _escalating(problem, clauses, num_vars, count, engine, budget):
    """Up to ``count`` models (positive literals of 1..problem.num_vars) by the
    engine's solver, escalated past ``budget`` (:mod:`dimacs_sudoku.sat.escalate`);
    the last list is a marker: who answered, as :func:`_answered_codes`."""
    from ..sat.escalate import escalated_models
    found, who = escalated_models(
        _first_name(engine), _first_maker(engine), budget,
        _load_reduced(problem, clauses), count, num_vars, project=problem.num_vars)
    return found + [list(who.encode("utf-8"))]


def _escalation(engine, solver, escalate):
    """The budget of the first solver (propagations per search), or None when this
    search does not escalate: an external --solver, the pycosat engine (its
    enumeration keeps what it learnt from one solution to the next, which searches
    with a budget lose: a third slower on easy killers), no budget, no stronger
    solver."""
    if solver is not None or resolve_engine(engine) != "pysat":
        return None
    from ..sat.escalate import budget_from, stronger_solver
    budget = budget_from(escalate)
    if budget is None or stronger_solver() is None:
        return None
    return budget


def _note_answer(marked):
    """Strip the marker of :func:`_escalating` and note who answered."""
    _note_answered_codes(marked.pop())
    return marked


# Who answered the last puzzle this process solved (for --verbose): "propagation", a
# solver's name, the stronger solver's with why.
ANSWERED = [None]


def _variant_models(problem, clauses, num_vars, count, engine, solver, escalate=None,
                    budget=None):
    """Up to ``count`` distinct grids (lists of digits) of a variant puzzle's reduced
    problem (:func:`variant_problem`): each model is projected to the open candidates
    1..K and that grid alone is blocked (the façade's projected enumeration), so that
    the rules' auxiliary variables never make a grid count twice. In process, past a
    budget the stronger solver takes over (:func:`_escalation`); without escalation,
    ``budget`` (propagations) bounds each search (UnknownResult past it)."""
    first_budget = _escalation(engine, solver, escalate)
    if first_budget is not None:
        return list(map(problem.decode, _escalating(problem, clauses, num_vars, count,
                                                    engine, first_budget)[:-1]))
    if solver is not None:
        from ..sat.program_backend import ProgramSolver
        sat = ProgramSolver(solver, num_vars)
        sat.add_clauses(problem.each_clauses())
    elif resolve_engine(engine) == "pysat":
        sat = pysat_engine()(num_vars)
        sat.add_clauses(problem.alo)
        sat.add_atmosts(problem.amo)
    else:
        sat = PycosatSolver(num_vars)
        sat.add_clauses(problem.clauses())
    try:
        sat.add_clauses(clauses)
        return list(map(problem.decode, sat.models(count, project=problem.num_vars,
                                                   positives=True, budget=budget)))
    finally:
        sat.delete()


def solve_variant_cells(grid, count=1, solver=None, engine="auto", canonical=False,
                        escalate=None):
    """``(solutions, n)`` for a grid with variant rules (``grid.rules``), through its
    reduced problem (:func:`variant_problem`) and the engine or external solver;
    every solution is checked against every rule by the rules' own checkers
    (:class:`InvalidModel` if one breaks a rule), and n counts distinct grids.
    ``escalate``: the first solver's budget (see :mod:`dimacs_sudoku.sat.escalate`)."""
    def search():
        return _variant_solutions(grid, count, solver, engine, canonical, escalate)
    solutions = None
    if solver is None and grid.size ** 3 >= LONG_REDUCTION_CANDIDATES:
        from ..sat.process import call_forked, fork_to_stay_interruptible
        if fork_to_stay_interruptible(None):    # (see LONG_REDUCTION_CANDIDATES)
            found = call_forked(lambda: [_answered_codes()] + search(),
                                "the in-process search")
            _note_answered_codes(found[0])
            solutions = found[1:]
    if solutions is None:
        solutions = search()
    for cells in solutions:
        check_cells(cells, grid.layout, grid, grid.source, grid.line, "the solver's model")
    check_distinct(solutions, grid.source, grid.line)
    return solutions, len(solutions)


def _variant_solutions(grid, count, solver, engine, canonical, escalate):
    """The solutions of :func:`solve_variant_cells`, unchecked; :data:`ANSWERED` says
    which solver found them."""
    ANSWERED[0] = "propagation"
    if solver is not None and _reduce_apart(grid.size):
        found = _variant_problem_forked(grid)
    else:
        found = variant_problem(grid, search_bound(grid))
    if found is None:
        return []
    problem, clauses, num_vars = found
    budget = _escalation(engine, solver, escalate)
    if budget is not None and _pairwise_clauses(problem) > MAX_ESCALATION_CLAUSES:
        budget = None
    if budget is not None:
        solutions = list(map(problem.decode, _note_answer(interruptible(
            lambda: _escalating(problem, clauses, num_vars, count, engine, budget),
            num_vars))))
    else:
        solutions = interruptible(lambda: _variant_models(problem, clauses, num_vars,
                                                          count, engine, solver, 0),
                                  0 if solver is not None else num_vars)
        ANSWERED[0] = solver or _first_name(engine)
    first = None
    if canonical and len(solutions) > 1 and (solver is not None
                                             or resolve_engine(engine) != "pycosat"):
        first = _canonical_first(lambda bound: interruptible(
            lambda: _variant_models(problem, clauses, num_vars, 1, "pycosat", None, 0,
                                    bound), num_vars)[0], budget is not None)
    if first is not None:
        _first_in_front(solutions, first)
    return solutions


def _first_in_front(solutions, first):
    """Put ``first`` (the canonical first solution) at the front of ``solutions``,
    which keep their number: a ``first`` not among them takes the last one's place.

    >>> solutions = [[1], [2]]
    >>> _first_in_front(solutions, [2]); solutions
    [[2], [1]]
    >>> _first_in_front(solutions, [3]); solutions
    [[3], [2]]
    """
    if first in solutions:
        solutions.remove(first)
    else:
        solutions.pop()
    solutions.insert(0, first)


# Of several solutions, the bundled picosat's first model comes first (``canonical``),
# looked for within this many propagations when the search escalates: where picosat is
# the slow solver (a race answered in 0.3 s, picosat's first model 11 s on a region-sum
# puzzle, 0.3 s for this many propagations), the first solution found comes first.
CANONICAL_BUDGET = 3000000


def _canonical_first(find, escalates):
    """``find(bound)``, the bundled picosat's first grid searched within ``bound``
    propagations: CANONICAL_BUDGET when the search ``escalates``, else unbounded
    (None); None when the budget runs out (said by --verbose)."""
    bound = CANONICAL_BUDGET if escalates else None
    try:
        return find(bound)
    except UnknownResult:
        ANSWERED[0] = "%s; the first solution as found (the bundled picosat's own first " \
            "not within %d propagations)" % (ANSWERED[0], bound)
        return None


# ---- the engines ------------------------------------------------------------------

def _pycosat_models(problem, count, budget=None):
    """Up to ``count`` models (lists of positive variables) from pycosat, each search
    within ``budget`` propagations (None: unbounded; UnknownResult past it).

    picosat gets the complemented CNF: its first decisions then place digits (a
    variable it decides is first set false), which takes a tenth less time on the
    hardest puzzles (bench/batch.py); and without its start-up probing, most of its
    time on such small problems."""
    if budget is None:
        # itersolve's models straight: no auxiliary variables to project away
        models = islice(plain_itersolve(problem.complement_clauses(), problem.num_vars),
                        count)
    else:
        sat = PycosatSolver(problem.num_vars, plain=True)
        sat.add_clauses(problem.complement_clauses())
        models = sat.models(count, budget=budget)
    return [list(map(neg, filter(_NEGATIVE, model))) for model in models]


def _pysat_models(problem, count, make):
    """Up to ``count`` models (lists of positive variables) from a fresh python-sat
    solver made by ``make`` (see :func:`pysat_engine`): native at-most-one
    constraints where the solver has them (MiniCard), pairwise clauses otherwise."""
    sat = make(problem.num_vars)
    try:
        sat.add_clauses(problem.alo)
        sat.add_atmosts(problem.amo)
        return sat.models(count, positives=True)
    finally:
        sat.delete()


_PYSAT_ENGINES = {}


def pysat_engine(name=None):
    """The (cached) maker of the pysat engine's solver ``name`` (default PYSAT_SOLVER;
    see :func:`dimacs_sudoku.sat.backend`)."""
    name = name or PYSAT_SOLVER
    found = _PYSAT_ENGINES.get(name)
    if found is None:
        found = _PYSAT_ENGINES[name] = sat_backend("pysat:" + name)
    return found


def _external_models(problem, count, solver):
    """Up to ``count`` models from an external solver, one run per model on a DIMACS
    file of the reduced CNF with the models found so far blocked. A model that gives
    a cell no digit or two is an InvalidModel; one the solver repeats, although the
    CNF excluded it, is caught by the distinctness check of the caller."""
    from ..sat.program_backend import ProgramSolver
    sat = ProgramSolver(solver, problem.num_vars)
    sat.add_clauses(problem.each_clauses())
    found = sat.models(count, project=problem.num_vars, positives=True)
    open_cells = problem.filled.count(0)
    for positives in found:
        cells = set(problem.table[v - 1] // problem.size for v in positives)
        if len(positives) != open_cells or len(cells) != open_cells:
            raise InvalidModel("solver %r gave a model with %d true candidates for %d "
                               "empty cells, not one each" % (solver, len(positives),
                                                              open_cells))
    return found


# A reduced problem with more variables than this (a 9x9 puzzle has at most 729) is
# searched in a forked child while the command catches signals: the in-process
# engines hold the interpreter until they end, so a signal would wait for the search,
# which may take minutes on a large grid; the fork costs milliseconds, which only a
# search of this size can afford.
LONG_SEARCH_VARS = 1024


def interruptible(search, num_vars):
    """``search()`` (an in-process search returning a list of lists of int), in a
    forked child when ``num_vars`` makes it possibly long and a signal must end it at
    once (see LONG_SEARCH_VARS), else here."""
    if num_vars > LONG_SEARCH_VARS:
        from ..sat.process import call_forked, fork_to_stay_interruptible
        if fork_to_stay_interruptible(None):
            return call_forked(search, "the in-process search")
    return search()


def _in_process(search):
    """The in-process engine's ``search(problem, count)``, made interruptible."""
    def run(problem, count):
        if problem.num_vars > LONG_SEARCH_VARS:
            return interruptible(lambda: search(problem, count), problem.num_vars)
        return search(problem, count)
    run.in_process = True
    return run


# A grid with more candidates than this (64x64 and up) is reduced and searched, as a
# whole, in a forked child while the command catches signals: the reduction of an
# empty 400x400 takes minutes and gigabytes in objects whose garbage collection and
# freeing are single C calls of seconds each, which a signal would wait for.
LONG_REDUCTION_CANDIDATES = 1 << 18


_PYCOSAT_SEARCH = _in_process(lambda problem, count: _pycosat_models(problem, count))


# A problem escalates only up to this many clauses in pairwise form, the form the
# stronger solvers take: CaDiCaL 1.9.5 holds some 140 bytes a clause (an empty 64x64's
# 24.8 million grew it past 3 GB); above, MiniCard searches alone, in 0.5 GB.
MAX_ESCALATION_CLAUSES = 8000000


def _pairwise_clauses(problem):
    """The clauses of ``problem`` (an OpenProblem) in pairwise form, counted."""
    return len(problem.alo) + sum(k * (k - 1) // 2 for k in map(len, problem.amo))


# A classic puzzle's reduced problem escalates (see _escalation) above this many
# variables: a 9x9 one (at most 729) never needs it, and is the fastest without.
CLASSIC_ESCALATION_VARS = 729


def _searcher(engine, solver, escalate=None):
    """A function ``(problem, count) -> models`` for an engine name or external solver;
    the pysat engine escalates on problems above CLASSIC_ESCALATION_VARS."""
    if solver is not None:
        ANSWERED[0] = solver
        return lambda problem, count: _external_models(problem, count, solver)
    if resolve_engine(engine) == "pysat":
        make = pysat_engine()
        ANSWERED[0] = _first_name(engine)
        search = _in_process(lambda problem, count: _pysat_models(problem, count, make))
        budget = _escalation(engine, solver, escalate)
        if budget is None:
            return search

        def escalating(problem, count):
            if problem.num_vars <= CLASSIC_ESCALATION_VARS or (
                    _pairwise_clauses(problem) > MAX_ESCALATION_CLAUSES):
                return search(problem, count)
            return _note_answer(interruptible(
                lambda: _escalating(problem, (), problem.num_vars, count, engine, budget),
                problem.num_vars))
        escalating.in_process = True
        escalating.escalates = True
        return escalating
    ANSWERED[0] = "pycosat"
    return _PYCOSAT_SEARCH


def _search(reducer, cells, count, search, grid, canonical, check, apart=False):
    """``(solutions, first)`` of one puzzle, unchecked: its reduced problem searched,
    and with ``canonical`` and several solutions the bundled picosat's first (None
    otherwise). With ``apart``, the reduction runs in a forked child
    (:func:`_reduce_forked`)."""
    try:
        if apart:
            problem = _reduce_forked(reducer, cells, grid)
        else:
            problem = reducer.reduce(cells, grid,
                                     None if grid is None else search_bound(grid))
    except NO_SOLUTION:
        return [], None
    if not problem.num_vars:
        ANSWERED[0] = "propagation"
        solutions = [problem.filled]
        if problem.unchecked is not None and (check is None
                                              or not check.ok(solutions[0], cells)):
            if problem.contradiction():
                return [], None
        return solutions, None
    solutions = list(map(problem.decode, search(problem, count)))
    first = None
    if canonical and len(solutions) > 1 and search is not _PYCOSAT_SEARCH:
        # The first solution of a puzzle with several: the bundled picosat's first
        # model of the same reduced CNF, as the pycosat engine gives it.
        first = _canonical_first(lambda bound: problem.decode(_in_process(
            lambda problem, count: _pycosat_models(problem, count, bound))(problem, 1)[0]),
            getattr(search, "escalates", False))
    return solutions, first


def _search_whole(reducer, cells, count, search, grid, canonical, check):
    """:func:`_search`, in a forked child for a grid of many candidates searched in
    this process (see LONG_REDUCTION_CANDIDATES)."""
    from ..sat.process import call_forked
    if not _reduce_apart(reducer.size):
        return _search(reducer, cells, count, search, grid, canonical, check)
    if not getattr(search, "in_process", False):
        # an external program: the reduction in a child, the program run from here
        return _search(reducer, cells, count, search, grid, canonical, check, True)

    def whole():
        solutions, first = _search(reducer, cells, count, search, grid, canonical, check)
        return [_answered_codes(), [] if first is None else first] + solutions
    found = call_forked(whole, "the in-process search")
    _note_answered_codes(found[0])
    return found[2:], found[1] or None


def _reduce_apart(size):
    """True when the reduction of a grid of ``size`` runs in a forked child (see
    LONG_REDUCTION_CANDIDATES): a signal then ends it at once."""
    if size ** 3 < LONG_REDUCTION_CANDIDATES:
        return False
    from ..sat.process import fork_to_stay_interruptible
    return fork_to_stay_interruptible(None)


def _problem_lists(problem):
    """An OpenProblem as lists of ints (for :func:`call_forked`); :func:`_problem_of`
    makes it again."""
    return ([[problem.num_vars, problem.size, len(problem.alo)], list(problem.filled),
             list(problem.table)] + list(map(list, problem.alo))
            + list(map(list, problem.amo)))


def _problem_of(lists):
    from ..reasoning.reduction import OpenProblem
    (num_vars, size, n_alo), filled, table = lists[:3]
    return OpenProblem(filled, num_vars, lists[3:3 + n_alo], lists[3 + n_alo:], table,
                       size)


def _reduce_forked(reducer, cells, grid):
    """``reducer.reduce(cells, grid, bound)`` computed in a forked child, for an
    external solver run from here; raises what it raises (no solution: NoSolution)."""
    from ..errors import NoSolution
    from ..sat.process import call_forked

    def reduced():
        try:
            problem = reducer.reduce(cells, grid, search_bound(grid))
        except NO_SOLUTION:
            return []
        if problem.unchecked is not None and problem.contradiction():
            return []           # (what _search asks when the grid check fails)
        return _problem_lists(problem)
    found = call_forked(reduced, "the reduction")
    if not found:
        raise NoSolution("no solution")
    return _problem_of(found)


def _variant_problem_forked(grid):
    """:func:`variant_problem` of ``grid`` computed in a forked child (None when it
    has no solution)."""
    from ..sat.process import call_forked

    def reduced():
        found = variant_problem(grid, search_bound(grid))
        if found is None:
            return []
        problem, clauses, top = found
        return [[top, len(clauses)]] + [list(c) for c in clauses] + _problem_lists(problem)
    found = call_forked(reduced, "the reduction")
    if not found:
        return None
    top, n_clauses = found[0]
    return _problem_of(found[1 + n_clauses:]), found[1:1 + n_clauses], top


def _answered_codes():
    """:data:`ANSWERED` as a list of ints, for a forked child to send back with its
    solutions (see :func:`dimacs_sudoku.sat.process.call_forked`)."""
    return list((ANSWERED[0] or "").encode("utf-8"))


def _note_answered_codes(codes):
    ANSWERED[0] = bytes(codes).decode("utf-8") or None


def _solve(reducer, cells, count, search, grid=None, canonical=False, check=None):
    """``(solutions, n)`` for one puzzle with a reducer and a search function; with
    ``check`` (a GridCheck) every solution is verified against the rules and the
    givens, and n counts distinct ones."""
    solutions, first = _search_whole(reducer, cells, count, search, grid, canonical, check)
    if check is not None:
        ok = check.ok
        for solution in solutions:
            if not ok(solution, cells):
                check.check(solution, cells, grid.source if grid else None,
                            grid.line if grid else None, "the solver's model")
        if len(solutions) > 1:
            check_distinct(solutions, grid.source if grid else None,
                           grid.line if grid else None)
    n = len(solutions)
    if first is not None:
        if check is not None and not check.ok(first, cells):
            check.check(first, cells, grid.source if grid else None,
                        grid.line if grid else None, "the bundled solver's model")
        _first_in_front(solutions, first)
    return solutions, n


def solve_cells(grid, count=1, solver=None, engine="auto", canonical=False,
                escalate=None):
    """``(solutions, n)`` for one grid: up to ``count`` solutions as lists of digits
    and n = min(number of solutions, ``count``). ``engine`` is ``auto``, ``pysat`` or
    ``pycosat``; an external ``solver`` (a name for :mod:`dimacs_sudoku.sat`)
    replaces it. The first solution is the first one found; with ``canonical``, when
    n > 1, the first one the bundled picosat finds, the same whatever the engine or
    solver (a puzzle with one solution has the same answer anyway). In process, a
    search past ``escalate`` propagations (default: DIMACS_SUDOKU_ESCALATE, else
    :data:`dimacs_sudoku.sat.escalate.BUDGET`; 0: never) goes on in a stronger
    solver; :data:`ANSWERED` then says which answered."""
    if count < 1:
        raise ValueError("count must be at least 1")
    if grid.rules or grid.removed:
        return solve_variant_cells(grid, count, solver, engine, canonical, escalate)
    return _solve(reducer_for(grid.layout), grid.cells, count,
                  _searcher(engine, solver, escalate), grid, canonical,
                  grid_check(grid.layout))


def solve_many(grids, count=1, solver=None, engine="auto", canonical=False):
    """Solve each of ``grids`` (an iterable of Grid) in turn: yield
    ``(solution, n)`` per grid, in order, where ``solution`` is the first solution
    found (a Grid) or None, and ``n`` = min(number of solutions, ``count``).

    ``engine`` picks the SAT solver (``auto``: python-sat when installed, else the
    bundled pycosat); ``solver`` names an external one instead (see
    :mod:`dimacs_sudoku.sat`). ``count=2`` checks uniqueness; with ``canonical``
    a puzzle found to have several solutions gives the same first solution whatever
    the engine or solver (the bundled picosat's first).
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    search = _searcher(engine, solver)
    last_layout = last = check = None
    for grid in grids:
        if grid.rules or grid.removed:
            solutions, n = solve_variant_cells(grid, count, solver, engine, canonical)
            yield (_make_grid(solutions[0], grid) if solutions else None), n
            continue
        layout = grid.layout
        if layout is not last_layout:
            last = reducer_for(layout)
            check = grid_check(layout)
            last_layout = layout
        solutions, n = _solve(last, grid.cells, count, search, grid, canonical, check)
        yield (_make_grid(solutions[0], grid) if solutions else None), n


def find_solutions(grid, limit=2, solver=None, engine="auto", canonical=False):
    """``(solutions, count)``: the first ``limit`` solutions of ``grid`` (Grids) and
    min(number of solutions, ``limit``). Contradictory givens have none."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    solutions, n = solve_cells(grid, limit, solver, engine, canonical)
    return [_make_grid(s, grid) for s in solutions], n
