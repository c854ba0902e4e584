"""SudokuPad's own format (SCL): unzipping its JSON (short keys, bare words, single
quotes) and reading a puzzle and its rules from the object."""

import json
import re

from ...errors import PuzzleError, UsageError


# The deepest nesting of a zipped object (a puzzle needs five or six levels).
MAX_DEPTH = 64

# SudokuPad's zipper writes these keys short; unzipping writes them long again.
KEYS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor",
        "c2": "backgroundColor", "ce": "cells", "cs": "cellSize", "a": "arrows",
        "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
        "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize",
        "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
        "te": "text", "d": "duration", "d2": "d"}

# Keys that carry no rule: the puzzle's data, its settings and what only shows.
INFO = frozenset(("id", "cellSize", "metadata", "settings", "title", "author", "rules",
                  "solution", "videos", "foglight", "triggereffect", "duration",
                  "sourcepuzzle"))

# Drawings whose meaning is only in the rule text.
DRAWINGS = ("lines", "arrows", "overlays", "underlays")

# Rules SudokuPad names in ``global``: our rule line for each.
GLOBAL_RULES = {"antiknight": "antiknight", "antiking": "antiking",
                "nonconsecutive": "nonconsecutive", "disjoint": "disjoint",
                "antidifference": "negative white", "antiratio": "negative black",
                "antixv": "negative xv"}

# Cage styles of the f-puzzles indexer constraints (SudokuPad's f-puzzles import).
INDEXER_STYLES = {"fpRowIndexer": "rowindexer", "fpColumnIndexer": "columnindexer",
                  "fpBoxIndexer": "boxindexer"}

_RC = re.compile(r"[rR](\d{1,6})[cC](\d{1,6})")

_WHOLE = re.compile(r"\d{1,9}")           # a total or a given written as text

# The empty object of every empty slot: one object, so that a list of a million empty
# slots (4 MB of commas) takes 8 MB, not 100. Nothing here changes what it reads.
_EMPTY = {}


class _Unzipper:
    """A reader of SudokuPad's zipped JSON: keys without quotes, strings in single
    quotes (when the text has no double quote), ``t``/``f`` for true and false after a
    colon, colours as ``#0``, ``#F`` or six bare hex digits, and an empty slot of a
    list standing for an empty object (``[,,{v:5}]``)."""

    _BARE = re.compile(r"[^,:\]\}\[\{\s'\"]+")
    _KEY = re.compile(r"[A-Za-z0-9_$]+")
    _NUMBER = re.compile(r"-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?\Z")
    _HEX6 = re.compile(r"[0-9a-fA-F]{6}\Z")
    _ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "/": "/",
                "\\": "\\", '"': '"', "'": "'"}

    def __init__(self, text):
        self.s = text
        self.i = 0
        self.quote = '"' if '"' in text else "'"
        self.plain = re.compile(r"[^%s\\]+" % self.quote)

    def fail(self, what):
        raise ValueError("%s at character %d" % (what, self.i + 1))

    def skip(self):
        s, i = self.s, self.i
        while i < len(s) and s[i] in " \t\r\n":
            i += 1
        self.i = i
        return s[i] if i < len(s) else ""

    def parse(self):
        value = self.value(0, False)
        if self.skip():
            self.fail("text after the puzzle's object")
        return value

    def value(self, depth, after_colon):
        if depth > MAX_DEPTH:
            self.fail("nested deeper than %d levels" % MAX_DEPTH)
        ch = self.skip()
        if ch == "{":
            return self.object(depth + 1)
        if ch == "[":
            return self.array(depth + 1)
        if ch == self.quote:
            return self.string()
        match = self._BARE.match(self.s, self.i)
        if match is None:
            self.fail("a value expected" if ch else "the text ends early")
        self.i = match.end()
        return self.bare(match.group(), after_colon)

    def bare(self, token, after_colon):
        if after_colon:
            colour = {"t": True, "f": False, "#0": "#000000", "#F": "#FFFFFF"}
            if token in colour:
                return colour[token]
            if self._HEX6.match(token):
                return "#" + token
        if token in ("true", "false", "null"):
            return {"true": True, "false": False, "null": None}[token]
        if self._NUMBER.match(token):
            number = float(token)
            return int(token) if number.is_integer() and "." not in token \
                and "e" not in token.lower() else number
        self.i -= len(token)
        self.fail("unexpected %r" % token[:20])

    def string(self):
        s, quote = self.s, self.quote
        self.i += 1
        parts = []
        while True:
            match = self.plain.match(s, self.i)
            if match:
                parts.append(match.group())
                self.i = match.end()
            if self.i >= len(s):
                self.fail("a string that does not end")
            ch = s[self.i]
            if ch == quote:
                self.i += 1
                return "".join(parts)
            esc = s[self.i + 1:self.i + 2]          # ch is a backslash
            if esc == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", s[self.i + 2:self.i + 6]):
                parts.append(chr(int(s[self.i + 2:self.i + 6], 16)))
                self.i += 6
            elif esc in self._ESCAPES:
                parts.append(self._ESCAPES[esc])
                self.i += 2
            else:
                self.fail("bad escape in a string")

    def object(self, depth):
        self.i += 1
        out = {}
        if self.skip() == "}":
            self.i += 1
            return out
        while True:
            ch = self.skip()
            if ch == self.quote:
                key = self.string()
            else:
                match = self._KEY.match(self.s, self.i)
                if match is None:
                    self.fail("a key expected")
                key = match.group()
                self.i = match.end()
            if self.skip() != ":":
                self.fail("':' expected after key %r" % key[:20])
            self.i += 1
            out[key] = self.value(depth, True)
            if self.closed("}"):
                return out

    def array(self, depth):
        self.i += 1
        out = []
        while True:
            if self.skip() in (",", "]"):
                out.append(_EMPTY)      # an empty slot: the zipper dropped an {}
            else:
                out.append(self.value(depth, False))
            if self.closed("]"):
                return out

    def closed(self, end):
        """After an item: past ``end`` (True) or past a comma (False)."""
        ch = self.skip()
        if ch != end and ch != ",":
            self.fail("',' or '%s' expected" % end)
        self.i += 1
        return ch == end


