"""Killer cages: no digit twice in a cage, and the digits add up to its total when it
has one.

Encoding. Distinct digits: one binary clause ``-x(a,d) -x(b,d)`` per pair of cells and
digit, leaving out the pairs that already share a row, column or box. The total: the
allowed digit sets (the k-element subsets of 1..N adding up to the total), one new
variable s per set, and

- ``s₁ ∨ … ∨ sₘ``: some set is used;
- ``-s ∨ x(c, d₁) ∨ … ∨ x(c, dₖ)`` for each set and cell: every cell takes a digit of it;
- ``-s ∨ x(c₁, d) ∨ … ∨ x(cₖ, d)`` for each set and digit d of it: the digit is in the
  cage (implied by the rest, since k distinct digits of a k-set are all of it; written
  because unit propagation then places a set's digit that has one cell left, which
  took the median search of a batch of generated 9x9 killers down by a third);
- ``-x(c, d) ∨ s…`` (the sets holding d) for each cell and digit: a digit leads to the
  sets that have it; a digit in no set becomes the unit clause ``-x(c, d)``.

With distinct digits in k cells the cage then holds exactly one set. That is
1 + 2·m·k + k·N clauses and m new variables for m sets; one set only needs none, just
the unit clauses of the digits outside it and one clause per digit of it. A 9x9 cage
of 3 cells with total 15 has 8 sets: 8 new variables and 76 clauses (the 9 pairwise
clauses of each pair not sharing a unit come on top). Above :data:`MAX_SETS` sets
(large cages on large grids) the running-sum encoding of :mod:`.sums` takes over.

>>> rule = Killer.parse(9, ["15", "r1c1", "r1c2", "r2c1"])
>>> rule.to_line(), len(digit_sets(9, 3, 15, MAX_SETS))
('killer 15 r1c1 r1c2 r2c1', 8)
>>> rule.check([5, 6, 4] + [0] * 6 + [1] + [0] * 71, 9, (3, 3))
['killer 15 r1c1 r1c2 r2c1: the digits add up to 12, not 15']
"""

import functools
from itertools import repeat
from operator import neg

from ..errors import PuzzleError
from .base import (Rule, fp_cell_names, fp_cells, fp_value, layout_pairs, parse_cells, repeated,
                   split_numbers)
from .sums import sum_layers

MAX_SETS = 2000


@functools.lru_cache(maxsize=4096)
def digit_sets(size, k, total, limit):
    """The sets of k distinct digits 1..N adding up to ``total``, in increasing order,
    or None when there are more than ``limit``."""
    found = []

    def extend(start, chosen, left, rest):
        if rest == 0:
            if left == 0:
                found.append(tuple(chosen))
            return len(found) <= limit
        # The smallest and largest sums of ``rest`` digits from ``start`` up.
        lowest = rest * start + rest * (rest - 1) // 2
        highest = rest * size - rest * (rest - 1) // 2
        if left < lowest or left > highest:
            return True
        for d in range(start, size + 1):
            if d > left:
                break
            chosen.append(d)
            going = extend(d + 1, chosen, left - d, rest - 1)
            chosen.pop()
            if not going:
                return False
        return True

    return found if extend(1, [], total, k) else None


def total_clauses(var, new_var, size, cells, total, limit=None):
    """The clauses making distinct digits of ``cells`` add up to ``total`` (by running
    sums above ``limit`` digit sets, by default :data:`MAX_SETS`)."""
    sets = digit_sets(size, len(cells), total, MAX_SETS if limit is None else limit)
    if sets is None:
        last, clauses = sum_layers(var, new_var, size, cells, total, total)
        yield from clauses
        return
    if not sets:
        yield from ([-var(cells[0], d)] for d in range(1, size + 1))
        return
    if len(sets) == 1:
        yield from ([-var(c, d)] for c in cells for d in range(1, size + 1) if d not in sets[0])
        yield from ([var(c, d) for c in cells] for d in sets[0])
        return
    chosen = [new_var() for _ in sets]
    yield list(chosen)
    for s, digits in zip(chosen, sets):
        yield from ([-s] + [var(c, d) for d in digits] for c in cells)
        yield from ([-s] + [var(c, d) for c in cells] for d in digits)
    holding = [[s for s, digits in zip(chosen, sets) if d in digits]
               for d in range(size + 1)]
    for c in cells:
        for d in range(1, size + 1):
            yield [-var(c, d)] + holding[d]


