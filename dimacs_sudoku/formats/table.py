"""``table``: the SAT competition 2019 form (sudokusat2019).

Header lines ``experiment:``, ``number of tasks:``, ``task:`` and ``puzzle size: RxC``
(the box shape, so ``4x4`` is a 16x16 grid), then a boxed table of width-padded
numbers between ``|`` bars, ``_`` runs for blanks.

>>> from .line import read_one
>>> print(write(read_one("1..44......33..1")))
experiment: 2x2
number of tasks: 1
task: 1
puzzle size: 2x2
+-----+-----+
| 1 _ | _ 4 |
| 4 _ | _ _ |
+-----+-----+
| _ _ | _ 3 |
| 3 _ | _ 1 |
+-----+-----+
"""
from .rows import HEADER, read_rows

NAME = "table"
DESCRIPTION = "sudokusat2019: 'puzzle size: RxC' headers, a boxed table, _ blanks"

def detect(lines, found, size):
    return NAME if ":" in found[1] and HEADER.match(found[1]) else None


def read(lines, ctx, lenient):
    return read_rows(lines, ctx, NAME, lenient)


def write(grid, givens=None, symbols=None, task=1, tasks=1):
    n = grid.size
    br, bc = grid.layout.box
    width = len(str(n))
    blank = "_" * width
    rule = "+" + "+".join(["-" * ((width + 1) * bc + 1)] * (n // bc)) + "+"
    out = ["experiment: %dx%d" % (br, bc), "number of tasks: %d" % tasks, "task: %d" % task,
           "puzzle size: %dx%d" % (br, bc), rule]
    for r in range(n):
        row = grid.cells[r * n:(r + 1) * n]
        out.append("| " + " | ".join(
            " ".join((str(d) if d else blank).rjust(width) for d in row[b:b + bc])
            for b in range(0, n, bc)) + " |")
        if (r + 1) % br == 0:
            out.append(rule)
    return "\n".join(out)
