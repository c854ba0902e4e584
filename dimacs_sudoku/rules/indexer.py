"""Indexer cells (the "159" family): the digit of an indexer cell says where a digit
goes.

- column indexer (``columnindexer``): digit X in row R, column C means that the digit C
  is in row R, column X;
- row indexer (``rowindexer``): digit X in row R, column C means that R is in row X,
  column C;
- box indexer (``boxindexer``): digit X at position P of box B (positions 1..N, row by
  row within the box) means that P is at position X of box B.

Text ``columnindexer r1c1 r2c1 ...`` (the indexer cells; lines of one kind are merged);
f-puzzles items with ``cells`` (or one ``cell``). Encoding: ``-x(cell, X) ∨
x(target, C)``, N binary clauses per indexer cell.

>>> rule = ColumnIndexer.parse(4, ["r1c1"])
>>> rule.check([1, 2, 3, 4] + [0] * 12, 4, (2, 2))
[]
>>> rule.check([3, 1, 2, 4] + [0] * 12, 4, (2, 2))
['columnindexer r1c1: r1c1 holds 3, so r1c3 must hold 1, not 2']
"""

from .parity import CellSet


class Indexer(CellSet):
    def target(self, size, box, cell, digit):
        """The cell the digit points to, and the digit that must be there."""
        raise NotImplementedError

    def clauses(self, var, new_var, layout):
        n = layout.size
        for cell in self.cells:
            for d in range(1, n + 1):
                other, value = self.target(n, layout.box, cell, d)
                if (other, value) != (cell, d):     # a cell pointing at itself is fine
                    yield [-var(cell, d), var(other, value)]

    def check(self, cells, size, box):
        found = []
        for cell in self.cells:
            other, value = self.target(size, box, cell, cells[cell])
            if cells[other] != value:
                found.append(self.violation(
                    "%s holds %d, so %s must hold %d, not %d"
                    % (self.cells_text([cell]), cells[cell], self.cells_text([other]), value,
                       cells[other])))
        return found

    def svg(self, geometry):
        return geometry.shade(self.cells, self.colour, self.name)


class ColumnIndexer(Indexer):
    name = "columnindexer"
    fpuzzles_keys = ("columnindexer",)
    colour = "#f4c7c3"

    def target(self, size, box, cell, digit):
        r, c = divmod(cell, size)
        return r * size + digit - 1, c + 1


class RowIndexer(Indexer):
    name = "rowindexer"
    fpuzzles_keys = ("rowindexer",)
    colour = "#c3dcf4"

    def target(self, size, box, cell, digit):
        r, c = divmod(cell, size)
        return (digit - 1) * size + c, r + 1


class BoxIndexer(Indexer):
    name = "boxindexer"
    fpuzzles_keys = ("boxindexer",)
    colour = "#c9f4c3"

    def target(self, size, box, cell, digit):
        rows, cols = box
        r, c = divmod(cell, size)
        top, left = r - r % rows, c - c % cols
        position = (r - top) * cols + (c - left) + 1
        tr, tc = divmod(digit - 1, cols)
        return (top + tr) * size + left + tc, position


RULES = (ColumnIndexer, RowIndexer, BoxIndexer)
