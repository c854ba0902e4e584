"""``json``: one object per line, as every command writes it: ``size``, ``box``,
``grid`` rows of numbers (0 blank), ``line``, ``symbols`` when not the default,
``rules`` (the rule lines of the ``variant`` format) when the puzzle has any; a
solution adds ``givens`` (its puzzle's line), ``sudoku-solve --count`` a ``count``.

Read back one object per line, fields after it and a tab ignored as in ``line``: the
grid, its box, notation and rules (``givens``, ``count`` and the others are results,
not the puzzle). Told from f-puzzles and SudokuPad JSON by its ``box`` key (neither
has one); an object with an ``error`` and no grid (a puzzle ``sudoku-solve`` could not
read) is that line's error again.

>>> from .line import read_one
>>> text = write(read_one("1..44......33..1"))
>>> text[:40]
'{"size":4,"box":[2,2],"grid":[[1,0,0,4],'
>>> from .source import Context, Lines
>>> g = next(read(Lines([text]), Context(None, None, None), False))
>>> g.to_line(), g.layout.box
('1..44......33..1', (2, 2))
"""
from ..errors import PuzzleError

NAME = "json"
DESCRIPTION = "one JSON object per line: size, box, grid, line, symbols, rules"


def to_object(grid, givens=None, symbols=None):
    """The dict of one grid (``symbols`` overrides its notation)."""
    out = grid.to_json(givens)
    symbols = symbols or grid.symbols
    if symbols:
        out["symbols"] = symbols
    return out


def dumps(obj):
    """One line of JSON."""
    import json
    return json.dumps(obj, separators=(",", ":"))


def write(grid, givens=None, symbols=None):
    return dumps(to_object(grid, givens, symbols))


def _object(s):
    """The dict of a line of JSON, or None when the line is not one. As in the
    ``line`` format, fields after the object and a tab or space are ignored
    (``sudoku-grade`` writes its level there)."""
    import json
    if s[:1] != "{":
        return None
    try:
        obj, end = json.JSONDecoder().raw_decode(s)
    except (ValueError, RecursionError):
        return None
    if end < len(s) and not s[end].isspace():
        return None
    return obj if isinstance(obj, dict) else None


def is_ours(obj):
    """Whether a JSON object is one this module writes."""
    return isinstance(obj, dict) and ("box" in obj or "error" in obj and "grid" not in obj
                                      and "cells" not in obj)


def detect(lines, found, size):
    return NAME if is_ours(_object(found[1].strip())) else None


def read(lines, ctx, lenient, mixed=False):
    """Every puzzle, one object per line, up to a line that is no JSON object (where
    another format's part of the input starts) or, when ``mixed``, none of ours (an
    f-puzzles or SudokuPad object, a damaged line); a bad line is that line's error."""
    while True:
        item = lines.next()
        if item is None:
            return
        lineno, text = item
        s = text.strip()
        if not s or s[0] == "#":
            continue
        if s[0] != "{" or mixed and not is_ours(_object(s)):
            lines.push(item)
            return
        try:
            yield read_object(s, ctx, lineno)
        except PuzzleError as error:
            if not lenient:
                raise
            yield error


def _int(obj, key, low, high):
    value = obj.get(key)
    if type(value) is not int or not low <= value <= high:
        raise PuzzleError("%r must be a number %d..%d, not %s"
                          % (key, low, high, _shown(value)))
    return value


def _shown(value):
    text = dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_object(s, ctx, lineno):
    """The Grid (with its rules) of one line of our JSON."""
    from ..core.layout import MAX_SIZE
    from .source import make_grid
    obj = _object(s)
    if obj is None:
        raise ctx.error("not a JSON object on one line (the json format holds one a line)",
                        lineno)
    try:
        if "error" in obj and obj.get("grid") is None:
            raise PuzzleError("a result with no puzzle: error %s" % _shown(obj["error"]))
        n = _int(obj, "size", 1, MAX_SIZE)
        box = obj.get("box")
        if (not isinstance(box, list) or len(box) != 2
                or not all(type(b) is int and b >= 1 for b in box) or box[0] * box[1] != n):
            raise PuzzleError("'box' must be [R, C] with R*C = %d, not %s"
                              % (n, _shown(box)))
        rows = obj.get("grid")
        if rows is None:
            raise PuzzleError("no grid (a result with no solution)")
        if (not isinstance(rows, list) or len(rows) != n
                or not all(isinstance(row, list) and len(row) == n for row in rows)):
            raise PuzzleError("'grid' must be %d rows of %d numbers" % (n, n))
        cells = [d for row in rows for d in row]
        for d in cells:
            if type(d) is not int or not 0 <= d <= n:
                raise PuzzleError("'grid' holds %s, not a number 0..%d" % (_shown(d), n))
        symbols = obj.get("symbols")
        if symbols is not None and not isinstance(symbols, str):
            raise PuzzleError("'symbols' must be a text, not %s" % _shown(symbols))
        from ..core.notation import check_symbols
        try:
            symbols = check_symbols(symbols, n)
        except ValueError as error:
            raise PuzzleError("'symbols': %s" % error) from None
        rules = obj.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise PuzzleError("'rules' must be a list of rule lines, not %s"
                              % _shown(rules))
        if ctx.size and n != ctx.size:
            raise PuzzleError("the puzzle is %dx%d, not %dx%d" % (n, n, ctx.size, ctx.size))
    except PuzzleError as error:
        raise ctx.error(error.message, lineno) from None
    layout = ctx.layout(n, tuple(box), lineno)
    grid = make_grid(cells, layout, ctx.source, lineno, symbols=symbols)
    if rules:
        from ..rules.registry import with_rule_lines
        grid = with_rule_lines(grid, [(lineno, text) for text in rules], ctx.source)
    return grid
