"""The classic Sudoku encodings of Lynce & Ouaknine, "Sudoku as a SAT problem" (2006).

- ``minimal``: every cell holds at least one digit; every digit at most once per unit;
- ``efficient``: minimal, and every cell holds at most one digit;
- ``extended``: efficient, and every digit at least once per unit.

Givens are unit clauses. A pair of cells that two units share (a box and a row) is
forbidden once only, so the pairwise form has no duplicate clauses: the empty 9x9 grid
gives 7,371 / 10,287 / 10,530 clauses.

>>> from dimacs_sudoku.grid import Grid
>>> f = sudoku_formula(Grid.empty(4), "extended")
>>> f.num_vars, f.num_clauses
(64, 384)
"""

from ..errors import UsageError
from .amo import Pairs
from .formula import AMO, CLAUSE, LABEL, Formula

ENCODINGS = ("minimal", "efficient", "extended")


def unit_pair_patterns(layout):
    """For each unit, the :class:`Pairs` of positions not already sharing an earlier
    unit, or None where every pair is new."""
    member = layout.units_of_cell()
    patterns = []
    shared = {}
    for k, (_, cells) in enumerate(layout.units):
        groups = {}
        for pos, cell in enumerate(cells):
            for j in member[cell]:
                if j < k:
                    groups.setdefault(j, []).append(pos)
        covered = tuple(tuple(g) for g in groups.values() if len(g) > 1)
        if not covered:
            patterns.append(None)
            continue
        pattern = shared.get(covered)
        if pattern is None:
            done = {(a, b) for g in covered for i, a in enumerate(g) for b in g[i + 1:]}
            n = len(cells)
            pattern = shared[covered] = Pairs(
                (i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in done)
        patterns.append(pattern)
    return patterns


def sudoku_constraints(grid, encoding, numbering):
    """The constraints of ``encoding`` over ``grid`` (a function making a fresh iterator)."""
    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    layout = grid.layout
    n = layout.size
    var = numbering.var
    digits = range(1, n + 1)
    patterns = unit_pair_patterns(layout)
    cell_lits = [[var(cell, d) for d in digits] for cell in range(layout.cells)]
    givens = [(cell, d) for cell, d in enumerate(grid.cells) if d]

    def constraints():
        yield LABEL, "cell definedness: each cell holds at least one digit"
        for lits in cell_lits:
            yield CLAUSE, lits
        if encoding != "minimal":
            yield LABEL, "cell uniqueness: each cell holds at most one digit"
            for lits in cell_lits:
                yield AMO, lits, None
        yield LABEL, "unit uniqueness: each digit at most once per row, column, box"
        for (name, cells), pattern in zip(layout.units, patterns):
            for d in digits:
                yield AMO, [var(cell, d) for cell in cells], pattern
        if encoding == "extended":
            yield LABEL, "unit definedness: each digit at least once per row, column, box"
            for name, cells in layout.units:
                for d in digits:
                    yield CLAUSE, [var(cell, d) for cell in cells]
        if givens:
            yield LABEL, "givens"
            for cell, d in givens:
                yield CLAUSE, (var(cell, d),)

    return constraints


def sudoku_formula(grid, encoding="extended", amo=None, numbering=None, comments=()):
    """The :class:`Formula` of ``grid`` in one of the classic encodings."""
    from .amo import family
    from ..variables import Standard
    numbering = numbering or Standard(grid.size)
    amo = amo or family("pairwise")
    return Formula(sudoku_constraints(grid, encoding, numbering), numbering.max_var, amo,
                   comments)
