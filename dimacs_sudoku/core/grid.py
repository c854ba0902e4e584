"""Grids and their layout: size, box shape, the units (rows, columns, boxes, extras).

Cells are numbered row by row from 0; rows, columns and digits are 1-based only in
what people read (``r1c4``, digit 7). A blank cell holds 0.

>>> g = Grid.from_line("1..4" "4..." "...3" "3..1")
>>> g.size, g.layout.box, g.givens_count()
(4, (2, 2), 6)
>>> print(g)
+-----+-----+
| 1 . | . 4 |
| 4 . | . . |
+-----+-----+
| . . | . 3 |
| 3 . | . 1 |
+-----+-----+
"""

import math
from itertools import chain

from .. import arguments
from ..errors import Contradiction, InvalidModel, PuzzleError, UsageError
from .notation import MAX_SINGLE_CHAR, SYMBOLS, check_symbols, line_text, parse_line, symbol

# The largest grid any command accepts (the largest public instances are 400x400);
# checked before memory is spent on a grid, a model or a CNF of that size.
MAX_SIZE = 400


def check_size(size, what="grid size"):
    """``size`` when it is a grid size the tools accept (1..MAX_SIZE), else UsageError.

    >>> check_size(9)
    9
    >>> check_size(1000)
    Traceback (most recent call last):
    ...
    dimacs_sudoku.errors.UsageError: grid size 1000 is above the largest supported, 400x400
    """
    if not 1 <= size <= MAX_SIZE:
        if size < 1:
            raise UsageError("%s must be at least 1, not %d" % (what, size))
        raise UsageError("%s %d is above the largest supported, %dx%d"
                         % (what, size, MAX_SIZE, MAX_SIZE))
    return size


