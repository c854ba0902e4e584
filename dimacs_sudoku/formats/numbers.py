"""``numbers``: N rows of N whitespace-separated numbers, ``0``, ``.`` or ``_`` blank.

Any N up to 400; written with the numbers right-aligned in columns as wide as N's.

>>> from .line import read_one
>>> print(write(read_one("1..44......33..1")))
1 . . 4
4 . . .
. . . 3
3 . . 1
"""
from .rows import read_rows

NAME = "numbers"
DESCRIPTION = "N rows of N whitespace-separated numbers"


def read(lines, ctx, lenient):
    return read_rows(lines, ctx, NAME, lenient)


def write(grid, givens=None, symbols=None):
    n = grid.size
    width = len(str(n))
    cells = grid.cells
    return "\n".join(" ".join((str(d) if d else ".").rjust(width)
                              for d in cells[r * n:(r + 1) * n]) for r in range(n))
