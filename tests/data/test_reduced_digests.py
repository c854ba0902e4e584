"""The reduced CNF of large public puzzles stays the same clauses when the encoder is
made faster: the digest of each CNF's sorted clause lines, recorded in
``fixtures/reduced_digests.json`` (skipped without ``../shared/data/large``, failed
under DIMACS_SUDOKU_REQUIRE_DATA=1).

``python tests/data/test_reduced_digests.py`` records the digests again (only when the
clauses are meant to change)."""

import hashlib
import json
import os
import subprocess
import sys

import pytest

from conftest import require_data
from support import FIXTURES, ROOT, SHARED_DATA

# sudoku2cnf as a process on large puzzles, its output sorted by sort(1).
pytestmark = pytest.mark.slow

FIXTURE = FIXTURES / "reduced_digests.json"
LARGE = SHARED_DATA / "large"
PUZZLES = ["rkkautsar-sudoku-25-1", "sudokusat2019-table36-1", "rkkautsar-sudoku-64-2",
           "rkkautsar-sudoku-100-1", "sudokusat2019-table100-1", "rkkautsar-sudoku-144-1",
           "rkkautsar-sudoku-144-2", "rkkautsar-sudoku-225-2", "rkkautsar-sudoku-400-1"]
OPTIONS = ["--reduce", "--propagate", "--reduce --amo sequential"]


def digest(puzzle, option):
    """``(p line, sha256 of the clause lines sorted bytewise)`` of ``sudoku2cnf OPTION
    PUZZLE``, sorted by ``sort`` outside Python (400-1 has 11 million clauses)."""
    env = dict(os.environ, LC_ALL="C")
    command = ("%s %s %s %s | grep -v '^c' | sort -S 25%%"
               % (sys.executable, ROOT / "bin" / "sudoku2cnf", option,
                  LARGE / (puzzle + ".txt")))
    run = subprocess.Popen(["sh", "-c", command], stdout=subprocess.PIPE, env=env,
                           cwd=ROOT)
    sha = hashlib.sha256()
    header = None
    for line in run.stdout:
        if line.startswith(b"p "):
            header = line.decode().strip()
        else:
            sha.update(line)
    assert run.wait() == 0
    return header, sha.hexdigest()


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_reduced_clauses_unchanged(puzzle, option):
    require_data(LARGE / (puzzle + ".txt"))
    expected = json.loads(FIXTURE.read_text())["%s %s" % (option, puzzle)]
    assert list(digest(puzzle, option)) == expected


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({"%s %s" % (option, puzzle): digest(puzzle, option)
                                   for puzzle in PUZZLES for option in OPTIONS},
                                  indent=1) + "\n")
