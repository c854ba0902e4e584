"""``fpuzzles``: an f-puzzles puzzle, as JSON or as the compressed string of its links.

The JSON object (``{"size": 9, "grid": [...], "killercage": [...]}``) is what the
f-puzzles editor exports; its links (``https://f-puzzles.com/?load=N4Ig...``, and
SudokuPad's ``https://sudokupad.app/fpuzzlesN4Ig...``) carry the same JSON compressed
with lz-string and written in base64, which this module reads pasted bare or inside
the link. Each puzzle is one line (a link) or one JSON object; its rules travel
with the grid (``grid.rules``, see
:func:`dimacs_sudoku.rules.parse_fpuzzles`).

>>> grid = read_one('{"size": 4, "diagonal+": true, "grid": [[{"value": 1, "given": true},'
...                 '{}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}')
>>> grid.to_line(), [rule.to_line() for rule in grid.rules]
('1...............', ['diagonal+'])
>>> read_one("https://f-puzzles.com/?load=N4IgHiBcDMC+Q===")
Traceback (most recent call last):
...
dimacs_sudoku.errors.PuzzleError: <stdin>:1: unknown rule: f-puzzles key 'x'
"""
import re

from ..errors import PuzzleError
from .source import one_puzzle

NAME = "fpuzzles"
DESCRIPTION = "an f-puzzles puzzle: its JSON, or the lz-string of its links"

# The most text one puzzle may take: a 16x16 with many rules is well under 1 MB.
MAX_CHARS = 4_000_000
# lz-string of a text starting with '{' begins with N4 (N4Ig for '{"').
PACKED = re.compile(r"N4[A-Za-z0-9+/=$\-% ]*")
# The braces of a JSON (or zipped SCL) text outside its strings, and its strings.
_BRACES = re.compile(r'[{}]|"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')


def looks_like(s):
    """Whether a first line starts an f-puzzles puzzle (JSON, a bare packed string,
    SudokuPad's ``fpuz``/``fpuzzles`` id of one, or a link holding one)."""
    return s[:1] == "{" or (s[:2] == "N4" and any(c.islower() for c in s[:40])) or (
        s[:4] == "fpuz" and "N4" in s[4:12]) or (
        "://" in s and ("load=" in s or "fpuz" in s))


def detect(lines, found, size):
    return NAME if looks_like(found[1]) else None


def brace_depth(text, depth=0):
    """The depth of braces after a line of a JSON (or zipped SCL) text, from ``depth``
    before it; braces in strings do not count."""
    for token in _BRACES.findall(text):
        depth += (token == "{") - (token == "}")
    return depth


def starts_another(first, text):
    """Whether ``text``, a line inside an object whose first line is ``first``, is the
    start of the next object instead: an object written on one line that does not
    close (a damaged line of a file of one object a line) ends there."""
    return text[:1] == "{" and first.strip() != "{"


def read_text(lines, source, what="an f-puzzles puzzle"):
    """``(text, first)``: the text of the next puzzle of ``lines`` (a link or packed
    string: its line; a JSON object: its lines to the brace that closes it, or to the
    end when none does) and the number of its first line (None: nothing but blanks
    and comments are left); at most :data:`MAX_CHARS` characters."""
    parts, total, first, depth = [], 0, None, 0
    while True:
        item = lines.next()
        if item is None:
            break
        lineno, text = item
        if first is None:
            s = text.strip()
            if not s or s[0] == "#":
                continue
            first = lineno
            if s[0] != "{":
                return s, first
        elif starts_another(parts[0], text):
            lines.push(item)
            break
        total += len(text) + 1
        if total > MAX_CHARS:
            raise PuzzleError("%s longer than %s characters"
                              % (what, format(MAX_CHARS, ",")), source, lineno)
        parts.append(text)
        depth = brace_depth(text, depth)
        if depth <= 0:
            break
    return "\n".join(parts).strip(), first


def unpack(text, source=None, line=None):
    """The JSON text of an f-puzzles puzzle given as JSON, a packed string or a link."""
    from urllib.parse import unquote
    if text.startswith("{"):
        return text
    text = unquote(text.replace("%2B", "+").replace("%2b", "+"))
    for marker in ("load=", "fpuzzles", "fpuz"):
        if marker in text:
            text = text.split(marker, 1)[1]
            break
    match = PACKED.match(text.strip())
    if match is None:
        raise PuzzleError("no f-puzzles data in the link (expected load=N4Ig... or "
                          "fpuzN4Ig...)", source, line)
    from .lzstring import decompress_base64
    try:
        json_text = decompress_base64(match.group(0).replace("%", ""), MAX_CHARS)
    except ValueError as error:
        raise PuzzleError("the f-puzzles string cannot be unpacked: %s" % error,
                          source, line) from None
    if not json_text.startswith("{"):
        raise PuzzleError("the f-puzzles string does not unpack to a JSON object",
                          source, line)
    return json_text


def load(json_text, source=None):
    """The object of an f-puzzles JSON text; a PuzzleError when it is not JSON or
    nests too deeply for the JSON reader."""
    import json
    try:
        return json.loads(json_text)
    except RecursionError:
        raise PuzzleError("an f-puzzles puzzle nested too deeply", source) from None
    except ValueError as error:
        raise PuzzleError("not JSON: %s" % error, source) from None


def read(lines, ctx, lenient):
    from ..rules import parse_fpuzzles
    text, first = read_text(lines, ctx.source)
    if first is None:
        return
    yield from one_puzzle(lambda: parse_fpuzzles(load(unpack(text, ctx.source, first),
                                                      ctx.source), ctx.source)[0],
                          "the f-puzzles puzzle", ctx, first, lenient)


def read_one(text):
    """The puzzle of a text (for examples)."""
    from .source import Context, Lines
    return next(read(Lines(text.splitlines()), Context("<stdin>", None, None), False))


def write(grid, givens=None, symbols=None):
    """The f-puzzles JSON of ``grid`` and its rules (one line)."""
    import json
    from ..rules import to_fpuzzles
    rules = grid.rules or (givens.rules if givens is not None else ())
    return json.dumps(to_fpuzzles(grid, rules), separators=(",", ":"))
