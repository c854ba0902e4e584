"""The given-driven reduced encoding of Kwon & Jain, "Optimized CNF encoding for Sudoku
puzzles" (LPAR 2006).

Every variable that a given fixes is dropped: the given's cell (all its digits) and the
given's digit in every peer. Every clause that a given satisfies is dropped too (the
unit's definedness for a digit already placed in it, a cell's definedness for a filled
cell); what is left speaks only of open candidates: each open cell holds one of its
candidates, each digit missing from a unit goes to one of its places there, at most
once. With ``propagate`` the naked and hidden singles are placed first
(:mod:`dimacs_sudoku.propagate`), and what they place is dropped the same way.

The open candidates are numbered 1..K, cell by cell in increasing digit order, and the
at-most-one families number their auxiliary variables above K. Header comments make
the CNF decodable on its own (:class:`dimacs_sudoku.decoding.CnfInfo`):

- ``c varmap: v1 v2 ...``: compact variable i stands for the cell variable
  ``varmap[i-1]`` of the chosen numbering; the list runs over as many ``c varmap:``
  lines as it needs (about 100 characters each);
- ``c fixed: ...``: the cell variables true by a given or by propagation, also spread
  over lines.

A puzzle that propagation solves gives ``p cnf 0 0``, which every solver tried
(picosat, minisat, cadical, cryptominisat5) answers SATISFIABLE with an empty model.

>>> from dimacs_sudoku.grid import Grid
>>> f = reduced_formula(Grid.from_line("1..4" "4..." "...3" "3..1"))
>>> f.num_vars, f.num_clauses
(20, 82)
>>> [line for line in f.comments if line.startswith(("reduced", "fixed"))]
['reduced: yes (Kwon & Jain 2006): 10 open cells, 20 candidates', 'fixed: 1 16 20 47 51 61']
>>> reduced_formula(Grid.from_line("1..4" "4..." "...3" "3..1"), propagate=True).num_vars
0
"""

from ..errors import UsageError
from ..variables import numbering as make_numbering
from .amo import Pairs, family
from .formula import AMO, CLAUSE, LABEL, Formula
from .sudoku import ENCODINGS

# Numbers per ``c varmap:`` / ``c fixed:`` line are packed up to this many characters.
LINE_CHARS = 100


def number_lines(key, numbers, width=LINE_CHARS):
    """``key: n1 n2 ...`` comment lines of at most about ``width`` characters.

    >>> number_lines("fixed", [1, 22, 333], width=12)
    ['fixed: 1 22', 'fixed: 333']
    """
    lines = []
    prefix = key + ":"
    current = [prefix]
    length = len(prefix)
    for v in numbers:
        text = str(v)
        if length + 1 + len(text) > width and len(current) > 1:
            lines.append(" ".join(current))
            current = [prefix]
            length = len(prefix)
        current.append(text)
        length += 1 + len(text)
    if len(current) > 1:
        lines.append(" ".join(current))
    return lines


class Reduction:
    """The open candidates of a grid and their compact numbering.

    ``cells`` are the digits after the givens (and propagation), ``candidates`` a
    bitmask per cell. ``var[cell]`` maps each candidate digit of an open cell to its
    compact variable; ``cell_digit[i-1]`` is the (cell, digit) of compact variable i.
    """

    def __init__(self, layout, cells, candidates):
        self.layout = layout
        self.cells = cells
        self.candidates = candidates
        n = layout.size
        var = [None] * layout.cells
        cell_digit = []
        for cell, d in enumerate(cells):
            if d:
                continue
            mask = candidates[cell]
            here = {}
            while mask:
                low = mask & -mask
                digit = low.bit_length()
                cell_digit.append((cell, digit))
                here[digit] = len(cell_digit)
                mask ^= low
            var[cell] = here
        self.var = var
        self.cell_digit = cell_digit
        self.size = n

    @property
    def num_open(self):
        return sum(1 for d in self.cells if not d)

    def unit_groups(self, order=None):
        """For each unit and digit missing from it: the digit's places in the unit and
        their compact variables, as ``(unit index, digit, cells, variables)``. Units
        come in ``order`` (unit indices), by default the layout's."""
        var = self.var
        units = self.layout.units
        for k in range(len(units)) if order is None else order:
            # A digit missing from the unit is a candidate of some open cell in it (or
            # the candidates would have raised), and a digit present is nobody's.
            groups = {}
            for c in units[k][1]:
                here = var[c]
                if here is not None:
                    for d, v in here.items():
                        group = groups.get(d)
                        if group is None:
                            groups[d] = ([c], [v])
                        else:
                            group[0].append(c)
                            group[1].append(v)
            for d in sorted(groups):
                places, lits = groups[d]
                yield k, d, places, lits


def _unit_order(layout):
    """Boxes first, then rows, columns and any extra units. After the boxes, the places
    of a digit in a row or column that share a box are consecutive, so the pairs still
    needing a clause are those across boxes (:meth:`Pairs.across`)."""
    n = layout.size
    return [*range(2 * n, 3 * n), *range(2 * n), *range(3 * n, len(layout.units))]


def _box_runs(places, box_of):
    """The lengths of the runs of ``places`` in one box, or None when no two share one."""
    runs, previous = [], None
    for cell in places:
        box = box_of[cell]
        if box == previous:
            runs[-1] += 1
        else:
            runs.append(1)
            previous = box
    return runs if len(runs) < len(places) else None


