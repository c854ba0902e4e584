"""``grid``: N rows of N symbols, with or without separators.

``.sdk`` files with ``#`` metadata, pretty-printed grids with ``|`` bars and
``--+--`` rules (a line of only ``- + = |`` is a rule, never a row of ``-`` blanks),
and boxed grids that leave blanks as spaces. Without ``box``, the box shape follows the
bars and the rules when they fit. Written as the boxed grid of ``Grid.to_text``.

>>> print(write(read_one("1..44......33..1")))
+-----+-----+
| 1 . | . 4 |
| 4 . | . . |
+-----+-----+
| . . | . 3 |
| 3 . | . 1 |
+-----+-----+
"""
NAME = "grid"
DESCRIPTION = "N rows of N symbols; .sdk files, boxed grids"


def detect(lines, found, size):
    """A first line with a ``|`` bar or a rule is a grid."""
    from .rows import RULE
    s = found[1]
    return NAME if "|" in s or RULE.match(s) else None


def read(lines, ctx, lenient):
    from .rows import read_rows
    return read_rows(lines, ctx, NAME, lenient)


def read_one(text):
    """The puzzle of one line (for examples)."""
    from .line import read_one as one
    return one(text)


def write(grid, givens=None, symbols=None):
    return grid.to_text(symbols or grid.symbols)
