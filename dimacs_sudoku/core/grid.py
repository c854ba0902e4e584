"""The Grid value: a layout (:mod:`.layout`) and its cells, givens and rules, and
their text forms. A blank cell holds 0; the checks are :mod:`.check`'s.

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

from .. import arguments
from ..errors import PuzzleError
from . import check
from .layout import Layout
from .notation import MAX_SINGLE_CHAR, SYMBOLS, check_symbols, line_text, parse_line, symbol

class Grid:
    """A Sudoku grid: a layout and N² cells, 0 for blank.

    ``source`` and ``line`` say where the grid was read, for messages; ``row_lines``,
    when the grid was read one row per line, gives each row's line, so that a clash
    between givens names the line of the row that holds it.

    ``symbols`` is the notation the grid was read in (None: ``1-9A-Z``; ``hex``,
    ``numbers`` or an alphabet, see :mod:`dimacs_sudoku.core.notation`); the boxed text,
    the pictures and every command's output speak it. ``givens``, on a solution, is
    the puzzle it solves, so that a picture tells givens from solved digits.

    ``removed`` (None for a plain puzzle) is what a pencil-mark puzzle (sukaku) adds:
    per cell, a bitmask of the digits removed from its candidates (bit ``d - 1`` for
    digit d), which no solution may place there; ``pencil_form`` names the pencil-mark
    form it was read in (:mod:`dimacs_sudoku.formats.pencilmarks`), which ``-F
    pencilmarks`` writes back. :meth:`candidates` gives each cell's candidates.

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
    removed = None
    pencil_form = None
    pencil_detail = None    # what a pencil-mark form keeps to write the line back
    drawings = ()       # drawings of its source left out, whose rule only text states

    def __init__(self, cells, size=None, box=None, layout=None, source=None, line=None,
                 row_lines=None, symbols=None, givens=None, rules=None, removed=None,
                 pencil_form=None, pencil_detail=None):
        cells = list(arguments.iterable(cells, "Grid", "the cells as a list of digits (0 blank)"))
        if layout is None:
            if size is None:
                size = math.isqrt(len(cells))
            layout = Layout(size, box)
        self.layout = layout
        self.size = layout.size
        check.check_shape(cells, layout, source, line)
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
        if removed is not None:
            check.check_removed(removed, layout, source, line)
            self.removed = list(removed)
            self.pencil_form = pencil_form
            self.pencil_detail = pencil_detail

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

    def candidates(self):
        """Each cell's candidates as a bitmask (bit ``d - 1`` for digit d): a given's
        digit alone, else every digit but the ``removed`` ones.

        >>> g = Grid([1] + [0] * 15, removed=[0, 0b0011] + [0] * 14)
        >>> [bin(m) for m in g.candidates()[:3]]
        ['0b1', '0b1100', '0b1111']
        """
        full = (1 << self.size) - 1
        removed = self.removed or [0] * len(self.cells)
        return [1 << (d - 1) if d else full & ~r for d, r in zip(self.cells, removed)]

    def candidates_line(self):
        """The candidates as N³ symbols, N a cell, cell by cell: digit d at place
        d of its cell when it is a candidate, ``.`` where it is not (tdoku's
        pencil-mark line for a 9x9 grid); N up to 35.

        >>> Grid([1] + [0] * 15, removed=[0, 0b0011] + [0] * 14).candidates_line()[:12]
        '1.....341234'
        """
        n = self.size
        return "".join(SYMBOLS[d] if mask >> d & 1 else "."
                       for mask in self.candidates() for d in range(n))

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

    def __reduce__(self):
        # Pickled (a puzzle sent to a --jobs worker) with its digits as bytes when
        # they fit, a fifth of the list's pickle, and its other attributes as they are.
        state = dict(self.__dict__)
        cells = state.pop("cells")
        if self.size < 256:
            cells = bytes(cells)
        return _unpickled_grid, (cells, state)

    def copy(self, cells=None):
        return Grid(self.cells if cells is None else cells, layout=self.layout,
                    source=self.source, line=self.line, row_lines=self.row_lines,
                    symbols=self.symbols, givens=self.givens, rules=self.rules,
                    removed=self.removed, pencil_form=self.pencil_form,
                    pencil_detail=self.pencil_detail)

    # ---- checks (core.check's) --------------------------------------------

    def clashes(self):
        """Every pair of filled cells in one unit with the same digit, as
        ``(unit name, cell, cell, digit)``, in unit order (:func:`.check.clashes`)."""
        return check.clashes(self.cells, self.layout)

    def check_givens(self):
        """Raise Contradiction if two givens share a digit in a unit
        (:func:`.check.check_givens`)."""
        check.check_givens(self)

    def check_solution(self, givens=None):
        """Raise InvalidModel unless this is a complete grid obeying the rules and
        agreeing with ``givens`` (:func:`.check.check_solution`)."""
        check.check_solution(self, givens)

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
        from ..pictures.html import to_html
        return to_html(self, self.givens)

    def __repr__(self):
        return self.to_text()


def removed_from_line(text, n):
    """The removed digits of each cell (bitmasks) from the N³ symbols of
    :meth:`Grid.candidates_line`; ValueError names the first bad symbol.

    >>> removed_from_line("1..." + "1234" * 15, 4)[:2]
    [14, 0]
    """
    if len(text) != n ** 3:
        raise ValueError("%d symbols, a %dx%d grid's candidates need %d"
                         % (len(text), n, n, n ** 3))
    removed = []
    for start in range(0, len(text), n):
        mask = 0
        for d, ch in enumerate(text[start:start + n]):
            if ch == ".":
                mask |= 1 << d
            elif ch.upper() != SYMBOLS[d]:
                raise ValueError("bad symbol %r at place %d of cell %d (the digit %s or "
                                 "'.' goes there)" % (ch, d + 1, start // n + 1, SYMBOLS[d]))
        removed.append(mask)
    return removed


def grid_argument(value, function):
    """``value`` when it is a Grid, else the TypeError of :mod:`.arguments` naming
    ``function``."""
    return arguments.instance(value, Grid, function,
                              "a Grid (from parse_puzzle or Grid(cells))")


def _unpickled_grid(cells, state):
    """The Grid a pickle holds (see Grid.__reduce__).

    >>> import pickle
    >>> grid = Grid([1, 0, 0, 4] + [0] * 12, source="p.txt", line=2)
    >>> copy = pickle.loads(pickle.dumps(grid))
    >>> copy == grid, copy.cells == grid.cells, copy.source, copy.line
    (True, True, 'p.txt', 2)
    """
    grid = Grid.__new__(Grid)
    grid.__dict__.update(state)
    grid.cells = list(cells)
    return grid


# What a larger grid costs the verbs that take bounded sizes (analysis, grading).
TOO_LARGE = "larger ones take minutes and gigabytes"


def check_grid_size(grid, most, doing):
    """``grid`` when it is at most ``most`` x ``most``, else a PuzzleError naming its file
    and line, raised before anything is built for it (``doing``: what refuses it).

    >>> check_grid_size(Grid.empty(36), 25, "grading")
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.PuzzleError: grading takes grids up to 25x25, not 36x36 (larger ones take minutes and gigabytes)
    """
    if grid.size > most:
        raise PuzzleError("%s takes grids up to %dx%d, not %dx%d (%s)"
                          % (doing, most, most, grid.size, grid.size, TOO_LARGE),
                          grid.source, grid.line)
    return grid
