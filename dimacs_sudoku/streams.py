"""Streams for the commands and the library: input opened whole or compressed, read
in bounded lines; output written all or nothing.

:func:`open_text_input` reads a file or stdin: gzip, xz and bzip2 data is unpacked
(known by its first bytes, whatever the name) a piece at a time, and lines are
checked as they are read (:data:`MAX_LINE`, no NUL), before memory is spent.
:class:`AtomicOutput` writes a file under a private name and renames it into place
only when it is whole. Errors are the project's: :class:`InputError` for damaged
data, :class:`OutputError` for a file that cannot be read or written.
"""

import errno
import io
import os
import sys

from .errors import InputError, OutputError, ReadError

STDIO = (None, "", "-")

# The longest line of text input (characters): a 400x400 puzzle on one line in the
# numbers form is 640,000; the longest row of the public sets is 1,600.
MAX_LINE = 1 << 20


def display_name(name):
    """A file name as text any message can hold: bytes that are not UTF-8 (kept by
    the file system's surrogateescape) as ``\\xff``.

    >>> display_name("bad\\udcff.txt")
    'bad\\\\xff.txt'
    """
    name = str(name)
    if name.isascii():
        return name
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def fit_stream(text, stream):
    """``text`` with the characters that ``stream``'s encoding lacks as escapes
    (``\\u03b1``): for messages, which must reach the reader whatever the encoding."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)


def describe_os_error(error, action=None, name=None):
    """One line for an OSError: ``cannot write p.cnf: No space left on device``."""
    name = name or error.filename
    if name is not None:
        name = display_name(name)
    reason = error.strerror or str(error) or type(error).__name__
    if action and name:
        return "cannot %s %s: %s" % (action, name, reason)
    if name:
        return "%s: %s" % (name, reason)
    return "I/O error: %s" % reason


def silence_stdout():
    """Point file descriptor 1 at /dev/null, so that the final flush at exit cannot
    fail again (Python would then print a traceback and exit 120)."""
    raw = getattr(getattr(sys.stdout, "buffer", None), "raw", None)
    if isinstance(raw, ClosedStream):
        raw.swallow = True
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass


class ClosedStream(io.RawIOBase):
    """Stands in for a standard stream the caller closed (``<&-``, ``>&-``): every
    read or write is an OSError (EBADF), reported as an I/O error."""

    swallow = False         # once the failure is reported: take writes silently

    def readable(self):
        return True

    def writable(self):
        return True

    def readinto(self, buffer):
        raise OSError(errno.EBADF, "Bad file descriptor (it is closed)")

    def write(self, data):
        if self.swallow:
            return len(data)
        raise OSError(errno.EBADF, "Bad file descriptor (it is closed)")


def _stdin_binary():
    buffer = sys.stdin.buffer
    raw = getattr(buffer, "raw", None)
    if isinstance(raw, ClosedStream):
        raise ReadError("cannot read standard input: Bad file descriptor (it is closed)")
    return buffer


def source_name(path):
    """The name of an input in messages: ``<stdin>``, or the file's name as text."""
    return "<stdin>" if path in STDIO else display_name(path)


# -- input: text lines of bounded length, compressed data by its first bytes -----------

class _LongLine(str):
    """The type of :data:`LONG_LINE`."""


# What a TextInput with ``long_ok`` reads in place of a line longer than MAX_LINE:
# known by its identity (``line is LONG_LINE``), and a line end to any other reader.
LONG_LINE = _LongLine("\n")


