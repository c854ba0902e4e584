"""SudokuPad links and puzzle ids: the id in a link, its format prefix, and the
lz-string packing of the text it carries."""

import re
from urllib.parse import parse_qs, unquote, urlsplit

from ...errors import PuzzleError

# The most text one puzzle may take, and the most it may unpack to.
MAX_CHARS = 4_000_000
# The formats a puzzle id may name, by prefix (longest first).
PREFIXES = (("fpuzzles", "fpuzzles"), ("fpuz", "fpuzzles"), ("scl", "scl"),
            ("ctc", "scl"), ("scf", "scf"), ("classic", "classic"))

# Hosts whose links carry a SudokuPad puzzle id.
HOSTS = ("sudokupad", "crackingthecryptic")

_PREFIX = re.compile(r"(fpuzzles|fpuz|scl|ctc|scf|classic)")


def pack(text):
    """``text`` packed as SudokuPad packs a puzzle (lz-string, base64; for examples)."""
    from ..lzstring import compress_base64
    return compress_base64(text)


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
    from ..lzstring import decompress_base64
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
    from ..lzstring import decompress_base64
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
