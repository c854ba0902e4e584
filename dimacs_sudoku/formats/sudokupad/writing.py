"""Writing a SudokuPad link: SCL when it states every rule, else the f-puzzles
form (which SudokuPad reads and draws too)."""

import json

from .links import pack
from .scl import INDEXER_STYLES

LINK = "https://sudokupad.app/"


def to_scl(grid, rules):
    """The SCL object of ``grid`` (every digit a given) and ``rules``, or None when a
    rule has no SCL form (SudokuPad draws those from their f-puzzles form)."""
    n = grid.size
    cells = [[{"value": d} if d else {} for d in grid.cells[r * n:(r + 1) * n]]
             for r in range(n)]
    regions = [[list(divmod(cell, n)) for cell in group]
               for _, group in grid.layout.units[2 * n:3 * n]]
    obj = {"cellSize": 50, "cells": cells, "regions": regions}
    cages, named, lines = [], [], []
    negative = {"white": "antidifference", "black": "antiratio", "xv": "antixv"}
    styles = {line: style for style, line in INDEXER_STYLES.items()}

    def rc(cells):
        return [list(divmod(cell, n)) for cell in cells]
    for rule in rules:
        name = rule.name
        if name in ("antiknight", "antiking", "nonconsecutive", "disjoint"):
            named.append(name)
            if name == "disjoint":
                cages.extend({"cells": rc(group), "unique": True, "type": "disjoint"}
                             for _, group in rule.units(n, grid.layout.box))
        elif name == "negative" and all(kind in negative for kind in rule.kinds):
            named.extend(negative[kind] for kind in rule.kinds)
        elif name == "killer":
            cage = {"cells": rc(rule.cells)}
            if rule.total is not None:
                cage["value"] = rule.total
            cages.append(cage)
        elif name == "region":
            cages.append({"cells": rc(rule.cells), "unique": True,
                          "style": "extraregion"})
        elif name in styles:
            cages.extend({"cells": rc([cell]), "style": styles[name]}
                         for cell in rule.cells)
        elif name == "diagonals":
            for sign in rule.which:
                lines.append({"wayPoints": [[0, 0], [n, n]] if sign == "-"
                              else [[0, n], [n, 0]], "color": "#34BBE6", "thickness": 2})
        elif name != "jigsaw":
            return None
    for key, value in (("cages", cages), ("global", named), ("lines", lines)):
        if value:
            obj[key] = value
    return obj


def write(grid, givens=None, symbols=None):
    """A SudokuPad link of ``grid`` and its rules: ``.../scl...`` when SCL states
    every rule, else ``.../fpuzzles...`` (the f-puzzles form, which SudokuPad reads and
    draws too)."""
    from ..fpuzzles import to_fpuzzles
    rules = grid.rules or (givens.rules if givens is not None else ())
    obj = to_scl(grid, rules)
    if obj is None:
        return LINK + "fpuzzles" + pack(json.dumps(to_fpuzzles(grid, rules),
                                                   separators=(",", ":")))
    return LINK + "scl" + pack(json.dumps(obj, separators=(",", ":")))
