"""THE grid checker: the givens of a puzzle, a complete grid against its units and
its givens, and each variant rule's own check (reached through the rule protocol,
:class:`dimacs_sudoku.rules.base.Rule`, importing no rule module). Every grid that a
command prints, whatever engine or program found it, goes through it.

:class:`GridCheck` is the fast form for many grids of one layout: C-level steps
(itemgetters, ``map``, ``set`` sizes) that cost little beside the search.

>>> check = GridCheck(Layout(4))
>>> check.ok([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])
True
>>> check.ok([1] * 16)
False
"""

from itertools import compress, repeat
from operator import getitem, itemgetter

from ..errors import Contradiction, InvalidModel, PuzzleError
from .layout import Layout, Recent, cell_name, default_box, layout_key
from .notation import symbol


def check_shape(cells, layout, source=None, line=None):
    """Raise :class:`PuzzleError` unless ``cells`` are the N² cells of ``layout``, each
    0 (blank) or a digit 1..N.

    >>> check_shape([0, 5, 0, 0] + [0] * 12, Layout(4))
    Traceback (most recent call last):
    ...
    dimacs_sudoku.errors.PuzzleError: cell r1c2 holds 5, outside 1..4
    """
    n = layout.size
    if len(cells) != layout.cells:
        raise PuzzleError("a %dx%d grid needs %d cells, got %d"
                          % (n, n, layout.cells, len(cells)), source, line)
    if cells and (min(cells) < 0 or max(cells) > n):
        cell, value = next((k, v) for k, v in enumerate(cells) if not 0 <= v <= n)
        raise PuzzleError("cell %s holds %d, outside 1..%d"
                          % (cell_name(n, cell), value, n), source, line)


def check_removed(removed, layout, source=None, line=None):
    """Raise :class:`PuzzleError` unless ``removed`` holds one bitmask of removed
    digits (within 1..N) per cell of ``layout``."""
    n = layout.size
    if len(removed) != layout.cells or any(not 0 <= r < 1 << n for r in removed):
        raise PuzzleError("removed candidates: one bitmask of digits 1..%d per cell "
                          "is needed" % n, source, line)


def removed_violation(cells, removed, n):
    """The first cell of ``cells`` (a complete grid) holding one of its ``removed``
    digits, as a message, or None.

    >>> removed_violation([1, 2, 3, 4] * 4, [0, 0b10] + [0] * 14, 4)
    'cell r1c2 holds 2, a candidate the puzzle removed'
    """
    if not removed:
        return None
    for cell, (d, r) in enumerate(zip(cells, removed)):
        if d and r >> (d - 1) & 1:
            return "cell %s holds %s, a candidate the puzzle removed" % (
                cell_name(n, cell), symbol(d, n))
    return None


def clashes(cells, layout):
    """Every pair of filled cells in one unit of ``layout`` with the same digit, as
    ``(unit name, cell, cell, digit)``, in unit order.

    >>> clashes([1, 0, 0, 1] + [0] * 12, Layout(4))
    [('row 1', 0, 3, 1)]
    """
    found = []
    grid_cells = cells
    for (name, cells), digits in zip(layout.units, _unit_digits(grid_cells, layout)):
        filled = len(digits) - digits.count(0)
        if len(set(digits)) - (filled < len(digits)) == filled:
            continue                            # no digit twice in this unit
        seen = {}
        for cell in cells:
            d = grid_cells[cell]
            if d:
                if d in seen:
                    found.append((name, seen[d], cell, d))
                else:
                    seen[d] = cell
    return found

def _unit_digits(cells, layout):
    """The digits of each unit of ``layout`` in ``cells``, unit by unit: the rows
    and columns (units 0..2N-1 of every Layout) by slices of the list, the others
    cell by cell.

    >>> [list(d) for d in _unit_digits(list(range(4)), Layout(2, (1, 2)))]
    [[0, 1], [2, 3], [0, 2], [1, 3], [0, 1], [2, 3]]
    """
    n = layout.size
    done = 0
    if type(cells) is list and len(cells) == n * n:
        yield from map(cells.__getitem__,
                       map(slice, range(0, n * n, n), range(n, n * n + 1, n)))
        yield from map(cells.__getitem__, map(slice, range(n), repeat(None), repeat(n)))
        done = 2 * n
    digit = cells.__getitem__
    for _, unit in layout.units[done:]:
        yield list(map(digit, unit))


