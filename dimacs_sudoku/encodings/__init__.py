"""Encodings of Sudoku into CNF, one module per family.

:func:`encode` is the entry point: a grid and the chosen options in, a
:class:`~.formula.Formula` out, whose header comments describe how it was made, so that
``cnf2sudoku --cnf`` can decode a model of it.

>>> from dimacs_sudoku.grid import Grid
>>> f = encode(Grid.empty(9))
>>> f.num_vars, f.num_clauses
(729, 10530)
>>> f.header().splitlines()[-1]
'p cnf 729 10530'
"""

from .. import __version__
from ..variables import numbering as make_numbering
from .amo import family
from .formula import Formula
from .sudoku import ENCODINGS, sudoku_formula

__all__ = ["encode", "write_cnf", "Formula", "ENCODINGS", "header_comments"]


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
        lines.append("variables: v = R C D in decimal, 1-based, each %d digits wide"
                     % len(str(n)))
    lines.extend(extra)
    if source:
        lines.append("source: %s" % source)
    lines.append("givens: %d" % grid.givens_count())
    if n <= 35:
        lines.append("puzzle: %s" % grid.to_line())
    else:
        lines.extend("puzzle-row: %s" % " ".join(map(str, grid.cells[r * n:(r + 1) * n]))
                     for r in range(n))
    return lines


def encode(grid, encoding="extended", amo="pairwise", numbering="standard", source=None):
    """The CNF formula of ``grid``: its rules in ``encoding`` plus its givens.

    ``amo`` names the at-most-one family and ``numbering`` the cell-variable numbering.
    """
    if encoding not in ENCODINGS:
        from ..errors import UsageError
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    numbers = make_numbering(numbering, grid.size)
    comments = header_comments(grid, encoding, amo, numbering, source)
    return sudoku_formula(grid, encoding, family(amo), numbers, comments)


def write_cnf(formula, out, labels=False):
    """Write ``formula`` as strict DIMACS to the text stream ``out``."""
    formula.write(out, labels=labels)
