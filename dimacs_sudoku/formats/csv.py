"""``csv``: comma-separated puzzles, as in the large public Kaggle datasets.

A header names the puzzle column (``quizzes,solutions``, ``puzzle,solution``,
``id,puzzle,solution,clues,difficulty``); each row then holds one puzzle in that
column, its solution and other fields ignored. Without a header, commas separate
cells: a line of N² comma-separated cells is a puzzle, N lines of N a grid
(``5,3,0,0,7,0,0,0,0``).

>>> from .source import Context, Lines
>>> rows = ["quizzes,solutions", "1..44......33..1,1234431221433421"]
>>> [g.to_line() for g in read(Lines(rows), Context(None, None, None), False)]
['1..44......33..1']
>>> rows = ["1,0,0,4", "4,0,0,0", "0,0,0,3", "3,0,0,1"]
>>> [g.to_line() for g in read(Lines(rows), Context(None, None, None), False)]
['1..44......33..1']
"""
import re

from .source import Lines

NAME = "csv"
DESCRIPTION = "comma-separated: a puzzle,solution header (Kaggle), or cells split by commas"

# Patterns compiled on first use (re caches them), to keep start-up short.
HEADER = r'(?i)\W*(quizzes|quiz|puzzles?|id|sudoku)\W*(,|\Z)'
CELL = r'\s*"?\s*([0-9]{1,3}|[A-Za-z]|[._*-]{0,3})\s*"?\s*\Z'
COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "sudoku", "question")


def _is_header(s, known=True):
    """A header line: one that names a known puzzle column (or, when the format is
    given, any line with a field that is a word)."""
    if "," not in s:
        return False
    if re.match(HEADER, s):
        return True
    return not known and any(f.strip().strip('"').isalpha() and len(f.strip()) > 1
                             for f in s.split(","))


def _comma_cells(s):
    """Is the line cells split by commas (``5,3,0,...``, at least 4 of them)?"""
    fields = s.rstrip(",").split(",")
    return len(fields) >= 4 and all(re.match(CELL, f) for f in fields)


def detect(lines, found, size):
    s = found[1]
    return NAME if "," in s and (_is_header(s) or _comma_cells(s)) else None


def _header_column(s, ctx, lineno):
    names = [f.strip().strip('"').strip().lower() for f in s.split(",")]
    for name in COLUMNS:
        if name in names:
            return names.index(name)
    raise ctx.error("a CSV header with no puzzle column (%s): name one quizzes or"
                    " puzzle, or give --input-format line to read the first field"
                    % ", ".join(names), lineno)


def _fields(lines, index):
    """The puzzle field of each row (the header's column)."""
    for lineno, text in lines.rest():
        s = text.strip()
        if not s or s[0] == "#":
            yield lineno, s
            continue
        fields = s.split(",")
        yield lineno, fields[index].strip().strip('"') if index < len(fields) else ""


def _spaced(lines):
    for lineno, text in lines.rest():
        yield lineno, text.replace(",", " ") if text[:1] != "#" else text


def read(lines, ctx, lenient):
    from . import line
    found = lines.significant()
    if found is None:
        return
    i, s = found
    if _is_header(s, known=False):
        for _ in range(i + 1):
            lineno = lines.next()[0]
        index = _header_column(s, ctx, lineno)
        yield from line.read(Lines(items=_fields(lines, index)), ctx, lenient)
        return
    spaced = Lines(items=_spaced(lines))
    found = spaced.significant()
    name = "line" if found is None else line.detect(spaced, found, ctx.size)
    if name == "line":
        yield from line.read(spaced, ctx, lenient)
    else:
        from .rows import read_rows
        yield from read_rows(spaced, ctx, name, lenient)
