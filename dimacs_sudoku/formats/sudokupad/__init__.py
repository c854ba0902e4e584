"""``sudokupad``: SudokuPad's own puzzle format (SCL), in its links or pasted bare.

A SudokuPad link names its puzzle after the host (``https://sudokupad.app/scl...``,
``https://sudokupad.app/sudoku/scl...``, ``?puzzleid=scl...``, the same on
``app.crackingthecryptic.com``, ``sudokupad://puzzle/scl...``). The puzzle id starts
with the name of its format:

``scl``, ``ctc``      SudokuPad's own format: a JSON object, "zipped" (short keys,
                      bare words, single quotes) and usually packed with lz-string
                      in base64, as f-puzzles links are (:mod:`..lzstring`)
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

>>> from dimacs_sudoku.formats.sudokupad.links import pack
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
from urllib.parse import unquote

from ...errors import PuzzleError, UsageError
from ..source import one_puzzle
from .classic import read_classic, read_scf
from . import links
from .links import link_format, puzzle_id, split_id, unpacked_text
from .scl import grid_with_rules, load, parse_sudokupad, unzip

NAME = "sudokupad"

DESCRIPTION = "a SudokuPad puzzle (SCL): its link, its packed string or its JSON"



def _scl_json(lines, found):
    """Whether the object that starts at ``found`` is SCL (``cells``) rather than
    f-puzzles (``grid``)."""
    first = found[1]
    if re.match(r"\{\s*[^\s\"}]", first):
        return True                         # zipped: no quotes around its first key
    from ..fpuzzles import _zipped_lines, object_lines
    at = found[0]
    count, closed = object_lines(lines, at, links.MAX_CHARS)
    if count is None:
        return "cells" in first             # too long: an error when read
    if not closed and count == 1 and not first.startswith('{"'):
        count = _zipped_lines(lines, at)
    parts = [lines.peek(at + k)[1] for k in range(count)]
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
    from ..fpuzzles import read_text
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
            from ...core.layout import default_box
            try:
                box = default_box(size)
            except UsageError as error:
                raise PuzzleError(error.message) from None
            return grid_with_rules(cells, size, box, None, lines, source)[0]
        except PuzzleError as error:
            raise PuzzleError("SudokuPad %s puzzle: %s" % (kind, error.message),
                              source, line) from None
    data = unpacked_text(pid, source, line)
    if kind == "fpuzzles":
        from ..fpuzzles import parse_fpuzzles
        return parse_fpuzzles(data, source)[0]
    return parse_sudokupad(load(data, source, line), source)[0]


def read_one(text):
    """The puzzle of a text (for examples)."""
    from ..source import Context, Lines
    return next(read(Lines(text.splitlines()), Context("<stdin>", None, None), False))
