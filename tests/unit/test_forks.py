"""What every forked child of the package shares (dimacs_sudoku.forks): a child's
signals, and writes to a pipe whose reader is gone."""

import os
import signal

import pytest

from dimacs_sudoku import forks

from support import in_child


@pytest.mark.slow
def test_a_child_keeps_what_is_ignored_and_drops_the_parents_handlers():
    def handler(number, frame):
        pass
    before = {number: signal.getsignal(number) for number in forks.STOP_SIGNALS}
    try:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)           # as under nohup
        signal.signal(signal.SIGTERM, handler)                 # the command's clean-up
        blocked = forks.block_signals()

        def start():
            forks.child_signals(blocked, os.getppid())
            return b"%d %d" % (signal.getsignal(signal.SIGHUP) == signal.SIG_IGN,
                               signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)
        try:
            said = in_child(start)
        finally:
            forks.unblock_signals(blocked)
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
    assert said == b"1 1"


def test_a_write_to_a_pipe_no_one_reads_is_an_error_not_an_end():
    read_end, write_end = os.pipe()
    os.close(read_end)
    before = signal.signal(signal.SIGPIPE, signal.SIG_DFL)     # as the commands run
    try:
        with pytest.raises(BrokenPipeError):
            with forks.no_sigpipe():
                os.write(write_end, b"x")
        assert signal.SIGPIPE not in signal.sigpending()
    finally:
        signal.signal(signal.SIGPIPE, before)
        os.close(write_end)
