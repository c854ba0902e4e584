"""What every back end shares to run a search: time-outs, a forked child for the
in-process solvers (which cannot be interrupted), and signals turned into exceptions
so that a solver and its temporary files never outlive the command.

>>> check_timeout(None), check_timeout(2)
(None, 2.0)
"""

import contextlib
import os
import signal
import threading
import time
from array import array

from ..errors import OutputError, SolverError, SudokuError, UsageError
from ..dimacs.output import SAT, UNKNOWN, UNSAT, Result
from ..forks import (STOP_SIGNALS, block_signals, child_signals, flush_standard_streams,
                     unblock_signals)


# The exit code of a forked child whose work could not write a file (a full disk): its
# message follows on the pipe instead of the payload.
_CANNOT_WRITE = 3
# ... whose work raised one of the project's errors (a puzzle too large): the error,
# pickled, follows instead of the payload, and is raised again here.
_RAISED = 4
# ... whose work ran out of memory.
_NO_MEMORY = 5

# The longest time-out, about three years: the system's waits overflow on much longer
# ones (for none, give no time-out).
MAX_TIMEOUT = 10 ** 8


def check_timeout(timeout, name="the time-out"):
    """``timeout`` as seconds, None for none (or infinity); UsageError unless > 0 and
    at most MAX_TIMEOUT."""
    if timeout is None or timeout == float("inf"):
        return None
    if not timeout > 0:                 # also nan
        raise UsageError("%s must be a positive number of seconds, not %s"
                         % (name, timeout))
    if timeout > MAX_TIMEOUT:
        raise UsageError("%s is at most %d seconds (about three years), not %s; leave "
                         "it out for none" % (name, MAX_TIMEOUT, "%g" % timeout))
    return float(timeout)


def answer_result(answer):
    """The Result of a pycosat-style answer: literals, "UNSAT" or "UNKNOWN"."""
    if answer == "UNSAT":
        return Result(UNSAT)
    if answer == "UNKNOWN":
        return Result(UNKNOWN)
    return Result.from_literals(answer)


def fork_to_stay_interruptible(timeout):
    """True when a search with no time-out should still run in a forked child: the
    command catches SIGTERM in Python (to remove its temporary files), and an in-process
    search holds the interpreter until it ends, so the signal would wait for it."""
    if timeout is not None or not hasattr(os, "fork"):
        return False
    handler = signal.getsignal(signal.SIGTERM)
    return callable(handler)


def need_fork(what):
    if not hasattr(os, "fork"):
        raise UsageError("a time-out for %s needs os.fork, which this system lacks; use "
                         "an external solver" % what)


def solve_forked(answer, timeout, label):
    """Run ``answer()`` (a pycosat-style answer: literals, "UNSAT" or "UNKNOWN") in a
    forked child, killed at the deadline (the result is then UNKNOWN); with no
    ``timeout`` (None) it waits as long as the search takes."""
    def payload():
        found = answer()
        if isinstance(found, list):
            result = Result.from_literals(found)
            return (b"S" + result.max_var.to_bytes(8, "little")
                    + result.positives.tobytes())
        return b"U" if found == "UNSAT" else b"?"

    payload = run_forked(payload, timeout, label)
    if payload is None or payload[:1] == b"?":
        return Result(UNKNOWN)
    if payload[:1] == b"U":
        return Result(UNSAT)
    positives = array("i")
    positives.frombytes(payload[9:])
    return Result(SAT, positives, int.from_bytes(payload[1:9], "little"))


def call_forked(function, label):
    """``function()`` computed in a forked child and its value (a list of lists of
    int, a grid's digits or a model's variables) sent back: a signal to this process
    then ends the search at once, as the child is killed. SolverError when the child
    fails."""
    return _lists(run_forked(lambda: _list_bytes(function()), None, label))


