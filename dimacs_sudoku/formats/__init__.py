"""Every puzzle format: one module per family, and the registry that detection walks.

Input formats (:data:`FORMATS`; ``fmt=`` forces one, or one pencil-mark form of
:data:`PENCIL_FORMS`: :data:`INPUT_FORMATS`), each a module with ``NAME``,
``read(lines, ctx, lenient)`` and, when it can be recognized from its first
significant line, ``detect(lines, found, size)``:

``table``    :mod:`.table`, sudokusat2019 headers and a boxed table of numbers
``euler``    :mod:`.euler`, Project Euler 96: ``Grid 01`` before each grid
``csv``      :mod:`.csv`, Kaggle's ``quizzes,solutions`` rows, comma-separated cells
``grid``     :mod:`.grid`, N rows of N symbols: .sdk files, boxed grids
``triples``  :mod:`.triples`, 9x9 hints ``rcd``
``line``     :mod:`.line`, N² symbols per line; also the last step of detection,
             which tells it from rows of symbols (``grid``) or of numbers
``numbers``  :mod:`.numbers`, N rows of N numbers
``fpuzzles`` :mod:`.fpuzzles`, an f-puzzles puzzle: its JSON, or the lz-string
             (base64) of its f-puzzles and SudokuPad links, bare or in the link
``sudokupad`` :mod:`.sudokupad`, SudokuPad's own format (SCL): its links
             (``.../scl...``, ``ctc...``), packed string or JSON
``json``     :mod:`.json`, the JSON the commands write, one object a line (its ``box``
             tells it from the JSON of f-puzzles and SudokuPad)
``pencilmarks`` :mod:`.pencilmarks`, pencil-mark puzzles (candidates per cell): tdoku's
             and Sudoku Explainer's 729 characters and candidate lists, HoDoKu's grid
             and library lines, Rangsk's candidates string

A variant puzzle is a grid in one of these formats followed by one rule per line
(``killer 15 r1c1 r1c2``, see ``docs/variants.md``): the rules travel with the grid
(``grid.rules``, and a jigsaw's regions in its layout). A line that starts like a rule
(a word of letters, no colon) ends the grids; an unknown rule is an error naming it.

Detection looks at the first line that is not blank or a comment and asks each module
of :data:`DETECTION` in turn; :func:`dimacs_sudoku.formats.line.detect` decides the
rest. Each part of an input is detected where it starts, so that a file may mix
formats: a link or JSON object (:func:`self_contained`; an object ends where its
grammar closes it, :func:`.fpuzzles.object_lines`) ends the part before it, a grid
block ends a run of line puzzles, line puzzles end a run of grids, and a line that
starts no grid's rows (:func:`.rows.rows_follow`) is a damaged line of its own. Grids
in multi-line formats follow each other directly or with blank lines between; ``#``
lines are comments everywhere. A line longer than :data:`~.source.MAX_LINE` is an
error (no puzzle is that long): read leniently, that line's only, in its place.

Output formats (:data:`OUTPUT_FORMATS`, :func:`write_grid`): ``line``, ``grid``,
``numbers``, ``table``, ``euler``, ``triples``, ``json``, ``svg``, ``html``,
``html-page``, ``variant`` (the boxed grid and its rule lines), ``fpuzzles``
(its JSON), ``sudokupad`` (a SudokuPad link), ``pencilmarks`` (a pencil-mark puzzle
in the form it was read in) and each pencil-mark form by name (``tdoku``,
``explainer``, ``explainer-list``, ``hodoku``, ``hodoku-library``, ``rangsk``); each speaks the grid's notation
(``grid.symbols``: the ``hex`` of a 16x16 read in ``0-F``, the ``numbers`` of a 25x25
read as numbers) unless ``symbols`` picks another. A puzzle with rules and blanks is
written only by the formats of :data:`RULE_WRITERS`, which state the rules; the others
refuse it (:func:`check_rules`) and write its solution's digits alone.

>>> g = parse_puzzle("1..4" "4..." "...3" "3..1")
>>> g.size, g.layout.box, g.cells[:4]
(4, (2, 2), [1, 0, 0, 4])
>>> text = ["# two puzzles", "1 . | . 4", "4 . | . .", "----+----", ". . | . 3", "3 . | . 1"]
>>> [(g.line, g.to_line()) for g in read_puzzles(text + text[1:], "p.txt")]
[(2, '1..44......33..1'), (7, '1..44......33..1')]
>>> write_grid(parse_puzzle("0123456789ABCDEF" * 16), "line")[:16]
'0123456789ABCDEF'
"""
import importlib
import os
from collections import deque

