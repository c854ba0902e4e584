"""Solving many puzzles in one process, each through a small SAT problem.

For each puzzle:

1. propagation (:mod:`dimacs_sudoku.propagate`) places naked and hidden singles and
   makes box-line eliminations to a fixpoint, with whole-integer bit operations. This
   is what unit propagation would do on tdoku's "augmented" encoding; it solves about
   80% of the 17-clue puzzles on its own, and what it solves is solved uniquely (each
   step was forced), so the count is 1 without a solver call;
2. otherwise the open candidates become a reduced CNF (Kwon & Jain 2006): compact
   variables 1..K, each open cell and each missing digit of each unit exactly one of
   its candidates / places (at least one; at most one pairwise for cells, rows and
   columns: a box's at-most-one follows from the rest by counting). It is small (a
   few hundred clauses), so pycosat's per-call conversion of the clause list is cheap;
3. pycosat (the bundled picosat) does the search: ``itersolve`` gives up to ``count``
   models, the second one (if any) found with the first blocked in the same solver.

Standard grids up to 16x16 take this fast path; other grids (extra units, larger
sizes) propagate singles with the per-cell engine and solve the reduced encoding of
:mod:`dimacs_sudoku.encodings.reduced`. An external ``solver`` is run once per model
on a DIMACS file of the same reduced CNF, with the models found so far blocked.

>>> from dimacs_sudoku.grid import Grid
>>> grids = [Grid.from_line("1..4" "4..." "...3" "3..1"), Grid.empty(4),
...          Grid.from_line("11" + "." * 14)]
>>> [(s.to_line() if s else None, k) for s, k in solve_many(grids, count=2)]
[('1234431221433421', 1), ('4321214334121234', 2), (None, 0)]
>>> solutions, count = count_solutions(Grid.empty(4), limit=1000)
>>> count, len(solutions)
(288, 288)
"""

from itertools import chain, combinations, groupby, repeat
from operator import itemgetter, neg

from .errors import PuzzleError, SudokuError
from .grid import Grid
from .propagate import Inconsistent, SwarEngine, engine, is_standard, layout_key

_FIRST = itemgetter(1)


def _make_grid(cells, like):
    """A Grid of ``cells`` on the layout of ``like``, without checking each cell again
    (the solver's own cells are valid by construction)."""
    grid = Grid.__new__(Grid)
    grid.layout = like.layout
    grid.size = like.size
    grid.cells = cells
    grid.source = like.source
    grid.line = like.line
    return grid


