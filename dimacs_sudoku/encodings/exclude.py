"""Known solutions of a puzzle: read from a file and checked, the clause that forbids
one, and a formula with such clauses added:
``sudoku2cnf --exclude``, ``sudoku-solve --certify`` and the uniqueness checks through
a CNF share them. A solver then answers UNSAT exactly when the puzzle has no solution
besides the known ones.

>>> from dimacs_sudoku.core.grid import Grid
>>> exclusion_clause(Grid.from_line("1234341221434321"))[:4]
[-1, -6, -11, -16]
"""

from ..core.variables import numbering as make_numbering
from ..core.grid import Grid
from ..errors import InvalidModel, PuzzleError, UsageError
from .formula import CLAUSE, LABEL, followed_by


def exclusion_clause(solution, numbering="standard"):
    """The clause that forbids the complete grid ``solution``: the negation of its N²
    true cell literals, in ``numbering`` (a name, or a numbering object).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> exclusion_clause(Grid([1, 2, 2, 1], size=2, box=(1, 2)))
    [-1, -4, -6, -7]
    """
    if isinstance(numbering, str):
        numbering = make_numbering(numbering, solution.size)
    if not solution.is_complete():
        raise UsageError("only a complete grid can be excluded")
    return [-numbering.var(cell, d) for cell, d in enumerate(solution.cells)]


def exclude_solutions(formula, solutions, numbering="standard"):
    """Add to ``formula`` (an :class:`~dimacs_sudoku.encodings.Formula` of the full
    encoding, cell variables numbered by ``numbering``) one clause per grid of
    ``solutions`` that forbids it, after every other clause, with a ``c exclude:``
    header line each. A solver then answers UNSAT exactly when the puzzle has no
    solution besides these: ``sudoku2cnf p.txt --exclude p.sol | picosat`` exits 20
    for a puzzle with one solution."""
    clauses = [exclusion_clause(grid, numbering) for grid in solutions]

    def exclusions():
        for grid, clause in zip(solutions, clauses):
            yield LABEL, "exclude the known solution %s" % (
                grid.to_line() if grid.size <= 35 else "(%d cells)" % len(grid.cells))
            yield CLAUSE, clause

    def exclusions_shape():
        for clause in clauses:
            yield CLAUSE, len(clause), None, 1

    formula.constraints = followed_by(formula.constraints, exclusions, exclusions_shape)
    formula._counts = None
    for grid in solutions:
        formula.comments.append("exclude: %s" % grid.to_line()
                                if grid.size <= 35 else "exclude: %d cells" % len(grid.cells))
    return formula


def read_solutions(stream, puzzle, source):
    """The complete grids of a solution file (any puzzle format), each checked: the
    same size as ``puzzle``, complete, obeying the rules and agreeing with its givens.
    Raises :class:`~dimacs_sudoku.errors.PuzzleError` naming the file and line."""
    from ..formats import read_puzzles
    found = []
    for grid in read_puzzles(stream, source, size=puzzle.size, box=puzzle.layout.box):
        if grid.size != puzzle.size:
            raise PuzzleError("the solution is %dx%d but the puzzle is %dx%d"
                              % (grid.size, grid.size, puzzle.size, puzzle.size),
                              source, grid.line)
        grid = Grid(grid.cells, layout=puzzle.layout, source=source, line=grid.line)
        try:
            grid.check_solution(puzzle)
        except InvalidModel as error:
            raise PuzzleError("not a solution of the puzzle: %s" % error.message,
                              source, grid.line) from None
        found.append(grid)
    if not found:
        raise PuzzleError("no solution grid found", source)
    return found
