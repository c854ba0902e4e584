"""``sudokupad``: SudokuPad's own puzzle format (SCL), in its links or pasted bare.

A SudokuPad link names its puzzle after the host (``https://sudokupad.app/scl...``,
``https://sudokupad.app/sudoku/scl...``, ``?puzzleid=scl...``, the same on
``app.crackingthecryptic.com``, ``sudokupad://puzzle/scl...``). The puzzle id starts
with the name of its format:

``scl``, ``ctc``      SudokuPad's own format: a JSON object, "zipped" (short keys,
                      bare words, single quotes) and usually packed with lz-string
                      in base64, as f-puzzles links are (:mod:`..variants.lzstring`)
``fpuz``, ``fpuzzles`` an f-puzzles puzzle (read by :mod:`.fpuzzles`)
``scf``               SudokuPad's old format of 9x9 givens, with windoku and the
                      diagonals as letters (:func:`read_scf`)
``classic``           givens only, in either of SudokuPad's two codes
                      (:func:`read_classic`)
(none)                a short id of a puzzle kept on SudokuPad's server: not read
                      here, since the tools use no network

The SCL object (keys after unzipping, see :data:`KEYS`) and what is read of it:

- ``cells``: N rows of N cell objects; a cell's ``value`` is a given.
- ``regions``: lists of ``[row, col]`` cells (from 0; ``"r1c1"`` names are read too):
  a jigsaw when they are not the boxes.
- ``cages``: each with ``cells``, ``value`` (the text drawn in its corner) or ``sum``,
  ``unique`` (false: digits may repeat), ``hidden``, ``style``. A cage whose text is a
  whole number (or none) is a killer cage with that total (or without one); ``style``
  ``extraregion`` of N cells is an extra region; SudokuPad's f-puzzles import writes
  indexers as styles ``fpRowIndexer``... and disjoint groups as ``type: disjoint``.
  A hidden cage whose digits may repeat marks cells of no region, and says nothing;
  one with f-puzzles' colour keys (``outlineC``, ``fontC``) and not ``unique`` is
  f-puzzles' cosmetic cage, a drawing.
- ``global``: rules named in words (``antiknight``, ``antiking``, ``nonconsecutive``,
  ``disjoint``, and ``antidifference``/``antiratio``/``antixv`` for "all dots given").
- ``metadata``: title, author, rules text, solution: not read.

Everything else SudokuPad draws (``lines``, ``arrows``, ``overlays``, ``underlays``:
thermometers, arrows, kropki dots, odd/even shading...; cages with other text, or
whose digits may repeat; a background image, ``metadata.bgimage``) is geometry and
colour only: what it means is in the rules text alone. It is left out, and counted by
kind in ``grid.drawings`` (the commands say so on stderr, or refuse the puzzle with
``--strict-drawings``). One drawing is recognised as a rule: a straight line from one
corner of the grid to the opposite one, as SudokuPad's f-puzzles import draws
``diagonal+`` and ``diagonal-`` (a line through cell centres is a line rule, and
refused).

>>> grid = read_one("scl" + pack('{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],'
...                              '[{},{},{},{}],[{},{},{},{"value":4}]],'
...                              '"cages":[{"cells":[[0,1],[1,1]],"value":7}]}'))
>>> grid.to_line(), [rule.to_line() for rule in grid.rules]
('1..............4', ['killer 7 r1c2 r2c2'])
>>> unzip("{ce:[[{v:1},,{v:2}]],ca:[{ce:[[0,1]],v:'x',unique:f,c:FF0000}]}")
{'cells': [[{'value': 1}, {}, {'value': 2}]], 'cages': [{'cells': [[0, 1]], 'value': 'x', 'unique': False, 'color': '#FF0000'}]}
"""
import json
import re
from urllib.parse import parse_qs, unquote, urlsplit

from ..errors import PuzzleError, UsageError
from .source import one_puzzle

NAME = "sudokupad"
DESCRIPTION = "a SudokuPad puzzle (SCL): its link, its packed string or its JSON"

# The most text one puzzle may take, and the most it may unpack to.
MAX_CHARS = 4_000_000
# The deepest nesting of a zipped object (a puzzle needs five or six levels).
MAX_DEPTH = 64

# SudokuPad's zipper writes these keys short; unzipping writes them long again.
KEYS = {"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor",
        "c2": "backgroundColor", "ce": "cells", "cs": "cellSize", "a": "arrows",
        "o": "overlays", "u": "underlays", "w": "width", "h": "height", "v": "value",
        "vd": "videos", "l": "lines", "r": "rounded", "re": "regions", "fs": "fontSize",
        "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
        "te": "text", "d": "duration", "d2": "d"}

