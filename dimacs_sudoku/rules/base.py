"""What every variant rule shares: its base class, reading cells and numbers, and the
clause patterns most rules are made of.

Cells are numbered row by row from 0, as in :mod:`dimacs_sudoku.core.grid`; people write
them ``r1c4`` (rows and columns from 1, any case, as f-puzzles' ``R1C4``).

>>> parse_cell("r2c3", 9), cell_text(9, 11)
(11, 'r2c3')
>>> var = lambda cell, d: cell * 4 + d          # 4x4: r1c1 is 1..4, r1c2 5..8
>>> forbid_pairs(var, 4, 0, 1, lambda d, e: d * 2 == e or e * 2 == d)   # a black dot
[[-3], [-7], [-1, -5], [-1, -8], [-2, -6], [-4, -5], [-4, -8]]
"""

import functools
import re

from ..errors import PuzzleError

_CELL = re.compile(r"[rR](\d+)[cC](\d+)\Z")


def cell_text(size, cell):
    """``r1c4``: the name of cell index ``cell`` in an N x N grid."""
    return "r%dc%d" % (cell // size + 1, cell % size + 1)


def cells_text(size, cells):
    """The names of ``cells``, separated by spaces."""
    return " ".join(cell_text(size, cell) for cell in cells)


def parse_rc(token):
    """``(row, column)``, 1-based, of ``r1c4`` or ``R1C4``, unchecked; None if it is not
    a cell name."""
    match = _CELL.match(token)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2))


def parse_cell(token, size):
    """The cell index of ``r1c4`` in an N x N grid; PuzzleError when it is outside."""
    rc = parse_rc(token)
    if rc is None:
        raise PuzzleError("%r is not a cell (cells are written r1c1 .. r%dc%d)"
                          % (token, size, size))
    row, col = rc
    if not (1 <= row <= size and 1 <= col <= size):
        raise PuzzleError("cell %s is outside the %dx%d grid" % (token, size, size))
    return (row - 1) * size + col - 1


def parse_cells(tokens, size, least=1, distinct=True, what="cells"):
    """The cell indices of ``tokens``: at least ``least`` of them, each once unless
    ``distinct`` is False."""
    cells = [parse_cell(token, size) for token in tokens]
    if len(cells) < least:
        raise PuzzleError("needs at least %d %s, got %d" % (least, what, len(cells)))
    if distinct and len(set(cells)) != len(cells):
        seen = set()
        twice = next(cell for cell in cells if cell in seen or seen.add(cell))
        raise PuzzleError("lists cell %s twice" % cell_text(size, twice))
    return cells


def parse_number(token, what="number", least=None, most=None):
    """An integer written in decimal, within [least, most] when they are given."""
    try:
        if isinstance(token, bool) or (isinstance(token, float) and not token.is_integer()):
            raise ValueError(token)
        value = int(token)
    except (TypeError, ValueError, OverflowError):
        raise PuzzleError("%s must be a whole number, not %r" % (what, token)) from None
    if (least is not None and value < least) or (most is not None and value > most):
        raise PuzzleError("%s %d is outside %s..%s" % (what, value, least, most))
    return value


def split_numbers(tokens):
    """``(numbers, rest)``: the leading tokens that are whole numbers, and the others."""
    k = 0
    while k < len(tokens) and re.fullmatch(r"-?\d+", tokens[k]):
        k += 1
    return [int(t) for t in tokens[:k]], tokens[k:]


