"""SudokuPad's classic formats of givens only: SCF (9x9, windoku and the diagonals
as letters) and ``classic`` (either of its two codes)."""

from ...errors import PuzzleError


# SCF: each character a digit (0 a blank) and up to five blanks after it,
# value = digit + 10 * blanks, written 0-9, A-Z, a-z.
_SCF_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

# "classic": digits 1-9, and a run of blanks as one character whose place here is its
# length (version 1); or the SCF alphabet up to x (version 2).
_RUN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"


def _digits_and_blanks(data, stop=None):
    """``(cells, used)``: the cells of SCF-coded ``data`` (0 a blank), read until
    ``stop`` cells, and how many characters that took."""
    cells = []
    for used, ch in enumerate(data):
        if stop is not None and len(cells) >= stop:
            return cells, used
        value = _SCF_CHARS.find(ch)
        if value < 0:
            raise PuzzleError("%r is no cell code (0-9, A-Z, a-z)" % ch)
        cells.append(value % 10)
        cells.extend([0] * (value // 10))
    return cells, len(data)


def read_scf(data):
    """``(cells, rule lines)`` of SudokuPad's old classic format: 81 cells SCF-coded,
    then (after a ``*``, or right after the 81st cell) ``w`` for windoku, ``x`` for
    both diagonals, ``tTITLE*`` and ``aAUTHOR*`` (``**`` a star inside).

    >>> cells, lines = read_scf("1y0000001*xtX-Sudoku*")
    >>> cells[:3], len(cells), lines
    ([1, 0, 0], 81, ['diagonals'])
    """
    givens, star, constraints = data.partition("*")
    cells, used = _digits_and_blanks(givens, None if star else 81)
    if not star:
        constraints = givens[used:]
    if len(cells) > 81 and any(cells[81:]):
        raise PuzzleError("more than 81 cells")
    cells = (cells + [0] * 81)[:81]
    lines, i = [], 0
    while i < len(constraints):
        ch = constraints[i]
        i += 1
        if ch in "wx":
            lines.append({"w": "windoku", "x": "diagonals"}[ch])
        elif ch in "ta":
            while i < len(constraints):        # the text, to a single star
                if constraints[i] == "*":
                    if constraints[i + 1:i + 2] != "*":
                        break
                    i += 1
                i += 1
            i += 1
        else:
            raise PuzzleError("unknown rule: scf constraint %r" % ch)
    return cells, lines


def read_classic(data):
    """The cells of SudokuPad's ``classic`` codes (givens only), telling its two
    versions apart as SudokuPad does: by their alphabets, then by which one gives a
    square number of cells (version 2 first).

    >>> read_classic("1O2")          # version 1: O is 14 blanks (version 2: 5 cells)
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    >>> read_classic("1O2ZZ000")     # version 2: O is 4 and 2 blanks, Z 5 and 3
    [1, 4, 0, 0, 2, 5, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0]
    """
    first = all(ch in "123456789" or ch in _RUN_CHARS for ch in data)
    second = all(ch in _SCF_CHARS[:60] for ch in data)
    if not data or not (first or second):
        raise PuzzleError("not a classic code (digits 1-9 and letters)")

    def version1():
        cells = []
        for ch in data:
            if ch in "123456789":
                cells.append(int(ch))
            else:
                cells.extend([0] * _RUN_CHARS.index(ch))
        return cells
    if first and not second:
        cells = version1()
    else:
        cells = _digits_and_blanks(data)[0]
        if first and int(len(cells) ** 0.5) ** 2 != len(cells):
            cells = version1() if int(len(version1()) ** 0.5) ** 2 == len(version1()) \
                else cells
    size = int(len(cells) ** 0.5)
    if size * size != len(cells) or size < 4:
        raise PuzzleError("%d cells make no square grid of 4x4 or more" % len(cells))
    return cells
