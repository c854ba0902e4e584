"""Variant Sudoku: rules beyond rows, columns and boxes, each a module of this package.

:data:`RULE_MODULES` is the registry: one line per module, each module's ``RULES`` the
rule classes it defines (see :class:`.base.Rule` for what a rule provides). Nothing
else names a rule: the readers, the encoder and the checker ask the registry.

The text format is a grid in any of the project's formats, followed by one rule per
line (see ``docs/variants.md``); the readers (:mod:`dimacs_sudoku.formats`, and
:func:`dimacs_sudoku.formats.variant.read_variant`) read it, and this package reads
each rule line:

    >>> rules = finish([parse_rule("diagonals", 4), parse_rule("killer 7 r1c2 r2c2", 4)], 4)
    >>> [rule.to_line() for rule in rules]
    ['diagonals', 'killer 7 r1c2 r2c2']
    >>> from dimacs_sudoku.core.check import check_variant
    >>> check_variant([1, 4, 3, 2, 2, 3, 4, 1, 4, 1, 2, 3, 3, 2, 1, 4], 4, (2, 2), rules)
    []

The layers above use the rules through :class:`.base.Rule`: the CNF
(:func:`dimacs_sudoku.encodings.encode_variant`), the bundled solver
(:func:`dimacs_sudoku.sat.pycosat_backend.solve_variant`) and the pictures
(:func:`dimacs_sudoku.pictures.svg.variant_svg`, with the marks of :mod:`.draw`).

A rule the registry does not know is an error (exit code 3) that names it, never
dropped: a dropped rule would make a puzzle look like it had many solutions.

    >>> parse_rule("chess r1c1", 4, source="p.txt", line=5)
    Traceback (most recent call last):
    ...
    dimacs_sudoku.errors.PuzzleError: p.txt:5: unknown rule 'chess' (known: ...)
"""

import importlib
import re

from .. import arguments
from ..errors import PuzzleError, UsageError
from ..core.grid import Grid
from ..core.layout import Layout, check_size, default_box, no_box_shape

# The registry: add a rule by adding its module here.
RULE_MODULES = (
    "diagonal",             # diagonals, diagonal+, diagonal-
    "windoku",              # windoku (hyper)
    "disjoint",             # disjoint groups
    "jigsaw",               # irregular regions replacing the boxes
    "extraregion",          # region: extra groups of distinct digits
    "antiknight",
    "antiking",
    "nonconsecutive",
    "killer",               # killer cages, with or without a sum
    "littlekiller",         # little killer diagonals
    "sandwich",             # sandwich sums
    "arrow",                # arrows: circle (or pill) = sum of the arrow
    "thermo",               # thermometers
    "kropki",               # white and black dots
    "xv",                   # X and V
    "negative",             # all dots given (kropki, XV)
    "parity",               # odd and even cells
    "whispers",             # German whispers
    "renban",
    "between",              # between lines
    "palindrome",
    "clone",
    "extremum",             # minimum and maximum cells
    "quadruple",
    "indexer",              # row, column and box indexers
)

# f-puzzles keys that carry no rule (the puzzle's data, or settings of its editor).
FPUZZLES_INFO = frozenset(("size", "grid", "title", "author", "ruleset", "solution",
                           "disabledlogic", "truecandidatesoptions", "highlight", "id",
                           "activeConstraints", "activeconstraints"))
# f-puzzles drawings: their meaning is only in the rule text, so a puzzle is solved
# without them and they are reported (grid.drawings).
FPUZZLES_DRAWINGS = ("line", "cage", "text", "circle", "rectangle")
# The marks f-puzzles' constraint extensions put on the drawings they make of a
# constraint that the JSON states under its own key ("fromConstraint": "Renban"; older:
# "isNewConstraint", "fromRangskSolver"): no drawing of a rule of their own.
CONSTRAINT_MARKS = ("fromConstraint", "isNewConstraint", "fromRangskSolver")
# SudokuPad keeps a puzzle's title, rules and messages in f-puzzles cages: "title: ...".
_METADATA_CAGE = re.compile(r"[a-z]+: ")

# A rule line starts with a keyword of letters (a grid row of letters only is
# impossible: a full row needs the digits 1-9 too, a partial one has blanks) and has
# no colon (the header lines of the sudokusat2019 table, "puzzle size: 3x3", have one).
_RULE_LINE = re.compile(r"\s*([A-Za-z][A-Za-z]+[+-]?)(\s|\Z)")

_classes = None


def rule_classes():
    """Every rule class of the registry, in its order (the modules are imported on
    first use)."""
    global _classes
    if _classes is None:
        found = []
        for name in RULE_MODULES:
            module = importlib.import_module("." + name, __name__)
            found.extend(module.RULES)
        _classes = found
    return _classes


