"""Every literal's DIMACS text up to a variable, made once, so that a writer picks and
joins texts instead of formatting numbers.

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

# Up to this many variables the writers make the numerals first: two texts a variable,
# about 160 bytes with the lists (13 MB at most). Every formula up to 25x25 has fewer
# (75,625 at most: extended, sequential or ladder).
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
    """The texts ``pos`` and ``neg`` of the literals of variables 1 .. top (lists)."""

    __slots__ = ("pos", "neg")

    def __init__(self, top):
        text = numeral_text(top + 1, " " + _CUT)[:-1]
        self.pos = text.split(_CUT) if top else []
        self.neg = ("-" + text.replace(_CUT, _CUT + "-")).split(_CUT) if top else []
        self.pos.insert(0, "0\n")
        self.neg.insert(0, "0\n")
