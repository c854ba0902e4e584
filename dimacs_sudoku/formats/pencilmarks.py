"""``pencilmarks``: pencil-mark puzzles (sukaku), every cell a set of candidates.

A pencil-mark puzzle is a Grid whose ``removed`` holds, per cell, the digits taken
out of its candidates (:class:`dimacs_sudoku.core.grid.Grid`); its ``cells`` hold the
givens, which each form defines in its own way. The forms read, each detected per
puzzle (see ``docs/formats.md`` for their sources):

``tdoku``           tdoku's 729 characters: for each cell, 9 places, the digit d at
                    place d where it is a candidate, ``.`` where it was removed; no
                    givens (every cell is its candidates). Sudoku Explainer and
                    Rangsk's SudokuSolver write the same line for a 9x9 puzzle.
``explainer``       Sudoku Explainer's 729 characters with ``0``, ``*`` or ``_`` for a
                    removed candidate (its reader takes any one of them, or ``.``).
``explainer-list``  Sudoku Explainer's 81 candidate lists on one line, separated by
                    blanks (``19 2 3458 ...``).
``hodoku``          HoDoKu's pencil-mark grid: a boxed grid of candidate lists, borders
                    ``.---.``, ``:---+``, ``'---'``.
``hodoku-library``  HoDoKu's library line ``:0000:x:PUZZLE:DELETED::``: PUZZLE the 81
                    cells (a digit, ``+`` before a placed digit that is no given, ``.``
                    or ``0``), DELETED the removed candidates as digit-row-column
                    triples (``512 619``).
``rangsk``          Rangsk's SudokuSolver candidates string (``-a``): N³ characters as
                    tdoku's (6x6, 8x8; a 9x9 line is read as tdoku's), two characters
                    a place (``01``..``16``, ``..``) from 10x10 on.

Givens: tdoku has none; Sudoku Explainer and HoDoKu's grid make a cell with one
candidate a given when no other open cell of its row, column or box has that
candidate (cell by cell, a cell made a given no longer counting); HoDoKu's library
line says which cells are givens (no ``+``); Rangsk makes every cell with one
candidate a given.

>>> from .source import Context, Lines
>>> line = "1........" * 81
>>> grid = next(read(Lines([line]), Context(None, None, None), False))
>>> grid.pencil_form, grid.givens_count(), grid.removed[0]
('tdoku', 0, 510)
>>> write(grid) == line
True
"""
import re

from ..core.notation import SYMBOLS
from ..errors import PuzzleError, UsageError

NAME = "pencilmarks"
DESCRIPTION = "pencil-mark puzzles: tdoku, Sudoku Explainer, HoDoKu and Rangsk forms"

# The forms written (each an output format of its own; "pencilmarks" writes a grid in
# the form it was read in, tdoku's for a 9x9 grid read otherwise, else Rangsk's).
FORMS = ("tdoku", "explainer", "explainer-list", "hodoku", "hodoku-library", "rangsk")

_MARKERS = ".0*_"
_LINE_CHARS = frozenset(".0*_123456789")
_BORDER = re.compile(r"[.:'*+|-]*-{3}[-.:'*+|]*\Z")
_DIGITS = frozenset("123456789")


# ---- detection ------------------------------------------------------------------

def one_line(s, amid=False):
    """The form of the one-line pencil-mark puzzle ``s`` (stripped), or None: a
    729-character line of digits and markers, a library line, a candidate list.
    ``amid``: ``s`` comes amid another format's lines, where a row of an 81x81 grid of
    numbers looks like a candidate list with many cells left with none (``.``)."""
    if s[:1] == ":":
        return "hodoku-library" if s.count(":") in (6, 7) else None
    if len(s) == 729 and _LINE_CHARS.issuperset(s):
        marks = set(s) - _DIGITS
        return "tdoku" if marks <= {"."} else "explainer"
    if (len(s) in (216, 512) or len(s) > 729 and len(s) % 2 == 0) and _rangsk_size(s):
        return "rangsk"
    if len(s) >= 161:
        tokens = s.split()
        if len(tokens) != 81:       # (first: a row of a large grid has N tokens)
            return None
        lists = sum(len(t) > 1 for t in tokens)
        if lists and not (amid and tokens.count(".") > lists) \
                and all(_DIGITS.issuperset(t) or t == "." for t in tokens):
            return "explainer-list"
    return None


