"""Every literal's DIMACS text up to a variable, cut out of one long text, so that a
writer picks and joins texts instead of formatting numbers.

CPython spends as much on formatting one number as on joining four or five pieces of
text, and a variable of a 9x9 grid occurs in its CNF a dozen times or more. The
numerals are cut from one text made block by block (the numerals of one width and
leading digit are a block of the next-shorter ones with that digit put in front), so
no number is ever formatted.

``pos[v]`` is ``"v "`` and ``neg[v]`` is ``"-v "``; index 0 of both is ``"0\\n"``, the
end of a clause, so that a clause is the join of its literals' texts and index 0:

>>> t = Numerals(12)
>>> t.pos[7], t.neg[12], t.pos[0]
('7 ', '-12 ', '0\\n')
>>> "".join(t.neg[v] for v in (3, 11, 0))
'-3 -11 0\\n'
"""

# Up to this many variables the writers make the numerals first: two long texts, about
# 16 bytes a variable (1.3 MB at most), and the whole lists of texts (about 160 bytes a
# variable) only where a writer picks at random (variant rules, --exclude). Every
# formula up to 25x25 has fewer (75,625 at most: extended, sequential or ladder).
MAX_VARIABLES = 80_000

_DIGITS = "0123456789"
_CUT = "\x00"
_MARK = "@"         # where a block's leading digit goes


def numeral_text(stop, end):
    """The numerals 1 .. stop-1, each followed by ``end``, as one string.

    >>> numeral_text(13, ",")
    '1,2,3,4,5,6,7,8,9,10,11,12,'
    >>> numeral_text(1, ",")
    ''
    """
    parts = [end.join(_DIGITS[1:stop]) + end if stop > 1 else ""]
    tails = "".join(_MARK + d + end for d in _DIGITS)     # two-digit ones' last digit
    width, low = 2, 10
    while low < stop:
        high = min(stop, 10 * low)
        leads = _DIGITS[1:1 - (low - high) // low]
        block = "".join(tails.replace(_MARK, lead) for lead in leads)
        parts.append(block[:(high - low) * (width + len(end))])
        if high < stop:
            tails = "".join(tails.replace(_MARK, _MARK + d) for d in _DIGITS)
        width, low = width + 1, 10 * low
    return "".join(parts)


class Numerals:
    """The texts of the literals of variables 1 .. top.

    ``pos_range(a, b)`` and ``neg_range(a, b)`` cut the texts of a..b out of one long
    text each, so that only the range in use is held as separate strings, made just
    before they are joined, while the cache still holds them. The lists ``pos`` and
    ``neg`` of all of them, with index 0 ``"0\\n"``, are made on first use, for writers
    that pick at random.

    >>> t = Numerals(12)
    >>> t.neg_range(9, 11), t.pos_range(3, 2)
    (['-9 ', '-10 ', '-11 '], [])
    """

    __slots__ = ("top", "_pos_text", "_neg_text", "_pos", "_neg")

    def __init__(self, top):
        self.top = top
        text = numeral_text(top + 1, " " + _CUT)
        self._pos_text = text                                   # "1 ^2 ^..top ^"
        self._neg_text = "-" + text.replace(_CUT, _CUT + "-")  # "-1 ^-2 ^..-top ^-"
        self._pos = self._neg = None

    def pos_range(self, first, last):
        """The texts ``"v "`` of variables first .. last, a new list."""
        return _cut(self._pos_text, 2, first, last)

    def neg_range(self, first, last):
        """The texts ``"-v "`` of variables first .. last, a new list."""
        return _cut(self._neg_text, 3, first, last)

    @property
    def pos(self):
        if self._pos is None:
            self._pos = ["0\n", *self.pos_range(1, self.top)]
        return self._pos

    @property
    def neg(self):
        if self._neg is None:
            self._neg = ["0\n", *self.neg_range(1, self.top)]
        return self._neg


def _cut(text, extra, first, last):
    """The pieces of variables first .. last of a numerals text whose numerals are each
    followed by ``extra`` characters, the last of them the cut mark."""
    if first > last:
        return []
    return text[_start(first, extra):_start(last + 1, extra) - 1].split(_CUT)


def _start(v, extra):
    """Where variable v's numeral starts in a text of the numerals from 1 on, each
    followed by ``extra`` characters.

    >>> text = numeral_text(120, "ab")
    >>> [text[_start(v, 2):_start(v + 1, 2)] for v in (1, 9, 10, 99, 100, 119)]
    ['1ab', '9ab', '10ab', '99ab', '100ab', '119ab']
    """
    start, low, width = 0, 1, 1
    while low * 10 <= v:
        start += 9 * low * (width + extra)
        low, width = low * 10, width + 1
    return start + (v - low) * (width + extra)
