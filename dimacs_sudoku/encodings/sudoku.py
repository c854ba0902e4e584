"""The classic Sudoku encodings of Lynce & Ouaknine, "Sudoku as a SAT problem" (2006).

- ``minimal``: every cell holds at least one digit; every digit at most once per unit;
- ``efficient``: minimal, and every cell holds at most one digit;
- ``extended``: efficient, and every digit at least once per unit.

Givens are unit clauses. A pair of cells that two units share (a box and a row) is
forbidden once only, so the pairwise form has no duplicate clauses: the empty 9x9 grid
gives 7,371 / 10,287 / 10,530 clauses.

Sizes of the empty N x N grid with R x C boxes (N = R·C), N³ cell variables, with
C(k, 2) = k(k-1)/2 and B = C(N, 2) - R·C(C, 2) - C·C(R, 2), the pairs of a box that
share neither a row nor a column:

==========================  ==========================  ==================
clauses                     pairwise                    other families
==========================  ==========================  ==================
cell definedness            N²                          N²
cell uniqueness             N²·C(N, 2)                  N²·S(N)
row + column uniqueness     2N²·C(N, 2)                 2N²·S(N)
box uniqueness              N²·B                        N²·S(N)
unit definedness            3N²                         3N²
==========================  ==========================  ==================

``minimal`` has the first, third and fourth lines, ``efficient`` adds the second and
``extended`` the fifth; each given adds a unit clause. S(N) and A(N) are the clauses and
new variables of the at-most-one family over N literals (:mod:`.amo`); the other
families write their full form in boxes too, and add A(N) variables for each of their
N² (minimal: 0) + 3N² at-most-one constraints. For 9x9 pairwise: 7,371 / 10,287 /
10,530; 16x16: 80,128 / 110,848 / 111,616; 4x4: 240 / 336 / 384.

>>> from dimacs_sudoku.core.grid import Grid
>>> f = sudoku_formula(Grid.empty(4), "extended")
>>> f.num_vars, f.num_clauses
(64, 384)
>>> clause_counts(9, (3, 3))
{'minimal': 7371, 'efficient': 10287, 'extended': 10530}
"""

from array import array
from itertools import chain, repeat

from ..errors import UsageError
from ..core.variables import Decimal, Standard
from .amo.pairwise import Pairs, tuple_getter
from .formula import AMO, CLAUSE, LABEL, TEXT, Formula

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


