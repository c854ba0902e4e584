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
"""


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


def numbering(name, size):
    """The numbering called ``name`` for an N x N grid."""
    from .errors import UsageError
    try:
        return NUMBERINGS[name](size)
    except KeyError:
        raise UsageError("unknown numbering %r (choose from %s)"
                         % (name, ", ".join(NUMBERINGS))) from None