def keywords():
    """``{keyword: class}`` for the text format (names and aliases, lower case)."""
    table = {}
    for cls in rule_classes():
        for word in (cls.name,) + tuple(cls.aliases):
            table[word.lower()] = cls
    return table


def fpuzzles_keys():
    """``{f-puzzles key: class}``."""
    return {key: cls for cls in rule_classes() for key in cls.fpuzzles_keys}


def is_rule_line(text):
    """Whether a line of the text format is a rule line.

    >>> is_rule_line("killer 15 r1c1 r1c2"), is_rule_line("diagonal+"), is_rule_line("1..4")
    (True, True, False)
    >>> is_rule_line("puzzle size: 3x3")
    False
    """
    return _RULE_LINE.match(text) is not None and ":" not in text.split("#", 1)[0]


def parse_rule(text, size, box=None, source=None, line=None):
    """One rule from its text line (``killer 15 r1c1 r1c2``), for an N x N grid.

    >>> parse_rule("thermo r1c1 r1c2 r1c3", size=9).to_line()
    'thermo r1c1 r1c2 r1c3'
    """
    arguments.text(text, "parse_rule", "the rule's text line as a str")
    size = arguments.size(size, "parse_rule")
    text = text.split("#", 1)[0]
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise PuzzleError("empty rule line", source, line)
    keyword = tokens[0].lower()
    cls = keywords().get(keyword)
    if cls is None:
        raise PuzzleError("unknown rule %r (known: %s)"
                          % (tokens[0], ", ".join(sorted(c.name for c in rule_classes()))),
                          source, line)
    try:
        rule = cls.read(size, keyword, tokens[1:])
    except PuzzleError as error:
        raise PuzzleError("%s: %s" % (keyword, error.message), source, line) from None
    rule.box = tuple(box) if box else default_box(size)
    rule.source, rule.line = source, line
    return rule


def finish(rules, size):
    """Merge the rules that combine (both diagonals), link those that look at the
    others (negative constraints), and reject two rules that both replace the boxes."""
    merged = []
    groups = {}
    for rule in rules:
        if hasattr(type(rule), "merge"):
            groups.setdefault(type(rule), []).append(rule)
            if len(groups[type(rule)]) == 1:
                merged.append(type(rule))
        else:
            merged.append(rule)
    out = []
    for item in merged:
        if isinstance(item, type):
            combined = item.merge(groups[item])
            for rule in combined:
                rule.box = groups[item][0].box
            out.extend(combined)
        else:
            out.append(item)
    regions = [rule for rule in out if rule.replaces_boxes]
    if len(regions) > 1:
        second = regions[1]
        raise PuzzleError("two rules replace the boxes (%s and %s)"
                          % (regions[0].name, second.name),
                          getattr(second, "source", None), getattr(second, "line", None))
    for rule in out:
        rule.link(out)
    return out


def variant_layout(size, box, rules):
    """The :class:`~dimacs_sudoku.core.grid.Layout` of a variant: rows, columns, the boxes
    or the regions that replace them, and the rules' extra units."""
    regions = None
    for rule in rules:
        if rule.replaces_boxes:
            regions = rule.regions()
    box = tuple(box) if box else default_box(size, regions is not None)
    extra = [unit for rule in rules for unit in rule.extra_units(size, box)]
    return Layout(size, box, extra, regions=regions)


def variant_grid(grid, rules):
    """``grid`` with its ``rules`` (``grid.rules``) and their layout (so that its
    givens are checked in the jigsaw regions and extra units)."""
    layout = variant_layout(grid.size, grid.layout.box, rules)
    if layout.regions is None:
        layout.unboxed = grid.layout.unboxed
    return Grid(grid.cells, layout=layout, source=grid.source, line=grid.line,
                row_lines=grid.row_lines, symbols=grid.symbols, rules=tuple(rules))


def with_rule_lines(grid, lines, source=None):
    """``grid`` with the rules of its rule lines, ``(line number or None, text)``
    pairs, read for its size and box (windoku and disjoint groups follow the box):
    :func:`variant_grid` of them. Raises PuzzleError naming a bad line."""
    found = [parse_rule(text.strip(), grid.size, grid.layout.box, source, number)
             for number, text in lines]
    return variant_grid(grid, finish(found, grid.size))


def clause_rules(rules, layout):
    """The rules that have clauses of their own, beyond the units of ``layout``
    (diagonals, windoku, disjoint groups, a jigsaw and an extra region of N cells
    have none: the layout holds them)."""
    def var(cell, d):
        return 1

    def new_var():
        return 1
    return [rule for rule in rules
            if next(iter(rule.clauses(var, new_var, layout)), None) is not None]