@functools.lru_cache(maxsize=1024)
def total_template(size, k, total, limit):
    """``(clauses, aux)``: :func:`total_clauses` for any k cells, once per (size, k,
    total): literal ``1 + i*N + d - 1`` is digit d of the cage's i-th cell, and the
    ``aux`` new variables follow them (see :func:`literal_table`)."""
    count = [k * size]

    def new_var():
        count[0] += 1
        return count[0]

    def var(i, d):
        return 1 + i * size + d - 1

    clauses = tuple(map(tuple, total_clauses(var, new_var, size, list(range(k)), total,
                                             limit)))
    return clauses, count[0] - k * size


def literal_table(lits):
    """A list t with ``t[x] = lits[x - 1]`` and ``t[-x] = -lits[x - 1]`` for x in
    1..len(lits), so that a template clause becomes a real one by ``map(t.__getitem__,
    clause)``, in C.

    >>> t = literal_table([7, 9])
    >>> list(map(t.__getitem__, (1, -2, 2, -1)))
    [7, -9, 9, -7]
    """
    return [0] + lits + [-v for v in reversed(lits)]


class Killer(Rule):
    name = "killer"
    aliases = ("cage",)
    fpuzzles_keys = ("killercage",)

    def __init__(self, size, cells, total=None):
        super().__init__(size)
        if len(cells) > size:
            raise PuzzleError("a cage of %d cells cannot hold %d different digits"
                              % (len(cells), size))
        self.cells = list(cells)
        self.total = total

    @classmethod
    def parse(cls, size, args):
        numbers, rest = split_numbers(args)
        if len(numbers) > 1:
            raise PuzzleError("takes one total, then the cells")
        return cls(size, parse_cells(rest, size), numbers[0] if numbers else None)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        return [cls(size, fp_cell_names(value, "cells", size),
                    fp_value(value))]

    def to_line(self):
        total = "" if self.total is None else "%d " % self.total
        return "killer " + total + self.cells_text(self.cells)

    def to_fpuzzles(self):
        item = {"cells": fp_cells(self.size, self.cells)}
        if self.total is not None:
            item["value"] = str(self.total)
        return [("killercage", item)]

    def clauses(self, var, new_var, layout):
        # The same clauses as distinct_cells and total_clauses, from the cage's
        # literals looked up once, and the total's template (cached per cage length
        # and total) filled in by C-level maps.
        n = layout.size
        cells = self.cells
        digits = range(1, n + 1)
        lits = [[var(c, d) for d in digits] for c in cells]
        shared = layout_pairs(layout)
        out = []
        for i, a in enumerate(cells):
            for j in range(i + 1, len(cells)):
                b = cells[j]
                if (min(a, b), max(a, b)) not in shared:
                    out += map(list, zip(map(neg, lits[i]), map(neg, lits[j])))
        if self.total is not None:
            template, aux = total_template(n, len(cells), self.total, MAX_SETS)
            flat = [v for row in lits for v in row]
            flat += [new_var() for _ in range(aux)]
            out += map(list, map(map, repeat(literal_table(flat).__getitem__), template))
        return out

    def check(self, cells, size, box):
        found = []
        twice = repeated(cells, self.cells)
        if twice:
            found.append(self.violation("digit %d twice" % cells[twice[0]], twice))
        total = sum(cells[c] for c in self.cells)
        if self.total is not None and total != self.total:
            found.append(self.violation("the digits add up to %d, not %d"
                                        % (total, self.total)))
        return found

    def svg(self, geometry):
        return geometry.cage(self.cells, None if self.total is None else str(self.total))


RULES = (Killer,)
