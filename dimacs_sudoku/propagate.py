"""Candidates from the givens, and naked and hidden singles to a fixpoint.

A candidate set is a bitmask per cell: bit ``d - 1`` set when digit d may still go
there; a filled cell has one bit. Two rules place digits until neither applies:

- naked single: a cell with one candidate left holds it;
- hidden single: a digit with one place left in a unit (row, column, box, or any
  extra unit of the layout) goes there.

These are exactly what unit propagation does on the extended encoding, so a puzzle
they solve has one solution; a puzzle they bring to a contradiction (a cell with no
candidate, a digit with no place in a unit) has none, and :class:`Contradiction`
(a :class:`~dimacs_sudoku.errors.NoSolution`, exit code 4) names the cell or unit.
Givens that clash directly are a Contradiction too, naming the two cells.

Two engines give the same results. Standard grids up to 16x16 keep every candidate
in one Python integer seen four ways (:class:`SwarEngine`): each wave of singles is a
few dozen whole-integer operations, the fast path of the batch solver. Other grids keep
one N-bit mask per cell, a used-digit mask per unit and a place mask per (unit, digit)
(:class:`UnitEngine`): each placement finds the peers it affects in the place masks,
and each candidate is eliminated once (a 400x400 grid propagates in about 2 seconds).

>>> from dimacs_sudoku.core.grid import Grid
>>> result = propagate(Grid.from_line("1..4" "4..." "...3" "3..1"))
>>> "".join(map(str, result.cells))
'1234431221433421'
>>> [bin(m) for m in candidates(Grid.from_line("1..4" "4..." "...3" "3..1"))[:3]]
['0b1', '0b110', '0b110']
>>> propagate(Grid.from_line("12.." "..3." "...." "...."))  # r1c3 is 4, then r1c4 3
Traceback (most recent call last):
  ...
dimacs_sudoku.errors.Contradiction: no solution: no digit fits r1c4
"""

from collections import namedtuple
from functools import reduce
from itertools import chain, compress, repeat
from operator import and_, or_

from .errors import Contradiction  # noqa: F401 (raised here, and imported from here)
from .core.grid import symbol
from .core.layout import cell_name, layout_key

_BITS = bytes.maketrans(b"01", b"\0\1")

Propagation = namedtuple("Propagation", "cells candidates placed")
Propagation.__doc__ = """The fixpoint: ``cells`` (digits, 0 for open), ``candidates``
(a bitmask per cell) and ``placed`` (how many digits the singles added)."""


def _clash(layout, cells, grid):
    """Raise the Contradiction of ``grid.check_givens`` for givens that clash."""
    from .core.grid import Grid
    if grid is None or list(grid.cells) != list(cells):
        grid = Grid(cells, layout=layout, source=getattr(grid, "source", None),
                    line=getattr(grid, "line", None), row_lines=getattr(grid, "row_lines", None))
    grid.check_givens()
    raise AssertionError("givens clash but check_givens found nothing")


def no_fit(size, cell, grid=None):
    return Contradiction("no digit fits %s" % cell_name(size, cell), cell=cell,
                         source=getattr(grid, "source", None), line=getattr(grid, "line", None))


def no_place(size, unit_name, digit, grid=None):
    return Contradiction("digit %s has no place in %s" % (symbol(digit, size), unit_name),
                         unit=unit_name, digit=digit, source=getattr(grid, "source", None),
                         line=getattr(grid, "line", None))


# ---- the four-view engine, for standard grids up to 16x16 --------------------

class Inconsistent(Exception):
    """Raised by :class:`SwarEngine` when the singles meet a contradiction (no message:
    the batch solver only needs "no solution"; :func:`propagate` asks the per-cell
    engine for the message)."""


def _one_bit(X, G, L, F):
    """The guard bits of the fields of ``X`` that hold exactly one bit (``G``: every
    field's guard, ``L``: every field's lowest bit, ``F`` = G - L: every field full;
    X has no guard bit set): ``t = (X|G) - L`` is each field less one, guard kept if the
    field was not empty; ``X & t`` is each field less its lowest bit, and adding F
    carries into the guard where that is not empty (two bits or more)."""
    t = (X | G) - L
    return (t ^ ((X & t) + F)) & G


