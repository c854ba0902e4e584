"""Shared test helpers. Tests of external solvers call ``require_solver(name)``, tests
over ``../shared/data`` call ``require_data(path)``; a test that starts a process must
be marked ``slow``."""

import importlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# CI draws the same examples on every run, so that a red run names a failure anyone
# can repeat; elsewhere each run draws new ones, and a failure prints its example.
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")

# A suite started in the background by a shell without job control (`make test &` in
# a script) inherits SIGINT ignored, as would every command it starts: the tests of
# Ctrl-C need it as a terminal gives it (a handler here is the default after exec).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

REQUIRE_SOLVERS = "DIMACS_SUDOKU_REQUIRE_SOLVERS"
REQUIRE_DATA = "DIMACS_SUDOKU_REQUIRE_DATA"

# The tests by layer: unit/ (in process), cli/ (the commands in process), system/ (real
# processes, marked slow), data/ (over ../shared/data). Their modules share samples
# across the folders (``from test_variants import SAMPLES4``), so each folder is on the path.
for layer in ("unit", "cli", "system", "data"):
    sys.path.insert(0, str(Path(__file__).parent / layer))


def missing(message, switch):
    """Skip the test for want of something, or fail it when the environment sets
    ``switch``=1 (as CI does, where nothing may be missing)."""
    if os.environ.get(switch) == "1":
        pytest.fail("%s, and %s=1 requires it" % (message, switch), pytrace=False)
    pytest.skip(message)


def require_solver(name):
    """The path of solver ``name``; skip the test when it is not on PATH, or fail it
    when the environment sets DIMACS_SUDOKU_REQUIRE_SOLVERS=1 (as CI does)."""
    path = shutil.which(name)
    if path is None:
        missing("solver %r is not on PATH" % name, REQUIRE_SOLVERS)
    return path


def require_pysat():
    """Skip the test unless python-sat can be imported, or fail it when the environment
    sets DIMACS_SUDOKU_REQUIRE_SOLVERS=1 (CI installs it: the ``fast`` extra)."""
    try:
        importlib.import_module("pysat.solvers")
    except ImportError:
        missing("python-sat is not installed (pip install python-sat)", REQUIRE_SOLVERS)


def require_data(path):
    """``path``, a file or folder of the shared data sets (``../shared/data`` beside the
    clone); skip the test when it is absent, or fail it when the environment sets
    DIMACS_SUDOKU_REQUIRE_DATA=1 (as CI does)."""
    if not os.path.exists(path):
        missing("shared data not present: %s" % path, REQUIRE_DATA)
    return path


@pytest.fixture(autouse=True)
def processes_only_in_slow_tests(request, monkeypatch):
    """A test that starts a process is a system test, marked ``slow`` so that
    ``make test-fast`` leaves it out: unmarked, it fails when it starts one."""
    if request.node.get_closest_marker("slow") is not None:
        return

    def refuse(*args, **kwargs):
        pytest.fail("%s starts a process: mark it slow (pytest.mark.slow)"
                    % request.node.nodeid, pytrace=False)
    monkeypatch.setattr(subprocess.Popen, "_execute_child", refuse)


# tests/fake_solvers/ holds programs that the tests run, not modules to import.
collect_ignore = ["fake_solvers"]
