"""The ``c key: value`` header lines that make a CNF self-describing, read back by
``cnf2sudoku --cnf``: the full encoding's (:func:`~dimacs_sudoku.encodings.encode`)
and the reduced one's (:mod:`.reduced`) alike.

>>> from dimacs_sudoku.core.grid import Grid
>>> header_comments(Grid.empty(4), "extended", "pairwise", "standard")[1:4]
['size: 4', 'box: 2x2', 'encoding: extended']
"""

from .. import __version__
from ..core.variables import numbering as make_numbering


def header_comments(grid, encoding, amo_name, numbering_name, source=None, extra=()):
    """The ``c key: value`` lines that make the CNF self-describing."""
    n = grid.size
    lines = ["dimacs-sudoku %s sudoku2cnf" % __version__,
             "size: %d" % n,
             "box: %dx%d" % grid.layout.box,
             "encoding: %s" % encoding,
             "amo: %s" % amo_name,
             "numbering: %s" % numbering_name]
    if numbering_name == "standard":
        lines.append("variables: v = (r*N + c)*N + d + 1 for 0-based row r, column c, digit d")
    else:
        column, digit = min(n, 4), min(n, 7)
        lines.append("variables: v = R C D in decimal, 1-based, each %d digits wide "
                     "(%d: row 1, column %d, digit %d)"
                     % (len(str(n)), make_numbering(numbering_name, n).var(column - 1, digit),
                        column, digit))
    lines.extend(extra)
    if source:
        lines.append("source: %s" % source)
    lines.append("givens: %d" % grid.givens_count())
    if getattr(grid, "symbols", None):
        lines.append("symbols: %s" % grid.symbols)   # the notation cnf2sudoku speaks
    if n <= 35:
        lines.append("puzzle: %s" % grid.to_line())
    else:
        lines.extend("puzzle-row: %s" % " ".join(map(str, grid.cells[r * n:(r + 1) * n]))
                     for r in range(n))
    if grid.removed and n <= 35:
        # a pencil-mark puzzle: what cnf2sudoku --cnf checks a solution against
        lines.append("candidates: %s" % grid.candidates_line())
    return lines