def _rangsk_size(s):
    """N of a line of Rangsk's form: N³ characters for a 6x6 or 8x8 grid (a 4x4 one
    would be an 8x8 line puzzle's 64), 2N³ from 10x10 on; else None."""
    if not set(s) <= _LINE_CHARS - {"*", "_"}:
        return None
    if len(s) in (216, 512):
        return round(len(s) ** (1 / 3))
    n = round((len(s) // 2) ** (1 / 3))
    return n if n >= 10 and 2 * n ** 3 == len(s) else None


def _pm_border(s):
    return s[:1] in ".:'*+" and _BORDER.match(s) is not None


def detect(lines, found, size):
    """``pencilmarks`` for a one-line form, or a HoDoKu grid: a border line then a
    row of 9 candidate lists, one of them of two digits or more."""
    i, s = found
    form = one_line(s)
    if form == "explainer-list" and one_line(s, amid=True) is None:
        after = lines.significant(i + 1)
        if after is not None and len(after[1].split()) == 81:
            return None         # the first row of an 81x81 grid of numbers
    if form:
        return NAME
    if _pm_border(s):
        # (a boxed grid whose cells are all single digits is the grid format's)
        for k in range(i + 1, i + 13):
            item = lines.peek(k)
            text = item[1].strip() if item is not None else ""
            row = _row_tokens(text)
            if row is None and not _pm_border(text):
                return None
            if row is not None and any(len(t) > 1 for t in row):
                return NAME
    return None


def _row_tokens(s):
    if s[:1] != "|":
        return None
    tokens = s.replace("|", " ").split()
    return tokens if len(tokens) == 9 else None


# ---- reading --------------------------------------------------------------------

def read(lines, ctx, lenient):
    """Every pencil-mark puzzle from here, each in the form it is in; stops before a
    line that starts no pencil-mark puzzle (another format's)."""
    while True:
        found = lines.significant()
        if found is None:
            return
        i, s = found
        form = one_line(s)
        if form is None and detect(lines, found, ctx.size) is None:
            return              # another format's puzzle: its reader's
        for _ in range(i + 1):
            lineno, text = lines.next()
        try:
            if form is None:
                grid = _read_grid(lines, s, lineno, ctx)
                _check_forced(ctx.form, "hodoku", s)
            else:
                grid = _read_line(_check_forced(ctx.form, form, s), s, lineno, ctx)
            if ctx.size and grid.size != ctx.size:
                raise ctx.error("a %dx%d pencil-mark puzzle, not %dx%d"
                                % (grid.size, grid.size, ctx.size, ctx.size), lineno)
        except PuzzleError as error:
            if error.line is None:
                error = ctx.error(error.message, lineno)
            if not lenient:
                raise error from None
            yield error
            continue
        yield grid


def _bad(message):
    return PuzzleError(message)


# The forms of a 9x9 line of 729 places, each read in the others' lines (their rules
# for the givens differ), and the marks of a removed candidate each allows.
_PLACES = {"tdoku": ".", "explainer": _MARKERS, "rangsk": "."}


def _check_forced(forced, form, s):
    """The form to read a puzzle detected as ``form`` in: ``forced`` (``-f tdoku``
    ...) when it is that form or reads its line, else a PuzzleError."""
    if forced is None or forced == form:
        return form
    if form in _PLACES and forced in _PLACES and len(s) == 729:
        marks = set(s) - _DIGITS
        if marks <= set(_PLACES[forced]):
            return forced
        raise _bad("%s's line marks a removed candidate with %s, not %s"
                   % (forced, " or ".join(_PLACES[forced]), " ".join(sorted(marks))))
    raise _bad("not a %s puzzle (this one is %s's form)" % (forced, form))


def _read_line(form, s, lineno, ctx):
    if form in ("tdoku", "explainer"):
        marker = next((m for m in _MARKERS if m in s), ".")
        if any(m in s for m in _MARKERS if m != marker):
            raise _bad("a 729-character pencil-mark line marks removed candidates with "
                       "one of . 0 * _, not several")
        cands = _places(s.replace(marker, "."), 9, 1)
        grid = _grid(cands, 9, "none" if form == "tdoku" else "peers", ctx, lineno)
        grid.pencil_detail = marker if form == "explainer" else None
    elif form == "rangsk":
        n = 9 if len(s) == 729 else _rangsk_size(s)
        grid = _grid(_places(s, n, 2 if n >= 10 else 1), n, "singles", ctx, lineno)
    elif form == "explainer-list":
        cands = [_candidate_list(t, k) for k, t in enumerate(s.split())]
        grid = _grid(cands, 9, "peers", ctx, lineno)
    else:
        grid = _read_library(s, lineno, ctx)
    grid.pencil_form = form
    return grid


def _places(s, n, width):
    """The candidate masks of a line of N places a cell, ``width`` characters each."""
    cands = []
    step = n * width
    for start in range(0, len(s), step):
        mask = 0
        for d in range(1, n + 1):
            at = start + (d - 1) * width
            place = s[at:at + width]
            if place == "." * width:
                continue
            if place != ("%0*d" % (width, d) if width > 1 else SYMBOLS[d - 1]):
                raise _bad("%r at place %d of cell %s: this place holds the digit %d "
                           "or '%s'" % (place, d, _cell(start // step, n), d, "." * width))
            mask |= 1 << (d - 1)
        cands.append(mask)
    return cands


def _candidate_list(token, k):
    if token == ".":
        return 0
    mask = 0
    for ch in token:
        bit = 1 << (int(ch) - 1)
        if mask & bit:
            raise _bad("candidate %s twice in cell %s (%r)" % (ch, _cell(k, 9), token))
        mask |= bit
    return mask


def _cell(k, n):
    return "r%dc%d" % (k // n + 1, k % n + 1)


def _grid(cands, n, givens, ctx, lineno, fixed=None):
    """The Grid of the candidate masks ``cands``; ``givens`` is the form's rule:
    ``none``, ``singles`` (every single), ``peers`` (a single that no open peer
    holds, in cell order) or ``fixed`` (the cells of ``fixed``)."""
    layout = ctx.layout(n, None, lineno)
    full = (1 << n) - 1
    cells = [0] * (n * n)
    if givens == "fixed":
        cells = list(fixed)
    elif givens != "none":
        peers = layout.peers()
        for c, mask in enumerate(cands):
            if not mask or mask & (mask - 1):
                continue
            if givens == "peers" and any(mask & cands[p] and not cells[p] for p in peers[c]):
                continue
            cells[c] = mask.bit_length()
    from .source import make_grid
    grid = make_grid(cells, layout, ctx.source, lineno)
    # (a given says its digit alone: no removed candidates of its own)
    grid.removed = [0 if d else full & ~mask for d, mask in zip(cells, cands)]
    return grid


def _read_library(s, lineno, ctx):
    fields = s.split(":")
    puzzle = fields[3]
    values, placed = [], []
    plus = False
    for ch in puzzle:
        if ch == "+":
            if plus:
                raise _bad("'++' in the library line's puzzle")
            plus = True
            continue
        if ch in ".0":
            values.append(0)
        elif ch in _DIGITS:
            values.append(int(ch))
        else:
            raise _bad("%r in the library line's puzzle (digits, '+' before a placed "
                       "digit, '.' or '0')" % ch)
        placed.append(plus)
        plus = False
    if len(values) != 81 or plus:
        raise _bad("the library line's puzzle (its fourth field) holds %d cells, not 81"
                   % len(values))
    # (the digits placed in a cell's peers are no candidates of it either, which the
    # rules say: its removed candidates are the deleted ones alone, as written)
    cands = [1 << (d - 1) if d else 0x1FF for d in values]
    for triple in fields[4].split() if len(fields) > 4 else ():
        if len(triple) != 3 or not _DIGITS.issuperset(triple):
            raise _bad("%r among the deleted candidates (each is digit, row, column: "
                       "'512')" % triple)
        d, r, c = map(int, triple)
        cands[(r - 1) * 9 + c - 1] &= ~(1 << (d - 1))
    givens = [d if d and not p else 0 for d, p in zip(values, placed)]
    grid = _grid(cands, 9, "fixed", ctx, lineno, givens)
    grid.pencil_detail = (fields[:3], fields[5:])
    return grid


def _read_grid(lines, first, lineno, ctx):
    """HoDoKu's (or Sudoku Explainer's) boxed grid of candidate lists, from its first
    line ``first``: 9 rows of 9 lists between border lines. The whole grid is read
    (to its closing border ``'---'``, a blank line, the next grid's top border
    ``.---``, a line that is neither a row ``|...`` nor a border, or the end) before
    a fault is raised, so that a damaged grid is one error and the part after it is
    read next."""
    rows = []
    first_line = lineno
    problem = None
    text = first
    while True:
        if not _pm_border(text):
            tokens = _row_tokens(text)
            if tokens is None and problem is None:
                problem = ("a pencil-mark grid's row is 9 candidate lists between '|', "
                           "not %r" % text[:40], lineno)
            rows.append((lineno, tokens or []))
        elif len(rows) >= 9 or rows and text[:1] == "'":
            break
        item = lines.peek(0)
        s = item[1].strip() if item is not None else ""
        if not s:
            break
        border = _pm_border(s)
        if len(rows) >= 9 and not border or not border and s[:1] != "|" \
                or border and s[:1] == "." and rows:
            break                   # the next part's line
        lineno, text = lines.next()
        text = text.strip()
    if problem is None and len(rows) != 9:
        problem = ("a pencil-mark grid has 9 rows, this one %d" % len(rows), first_line)
    cands = []
    for row_line, tokens in rows:
        for token in tokens:
            if problem is not None:
                break
            if token != "." and not _DIGITS.issuperset(token):
                problem = ("%r in a pencil-mark grid (a cell is its candidate digits)"
                           % token, row_line)
                break
            try:
                cands.append(_candidate_list(token, len(cands)))
            except PuzzleError as error:
                problem = (error.message, row_line)
    if problem is not None:
        raise PuzzleError(problem[0], ctx.source, problem[1])
    grid = _grid(cands, 9, "peers", ctx, first_line)
    grid.pencil_form = "hodoku"
    return grid


# ---- writing --------------------------------------------------------------------

def write(grid, givens=None, symbols=None, form=None):
    """The pencil-mark text of ``grid`` in ``form`` (default: the form it was read
    in; tdoku's for 9x9, else Rangsk's)."""
    form = form or grid.pencil_form or ("tdoku" if grid.size == 9 else "rangsk")
    if form != "rangsk" and grid.size != 9:
        raise UsageError("the %s pencil-mark form is for 9x9 grids, not %dx%d"
                         % (form, grid.size, grid.size))
    if form == "rangsk" and grid.size in (4, 5, 7):
        # (its N³ characters would read back as another puzzle: 64 are an 8x8 line)
        raise UsageError("Rangsk's candidates string is written for 6x6, 8x8 and 9x9 "
                         "grids and from 10x10 on, not %dx%d" % (grid.size, grid.size))
    if form == "hodoku-library":
        return _write_library(grid, givens)
    return _WRITERS[form](grid)


def one_line_text(grid):
    """The puzzle on one line: in the form it was read in unless that is HoDoKu's
    grid (then Sudoku Explainer's candidate lists), tdoku's for another 9x9 grid, else
    Rangsk's."""
    form = grid.pencil_form
    if form == "hodoku":
        form = "explainer-list"
    return write(grid, form=form if grid.size == 9 else "rangsk")


def _given_peers(grid, given):
    """Per cell, the digits of the givens among its peers (a bitmask)."""
    found = [0] * len(given)
    if any(given) and not all(given):
        for c, peers in enumerate(grid.layout.peers()):
            for p in peers:
                if given[p]:
                    found[c] |= 1 << (given[p] - 1)
    return found


def _shown(grid, givens=None):
    """The candidates written: each open cell's, less the digits its givens' peers
    hold (what a solver's pencil marks show; the givens imply it), so that Sudoku
    Explainer's and HoDoKu's rule finds the givens again. ``givens`` (a solution's
    puzzle) says which cells are givens. A grid read in Rangsk's form is written as
    read: its givens (every single) may leave their digit to a peer."""
    given = (givens or grid).cells
    if grid.pencil_form == "rangsk":
        return grid.candidates()
    return [mask if given[c] else mask & ~taken for c, (mask, taken) in
            enumerate(zip(grid.candidates(), _given_peers(grid, given)))]


def _digits(mask):
    return "".join(str(d) for d in range(1, 10) if mask >> (d - 1) & 1)


def _write_line(grid, marker="."):
    return "".join(str(d + 1) if mask >> d & 1 else marker
                   for mask in _shown(grid) for d in range(9))


def _write_explainer(grid):
    detail = grid.pencil_detail if grid.pencil_form == "explainer" else None
    return _write_line(grid, detail if detail in ("0", "*", "_") else "0")


def _write_rangsk(grid):
    n = grid.size
    if n < 10:
        return "".join(SYMBOLS[d] if mask >> d & 1 else "."
                       for mask in _shown(grid) for d in range(n))
    return "".join("%02d" % (d + 1) if mask >> d & 1 else ".."
                   for mask in _shown(grid) for d in range(n))


def _write_list(grid):
    return " ".join(_digits(mask) or "." for mask in _shown(grid))


def _write_grid(grid):
    texts = [_digits(mask) or "." for mask in _shown(grid)]
    widths = [max(len(texts[r * 9 + c]) for r in range(9)) + 2 for c in range(9)]
    out = []

    def border(left, middle):
        parts = [sum(widths[b:b + 3]) * "-" for b in (0, 3, 6)]
        out.append(left + middle.join(parts) + left)

    for r in range(9):
        if r % 3 == 0:
            border(".", ".") if r == 0 else border(":", "+")
        parts = []
        for b in (0, 3, 6):
            parts.append(" ".join(texts[r * 9 + c].ljust(widths[c] - 1)
                                  for c in range(b, b + 3)))
        out.append("| " + "| ".join(parts) + "|")
    border("'", "'")
    return "\n".join(out)


def _write_library(grid, givens=None):
    given = (givens or grid).cells     # a solution's givens are its puzzle's
    shown = _shown(grid, givens)
    values = []
    for c, mask in enumerate(shown):
        if given[c]:
            values.append(str(given[c]))
        elif mask and not mask & (mask - 1):
            values.append("+" + str(mask.bit_length()))
        else:
            values.append(".")
    # The removed candidates of each open cell but those a given peer holds (HoDoKu
    # leaves out what a placed peer excludes), so that the line reads back to the same
    # candidates.
    cands, taken = grid.candidates(), _given_peers(grid, given)
    deleted = ["%d%d%d" % (d, c // 9 + 1, c % 9 + 1) for c, mask in enumerate(cands)
               if values[c] == "." for d in range(1, 10)
               if not (mask | taken[c]) >> (d - 1) & 1]
    head, tail = ["", "0000", "x"], ["", ""]
    if grid.pencil_form == "hodoku-library" and grid.pencil_detail:
        head, tail = grid.pencil_detail
    return ":".join(head + ["".join(values), " ".join(deleted)] + tail)


_WRITERS = {"tdoku": _write_line, "explainer": _write_explainer,
            "explainer-list": _write_list, "hodoku": _write_grid,
            "hodoku-library": _write_library, "rangsk": _write_rangsk}


def writer(form):
    """The writer of one named form, ``(grid, givens, symbols) -> text``."""
    return lambda grid, givens=None, symbols=None: write(grid, givens, symbols, form)