from .. import arguments
from ..errors import PuzzleError, UsageError
from ..core.grid import grid_argument
from .source import MAX_LINE, Context, Lines, numbered  # noqa: F401

# The input formats, each the module of that name (but for MODULES); a module is
# imported when a read needs it, so that a command starts fast.
FORMATS = ("line", "grid", "numbers", "table", "triples", "csv", "euler", "fpuzzles",
           "sudokupad", "json", "pencilmarks")
# The pencil-mark forms (pencilmarks.FORMS): each an output format, and an input
# format that reads that form alone, with its rule for the givens.
PENCIL_FORMS = ("tdoku", "explainer", "explainer-list", "hodoku", "hodoku-library",
                "rangsk")
# What ``fmt=`` (``--input-format``) takes.
INPUT_FORMATS = FORMATS + PENCIL_FORMS
# The formats whose module is named otherwise (no module name repeats one of the
# package's layers: the grid format is "boxed", the pictures "images").
MODULES = {"grid": "boxed"}

# The order in which detection asks the modules, each with a test of the first line
# that must hold before its own detect() can say yes (and its module is imported).
DETECTION = (("json", lambda s: s[:1] == "{"),
             ("sudokupad", lambda s: s[:1] in "{" or s[:3] in ("scl", "ctc", "scf", "cla")
               or "://" in s),
             ("fpuzzles", lambda s: s[:1] in "{Nf" or "://" in s),
             ("pencilmarks", lambda s: s[:1] in ".:'*+" or len(s) >= 161),
             ("table", lambda s: ":" in s),
             ("euler", lambda s: s[:4].lower() == "grid"),
             ("csv", lambda s: "," in s),
             ("grid", lambda s: "|" in s or "-" in s or "=" in s),
             ("triples", lambda s: len(s) >= 3 and s[:3].isdigit()))

# The output formats: "module:function" writing (grid, givens=None, symbols=None) ->
# text without the final newline.
WRITERS = {"line": "line:write", "grid": "boxed:write", "numbers": "numbers:write",
           "table": "table:write", "euler": "euler:write", "triples": "triples:write",
           "json": "json:write", "svg": "images:write_svg", "html": "images:write_html",
           "html-page": "images:write_html",   # framed by document()
           "variant": "variant:write", "fpuzzles": "fpuzzles:write",
           "sudokupad": "sudokupad.writing:write", "pencilmarks": "pencilmarks:write",
           **{form: "pencilmarks:" + form for form in PENCIL_FORMS}}
OUTPUT_FORMATS = tuple(WRITERS)
# The output formats that state a puzzle's rules (and a jigsaw's regions); the others
# write a puzzle with rules only when it has no blanks (a solution: its digits are the
# answer), see check_rules().
# (the pencil-mark forms state a puzzle's removed candidates, which the others drop)
RULE_WRITERS = ("variant", "fpuzzles", "sudokupad", "json", "svg", "html", "html-page")
# The output formats whose readers tell hex (0-F) from 1-9A-G by the text alone: by its
# 0, the digit 1.
HEX_FROM_TEXT = ("line", "grid", "variant", "euler")


def format_module(name):
    """The module of an input or output format (``dimacs_sudoku.formats.NAME``, or
    the name :data:`MODULES` gives).

    >>> format_module("grid").__name__
    'dimacs_sudoku.formats.boxed'
    """
    return importlib.import_module("." + MODULES.get(name, name), __name__)


class _Readers(dict):
    """``READERS[name]``: the module of an input format, imported on first use."""

    def __missing__(self, name):
        if name not in FORMATS:
            raise KeyError(name)
        module = self[name] = format_module(name)
        return module

    def __contains__(self, name):
        return name in FORMATS

    def items(self):
        return [(name, self[name]) for name in FORMATS]


READERS = _Readers()
# Formats that hold one drawing: a second grid is an error.
SINGLE = ("svg",)
# Formats whose grid may take several lines (triples: hints on any number of lines): a
# blank line goes between two grids.
MULTILINE = ("grid", "numbers", "table", "euler", "variant", "triples")


# First characters of the lines that may start a link, packed string or JSON object.
_OWN_HEADS = "{Nfsc"


