"""Shared test helpers. Tests of external solvers call ``require_solver(name)``."""

import os
import shutil

import pytest

REQUIRE_SOLVERS = "DIMACS_SUDOKU_REQUIRE_SOLVERS"


def require_solver(name):
    """The path of solver ``name``; skip the test when it is not on PATH, or fail it
    when the environment sets DIMACS_SUDOKU_REQUIRE_SOLVERS=1 (as CI does)."""
    path = shutil.which(name)
    if path is None:
        message = "solver %r is not on PATH" % name
        if os.environ.get(REQUIRE_SOLVERS) == "1":
            pytest.fail("%s, and %s=1 requires it" % (message, REQUIRE_SOLVERS),
                        pytrace=False)
        pytest.skip(message)
    return path

# tests/fake_solvers/ holds programs that the tests run, not modules to import.
collect_ignore = ["fake_solvers"]