def write_variant(grid, rules):
    """The text format of ``grid`` and ``rules``: the boxed grid, then the rules."""
    return grid.to_text() + "\n" + "".join(rule.to_line() + "\n" for rule in rules)


# ---- f-puzzles JSON ------------------------------------------------------------------

def parse_fpuzzles(obj, source="<stdin>"):
    """``(grid, rules)`` from an f-puzzles JSON object (a dict, or its text).

    Cells are ``"R1C1"`` strings; the grid's cells carry ``value`` with ``given``, and
    ``region`` numbers for a jigsaw. Keys of rules the registry does not know are an
    error naming them, and so is a value of the wrong kind (naming its key). The
    editor's drawings (``line``, ``cage``, ``text``, ``circle``, ``rectangle``) are no
    rule: they are left out, and counted in ``grid.drawings`` (``["2 lines"]``) except
    the drawings of a constraint stated under its own key (:data:`CONSTRAINT_MARKS`).
    Compressed links (the base64 + lz-string of f-puzzles and SudokuPad URLs) are
    unpacked by the ``fpuzzles`` input format (:mod:`dimacs_sudoku.formats.fpuzzles`)
    first.

    >>> grid, rules = parse_fpuzzles({"size": 4, "antiknight": True,
    ...     "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
    ...     "line": [{"lines": [["R2C1", "R2C2"]]}]})
    >>> [rule.to_line() for rule in rules], grid.drawings
    (['antiknight', 'killer 3 r1c1 r1c2'], ['1 line'])
    >>> parse_fpuzzles({"size": 4, "killercage": [{"cells": [["R1C1", "R1C2"]]}]}, "p.json")
    Traceback (most recent call last):
    ...
    dimacs_sudoku.errors.PuzzleError: p.json: f-puzzles key 'killercage[0].cells': expected a list of cell names like "R1C1", found a list of lists
    """
    from .base import FieldError, FlagRule, json_kind
    if isinstance(obj, (str, bytes)):
        import json
        try:
            obj = json.loads(obj)
        except ValueError as error:
            raise PuzzleError("not JSON: %s" % error, source) from None
    if not isinstance(obj, dict):
        raise PuzzleError("an f-puzzles puzzle is a JSON object", source)
    size = obj.get("size", 9)
    try:
        if isinstance(size, bool) or not isinstance(size, (int, str)):
            raise ValueError(size)
        size = int(size)
        check_size(size)
    except (TypeError, ValueError, UsageError):
        raise PuzzleError("f-puzzles key 'size': expected a grid size, found %s"
                          % json_kind(obj.get("size")), source) from None
    try:
        box = default_box(size, regions=True)   # a prime size needs the puzzle's regions
    except UsageError as error:
        raise PuzzleError(error.message, source) from None
    cells = [0] * (size * size)
    regions = None
    rows = obj.get("grid")
    if rows is not None:
        if not isinstance(rows, list) or len(rows) != size or any(
                not isinstance(row, list) or len(row) != size for row in rows):
            raise PuzzleError("f-puzzles key 'grid': expected %d rows of %d cells, found %s"
                              % (size, size, json_kind(rows)), source)
        boxes = Layout(size, box).units[2 * size:]
        default_region = [0] * (size * size)
        for k, (_, group) in enumerate(boxes):
            for cell in group:
                default_region[cell] = k
        found = []
        for r, row in enumerate(rows):
            for c, item in enumerate(row):
                where = "f-puzzles key 'grid[%d][%d]" % (r, c)
                if item is None:
                    item = {}
                if not isinstance(item, dict):
                    raise PuzzleError("%s': expected an object, found %s"
                                      % (where, json_kind(item)), source)
                cell = r * size + c
                if item.get("given") and item.get("value") is not None:
                    value = item["value"]
                    if isinstance(value, bool) or not isinstance(value, int) \
                            or not 1 <= value <= size:
                        raise PuzzleError("%s.value' (R%dC%d): expected a digit 1..%d, found %s"
                                          % (where, r + 1, c + 1, size, json_kind(value)),
                                          source)
                    cells[cell] = value
                region = item.get("region")
                if region is not None and (isinstance(region, bool)
                                           or not isinstance(region, int)):
                    raise PuzzleError("%s.region': expected a region number, found %s"
                                      % (where, json_kind(region)), source)
                found.append(default_region[cell] if region is None else region)
        if found != default_region:
            regions = found
    if regions is None and box[0] == 1 < size:
        raise PuzzleError(no_box_shape(size), source)
    known = fpuzzles_keys()
    rules = []
    drawn = {}
    try:
        if regions is not None:
            from .jigsaw import Jigsaw
            rules.append(Jigsaw.from_regions(size, regions))
        for key, value in obj.items():
            if key in FPUZZLES_INFO:
                continue
            cls = known.get(key)
            if cls is None:
                if key in FPUZZLES_DRAWINGS:
                    drawn[key] = _fpuzzles_drawings(key, value)
                    continue
                if not value:
                    continue            # an empty list or false: no rule at all
                raise PuzzleError("unknown rule: f-puzzles key %r" % key)
            index = None
            try:
                if getattr(cls, "fpuzzles_whole", False) or issubclass(cls, FlagRule):
                    rules.extend(cls.from_fpuzzles(size, key, value))
                elif value is None or value is False:
                    continue                # no items: no rule
                elif not isinstance(value, list):
                    raise FieldError(None, "a list", value)
                else:
                    for index, item in enumerate(value):
                        rules.extend(cls.from_fpuzzles(size, key, item))
            except PuzzleError as error:
                where = key if index is None else "%s[%d]" % (key, index)
                if isinstance(error, FieldError) and error.field:
                    where += "." + error.field
                raise PuzzleError("f-puzzles key %r: %s" % (where, error.message)) from None
    except PuzzleError as error:
        raise PuzzleError(error.message, source) from None
    from .negative import fpuzzles_meaning
    rules = fpuzzles_meaning(rules, size)
    for rule in rules:
        rule.box = box
    rules = finish(rules, size)
    grid = variant_grid(Grid(cells, size=size, box=box, source=source), rules)
    grid.drawings = [count_text(count, key) for key, count in drawn.items() if count]
    return grid, rules