def clause_counts(n, box, amo_size=None):
    """The clauses of the empty N x N grid with ``box`` = (R, C) boxes in each
    encoding, from the closed forms above; ``amo_size(n) -> (clauses, aux)`` is the
    family's size (pairwise, with the shared pairs left out, when None)."""
    rows, cols = box
    cells = n * n
    if amo_size is None:
        pairs = n * (n - 1) // 2
        cell_amo = line_amo = pairs
        box_amo = pairs - rows * (cols * (cols - 1) // 2) - cols * (rows * (rows - 1) // 2)
    else:
        cell_amo = line_amo = box_amo = amo_size(n)[0]
    minimal = cells + cells * (2 * line_amo + box_amo)
    efficient = minimal + cells * cell_amo
    return {"minimal": minimal, "efficient": efficient, "extended": efficient + 3 * cells}


def variable_table(numbering, n):
    """Every cell variable, ``table[cell*n + d - 1] = var(cell, d)``: for the standard
    numbering, 1 .. N³ in order, the ``range`` itself (no memory: a table of an empty
    400x400 held 256 MB, and its slices by digit as much again); else an ``array``
    (4 bytes a variable: 4 MB for 100x100).

    The decimal numbering gives the digits of a cell consecutive numbers,
    ``var(cell, d) = var(cell, 0) + d``, so its table is made one cell at a time; any
    other numbering is asked variable by variable.

    >>> variable_table(Standard(4), 4)[::4][:3]
    range(1, 13, 4)
    """
    if type(numbering) is Standard:
        return range(1, n * n * n + 1)
    var = numbering.var
    table = array("i" if numbering.max_var < 1 << 31 else "q")
    if type(numbering) is Decimal:
        for cell in range(n * n):
            base = var(cell, 0)
            table.extend(range(base + 1, base + n + 1))
        corners = [(cell, d) for cell in (0, n * n // 2, n * n - 1) for d in (1, n)]
        if all(table[cell * n + d - 1] == var(cell, d) for cell, d in corners):
            return table
        del table[:]
    table.extend(var(cell, d) for cell in range(n * n) for d in range(1, n + 1))
    return table


def sudoku_constraints(grid, encoding, numbering, patterns=True):
    """The constraints of ``encoding`` over ``grid`` (a function making a fresh iterator).
    With ``patterns``, each unit's at-most-one carries the :class:`Pairs` its earlier
    units leave (for a family that ``reads_patterns``).

    The variables are computed once into two compact tables, by cell and by digit, so
    that each constraint's literals are one slice or one ``itemgetter`` call away. The
    function's ``shape()`` gives the same constraints as ``(kind, length, pattern,
    times)`` runs, without their literals, for counting; its ``literal_texts(numerals)``
    the same constraints over the literals' texts (see :class:`~.formula.Formula`).
    """
    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    layout = grid.layout
    n = layout.size
    patterns = unit_pair_patterns(layout) if patterns else repeat(None)
    # by_cell[cell*n + d - 1] and by_digit[d - 1][cell] are var(cell, d).
    by_cell = variable_table(numbering, n)
    in_order = type(numbering) is Standard
    by_digit = [by_cell[d::n] for d in range(n)]
    units = [(tuple_getter(cells), pattern, len(cells))
             for (_, cells), pattern in zip(layout.units, patterns)]
    givens = [cell * n + d - 1 for cell, d in enumerate(grid.cells) if d]
    # a pencil-mark puzzle's removed candidates: one negative unit clause each
    removed = [cell * n + d for cell, mask in enumerate(grid.removed or ())
               for d in range(n) if mask >> d & 1]
    spans = [(start, start + n) for start in range(0, n * n * n, n)]

    def constraints():
        yield LABEL, "cell definedness: each cell holds at least one digit"
        for lo, hi in spans:
            yield CLAUSE, tuple(by_cell[lo:hi])
        if encoding != "minimal":
            yield LABEL, "cell uniqueness: each cell holds at most one digit"
            for lo, hi in spans:
                yield AMO, tuple(by_cell[lo:hi]), None
        yield LABEL, "unit uniqueness: each digit at most once per row, column, box"
        for pick, pattern, _ in units:
            for lits in by_digit:
                yield AMO, pick(lits), pattern
        if encoding == "extended":
            yield LABEL, "unit definedness: each digit at least once per row, column, box"
            for pick, _, _ in units:
                for lits in by_digit:
                    yield CLAUSE, pick(lits)
        if givens:
            yield LABEL, "givens"
            for index in givens:
                yield CLAUSE, (by_cell[index],)
        if removed:
            yield LABEL, "removed candidates: no solution places them"
            for index in removed:
                yield CLAUSE, (-by_cell[index],)

    def literal_texts(numerals):
        """The same clauses over the literals' texts, a row of cells or a unit at a
        time (one at-most-one or clause for each of its N digits)."""
        if in_order:            # by_cell[i] is i + 1
            pos = tuple(numerals.pos_range(1, len(by_cell)))
            neg = tuple(numerals.neg_range(1, len(by_cell)))
        else:
            pos = tuple(map(numerals.pos.__getitem__, by_cell))
            neg = tuple(map(numerals.neg.__getitem__, by_cell))
        cells = [pos[lo:hi] for lo, hi in spans]
        for row in range(0, n * n, n):
            yield TEXT, "0\n".join(map("".join, cells[row:row + n])) + "0\n", n
        if encoding != "minimal":
            for lo in range(0, n * n * n, n * n):
                yield AMO, neg[lo:lo + n * n], None, n
        neg_digit = [neg[d::n] for d in range(n)]
        for pick, pattern, _ in units:
            yield AMO, tuple(chain.from_iterable(map(pick, neg_digit))), pattern, n
        if encoding == "extended":
            pos_digit = [pos[d::n] for d in range(n)]
            for pick, _, _ in units:
                yield TEXT, "0\n".join(map("".join, map(pick, pos_digit))) + "0\n", n
        if givens:
            yield TEXT, "0\n".join(map(pos.__getitem__, givens)) + "0\n", len(givens)
        if removed:
            yield TEXT, "0\n".join(map(neg.__getitem__, removed)) + "0\n", len(removed)

    def shape():
        cells = n * n
        yield CLAUSE, n, None, cells
        if encoding != "minimal":
            yield AMO, n, None, cells
        for _, pattern, length in units:
            yield AMO, length, pattern, n
        if encoding == "extended":
            for _, _, length in units:
                yield CLAUSE, length, None, n
        yield CLAUSE, 1, None, len(givens)
        if removed:
            yield CLAUSE, 1, None, len(removed)

    constraints.shape = shape
    constraints.literal_texts = literal_texts
    return constraints


def sudoku_formula(grid, encoding="extended", amo=None, numbering=None, comments=()):
    """The :class:`Formula` of ``grid`` in one of the classic encodings."""
    from .amo import family
    numbering = numbering or Standard(grid.size)
    amo = amo or family("pairwise")
    constraints = sudoku_constraints(grid, encoding, numbering, amo.reads_patterns)
    return Formula(constraints, numbering.max_var, amo, comments)
