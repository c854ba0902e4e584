"""The progress bar of sudoku-solve, sudoku-grade and sudoku-gen, on stderr.

The bar is one line, redrawn in place at most five times a second. It counts
puzzles: when the total is not known in advance (a file of puzzles), the share of
the input read so far gives the percentage and the ETA. Anything else written to the
terminal while it is shown (the results, when stdout is the same terminal, and
error lines) must go through :meth:`Progress.write` or follow :meth:`Progress.clear`,
which erases the bar first, so that no line is ever glued to it.

``DIMACS_SUDOKU_PROGRESS_INTERVAL`` (seconds) changes the time between redraws;
the tests set it to 0 to draw after every puzzle.
"""

import os
import sys
import time

INTERVAL = 0.2
BAR_WIDTH = 20


class Progress:
    """A one-line progress bar on ``stream`` (stderr).

    ``total`` is the number of items when known; otherwise the bar follows the
    inputs handed to :meth:`lines`, whose sizes are summed up front by
    :meth:`measure`. ``shares_terminal`` says that results are written to the same
    terminal, so :meth:`write` erases the bar before each one.
    """

    def __init__(self, total=None, unit="puzzles", stream=None, shares_terminal=False):
        self.total = total
        self.unit = unit
        self.stream = stream or sys.stderr
        self.shares_terminal = shares_terminal
        self.started = time.monotonic()
        self.last = None
        self.shown = 0                  # width of the bar on screen, 0 when hidden
        self.done = 0
        self.size = None                # total characters of the inputs, when known
        self.read = 0                   # characters read of them
        try:
            self.interval = float(os.environ.get("DIMACS_SUDOKU_PROGRESS_INTERVAL",
                                                 INTERVAL))
        except ValueError:
            self.interval = INTERVAL

    def measure(self, paths):
        """Sum the sizes of the input files ``paths`` (None or ``-`` for stdin); the
        share read is then known unless one is a pipe or compressed."""
        self.size = size = None
        for path in paths:
            try:
                if path in (None, "", "-"):
                    info = os.fstat(sys.stdin.fileno())
                else:
                    if str(path).endswith((".gz", ".xz", ".bz2")):
                        return
                    info = os.stat(path)
            except (OSError, ValueError, AttributeError):
                return
            if not _is_regular(info):
                return
            size = (size or 0) + info.st_size
        self.size = size or None

    def lines(self, stream):
        """The lines of ``stream``, counting the characters read; it still says when
        the input pauses (``waiting``)."""
        return _CountedLines(self, stream)

    def update(self, done, force=False):
        """``done`` items finished: redraw the bar if it is time to."""
        self.done = done
        now = time.monotonic()
        if not force and self.last is not None and now - self.last < self.interval:
            return
        self.last = now
        self._draw(self.text(now))

    def tick(self):
        """Nothing finished, but work goes on: redraw (the clock) if it is time to."""
        self.update(self.done)

    def text(self, now=None):
        """The bar's text."""
        elapsed = max((now or time.monotonic()) - self.started, 1e-9)
        done = self.done
        rate = done / elapsed
        share = None
        if self.total:
            share = min(done / self.total, 1.0)
            count = "%d/%d %s" % (done, self.total, self.unit)
        else:
            count = "%d %s" % (done, self.unit)
            if self.size:
                share = min(self.read / self.size, 1.0)
        speed = ("%.0f/s" if rate >= 10 else "%.1f/s") % rate
        if share is None:
            return "%s  %s  %s" % (count, speed, _duration(elapsed))
        bar = "#" * int(BAR_WIDTH * share)
        if share > 0:
            when = "ETA " + _duration(elapsed * (1 - share) / share)
        else:
            when = _duration(elapsed)       # no estimate yet: the time taken
        return "[%-*s] %3d%%  %s  %s  %s" % (BAR_WIDTH, bar, int(100 * share), count, speed,
                                            when)

    def write(self, out, text):
        """Write ``text`` to the output ``out`` without garbling the bar."""
        if self.shares_terminal:
            self.clear()
            out.write(text)
            out.flush()
        else:
            out.write(text)

    def clear(self):
        """Erase the bar, leaving the cursor at the start of its empty line."""
        if self.shown:
            self._emit("\r" + " " * self.shown + "\r")
            self.shown = 0

    def close(self):
        self.clear()

    def _draw(self, text):
        width = _columns(self.stream) - 1
        text = text[:width]
        pad = max(self.shown - len(text), 0)
        self._emit("\r" + text + " " * pad)
        self.shown = len(text)

    def _emit(self, text):
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            pass


def start(enabled, total=None, unit="puzzles", output=None):
    """A :class:`Progress` when ``enabled`` (None: when stderr is a terminal), else
    None. ``output`` is where the results go (None or ``-`` for stdout)."""
    if enabled is None:
        enabled = _isatty(sys.stderr)
    if not enabled:
        return None
    shares = output in (None, "", "-") and _isatty(sys.stdout)
    return Progress(total, unit, shares_terminal=shares)


class _CountedLines:
    """The lines of a stream, each counted in ``bar.read`` as it is taken."""

    def __init__(self, bar, stream):
        self._bar, self._lines = bar, iter(stream)
        self.waiting = getattr(stream, "waiting", None)

    def __iter__(self):
        return self

    def __next__(self):
        line = next(self._lines)
        self._bar.read += len(line)
        return line


def writer(bar):
    """``write(out, text)``: through ``bar`` when there is one, else straight."""
    return bar.write if bar is not None else _write_straight


def _write_straight(out, text):
    out.write(text)


def _is_regular(info):
    import stat
    return stat.S_ISREG(info.st_mode)


def _isatty(stream):
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _columns(stream):
    try:
        return max(os.get_terminal_size(stream.fileno()).columns, 20)
    except (OSError, ValueError, AttributeError):
        return 80


def _duration(seconds):
    """Seconds as people read them.

    >>> _duration(7), _duration(75), _duration(3 * 3600 + 125)
    ('7s', '1m15s', '3h02m')
    """
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return "%ds" % seconds
    if seconds < 3600:
        return "%dm%02ds" % divmod(seconds, 60)
    hours, rest = divmod(seconds, 3600)
    return "%dh%02dm" % (hours, rest // 60)
