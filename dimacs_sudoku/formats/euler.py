"""``euler``: Project Euler problem 96's file, ``Grid 01`` before each 9-line grid.

>>> from .source import Context, Lines
>>> text = ["Grid 01", "003020600", "900305001", "001806400", "008102900",
...         "700000008", "006708200", "002609500", "800203009", "005010300"]
>>> [(g.line, g.givens_count()) for g in read(Lines(text), Context(None, None, None), False)]
[(1, 32)]
>>> write(read_one("1..44......33..1"), number=3).splitlines()[:2]
['Grid 03', '1004']
"""
import re

from .rows import read_rows

NAME = "euler"
DESCRIPTION = "Project Euler 96: 'Grid NN' lines, each before N rows of digits"

HEADER = r"(?i)grid\s*\d+\s*\Z"   # compiled on first use


def detect(lines, found, size):
    s = found[1]
    return NAME if s[:4].lower() == "grid" and re.match(HEADER, s) else None


def read(lines, ctx, lenient):
    return read_rows(lines, ctx, "grid", lenient)


def read_one(text):
    from .line import read_one as one
    return one(text)


def write(grid, givens=None, symbols=None, number=1):
    n = grid.size
    symbols = symbols or grid.symbols
    line = grid.to_line(symbols or grid.symbols or None)
    if symbols != "hex":                  # Euler's blanks are 0, unless 0 is a digit
        line = line.replace(".", "0")
    if " " in line:
        return "Grid %02d\n" % number + "\n".join(
            " ".join(line.split()[r * n:(r + 1) * n]) for r in range(n))
    return "Grid %02d\n" % number + "\n".join(line[r * n:(r + 1) * n] for r in range(n))