class TextInput(io.TextIOWrapper):
    """Text over a binary stream: UTF-8, a BOM dropped, any line ends, and lines of at
    most :data:`MAX_LINE` characters with no NUL, each checked as it is read, before
    memory is spent (``/dev/zero`` is one endless line of NULs). A reader that makes a
    NUL the error of its own line only (the puzzle readers, so that one damaged line
    of a batch costs no other) sets ``nul_ok``; one that does so with a line too long
    sets ``long_ok``: such a line is skipped to its end, unkept, and read as
    :data:`LONG_LINE`.

    The bytes are taken as they come (one read at a time, at most 64 KiB): a line from
    a terminal or a pipe is there as soon as it is written, and the first empty read
    (one Ctrl-D) is the end. :meth:`waiting` says when the next line is not here yet.

    >>> lines = TextInput(io.BytesIO(b"\\xef\\xbb\\xbf1..4\\r\\n4...\\n"), "p.txt")
    >>> list(lines)
    ['1..4\\n', '4...\\n']
    >>> next(TextInput(io.BytesIO(b"1.\\x004\\n"), "p.txt"))
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.InputError: p.txt:1: a NUL byte: binary data, not text
    """

    # How long the input must stay silent to count as a pause (seconds): a writer's
    # next piece of the same output comes far sooner, a person's next line far later.
    PAUSE = 0.05

    def __init__(self, buffer, source="<stdin>"):
        super().__init__(buffer, encoding="utf-8-sig", errors="replace", newline=None)
        self.source = source
        self.line_number = 0
        self.nul_ok = False
        self.long_ok = False
        # A reader of a batch sets ``defer_errors``: a read that fails then ends the
        # input, every line before it still read, and the ReadError waits in
        # ``read_error`` (to be that input's last item); else it is raised at once.
        self.defer_errors = False
        self.read_error = None
        import codecs
        self._decoder = io.IncrementalNewlineDecoder(
            codecs.getincrementaldecoder("utf-8-sig")("replace"), translate=True)
        self._read = getattr(buffer, "read1", buffer.read)
        self._batch = iter(())      # the lines split from the last block, not yet taken
        self._pending = []          # (the list _batch runs over)
        self._carry = ""            # the start of a line whose end is not read yet
        self._skipping = False      # the carry is a line too long (long_ok), not kept
        self._ended = False
        self._paused = False        # the last look found a pause, and nothing came since
        self._descriptor = False    # the descriptor to watch for a pause (see waiting)

    def __iter__(self):
        return self

    def __next__(self):
        line = next(self._batch, None)
        if line is None:
            line = self._refill()
        return line

    def _refill(self):
        """The first line of the next block that ends one (StopIteration at the end);
        the block's other lines wait in ``_batch``. Lines are split in C: a Python
        loop per line would cost four times as much."""
        while not self._ended:
            try:
                data = self._read(1 << 16)
            except ReadError as error:
                if not self.defer_errors:
                    raise
                self.read_error, data = error, b""
            self._paused = False
            if data:
                block = self._decoder.decode(data)
            else:
                block = self._decoder.decode(b"", True)
                self._ended = True
            if "\x00" in block and not self.nul_ok:
                where = self.line_number + (self._carry + block[:block.index("\x00")]) \
                    .count("\n")
                raise InputError("a NUL byte: binary data, not text", self.source,
                                 where + 1)
            lines = block.split("\n")
            last = lines.pop()
            if not lines:
                if self._skipping:
                    self._skip(last)
                else:
                    self._carry += last
                    if len(self._carry) > MAX_LINE:
                        self._too_long(self.line_number + 1, self._carry)
                continue
            if self._skipping:
                self._skip(lines[0])
                lines[0] = LONG_LINE
            else:
                lines[0] = self._carry + lines[0]
            self._skipping, long = False, []
            if len(lines[0]) > MAX_LINE or len(last) > MAX_LINE:
                for k, line in enumerate(lines + [last]):
                    if len(line) > MAX_LINE:
                        self._too_long(self.line_number + k + 1, line)
                        long.append(k)
                self._skipping = len(last) > MAX_LINE   # (its end is still to come)
            if lines[0] is LONG_LINE:
                long.append(0)
            self.line_number += len(lines)
            self._carry = "" if self._skipping else last
            self._pending = [line + "\n" for line in lines]
            for k in long:              # (rare: lines too long, read as LONG_LINE)
                if k < len(lines):
                    self._pending[k] = LONG_LINE
            self._batch = iter(self._pending)
            return next(self._batch)
        if self._carry or self._skipping:
            self.line_number += 1
            line, self._carry = self._carry or LONG_LINE, ""
            self._skipping = False
            return line
        raise StopIteration

    # The most characters of one line too long that ``long_ok`` skips: beyond, the
    # input is no text of puzzles (an endless line, ``yes | tr -d '\\n'``), and
    # reading on would only take time.
    MAX_SKIPPED = 64 * MAX_LINE

    def _too_long(self, number, text):
        """Line ``number``, whose ``text`` so far is longer than :data:`MAX_LINE`: an
        error, or with ``long_ok`` a line to skip to its end (unless it is binary
        data: a NUL byte, as ``/dev/zero``'s)."""
        self._number, self._skipped = number, 0
        self._skipping = self.long_ok
        self._skip(text)
        self._carry = ""

    def _skip(self, text):
        """Skip ``text``, a piece of the line too long."""
        self._skipped += len(text)
        if not self._skipping or "\x00" in text or self._skipped > self.MAX_SKIPPED:
            raise InputError("a line longer than %d characters: not a puzzle, CNF or "
                             "solver output" % MAX_LINE, self.source, self._number)

    def readline(self, size=-1):
        line = next(self, "")
        if size is not None and 0 <= size < len(line):      # the rest comes next
            self._pending = [line[size:]] + list(self._batch)
            self._batch = iter(self._pending)
            line = line[:size]
        return line

    def waiting(self):
        """True when the next line that says anything is not here yet and the input
        pauses: nothing read is left but lines that say nothing (:func:`says_nothing`),
        and a terminal, pipe or socket has had nothing more for :data:`PAUSE` seconds.
        A filter answers what it has then; a file never waits."""
        if self._descriptor is None:
            return False                    # (a file: first and fast)
        left = self._batch.__length_hint__()
        if left:
            s = self._pending[-left].strip()
            if s and s[0] != "#" and s.strip("-+=|"):
                return False                # (the usual case, next and fast)
        if self._ended:
            return False
        if self._descriptor is False:
            self._descriptor = _watched_descriptor(self.buffer)
            if self._descriptor is None:
                return False
        if left:
            pending = self._pending
            for k in range(len(pending) - left + 1, len(pending)):
                s = pending[k].strip()          # (says_nothing, inline)
                if s and s[0] != "#" and s.strip("-+=|"):
                    return False
        if self._paused:
            return True
        import select
        try:
            ready = select.select([self._descriptor], [], [], self.PAUSE)[0]
        except (OSError, ValueError):
            return False
        self._paused = not ready
        return self._paused