# The formats a puzzle id may name, by prefix (longest first).
PREFIXES = (("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("scl", "scl"),
            ("ctc", "scl"), ("scf", "scf"), ("classic", "classic"))

# Hosts whose links carry a SudokuPad puzzle id.
HOSTS = ("sudokupad", "crackingthecryptic")

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

_PREFIX = re.compile(r"(fpuzzles|fpuz|scl|ctc|scf|classic)")
_RC = re.compile(r"[rR](\d{1,6})[cC](\d{1,6})")
_WHOLE = re.compile(r"\d{1,9}")           # a total or a given written as text


def pack(text):
    """``text`` packed as SudokuPad packs a puzzle (lz-string, base64; for examples)."""
    from .lzstring import compress_base64
    return compress_base64(text)


# ---- the puzzle id -------------------------------------------------------------------

def _is_link(s):
    return "://" in s[:40]


def puzzle_id(text):
    """The puzzle id of a SudokuPad link (or ``text`` itself when it is no link).

    >>> puzzle_id("https://sudokupad.app/sudoku/sclN4Ig?setting-nogrid=1")
    'sclN4Ig'
    >>> puzzle_id("https://app.crackingthecryptic.com/?puzzleid=ctcN4Ig")
    'ctcN4Ig'
    """
    s = text.strip()
    if s.startswith("sudokupad://"):
        return s.split("://", 1)[1].split("/", 1)[-1].split("?", 1)[0]
    if not _is_link(s):
        return s if "{" in s else s.split("?", 1)[0]
    parts = urlsplit(s)
    query = parse_qs(parts.query.replace("+", "%2B"))
    for key in ("puzzleid", "puzzle"):
        if query.get(key):
            return query[key][0]
    path = parts.path.lstrip("/")
    if path.startswith("sudoku/"):
        path = path[len("sudoku/"):]
    return path


def split_id(pid):
    """``(format, data)`` of a puzzle id: format ``scl``, ``fpuzzles``, ``scf`` or
    ``None`` (a short id of SudokuPad's server)."""
    match = _PREFIX.match(pid)
    if match is None:
        return None, pid
    return dict(PREFIXES)[match.group(1)], pid[match.end():]


def link_format(s):
    """The format of the puzzle in a first line: ``scl``, ``fpuzzles``, ``scf``,
    ``remote`` (a short id on a SudokuPad host) or None (not SudokuPad's)."""
    if s.startswith("sudokupad://"):
        return split_id(puzzle_id(s))[0] or "remote"
    if _is_link(s):
        host = urlsplit(s).netloc.lower()
        if not any(name in host for name in HOSTS):
            return None
        return split_id(puzzle_id(s))[0] or "remote"
    kind, data = split_id(s)
    if kind is None or not data:
        return None
    # A bare id is one long word (text may follow it: scf's title), or written out.
    if data[:1] != "{" and (" " in data.strip() and len(data.split(None, 1)[0]) < 16):
        return None
    return kind


def unpacked_text(pid, source=None, line=None):
    """The text inside an SCL or f-puzzles puzzle id's data (unpacked unless it is
    written out, ``scl{...}``)."""
    data = split_id(pid)[1]
    if "%" in data:
        data = unquote(data)
    data = data.strip()
    if data.startswith("{"):
        return data
    data = data.replace(" ", "+")           # a + that a form decoding made a blank
    from .lzstring import decompress_base64
    try:
        text = decompress_base64(data, MAX_CHARS)
    except ValueError as error:
        text = _with_double_slashes(data)
        if text is None:
            raise PuzzleError("the SudokuPad puzzle %s... cannot be unpacked: %s"
                              % (pid[:12], error), source, line) from None
    if not text.lstrip().startswith("{"):
        text = _with_double_slashes(data) or text
    if not text.lstrip().startswith("{"):
        raise PuzzleError("the SudokuPad puzzle %s... does not unpack to a JSON object"
                          % pid[:12], source, line)
    return text


def _with_double_slashes(data, most=200):
    """The unpacked text of ``data`` after a web server or chat program made a ``//``
    of it one ``/`` (base64 holds slashes): each single slash, then each pair of them,
    doubled in turn, at most ``most`` tries, and fewer on long data (each try unpacks
    it all; a link is a few thousand characters); None when none unpacks to an
    object."""
    from itertools import combinations
    from .lzstring import decompress_base64
    most = min(most, 2_000_000 // max(len(data), 1))
    slashes = [m.start() for m in re.finditer(r"(?<!/)/(?!/)", data)]
    tries = 0
    for count in (1, 2):
        for chosen in combinations(slashes, count):
            tries += 1
            if tries > most:
                return None
            fixed = data
            for at in reversed(chosen):
                fixed = fixed[:at] + "/" + fixed[at:]
            try:
                text = decompress_base64(fixed, MAX_CHARS)
            except ValueError:
                continue
            if text.lstrip().startswith("{"):
                return text
    return None


# ---- unzipping -----------------------------------------------------------------------

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


# ---- the puzzle ----------------------------------------------------------------------

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
    from ..core.layout import Layout
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
    from .variant import count_text
    from ..rules.base import cells_text
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
    from ..core.layout import check_size, default_box, no_box_shape
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
        grid, rules = _variant(cells, size, box, regions, lines, source)
        grid.drawings = drawings
        return grid, rules
    except PuzzleError as error:
        raise PuzzleError(error.message, source, error.line) from None


def _variant(cells, size, box, regions, lines, source):
    """``(grid, rules)`` of the givens ``cells``, the region number of each cell (None:
    the boxes) and our rule ``lines``."""
    from ..core.grid import Grid
    from ..rules.registry import finish, parse_rule, variant_grid
    try:
        rules = []
        if regions is not None:
            from ..rules.jigsaw import Jigsaw
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


# ---- the classic formats: givens only -------------------------------------------------

# SCF: each character a digit (0 a blank) and up to five blanks after it,
# value = digit + 10 * blanks, written 0-9, A-Z, a-z.
_SCF_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
# "classic": digits 1-9, and a run of blanks as one character whose place here is its
# length (version 1); or the SCF alphabet up to x (version 2).
_RUN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"


def _digits_and_blanks(data, stop=None):
    """``(cells, used)``: the cells of SCF-coded ``data`` (0 a blank), read until
    ``stop`` cells, and how many characters that took."""
    cells = []
    for used, ch in enumerate(data):
        if stop is not None and len(cells) >= stop:
            return cells, used
        value = _SCF_CHARS.find(ch)
        if value < 0:
            raise PuzzleError("%r is no cell code (0-9, A-Z, a-z)" % ch)
        cells.append(value % 10)
        cells.extend([0] * (value // 10))
    return cells, len(data)


def read_scf(data):
    """``(cells, rule lines)`` of SudokuPad's old classic format: 81 cells SCF-coded,
    then (after a ``*``, or right after the 81st cell) ``w`` for windoku, ``x`` for
    both diagonals, ``tTITLE*`` and ``aAUTHOR*`` (``**`` a star inside).

    >>> cells, lines = read_scf("1y0000001*xtX-Sudoku*")
    >>> cells[:3], len(cells), lines
    ([1, 0, 0], 81, ['diagonals'])
    """
    givens, star, constraints = data.partition("*")
    cells, used = _digits_and_blanks(givens, None if star else 81)
    if not star:
        constraints = givens[used:]
    if len(cells) > 81 and any(cells[81:]):
        raise PuzzleError("more than 81 cells")
    cells = (cells + [0] * 81)[:81]
    lines, i = [], 0
    while i < len(constraints):
        ch = constraints[i]
        i += 1
        if ch in "wx":
            lines.append({"w": "windoku", "x": "diagonals"}[ch])
        elif ch in "ta":
            while i < len(constraints):        # the text, to a single star
                if constraints[i] == "*":
                    if constraints[i + 1:i + 2] != "*":
                        break
                    i += 1
                i += 1
            i += 1
        else:
            raise PuzzleError("unknown rule: scf constraint %r" % ch)
    return cells, lines


def read_classic(data):
    """The cells of SudokuPad's ``classic`` codes (givens only), telling its two
    versions apart as SudokuPad does: by their alphabets, then by which one gives a
    square number of cells (version 2 first).

    >>> read_classic("1O2")          # version 1: O is 14 blanks (version 2: 5 cells)
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    >>> read_classic("1O2ZZ000")     # version 2: O is 4 and 2 blanks, Z 5 and 3
    [1, 4, 0, 0, 2, 5, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0]
    """
    first = all(ch in "123456789" or ch in _RUN_CHARS for ch in data)
    second = all(ch in _SCF_CHARS[:60] for ch in data)
    if not data or not (first or second):
        raise PuzzleError("not a classic code (digits 1-9 and letters)")

    def version1():
        cells = []
        for ch in data:
            if ch in "123456789":
                cells.append(int(ch))
            else:
                cells.extend([0] * _RUN_CHARS.index(ch))
        return cells
    if first and not second:
        cells = version1()
    else:
        cells = _digits_and_blanks(data)[0]
        if first and int(len(cells) ** 0.5) ** 2 != len(cells):
            cells = version1() if int(len(version1()) ** 0.5) ** 2 == len(version1()) \
                else cells
    size = int(len(cells) ** 0.5)
    if size * size != len(cells) or size < 4:
        raise PuzzleError("%d cells make no square grid of 4x4 or more" % len(cells))
    return cells


# ---- the format ----------------------------------------------------------------------

def _scl_json(lines, found):
    """Whether the object that starts at ``found`` is SCL (``cells``) rather than
    f-puzzles (``grid``)."""
    first = found[1]
    if re.match(r"\{\s*[^\s\"}]", first):
        return True                         # zipped: no quotes around its first key
    from .fpuzzles import brace_depth, starts_another
    parts, total, i, depth = [], 0, found[0], 0
    while total <= MAX_CHARS:
        item = lines.peek(i)
        if item is None or parts and starts_another(parts[0], item[1]):
            break
        parts.append(item[1])
        total += len(item[1]) + 1
        i += 1
        depth = brace_depth(item[1], depth)
        if depth <= 0:
            break                           # the object's last line
    text = "\n".join(parts)
    try:
        obj = json.loads(text)
    except RecursionError:
        return "cells" in first             # too deep for JSON: an error here
    except ValueError:
        try:
            obj = unzip(text)               # zipped, its first key alone on a line
        except ValueError:
            return False
    return isinstance(obj, dict) and "cells" in obj and "grid" not in obj


def detect(lines, found, size):
    s = found[1]
    if s[:1] == "{":
        return NAME if _scl_json(lines, found) else None
    return NAME if link_format(s) in ("scl", "scf", "classic", "remote") else None


def read(lines, ctx, lenient):
    """The next puzzle: a link or id (one line), or a JSON object."""
    from .fpuzzles import read_text
    text, first = read_text(lines, ctx.source, "a SudokuPad puzzle")
    if first is not None:
        yield from _read_one(text, first, ctx, lenient)


def _read_one(text, line, ctx, lenient):
    return one_puzzle(lambda: read_puzzle(text, ctx.source, line), "the SudokuPad puzzle",
                      ctx, line, lenient)


def read_puzzle(text, source=None, line=None):
    """The Grid (with its rules) of a SudokuPad link, puzzle id or SCL JSON."""
    if text.startswith("{"):
        return parse_sudokupad(load(text, source, line), source)[0]
    pid = puzzle_id(text)
    kind, _ = split_id(pid)
    if kind is None and not re.fullmatch(r"[\w.~-]+(/[\w.~-]+)*", pid):
        raise PuzzleError("not a SudokuPad link or puzzle id: %r" % text[:40], source, line)
    if kind is None:
        raise PuzzleError("%r is a short SudokuPad id: the puzzle is kept on SudokuPad's "
                          "server, and these tools use no network (open the link and "
                          "share it again as a long link, .../scl...)" % pid[:40],
                          source, line)
    if kind in ("scf", "classic"):
        data = unquote(split_id(pid)[1]) if "%" in pid else split_id(pid)[1]
        try:
            if kind == "scf":
                cells, lines = read_scf(data)
            else:
                cells, lines = read_classic(data), []
            size = int(len(cells) ** 0.5)
            from ..core.layout import default_box
            try:
                box = default_box(size)
            except UsageError as error:
                raise PuzzleError(error.message) from None
            return _variant(cells, size, box, None, lines, source)[0]
        except PuzzleError as error:
            raise PuzzleError("SudokuPad %s puzzle: %s" % (kind, error.message),
                              source, line) from None
    data = unpacked_text(pid, source, line)
    if kind == "fpuzzles":
        from .fpuzzles import parse_fpuzzles
        return parse_fpuzzles(data, source)[0]
    return parse_sudokupad(load(data, source, line), source)[0]


def read_one(text):
    """The puzzle of a text (for examples)."""
    from .source import Context, Lines
    return next(read(Lines(text.splitlines()), Context("<stdin>", None, None), False))


# ---- writing --------------------------------------------------------------------------

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
    from .fpuzzles import to_fpuzzles
    rules = grid.rules or (givens.rules if givens is not None else ())
    obj = to_scl(grid, rules)
    if obj is None:
        return LINK + "fpuzzles" + pack(json.dumps(to_fpuzzles(grid, rules),
                                                   separators=(",", ":")))
    return LINK + "scl" + pack(json.dumps(obj, separators=(",", ":")))
