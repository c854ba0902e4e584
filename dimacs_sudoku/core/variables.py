"""Numbering of the cell variables: which DIMACS variable says "cell (r, c) holds d".

The standard numbering is ``v = (r*N + c)*N + d`` with 0-based row and column and
1-based digit d, so the N³ cell variables are 1..N³ and auxiliary variables of the
at-most-one families are numbered above N³.

The decimal numbering of teaching material writes the 1-based triple as a decimal
number: ``147`` means row 1, column 4 holds 7. Above 9x9 each field gets as many
decimal places as N has: in a 16x16 grid row 1, column 12, digit 3 is ``01 12 03``,
the variable 11203.

>>> Standard(9).var(3, 7), Standard(9).cell_digit(34)
(34, (3, 7))
>>> Decimal(9).var(3, 7), Decimal(9).cell_digit(147)
(147, (3, 7))
>>> Decimal(16).var(11, 3)
11203

Auxiliary variables are numbered above ``max_var`` in both: N³ for the standard
numbering, the decimal number of (N, N, N) for the decimal one (999 for 9x9, 161616
for 16x16), so the decimal numbering leaves most numbers below its maximum unused.

:func:`infer_numbering` tells the two apart from a model alone.
"""

import bisect

from ..errors import InvalidModel
from .layout import cell_name


class Standard:
    """``v = cell*N + d``: cell = r*N + c (0-based), d = 1..N."""

    name = "standard"

    def __init__(self, size):
        self.size = size
        self.max_var = size ** 3

    def var(self, cell, digit):
        return cell * self.size + digit

    def cell_digit(self, var):
        """``(cell, digit)`` of a variable, or None if it is not a cell variable."""
        if 1 <= var <= self.max_var:
            cell, d = divmod(var - 1, self.size)
            return cell, d + 1
        return None


class Decimal:
    """``v = RR CC DD`` in decimal, each field as wide as N's digits (1-based)."""

    name = "decimal"

    def __init__(self, size):
        self.size = size
        self.width = len(str(size))
        self.base = 10 ** self.width
        self.max_var = (size * self.base + size) * self.base + size

    def var(self, cell, digit):
        r, c = divmod(cell, self.size)
        return ((r + 1) * self.base + c + 1) * self.base + digit

    def cell_digit(self, var):
        rc, d = divmod(var, self.base)
        r, c = divmod(rc, self.base)
        n = self.size
        if 1 <= r <= n and 1 <= c <= n and 1 <= d <= n:
            return (r - 1) * n + c - 1, d
        return None


NUMBERINGS = {"standard": Standard, "decimal": Decimal}


