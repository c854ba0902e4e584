"""``variant`` (output): the text format of a variant puzzle, the boxed grid followed
by one line per rule (``killer 15 r1c1 r1c2``), which every reader takes back (see
``docs/variants.md``). A classic grid is its boxed grid alone. :func:`read_variant`
reads the text of one variant puzzle into the grid and its rules.

>>> from . import parse_puzzle
>>> print(write(parse_puzzle("1...............\\nantiknight")))
+-----+-----+
| 1 . | . . |
| . . | . . |
+-----+-----+
| . . | . . |
| . . | . . |
+-----+-----+
antiknight
"""
from ..errors import PuzzleError
from . import read_puzzles

NAME = "variant"
DESCRIPTION = "the boxed grid, then one line per variant rule"


def write(grid, givens=None, symbols=None):
    rules = grid.rules or (givens.rules if givens is not None else ())
    text = grid.to_text(symbols or grid.symbols)
    return text + "".join("\n" + rule.to_line() for rule in rules)


def read_variant(lines, source="<stdin>", size=None, box=None):
    """``(grid, rules)`` from the lines of the text format: the grid, then one rule per
    line. ``#`` starts a comment. The grid has the layout of its rules, and its givens
    are checked against it.

    >>> grid, rules = read_variant(["1..." "...." "...." "...4", "diagonals"], "p.txt")
    >>> grid.to_line(), [rule.to_line() for rule in rules]
    ('1..............4', ['diagonals'])
    >>> read_variant(["1...", "....", "....", "...1", "chess r1c1"], "p.txt")
    Traceback (most recent call last):
    ...
    dimacs_sudoku.errors.PuzzleError: p.txt:5: unknown rule 'chess' (known: ...)
    """
    # (the rules are loaded by the reader of a variant, not by the writer)
    from ..rules.registry import finish, is_rule_line, parse_rule, variant_grid
    if isinstance(lines, str):
        lines = lines.splitlines()
    grid_lines = []
    rule_lines = []
    for number, text in enumerate(lines, 1):
        text = text.rstrip("\r\n")
        if number == 1:
            text = text.lstrip("\ufeff")
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            if not rule_lines:
                grid_lines.append(text)
            continue
        if is_rule_line(stripped):
            rule_lines.append((number, stripped))
        elif rule_lines:
            raise PuzzleError("a grid line after the rules; put every rule after the grid",
                              source, number)
        else:
            grid_lines.append(text)
    if not any(line.strip() and not line.strip().startswith("#") for line in grid_lines):
        raise PuzzleError("no grid before the rules", source, rule_lines[0][0]
                          if rule_lines else None)
    puzzles = list(read_puzzles(grid_lines, source, size=size, box=box))
    if len(puzzles) != 1:
        raise PuzzleError("a variant file holds one grid, found %d" % len(puzzles),
                          source, puzzles[1].line if len(puzzles) > 1 else None)
    grid = puzzles[0]
    rules = [parse_rule(text, grid.size, grid.layout.box, source, number)
             for number, text in rule_lines]
    rules = finish(rules, grid.size)
    grid = variant_grid(grid, rules)
    return grid, rules


def write_variant(grid, rules):
    """The text format of ``grid`` and ``rules``: the boxed grid, then the rules."""
    return grid.to_text() + "\n" + "".join(rule.to_line() + "\n" for rule in rules)


def count_text(count, noun):
    """``2 lines``: a count and its noun (whose first word takes the plural).

    >>> count_text(1, "text"), count_text(3, "cage showing text")
    ('1 text', '3 cages showing text')
    """
    if count != 1:
        first, _, rest = noun.partition(" ")
        noun = first + "s" + (" " + rest if rest else "")
    return "%d %s" % (count, noun)
