"""``variant`` (output): the text format of a variant puzzle, the boxed grid followed
by one line per rule (``killer 15 r1c1 r1c2``), which every reader takes back (see
``docs/variants.md``). A classic grid is its boxed grid alone.

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
NAME = "variant"
DESCRIPTION = "the boxed grid, then one line per variant rule"


def write(grid, givens=None, symbols=None):
    rules = grid.rules or (givens.rules if givens is not None else ())
    text = grid.to_text(symbols or grid.symbols)
    return text + "".join("\n" + rule.to_line() for rule in rules)