def _fpuzzles_drawings(key, value):
    """How many items of the f-puzzles drawing ``key`` draw what only the rules text
    states (not a constraint's own drawing, nor SudokuPad's metadata)."""
    if not isinstance(value, list):
        from .base import json_kind
        raise PuzzleError("f-puzzles key %r: expected a list of drawings, found %s"
                          % (key, json_kind(value)))
    count = 0
    for item in value:
        if isinstance(item, dict):
            if any(item.get(mark) for mark in CONSTRAINT_MARKS):
                continue
            text = item.get("value")
            if key == "cage" and isinstance(text, str) and _METADATA_CAGE.match(text):
                continue
        count += 1
    return count


def count_text(count, noun):
    """``2 lines``: a count and its noun (whose first word takes the plural).

    >>> count_text(1, "text"), count_text(3, "cage showing text")
    ('1 text', '3 cages showing text')
    """
    if count != 1:
        first, _, rest = noun.partition(" ")
        noun = first + "s" + (" " + rest if rest else "")
    return "%d %s" % (count, noun)


def to_fpuzzles(grid, rules):
    """An f-puzzles JSON object (a dict) of ``grid`` and ``rules``; UsageError (exit 2)
    for rules that f-puzzles cannot state, as for any format that cannot."""
    n = grid.size
    obj = {"size": n}
    rows = [[{"value": grid.cells[r * n + c], "given": True} if grid.cells[r * n + c] else {}
             for c in range(n)] for r in range(n)]
    obj["grid"] = rows
    for rule in rules:
        rule.link(rules)            # what a rule means can depend on the others
    for rule in rules:
        try:
            items = rule.to_fpuzzles()
        except PuzzleError as error:
            raise UsageError("f-puzzles cannot state this puzzle's rules (%s): %s; use the"
                             " variant or json format" % (rule.to_line(), error.message)
                             ) from None
        for key, item in items:
            if key == "region":
                for cell, region in enumerate(item):
                    rows[cell // n][cell % n]["region"] = region
            elif key == "negative":
                obj.setdefault("negative", [])
                obj["negative"].extend(k for k in item if k not in obj["negative"])
            elif item is True:
                obj[key] = True
            else:
                obj.setdefault(key, []).append(item)
    return obj


# ---- meaning -------------------------------------------------------------------------

def rule_clauses(rules, layout, var, top):
    """``(groups, top)``: for each rule, ``(line, first, count)``: its text line, the
    last variable before its auxiliary ones, and its number of clauses; ``top`` is the
    last auxiliary variable. The clauses are counted here and made again, with the
    same numbers, by :func:`make_rule_clauses`: never held in memory all at once."""
    groups = []
    for rule in rules:
        first = top
        counter = [top]

        def new_var():
            counter[0] += 1
            return counter[0]

        count = 0
        for clause in rule.clauses(var, new_var, layout):
            if not clause:
                raise AssertionError("rule %s made an empty clause" % rule.to_line())
            count += 1
        top = counter[0]
        groups.append((rule, first, count))
    return groups, top


def make_rule_clauses(rule, layout, var, first):
    """The clauses of ``rule`` with its auxiliary variables numbered from ``first + 1``."""
    counter = [first]

    def new_var():
        counter[0] += 1
        return counter[0]

    return rule.clauses(var, new_var, layout)
