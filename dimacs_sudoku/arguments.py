"""Checks of the public functions' arguments: misuse (``None`` for a grid or a path,
a number for a text) is a TypeError naming the function and what it takes, raised
at the call, not an AttributeError from deep inside; a value of the right type but
out of range (a negative count, an unknown engine) is an
:class:`~dimacs_sudoku.errors.ArgumentError`, a ValueError naming the function and
the argument.

>>> text(None, "parse_puzzle")
Traceback (most recent call last):
  ...
TypeError: parse_puzzle() takes the puzzle as a str, not NoneType
>>> whole(-1, "analyze", "max_remove")
Traceback (most recent call last):
  ...
dimacs_sudoku.errors.ArgumentError: analyze(): max_remove must be at least 0, not -1
"""

import io
import numbers
import os

from .errors import ArgumentError, UsageError


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


def whole(value, function, name, least=0, none=False):
    """``value`` as an int of at least ``least`` (None too, with ``none``): the
    argument ``name`` of ``function``."""
    if value is None and none:
        return None
    value = number(value, function, "%s as an int" % name)
    if value < least:
        raise ArgumentError("%s(): %s must be at least %d, not %d"
                            % (function, name, least, value))
    return value


def flag(value, function, name):
    """``value`` when it is True or False."""
    if not isinstance(value, bool):
        _refuse(function, "%s as a bool" % name, value)
    return value


def word(value, function, name, none=False):
    """``value`` when it is a str (or None, with ``none``)."""
    if value is None and none:
        return None
    return text(value, function, "%s as a str" % name)


def named(value, function, name, check):
    """``check(value)`` for the str ``value`` (an engine, an encoding, a symmetry),
    whose UsageError (an unknown name) becomes an ArgumentError naming ``function``
    and the argument ``name``."""
    word(value, function, name)
    try:
        return check(value)
    except ArgumentError:
        raise
    except UsageError as error:
        raise ArgumentError("%s(): %s: %s" % (function, name, error.message)) from None


def call(value, function, name):
    """``value`` when it can be called (or is None)."""
    if value is not None and not callable(value):
        _refuse(function, "%s as a function (or None)" % name, value)
    return value


def pair(value, function, name):
    """``value`` as a tuple of two ints of at least 1 (a box's rows and columns)."""
    what = "%s as a pair of ints (rows, columns)" % name
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        _refuse(function, what, value)
    return tuple(whole(part, function, name, least=1) for part in value)