def adjacent(size, a, b):
    """Whether cells ``a`` and ``b`` share an edge."""
    (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def orthogonal_pairs(size):
    """Every pair ``(a, b)``, a < b, of cells sharing an edge, row pairs first."""
    pairs = [(r * size + c, r * size + c + 1) for r in range(size) for c in range(size - 1)]
    pairs += [(r * size + c, (r + 1) * size + c) for r in range(size - 1) for c in range(size)]
    return pairs


def offset_pairs(size, offsets):
    """Every pair ``(a, b)``, a < b, of cells ``(dr, dc)`` apart for an offset of
    ``offsets`` (used with its mirror images)."""
    pairs = set()
    for r in range(size):
        for c in range(size):
            for dr, dc in offsets:
                for sr, sc in ((dr, dc), (dr, -dc), (-dr, dc), (-dr, -dc)):
                    r2, c2 = r + sr, c + sc
                    if 0 <= r2 < size and 0 <= c2 < size:
                        a, b = r * size + c, r2 * size + c2
                        pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


def forbid_pairs(var, size, a, b, allowed, same_unit=False, units=True):
    """The binary clauses that keep the digits ``d`` of ``a`` and ``e`` of ``b`` to
    the pairs where ``allowed(d, e)``: one ``-x(a,d) -x(b,e)`` per forbidden pair, or one
    unit clause ``-x(a,d)`` when no digit of ``b`` fits ``d`` (and the same for ``b``).

    ``same_unit`` says that the two cells already share a row, column or box, whose
    clauses forbid ``d = e``; those pairs are left out. ``units=False`` leaves out the
    unit clauses (the caller writes them), but still not the pairs they cover. Which
    digits and pairs these are depends only on ``allowed`` (a rule's method is the same
    for all its pairs of cells), so it is worked out once (:func:`digit_pattern`).
    """
    dead_a, dead_b, pairs = digit_pattern(size, allowed, same_unit)
    out = [[-var(a, d)] for d in dead_a] if units else []
    if units:
        out += [[-var(b, e)] for e in dead_b]
    lits_a = [0] + [var(a, d) for d in range(1, size + 1)]
    lits_b = [0] + [var(b, e) for e in range(1, size + 1)]
    out += [[-lits_a[d], -lits_b[e]] for d, e in pairs]
    return out


@functools.lru_cache(maxsize=256)
def digit_pattern(size, allowed, same_unit):
    """``(dead_a, dead_b, pairs)`` of :func:`forbid_pairs`: the digits of each cell
    that no digit of the other allows, and the forbidden pairs ``(d, e)`` left.

    >>> digit_pattern(4, lambda d, e: d * 2 == e or e * 2 == d, False)[:2]
    ((3,), (3,))
    """
    digits = range(1, size + 1)
    dead_a = {d for d in digits if not any(allowed(d, e) for e in digits)}
    dead_b = {e for e in digits if not any(allowed(d, e) for d in digits)}
    pairs = tuple((d, e) for d in digits if d not in dead_a for e in digits
                  if not (e in dead_b or allowed(d, e) or (same_unit and d == e)))
    return tuple(sorted(dead_a)), tuple(sorted(dead_b)), pairs


def equal_cells(var, size, a, b):
    """The clauses saying that cells ``a`` and ``b`` hold the same digit: ``x(a,d) ->
    x(b,d)`` for every d (the other direction follows, each cell holding one digit)."""
    return [[-var(a, d), var(b, d)] for d in range(1, size + 1)]


def distinct_cells(var, size, cells, layout=None):
    """Pairwise clauses: no digit twice among ``cells``, leaving out pairs that
    already share a unit of ``layout``."""
    shared = layout_pairs(layout) if layout is not None else frozenset()
    out = []
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            if (min(a, b), max(a, b)) in shared:
                continue
            out.extend([-var(a, d), -var(b, d)] for d in range(1, size + 1))
    return out


def layout_pairs(layout):
    """The set of cell pairs ``(a, b)``, a < b, that share a unit of ``layout``
    (computed once per layout)."""
    found = getattr(layout, "_variant_pairs", None)
    if found is None:
        found = set()
        for _, cells in layout.units:
            ordered = sorted(cells)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1:]:
                    found.add((a, b))
        found = frozenset(found)
        layout._variant_pairs = found
    return found


def share_unit(layout, a, b):
    """Whether cells ``a`` and ``b`` lie in one unit of ``layout``."""
    return (min(a, b), max(a, b)) in layout_pairs(layout)


