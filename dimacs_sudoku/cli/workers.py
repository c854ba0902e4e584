"""The worker pool of ``--jobs N``, once for every batch command.

A command hands :class:`Pool` its ``work(item, number)`` (one puzzle and its number in
the input, from 1, in; its result out: the text to print and what the summary counts,
never a write of its own) and its input;
:meth:`Pool.results` yields ``(item, result)`` in input order, whatever order the
workers finish in, so the output is the same bytes as with one process:

- ``--jobs 1`` calls ``work`` here, item by item, as the commands always did;
- ``--jobs N`` forks up to N workers (the *fork* start method: they inherit the
  command's options, modules and ``work`` at no cost; measured start in
  docs/benchmarks.md) and sends them the puzzles in chunks over pipes
  (:mod:`multiprocessing.connection`), sized from the measured time per puzzle (about
  :data:`CHUNK_SECONDS` of CPU each, 1 to :data:`MAX_CHUNK` puzzles) so that a chunk
  costs one message each way. At most :data:`QUEUE` chunks wait on a worker, and at most
  :data:`MAX_WINDOW` puzzles (or :data:`MAX_WINDOW_BYTES`) are read ahead of the
  last line written: memory stays bounded however long the input, which is read as
  the workers need it. When the input pauses, what is read is sent at once and its
  lines written before the next read blocks (streaming kept);
- items that ``local(item)`` picks (a puzzle that could not be read) never leave
  this process: their result is the item itself;
- an item may stand for several puzzles (``size(item)`` of them: a run of lines
  that the worker reads, so that reading costs this process next to nothing): the
  numbers, chunks, window and timings count puzzles, and :meth:`Pool.run_size`
  says how many puzzles such an item should hold;
- an exception ``work`` raises (a bug) is raised here at its item's turn, as with one
  process; a worker that dies (killed, out of memory) gives each puzzle of the chunk
  it was working on a :class:`WorkerDied` (a SolverError: the command's error line
  for the puzzle, exit code 9 at the end); its other chunks go to another worker;
- each worker is a process group of its own, killed with whatever it started when the
  command ends early (Ctrl-C, SIGTERM, an error); a worker whose command dies (even
  by SIGKILL) gets SIGTERM from the kernel (Linux) and ends too.

Workers write nothing: a worker's standard output is /dev/null (the command's
unwritten output, copied by fork, is never flushed twice). They are forked with
``os.fork``, not ``multiprocessing.Process``, whose start-up in the child flushes the
standard streams it inherited (a line written twice); ``multiprocessing.connection``
frames the messages.

>>> with Pool(lambda item, number: (number, item * item), 2) as pool:
...     [result for _, result in pool.results(iter(range(5)))]
[(1, 0), (2, 1), (3, 4), (4, 9), (5, 16)]
"""

import os
import pickle
import select
import signal
import sys
import time
from collections import deque

from ..errors import SolverError, UsageError
from ..forks import (block_signals, child_signals, cores, flush_standard_streams,
                     no_sigpipe, unblock_signals)

# A chunk is sized to take about this much CPU time in a worker (seconds): long
# enough that its two messages and the wake-ups they cost (long on a busy machine)
# are nothing beside it, short enough to keep the workers even.
CHUNK_SECONDS = 0.1
FIRST_CHUNK = 4
MAX_CHUNK = 1024
# Chunks a worker holds at most: the one it works on, and the next ones, so that it
# never waits for this process to wake up.
QUEUE = 3
# Puzzles (and pickled bytes) read ahead of the first line not yet written.
MAX_WINDOW = 16384
MAX_WINDOW_BYTES = 64 << 20
# An item of several puzzles (a run of lines) is sized to take about this much CPU
# time in a worker: the command's cost per item is nothing beside it, and a chunk
# still holds several (RUN_FIRST puzzles until the workers have measured).
RUN_SECONDS = CHUNK_SECONDS / 8
RUN_FIRST = 8
MAX_RUN = 256
# The pipe to a worker is made this large (Linux; else it stays 64 KiB): the chunks
# waiting in it (each at most a quarter of it) always fit, so a send never blocks
# and the pool never waits on a worker that waits on the pool. A larger chunk goes
# to an idle worker only.
PIPE_BYTES = 1 << 20
# The answers are looked for (without waiting) after this many items read.
POLL_EVERY = 16
# How long the workers get to end (and remove their temporary files) on SIGTERM
# before their process groups are killed.
GRACE_SECONDS = 2.0
# The most workers --jobs may ask for.
MAX_JOBS = 1024