class SwarEngine:
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
        n = layout.size
        R, C = layout.box
        nn = n * n
        W = n + 1
        self.layout = layout
        self.size = n
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

    def hidden_pairs(self, X):
        """``X`` less the other digits of the two cells of every hidden pair.

        A row, column or box field with two bits (a digit's two places in a unit) that
        equals the field k digits on (another digit, the same unit) is a hidden pair:
        one compare per k covers every unit of the three views. Pairs are few, and each
        is settled on its own.

        >>> from dimacs_sudoku.core.grid import Layout
        >>> engine = SwarEngine(Layout(4))
        >>> X = engine.full
        >>> for q in (8, 9, 12, 13):          # no 1 or 2 in r1c3 and r1c4 ...
        ...     X &= ~engine.bits[q]
        >>> engine.masks(engine.hidden_pairs(X), [0] * 16)[:4]   # ... so r1c1, r1c2: 1, 2
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


# ---- the per-cell engine, for large grids -----------------------------------

class UnitEngine:
    """Singles over a bitmask per cell, a used-digit mask per unit and a place mask per
    (unit, digit).

    ``cand[c]`` holds the digits cell c may still take; ``places[u*N + d-1]`` the
    positions (indices within unit u) where digit d may still go. Placing a digit
    eliminates it from the open peers that hold it (found from the place masks, not by
    scanning the units) and eliminates the cell's other digits; each elimination clears
    one bit in the cell's mask and one in each of its units' place masks. A cell mask
    left with one bit is a naked single, a place mask left with one bit a hidden single;
    both go on a queue. Every candidate is eliminated at most once, so the work is
    proportional to the candidates, not to waves times unit sizes (a 400x400 grid
    propagates in seconds).
    """

    def __init__(self, layout):
        self.layout = layout
        self.size = layout.size
        self.full = (1 << layout.size) - 1
        self.units = [tuple(cells) for _, cells in layout.units]
        self.units_of = [tuple(us) for us in layout.units_of_cell()]
        n = self.size
        where = [[] for _ in range(layout.cells)]
        bits = [1 << i for i in range(n)]                   # shared, not one per cell
        for u, cells in enumerate(self.units):
            pairs = [(u * n, bit) for bit in bits]
            for c, pair in zip(cells, pairs):
                where[c].append(pair)
        # per cell: (u*N, bit of the cell's position in u) for each of its units
        self.member = [tuple(w) for w in where]

    def used_masks(self, cells, grid=None):
        used = []
        for cells_u in self.units:
            m = 0
            count = 0
            for c in cells_u:
                d = cells[c]
                if d:
                    m |= 1 << (d - 1)
                    count += 1
            if bin(m).count("1") != count:
                _clash(self.layout, cells, grid)
            used.append(m)
        return used

    def start(self, cells, grid=None):
        """``(cand, used)``: candidate masks from the givens and used masks per unit."""
        used = self.used_masks(cells, grid)
        full = self.full
        units_of = self.units_of
        cand = []
        for c, d in enumerate(cells):
            if d:
                cand.append(1 << (d - 1))
                continue
            m = full
            for u in units_of[c]:
                m &= ~used[u]
            if not m:
                raise no_fit(self.size, c, grid)
            cand.append(m)
        return cand, used

    def check_units(self, cells, cand, used, grid=None, which=None):
        """Raise Contradiction if a unit (of ``which``, default all) has a digit
        neither placed nor possible."""
        full = self.full
        units = self.units
        for u in (range(len(units)) if which is None else which):
            have = used[u]
            if have == full:
                continue
            for c in units[u]:
                if not cells[c]:
                    have |= cand[c]
            if have != full:
                missing = full & ~have
                raise no_place(self.size, self.layout.units[u][0],
                               (missing & -missing).bit_length(), grid)

    def place_masks(self, cells, cand):
        """The place mask of every (unit, digit): ``places[u*N + d-1]``."""
        n = self.size
        member = self.member
        places = [0] * (len(self.units) * n)
        for c, m in enumerate(cand):
            if cells[c]:
                continue
            here = member[c]
            while m:
                low = m & -m
                m ^= low
                k = low.bit_length() - 1
                for base, bit in here:
                    places[base + k] |= bit
        return places

    def fixpoint(self, cells, cand, used, hidden=True, grid=None):
        """Place singles until none is left; updates ``cells``, ``cand`` and ``used``
        in place and returns how many digits were placed."""
        n = self.size
        units = self.units
        member = self.member
        places = self.place_masks(cells, cand)
        queue = []                       # (cell, digit bit, unit index or -1)
        push = queue.append
        for c, m in enumerate(cand):
            if not cells[c] and not m & (m - 1):
                push((c, m, -1))
        if hidden:
            for key, pm in enumerate(places):
                if pm and not pm & (pm - 1):
                    u, k = divmod(key, n)
                    if not used[u] >> k & 1:
                        push((units[u][pm.bit_length() - 1], 1 << k, u))
        queue.reverse()                  # pop() takes them in the order found
        pop = queue.pop
        placed_count = 0

        def fail(c, u, bit):
            if u < 0:
                return no_fit(n, c, grid)
            return no_place(n, self.layout.units[u][0], bit.bit_length(), grid)

        while queue:
            c, bit, u = pop()
            d = cells[c]
            if d:
                if d == bit.bit_length():
                    continue
                raise fail(c, u, bit)
            m = cand[c]
            if not m & bit:
                raise fail(c, u, bit)
            cells[c] = bit.bit_length()
            cand[c] = bit
            placed_count += 1
            here = member[c]
            # the cell's other digits leave its units' place masks
            others = m ^ bit
            while others:
                low = others & -others
                others ^= low
                k = low.bit_length() - 1
                for base, pbit in here:
                    key = base + k
                    pm = places[key] & ~pbit
                    places[key] = pm
                    if hidden and pm and not pm & (pm - 1):
                        w = base // n
                        if not used[w] & low:
                            push((units[w][pm.bit_length() - 1], low, w))
            # the digit leaves the open peers that still hold it
            k = bit.bit_length() - 1
            for base, pbit in here:
                used[base // n] |= bit
            for base, pbit in here:
                key = base + k
                pm = places[key] & ~pbit
                places[key] = 0
                if not pm:
                    continue
                cells_u = units[base // n]
                while pm:
                    low = pm & -pm
                    pm ^= low
                    p = cells_u[low.bit_length() - 1]
                    mp = cand[p]
                    if not mp & bit or cells[p]:
                        continue
                    mp ^= bit
                    cand[p] = mp
                    if not mp:
                        raise no_fit(n, p, grid)
                    if not mp & (mp - 1):
                        push((p, mp, -1))
                    for base2, pbit2 in member[p]:
                        key2 = base2 + k
                        pm2 = places[key2] & ~pbit2
                        places[key2] = pm2
                        if hidden and pm2 and not pm2 & (pm2 - 1):
                            w = base2 // n
                            if not used[w] & bit:
                                push((units[w][pm2.bit_length() - 1], bit, w))
        return placed_count


# ---- the public functions -------------------------------------------------------

_ENGINES = {}


def is_standard(layout):
    """Rows, columns and boxes only (no jigsaw regions instead of the boxes)."""
    return len(layout.units) == 3 * layout.size and getattr(layout, "regions", None) is None


def engine(layout, kind=None):
    """The engine for ``layout`` (cached): ``"swar"`` for standard grids up to 16x16,
    else ``"unit"``."""
    if kind is None:
        kind = ("swar" if is_standard(layout) and layout.size <= SwarEngine.MAX_SIZE
                else "unit")
    key = (kind, layout_key(layout))
    found = _ENGINES.get(key)
    if found is None:
        found = _ENGINES[key] = (SwarEngine if kind == "swar" else UnitEngine)(layout)
        if len(_ENGINES) > 32:
            _ENGINES.pop(next(iter(_ENGINES)))
    return found


def candidates(grid):
    """The candidate bitmask of every cell from the givens alone (bit d-1 for digit
    d; a given's cell has its digit only).

    Raises Contradiction for clashing givens and for an open cell with no
    candidate or a unit with no place for a digit.

    The same result as the unit engine's ``start`` and ``check_units``, without
    building the engine (half a million tuples at 400x400): each unit's used digits
    are one ``reduce`` over its cells, and the rows, columns and boxes block each cell
    through whole-list ``map`` calls, so no Python code runs per cell and unit.
    """
    layout = grid.layout
    n = layout.size
    cells = grid.cells
    full = (1 << n) - 1
    bits = [0] + [1 << i for i in range(n)]
    given = list(map(bits.__getitem__, cells))
    pick = given.__getitem__
    used = []
    for _, unit in layout.units:
        found = list(map(pick, unit))
        mask = reduce(or_, found)
        if mask.bit_count() != n - found.count(0):
            _clash(layout, cells, grid)
        used.append(mask)
    rows, columns, boxes = used[:n], used[n:2 * n], used[2 * n:3 * n]
    blocked = list(map(or_, map(or_, chain.from_iterable(map(repeat, rows, repeat(n))),
                                columns * n), map(boxes.__getitem__, layout.box_of_cell())))
    for k in range(3 * n, len(layout.units)):
        mask = used[k]
        for c in layout.units[k][1]:
            blocked[c] |= mask
    cand = [bit or full & ~mask for bit, mask in zip(given, blocked)]
    if 0 in cand:
        raise no_fit(n, cand.index(0), grid)
    for k, (name, unit) in enumerate(layout.units):
        have = reduce(or_, map(cand.__getitem__, unit))
        if have != full:
            missing = full & ~have
            raise no_place(n, name, (missing & -missing).bit_length(), grid)
    return cand


def propagate(grid, hidden=True, kind=None):
    """Naked singles (and hidden singles, unless ``hidden`` is false) from the givens
    to a fixpoint: a :class:`Propagation` of cells, candidates and the count placed.

    Raises Contradiction for clashing givens and when the singles find
    that the puzzle has no solution."""
    eng = engine(grid.layout, kind)
    if isinstance(eng, SwarEngine) and hidden:
        try:
            X, placed = eng.run(grid.cells)
        except Inconsistent:
            _slow_propagate(grid, hidden)        # raises with a message
            raise Contradiction("the singles contradict each other") from None
        cells = eng.cells_of(grid.cells, placed)
        return Propagation(cells, eng.masks(X, cells), sum(1 for d in cells if d)
                           - grid.givens_count())
    return _slow_propagate(grid, hidden)


def _slow_propagate(grid, hidden):
    eng = engine(grid.layout, "unit")
    cells = list(grid.cells)
    cand, used = eng.start(cells, grid)
    count = eng.fixpoint(cells, cand, used, hidden, grid)
    eng.check_units(cells, cand, used, grid)
    return Propagation(cells, cand, count)