def _long_keys(obj):
    if isinstance(obj, list):
        return [_long_keys(item) for item in obj]
    if obj is _EMPTY:
        return obj
    if isinstance(obj, dict):
        return {KEYS.get(key, key): _long_keys(value) for key, value in obj.items()}
    return obj


def unzip(text):
    """The object of SudokuPad's zipped JSON ``text``, with its long keys; ValueError
    when it is not that."""
    return _long_keys(_Unzipper(text).parse())


def load(text, source=None, line=None):
    """The object of an SCL text: plain JSON, or zipped (:func:`unzip`)."""
    try:
        obj = json.loads(text)
    except RecursionError:
        raise PuzzleError("a SudokuPad puzzle nested too deeply", source, line) from None
    except ValueError:
        try:
            obj = unzip(text)
        except ValueError as error:
            raise PuzzleError("not a SudokuPad puzzle: %s" % error, source, line) from None
    if not isinstance(obj, dict):
        raise PuzzleError("a SudokuPad puzzle is a JSON object", source, line)
    return obj


def _cell(item, size, what):
    """The cell index of ``[row, col]`` (from 0) or ``"r1c1"``."""
    if isinstance(item, str):
        match = _RC.fullmatch(item.strip())
        rc = (int(match.group(1)) - 1, int(match.group(2)) - 1) if match else None
    elif (isinstance(item, list) and len(item) == 2
          and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
        rc = tuple(item)
    else:
        rc = None
    if rc is None:
        raise PuzzleError("%s: %s is not a cell ([row, col] from 0, or r1c1)"
                          % (what, json.dumps(item)[:40]))
    if not (0 <= rc[0] < size and 0 <= rc[1] < size):
        raise PuzzleError("%s: cell %s is outside the %dx%d grid"
                          % (what, json.dumps(item)[:40], size, size))
    return rc[0] * size + rc[1]


def _cells(items, size, what):
    if items is None:
        return []
    if isinstance(items, str):              # "r1c1r1c2..." names run together
        names = _RC.findall(items)
        if "".join("r%sc%s" % rc for rc in names) != items.strip().lower():
            raise PuzzleError("%s: %r is not a list of cells" % (what, items[:40]))
        items = ["r%sc%s" % rc for rc in names]
    if not isinstance(items, list):
        raise PuzzleError("%s: its cells must be a list" % what)
    return [_cell(item, size, what) for item in items]


def _total(cage):
    """The cage's total: its ``sum``, else its ``value`` when that is a whole number;
    None when it shows nothing; the text itself when it shows something else."""
    for key in ("sum", "value"):
        value = cage.get(key)
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip():
            return int(value) if _WHOLE.fullmatch(value.strip()) else value
        if value is not None and not isinstance(value, str):
            return json.dumps(value)[:30]   # a list or a number with a fraction
    return None


def _diagonal(line, size):
    """``diagonal+`` or ``diagonal-`` for a straight line between opposite corners of
    the grid, else None."""
    points = line.get("wayPoints") if isinstance(line, dict) else None
    if not isinstance(points, list) or len(points) != 2:
        return None
    try:
        ends = sorted(tuple(float(x) for x in point) for point in points)
    except (TypeError, ValueError):
        return None
    if ends == [(0.0, 0.0), (float(size), float(size))]:
        return "diagonal-"
    if ends == [(0.0, float(size)), (float(size), 0.0)]:
        return "diagonal+"
    return None


def _givens(rows, size):
    if len(rows) != size or any(not isinstance(row, list) or len(row) != size
                                for row in rows):
        bad = next(k for k, row in enumerate(rows)
                   if not isinstance(row, list) or len(row) != size)
        raise PuzzleError("SudokuPad 'cells' must be %d rows of %d cells (row %d has %s)"
                          % (size, size, bad + 1, len(rows[bad])
                             if isinstance(rows[bad], list) else "none"))
    cells = [0] * (size * size)
    for r, row in enumerate(rows):
        for c, item in enumerate(row):
            value = item.get("value") if isinstance(item, dict) else None
            if value is None or value == "":
                continue
            if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool) \
                    or not 1 <= value <= size:
                raise PuzzleError("SudokuPad cell r%dc%d holds %s, not a digit 1..%d"
                                  % (r + 1, c + 1, json.dumps(value)[:20], size))
            cells[r * size + c] = value
    return cells