def says_nothing(line):
    """Whether a line of input says nothing more after a whole puzzle: blank, a ``#``
    comment, or a grid's border (only ``- + = |``).

    >>> [says_nothing(s) for s in ("\\n", "# a note", "+-----+-----+", "1..4")]
    [True, True, True, False]
    """
    s = line.strip()
    return not s or s[0] == "#" or not s.strip("-+=|")


def _watched_descriptor(buffer):
    """The descriptor under ``buffer`` whose silence is a pause: that of a terminal,
    pipe or socket read directly (a file, or data unpacked on the way, never pauses)."""
    import stat
    raw = getattr(buffer, "raw", None)
    while isinstance(raw, (_Prefixed, _Named)):     # (its first bytes are read by then)
        raw = getattr(raw._stream, "raw", raw._stream)
    if not isinstance(raw, io.FileIO):
        return None
    try:
        descriptor = raw.fileno()
        return None if stat.S_ISREG(os.fstat(descriptor).st_mode) else descriptor
    except OSError:
        return None


def open_text_input(path):
    """A :class:`TextInput` over a file or stdin. Compressed data (gzip, xz, bzip2)
    is unpacked, known by its first bytes."""
    return TextInput(open_binary_input(path), source_name(path))


def open_puzzle_input(path):
    """:func:`open_text_input` for the puzzle readers, which make a NUL byte or a line
    too long the error of its own line (in a batch, one damaged line costs no other
    puzzle)."""
    stream = open_text_input(path)
    stream.nul_ok = stream.long_ok = True
    return stream


_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"), (b"BZh", "bzip2"))
_EXTENSIONS = {".gz": "gzip", ".xz": "xz", ".bz2": "bzip2"}