def check_givens(grid):
    """Raise :class:`~dimacs_sudoku.errors.Contradiction` (no solution, exit 4)
    naming the cell of a pencil-mark puzzle left with no candidate, or the clashing
    cells if two givens of ``grid`` share a digit in a unit, at the
    line of the second cell's row when rows were read from lines of their own.

    Readers do not call it: clashing givens are a puzzle without a solution, not
    unreadable input, and every command that solves or encodes checks them."""
    if grid.removed:
        # a pencil-mark puzzle's cell with no candidate (or a given it removed)
        n = grid.size
        full = (1 << n) - 1
        for cell, (d, r) in enumerate(zip(grid.cells, grid.removed)):
            if r >> (d - 1) & 1 if d else r & full == full:
                raise Contradiction("no candidate left in %s" % cell_name(n, cell),
                                    cell=cell, source=grid.source, line=grid.line)
    clash = clashes(grid.cells, grid.layout)
    if clash:
        name, a, b, d = clash[0]
        more = " (and %d more clashes)" % (len(clash) - 1) if len(clash) > 1 else ""
        line = grid.row_lines[b // grid.size] if grid.row_lines else grid.line
        raise Contradiction("contradictory givens: %s and %s both hold %s in %s%s"
                            % (cell_name(grid.size, a), cell_name(grid.size, b),
                               symbol(d, grid.size), name, more),
                            cell=b, unit=name, digit=d, source=grid.source, line=line)

def check_solution(grid, givens=None):
    """Raise :class:`InvalidModel` naming the first bad cell or unit unless ``grid`` is
    a complete grid obeying the rules and agreeing with ``givens`` (a Grid)."""
    n = grid.size
    for cell, d in enumerate(grid.cells):
        if not d:
            raise InvalidModel("cell %s has no digit" % cell_name(n, cell))
    if givens is not None:
        if givens.size != n:
            raise InvalidModel("the solution is %dx%d but the puzzle is %dx%d"
                               % (n, n, givens.size, givens.size))
        for cell, (d, g) in enumerate(zip(grid.cells, givens.cells)):
            if g and d != g:
                raise InvalidModel("cell %s holds %s but the given is %s"
                                   % (cell_name(n, cell), symbol(d, n), symbol(g, n)))
    removed = grid.removed or (givens.removed if givens is not None else None)
    problem = removed_violation(grid.cells, removed, n)
    if problem:
        raise InvalidModel(problem)
    clash = clashes(grid.cells, grid.layout)
    if clash:
        name, a, b, d = clash[0]
        raise InvalidModel("%s holds %s twice (%s and %s)"
                           % (name, symbol(d, n), cell_name(n, a), cell_name(n, b)))
    rules = grid.rules or (givens.rules if givens is not None else ())
    if rules:
        problems = rule_violations(grid.cells, grid.layout, rules)
        if problems:
            more = " (and %d more)" % (len(problems) - 1) if len(problems) > 1 else ""
            raise InvalidModel("the grid breaks a rule: %s%s" % (problems[0], more))


class _Cells:
    """The cells of a layout as :func:`check_solution` reads a grid."""

    rules = ()
    removed = None

    def __init__(self, cells, layout):
        self.cells, self.layout, self.size = cells, layout, layout.size


def rule_violations(cells, layout, rules):
    """The violations of ``rules`` in the complete grid ``cells`` on ``layout``, each
    checked by the rule's own checker from the digits (never from clauses): one text
    per violation, naming the rule and its cells; ``[]`` when every rule holds.

    The units of the layout (rows, columns, boxes or regions, extra units) are not
    looked at here: :func:`check_solution` checks those. This is the one
    function a grid checker calls for the rules a grid carries; it reaches each rule
    through the rule protocol (:class:`dimacs_sudoku.rules.base.Rule`: ``link``
    and ``check``), importing no rule module.

    >>> from dimacs_sudoku.rules.registry import parse_rule
    >>> rule_violations([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], Layout(4),
    ...                 [parse_rule("killer 4 r1c1 r1c2", 4)])
    ['killer 4 r1c1 r1c2: the digits add up to 3, not 4']
    """
    found = []
    n = layout.size
    for rule in rules:
        rule.link(rules)
    for rule in rules:
        found.extend(rule.check(cells, n, layout.box))
    return found


class GridCheck:
    """The rules of one layout, precomputed.

    Up to 16x16, one number per (cell, digit): the sum of a bit for each unit of the
    cell, at the digit's place in that unit's block of N + 1 bits. A grid obeys the
    rules exactly when the sum of its cells' numbers is the target (every block
    holding bits 1..N): the sum of P powers of two has at most P one-bits, and P only
    when no two are equal, so no unit holds a digit twice, and a blank (bit 0 of a
    block) or a digit out of range cannot reach it. Larger grids, where those numbers
    would grow with N⁴, count the distinct digits of each unit in a set of its own (a
    few hundred items: a set that stays in the cache, four times faster at 400x400
    than one set of (unit, digit) numbers for the whole grid): the rows and columns
    (units 0..2N-1 of every Layout) by slices of the cells, the other units' cells
    taken by one itemgetter.
    """

    __slots__ = ("layout", "size", "_terms", "_target", "_lines", "_units", "_slices",
                 "_places")

    SUM_MAX = 16

    def __init__(self, layout):
        n = layout.size
        self.layout = layout
        self.size = n
        self._terms = None
        if n <= self.SUM_MAX:
            terms = [[0] * (n + 1) for _ in range(n * n)]
            target = 0
            for k, (_, cells) in enumerate(layout.units):
                base = k * (n + 1)
                for cell in cells:
                    row = terms[cell]
                    for d in range(n + 1):
                        row[d] += 1 << (base + d)
                target += ((1 << n) - 1) << (base + 1)
            self._terms = terms
            self._target = target
        else:
            self._lines = [*map(slice, range(0, n * n, n), range(n, n * n + 1, n)),
                           *map(slice, range(n), repeat(None), repeat(n))]
            flat = []
            self._slices = slices = []
            for _, cells in layout.units[2 * n:]:
                slices.append(slice(len(flat), len(flat) + len(cells)))
                flat += cells
            # (No other unit: a Latin square. A unit has N > 16 cells, so the getter
            # of one gives a tuple.)
            self._units = itemgetter(*flat) if flat else lambda cells: ()
            self._places = 2 * n * n + len(flat)

    def ok(self, cells, givens=None):
        """True when ``cells`` (a list of N² digits, 0 blank) is a complete grid obeying
        the rules and agreeing with ``givens`` (a list of digits, 0 blank)."""
        try:
            if self._terms is not None:
                if sum(map(getitem, self._terms, cells)) != self._target:
                    return False
            elif (min(cells) < 1 or max(cells) > self.size or
                  sum(map(len, map(set, map(cells.__getitem__, self._lines))))
                  + sum(map(len, map(set, map(self._units(cells).__getitem__,
                                              self._slices)))) != self._places):
                return False
        except (IndexError, TypeError):         # a digit above N, not a number
            return False
        return givens is None or (list(compress(cells, givens))
                                  == list(filter(None, givens)))

    def check(self, cells, givens=None, source=None, line=None, what="the model"):
        """Raise :class:`InvalidModel` naming the first bad cell or unit unless
        :meth:`ok`; ``givens`` is a list of digits or a Grid."""
        given_cells = getattr(givens, "cells", givens)
        if len(cells) == self.size * self.size and self.ok(cells, given_cells):
            return
        try:
            check_shape(cells, self.layout)
            if given_cells is not None:
                check_shape(given_cells, self.layout)
            check_solution(_Cells(cells, self.layout),
                           _Cells(given_cells, self.layout) if given_cells is not None
                           else None)
        except InvalidModel as error:
            raise InvalidModel("%s is not a solution: %s" % (what, error.message),
                               source, line) from None
        except Exception as error:      # cells outside 1..N, a wrong number of cells
            raise InvalidModel("%s is not a solution: %s"
                               % (what, getattr(error, "message", error)),
                               source, line) from None
        raise InvalidModel("%s is not a solution" % what, source, line)


_CHECKS = Recent()


def grid_check(layout):
    """The (cached) :class:`GridCheck` of a layout."""
    found = getattr(layout, "_grid_check", None)        # the same layout again
    if found is not None:
        return found
    found = _CHECKS.get(layout_key(layout), lambda: GridCheck(layout))
    try:
        layout._grid_check = found
    except AttributeError:                  # a layout with __slots__
        pass
    return found


def check_cells(cells, layout, givens=None, source=None, line=None, what="the model"):
    """Raise :class:`InvalidModel` unless ``cells`` solve the puzzle ``givens`` on
    ``layout``, its variant rules included (each checked by the rule's own checker,
    :func:`dimacs_sudoku.core.grid.rule_violations`); the error names ``source`` and
    ``line``."""
    grid_check(layout).check(cells, givens, source, line, what)
    problem = removed_violation(cells, getattr(givens, "removed", None), layout.size)
    if problem:
        raise InvalidModel("%s is not a solution: %s" % (what, problem), source, line)
    rules = getattr(givens, "rules", None)
    if rules:
        problems = rule_violations(cells, layout, rules)
        if problems:
            more = " (and %d more)" % (len(problems) - 1) if len(problems) > 1 else ""
            raise InvalidModel("%s breaks a rule: %s%s" % (what, problems[0], more),
                               source, line)


def check_distinct(solutions, source=None, line=None, what="the solver"):
    """Raise :class:`InvalidModel` when a solution (list of digits) repeats: a count
    counts distinct grids, and an engine that gives one twice has ignored the clause
    that blocked it."""
    if len(solutions) > 1 and len(set(map(tuple, solutions))) != len(solutions):
        raise InvalidModel("%s gave the same solution twice (it ignored the clause "
                           "excluding it), so no count can be trusted" % what,
                           source, line)


def check_variant(cells, size, box, rules, givens=None):
    """Every violation in the complete grid ``cells``: a repeated digit in a row, column,
    box (or jigsaw region), a cell that disagrees with ``givens``, and each rule's own
    check. An empty list means the grid is a solution.

    >>> from dimacs_sudoku.rules.registry import parse_rule
    >>> check_variant([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], 4, (2, 2),
    ...               [parse_rule("diagonal-", 4)])
    ['diagonal-: diagonal- holds 4 twice (r2c2 r3c3)']
    """
    n = size
    box = tuple(box) if box else default_box(n)
    found = []
    if len(cells) != n * n or any(not 1 <= d <= n for d in cells):
        return ["the grid is not %d complete cells of digits 1..%d" % (n * n, n)]
    if givens is not None:
        for cell, (d, g) in enumerate(zip(cells, givens)):
            if g and d != g:
                found.append("r%dc%d holds %d but the given is %d"
                             % (cell // n + 1, cell % n + 1, d, g))
    groups = [("row %d" % (r + 1), [r * n + c for c in range(n)]) for r in range(n)]
    groups += [("column %d" % (c + 1), [r * n + c for r in range(n)]) for c in range(n)]
    if not any(rule.replaces_boxes for rule in rules):
        br, bc = box
        for k in range(n):
            top, left = (k // (n // bc)) * br, (k % (n // bc)) * bc
            groups.append(("box %d" % (k + 1), [(top + i) * n + left + j
                                                for i in range(br) for j in range(bc)]))
    for name, group in groups:
        digits = [cells[cell] for cell in group]
        if len(set(digits)) != n:
            found.append("%s holds a digit twice" % name)
    found.extend(rule_violations(cells, Layout(n, box), rules))
    return found