def self_contained(s):
    """Whether the significant line ``s`` starts a puzzle that says where it ends (a
    SudokuPad or f-puzzles link, packed string or JSON object), whatever the format of
    the lines before it."""
    if (s[:1] == ":" or len(s) >= 161) and READERS["pencilmarks"].one_line(s, amid=True):
        return True                     # a one-line pencil-mark puzzle
    if s[:1] not in _OWN_HEADS and "://" not in s:
        return False
    return (s[:1] == "{" or READERS["fpuzzles"].looks_like(s)
            or READERS["sudokupad"].link_format(s) is not None)


def detect(lines, size):
    """The format name for numbered ``lines`` (a :class:`~.source.Lines`)."""
    found = lines.significant()
    if found is None:
        return "line"
    for name, may_be in DETECTION:
        if may_be(found[1]) and READERS[name].detect(lines, found, size):
            return name
    return READERS["line"].detect(lines, found, size)


def detect_format(text, size=None, box=None):
    """The name of the format of ``text`` (a string or an iterable of lines), as
    :func:`read_puzzles` would read it with this ``size`` and ``box``.

    >>> detect_format("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5"
    ...               "..2.....1.4......\\n")
    'line'
    >>> detect_format("+-----+-----+\\n| 1 . | . 4 |")
    'grid'
    >>> detect_format("114 147 156 215"), detect_format("experiment: 4x4")
    ('triples', 'table')
    >>> detect_format("Grid 01\\n003020600"), detect_format("quizzes,solutions\\n")
    ('euler', 'csv')
    """
    if isinstance(text, str):
        text = text.splitlines()
    return detect(Lines(text), Context(None, size, box).size)


def _check_stream(stream):
    if isinstance(stream, (str, bytes, os.PathLike)):
        raise TypeError("read_puzzles reads a stream of lines, not %r: for a file name use"
                        " puzzles_from_file(path), for text puzzles_from_text(text)"
                        % (stream if len(str(stream)) < 60 else str(stream)[:57] + "...",))
    arguments.iterable(stream, "read_puzzles", "a stream of lines")


def _reader(stream, source, fmt, size, box, lenient, first=1, runs=None):
    if fmt is not None and fmt not in INPUT_FORMATS:
        raise UsageError("unknown puzzle format %r; use one of %s"
                         % (fmt, ", ".join(INPUT_FORMATS)))
    ctx = Context(source, size, box)
    ctx.runs = runs
    if fmt in PENCIL_FORMS:
        ctx.form, fmt = fmt, "pencilmarks"
    if fmt == "triples" and ctx.hint not in (None, 9):
        raise UsageError("triples are for 9x9 grids only, not %dx%d" % (ctx.hint, ctx.hint))
    # (lenient: a line too long is its own error, in its place among the puzzles)
    long_lines = deque() if lenient else None
    rules = _RuleLines(numbered(stream, first, source, long_lines), source)
    lines = Lines(items=rules, waiting=getattr(stream, "waiting", None))

    def before(line):
        """The errors of the lines too long before ``line`` (None: all of them)."""
        while long_lines and (line is None or long_lines[0].line < line):
            yield long_lines.popleft()

    # The options are checked now; the input is read when the caller starts iterating.
    def run():
        items = _parts(lines, ctx, fmt, lenient, rules)
        held, count, blocks = None, 0, rules.blocks
        while True:
            if held is not None and lines.pauses():
                # The input pauses after a whole puzzle: it is answered now, and rules
                # that come after the pause cannot be its rules.
                if blocks and blocks[0][0][0] > (held.line or 0):
                    held = _with_rules(held, blocks.popleft(), lenient, source)
                yield from before(held.line or 0)
                yield _boxed(held, lenient)
                yield from before(None)
                held = None
            item = next(items, None)
            if item is None:
                break
            if blocks and blocks[0][0][0] < (item.line or 0):
                # The rules between this puzzle and the one before belong to that one.
                held = _with_rules(held, blocks.popleft(), lenient, source, count)
            if held is not None:
                yield from before(held.line or 0)
                yield _boxed(held, lenient)
            held = item
            count += 1
        if rules.found:
            # (the rules at the end are the last grid's, as those between two grids
            # are the first one's)
            held = _with_rules(held, rules.found, lenient, source, count)
        if held is not None:
            yield from before(held.line or 0)
            yield _boxed(held, lenient)
        yield from before(None)
    return run()