def compression_of(head):
    """The compression of data starting with the bytes ``head``, or None.

    >>> compression_of(b"\\x1f\\x8b\\x08\\x00"), compression_of(b"p cnf 1 1")
    ('gzip', None)
    """
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            if kind == "bzip2" and not head[3:4].isdigit():
                continue
            return kind
    return None


def is_compressed(path):
    """True when the file at ``path`` starts with gzip, xz or bzip2 data (False when
    it cannot be read: opening it will say why)."""
    try:
        with open(str(path), "rb") as raw:
            return compression_of(raw.read(6)) is not None
    except OSError:
        return False


def open_binary_input(path):
    """A binary stream over a file or stdin (``-`` or None), unpacked when it holds
    gzip, xz or bzip2 data. The data is read in bounded pieces, so a small file that
    unpacks to gigabytes takes no more memory than any other; a truncated or corrupt
    one is an :class:`InputError` naming the file."""
    source = source_name(path)
    if path in STDIO:
        raw = io.BufferedReader(_Named(_stdin_binary(), "standard input"), 1 << 16)
    else:
        try:
            raw = io.BufferedReader(_Named(open(str(path), "rb", buffering=0),
                                           display_name(path)), 1 << 16)
        except OSError as error:
            raise ReadError(describe_os_error(error, "read", str(path))) from None
    try:
        head = raw.peek(6)[:6] if hasattr(raw, "peek") else b""
        if 0 < len(head) < 6:       # a pipe gave a few bytes so far: read on
            more = raw.read(6)
            while 0 < len(more) < 6:
                piece = raw.read(6 - len(more))
                if not piece:
                    break
                more += piece
            head = more
            raw = io.BufferedReader(_Prefixed(more, raw))
        kind = compression_of(head)
        expected = _EXTENSIONS.get(os.path.splitext(str(path))[1].lower()) \
            if path not in STDIO else None
        if expected and kind != expected:
            raise InputError("not %s data, though the name says so" % expected, source)
        if kind is None:
            return raw
        return io.BufferedReader(_Unpacked(raw, kind, source), 1 << 16)
    except BaseException:
        if path not in STDIO:
            raw.close()
        raise


class _Named(io.RawIOBase):
    """The bytes of ``stream``; a read that fails (a terminal that hung up: EIO, a
    folder on stdin: EISDIR) is a :class:`ReadError` naming the input, as its own.

    >>> class HungUp(io.RawIOBase):
    ...     def readinto(self, buffer):
    ...         raise OSError(errno.EIO, "Input/output error")
    >>> _Named(HungUp(), "standard input").read(1)
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.ReadError: cannot read standard input: Input/output error
    """

    def __init__(self, stream, name):
        super().__init__()
        self._stream = stream
        self.name = name
        # One read of what is there (a buffered stream's readinto would wait for more
        # from a pipe or terminal).
        self._readinto = getattr(stream, "readinto1", None) or stream.readinto

    def readable(self):
        return True

    def readinto(self, buffer):
        try:
            return self._readinto(buffer)
        except OSError as error:
            raise ReadError(describe_os_error(error, "read", self.name)) from None

    def close(self):
        super().close()
        if self.name != "standard input":
            self._stream.close()


class _Prefixed(io.RawIOBase):
    """The bytes ``head`` already read, then the rest of ``stream``."""

    def __init__(self, head, stream):
        super().__init__()
        self._head = head
        self._stream = stream

    def readable(self):
        return True

    def readinto(self, buffer):
        if self._head:
            count = min(len(buffer), len(self._head))
            buffer[:count] = self._head[:count]
            self._head = self._head[count:]
            return count
        data = self._stream.read1(len(buffer)) if hasattr(self._stream, "read1") \
            else self._stream.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def close(self):
        super().close()
        self._stream.close()


