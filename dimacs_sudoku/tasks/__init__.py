"""The library's verbs on puzzles, as ``sudoku-solve`` does them: propagation, then
the reduced SAT problem of the open cells (:mod:`dimacs_sudoku.tasks.solving`), every
solution checked against the rules and the givens.

``solve`` gives one solution, ``count_solutions`` how many there are (up to a cap),
``solve_many`` both for many puzzles in turn. :func:`solve_by_cnf` takes the full
CNF route instead, ``sudoku2cnf | SOLVER | cnf2sudoku`` in one call.

>>> from dimacs_sudoku.core.grid import Grid
>>> count_solutions(Grid.from_line("1..4" "4..." "...3" "3..1"))
1
"""

from collections import namedtuple

from .. import arguments
from ..errors import NoSolution
from ..core.grid import grid_argument

Solved = namedtuple("Solved", "puzzle solution count")
Solved.__doc__ = """One puzzle of :func:`solve_many`: the puzzle, its first solution (a
checked Grid, or None when it has none) and min(number of solutions, ``count``)."""


def solve(grid, solver=None, engine="auto"):
    """The first solution found of ``grid`` (a Grid, variant rules included), checked
    against its rules and givens: the one ``sudoku-solve`` prints. Raise
    :class:`~dimacs_sudoku.errors.NoSolution` when there is none; whether it is the
    only one is :func:`count_solutions`'s question.

    ``engine`` is the in-process SAT solver (``auto``: python-sat when installed, else
    the bundled picosat; ``pysat``; ``pycosat``); ``solver`` names an external program
    instead (``minisat``, ``cadical``, ...). The solution keeps its puzzle
    (``solution.givens``), so that its picture shows the givens bold.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> solution = solve(Grid.from_line("1..4" "4..." "...3" "3..1"))
    >>> solution.to_line(), solution.givens.to_line()
    ('1234431221433421', '1..44......33..1')
    >>> solve(Grid.from_line("11" + "." * 14))
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.NoSolution: no solution
    """
    grid_argument(grid, "solve")
    solver, engine = _solver_and_engine(solver, engine, "solve")
    from .solving import find_solutions  # here: the other tasks need no SAT back end
    solutions, n = find_solutions(grid, 1, solver, engine)
    if not n:
        raise NoSolution("no solution", grid.source, grid.line)
    solution = solutions[0]
    solution.givens = grid
    return solution


def count_solutions(grid, cap=2, solver=None, engine="auto"):
    """How many solutions ``grid`` has, counted up to ``cap`` (so the default answers
    "none, one or several?"): min(number of distinct checked solutions, cap).
    ``solver`` and ``engine`` as for :func:`solve`.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> count_solutions(Grid.empty(4)), count_solutions(Grid.empty(4), cap=1000)
    (2, 288)
    """
    grid_argument(grid, "count_solutions")
    cap = arguments.whole(cap, "count_solutions", "cap", least=1)
    solver, engine = _solver_and_engine(solver, engine, "count_solutions")
    from .solving import find_solutions  # here: the other tasks need no SAT back end
    return find_solutions(grid, cap, solver, engine)[1]


def solve_many(grids, count=1, solver=None, engine="auto"):
    """Solve each of ``grids`` (an iterable of Grids, such as ``read_puzzles(stream)``)
    in turn, one puzzle in memory at a time: yield a :data:`Solved` ``(puzzle,
    solution, count)`` per grid, in order. ``count`` is how many solutions to count
    (2 tells unique puzzles); with ``count`` > 1 the solution of a puzzle with several
    is the same whatever the engine or solver (as ``sudoku-solve --count`` prints it).
    ``solver`` and ``engine`` as for :func:`solve`.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> grids = [Grid.from_line("1..4" "4..." "...3" "3..1"),
    ...          Grid.from_line("11" + "." * 14)]
    >>> [(s.solution and s.solution.to_line(), s.count) for s in solve_many(grids, count=2)]
    [('1234431221433421', 1), (None, 0)]
    """
    arguments.iterable(grids, "solve_many", "an iterable of Grids")
    count = arguments.whole(count, "solve_many", "count", least=1)
    solver, engine = _solver_and_engine(solver, engine, "solve_many")
    return _solve_many(grids, count, solver, engine)


def _solve_many(grids, count, solver, engine):
    from . import solving  # here: the other tasks need no SAT back end
    puzzles = []

    def each_grid():
        for grid in grids:
            puzzles.append(grid_argument(grid, "solve_many"))
            yield grid

    for solution, n in solving.solve_many(each_grid(), count, solver, engine,
                                        canonical=count > 1):
        puzzle = puzzles.pop()
        if solution is not None:
            solution.givens = puzzle
        yield Solved(puzzle, solution, n)


def _solver_and_engine(solver, engine, function):
    """``solver`` (None, or a solver's name or command line) and ``engine``, checked
    for ``function``."""
    from .solving import resolve_engine
    if arguments.word(solver, function, "solver", none=True) is not None:
        from ..sat.external import solver_command
        arguments.named(solver, function, "solver", solver_command)
    arguments.named(engine, function, "engine", resolve_engine)
    return solver, engine


def solve_by_cnf(grid, encoding="extended", amo="pairwise", solver=None, timeout=None):
    """Solve ``grid`` through its full CNF in ``encoding``: the bundled picosat, or an
    external ``solver`` on a CNF file, stopped after ``timeout`` seconds. Returns the
    checked solution, whose ``givens`` is ``grid``; raises
    :class:`~dimacs_sudoku.errors.NoSolution` or
    :class:`~dimacs_sudoku.errors.UnknownResult`.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> solve_by_cnf(Grid.from_line("1..4" "4..." "...3" "3..1")).to_line()
    '1234431221433421'
    """
    # the full CNF route's modules, loaded when it is taken (start-up of sudoku-solve)
    import os
    import tempfile
    from ..dimacs.decode import decode_result
    from ..encodings import encode
    from ..sat import run_solver, solve_cnf
    grid_argument(grid, "solve_by_cnf").check_givens()
    formula = encode(grid, encoding=encoding, amo=amo)
    if solver is None:
        result = solve_cnf(formula, timeout=timeout)
    else:
        fd, path = tempfile.mkstemp(suffix=".cnf")
        try:
            with os.fdopen(fd, "w") as out:
                formula.write(out)
            result = run_solver(solver, path, timeout=timeout)
        finally:
            os.unlink(path)
    return decode_result(result, size=grid.size, givens=grid)