def _boxed(item, lenient):
    """The grid ``item``, or the error of one read with no box shape that no regions
    replaced (a prime N)."""
    layout = getattr(item, "layout", None)
    if layout is None or layout.unboxed is None:
        return item
    error = PuzzleError(layout.unboxed, item.source, item.line)
    if lenient:
        return error
    raise error


def _parts(lines, ctx, fmt, lenient, rules):
    """Each puzzle of ``lines``, in ``fmt`` or, without it, each part of the input in
    the format detected where it starts: a file may mix line puzzles, grids, links
    and JSON objects."""
    from .source import Segment
    first = True
    while True:
        found = lines.significant()
        if found is None:
            return
        start = lines.peek(found[0])
        part = lines if fmt or self_contained(found[1]) else Segment(lines, self_contained)
        name = fmt or detect(part, ctx.size)
        if first and name == "csv":          # (a CSV file holds no rule lines)
            rules.active = False
        first = False
        if fmt is not None or name in ("fpuzzles", "sudokupad"):
            yield from READERS[name].read(lines, ctx, lenient)
        elif name in ("line", "json"):
            yield from READERS[name].read(lines, ctx, lenient, mixed=True)
        else:
            yield from READERS[name].read(part, ctx, lenient)
        found = lines.significant()
        if found is not None and lines.peek(found[0]) is start:
            # (no reader stops before its first line; this keeps the loop finite)
            for _ in range(found[0] + 1):
                lines.next()
            error = ctx.error("cannot read this line as a puzzle", start[0])
            if not lenient:
                raise error
            yield error


class _RuleLines:
    """The numbered lines of the input, less the rule lines at its end, which are
    kept in ``found`` for :func:`_with_rules`.

    Lines that look like rules are held back until the input ends (they are the
    rules) or a grid line follows: then they are the rules of the puzzle before (a
    file of many variant puzzles, each followed by its rules) when each names a
    known rule, else they were no rules (a damaged line in a file of many puzzles,
    which its reader reports as before)."""

    # Rule-like lines held back at most (a variant has a few dozen rules).
    MAX_HELD = 100_000

    def __init__(self, items, source):
        self.items, self.source = items, source
        self.active = True
        self.found = []
        self.blocks = deque()       # the rule lines of each puzzle but the last
        self.had_blocks = False

    def __iter__(self):
        seen_grid = False
        held = []
        for item in self.items:
            text = item[1]
            head = text[:1]
            if held:
                s = text.strip()
                if not s or s[0] == "#" or (_rule_like(s) and len(held) < self.MAX_HELD):
                    held.append(item)
                    continue
                found = [item for item in held
                         if item[1].strip() and item[1].strip()[0] != "#"]
                known = _variants().keywords()
                if all(line.split(None, 1)[0].lower() in known for _, line in found):
                    self.blocks.append(found)
                    self.had_blocks = True
                    yield from (item for item in held if item not in found)
                else:
                    yield from held
                held = []
            elif (head.isalpha() or head == " " or head == "\t") and self.active \
                    and seen_grid:
                s = text.lstrip()
                # (the rule registry is imported only for a line like a rule)
                if s[:1].isalpha() and _rule_like(s):
                    held.append(item)
                    continue
            if head and head != "#":
                seen_grid = True
            yield item
        self.found = [item for item in held
                      if item[1].strip() and item[1].strip()[0] != "#"]


def _rule_like(s):
    """Whether the line ``s`` may be a rule line: a header (``Grid 01``) is none, nor
    is a lone word of N² letters (N from 4) that names no rule: a line puzzle
    damaged, not a rule with a typo (which has its arguments, or another length).

    >>> _rule_like("thermoo r1c1 r1c2"), _rule_like("x" * 16), _rule_like("x" * 15)
    (True, False, True)
    """
    import math
    from .source import HEADER
    if not _variants().is_rule_line(s) or HEADER.match(s):
        return False
    word = s.split("#", 1)[0].strip()
    n = math.isqrt(len(word))
    return not (n >= 4 and n * n == len(word) and len(word.split()) == 1
                and word.lower() not in _variants().keywords())


def _variants():
    from ..rules import registry
    return registry


def _with_rules(grid, lines, lenient, source, count=0):
    """The grid before the rule ``lines``, with its rules (grid.rules, the layout);
    ``count`` grids were read so far."""
    from ..rules.registry import with_rule_lines
    if grid is None and count:
        error = PuzzleError("rules after a pause in the input: the puzzle before them "
                            "was answered without them (send a grid and its rules "
                            "together)", source, lines[0][0])
        if lenient:
            return error
        raise error
    if grid is None:
        raise PuzzleError("no grid before the rules", source, lines[0][0])
    if isinstance(grid, PuzzleError):
        return grid
    try:
        grid = with_rule_lines(grid, lines, source)
    except PuzzleError as error:
        if lenient:
            return error
        raise
    return grid