class Rule:
    """One rule of a variant puzzle: one line of the text format.

    A subclass sets ``name`` (its keyword; ``aliases`` are read too) and
    ``fpuzzles_keys`` (the f-puzzles JSON keys it reads), and provides:

    - ``parse(size, args)`` (class method): the rule from the tokens after the keyword;
    - ``from_fpuzzles(size, key, value)`` (class method): the rules of one f-puzzles
      key (``value`` is ``true`` or one item of its list);
    - ``to_line()`` and ``to_fpuzzles()``: the rule written back, as a text line and as
      ``(key, item)`` pairs;
    - ``clauses(var, new_var, layout)``: its clauses, lists of ints over the cell
      variables ``var(cell, digit)`` and auxiliary ones from ``new_var()``;
    - ``check(cells, size, box)``: the messages of every violation in a complete grid,
      computed from the digits, never from the clauses;
    - ``svg(geometry)``: SVG elements that draw it.

    ``size`` and ``box`` (the box shape, rows x columns) are the grid's; the
    registry sets ``box`` when the puzzle names one. Unit rules give
    ``extra_units(size, box)``; a rule with ``replaces_boxes`` gives
    ``regions()`` that stand for the boxes. ``link(rules)`` is called once all rules
    of a puzzle are read (a negative constraint needs the dots given).
    """

    name = None
    aliases = ()
    fpuzzles_keys = ()
    replaces_boxes = False
    source = line = None            # where the rule was read, for messages

    def __init__(self, size, box=None):
        from ..errors import UsageError
        from ..core.layout import default_box
        self.size = size
        try:
            self.box = tuple(box) if box else default_box(size)
        except UsageError:
            self.box = None         # a prime size: the reader sets the box it was given

    # ---- reading and writing -------------------------------------------------------

    @classmethod
    def read(cls, size, keyword, args):
        """The rule of a text line whose keyword (name or alias) is ``keyword``."""
        return cls.parse(size, args)

    @classmethod
    def parse(cls, size, args):
        raise NotImplementedError

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        raise NotImplementedError

    def to_line(self):
        raise NotImplementedError

    def to_fpuzzles(self):
        raise NotImplementedError

    def link(self, rules):
        """Called with all the rules of the puzzle once they are read."""

    # ---- meaning -------------------------------------------------------------------

    def extra_units(self, size, box):
        return []

    def clauses(self, var, new_var, layout):
        return []

    def check(self, cells, size, box):
        return []

    def svg(self, geometry):
        return ""

    # ---- helpers -------------------------------------------------------------------

    def cells_text(self, cells):
        return cells_text(self.size, cells)

    def violation(self, text, cells=()):
        """A message naming the rule and the cells: ``killer 15 r1c1 r1c2: sum is 14``."""
        return "%s: %s" % (self.to_line(), text) if not cells else "%s: %s (%s)" % (
            self.to_line(), text, self.cells_text(cells))

    def __eq__(self, other):
        return type(self) is type(other) and self.to_line() == other.to_line()

    def __hash__(self):
        return hash(self.to_line())

    def __repr__(self):
        return "<rule %s>" % self.to_line()