def _pairs_left(places, earlier):
    """For an extra unit: the :class:`Pairs` of places that share no earlier unit
    (``earlier(cell)``: the set of them), or None when no two share one."""
    sets = [earlier(c) for c in places]
    m = len(sets)
    keep = [(i, j) for i in range(m) for j in range(i + 1, m) if sets[i].isdisjoint(sets[j])]
    return None if len(keep) == m * (m - 1) // 2 else Pairs(keep)


def reduced_constraints(reduction, encoding, pairwise):
    """The constraints of the reduced ``encoding`` (materialized once: the formula is
    walked twice). ``pairwise`` leaves out pairs an earlier unit already forbids."""
    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    items = []
    add = items.append
    var = reduction.var
    open_vars = [sorted(var[c].values()) for c in range(len(var)) if var[c] is not None]
    add((LABEL, "cell definedness: each open cell holds one of its candidates"))
    for lits in open_vars:
        add((CLAUSE, lits))
    if encoding != "minimal":
        add((LABEL, "cell uniqueness: each open cell holds at most one candidate"))
        for lits in open_vars:
            if len(lits) > 1:
                add((AMO, lits, None))
    layout = reduction.layout
    n = layout.size
    order = _unit_order(layout)
    groups = list(reduction.unit_groups(order))
    if pairwise:
        box_of = [0] * layout.cells
        for b in range(n):
            for c in layout.units[2 * n + b][1]:
                box_of[c] = b
        member = layout.units_of_cell() if len(layout.units) > 3 * n else None
        rank = {k: i for i, k in enumerate(order)}
    add((LABEL, "unit uniqueness: each missing digit at most once per unit"))
    for k, d, places, lits in groups:
        if len(lits) < 2:
            continue
        pattern = None
        if pairwise and k < 2 * n:
            runs = _box_runs(places, box_of)
            if runs is not None:
                if len(runs) == 1:
                    continue
                pattern = Pairs.across(runs)
        elif pairwise and k >= 3 * n:
            pattern = _pairs_left(places, lambda c: frozenset(
                j for j in member[c] if rank[j] < rank[k]))
            if pattern is not None and not pattern.count:
                continue
        add((AMO, lits, pattern))
    if encoding == "extended":
        add((LABEL, "unit definedness: each missing digit somewhere in each unit"))
        for _, _, _, lits in groups:
            add((CLAUSE, lits))

    def constraints():
        return iter(items)

    return constraints


def reduce_grid(grid, propagate=False):
    """The :class:`Reduction` of ``grid`` from its givens (and the singles, with
    ``propagate``). Raises PuzzleError for clashing givens, and
    :class:`~dimacs_sudoku.propagate.Contradiction` (no solution) when a cell has no
    candidate or a unit no place for a missing digit."""
    from .. import propagate as prop
    grid.check_givens()
    if grid.rules:
        from ..variants import clause_rules
        extra = clause_rules(grid.rules, grid.layout)
        if extra:
            from ..errors import UsageError
            raise UsageError("--reduce and --propagate know only the units of a grid, not "
                             "the rule %r; write the full encoding (without them)"
                             % extra[0].to_line()[:60])
    if propagate:
        result = prop.propagate(grid)
        return Reduction(grid.layout, result.cells, result.candidates)
    return Reduction(grid.layout, list(grid.cells), prop.candidates(grid))


def variable_map(reduction, numbers):
    """``(varmap, fixed)`` of a :class:`Reduction` under a numbering: the cell variable
    of each compact variable, and the cell variables true by a given (or propagation).

    >>> from dimacs_sudoku.grid import Grid
    >>> from dimacs_sudoku.variables import numbering
    >>> varmap, fixed = variable_map(reduce_grid(Grid.from_line("1..4" "4..." "...3" "3..1")),
    ...                              numbering("standard", 4))
    >>> varmap[:4], fixed
    ([6, 7, 10, 11], [1, 16, 20, 47, 51, 61])
    """
    varmap = [numbers.var(c, d) for c, d in reduction.cell_digit]
    fixed = [numbers.var(c, d) for c, d in enumerate(reduction.cells) if d]
    return varmap, fixed


def reduced_formula(grid, encoding="extended", amo="pairwise", numbering="standard",
                    propagate=False, source=None, comments=True):
    """The reduced CNF :class:`Formula` of ``grid``, with its varmap and fixed cells
    in the header comments (``comments=False`` leaves every comment out, which makes
    the CNF undecodable by ``cnf2sudoku --cnf``)."""
    from . import header_comments
    family_ = family(amo)
    reduction = reduce_grid(grid, propagate)
    numbers = make_numbering(numbering, grid.size)
    constraints = reduced_constraints(reduction, encoding,
                                      getattr(family_, "name", "") == "pairwise")
    varmap, fixed = variable_map(reduction, numbers)
    lines = []
    if comments:
        placed = sum(1 for d in reduction.cells if d) - grid.givens_count()
        extra = ["reduced: yes (Kwon & Jain 2006): %d open cells, %d candidates"
                 % (reduction.num_open, len(reduction.cell_digit)),
                 "propagated: %s" % ("yes (naked and hidden singles placed %d digits)"
                                     % placed if propagate else "no"),
                 "compact variables: 1..%d are open candidates (see varmap), "
                 "auxiliary ones above" % len(reduction.cell_digit)]
        extra += ["rule: " + rule.to_line() for rule in grid.rules]
        lines = header_comments(grid, encoding, amo, numbering, source, extra)
        lines += number_lines("fixed", fixed)
        lines += number_lines("varmap", varmap)
    return Formula(constraints, len(reduction.cell_digit), family_, lines)
