"""The cells of a row or a line: symbols and numbers to digits, and what went wrong.

Symbols are ``1-9`` then ``A-Z`` in any case, blanks ``. 0 * _ -``; a 16x16 grid may
be in the hex convention ``0-F`` (:func:`is_hex`). Numbers are decimal, blanks ``0``
or runs of ``. _ - *``.

>>> decode_chars("1..4", 4), decode_numbers(["10", "0", "__", "16"], 16)
([1, 0, 0, 4], [10, 0, 0, 16])
"""
import re

from ..core.notation import SYMBOLS

BLANKS = ".0*_-"

# Symbol -> value as a bytes.translate table; 255 marks a bad symbol.
_table = bytearray(b"\xff" * 256)
for _value, _ch in enumerate(SYMBOLS, 1):
    _table[ord(_ch)] = _table[ord(_ch.lower())] = _value
for _ch in BLANKS:
    _table[ord(_ch)] = 0
CHARS = bytes(_table)
_table = bytearray(b"\xff" * 256)
for _value, _ch in enumerate("0123456789ABCDEF", 1):
    _table[ord(_ch)] = _table[ord(_ch.lower())] = _value
for _ch in BLANKS[:1] + BLANKS[2:]:
    _table[ord(_ch)] = 0
HEX = bytes(_table)
del _table, _value, _ch

NUMS = {str(i): i for i in range(1000)}
NUMS.update({ch * k: 0 for ch in "._-*" for k in range(1, 5)})

TOKEN = re.compile(r"[^\s|]+")
# What ends the puzzle of a line puzzle followed by other fields (ratings, a solution).
FIELD_END = re.compile(r"[\s,;:]")


def line_cells(s):
    """The cells of a one-line puzzle: ``('c', symbols)`` or ``('n', tokens)``.

    >>> line_cells("1..44......33..1,rated 2"), line_cells("10 0 3 16")
    (('c', '1..44......33..1'), ('n', ['10', '0', '3', '16']))
    """
    if " " not in s and "\t" not in s and "," not in s and ";" not in s and ":" not in s:
        return "c", s
    field = FIELD_END.split(s, 1)[0]
    if len(field) >= 16:
        return "c", field  # a puzzle followed by other fields
    tokens = s.split()
    if all(len(t) == 1 for t in tokens):
        return "c", "".join(tokens)
    return "n", tokens


class Bad(Exception):
    """A bad cell at ``index`` of a row or line; the column is filled in later."""

    def __init__(self, index, before, after=""):
        super().__init__(before)
        self.index, self.before, self.after = index, before, after

    def message(self, column):
        if column is None:
            return self.before + self.after
        return "%s in column %d%s" % (self.before, column, self.after)


def is_hex(b):
    """Is a 256-symbol line with a ``0`` and no ``G`` in the hex ``0-F`` convention?"""
    if any(ch in b for ch in b".*_-"):
        return True
    upper = b.upper()
    return all(upper.count(ch) == 16 for ch in b"0123456789ABCDEF")


def chars_notation(chars, n):
    """``hex`` when :func:`decode_chars` reads these symbols of an NxN grid as hex."""
    if n != 16 or "0" not in chars or "G" in chars or "g" in chars:
        return None
    try:
        return "hex" if is_hex(chars.encode("ascii")) else None
    except UnicodeEncodeError:
        return None


def digits_text(n, symbols=True):
    """The digits of an NxN grid, for messages: ``1-9``, ``1-9 and A-G``, ``1-100``."""
    if n <= 9 or not symbols:
        return "1-%d" % n
    return "1-9 and A" if n == 10 else "1-9 and A-%s" % SYMBOLS[n - 1]


_LIMITED = {}


def _limited(table, n):
    """``table`` with every value above ``n`` turned into 255 (bad), cached."""
    key = (table, n)
    limited = _LIMITED.get(key)
    if limited is None:
        limited = _LIMITED[key] = bytes(v if v <= n else 255 for v in table)
    return limited


def symbol_name(ch):
    return ("NUL byte" if ch == "\0" else "control character %r" % ch) \
        if ch < " " or ch == "\x7f" else "bad symbol %r" % ch


def decode_chars(chars, n):
    """Values of a string of one-character symbols for an NxN grid."""
    try:
        b = chars.encode("ascii")
    except UnicodeEncodeError as error:
        raise Bad(error.start, "bad symbol %r" % chars[error.start]) from None
    table = CHARS
    if n == 16 and b"0" in b and b"G" not in b and b"g" not in b and is_hex(b):
        table = HEX
    values = b.translate(_limited(table, n))
    if 255 in values:
        i = values.index(255)
        ch, v = chars[i], table[b[i]]
        if v == 255:
            raise Bad(i, symbol_name(ch))
        if ch.isdigit():
            raise Bad(i, "digit %s" % ch, " is out of range for a %dx%d grid (%s)"
                      % (n, n, digits_text(n)))
        raise Bad(i, "bad symbol %r" % ch, " (a %dx%d grid uses %s)" % (n, n, digits_text(n)))
    return list(values)


def number(token):
    """The value of a token that is not in ``NUMS``, or None."""
    if token.isascii():
        if token.isdigit():
            return int(token)
        if not token.strip("._-*"):
            return 0
        if len(token) == 1 and CHARS[ord(token)] != 255:
            return CHARS[ord(token)]  # a letter among numbers: 1-9A-Z
    return None


def decode_numbers(tokens, n):
    """Values of whitespace-separated number tokens for an NxN grid."""
    values = list(map(NUMS.get, tokens))
    if None in values:
        for i, v in enumerate(values):
            if v is None:
                v = values[i] = number(tokens[i])
                if v is None:
                    token = tokens[i]
                    raise Bad(i, "bad number %r" % token if token.isprintable()
                              else symbol_name(next(ch for ch in token
                                                     if not ch.isprintable())))
    if values and max(values) > n:
        i = next(i for i, v in enumerate(values) if v > n)
        if not tokens[i].isdigit():
            raise Bad(i, "bad symbol %r" % tokens[i], " among numbers (a %dx%d grid uses"
                      " 1-%d, 0 or . for a blank)" % (n, n, n))
        raise Bad(i, "number %d" % values[i], " is out of range for a %dx%d grid (1-%d)"
                  % (n, n, n))
    return values


def is_number(token):
    """Is the token a number or a blank (not a letter)?"""
    return token in NUMS or token.isascii() and (token.isdigit() or not token.strip("._-*"))


def column(text, index, kind):
    """The 1-based column of cell ``index`` in ``text`` (kind 'c' symbols, 'n' tokens)."""
    if kind == "c":
        k = -1
        for pos, ch in enumerate(text):
            if ch not in " \t|":
                k += 1
                if k == index:
                    return pos + 1
        return None
    for k, match in enumerate(TOKEN.finditer(text)):
        if k == index:
            return match.start() + 1
    return None


def fits(kind, cells, n):
    """Do these cells (kind 'c' symbols, 'n' tokens) make a valid row of an NxN grid?"""
    try:
        (decode_chars if kind == "c" else decode_numbers)(cells, n)
    except Bad:
        return False
    return True
