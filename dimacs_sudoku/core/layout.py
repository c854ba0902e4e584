"""The shape of a grid: its size, box shape or regions, and units (rows, columns,
boxes, extra units), and the tables derived from them.

Cells are numbered row by row from 0; rows, columns and digits are 1-based only in
what people read (``r1c4``, digit 7).

>>> lay = Layout(4)
>>> lay.box, cell_name(4, 5)
((2, 2), 'r2c2')
"""

import math
from itertools import chain

from .. import arguments
from ..errors import UsageError

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
    Empty ``regions`` make a Latin square: rows and columns only (``latin`` is True,
    the box shape is a nominal 1xN), and the extra units, if any, start at 2N.

    >>> lay = Layout(4)
    >>> [name for name, _ in lay.units][:5]
    ['row 1', 'row 2', 'row 3', 'row 4', 'column 1']
    >>> lay.units[8]
    ('box 1', (0, 1, 4, 5))
    >>> Layout(4, regions=[("region %d" % k, range(4 * k, 4 * k + 4)) for k in range(4)]).units[8]
    ('region 0', (0, 1, 2, 3))
    >>> square = Layout(5, regions=())
    >>> square.latin, square.box, len(square.units), square.describe()
    (True, (1, 5), 10, '5x5 Latin square (rows and columns, no boxes)')
    """

    # The message refusing a grid read with no box shape, until regions replace its
    # nominal 1xN boxes (see :meth:`dimacs_sudoku.formats.source.Context.layout`).
    unboxed = None

    def __init__(self, size, box=None, extra_units=(), regions=None):
        self.size = check_size(arguments.size(size, "Layout"))
        self.latin = regions is not None and not len(regions)
        if self.latin:
            box = (1, size)
        self.box = tuple(box) if box else default_box(size, regions is not None)
        if self.box[0] * self.box[1] != size:
            raise UsageError("box %dx%d does not fit a %dx%d grid"
                             % (self.box + (size, size)))
        n = size
        br, bc = self.box
        # Cells by slices of one tuple of them (a 400x400 grid has 480,000 unit cells
        # to list): every unit shares its numbers, made once, not once per unit.
        every = tuple(range(n * n))
        units = [("row %d" % (r + 1), every[r * n:r * n + n]) for r in range(n)]
        units += [("column %d" % (c + 1), every[c::n]) for c in range(n)]
        if regions is None:
            for b in range(n):
                top, left = (b // (n // bc)) * br, (b % (n // bc)) * bc
                units.append(("box %d" % (b + 1), tuple(chain.from_iterable(
                    every[(top + i) * n + left:(top + i) * n + left + bc]
                    for i in range(br)))))
        else:
            regions = [(name, tuple(cells)) for name, cells in regions]
            if regions and (len(regions) != n or sorted(
                    c for _, cells in regions for c in cells) != list(range(n * n))):
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
        if self.latin:
            return "%dx%d Latin square (rows and columns, no boxes)" % (self.size, self.size)
        return "%dx%d, boxes %dx%d" % (self.size, self.size, self.box[0], self.box[1])

    def box_of_cell(self):
        """For each cell, the index (from 0) of its box, or of its region; in a Latin
        square (no boxes), of its nominal 1xN box, its row.

        >>> Layout(4).box_of_cell()[:8]
        [0, 0, 1, 1, 0, 0, 1, 1]
        """
        n = self.size
        if self.latin:
            return [cell // n for cell in range(self.cells)]
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

    def __reduce__(self):
        # Pickled (a puzzle sent to a --jobs worker) as what builds it, not with its
        # derived tables; each process builds a layout once (see _built_layout).
        n = self.size
        regions = None if self.regions is None else tuple(self.regions)
        return _built_layout, (n, self.box, tuple(self.units[3 * n:]), regions,
                               self.unboxed)


def layout_key(layout):
    """A hashable key for a layout's units: size, box, and the units beyond the rows,
    columns and boxes (jigsaw regions, extra units), which the rest determine."""
    n = layout.size
    start = 3 * n if getattr(layout, "regions", None) is None else 2 * n   # jigsaw regions
    return (n, layout.box, getattr(layout, "latin", False),
            tuple(cells for _, cells in layout.units[start:]))


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


_BUILT = Recent(16)


def _built_layout(size, box, extra_units, regions, unboxed):
    """The layout an unpickled grid stands on: one object per shape in each process,
    so that what is kept per layout (reducers, checks) is kept for the next puzzle.

    >>> import pickle
    >>> copy = pickle.loads(pickle.dumps(Layout(6, (2, 3))))
    >>> copy == Layout(6, (2, 3)), copy is pickle.loads(pickle.dumps(Layout(6, (2, 3))))
    (True, True)
    """
    def build():
        layout = Layout(size, box, extra_units, regions)
        if unboxed is not None:
            layout.unboxed = unboxed
        return layout
    return _BUILT.get((size, box, extra_units, regions, unboxed), build)