def race_forked(functions, label):
    """``(k, value)``: the first of ``functions`` (each returning a list of lists of
    int, as for :func:`call_forked`) to answer, each computed in a forked child of
    its own, and its value. The others are killed and reaped at once; all are when
    this process is interrupted (the exception goes on). A child that fails drops
    out of the race; SolverError when every one fails.

    >>> race_forked([lambda: [[1, 2]], lambda: [[3]]], "a race")[1] in ([[1, 2]], [[3]])
    True
    """
    flush_standard_streams()
    children = {}                   # read end: [k, pid, chunks]
    blocked = block_signals()       # (see run_forked)
    try:
        try:
            for k, function in enumerate(functions):
                pid, read_end = _start_child(lambda f=function: _list_bytes(f()),
                                             blocked, list(children))
                children[read_end] = [k, pid, []]
        finally:
            unblock_signals(blocked)
        failed = []

        def send(number):
            for entry in children.values():
                signal_child(entry[1], number)

        import select
        with forward_stops(send):
            while children:
                ready, _, _ = select.select(list(children), [], [])
                for read_end in ready:
                    entry = children[read_end]
                    chunk = os.read(read_end, 1 << 20)
                    if chunk:
                        entry[2].append(chunk)
                        continue
                    del children[read_end]
                    os.close(read_end)
                    _, status = os.waitpid(entry[1], 0)
                    if status == 0 and entry[2]:
                        return entry[0], _lists(b"".join(entry[2]))
                    failed.append(wait_status(status))
        raise SolverError("%s failed (%s)" % (label, ", ".join(failed)))
    finally:
        for entry in children.values():     # the losers, or all on an exception
            signal_child(entry[1], signal.SIGKILL)
        for read_end, entry in children.items():
            os.waitpid(entry[1], 0)
            os.close(read_end)


def _list_bytes(found):
    """A list of lists of int as bytes (:func:`_lists` reads them back)."""
    lengths = array("q", map(len, found))
    return (len(found).to_bytes(8, "little") + lengths.tobytes()
            + array("i", [v for item in found for v in item]).tobytes())


def _lists(payload):
    n = int.from_bytes(payload[:8], "little")
    lengths = array("q")
    lengths.frombytes(payload[8:8 + 8 * n])
    values = array("i")
    values.frombytes(payload[8 + 8 * n:])
    found, start = [], 0
    for length in lengths:
        found.append(values[start:start + length].tolist())
        start += length
    return found


def _start_child(payload, blocked, others=()):
    """Fork a child that writes the bytes ``payload()`` returns to a pipe and ends:
    ``(pid, read end)``. Called with the stop signals blocked (``blocked``: the mask
    before), which the child unblocks once its handlers are the defaults (not this
    process's, which would run this process's clean-up); ``others``: pipe ends the
    child closes."""
    read_end, write_end = os.pipe()
    parent = os.getpid()
    try:
        pid = os.fork()
    except BaseException:
        os.close(read_end)
        os.close(write_end)
        raise
    if pid == 0:                                    # the child: solve, send, vanish
        code = 1
        try:
            os.close(read_end)
            for end in others:
                os.close(end)
            child_signals(blocked, parent)
            try:
                view = memoryview(payload())
            except (OSError, OutputError) as error:
                view = memoryview(_write_failure(error).encode("utf-8", "replace"))
                code = _CANNOT_WRITE
            except SudokuError as error:
                import pickle
                view = memoryview(pickle.dumps(error))
                code = _RAISED
            except MemoryError:
                view = memoryview(b"!")
                code = _NO_MEMORY
            while view:
                view = view[os.write(write_end, view):]
            if code not in (_CANNOT_WRITE, _RAISED, _NO_MEMORY):
                code = 0
        except BaseException:       # the child must never go back into the caller's code
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    return pid, read_end