class WorkerDied(SolverError):
    """The worker process solving a puzzle died (killed, out of memory) before it
    answered: the error of each puzzle of the chunk it was working on."""


def check_jobs(jobs):
    """``--jobs`` as a number of worker processes: 0 is one per core, 1 no worker (the
    command's own process). UsageError for a negative number or above MAX_JOBS.

    >>> check_jobs(3), check_jobs(0) == cores()
    (3, True)
    """
    if jobs is None:
        return 1
    if jobs < 0 or jobs > MAX_JOBS:
        raise UsageError("--jobs takes a number of worker processes from 1 to %d, or 0 "
                         "for one per core (%d here), not %d" % (MAX_JOBS, cores(), jobs))
    return jobs or cores()


class _Raised:
    """An exception ``work`` raised in a worker, to raise at its item's turn."""
    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


class _Worker:
    __slots__ = ("pid", "tasks", "answers", "chunks", "started", "room")

    def __init__(self, pid, tasks, answers, room):
        self.pid, self.tasks, self.answers, self.room = pid, tasks, answers, room
        self.chunks = deque()           # chunks sent, oldest (being worked on) first
        self.started = time.monotonic()


class Pool:
    """Up to ``jobs`` worker processes running ``work`` (see the module's text); use
    it as a context manager, which ends every worker.

    ``local(item)``: items to answer here without a worker (their result is the item).
    """

    def __init__(self, work, jobs=1, local=None, size=None):
        self.work = work
        self.jobs = check_jobs(jobs)
        self.local = local
        self.size = size
        self.workers = []
        self.per_puzzle = None          # seconds per puzzle, as the workers measure
        self.resend = deque()           # chunks of a dead worker it had not started
        self.window_bytes = 0

    def run_size(self):
        """How many puzzles an item of several should hold now (see RUN_SECONDS).

        >>> Pool(None, 2).run_size()
        8
        """
        if self.per_puzzle is None:
            return RUN_FIRST
        return max(1, min(MAX_RUN, int(RUN_SECONDS / max(self.per_puzzle, 1e-7))))

    def __enter__(self):
        return self

    def __exit__(self, kind, error, trace):
        self.close(kill=kind is not None)
        return False

    # -- the command's side ------------------------------------------------------------

    def results(self, items, waiting=None, pause=None, tick=None):
        """``(item, result)`` for each of ``items``, in order. ``waiting()`` says the
        input pauses; ``pause()`` is called then, once every line read so far is
        yielded, before the next read (the command flushes its output);
        ``tick()`` is called about five times a second while the pool waits."""
        if self.jobs == 1:
            return self._here(items, waiting, pause)
        return self._pooled(items, waiting, pause, tick)

    def _here(self, items, waiting, pause):
        local, work, size = self.local, self.work, self.size
        number = 1
        for item in items:
            yield item, (item if local is not None and local(item) else work(item, number))
            number += 1 if size is None else size(item)
            if pause is not None and waiting is not None and waiting():
                pause()

    def _pooled(self, items, waiting, pause, tick):
        local, size = self.local, self.size
        # [item, result, done, bytes, number, puzzles], in input order
        window = deque()
        batch = []              # read, not yet sent
        items = iter(items)
        ended = False
        number = 1              # the next item's first puzzle's
        held = batched = 0      # puzzles in the window, in the batch
        read = 0                # items
        while True:
            while window and window[0][2]:
                entry = window.popleft()
                self.window_bytes -= entry[3]
                held -= entry[5]
                result = entry[1]
                if isinstance(result, _Raised):
                    raise result.error
                yield entry[0], result
            if ended and not window:
                return
            if self.resend:
                if self._send(self.resend[0], resent=True):
                    self.resend.popleft()
                else:
                    self._collect(tick)
                continue
            room = (held < MAX_WINDOW and self.window_bytes < MAX_WINDOW_BYTES)
            if not ended and room:
                if batched >= self._chunk_size():
                    if self._send(batch):
                        batch, batched = [], 0
                    elif not self._collect(tick, block=False):
                        self._collect(tick)
                    continue
                if waiting is not None and waiting():
                    if window:
                        # The input pauses: what is read is due before the next read.
                        if batch and self._send(batch):
                            batch, batched = [], 0
                        else:
                            self._collect(tick)
                        continue
                    if pause is not None:
                        pause()
                try:
                    item = next(items)
                except StopIteration:
                    ended = True
                    continue
                puzzles = 1 if size is None else size(item)
                entry = [item, None, False, 0, number, puzzles]
                window.append(entry)
                number += puzzles
                held += puzzles
                if local is not None and local(item):
                    entry[1] = item
                    entry[2] = True
                else:
                    batch.append(entry)
                    batched += puzzles
                read += 1
                if not read % POLL_EVERY:
                    self._collect(tick, block=False)
                continue
            if batch and self._send(batch):
                batch, batched = [], 0
                continue
            self._collect(tick)

    def _chunk_size(self):
        """How many puzzles a chunk should hold now (see CHUNK_SECONDS)."""
        if self.per_puzzle is None:
            return FIRST_CHUNK
        return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / max(self.per_puzzle, 1e-7))))

    def _send(self, chunk, resent=False):
        """Send ``chunk`` (window entries) to a worker that can take it now, forking
        one if there are fewer than ``jobs``; False when none can."""
        idle = [w for w in self.workers if not w.chunks]
        worker = idle[0] if idle else None
        if worker is None and len(self.workers) < self.jobs:
            worker = self._start()
        payload = pickle.dumps([(entry[0], entry[4]) for entry in chunk],
                               pickle.HIGHEST_PROTOCOL)
        if worker is None:
            queued = [w for w in self.workers if len(w.chunks) < QUEUE
                      and len(payload) <= w.room // (QUEUE + 1)]
            if not queued:
                return False
            worker = min(queued, key=lambda w: len(w.chunks))
        if not resent:
            share = len(payload) // len(chunk)
            for entry in chunk:
                entry[3] = share
            self.window_bytes += share * len(chunk)
        try:
            with no_sigpipe():
                worker.tasks.send_bytes(payload)
        except OSError:                 # it died: its pipe is closed
            self._lost(worker)
            return False
        worker.chunks.append(chunk)
        return True

    def _collect(self, tick=None, block=True):
        """Take the answers the workers have sent (wait for one when ``block``);
        True when one came."""
        busy = {w.answers.fileno(): w for w in self.workers if w.chunks}
        if not busy:
            return False
        while True:
            try:
                ready = select.select(list(busy), [], [], (
                    0.2 if tick is not None else None) if block else 0)[0]
            except InterruptedError:
                ready = []
            if ready or not block:
                break
            if tick is not None:
                tick()
        for descriptor in ready:
            worker = busy[descriptor]
            try:
                data = worker.answers.recv_bytes()
            except (EOFError, OSError):
                self._lost(worker)
                continue
            elapsed, outcomes = pickle.loads(data)
            chunk = worker.chunks.popleft()
            share = len(data) // len(chunk)
            for entry, outcome in zip(chunk, outcomes):
                entry[1] = outcome
                entry[2] = True
                entry[3] += share
            self.window_bytes += share * len(chunk)
            measured = elapsed / sum(entry[5] for entry in chunk)
            self.per_puzzle = measured if self.per_puzzle is None else \
                0.7 * self.per_puzzle + 0.3 * measured
        return bool(ready)

    def _lost(self, worker):
        """``worker`` died: the puzzles of the chunk it was working on get WorkerDied,
        its other chunks go to another worker."""
        from ..sat.process import wait_status
        self.workers.remove(worker)
        _kill_group(worker.pid, signal.SIGKILL)
        try:
            _, status = os.waitpid(worker.pid, 0)
            how = wait_status(status)
        except ChildProcessError:
            how = "gone"
        for connection in (worker.tasks, worker.answers):
            connection.close()
        if not worker.chunks:
            return
        chunk = worker.chunks.popleft()
        puzzles = sum(entry[5] for entry in chunk)
        for entry in chunk:
            item = entry[0]
            entry[1] = WorkerDied(
                "the worker process solving this puzzle died (%s)%s" % (
                    how, "" if puzzles == 1 else
                    "; it was given %d puzzles at once, each now this error" % puzzles),
                getattr(item, "source", None), getattr(item, "line", None))
            entry[2] = True
        self.resend.extendleft(reversed(worker.chunks))

    def _start(self):
        """Fork one worker: its own process group, SIGTERM when this process dies."""
        from multiprocessing.connection import Connection
        task_read, task_write = os.pipe()
        answer_read, answer_write = os.pipe()
        room = _widen(task_write)
        flush_standard_streams()
        parent = os.getpid()
        # No signal between the fork and the worker's being known (and in its own
        # group): the clean-up it raises would not know to end it.
        blocked = block_signals()
        try:
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    os.close(task_write)
                    os.close(answer_read)
                    for other in self.workers:      # no other worker's pipes stay open
                        other.tasks.close()
                        other.answers.close()
                    code = _serve(self.work, Connection(task_read, writable=False),
                                  Connection(answer_write, readable=False), parent,
                                  blocked, self.jobs)
                finally:
                    os._exit(code)
            try:
                os.setpgid(pid, pid)        # as the worker does: whoever is first
            except OSError:
                pass
            os.close(task_read)
            os.close(answer_write)
            worker = _Worker(pid, Connection(task_write, readable=False),
                             Connection(answer_read, writable=False), room)
            self.workers.append(worker)
        finally:
            unblock_signals(blocked)
        return worker

    def close(self, kill=False):
        """End the workers: idle ones end when their pipe closes; with ``kill`` (the
        command ends early) each gets SIGTERM, and its process group SIGKILL after
        GRACE_SECONDS."""
        workers, self.workers = self.workers, []
        for worker in workers:
            worker.tasks.close()
            if kill:
                _kill_group(worker.pid, signal.SIGTERM)
        deadline = time.monotonic() + (GRACE_SECONDS if kill else 30.0)
        for worker in workers:
            while True:
                try:
                    done, _ = os.waitpid(worker.pid, os.WNOHANG)
                except ChildProcessError:
                    break
                if done or time.monotonic() > deadline:
                    break
                time.sleep(0.005)
            _kill_group(worker.pid, signal.SIGKILL)     # whatever it left behind
            try:
                os.waitpid(worker.pid, 0)
            except ChildProcessError:
                pass
            worker.answers.close()
        if kill:
            # A killed process ends a moment after the signal: wait for the groups to
            # be empty, so that nothing outlives the command (a zombie that no one
            # reaps is still a member: a second at most).
            deadline = time.monotonic() + 1.0
            for worker in workers:
                while _group_alive(worker.pid) and time.monotonic() < deadline:
                    time.sleep(0.005)


def _widen(descriptor):
    """Make the pipe of ``descriptor`` PIPE_BYTES large where the system allows;
    the size it has."""
    try:
        import fcntl
        return fcntl.fcntl(descriptor, getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_BYTES)
    except (ImportError, OSError):
        return 64 << 10


def _group_alive(pid):
    try:
        os.killpg(pid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def _kill_group(pid, number):
    try:
        os.killpg(pid, number)
    except (ProcessLookupError, PermissionError):
        pass


# -- the worker's side -------------------------------------------------------------------

def _serve(work, tasks, answers, parent, blocked=None, jobs=1):
    """A worker's life: chunks in, answers out, until the pipe closes; its exit code.
    The ``jobs`` workers share the cores (an escalated search races on its share)."""
    from . import runtime
    from ..sat.escalate import share_cores
    share_cores(jobs)
    try:
        os.setpgid(0, 0)
    except OSError:
        pass
    runtime.worker_signals()            # (the command's handlers stay: its clean-up)
    child_signals(blocked, parent, (), signal.SIGTERM)
    try:
        sys.stdout = open(os.devnull, "w")
    except OSError:
        pass
    try:
        while True:
            try:
                data = tasks.recv_bytes()
            except EOFError:
                return 0
            started = time.process_time()
            outcomes = []
            for item, number in pickle.loads(data):
                try:
                    outcomes.append(work(item, number))
                except Exception as error:      # a bug: raised in the command, in turn
                    outcomes.append(_Raised(picklable(error)))
                    break
            elapsed = time.process_time() - started
            answers.send_bytes(pickle.dumps((elapsed, outcomes), pickle.HIGHEST_PROTOCOL))
    except (SystemExit, KeyboardInterrupt):         # a signal: end now
        return 1
    except OSError:                                 # the command went away
        return 1
    finally:
        # The worker ends now: the SIGTERM of a command that ends early must not run
        # the command's handler while the worker's objects go (a traceback on stderr).
        block_signals()


def picklable(error):
    """``error``, or a RuntimeError saying it when it cannot be pickled (to send)."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return RuntimeError("%s: %s" % (type(error).__name__, error))
