"""The registry of variant rules: one line per rule module in :data:`RULE_MODULES`,
each module's ``RULES`` the rule classes it defines (see :class:`.base.Rule` for what
a rule provides). Nothing else names a rule: the readers, the encoder and the checker
ask the registry. It reads each rule line of the text format (see
``docs/variants.md``), and makes a puzzle's rules one set: merged, linked, and the
layout they give the grid.

    >>> rules = finish([parse_rule("diagonals", 4), parse_rule("killer 7 r1c2 r2c2", 4)], 4)
    >>> [rule.to_line() for rule in rules]
    ['diagonals', 'killer 7 r1c2 r2c2']

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
from ..core.grid import Grid
from ..core.layout import Layout, default_box
from ..errors import PuzzleError

# The registry: add a rule by adding its module here.
RULE_MODULES = (
    "diagonal",             # diagonals, diagonal+, diagonal-
    "windoku",              # windoku (hyper)
    "disjoint",             # disjoint groups
    "jigsaw",               # irregular regions replacing the boxes
    "latin",                # Latin square: no boxes (quasigroup families)
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
    "regionsum",            # region sum lines
    "zipper",               # zipper lines
    "entropic",             # entropic lines
    "xsum",                 # X-sums
    "skyscraper",           # skyscrapers
)

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
            module = importlib.import_module("." + name, __package__)
            found.extend(module.RULES)
        _classes = found
    return _classes


_keywords = None


def keywords():
    """``{keyword: class}`` for the text format (names and aliases, lower case), made
    once (every rule line of a batch looks its keyword up here; do not change it)."""
    global _keywords
    if _keywords is None:
        table = {}
        for cls in rule_classes():
            for word in (cls.name,) + tuple(cls.aliases):
                table[word.lower()] = cls
        _keywords = table
    return _keywords


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
