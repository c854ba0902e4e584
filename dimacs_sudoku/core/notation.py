"""How the digits of a grid are written: the notation a reader found and a writer speaks.

A grid's digits are the numbers 1..N; people write them in one of a few notations:

``letters`` (the default)
    one character per digit: ``1-9`` then ``A-Z`` (up to 35x35); numbers above.
``hex``
    the 16x16 convention ``0-F``: digit 1 is ``0``, digit 16 is ``F``.
``numbers``
    the decimal numbers 1..N, separated by spaces (``0`` or ``.`` blank).
an alphabet
    any N distinct characters, digit 1 first: ``ABCDEFGHI``.

This module imports nothing of the project, so that the grid model and the
pictures can both use it.

>>> symbol(11, 16), symbol(11, 16, "hex"), symbol(11, 16, "numbers")
('B', 'A', '11')
>>> check_symbols("hex", 9)
Traceback (most recent call last):
  ...
ValueError: hex (0-F) is for 16x16 grids only, not 9x9
"""

# Symbols for digits 1..35 in one-character forms; larger grids use numbers.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SINGLE_CHAR = len(SYMBOLS)
HEX = "0123456789ABCDEF"
NAMES = ("letters", "hex", "numbers")


def check_symbols(symbols, size):
    """``symbols`` as stored on a grid (None for the default), or ValueError when it
    cannot write a grid of ``size``: a name of :data:`NAMES` or an alphabet of N
    distinct characters."""
    if not symbols:
        return None
    if symbols in ("letters", "default"):
        if size > MAX_SINGLE_CHAR:
            raise ValueError("letters (1-9A-Z) go up to 35x35, not %dx%d" % (size, size))
        return "letters"
    if symbols == "numbers":
        return symbols
    if symbols == "hex":
        if size != 16:
            raise ValueError("hex (0-F) is for 16x16 grids only, not %dx%d" % (size, size))
        return symbols
    if len(symbols) != size or len(set(symbols.upper())) != size:
        raise ValueError("an alphabet for a %dx%d grid is %d distinct characters, not %r"
                         % (size, size, size, symbols))
    if any(ch in ".0 \t,;:|#" for ch in symbols) and symbols != HEX:
        raise ValueError("an alphabet cannot use blanks or separators (. 0 space , ; : | #)"
                         ": %r" % symbols)
    return symbols


def alphabet(size, symbols=None):
    """The characters of digits 1..N, or None when the digits are written as numbers."""
    if symbols == "numbers":
        return None
    if symbols == "hex":
        return HEX
    if symbols and symbols != "letters":
        return symbols
    return SYMBOLS[:size] if size <= MAX_SINGLE_CHAR else None


def symbol(digit, size, symbols=None):
    """The text of one digit (``.`` for blank) in a grid of this size and notation."""
    if digit == 0:
        return "."
    chars = alphabet(size, symbols)
    return chars[digit - 1] if chars else str(digit)


def line_text(cells, size, symbols=None):
    """The one-line form: N² symbols, ``.`` blank; numbers and spaces when the
    notation has no single characters (above 35x35, or ``numbers``).

    >>> line_text([1, 0, 16, 11], 16, "hex")
    '0.FA'
    """
    chars = alphabet(size, symbols)
    if chars is None:
        names = ["."] + [str(d) for d in range(1, size + 1)]
        return " ".join(map(names.__getitem__, cells))
    chars = "." + chars
    return "".join(chars[d] for d in cells)


def parse_line(text):
    """The cells of one line of N² symbols (``1-9A-Z``; ``. 0 * _ -`` blank) or of
    whitespace-separated numbers, without checking them against a size.

    >>> parse_line("1..4"), parse_line("10 . 3 0")
    ([1, 0, 0, 4], [10, 0, 3, 0])
    """
    text = text.strip()
    if any(ch.isspace() for ch in text):
        return [0 if token.strip(".0*_-") == "" else int(token) for token in text.split()]
    cells = []
    for ch in text:
        if ch in ".0*_-":
            cells.append(0)
        else:
            value = SYMBOLS.find(ch.upper()) + 1
            if not value:
                raise ValueError("bad symbol %r" % ch)
            cells.append(value)
    return cells
