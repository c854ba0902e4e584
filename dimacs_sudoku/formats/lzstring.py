"""lz-string's ``compressToBase64`` and ``decompressFromBase64``, as f-puzzles and
SudokuPad links carry a puzzle's JSON.

lz-string is an LZW variant: a dictionary that starts with three codes (0: a new
8-bit character follows, 1: a new 16-bit character follows, 2: the end) and grows by
one entry per code written; codes are written with as many bits as the dictionary
needs, lowest bit first, and the bits are packed six to a base64 character, highest
bit first.

>>> packed = compress_base64('{"size":9,"grid":[]}')
>>> decompress_base64(packed)
'{"size":9,"grid":[]}'
>>> decompress_base64(compress_base64("abababababab" * 20)) == "abababababab" * 20
True
"""

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_INDEX = {ch: k for k, ch in enumerate(ALPHABET)}
# URL-safe links write - for + (lz-string's compressToEncodedURIComponent); spaces
# are a + that a form decoding turned into a blank.
_INDEX.update({"-": 62, "$": 63, " ": 62})


class _Bits:
    """The bits of a base64 text, highest bit of each character first."""

    def __init__(self, text):
        self.values = [_INDEX.get(ch, -1) for ch in text]
        if -1 in self.values:
            bad = text[self.values.index(-1)]
            raise ValueError("%r is not a base64 character" % bad)
        self.index = 0
        self.position = 32
        self.value = self.values[0] if self.values else 0

    def read(self, count):
        bits, power = 0, 1
        for _ in range(count):
            if self.index >= len(self.values):
                raise ValueError("the compressed text ends early")
            if self.value & self.position:
                bits |= power
            power <<= 1
            self.position >>= 1
            if not self.position:
                self.position = 32
                self.index += 1
                self.value = self.values[self.index] if self.index < len(self.values) else 0
        return bits


def decompress_base64(text, limit=10_000_000):
    """The text that ``compressToBase64`` made ``text`` from; ValueError when ``text``
    is not lz-string output, or unpacks to more than ``limit`` characters."""
    text = text.strip()
    if not text:
        return ""
    bits = _Bits(text)
    dictionary = [None, None, None]
    num_bits = 2
    enlarge_in = 4

    def literal(code):
        if code == 0:
            return chr(bits.read(8))
        if code == 1:
            return chr(bits.read(16))
        return None

    first = bits.read(2)
    if first == 2:
        return ""
    w = literal(first)
    if w is None:
        raise ValueError("not lz-string data")
    num_bits = 3
    dictionary.append(w)
    out = [w]
    size = len(w)
    while True:
        code = bits.read(num_bits)
        if code == 2:
            return "".join(out)
        if code < 2:
            dictionary.append(literal(code))
            code = len(dictionary) - 1
            enlarge_in -= 1
            if not enlarge_in:
                enlarge_in = 1 << num_bits
                num_bits += 1
        if code < len(dictionary) and dictionary[code] is not None:
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise ValueError("not lz-string data (code %d before it is defined)" % code)
        out.append(entry)
        size += len(entry)
        if size > limit:
            raise ValueError("unpacks to more than %d characters" % limit)
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if not enlarge_in:
            enlarge_in = 1 << num_bits
            num_bits += 1


def compress_base64(text):
    """``text`` as lz-string's ``compressToBase64`` writes it (for tests and links)."""
    out = []
    state = [0, 0]          # the character being filled, bits in it

    def write(value, count):
        for _ in range(count):
            state[0] = (state[0] << 1) | (value & 1)
            value >>= 1
            state[1] += 1
            if state[1] == 6:
                out.append(ALPHABET[state[0]])
                state[0] = state[1] = 0

    dictionary = {}
    to_create = set()
    w = ""
    enlarge_in, size, num_bits = 2, 3, 2

    def emit(w):
        nonlocal enlarge_in, num_bits
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                write(0, num_bits)
                write(code, 8)
            else:
                write(1, num_bits)
                write(code, 16)
            enlarge_in -= 1
            if not enlarge_in:
                enlarge_in = 1 << num_bits
                num_bits += 1
            to_create.discard(w)
        else:
            write(dictionary[w], num_bits)
        enlarge_in -= 1
        if not enlarge_in:
            enlarge_in = 1 << num_bits
            num_bits += 1

    for c in text:
        if c not in dictionary:
            dictionary[c] = size
            size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit(w)
        dictionary[wc] = size
        size += 1
        w = c
    if w:
        emit(w)
    write(2, num_bits)
    while state[1]:
        write(0, 1)
    packed = "".join(out)
    return packed + "=" * (-len(packed) % 4)
