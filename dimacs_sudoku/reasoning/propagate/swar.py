"""The four-view propagator: every candidate of a standard grid up to 16x16 in one
Python integer, each wave of singles a few dozen whole-integer operations (the fast
path of the batch solver).

>>> from dimacs_sudoku.core.grid import Grid
>>> swar = SwarPropagator(Grid.empty(4).layout)
>>> X, placed = swar.run(Grid.from_line("1..4" "4..." "...3" "3..1").cells)
>>> X, len(placed)
(0, 16)
"""

from functools import reduce
from itertools import compress
from operator import and_, or_

from ...errors import Contradiction
from .base import Inconsistent, Propagation, Propagator
from .unit import UnitPropagator

_BITS = bytes.maketrans(b"01", b"\0\1")


def _one_bit(X, G, L, F):
    """The guard bits of the fields of ``X`` that hold exactly one bit (``G``: every
    field's guard, ``L``: every field's lowest bit, ``F`` = G - L: every field full;
    X has no guard bit set): ``t = (X|G) - L`` is each field less one, guard kept if the
    field was not empty; ``X & t`` is each field less its lowest bit, and adding F
    carries into the guard where that is not empty (two bits or more)."""
    t = (X | G) - L
    return (t ^ ((X & t) + F)) & G


class SwarPropagator(Propagator):
    """Singles (and box-line eliminations) over four views of the candidates at once.

    The candidates live in one Python integer made of 4*N² fields of W = N+1 bits (N
    candidate bits and a guard bit): one field per cell (its digits), per (digit, row)
    (its columns), per (digit, column) (its rows) and per (digit, box) (its places).
    A naked single is a cell field with one bit, a hidden single a row, column or box
    field with one bit; SIMD-within-a-register arithmetic finds every field with exactly
    one bit in a handful of whole-integer operations (``(X|G) - L`` turns each field
    into its value minus one without borrowing across the guards). Placing digits
    clears their cells and their peers' bits in all four views with one precomputed mask
    each, folded in by ``functools.reduce``. A placed cell leaves every view, so every
    single found is new; an empty field is either done or a contradiction, told apart
    once, at the end, with the placed bits.

    Box-line eliminations (locked candidates: a digit confined to one row or column of
    a box, or to one box of a row or column) are the same trick one level up: each field
    is folded to one bit per box row / band / stack / box column, and a field with one
    such bit left eliminates the digit from the rest of the crossing unit. They are what
    unit propagation adds on tdoku's "augmented" encoding. Hidden pairs (two digits
    whose only places in a row, column or box are the same two cells, which then hold
    nothing else) go beyond unit propagation: a field with two bits equal to the field
    of another digit of the same unit, found for all units at once by comparing the
    views with themselves shifted by whole digits (:meth:`hidden_pairs`). :meth:`run`
    applies both only when asked (the batch solver does; ``sudoku2cnf --propagate``
    sticks to singles).

    Standard layouts only (rows, columns, boxes; no extra units), N <= 16.
    """

    MAX_SIZE = 16

    def __init__(self, layout):
        super().__init__(layout)
        self._unit = None
        n = layout.size
        R, C = layout.box
        nn = n * n
        W = n + 1
        self.width = W
        fields = 4 * nn
        self.G = G = sum(1 << (f * W + n) for f in range(fields))
        self.L = L = sum(1 << (f * W) for f in range(fields))
        self.full = full = G - L
        part = nn * W
        self.cell_part = (1 << part) - 1 - sum(1 << (f * W + n) for f in range(nn))

        def box_of(r, c):
            return (r // R) * (n // C) + c // C, (r % R) * C + c % C

        pos = []                  # q = cell*N + d -> its four bit positions
        for cell in range(nn):
            r, c = divmod(cell, n)
            b, k = box_of(r, c)
            for d in range(n):
                pos.append((cell * W + d, part + (d * n + r) * W + c,
                            2 * part + (d * n + c) * W + r, 3 * part + (d * n + b) * W + k))
        self.pos = pos
        bits = []
        for ps in pos:
            m = 0
            for p in ps:
                m |= 1 << p
            bits.append(m)
        self.bits = bits
        self.others = [~m for m in bits]     # every bit position but q's four
        # q of every bit position, indexed by position + 1 (what bit_length gives)
        where = [0] * (fields * W + 2)
        for q, ps in enumerate(pos):
            for p in ps:
                where[p + 1] = q
        self.where = where
        self.q_at = where[1:]                # bit position -> q
        units = [cells for _, cells in layout.units]
        digit_in = [[0] * n for _ in units]       # unit, digit -> bits of its cells
        for u, cells in enumerate(units):
            for d in range(n):
                m = 0
                for cell in cells:
                    m |= bits[cell * n + d]
                digit_in[u][d] = m
        cell_all = []
        for cell in range(nn):
            m = 0
            for d in range(n):
                m |= bits[cell * n + d]
            cell_all.append(m)
        self.cell_all = cell_all
        # placing q clears its cell and its digit in its row, column and box
        clear = []
        for cell in range(nn):
            r, c = divmod(cell, n)
            b = box_of(r, c)[0]
            for d in range(n):
                clear.append(full & ~(cell_all[cell] | digit_in[r][d] | digit_in[n + c][d]
                                      | digit_in[2 * n + b][d]))
        self.clear = clear
        self.cell_q = [cell * n - 1 for cell in range(nn)]   # q = cell*N - 1 + digit

        # box-line eliminations: (shifts, origin mask, table position -> mask)
        self.locked = []
        rows = [units[r] for r in range(n)]
        cols = [units[n + c] for c in range(n)]
        boxes = [units[2 * n + b] for b in range(n)]

        def outside(unit_cells, keep, d):
            m = 0
            for cell in unit_cells:
                if cell not in keep:
                    m |= bits[cell * n + d]
            return full & ~m

        fold1 = {}                 # shifts 0..C-1: row bands, box rows
        fold2 = {}                 # shifts 0..R-1: column stacks
        fold3 = {}                 # shifts 0, C, ..: box columns
        for d in range(n):
            for r in range(n):
                for g in range(n // C):
                    b = box_of(r, g * C)[0]
                    fold1[part + (d * n + r) * W + g * C] = outside(boxes[b], set(rows[r]), d)
            for c in range(n):
                for g in range(n // R):
                    b = box_of(g * R, c)[0]
                    fold2[2 * part + (d * n + c) * W + g * R] = outside(boxes[b], set(cols[c]), d)
            for b in range(n):
                top, left = (b // (n // C)) * R, (b % (n // C)) * C
                for i in range(R):
                    fold1[3 * part + (d * n + b) * W + i * C] = outside(rows[top + i],
                                                                        set(boxes[b]), d)
                for j in range(C):
                    fold3[3 * part + (d * n + b) * W + j] = outside(cols[left + j],
                                                                    set(boxes[b]), d)
        if R == C:
            fold1.update(fold2)
            plan = [(tuple(range(C)), fold1), (tuple(i * C for i in range(R)), fold3)]
        else:
            plan = [(tuple(range(C)), fold1), (tuple(range(R)), fold2),
                    (tuple(i * C for i in range(R)), fold3)]
        # Each plan works on X shifted down to its first view (the box columns: the box
        # view alone, a quarter of the integer), with G, L and F shifted alike.
        for shifts, table in plan:
            base = min(table) // part * part
            origins = 0
            lookup = [full] * (fields * W - base + 2)
            for p, m in table.items():
                origins |= 1 << (p - base)
                lookup[p - base + 1] = m
            self.locked.append((base, shifts[1:], origins, lookup,
                                G >> base, L >> base, full >> base))

        # hidden pairs work on X shifted down to the row view (the cells' view left out):
        # its shift and G, L and F shifted alike; per k, the shift from a row, column or
        # box field to the field k digits on (same view, same unit), and the guard bits
        # of the fields that have one
        self.unit_views = (part, G >> part, L >> part, full >> part)
        self.pair_shifts = []
        for k in range(1, n):
            guards = 0
            for view in (1, 2, 3):          # the fields view*N² .. view*N² + (N-k)*N - 1
                guards |= G & ((1 << ((view * nn + (n - k) * n) * W)) - (1 << (view * part)))
            self.pair_shifts.append((k * n * W, guards >> part))

    def start_q(self, cells):
        """The q of every given (``cells``: digits, 0 blank)."""
        return [q + d for q, d in zip(self.cell_q, cells) if d]

    def run(self, cells, locked=False, check_solved=True, pairs=False):
        """Propagate from the givens ``cells``: ``(X, placed)``, the open candidates
        (0 when solved) and the q = cell*N + digit - 1 of every digit placed, givens
        first, each once. ``locked`` adds box-line eliminations, and ``pairs`` (with
        ``locked``) hidden pairs when nothing else applies. Raises
        :class:`Inconsistent`; with ``check_solved`` false, only when candidates are
        left (X = 0 then means "solved, or a contradiction": the caller checks the
        grid, and calls :meth:`check` if it fails)."""
        n = self.size
        G, L, full = self.G, self.L, self.full
        where, others = self.where, self.others
        clear = self.clear
        X = full
        qs = self.start_q(cells)
        placed = []
        fresh = [-1] * len(self.locked)        # the box-line singles not applied yet
        while True:
            if qs:
                X = reduce(and_, map(clear.__getitem__, qs), X)
                placed += qs
                qs = ()
            s = _one_bit(X, G, L, full)
            if s:
                # A digit can be single in up to four views at once: place it once (its
                # four bits leave x together).
                qs = []
                x = X & (s - (s >> n))
                while x:
                    q = where[x.bit_length()]
                    qs.append(q)
                    x &= others[q]
                continue
            if not (locked and X):
                break
            before = X
            for k, (base, shifts, origins, lookup, Gk, Lk, Fk) in enumerate(self.locked):
                Y = Z = X >> base
                for sh in shifts:
                    Y |= Z >> sh
                Y &= origins
                s = _one_bit(Y, Gk, Lk, Fk)
                y = Y & (s - (s >> n)) & fresh[k]
                if y:
                    fresh[k] ^= y
                    while y:
                        top = y.bit_length()
                        X &= lookup[top]
                        y ^= 1 << (top - 1)
            if X == before and pairs:
                X = self.hidden_pairs(X)
            if X == before:
                break
        if X or check_solved:
            self.check(X, placed)
        return X, placed

    def propagate(self, grid, hidden=True):
        """The singles of :meth:`run` as a :class:`Propagation`; without ``hidden``
        (and for the message of a contradiction) the per-cell propagator answers.

        >>> from dimacs_sudoku.core.grid import Grid
        >>> swar = SwarPropagator(Grid.empty(4).layout)
        >>> swar.propagate(Grid.from_line("1..4" "4..." "...3" "3..1")).cells[:4]
        [1, 2, 3, 4]
        """
        if not hidden:
            return self.per_cell().propagate(grid, hidden)
        try:
            X, placed = self.run(grid.cells)
        except Inconsistent:
            self.per_cell().propagate(grid, hidden)        # raises with a message
            raise Contradiction("the singles contradict each other") from None
        cells = self.cells_of(grid.cells, placed)
        return Propagation(cells, self.masks(X, cells), sum(1 for d in cells if d)
                           - grid.givens_count())

    def per_cell(self):
        """The :class:`UnitPropagator` of the same layout (built once, when asked)."""
        if self._unit is None:
            self._unit = UnitPropagator(self.layout)
        return self._unit

    def hidden_pairs(self, X):
        """``X`` less the other digits of the two cells of every hidden pair.

        A row, column or box field with two bits (a digit's two places in a unit) that
        equals the field k digits on (another digit, the same unit) is a hidden pair:
        one compare per k covers every unit of the three views. Pairs are few, and each
        is settled on its own.

        >>> from dimacs_sudoku.core.grid import Layout
        >>> swar = SwarPropagator(Layout(4))
        >>> X = swar.full
        >>> for q in (8, 9, 12, 13):          # no 1 or 2 in r1c3 and r1c4 ...
        ...     X &= ~swar.bits[q]
        >>> swar.masks(swar.hidden_pairs(X), [0] * 16)[:4]   # ... so r1c1, r1c2: 1, 2
        [3, 3, 12, 12]
        """
        base, G, L, F = self.unit_views
        n = self.size
        U = X >> base
        two = _one_bit(U & ((U | G) - L), G, L, F)     # two bits: one less the lowest
        if not two:
            return X
        field = (1 << n) - 1
        q_at, bits, cell_all = self.q_at, self.bits, self.cell_all
        out = X
        for shift, guards in self.pair_shifts:
            m = two & guards
            if not m:
                continue
            Z = U ^ (U >> shift)
            found = m ^ (m & (Z + F))               # ... equal to the field k digits on
            while found:
                top = found.bit_length() - 1
                found ^= 1 << top
                low = top - n                       # the field's first bit
                places = (U >> low) & field
                first = (places & -places).bit_length() - 1
                second = places.bit_length() - 1
                at = base + low
                q1, q2 = q_at[at + first], q_at[at + second]
                d1, d2 = q1 % n, q_at[at + shift + first] % n
                c1, c2 = q1 // n, q2 // n
                out &= ~((cell_all[c1] | cell_all[c2])
                         ^ (bits[c1 * n + d1] | bits[c1 * n + d2]
                            | bits[c2 * n + d1] | bits[c2 * n + d2]))
        return out

    def check(self, X, placed):
        """Raise :class:`Inconsistent` unless every field of the four views holds a
        candidate or one placed digit, and none holds two placed digits."""
        if not placed:
            P = 0
        else:
            P = reduce(or_, map(self.bits.__getitem__, placed))
        G, L = self.G, self.L
        A = X | P
        if ((A | G) - L) & G != G:
            raise Inconsistent()
        t = (P | G) - L
        if (((P & t) | G) - L) & G:
            raise Inconsistent()

    def cells_of(self, cells, placed):
        """The digits of the grid after placing ``placed`` (a new list)."""
        out = list(cells)
        n = self.size
        for q in placed:
            out[q // n] = q % n + 1
        return out

    def masks(self, X, cells):
        """The candidate bitmask of every cell: open cells from ``X``, filled ones from
        ``cells``."""
        n, W = self.size, self.width
        field = (1 << n) - 1
        return [(X >> (cell * W)) & field if not d else 1 << (d - 1)
                for cell, d in enumerate(cells)]

    def open_candidates(self, X):
        """The q of every open candidate, in increasing order."""
        # The cell view's bits as a bytes string of 0 and 1 (lowest bit first) selects
        # the q of each set position, all in C.
        x = X & self.cell_part
        if not x:
            return []
        return list(compress(self.q_at, format(x, "b").encode()[::-1].translate(_BITS)))
