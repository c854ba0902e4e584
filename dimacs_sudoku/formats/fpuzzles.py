"""``fpuzzles``: an f-puzzles puzzle, as JSON or as the compressed string of its links.

The JSON object (``{"size": 9, "grid": [...], "killercage": [...]}``) is what the
f-puzzles editor exports; its links (``https://f-puzzles.com/?load=N4Ig...``, and
SudokuPad's ``https://sudokupad.app/fpuzzlesN4Ig...``) carry the same JSON compressed
with lz-string and written in base64, which this module reads pasted bare or inside
the link. Each puzzle is one line (a link) or one JSON object; its rules travel
with the grid (``grid.rules``, see
:func:`parse_fpuzzles`).

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

from ..core.grid import Grid
from ..core.layout import Layout, check_size, default_box, no_box_shape
from ..errors import PuzzleError, UsageError
from .source import one_puzzle
from .variant import count_text

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


# One JSON token after blanks: a string, a number, a literal, or punctuation. Strings
# hold no line end, so that a text can be scanned a line at a time.
_TOKEN = re.compile(r'\s*(?:("(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")'
                    r"|(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)(?![\w.])"
                    r"|(true|false|null)\b|([][{},:]))")


class JsonScan:
    """The grammar of one JSON object, fed a line at a time, that says where the object
    ends: :meth:`feed` is True once it closes, and False for a line that cannot
    continue it (a damaged or cut object ends before that line). Only the nesting and
    what may come next are kept, so that any size can be scanned in bounded memory.

    >>> scan = JsonScan()
    >>> [scan.feed(s) for s in ('{"grid": [[{"value": 1}, {}],', '[{}, {}]]}')]
    [None, True]
    >>> JsonScan().feed('{"grid": [[{"val'), JsonScan().feed('{"a": 1}'), JsonScan().feed('[1]')
    (False, True, False)
    """

    def __init__(self):
        self.stack = []         # the open containers, "{" or "["
        self.expect = "start"   # start, value, key, colon, next (a comma or a close)

    def feed(self, line):
        """True: the object closes on this line; False: the line cannot continue it;
        None: it goes on."""
        at, stack, expect = 0, self.stack, self.expect
        while True:
            match = _TOKEN.match(line, at)
            if match is None:
                if line[at:].strip():
                    return False
                self.expect = expect
                return None
            at = match.end()
            string, _, _, mark = match.groups()
            if expect == "start":
                if mark != "{":
                    return False
                stack.append(mark)
                expect = "key?"
            elif mark is None:                  # a string, number or literal
                if expect == "colon" or expect == "next" or \
                        string is None and expect in ("key", "key?"):
                    return False
                expect = "colon" if expect in ("key", "key?") else "next"
            elif mark in "{[":
                if expect not in ("value", "value?"):
                    return False
                stack.append(mark)
                expect = "key?" if mark == "{" else "value?"
            elif mark in "}]":
                if not (expect == "next" or expect == "key?" and mark == "}"
                        or expect == "value?" and mark == "]") \
                        or stack[-1] != ("{" if mark == "}" else "["):
                    return False
                stack.pop()
                if not stack:
                    self.expect = "end"
                    return True
                expect = "next"
            elif mark == ",":
                if expect != "next":
                    return False
                expect = "key" if stack[-1] == "{" else "value"
            else:                               # ":"
                if expect != "colon":
                    return False
                expect = "value"


def _puzzle_object(s):
    """Whether the line ``s`` is a whole JSON object of a puzzle on its own (a grid's
    key in it): where the next object starts after a damaged one."""
    import json
    try:
        obj, end = json.JSONDecoder().raw_decode(s)
    except (ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and not s[end:].strip() and any(
        key in obj for key in ("grid", "cells", "size", "box"))


def _square(count):
    """Whether ``count`` cells make a line puzzle (N*N, from 4x4)."""
    n = int(count ** 0.5 + 0.5)
    return n >= 4 and n * n == count


def object_lines(lines, start=0, limit=MAX_CHARS):
    """``(count, closed)``: how many lines from ``start`` (where a JSON object opens) the
    object takes, looked at with ``lines.peek``, and whether it closes. A line that
    cannot continue it ends it (a cut object is an error of its own lines, the next
    part is read), and so does a line holding a whole puzzle object after a damaged
    one. ``count`` is None when the object passes ``limit`` characters."""
    scan, i, total = JsonScan(), start, 0
    closed = False
    while True:
        item = lines.peek(i)
        if item is None:
            break
        text = item[1]
        total += len(text) + 1
        if total > limit:
            return None, False
        found = scan.feed(text)
        if found is False:
            if i == start:
                return 1, False
            break
        i += 1
        if found:
            closed = True
            break
    if not closed:
        # A damaged object: the first whole puzzle object within it, or line puzzle of
        # digits (a JSON number too), starts the next part.
        for k in range(start + 1, i):
            s = lines.peek(k)[1].strip()
            if s[:1] == "{" and _puzzle_object(s) or s.isdigit() and _square(len(s)):
                return k - start, False
    return i - start, closed


def skip_object(lines):
    """Take the lines of a JSON object too long to read, from its first to its end:
    one error for all of them, in bounded memory."""
    scan, first = JsonScan(), True
    while True:
        item = lines.next()
        if item is None:
            return
        found = scan.feed(item[1])
        if found is False and not first:
            lines.push(item)
            return
        if found:
            return
        first = False


def read_text(lines, source, what="an f-puzzles puzzle"):
    """``(text, first)``: the text of the next puzzle of ``lines`` (a link or packed
    string: its line; a JSON object: its lines as :func:`object_lines` finds them, or,
    for SCL's zipped text, which is no JSON, to the brace that closes it) and the number
    of its first line (None: nothing but blanks and comments are left); at most
    :data:`MAX_CHARS` characters."""
    while True:
        item = lines.peek(0)
        if item is None:
            return "", None
        s = item[1].strip()
        if s and s[0] != "#":
            break
        lines.next()
    first = item[0]
    if s[0] != "{":
        lines.next()
        return s, first
    count, closed = object_lines(lines)
    if count is None:
        skip_object(lines)
        raise PuzzleError("%s longer than %s characters"
                          % (what, format(MAX_CHARS, ",")), source, first)
    if not closed and count == 1 and not s.startswith('{"'):
        count = _zipped_lines(lines)
    return "\n".join(lines.next()[1] for _ in range(count)).strip(), first


def _zipped_lines(lines, start=0):
    """How many lines from ``start`` a zipped SCL object (bare words, single quotes)
    takes: to the brace that closes it."""
    depth, i, total = 0, start, 0
    while True:
        item = lines.peek(i)
        if item is None or i > start and starts_another(lines.peek(start)[1], item[1]):
            return max(i - start, 1)
        total += len(item[1]) + 1
        if total > MAX_CHARS:
            return max(i - start, 1)
        depth = brace_depth(item[1], depth)
        i += 1
        if depth <= 0:
            return i - start


def starts_another(first, text):
    """Whether ``text``, a line inside a zipped object whose first line is ``first``,
    is the start of the next object instead."""
    return text[:1] == "{" and first.strip() != "{"


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
    try:
        text, first = read_text(lines, ctx.source)
    except PuzzleError as error:
        if not lenient:
            raise
        yield error
        return
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
    rules = grid.rules or (givens.rules if givens is not None else ())
    return json.dumps(to_fpuzzles(grid, rules), separators=(",", ":"))


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
    from ..rules.base import FieldError, FlagRule, json_kind
    from ..rules.registry import finish, fpuzzles_keys, variant_grid
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
            from ..rules.jigsaw import Jigsaw
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
    from ..rules.negative import fpuzzles_meaning
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
        from ..rules.base import json_kind
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