class _Unpacked(io.RawIOBase):
    """The unpacked bytes of compressed data, read a bounded piece at a time; damaged
    data becomes an :class:`InputError` naming the file."""

    def __init__(self, packed, kind, source):
        super().__init__()
        if kind == "gzip":
            import gzip
            self._reader = gzip.GzipFile(fileobj=packed, mode="rb")
        elif kind == "xz":
            import lzma
            self._reader = lzma.LZMAFile(packed, "rb")
        else:
            import bz2
            self._reader = bz2.BZ2File(packed, "rb")
        self._packed = packed
        self.kind = kind
        self.source = source

    def readable(self):
        return True

    def readinto(self, buffer):
        try:
            return self._reader.readinto(buffer)
        except EOFError:
            raise InputError("the %s data ends early: the file is truncated or damaged"
                             % self.kind,
                             self.source) from None
        except OSError as error:
            if error.errno is not None:         # the disk, not the data
                raise
            raise InputError("damaged %s data: %s" % (self.kind, error), self.source) \
                from None
        except Exception as error:              # lzma.LZMAError, zlib.error
            if type(error).__name__ not in ("LZMAError", "error"):
                raise
            raise InputError("damaged %s data: %s" % (self.kind, error), self.source) \
                from None

    def close(self):
        try:
            super().close()
            self._reader.close()
        finally:
            self._packed.close()


# -- output ----------------------------------------------------------------------------

_TEMPORARY = set()          # output files being written (see remove_leftovers)

# errno values that say the output cannot be written (as opposed to a bug)
WRITE_ERRORS = {errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EBADF, errno.EROFS,
                 getattr(errno, "EDQUOT", errno.ENOSPC)}


# A file being written has its pages sent to the disk every this many bytes.
WRITEBACK_BYTES = 32 << 20


class _WrittenBack(io.FileIO):
    """A file written from ``fd`` whose pages are sent to the disk as it grows, every
    :data:`WRITEBACK_BYTES` (Linux's ``sync_file_range``: started, not waited for).
    The fsync that makes an atomic output durable before its rename then waits for
    the last pages only: a 216 MB CNF's 0.1 s of waiting become 0.01 s."""

    def __init__(self, fd):
        super().__init__(fd, "wb")
        self._sent = self._written = 0

    def write(self, data):
        count = super().write(data)
        if count:
            self._written += count
            if self._written - self._sent >= WRITEBACK_BYTES:
                _start_writeback(self.fileno(), self._sent, self._written - self._sent)
                self._sent = self._written
        return count


_sync_file_range = None     # the C function once looked up; False: not on this system


def _start_writeback(fd, offset, count):
    """Start writing ``count`` bytes of ``fd`` from ``offset`` to the disk, if this
    system can (a hint: nothing waits for it, a failure changes nothing)."""
    global _sync_file_range
    if _sync_file_range is None:
        _sync_file_range = False
        try:
            import ctypes
            function = ctypes.CDLL(None, use_errno=True).sync_file_range
            function.argtypes = (ctypes.c_int, ctypes.c_int64, ctypes.c_int64,
                                 ctypes.c_uint)
            _sync_file_range = function
        except (ImportError, AttributeError, OSError):
            pass
    if _sync_file_range:
        _sync_file_range(fd, offset, count, 2)     # SYNC_FILE_RANGE_WRITE