def read_puzzles(stream, source="<stdin>", fmt=None, size=None, box=None):
    """Yield each puzzle of a text stream (or any iterable of lines) as a Grid, as it
    is read; a bad puzzle raises :class:`PuzzleError` naming its file and line.

    ``fmt`` forces one of :data:`INPUT_FORMATS`, ``size`` the grid size N and ``box`` the
    box shape ``(rows, cols)``; a bad one raises :class:`UsageError` at once. Each
    grid's ``source`` and ``line`` say where it starts. A file name or a text is no
    stream: :func:`puzzles_from_file` and :func:`puzzles_from_text` read those.

    >>> lines = ["\\ufeff# 4x4 puzzles\\r\\n", "1..44......33..1  \\r\\n", "", "2..." * 4]
    >>> [(g.size, g.line) for g in read_puzzles(lines, "p.txt")]
    [(4, 2), (4, 4)]
    >>> list(read_puzzles(["1..44......33..x"], "p.txt"))
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.PuzzleError: p.txt:1: bad symbol 'x' in column 16 (a 4x4 grid uses 1-4)
    """
    _check_stream(stream)
    return _reader(stream, source, fmt, size, box, False)


def read_puzzles_lenient(stream, source="<stdin>", fmt=None, size=None, box=None,
                         runs=None):
    """Like :func:`read_puzzles`, but yield a :class:`PuzzleError` (not raise it) for
    each puzzle that cannot be read, and go on with the next one: one item per puzzle,
    a damaged line being that line's error.

    ``runs``, a function giving a number of lines: consecutive 9x9 line puzzles are
    then yielded as :class:`~.line.LineRun` items of up to that many lines, as text
    (a batch command's ``--jobs`` workers make their grids).

    In the multi-line formats, a grid with a bad cell or row is read to its last row;
    one that ends early is skipped to the next blank line or header.

    >>> [type(x).__name__ for x in read_puzzles_lenient(["1..44......33..1", "1..x", "2" * 16])]
    ['Grid', 'PuzzleError', 'Grid']
    """
    _check_stream(stream)
    return _reader(stream, source, fmt, size, box, True, runs=runs)


def puzzles_from_text(text, fmt=None, size=None, box=None, source=None):
    """Every puzzle in the string ``text``, as a list of Grids.

    >>> [g.to_line() for g in puzzles_from_text("1..44......33..1\\n" + "2..." * 4)]
    ['1..44......33..1', '2...2...2...2...']
    """
    arguments.text(text, "puzzles_from_text", "the puzzles as a str")
    return list(_reader(text.splitlines(), source, fmt, size, box, False))


def puzzles_from_file(path, fmt=None, size=None, box=None):
    """Every puzzle in the file at ``path`` (``.gz``, ``.xz``, ``.bz2`` unpacked), as
    a list of Grids whose ``source`` is the path.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "two.txt")
    >>> with open(path, "w") as out:
    ...     _ = out.write("1..44......33..1\\n" + "2..." * 4 + "\\n")
    >>> [(g.to_line(), g.line) for g in puzzles_from_file(path)]
    [('1..44......33..1', 1), ('2...2...2...2...', 2)]
    """
    import io
    path = os.fspath(arguments.path(path, "puzzles_from_file"))
    opener = open
    if path.endswith((".gz", ".xz", ".bz2")):
        import bz2
        import gzip
        import lzma
        opener = {".gz": gzip.open, ".xz": lzma.open, ".bz2": bz2.open}[
            os.path.splitext(path)[1]]
    with opener(path, "rb") as raw:
        stream = io.TextIOWrapper(raw, encoding="utf-8-sig", errors="replace", newline=None)
        return list(_reader(stream, path, fmt, size, box, False))