def _regions(items, size, box):
    """One region number per cell, or None when the regions are the boxes."""
    from ...core.layout import Layout
    if not items:
        return None
    if not isinstance(items, list):
        raise PuzzleError("SudokuPad 'regions' must be a list of regions")
    region_of = [None] * (size * size)
    for k, region in enumerate(items):
        for cell in _cells(region, size, "SudokuPad region %d" % (k + 1)):
            if region_of[cell] is not None:
                raise PuzzleError("SudokuPad regions %d and %d both hold r%dc%d"
                                  % (region_of[cell] + 1, k + 1, cell // size + 1,
                                     cell % size + 1))
            region_of[cell] = k
    if None in region_of:
        cell = region_of.index(None)
        covered = size * size - region_of.count(None)
        inner = int(covered ** 0.5)
        hint = (" (regions of a %dx%d grid inside %dx%d cells: clues outside the grid "
                "are not read)" % (inner, inner, size, size)) if inner * inner == covered \
            else ""
        raise PuzzleError("SudokuPad regions leave r%dc%d in none; a %dx%d grid needs %d"
                          " regions of %d cells%s" % (cell // size + 1, cell % size + 1,
                                                      size, size, size, size, hint))
    boxes = [0] * (size * size)
    for k, (_, group) in enumerate(Layout(size, box).units[2 * size:]):
        for cell in group:
            boxes[cell] = k

    def first_seen(labels):
        order = {}
        return [order.setdefault(label, len(order)) for label in labels]
    return None if first_seen(region_of) == first_seen(boxes) else region_of


def rule_lines(obj, size):
    """The rule lines of our text format for an SCL object's rules (cages, ``global``,
    diagonals), and what it draws that is no rule we can read, counted by kind
    (``["2 lines", "1 overlay"]``): ``(lines, drawings)``."""
    from ..variant import count_text
    from ...rules.base import cells_text
    lines, drawings = [], []
    known = obj.get("global") or []
    if isinstance(known, str):
        known = [known]
    if not isinstance(known, list):
        raise PuzzleError("SudokuPad 'global' must be a list of rule names")
    negative = []
    for name in known:
        if not isinstance(name, str) or name not in GLOBAL_RULES:
            raise PuzzleError("unknown rule: SudokuPad global %s" % json.dumps(name)[:40])
        line = GLOBAL_RULES[name]
        if line.startswith("negative "):
            negative.append(line.split()[1])
        elif line not in lines:
            lines.append(line)
    if negative:
        lines.append("negative " + " ".join(negative))
    cages = obj.get("cages") or []
    if not isinstance(cages, list):
        raise PuzzleError("SudokuPad 'cages' must be a list")
    for cage in cages:
        if not isinstance(cage, dict):
            raise PuzzleError("a SudokuPad cage is an object, not %s" % json.dumps(cage)[:40])
        cells = _cells(cage.get("cells"), size, "SudokuPad cage")
        if not cells:
            continue                        # a label, or the metadata of old puzzles
        style, total = cage.get("style"), _total(cage)
        if cage.get("type") == "disjoint":
            if "disjoint" not in known:
                lines.append("killer " + cells_text(size, cells))
            continue
        if isinstance(style, str) and style in INDEXER_STYLES:
            lines.append("%s %s" % (INDEXER_STYLES[style], cells_text(size, cells)))
            continue
        if cage.get("unique") is not True and ("outlineC" in cage or "fontC" in cage):
            drawings.append("cage drawn with f-puzzles' cage tool")
            continue                        # (SudokuPad's import marks killers unique)
        if cage.get("unique") is False:
            if cage.get("hidden") and total is None:
                continue                    # cells in no region (f-puzzles' null region)
            drawings.append("cage whose digits may repeat")
            continue
        if style not in (None, "killer", "extraregion"):
            drawings.append("cage of style %s" % json.dumps(style)[:30])
            continue
        if isinstance(total, str):
            drawings.append("cage showing text")
            continue
        if style == "extraregion" and len(cells) == size:
            lines.append("region " + cells_text(size, cells))
            continue
        lines.append("killer %s%s" % ("" if total is None else "%d " % total,
                                      cells_text(size, cells)))
    metadata = obj.get("metadata")
    if isinstance(metadata, dict) and metadata.get("bgimage"):
        drawings.append("background image")         # clues drawn in a picture
    for key in DRAWINGS:
        items = obj.get(key) or []
        if not isinstance(items, list):
            raise PuzzleError("SudokuPad %r must be a list" % key)
        for item in items:
            diagonal = _diagonal(item, size) if key == "lines" else None
            if diagonal:
                lines.append(diagonal)
            else:
                drawings.append(key[:-1])
    counts = {}
    for noun in drawings:
        counts[noun] = counts.get(noun, 0) + 1
    return lines, [count_text(count, noun) for noun, count in counts.items()]