def run_forked(payload, timeout, label):
    """The bytes ``payload()`` returns, computed in a forked child that is killed at
    the deadline (None then) or when this process is interrupted (the exception goes
    on); SolverError when the child fails. An OSError or OutputError in the child (a
    proof written to a full disk) is an OutputError here, with its message."""
    deadline = None if timeout is None else time.monotonic() + timeout
    flush_standard_streams()
    # The stop signals wait while the child is made: in the child until its handlers
    # are the defaults, here until the child is in the hands of the code that kills it.
    blocked = block_signals()
    try:
        pid, read_end = _start_child(payload, blocked)
    except BaseException:
        unblock_signals(blocked)
        raise
    chunks = []
    import select
    try:
        unblock_signals(blocked)
        with forward_stops(lambda number: signal_child(pid, number)):
            while True:
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    kill_child(pid)
                    return None
                ready, _, _ = select.select([read_end], [], [], remaining)
                if ready:
                    chunk = os.read(read_end, 1 << 20)
                    if not chunk:
                        break
                    chunks.append(chunk)
            _, status = os.waitpid(pid, 0)
            pid = None
    except BaseException:
        if pid is not None:
            kill_child(pid)
        raise
    finally:
        os.close(read_end)
    payload = b"".join(chunks)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    if code == _CANNOT_WRITE and payload:
        raise OutputError(payload.decode("utf-8", "replace"))
    if code == _RAISED and payload:
        import pickle
        raise pickle.loads(payload)
    if code == _NO_MEMORY:
        raise SolverError("%s ran out of memory" % label)
    if status != 0 or not payload:
        raise SolverError("%s failed (%s)" % (label, wait_status(status)))
    return payload


def _write_failure(error):
    """The one line of an OutputError or OSError met in a forked child."""
    if isinstance(error, OutputError):
        return error.describe()
    from ..streams import describe_os_error
    return describe_os_error(error)


def signal_child(pid, number):
    """Send a signal to a forked child that may have ended (None: reaped)."""
    try:
        if pid is not None:
            os.kill(pid, number)
    except ProcessLookupError:
        pass


def kill_child(pid):
    signal_child(pid, signal.SIGKILL)
    os.waitpid(pid, 0)


def wait_status(status):
    if os.WIFSIGNALED(status):
        return "killed by %s" % signal_name(os.WTERMSIG(status))
    return "exit code %d" % os.WEXITSTATUS(status)


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return "signal %d" % number


class Terminated(SystemExit):
    """SIGTERM or SIGHUP while a solver runs: raised so that the solver is stopped and
    temporary files go; the exit code is 128 + the signal's number."""


@contextlib.contextmanager
def _handling(handlers):
    """While running, ``handlers`` ({signal number: handler}) handle their signals where
    the signal has its default action (a handler someone else installed is left
    alone); only the main thread can install them."""
    saved = []
    try:
        if threading.current_thread() is threading.main_thread():
            for number, handler in handlers.items():
                if signal.getsignal(number) == signal.SIG_DFL:
                    saved.append((number, signal.signal(number, handler)))
    except (ValueError, OSError):
        pass
    try:
        yield
    finally:
        for number, handler in saved:
            signal.signal(number, handler)


def terminate_as_exit():
    """While running, turn SIGTERM and SIGHUP into :class:`Terminated`, where they
    would otherwise kill the process on the spot (a handler someone else installed is
    left alone: it raises on its own, and the caller's clean-up runs all the same)."""
    return _handling({number: _terminated for number in STOP_SIGNALS
                      if number != signal.SIGINT})


def _terminated(number, frame):
    raise Terminated(128 + number)


def forward_stops(send):
    """While running, Ctrl-Z (SIGTSTP) stops what ``send(signal)`` reaches (a solver's
    process group, a forked search) and then this process, and SIGCONT continues it:
    a solver in a group of its own would otherwise search on while the job is stopped.
    This process stops itself with SIGSTOP, which a process group without a terminal
    (an orphaned one) cannot ignore as it does SIGTSTP."""
    tstp, cont = getattr(signal, "SIGTSTP", None), getattr(signal, "SIGCONT", None)
    if tstp is None:
        return _handling({})

    def on_stop(number, frame):
        send(signal.SIGSTOP)
        os.kill(os.getpid(), signal.SIGSTOP)

    def on_continue(number, frame):
        send(cont)

    return _handling({tstp: on_stop, cont: on_continue})
