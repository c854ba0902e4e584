"""Checks of the public functions' arguments: misuse (``None`` for a grid or a path,
a number for a text) is a TypeError naming the function and what it takes, raised
at the call, not an AttributeError from deep inside.

>>> text(None, "parse_puzzle")
Traceback (most recent call last):
  ...
TypeError: parse_puzzle() takes the puzzle as a str, not NoneType
"""

import io
import numbers
import os


def _refuse(function, wanted, value):
    raise TypeError("%s() takes %s, not %s" % (function, wanted, type(value).__name__))


def text(value, function, what="the puzzle as a str"):
    """``value`` when it is a str."""
    if not isinstance(value, str):
        _refuse(function, what, value)
    return value


def path(value, function, what="a file name (str or os.PathLike)"):
    """``value`` when it names a file."""
    if not isinstance(value, (str, os.PathLike)):
        _refuse(function, what, value)
    return value


def instance(value, kind, function, what):
    """``value`` when it is a ``kind`` (a class), such as a Grid
    (:func:`dimacs_sudoku.core.grid.grid_argument`)."""
    if not isinstance(value, kind):
        _refuse(function, what, value)
    return value


def path_or_binary_stream(value, function, what):
    """``value`` when it names a file or is a stream of bytes (``open(path, "rb")``,
    ``sys.stdin.buffer``): a text stream or None is refused."""
    if isinstance(value, (str, os.PathLike)):
        return value
    if not hasattr(value, "read") or isinstance(value, io.TextIOBase):
        _refuse(function, what, value)
    return value


def seconds(value, function, what="the time-out in seconds as a number, or None"):
    """``value`` when it is None or a number of seconds (not a bool); its range is
    :func:`~dimacs_sudoku.sat.process.check_timeout`'s."""
    if value is not None and (isinstance(value, bool)
                              or not isinstance(value, numbers.Real)):
        _refuse(function, what, value)
    return value


def flag(value, function, what):
    """``value`` when it is a bool."""
    if not isinstance(value, bool):
        _refuse(function, what, value)
    return value


def stream(value, function, what="an open stream (open(path) or sys.stdin)"):
    """``value`` when it can be read as a stream."""
    return having(value, "read", function, what)


def having(value, attribute, function, what):
    """``value`` when it has ``attribute`` (a stream's ``write``, a formula's
    ``clauses``)."""
    if not hasattr(value, attribute):
        _refuse(function, what, value)
    return value


def iterable(value, function, what):
    """``value`` when it can be iterated over (and is not a text)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        _refuse(function, what, value)
    return value


def number(value, function, what):
    """``value`` as an int when it is one (not a bool)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        _refuse(function, what, value)
    return value.__index__()


def size(value, function):
    """``value`` as an int when it is one (its range is :func:`~.grid.check_size`'s)."""
    return number(value, function, "the grid size N as an int")
