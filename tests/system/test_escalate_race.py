"""The race of escalation as processes: Ctrl-C or SIGTERM while the solvers race
ends every one of them at once, and nothing is left running."""

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import require_pysat
from support import end_session, session, wait_for

pytestmark = pytest.mark.slow

PATIENCE = 60

# Ten long region-sum lines over a 9x9 with no givens (bench/escalate.py's
# long-sums-3): one solution, seconds of search for every solver (MiniCard the most).
LONG_SUMS = """.................................................................................
regionsum r6c9 r5c9 r4c9 r3c9 r3c8 r2c8 r3c7 r4c7 r5c7
regionsum r4c9 r5c9 r6c9 r7c8 r8c9 r7c9 r6c8 r6c7 r5c8 r4c8
regionsum r8c8 r7c9 r7c8 r7c7 r6c7 r6c8 r5c7 r4c8 r3c9 r3c8 r2c9 r2c8
regionsum r2c5 r1c6 r2c7 r2c8 r3c7 r2c6 r1c5
regionsum r5c9 r6c9 r7c9 r8c8 r7c7 r6c6 r5c5 r6c5
regionsum r6c6 r6c5 r5c6 r4c5 r3c5 r2c5 r3c6 r4c6 r5c5 r5c4
regionsum r1c1 r2c2 r3c3 r3c4 r3c5 r3c6 r2c7 r1c8 r1c9
regionsum r8c2 r8c1 r7c1 r7c2 r6c1 r5c1 r4c2 r4c1 r3c1 r3c2 r3c3 r2c2
regionsum r8c1 r8c2 r7c3 r8c4 r8c5 r9c4 r9c3 r8c3 r9c2 r9c1
regionsum r2c5 r1c5 r2c4 r1c3 r2c3 r3c4 r3c5
"""

# sudoku-solve with a race of two whatever the machine's cores.
RACING = ("import sys; from dimacs_sudoku.sat import escalate; "
          "escalate.race_width = lambda: 2; "
          "from dimacs_sudoku.cli.sudoku_solve import main; sys.exit(main())")


@pytest.fixture
def racing(tmp_path):
    """sudoku-solve --count 2 -v racing on LONG_SUMS past a budget of one propagation."""
    require_pysat()
    path = tmp_path / "long-sums.txt"
    path.write_text(LONG_SUMS)
    env = dict(os.environ, DIMACS_SUDOKU_ESCALATE="1")
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    process = subprocess.Popen(
        [sys.executable, "-c", RACING, "--count", "2", "-v", str(path)], env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        yield process
    finally:
        end_session(process)


@pytest.mark.parametrize("number, code, said", [
    (signal.SIGTERM, 143, ""), (signal.SIGINT, 130, "sudoku-solve: interrupted\n")],
    ids=["SIGTERM", "SIGINT"])
def test_a_signal_during_the_race_ends_every_racer(racing, number, code, said):
    # The command and its two racers (with, for a long search, the forked child
    # between them that runs it).
    assert wait_for(lambda: len(session(racing.pid)) >= 3), "the race did not start"
    started = time.monotonic()
    racing.send_signal(number)          # the command alone: it must end its racers
    _, err = racing.communicate(timeout=PATIENCE)
    assert racing.returncode == code
    assert err.decode() == said
    assert time.monotonic() - started < 10
    assert session(racing.pid) == []


def test_the_race_answers_and_leaves_nothing(racing):
    out, err = racing.communicate(timeout=PATIENCE * 5)
    assert racing.returncode == 0, err
    assert out.decode().endswith("\t1\n")           # one solution
    assert "won a race against" in err.decode()
    assert session(racing.pid) == []