def parse_sudokupad(obj, source=None):
    """``(grid, rules)`` from an SCL object (a dict, or its JSON or zipped text).

    Drawings whose meaning only the rules text states (lines, arrows, overlays,
    underlays, cages with other text than a total) are no rule: they are left out and
    counted in ``grid.drawings``. Keys we do not know are an error naming them.

    >>> grid, rules = parse_sudokupad({"cells": [[{}] * 4] * 4, "global": ["antiknight"],
    ...     "lines": [{"wayPoints": [[0, 0], [4, 4]]}]})
    >>> [rule.to_line() for rule in rules]
    ['antiknight', 'diagonal-']
    >>> parse_sudokupad({"cells": [[{}] * 4] * 4, "lines": [{"wayPoints": [[0.5, 0.5],
    ...     [0.5, 2.5]]}], "overlays": [{}, {}]}, "p.txt")[0].drawings
    ['1 line', '2 overlays']
    """
    from ...core.layout import check_size, default_box, no_box_shape
    if isinstance(obj, str):
        obj = load(obj, source)
    try:
        rows = obj.get("cells")
        if not isinstance(rows, list) or not rows:
            raise PuzzleError("a SudokuPad puzzle needs 'cells': its rows of cells")
        size = len(rows) if isinstance(rows, list) else 0
        try:
            check_size(size)
        except UsageError as error:
            raise PuzzleError("SudokuPad 'cells': %s" % error.message) from None
        cells = _givens(rows, size)
        box = default_box(size, regions=True)   # a prime size needs its regions
        regions = _regions(obj.get("regions"), size, box)
        if regions is None and box[0] == 1 < size:
            raise PuzzleError("SudokuPad 'cells': %s" % no_box_shape(size))
        unknown = [key for key, value in obj.items()
                   if key not in INFO and key not in DRAWINGS
                   and key not in ("cells", "regions", "cages", "global")
                   and value not in (None, False, "", [], {})]
        if unknown:
            raise PuzzleError("unknown rule: SudokuPad key %r" % unknown[0])
        lines, drawings = rule_lines(obj, size)
        grid, rules = grid_with_rules(cells, size, box, regions, lines, source)
        grid.drawings = drawings
        return grid, rules
    except PuzzleError as error:
        raise PuzzleError(error.message, source, error.line) from None


def grid_with_rules(cells, size, box, regions, lines, source):
    """``(grid, rules)`` of the givens ``cells``, the region number of each cell (None:
    the boxes) and our rule ``lines``."""
    from ...core.grid import Grid
    from ...rules.registry import finish, parse_rule, variant_grid
    try:
        rules = []
        if regions is not None:
            from ...rules.jigsaw import Jigsaw
            rules.append(Jigsaw.from_regions(size, regions))
            rules[-1].box = box
        for text in lines:
            try:
                rules.append(parse_rule(text, size, box))
            except PuzzleError as error:
                keyword = text.split()[0] + ": "
                message = error.message[len(keyword):] \
                    if error.message.startswith(keyword) else error.message
                raise PuzzleError("SudokuPad %s: %s" % (" ".join(text.split()[:5]),
                                                         message)) from None
        rules = finish(rules, size)
        grid = variant_grid(Grid(cells, size=size, box=box, source=source), rules)
    except PuzzleError as error:
        raise PuzzleError(error.message, source, error.line) from None
    return grid, rules