def cell_name(size, cell):
    """The 1-based name of a cell index: ``r1c4``.

    >>> cell_name(9, 3)
    'r1c4'
    """
    return "r%dc%d" % (cell // size + 1, cell % size + 1)


def no_box_shape(size):
    """The message for an NxN grid of prime N with neither a box shape nor regions."""
    return ("a %dx%d grid has no box shape (N is prime); give --box RxC, or regions (a"
            " jigsaw)" % (size, size))


def default_box(size, regions=False):
    """The box shape (rows, columns) used when none is given: the most square one.
    With ``regions`` (a jigsaw's, which replace the boxes) a prime N has the nominal
    shape 1xN, since its boxes are no units.

    >>> default_box(9), default_box(6), default_box(12), default_box(8), default_box(7, True)
    ((3, 3), (2, 3), (3, 4), (2, 4), (1, 7))
    """
    if size < 1:
        raise UsageError("grid size must be positive, not %d" % size)
    if size == 1:
        return (1, 1)
    rows = max(d for d in range(1, math.isqrt(size) + 1) if size % d == 0)
    if rows == 1:
        if regions:
            return (1, size)
        raise UsageError(no_box_shape(size))
    return (rows, size // rows)


def parse_box(text, size=None):
    """Read a ``RxC`` box shape; check it against ``size`` when given.

    >>> parse_box("2x3")
    (2, 3)
    """
    try:
        rows, cols = (int(part) for part in text.lower().replace("*", "x").split("x"))
    except ValueError:
        raise UsageError("--box takes RxC, such as 3x3 or 2x3, not %r" % text) from None
    if rows < 1 or cols < 1:
        raise UsageError("--box takes positive numbers, not %r" % text)
    if size is not None and rows * cols != size:
        raise UsageError("box %dx%d does not fit a %dx%d grid (R*C must be %d)"
                         % (rows, cols, size, size, size))
    return (rows, cols)


class Layout:
    """The shape of a grid: size N, box shape R x C, and its units.

    A unit is a named group of N cells that must hold every digit once. The standard
    units are the rows, columns and boxes; ``regions`` (N ``(name, cells)`` pairs: a
    jigsaw's) replace the boxes, and ``extra_units`` adds more (diagonals, windoku) as
    ``(name, cells)`` pairs. The boxes, or the regions, are always units 2N..3N-1.

    >>> lay = Layout(4)
    >>> [name for name, _ in lay.units][:5]
    ['row 1', 'row 2', 'row 3', 'row 4', 'column 1']
    >>> lay.units[8]
    ('box 1', (0, 1, 4, 5))
    >>> Layout(4, regions=[("region %d" % k, range(4 * k, 4 * k + 4)) for k in range(4)]).units[8]
    ('region 0', (0, 1, 2, 3))
    """

    # The message refusing a grid read with no box shape, until regions replace its
    # nominal 1xN boxes (see :meth:`dimacs_sudoku.formats.source.Context.layout`).
    unboxed = None

    def __init__(self, size, box=None, extra_units=(), regions=None):
        self.size = check_size(arguments.size(size, "Layout"))
        self.box = tuple(box) if box else default_box(size, regions is not None)
        if self.box[0] * self.box[1] != size:
            raise UsageError("box %dx%d does not fit a %dx%d grid"
                             % (self.box + (size, size)))
        n = size
        br, bc = self.box
        # Cells by ranges (a 400x400 grid has 480,000 unit cells to list).
        units = [("row %d" % (r + 1), tuple(range(r * n, r * n + n))) for r in range(n)]
        units += [("column %d" % (c + 1), tuple(range(c, n * n, n))) for c in range(n)]
        if regions is None:
            for b in range(n):
                top, left = (b // (n // bc)) * br, (b % (n // bc)) * bc
                units.append(("box %d" % (b + 1), tuple(chain.from_iterable(
                    range((top + i) * n + left, (top + i) * n + left + bc)
                    for i in range(br)))))
        else:
            regions = [(name, tuple(cells)) for name, cells in regions]
            if len(regions) != n or sorted(c for _, cells in regions for c in cells) != list(
                    range(n * n)):
                raise UsageError("the regions must be %d groups of %d cells covering the grid"
                                 % (n, n))
            units.extend(regions)
        self.regions = regions
        for name, cells in extra_units:
            cells = tuple(cells)
            if len(cells) != n or len(set(cells)) != n:
                raise UsageError("unit %r must have %d distinct cells" % (name, n))
            units.append((name, cells))
        self.units = units

    @property
    def cells(self):
        """Number of cells, N²."""
        return self.size * self.size

    def describe(self):
        """``9x9, boxes 3x3``."""
        return "%dx%d, boxes %dx%d" % (self.size, self.size, self.box[0], self.box[1])

    def box_of_cell(self):
        """For each cell, the index (from 0) of its box, or of its region.

        >>> Layout(4).box_of_cell()[:8]
        [0, 0, 1, 1, 0, 0, 1, 1]
        """
        n = self.size
        box = [0] * self.cells
        for b in range(n):
            for cell in self.units[2 * n + b][1]:
                box[cell] = b
        return box

    def units_of_cell(self):
        """For each cell, the indices of the units it belongs to."""
        member = [[] for _ in range(self.cells)]
        for k, (_, cells) in enumerate(self.units):
            for cell in cells:
                member[cell].append(k)
        return member

    def peers(self):
        """For each cell, the sorted cells that share a unit with it (itself excluded)."""
        peers = [set() for _ in range(self.cells)]
        for _, cells in self.units:
            for cell in cells:
                peers[cell].update(cells)
        for cell, group in enumerate(peers):
            group.discard(cell)
        return [sorted(group) for group in peers]

    def __eq__(self, other):
        return isinstance(other, Layout) and (self.size, self.box, self.units) == (
            other.size, other.box, other.units)

    def __repr__(self):
        return "Layout(%d, box=%r)" % (self.size, self.box)


def layout_key(layout):
    """A hashable key for a layout's units: size, box, and the units beyond the rows,
    columns and boxes (jigsaw regions, extra units), which the rest determine."""
    n = layout.size
    start = 3 * n if getattr(layout, "regions", None) is None else 2 * n   # jigsaw regions
    return (n, layout.box, tuple(cells for _, cells in layout.units[start:]))


class Recent:
    """What is made once per layout and kept for the next puzzles (reducers, checkers,
    the layouts of rules): at most ``size`` values by key. ``get(key, make)`` gives
    the value of ``key``, made by ``make()`` when it is not kept; when full, the value
    asked for longest ago goes.

    >>> kept = Recent(2)
    >>> kept.get("a", lambda: 1), kept.get("b", lambda: 2), kept.get("a", lambda: 0)
    (1, 2, 1)
    >>> kept.get("c", lambda: 3), sorted(kept.values)
    (3, ['a', 'c'])
    """

    __slots__ = ("size", "values")

    def __init__(self, size=16):
        self.size = size
        self.values = {}

    def get(self, key, make):
        values = self.values
        # A dict keeps insertion order: a key asked for again moves to the end.
        if key in values:
            found = values[key] = values.pop(key)
            return found
        found = make()
        if len(values) >= self.size:
            del values[next(iter(values))]
        values[key] = found
        return found


class Grid:
    """A Sudoku grid: a layout and N² cells, 0 for blank.

    ``source`` and ``line`` say where the grid was read, for messages; ``row_lines``,
    when the grid was read one row per line, gives each row's line, so that a clash
    between givens names the line of the row that holds it.

    ``symbols`` is the notation the grid was read in (None: ``1-9A-Z``; ``hex``,
    ``numbers`` or an alphabet, see :mod:`dimacs_sudoku.core.notation`); the boxed text,
    the pictures and every command's output speak it. ``givens``, on a solution, is
    the puzzle it solves, so that a picture tells givens from solved digits.

    ``rules`` are the variant rules beyond the layout's units (a tuple of
    :class:`dimacs_sudoku.rules.base.Rule`, empty for classic Sudoku; those that
    only add units or regions are in the layout too): they travel with the grid into
    copies and solutions, the CNF (:func:`dimacs_sudoku.encodings.encode`) and every
    check (:meth:`check_solution`).

    >>> grid = Grid([1, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1])
    >>> grid.size, grid.layout.box, grid.givens_count(), grid.to_line()
    (4, (2, 2), 6, '1..44......33..1')
    """

    symbols = None
    givens = None
    row_lines = None
    rules = ()
    drawings = ()       # drawings of its source left out, whose rule only text states

    def __init__(self, cells, size=None, box=None, layout=None, source=None, line=None,
                 row_lines=None, symbols=None, givens=None, rules=None):
        cells = list(arguments.iterable(cells, "Grid", "the cells as a list of digits (0 blank)"))
        if layout is None:
            if size is None:
                size = math.isqrt(len(cells))
            layout = Layout(size, box)
        self.layout = layout
        self.size = layout.size
        if len(cells) != layout.cells:
            raise PuzzleError("a %dx%d grid needs %d cells, got %d"
                              % (self.size, self.size, layout.cells, len(cells)), source, line)
        if cells and (min(cells) < 0 or max(cells) > self.size):
            cell, value = next((k, v) for k, v in enumerate(cells) if not 0 <= v <= self.size)
            raise PuzzleError("cell %s holds %d, outside 1..%d"
                                  % (cell_name(self.size, cell), value, self.size), source, line)
        self.cells = cells
        self.source = source
        self.line = line
        self.row_lines = row_lines
        if symbols is not None:
            self.symbols = symbols
        if givens is not None:
            self.givens = givens
        if rules:
            self.rules = tuple(rules)

    @classmethod
    def empty(cls, size, box=None):
        """The grid with no givens."""
        return cls([0] * (size * size), size=size, box=box)

    @classmethod
    def from_line(cls, text, box=None):
        """A grid from the one-line form (``.``/``0`` blank, 1-9 then A-Z).

        Sizes above 35 use whitespace-separated numbers; :mod:`dimacs_sudoku.formats`
        reads every input format (``parse_puzzle``).
        """
        try:
            cells = parse_line(text)
        except ValueError as error:
            raise PuzzleError(str(error)) from None
        n = math.isqrt(len(cells))
        if n * n != len(cells) or not cells:
            m = max(4, round(math.sqrt(len(cells))))
            raise PuzzleError("%d cells, a %dx%d grid needs %d" % (len(cells), m, m, m * m))
        return cls(cells, size=n, box=box)

    def givens_count(self):
        return len(self.cells) - self.cells.count(0)

    def is_complete(self):
        return all(self.cells)

    def __getitem__(self, rc):
        r, c = rc
        return self.cells[r * self.size + c]

    def __eq__(self, other):
        return isinstance(other, Grid) and self.layout == other.layout and self.cells == other.cells

    def __hash__(self):
        return hash(tuple(self.cells))

    def copy(self, cells=None):
        return Grid(self.cells if cells is None else cells, layout=self.layout,
                    source=self.source, line=self.line, row_lines=self.row_lines,
                    symbols=self.symbols, givens=self.givens, rules=self.rules)

    # ---- checks -------------------------------------------------------------

    def clashes(self):
        """Every pair of filled cells in one unit with the same digit, as
        ``(unit name, cell, cell, digit)``, in unit order."""
        found = []
        digit = self.cells.__getitem__
        for name, cells in self.layout.units:
            digits = list(map(digit, cells))
            filled = len(digits) - digits.count(0)
            if len(set(digits)) - (filled < len(digits)) == filled:
                continue                            # no digit twice in this unit
            seen = {}
            for cell in cells:
                d = self.cells[cell]
                if d:
                    if d in seen:
                        found.append((name, seen[d], cell, d))
                    else:
                        seen[d] = cell
        return found

    def check_givens(self):
        """Raise :class:`~dimacs_sudoku.errors.Contradiction` (no solution, exit 4)
        naming the clashing cells if two givens share a digit in a unit, at the line
        of the second cell's row when rows were read from lines of their own.

        Readers do not call it: clashing givens are a puzzle without a solution, not
        unreadable input, and every command that solves or encodes checks them."""
        clash = self.clashes()
        if clash:
            name, a, b, d = clash[0]
            more = " (and %d more clashes)" % (len(clash) - 1) if len(clash) > 1 else ""
            line = self.row_lines[b // self.size] if self.row_lines else self.line
            raise Contradiction("contradictory givens: %s and %s both hold %s in %s%s"
                                % (cell_name(self.size, a), cell_name(self.size, b),
                                   symbol(d, self.size), name, more),
                                cell=b, unit=name, digit=d, source=self.source, line=line)

    def check_solution(self, givens=None):
        """Raise :class:`InvalidModel` naming the first bad cell or unit unless this is a
        complete grid obeying the rules and agreeing with ``givens`` (a Grid)."""
        n = self.size
        for cell, d in enumerate(self.cells):
            if not d:
                raise InvalidModel("cell %s has no digit" % cell_name(n, cell))
        if givens is not None:
            if givens.size != n:
                raise InvalidModel("the solution is %dx%d but the puzzle is %dx%d"
                                   % (n, n, givens.size, givens.size))
            for cell, (d, g) in enumerate(zip(self.cells, givens.cells)):
                if g and d != g:
                    raise InvalidModel("cell %s holds %s but the given is %s"
                                       % (cell_name(n, cell), symbol(d, n), symbol(g, n)))
        clash = self.clashes()
        if clash:
            name, a, b, d = clash[0]
            raise InvalidModel("%s holds %s twice (%s and %s)"
                               % (name, symbol(d, n), cell_name(n, a), cell_name(n, b)))
        rules = self.rules or (givens.rules if givens is not None else ())
        if rules:
            problems = rule_violations(self.cells, self.layout, rules)
            if problems:
                more = " (and %d more)" % (len(problems) - 1) if len(problems) > 1 else ""
                raise InvalidModel("the grid breaks a rule: %s%s" % (problems[0], more))

    # ---- text forms ---------------------------------------------------------

    def to_line(self, symbols=None):
        """The one-line form: N² symbols, ``.`` blank; above 35, numbers and spaces.

        ``symbols`` picks a notation (``grid.symbols`` is the one it was read in);
        without it the line is in the canonical ``1-9A-Z``, which every reader takes.
        """
        n = self.size
        if symbols is None and n <= MAX_SINGLE_CHAR:
            return "".join(SYMBOLS[d - 1] if d else "." for d in self.cells)
        if symbols is None:
            return " ".join(str(d) for d in self.cells)
        return line_text(self.cells, n, check_symbols(symbols, n))

    def to_text(self, symbols=None):
        """The boxed grid for people, in ``symbols`` (default: the grid's own)."""
        n = self.size
        symbols = check_symbols(symbols or self.symbols, n)
        br, bc = self.layout.box
        if self.layout.regions is not None and br == 1:
            br = n      # a prime N's nominal 1xN boxes are no units: no rule between rows
        width = max(len(symbol(d, n, symbols)) for d in range(1, n + 1))
        rule = "+" + "+".join(["-" * ((width + 1) * bc + 1)] * (n // bc)) + "+"
        lines = [rule]
        for r in range(n):
            row = self.cells[r * n:(r + 1) * n]
            parts = []
            for b in range(0, n, bc):
                parts.append(" ".join(symbol(d, n, symbols).rjust(width)
                                      for d in row[b:b + bc]))
            lines.append("| " + " | ".join(parts) + " |")
            if (r + 1) % br == 0:
                lines.append(rule)
        return "\n".join(lines)

    def to_json(self, givens=None):
        """A dict for JSON output: size, box, rows of numbers, the line form."""
        n = self.size
        out = {"size": n, "box": list(self.layout.box),
               "grid": [self.cells[r * n:(r + 1) * n] for r in range(n)],
               "line": self.to_line()}
        if givens is not None:
            out["givens"] = givens.to_line()
        if self.symbols:
            out["symbols"] = self.symbols
        if self.rules:
            out["rules"] = [rule.to_line() for rule in self.rules]
        return out

    def __str__(self):
        return self.to_text()

    # Notebooks show the picture; a solution's ``givens`` are drawn bold, the digits
    # a solver filled in blue.
    def _repr_svg_(self):
        from ..pictures.svg import to_svg
        return to_svg(self, self.givens)

    def _repr_html_(self):
        from ..pictures.svg import to_html
        return to_html(self, self.givens)

    def __repr__(self):
        return self.to_text()


def grid_argument(value, function):
    """``value`` when it is a Grid, else the TypeError of :mod:`.arguments` naming
    ``function``."""
    return arguments.instance(value, Grid, function,
                              "a Grid (from parse_puzzle or Grid(cells))")


def rule_violations(cells, layout, rules):
    """The violations of ``rules`` in the complete grid ``cells`` on ``layout``, each
    checked by the rule's own checker from the digits (never from clauses): one text
    per violation, naming the rule and its cells; ``[]`` when every rule holds.

    The units of the layout (rows, columns, boxes or regions, extra units) are not
    looked at here: :meth:`Grid.check_solution` checks those. This is the one
    function a grid checker calls for the rules a grid carries; it reaches each rule
    through the rule protocol (:class:`dimacs_sudoku.rules.base.Rule`: ``link``
    and ``check``), importing no rule module.

    >>> from dimacs_sudoku.rules import parse_rule
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