def fp_cell(size, cell):
    """The f-puzzles name of a cell: ``R1C4``."""
    return "R%dC%d" % (cell // size + 1, cell % size + 1)


def fp_cells(size, cells):
    return [fp_cell(size, cell) for cell in cells]


class FieldError(PuzzleError):
    """A value of the wrong kind in an f-puzzles item: ``field`` names it within the
    item (None: the item itself); the reader names the key and the item's place."""

    def __init__(self, field, expected, found):
        super().__init__("expected %s, found %s" % (expected, json_kind(found)))
        self.field = field


_MISSING = object()
_PLURALS = ((type(None), "nulls"), (bool, "true or false"), ((int, float), "numbers"),
            (str, "texts"), (list, "lists"), (dict, "objects"))


def json_kind(value):
    """What a JSON value is, in words (for messages).

    >>> json_kind([["R1C1"]]), json_kind(float("inf")), json_kind(None)
    ('a list of lists', 'the number Infinity', 'null')
    """
    import json
    if value is _MISSING:
        return "nothing"
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        return "the number %s" % json.dumps(value)
    if isinstance(value, str):
        return "the text %s" % json.dumps(value)[:30]
    if isinstance(value, dict):
        return "an object"
    if not value:
        return "an empty list"
    kinds = [plural for kind, plural in _PLURALS if any(isinstance(v, kind) and not (
        kind is not bool and isinstance(v, bool)) for v in value)]
    return "a list of " + " and ".join(kinds)


def fp_item(value, field, expected="a value"):
    """``value[field]`` of an f-puzzles item, or FieldError."""
    if not isinstance(value, dict):
        raise FieldError(None, "an object with %r" % field, value)
    if field not in value:
        raise FieldError(field, expected, _MISSING)
    return value[field]


CELL_NAMES = 'a list of cell names like "R1C1"'


def fp_cell_names(value, field, size, least=1):
    """The cells of an f-puzzles item's ``field``: a list of ``"R1C1"`` names."""
    names = fp_item(value, field, CELL_NAMES)
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise FieldError(field, CELL_NAMES, names)
    return parse_cells(names, size, least)


def fp_cell_name(value, field, size=None):
    """One ``"R1C1"`` name of an f-puzzles item (the cell index, with ``size``; the
    name itself, unchecked, without)."""
    name = fp_item(value, field, 'a cell name like "R1C1"')
    if not isinstance(name, str):
        raise FieldError(field, 'a cell name like "R1C1"', name)
    return name if size is None else parse_cell(name, size)


def fp_lines(size, value):
    """The cell lists of an f-puzzles item's ``lines`` (each a list of "R1C1")."""
    expected = 'a list of lines, each a list of cell names like "R1C1"'
    lines = fp_item(value, "lines", expected)
    if not isinstance(lines, list) or not all(
            isinstance(line, list) and all(isinstance(name, str) for name in line)
            for line in lines):
        raise FieldError("lines", expected, lines)
    return [parse_cells(line, size) for line in lines if line]


def fp_value(value, default=None):
    """The optional number ``value`` of an f-puzzles item (a string or a number)."""
    raw = value.get("value") if isinstance(value, dict) else None
    if raw is None or raw == "":
        return default
    if isinstance(raw, (str, int, float)) and not isinstance(raw, bool):
        try:
            return parse_number(raw, "value")
        except PuzzleError:
            pass
    raise FieldError("value", "a whole number", raw)


def repeated(digits_of, cells):
    """The first pair of ``cells`` holding the same digit in ``digits_of``, or None."""
    seen = {}
    for cell in cells:
        d = digits_of[cell]
        if d in seen:
            return seen[d], cell
        seen[d] = cell
    return None


class FlagRule(Rule):
    """A rule with no arguments (``antiknight``): a keyword, an f-puzzles ``true``."""

    @classmethod
    def parse(cls, size, args):
        if args:
            raise PuzzleError("%s takes no arguments, got %r" % (cls.name, " ".join(args)))
        return cls(size)

    @classmethod
    def from_fpuzzles(cls, size, key, value):
        if value is True:
            return [cls(size)]
        if value is False or value is None:
            return []
        raise FieldError(None, "true or false", value)

    def to_line(self):
        return self.name

    def to_fpuzzles(self):
        return [(self.fpuzzles_keys[0], True)]


class UnitRule(FlagRule):
    """A flag rule that adds units (groups of N cells holding every digit once); the
    classic encoding writes their clauses, ``check`` looks for a repeated digit."""

    def units(self, size, box):
        raise NotImplementedError

    def extra_units(self, size, box):
        return self.units(size, box)

    def check(self, cells, size, box):
        found = []
        for name, group in self.units(size, box):
            twice = repeated(cells, group)
            if twice:
                found.append(self.violation("%s holds %d twice" % (name, cells[twice[0]]),
                                            twice))
        return found


class PairRule(FlagRule):
    """A flag rule that forbids digit pairs on pairs of cells (anti-knight: equal
    digits a knight's move apart)."""

    def pairs(self, size):
        raise NotImplementedError

    def allowed(self, d, e):
        raise NotImplementedError

    def clauses(self, var, new_var, layout):
        for a, b in self.pairs(layout.size):
            yield from forbid_pairs(var, layout.size, a, b, self.allowed,
                                    share_unit(layout, a, b))