class AtomicOutput:
    """Write to ``path`` (stdout for ``-`` or None) all or nothing.

    A file is written beside its final place under a private name and renamed into
    place only when the block ends without an error, so a failed run leaves no partial
    file and never clobbers an existing one. ``.gz``, ``.xz`` and ``.bz2`` names are
    compressed. Use as ``with AtomicOutput(path) as out: out.write(text)``. A write
    that fails (full disk, closed stdout) is an :class:`OutputError` naming the file.

    With a list as ``deferred``, a file written whole is not renamed yet: its
    ``(temporary, final)`` pair goes on the list, for :func:`commit_outputs` (every
    file of a run into place at the end) or :func:`discard_outputs`.
    """

    def __init__(self, path, binary=False, deferred=None):
        self.path = None if path in STDIO else str(path)
        self.binary = binary
        self.deferred = deferred
        self._tmp = None
        self._raw = None
        self._direct = None
        self._final = None          # the file renamed into place: a link's target
        self.stream = None

    @property
    def name(self):
        return "standard output" if self.path is None else self.path

    def __enter__(self):
        check_file_name(self.path)
        descriptor, target = output_target(self.path)
        if descriptor is not None:
            # /dev/stdout, /dev/fd/N: the stream already open; a file of that name in
            # /dev would replace the system's link.
            if descriptor == 1:
                self.path = None
            else:
                self._open_direct(lambda: os.fdopen(os.dup(descriptor), "wb"))
                return self.stream
        elif os.path.exists(target) and not os.path.isfile(target):
            # A device or named pipe (-o /dev/null, -o >(gzip)): write straight to it;
            # renaming over it would replace the device with a file.
            self._open_direct(lambda: open(target, "wb"))
            return self.stream
        if self.path is None:
            self.stream = sys.stdout.buffer if self.binary else sys.stdout
            return self.stream
        # A link's target is replaced, the link stays.
        folder, name = os.path.split(target)
        try:
            import tempfile
            fd, self._tmp = tempfile.mkstemp(prefix=".%s." % _short_name(name, folder),
                                             suffix=".part", dir=folder)
            _TEMPORARY.add(self._tmp)
        except OSError as error:
            raise OutputError(describe_os_error(error, "write", self.path)) from None
        self._final = target
        try:
            raw = io.BufferedWriter(_WrittenBack(fd))
            self._raw = raw
            if self.path.endswith(".gz"):
                import gzip
                raw = gzip.GzipFile(filename=os.path.basename(self.path)[:-3], mode="wb",
                                    fileobj=raw, compresslevel=6, mtime=0)
            elif self.path.endswith(".xz"):
                import lzma
                raw = lzma.LZMAFile(raw, "wb", preset=6)
            elif self.path.endswith(".bz2"):
                import bz2
                raw = bz2.BZ2File(raw, "wb")
            self._compressed = raw if raw is not self._raw else None
            self.stream = raw if self.binary else io.TextIOWrapper(
                raw, encoding="utf-8", newline="\n", write_through=False)
        except BaseException:
            self._discard()
            raise
        return self.stream

    def _open_direct(self, opener):
        try:
            self._direct = opener()
        except OSError as error:
            raise OutputError(describe_os_error(error, "write", self.path)) from None
        self.stream = self._direct if self.binary else io.TextIOWrapper(
            self._direct, encoding="utf-8", newline="\n")

    def __exit__(self, kind, value, traceback):
        failed = (kind is not None and issubclass(kind, OSError)
                  and not issubclass(kind, BrokenPipeError)
                  and getattr(value, "errno", None) in WRITE_ERRORS
                  and value.filename in (None, self.path))
        if kind is not None and issubclass(kind, UnicodeEncodeError) and \
                value.object is not None:
            # Standard output in an encoding without a symbol of the output (files
            # are UTF-8): a result cannot be written in part.
            self._finish(kind)
            raise OutputError("cannot write %s: its encoding, %s, has no %r (set "
                              "PYTHONIOENCODING=utf-8 or write a file with -o)"
                              % (self.name, value.encoding,
                                 value.object[value.start])) from None
        try:
            self._finish(kind)
        except OutputError:
            if kind is None or failed:
                raise
        if failed:
            raise OutputError(describe_os_error(value, "write", self.name)) from None
        return False

    def _finish(self, kind):
        if self._direct is not None:
            try:
                self.stream.close()
            except OSError as error:
                raise OutputError(describe_os_error(error, "write", self.path)) from None
            return
        if self.path is None:
            try:
                self.stream.flush()
            except BrokenPipeError:
                if kind is None:
                    raise
            except OSError as error:
                silence_stdout()
                raise OutputError(describe_os_error(error, "write", self.name)) from None
            return
        try:
            if kind is None:
                try:
                    self.stream.flush()
                    if self._compressed is not None:
                        self._compressed.close()
                    self._raw.flush()
                    os.fsync(self._raw.fileno())
                    self._raw.close()
                    mode = 0o666 & ~_umask()
                    os.chmod(self._tmp, mode)
                    if self.deferred is not None:
                        self.deferred.append((self._tmp, self._final))
                    else:
                        os.replace(self._tmp, self._final)
                        _TEMPORARY.discard(self._tmp)
                    self._tmp = None
                except OSError as error:
                    raise OutputError(describe_os_error(error, "write", self.path)) \
                        from None
        finally:
            self._discard()

    def _discard(self):
        if self._tmp is not None:
            if self._raw is not None:
                try:
                    self._raw.close()
                except (OSError, ValueError):
                    pass
            remove_temporary(self._tmp)
            self._tmp = None


