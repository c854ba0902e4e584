"""The GBD hash of a CNF: the identifier of the Global Benchmark Database (Iser &
Sinz, "A Problem Meta-Data Library for Research in SAT", 2018; gbd-tools), which the
SAT competitions use to name their instances.

As gbd-tools defines it: the MD5 of the file's numbers, the comment lines and the
``p`` line left out, joined by single spaces, with `` 0`` added when the last number
is not a clause's closing 0. Byte by byte, a number is a run of digits and ``-``;
whitespace (every byte up to the space) separates numbers; any other byte starts a
part that is skipped to the end of its line (a ``c`` comment, the ``p`` line, any
text after the numbers of a line). Compression does not change the hash: it is that
of the unpacked text.

>>> hasher = GbdHash()
>>> hasher.update(b"c a comment\\np cnf 2 2\\n1 -2 0\\n2 0\\n")
>>> hasher.hexdigest() == md5_hex(b"1 -2 0 2 0")
True
>>> gbd_hash_bytes(b"p cnf 1 1\\n1  0")
'a451306aa6a2be8fd7cd44dc5f9511ae'
"""

import hashlib
import re

# From the first byte that is neither whitespace, a digit nor '-' to the line's end.
_SKIPPED = re.compile(rb"[^\x00-\x20\d-][^\n\r]*")
_NUMBER = re.compile(rb"[\d-]+")
_LINE_END = re.compile(rb"[\n\r]")


def md5_hex(data):
    return hashlib.md5(data).hexdigest()


class GbdHash:
    """The GBD hash computed on the fly: ``update(bytes)`` with the file's text in
    pieces of any size, then ``hexdigest()``. Only complete lines are read; the
    rest waits for the next piece (so the memory is one piece and one line)."""

    def __init__(self):
        self._md5 = hashlib.md5()
        self._rest = b""
        self._started = False
        self._last = None           # the last number hashed

    def update(self, data):
        data = self._rest + data
        end = max(data.rfind(b"\n"), data.rfind(b"\r"))
        if end < 0:
            self._rest = data
            return
        self._rest = data[end + 1:]
        self._numbers(data[:end + 1])

    def _numbers(self, text):
        numbers = _NUMBER.findall(_SKIPPED.sub(b"", text))
        if not numbers:
            return
        joined = b" ".join(numbers)
        self._md5.update(b" " + joined if self._started else joined)
        self._started = True
        self._last = numbers[-1]

    def hexdigest(self):
        """The hash of everything given so far (the last line taken as complete)."""
        md5 = self._md5.copy()
        last = self._last
        if self._rest:
            numbers = _NUMBER.findall(_SKIPPED.sub(b"", self._rest))
            if numbers:
                joined = b" ".join(numbers)
                md5.update(b" " + joined if self._started else joined)
                last = numbers[-1]
        if last is not None and last != b"0":
            md5.update(b" 0")
        return md5.hexdigest()


def gbd_hash_bytes(data):
    """The GBD hash of a CNF's (unpacked) text."""
    hasher = GbdHash()
    hasher.update(data)
    return hasher.hexdigest()


def gbd_hash_stream(raw, block=1 << 20):
    """The GBD hash of a binary stream's text, read a ``block`` at a time."""
    hasher = GbdHash()
    for piece in iter(lambda: raw.read(block), b""):
        hasher.update(piece)
    return hasher.hexdigest()


class HashingWriter:
    """A text stream that writes through to ``out`` and hashes what it writes:
    ``hexdigest()`` is then the GBD hash of the file written (what ``--output-dir``
    puts in index.csv without reading the file again)."""

    def __init__(self, out):
        self.out = out
        self.hash = GbdHash()

    def write(self, text):
        self.hash.update(text.encode("ascii", "replace"))
        return self.out.write(text)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        self.out.flush()

    def hexdigest(self):
        return self.hash.hexdigest()
