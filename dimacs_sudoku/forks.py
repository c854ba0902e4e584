"""What every forked process of the package shares, below every layer that forks (an
encoder's helper, a search in a child, a race, the workers of ``--jobs``): the cores
this process may use, the stop signals held while a child is made, the standard
streams flushed before it, the child's start (the default handlers, its death with
its parent), and writes to a child that may have died (:func:`no_sigpipe`).

>>> cores() >= 1, signal.SIGTERM in STOP_SIGNALS
(True, True)
"""

import contextlib
import os
import signal
import sys

# SIGTERM (`timeout`, `kill`) and SIGHUP (the terminal went away) would end the
# process on the spot, leaving the solver and its files; SIGINT is KeyboardInterrupt.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT")
                     if hasattr(signal, name))


def cores():
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def block_signals(numbers=STOP_SIGNALS):
    """Block the signals ``numbers`` in this thread (while a child is made, so that
    neither process runs a handler meant for the other); what :func:`unblock_signals`
    takes."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, numbers)


def unblock_signals(before):
    """Put back the signal mask :func:`block_signals` replaced: a signal that came in
    between is handled now."""
    if before is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def flush_standard_streams():
    """Flush stdout and stderr before a fork, or the child would write their buffered
    text again."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass


def die_with_parent(parent, number=signal.SIGKILL):
    """In a forked child: get signal ``number`` (SIGKILL: be killed) when the parent
    dies, even by SIGKILL, which no handler of its sees (Linux; elsewhere the child
    ends when its work does)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, number, 0, 0, 0)              # PR_SET_PDEATHSIG
    except (OSError, AttributeError, ImportError):
        pass
    if os.getppid() != parent:                      # it died before that
        os._exit(1)


def child_signals(blocked, parent, numbers=STOP_SIGNALS, death=signal.SIGKILL):
    """In a child forked with the stop signals blocked (``blocked``: the mask before,
    from :func:`block_signals`): the signals ``numbers`` back to their default
    actions (the parent's handlers would run its clean-up) but those ignored
    (``nohup``, a background job), signal ``death`` when ``parent`` dies, then the
    mask put back."""
    for number in numbers:
        if signal.getsignal(number) != signal.SIG_IGN:
            signal.signal(number, signal.SIG_DFL)
    die_with_parent(parent, death)
    unblock_signals(blocked)


@contextlib.contextmanager
def no_sigpipe():
    """While running, a write to a pipe whose reader is gone (a worker or watchdog that
    died) is an OSError (EPIPE) here, not this process's silent end: the commands
    leave SIGPIPE at its default, so that ``| head`` ends them quietly. SIGPIPE is
    blocked in this thread, and one that such a write raised is dropped before the
    mask is put back.

    >>> import os
    >>> read_end, write_end = os.pipe(); os.close(read_end)
    >>> with no_sigpipe():
    ...     try:
    ...         os.write(write_end, b"x")
    ...     except BrokenPipeError:
    ...         print("EPIPE")
    EPIPE
    """
    number = getattr(signal, "SIGPIPE", None)
    if number is None or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {number})
    try:
        yield
    finally:
        if number not in before and number in signal.sigpending():
            signal.sigtimedwait({number}, 0)
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
