"""Large grids: the full (unreduced) encodings with the compact at-most-one families,
end to end through cadical, exact counts up to 100x100, and memory that stays flat
while a CNF of millions of clauses is written.

Kept moderate so the suite stays fast (a few seconds here). Measured by hand on two
cores (docs/benchmarks.md, "The full encodings of large grids", has the numbers): 64x64
with sequential, product or bimander writes 3 to 6 million clauses in 1 to 3 s at a
peak RSS of about 22 MB, and cadical solves such puzzles in 2 to 30 s.
"""

import random
import subprocess
import sys

import pytest

from conftest import require_solver
from support import BIN, pattern_solution, shell

from dimacs_sudoku.encodings import ENCODINGS, encode
from dimacs_sudoku.encodings.amo import FAMILIES, family
from dimacs_sudoku.encodings.sudoku import clause_counts
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import default_box

COMPACT = ("sequential", "ladder", "binary", "commander", "product", "bimander")


def pattern_puzzle(n, blank, seed=0):
    """A puzzle from a pattern solution (see support.pattern_solution) with a share
    ``blank`` of its cells emptied; it may have several solutions."""
    rng = random.Random(seed)
    cells = pattern_solution(n, rng=rng)
    for i in rng.sample(range(n * n), int(blank * n * n)):
        cells[i] = 0
    return Grid(cells, size=n)
def numbers_text(grid):
    """The puzzle as N lines of N numbers, 0 blank."""
    n = grid.size
    return "".join(" ".join(map(str, grid.cells[r * n:(r + 1) * n])) + "\n" for r in range(n))


def solved_grid(line, n):
    """A one-line solution of cnf2sudoku (numbers and spaces above 35x35)."""
    if n > 35:
        return [int(v) for v in line.split()]
    return [int(ch, 36) for ch in line]


@pytest.mark.slow
@pytest.mark.parametrize("n,amo,blank", [(25, "sequential", 1.0), (36, "bimander", 0.4)])
def test_pipe_through_cadical(n, amo, blank, tmp_path):
    require_solver("cadical")
    puzzle = pattern_puzzle(n, blank, seed=n)
    (tmp_path / "p.txt").write_text(numbers_text(puzzle))
    done = shell("sudoku2cnf -f numbers --amo %s p.txt | { cadical -q; true; } | cnf2sudoku"
                 % amo, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    cells = solved_grid(done.stdout.strip(), n)
    grid = Grid(cells, size=n)
    grid.check_solution(puzzle)          # the rules and every given


def peak_rss_mb(argv, stdin_text):
    """Peak RSS of one run of ``argv``, measured in a fresh Python process so that no
    earlier child of the test run (a solver) counts."""
    probe = ("import resource, subprocess, sys\n"
             "subprocess.run(sys.argv[1:], input=sys.stdin.buffer.read(), check=True,\n"
             "               stdout=subprocess.DEVNULL)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", probe, *argv], input=stdin_text.encode(),
                          capture_output=True, check=True, timeout=300)
    return int(done.stdout) / 1024.0


@pytest.mark.slow
def test_memory_stays_flat_while_writing():
    """sudoku2cnf writes 49x49 pairwise (11.5 million clauses, 230 MB of text) in about
    the memory it needs for 9x9: the clauses are never held."""
    argv = [sys.executable, str(BIN / "sudoku2cnf"), "-f", "numbers", "--amo", "pairwise"]
    small = peak_rss_mb(argv, numbers_text(Grid.empty(9)))
    large = peak_rss_mb(argv, numbers_text(Grid.empty(49)))
    assert large < 150, "peak RSS %.0f MB at 49x49" % large
    assert large - small < 40, "peak RSS %.0f MB at 9x9, %.0f MB at 49x49" % (small, large)


def aux_per_grid(n, encoding, amo):
    """Auxiliary variables of the empty grid: A(N) for each at-most-one constraint."""
    constraints = 3 * n * n + (0 if encoding == "minimal" else n * n)
    return constraints * family(amo).size(n)[1]


@pytest.mark.parametrize("n", [25, 36, 49, 64, 100])
@pytest.mark.parametrize("amo", sorted(FAMILIES))
def test_counts_follow_the_closed_forms(n, amo):
    size = None if amo == "pairwise" else family(amo).size
    expected = clause_counts(n, default_box(n), size)
    for encoding in ENCODINGS:
        formula = encode(Grid.empty(n), encoding=encoding, amo=amo)
        assert formula.num_clauses == expected[encoding]
        assert formula.num_vars == n ** 3 + aux_per_grid(n, encoding, amo)


class LineCounter:
    """A text sink that counts clause lines and remembers the highest variable."""

    def __init__(self):
        self.clauses = 0
        self.top = 0
        self.chars = 0
        self.header = None

    def write(self, text):
        self.chars += len(text)
        if self.header is None and text.startswith("c"):
            self.header = text
            return
        self.clauses += text.count(" 0\n")
        numbers = text.replace("-", "").split()
        if numbers:
            self.top = max(self.top, max(map(int, numbers)))


@pytest.mark.parametrize("amo", ["product"])
def test_64x64_writes_what_its_header_says(amo):
    formula = encode(pattern_puzzle(64, 0.5, seed=64), amo=amo)
    sink = LineCounter()
    formula.write(sink)
    assert sink.header.rstrip().endswith("p cnf %d %d" % (formula.num_vars,
                                                          formula.num_clauses))
    assert sink.clauses == formula.num_clauses > 2000000
    assert sink.top == formula.num_vars