class FastSolver:
    """Standard grids up to 16x16: the four-view propagation and a reduced CNF built
    with C-level iterator pipelines (no Python loop per clause)."""

    # Box at-most-one pairs: implied by the rest (cells exactly one digit, rows and
    # columns at most once, boxes at least once), and left out; measured no slower.
    AMO = (True, True, True, False)     # cells, rows, columns, boxes
    ALO = (True, True, True)            # rows, columns, boxes

    def __init__(self, layout):
        self.engine = eng = engine(layout, "swar")
        n = layout.size
        R, C = layout.box
        self.size = n
        cell_of, row_field, col_field, box_field = [], [], [], []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            b = (r // R) * (n // C) + c // C
            for d in range(n):
                cell_of.append(cell)
                row_field.append(d * n + r)
                col_field.append(d * n + c)
                box_field.append(d * n + b)
        self.cell_of = cell_of
        self.unit_fields = (row_field, col_field, box_field)
        self.run = eng.run
        self.open_candidates = eng.open_candidates

    def prepare(self, cells):
        """``(filled, clauses, cq)``: the cells after propagation, and the reduced CNF
        over the open candidates ``cq`` (variable v is q = ``cq[v-1]``) or None when
        propagation solved the puzzle. Raises Inconsistent when there is no solution."""
        X, placed = self.run(cells, True)
        n = self.size
        filled = list(cells)
        for q in placed:
            filled[q // n] = q % n + 1
        if not X:
            return filled, None, None
        cq = self.open_candidates(X)
        ids = range(1, len(cq) + 1)
        key = [-1]
        key += map(self.cell_of.__getitem__, cq)
        groups = list(map(tuple, map(_FIRST, groupby(ids, key.__getitem__))))
        clauses = list(groups)
        amo, alo = self.AMO, self.ALO
        if amo[0]:
            clauses += chain.from_iterable(map(combinations, map(map, repeat(neg), groups),
                                               repeat(2)))
        for k, fields in enumerate(self.unit_fields):
            key = [-1]
            key += map(fields.__getitem__, cq)
            get = key.__getitem__
            groups = list(map(tuple, map(_FIRST, groupby(sorted(ids, key=get), get))))
            if alo[k]:
                clauses += groups
            if amo[k + 1]:
                clauses += chain.from_iterable(map(combinations,
                                                   map(map, repeat(neg), groups), repeat(2)))
        return filled, clauses, cq

    def models(self, cells, count, solver=None):
        """``(solutions, count)``: up to ``count`` solutions (lists of digits)."""
        try:
            filled, clauses, cq = self.prepare(cells)
        except Inconsistent:
            return [], 0
        if clauses is None:
            return [filled], 1
        n = self.size
        out = []
        for model in _models(clauses, len(cq), count, solver):
            grid = list(filled)
            for v in model:
                if v > 0:
                    q = cq[v - 1]
                    grid[q // n] = q % n + 1
            out.append(grid)
        return out, len(out)


class GenericSolver:
    """Any layout: singles with the per-cell engine, then the reduced encoding."""

    def __init__(self, layout):
        self.layout = layout

    def models(self, cells, count, solver=None, grid=None):
        from .encodings.amo import family
        from .encodings.reduced import Reduction, reduced_constraints
        from .propagate import Contradiction, engine as get_engine
        eng = get_engine(self.layout, "unit")
        filled = list(cells)
        if grid is None:
            grid = Grid(cells, layout=self.layout)
        try:
            cand, used = eng.start(filled, grid)
            eng.fixpoint(filled, cand, used, True, grid)
            eng.check_units(filled, cand, used, grid)
        except (Contradiction, PuzzleError):
            return [], 0
        if all(filled):
            return [filled], 1
        reduction = Reduction(self.layout, filled, cand)
        pairwise = family("pairwise")
        constraints = reduced_constraints(reduction, "extended", True)
        from .encodings.formula import Formula
        formula = Formula(constraints, len(reduction.cell_digit), pairwise)
        clauses = list(formula.clauses())
        out = []
        for model in _models(clauses, formula.num_vars, count, solver):
            solution = list(filled)
            top = len(reduction.cell_digit)
            for v in model:
                if 0 < v <= top:
                    cell, d = reduction.cell_digit[v - 1]
                    solution[cell] = d
            out.append(solution)
        return out, len(out)


def _models(clauses, num_vars, count, solver=None):
    """Up to ``count`` models of ``clauses``: pycosat's itersolve, or an external
    solver run once per model with the earlier ones blocked."""
    if solver is None:
        import pycosat
        found = 0
        for model in pycosat.itersolve(clauses, vars=num_vars):
            yield model
            found += 1
            if found >= count:
                return
        return
    yield from _external_models(clauses, num_vars, count, solver)


def _external_models(clauses, num_vars, count, solver):
    import os
    import tempfile
    from .errors import UnknownResult
    from .solvers import run_solver
    clauses = [list(c) for c in clauses]
    for _ in range(count):
        fd, path = tempfile.mkstemp(suffix=".cnf", prefix="sudoku-solve-")
        try:
            with os.fdopen(fd, "w") as out:
                out.write("p cnf %d %d\n" % (num_vars, len(clauses)))
                out.write("".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
            result = run_solver(solver, path)
        finally:
            os.unlink(path)
        if result.status == "UNSAT":
            return
        if result.status != "SAT":
            raise UnknownResult("no answer: %s gave up" % solver)
        positives = set(v for v in result.positives if v <= num_vars)
        model = [v if v in positives else -v for v in range(1, num_vars + 1)]
        yield model
        clauses.append([-v for v in model if v > 0] or [])
        if not clauses[-1]:
            return


_SOLVERS = {}


def solver_for(layout):
    """The (cached) solver of a layout."""
    key = layout_key(layout)
    found = _SOLVERS.get(key)
    if found is None:
        if is_standard(layout) and layout.size <= SwarEngine.MAX_SIZE:
            found = FastSolver(layout)
        else:
            found = GenericSolver(layout)
        _SOLVERS[key] = found
        if len(_SOLVERS) > 16:
            _SOLVERS.pop(next(iter(_SOLVERS)))
    return found


def solve_cells(grid, count=1, solver=None):
    """``(solutions, n)`` for one grid: up to ``count`` solutions as lists of digits
    (the first one found first) and n = min(number of solutions, ``count``)."""
    found = solver_for(grid.layout)
    if isinstance(found, FastSolver):
        return found.models(grid.cells, count, solver)
    return found.models(grid.cells, count, solver, grid)


def solve_many(grids, count=1, solver=None):
    """Solve each of ``grids`` (an iterable of Grid) in turn: yield
    ``(solution, n)`` per grid, in order, where ``solution`` is the first solution
    found (a Grid) or None, and ``n`` = min(number of solutions, ``count``).

    ``solver`` names an external solver (see :mod:`dimacs_sudoku.solvers`); the
    default is the bundled pycosat. ``count=2`` checks uniqueness.
    """
    if count < 1:
        raise ValueError("count must be at least 1")
    last_layout = last = None
    for grid in grids:
        layout = grid.layout
        if layout is not last_layout:
            last = solver_for(layout)
            last_layout = layout
        if isinstance(last, FastSolver):
            solutions, n = last.models(grid.cells, count, solver)
        else:
            solutions, n = last.models(grid.cells, count, solver, grid)
        yield (_make_grid(solutions[0], grid) if solutions else None), n


def count_solutions(grid, limit=2, solver=None):
    """``(solutions, count)``: the first ``limit`` solutions of ``grid`` (Grids) and
    min(number of solutions, ``limit``). Contradictory givens have none."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    solutions, n = solve_cells(grid, limit, solver)
    return [_make_grid(s, grid) for s in solutions], n


def solve_one(grid, solver=None):
    """The solution of ``grid`` if it has exactly one, else raise: NoSolution, or a
    SudokuError saying it has several. A convenience for tools."""
    from .errors import NoSolution
    solutions, n = count_solutions(grid, 2, solver)
    if n == 0:
        raise NoSolution("no solution", grid.source, grid.line)
    if n > 1:
        raise SudokuError("the puzzle has several solutions", grid.source, grid.line)
    return solutions[0]