def parse_puzzle(text, size=None, box=None, fmt=None, source=None, line=None):
    """The one puzzle in ``text``, in any format; an error if there are none or several.

    ``line`` is the number of the text's first line, for messages.

    >>> parse_puzzle("1 2 0 0\\n0 0 1 2\\n0 1 0 0\\n0 0 0 1").to_line()
    '12....12.1.....1'
    >>> parse_puzzle("123456" + "." * 30, box=(3, 2)).layout.describe()
    '6x6, boxes 3x2'
    """
    first = line or 1
    arguments.text(text, "parse_puzzle")
    puzzles = _reader(text.splitlines(), source, fmt, size, box, False, first)
    found = next(puzzles, None)
    if found is None:
        raise PuzzleError("no puzzle found", source, line)
    other = next(puzzles, None)
    if other is not None:
        raise PuzzleError("found several puzzles where one was expected (another starts"
                          " at line %d)" % other.line, source, found.line)
    return found


# ---- output -------------------------------------------------------------------

def check_output_format(name, option="--format"):
    """Raise :class:`UsageError` unless ``name`` is one of :data:`OUTPUT_FORMATS`."""
    if name not in WRITERS:
        raise UsageError("%s takes %s, not %r" % (option, ", ".join(OUTPUT_FORMATS), name))
    return name


def check_symbols(symbols, size=None, option="--symbols"):
    """The notation ``symbols`` as stored on a grid (None: the default ``1-9A-Z``), or
    :class:`UsageError`; with ``size``, checked against it."""
    from ..core import notation
    if symbols is None:
        return None
    if size is None:
        if symbols in notation.NAMES or symbols == "default":
            return "letters" if symbols == "default" else symbols
        if len(set(symbols.upper())) != len(symbols):
            raise UsageError("%s takes letters, hex, numbers or an alphabet of distinct "
                             "characters, not %r" % (option, symbols))
        return symbols
    try:
        return notation.check_symbols(symbols, size)
    except ValueError as error:
        raise UsageError("%s: %s" % (option, error)) from None


def check_rules(output_format, rules, option="--format"):
    """Raise :class:`UsageError` when ``output_format`` cannot state ``rules`` (rule
    objects, or the names of rule lines), which a puzzle with blanks needs."""
    if rules and output_format not in RULE_WRITERS:
        names = []
        for rule in rules:
            name = rule.split()[0] if isinstance(rule, str) else rule.name
            if name not in names:
                names.append(name)
        texts = [name for name in RULE_WRITERS if name in FORMATS or name == "variant"]
        raise UsageError("%s %s cannot state a puzzle's rules (%s): use %s or %s"
                         % (option, output_format, ", ".join(names), ", ".join(texts[:-1]),
                            texts[-1]))


def puzzle_line(grid):
    """A puzzle on one line: its ``line`` form, or with rules its ``json`` object
    (a pencil-mark puzzle: its one-line pencil-mark form)."""
    if grid.removed and not grid.rules:
        return format_module("pencilmarks").one_line_text(grid)
    with_rules = grid.rules and not grid.is_complete()
    return write_grid(grid, "json" if with_rules else "line")[:-1]


def write_grid(grid, output_format, givens=None, symbols=None):
    """The text of one grid in ``output_format``, ending with a newline, in ``symbols``
    (default: the grid's own notation).

    >>> g = parse_puzzle("1..44......33..1")
    >>> write_grid(g, "numbers", symbols="numbers")
    '1 . . 4\\n4 . . .\\n. . . 3\\n3 . . 1\\n'
    """
    grid_argument(grid, "write_grid")
    if output_format not in WRITERS:
        raise UsageError("unknown output format %r; use one of %s"
                         % (output_format, ", ".join(OUTPUT_FORMATS)))
    if not grid.is_complete():
        check_rules(output_format, grid.rules or (givens.rules if givens is not None
                                                  else ()))
    writer = WRITERS[output_format]
    if isinstance(writer, str):
        module, function = writer.split(":")
        if module == "pencilmarks" and function != "write":
            writer = WRITERS[output_format] = format_module(module).writer(function)
        else:
            writer = WRITERS[output_format] = getattr(format_module(module), function)
    symbols = check_symbols(symbols, grid.size) if symbols else grid.symbols
    if symbols == "hex" and 1 not in grid.cells and output_format in HEX_FROM_TEXT:
        symbols = "letters"     # 0-F without a 0 reads as 1-9A-G: write those
    return writer(grid, givens, symbols) + "\n"


def document(output_format, title="Sudoku"):
    """``(head, tail)`` around every grid of one output: the HTML page's frame for
    ``html-page``, nothing for the others."""
    if output_format != "html-page":
        return "", ""
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>%s</title>\n</head>\n<body>\n" % title, "</body>\n</html>\n")