def standard_fits(ordered, n):
    """Whether the sorted true variables ``ordered`` are a standard-numbered model of
    an N x N grid: exactly one true variable in each cell's block of N, none other up
    to N³ (those above are auxiliary)."""
    count = bisect.bisect_right(ordered, n ** 3)
    return count == n * n and all((ordered[k] - 1) // n == k for k in range(count))


def standard_size(ordered):
    """The largest N for which ``standard_fits``, or None (N = 1 always fits)."""
    best = None
    n = 2
    while ordered and (n - 1) ** 3 < ordered[-1] and n <= 4096:
        if standard_fits(ordered, n):
            best = n
        n += 1
    return best


def decimal_triples(positives, width):
    """``(max field, cell)`` of each true variable whose fields RR CC DD (``width``
    digits each) are all 1 or more; the others cannot be cell variables."""
    base = 10 ** width
    triples = []
    for v in positives:
        rc, d = divmod(v, base)
        r, c = divmod(rc, base)
        if r < base and r and c and d:
            triples.append((max(r, c, d), r * base + c))
    triples.sort()
    return triples


def decimal_size(positives, size=None):
    """The largest N (or ``size`` only) for which the true variables are a
    decimal-numbered model: among those whose three fields all lie in 1..N, exactly
    one per cell of the N x N grid (N from 2 to 999). Other true variables are ignored:
    auxiliary ones (above the decimal maximum) and the unused numbers below it (a field
    0 or above N), which some solvers (cadical) report true. None when no N fits.

    >>> decimal_size([111, 122, 212, 221])
    2
    >>> decimal_size([1, 2, 100, 111, 122, 212, 221, 1000, 1001])
    2
    >>> decimal_size([111, 122, 212]) is None
    True
    """
    # Widest first: unused numbers of a 16x16 model can look like a small 1-digit grid.
    widths = (len(str(size)),) if size else (3, 2, 1)
    for width in widths:
        triples = decimal_triples(positives, width)
        if size:
            candidates = (size,)
        else:
            candidates = range(10 ** width - 1, max(10 ** (width - 1), 2) - 1, -1)
        for n in candidates:
            count = bisect.bisect_right(triples, (n, float("inf")))
            if count == n * n and len({cell for _, cell in triples[:count]}) == count:
                return n
    return None


def infer_numbering(positives, size=None, numbering=None):
    """``(numbering name, N)`` of a model (its true variables), or None.

    The standard numbering is strict: the N² true variables up to N³ must be one per
    cell. A standard model always satisfies it, and no decimal model does for N ≥ 4
    (the decimal numbers start at 111; the unused numbers below them are reported all
    false by most solvers and all true by cadical, never one per block). So a standard
    fit of N ≥ 4 wins outright; below that the larger of the two fits wins (a solver
    that sets unused variables at random could make a tiny standard grid fit by
    chance). ``size`` and ``numbering`` restrict the search when known.

    >>> infer_numbering([1, 8, 10, 15, 20, 22, 27, 29, 35, 37, 44, 46, 50, 55, 57, 64])
    ('standard', 4)
    >>> infer_numbering([111, 122, 133, 144, 500])
    >>> infer_numbering([112, 121, 211, 222])
    ('decimal', 2)
    """
    ordered = sorted(set(v for v in positives if v > 0))
    standard = None
    if numbering in (None, "standard"):
        if size:
            standard = size if standard_fits(ordered, size) else None
        else:
            standard = standard_size(ordered)
        if standard and (standard >= 4 or numbering == "standard"):
            return "standard", standard
    if numbering in (None, "decimal"):
        decimal = decimal_size(ordered, size)
        if decimal and (standard is None or decimal > standard):
            return "decimal", decimal
    return ("standard", standard) if standard else None


def numbering(name, size):
    """The numbering called ``name`` for an N x N grid."""
    from ..errors import UsageError
    try:
        return NUMBERINGS[name](size)
    except KeyError:
        raise UsageError("unknown numbering %r (choose from %s)"
                         % (name, ", ".join(NUMBERINGS))) from None


def model_shape(positives, size=None, numbering=None, max_var=0):
    """``(numbering name, N)`` of a model, or None: from its true variables, or else
    from the number of variables it assigns when that is N³ (N ≥ 4), the standard
    numbering's count, so that a model with a cell left empty still tells its size
    and decoding names that cell.

    >>> model_shape([1, 6], max_var=64)
    ('standard', 4)
    >>> model_shape([1, 6], max_var=65) is None
    True
    """
    found = infer_numbering(positives, size=size, numbering=numbering)
    if found is None and size is None and numbering in (None, "standard"):
        n = round(max_var ** (1 / 3))
        if n >= 4 and n ** 3 == max_var:
            found = "standard", n
    return found


def model_cells(positives, numbers, source=None, line=None):
    """The N² cells (0: blank) that the true variables ``positives`` fill under the
    numbering ``numbers`` (:class:`Standard` or :class:`Decimal`); variables that are
    no cell variable are left out. Raise InvalidModel naming the first cell given two
    digits (errors name ``source`` and ``line``). The one model -> cells decoding.

    >>> model_cells([1, 4, 6, 7], Standard(2))
    [1, 2, 2, 1]
    >>> model_cells([147, 999], Decimal(9))[3]
    7
    """
    size = numbers.size
    cells = [0] * (size * size)
    if type(numbers) is Standard:
        # v = cell*N + d: the cells and digits by whole-list operations, a piece of
        # the model at a time (a 400x400 grid has 160,000); when fewer cells are
        # filled than literals seen, a cell given twice is looked at one by one.
        top = numbers.max_var
        seen = 0
        for start in range(0, len(positives), 1 << 15):
            low = [v - 1 for v in positives[start:start + (1 << 15)] if 0 < v <= top]
            for cell, d in zip([v // size for v in low], [v % size + 1 for v in low]):
                cells[cell] = d
            seen += len(low)
        if seen != len(cells) - cells.count(0):
            _two_digits((((v - 1) // size, (v - 1) % size + 1) for v in positives
                         if 0 < v <= top), size, source, line)
    else:
        cell_digit = numbers.cell_digit
        for v in positives:
            found = cell_digit(v)
            if found is None:
                continue
            cell, d = found
            if cells[cell] and cells[cell] != d:
                _two_digits([(cell, cells[cell]), (cell, d)], size, source, line)
            cells[cell] = d
    return cells


def _two_digits(pairs, size, source, line):
    """Raise InvalidModel for the first cell of the ``(cell, digit)`` pairs that
    holds two different digits."""
    seen = {}
    for cell, d in pairs:
        if seen.setdefault(cell, d) != d:
            raise InvalidModel("the model is not a solution: cell %s holds both %d and %d"
                               % (cell_name(size, cell), seen[cell], d), source, line)