def check_file_name(path):
    """Raise OutputError when the output name ``path`` is a folder's by its form: its
    last part empty, ``.`` or ``..`` (``out/``). Such a name is never written as a
    file, which would make or replace ``out`` itself.

    >>> check_file_name("no-such-folder/")
    Traceback (most recent call last):
      ...
    dimacs_sudoku.errors.OutputError: cannot write no-such-folder/: Not a directory
    """
    if path in STDIO:
        return
    path = str(path)
    if os.path.basename(path) in ("", ".", ".."):
        code = errno.EISDIR if os.path.isdir(path) else errno.ENOTDIR
        raise OutputError("cannot write %s: %s" % (display_name(path), os.strerror(code)))


def output_target(path):
    """Where output named ``path`` goes: ``(descriptor, None)`` for a stream already
    open (``/dev/stdout``, ``/dev/fd/N``), else ``(None, file)`` with every link
    followed (the file may not exist yet). None (stdout) is descriptor 1."""
    if path in STDIO:
        return 1, None
    path = os.path.abspath(path)
    for _ in range(40):                             # then open() says ELOOP
        folder, name = os.path.split(path)
        folder = os.path.realpath(folder)
        if name.isdigit() and folder in ("/dev/fd", "/proc/self/fd",
                                          "/proc/%d/fd" % os.getpid()):
            return int(name), None
        path = os.path.join(folder, name)
        try:
            link = os.readlink(path)
        except OSError:
            break                                   # no link (or no file yet)
        path = os.path.join(folder, link)
    return None, path


def _short_name(name, folder):
    """``name`` cut so that a temporary name made of it fits the file system's limit
    (``.NAME.XXXXXXXX.part``)."""
    try:
        limit = os.pathconf(folder or ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    room = max(limit - len("..XXXXXXXX.part"), 1)
    raw = os.fsencode(name)
    return name if len(raw) <= room else os.fsdecode(raw[:room])


def make_folder(folder):
    """Make the output folder ``folder`` when missing; True when this call made it (so
    that a failed run can remove it again). OutputError when it cannot be made, or is
    a file.

    >>> import tempfile
    >>> here = tempfile.mkdtemp()
    >>> make_folder(here), make_folder(os.path.join(here, "new"))
    (False, True)
    >>> import shutil; shutil.rmtree(here)
    """
    if os.path.isdir(folder):
        return False
    if os.path.lexists(os.path.normpath(folder)):      # out.txt/ is not a folder either
        raise OutputError("cannot write into %s: it is not a folder" % folder)
    try:
        os.makedirs(folder)
    except OSError as error:
        raise OutputError("cannot make %s: %s" % (folder, error.strerror)) from None
    return True


def commit_outputs(deferred):
    """Rename every file written with ``AtomicOutput(..., deferred=...)`` into place."""
    for temporary, path in deferred:
        try:
            os.replace(temporary, path)
        except OSError as error:
            discard_outputs(deferred)
            raise OutputError(describe_os_error(error, "write", path)) from None
        _TEMPORARY.discard(temporary)
    del deferred[:]


def adopt_outputs(deferred):
    """``deferred``, files written whole by another process (a worker of --jobs) and
    not yet in place: this process now puts them in place or removes them, also when
    a signal ends it (see :func:`remove_leftovers`)."""
    _TEMPORARY.update(temporary for temporary, _ in deferred)
    return deferred


def discard_outputs(deferred):
    """Remove the files of a run that failed: nothing it wrote replaces anything."""
    for temporary, _ in deferred:
        remove_temporary(temporary)
    del deferred[:]


def remove_leftovers():
    """Remove every output file still being written (a signal came at a bad time)."""
    for path in list(_TEMPORARY):
        remove_temporary(path)


def remove_temporary(path):
    """Remove a temporary output file (no error if it is gone)."""
    try:
        os.unlink(path)
    except OSError:
        pass
    _TEMPORARY.discard(path)


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


