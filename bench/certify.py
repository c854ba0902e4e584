#!/usr/bin/env python3
"""Benchmark of certificates: a DRAT proof's check time beside its solve time.

For each case, the CNF that ``sudoku-solve --certify`` writes (sudoku2cnf's own
formula code: ``--exclude SOLUTION`` for a puzzle with one solution, the plain CNF for
one with none) is written to a temporary file; then each proof writer solves it with
its proof going to a file (:func:`dimacs_sudoku.sat.prove`, the path of ``cnfsolve
--proof``: python-sat's solvers in this process, reading the file and adding its
clauses included; cadical as a program, process start included), and the same solver
solves it without a proof, for the cost of writing one. Each proof is then checked by
``dimacs_sudoku.dimacs.drat`` in this process (and the part of that which is reading the CNF:
the same check of an empty proof), and by drat-trim when on PATH.

Cases: a 9x9 with one solution (examples/inkala.sdk), a contradictory 9x9 (Inkala's with one
wrong digit given in an empty cell, clashing with no given), and a 16x16 with one
solution (``large/rkkautsar-sudoku-16-1.txt`` of the shared data, ``--data``; left
out when absent).

Times are wall-clock milliseconds, best of ``--repeat`` (the solvers run in other
processes too, so CPU time of this one would miss them). The table is markdown,
ready for docs/benchmarks.md ("Certificates").

Usage: python bench/certify.py [--quick] [--repeat R] [--provers a,b] [--data DIR]
"""

import argparse
import io
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dimacs_sudoku.tasks.certify import check_files                     # noqa: E402
from dimacs_sudoku.encodings import puzzle_formula               # noqa: E402
from dimacs_sudoku.dimacs.drat import check_proof                             # noqa: E402
from dimacs_sudoku.tasks.solving import solve_cells                            # noqa: E402
from dimacs_sudoku.formats import read_puzzles                         # noqa: E402
from dimacs_sudoku.core.grid import Grid                                    # noqa: E402
from dimacs_sudoku.sat import prove, run_solver, solve_pysat            # noqa: E402
from dimacs_sudoku.sat.pysat_backend import available                  # noqa: E402

INKALA = ROOT / "examples" / "inkala.sdk"
SHARED_DATA = ROOT.parent / "shared" / "data"
SIXTEEN = Path("large", "rkkautsar-sudoku-16-1.txt")
PROVERS = ("pysat:cadical195", "pysat:glucose4", "pysat:lingeling", "cadical")


def wrong_digit(puzzle, solution):
    """``puzzle`` with a wrong digit in its first empty cell that no given of its row,
    column or box holds: no solution, and no clash of givens."""
    cells = list(puzzle.cells)
    layout = puzzle.layout
    peers = layout.peers()
    for cell, digit in enumerate(cells):
        if digit:
            continue
        seen = {cells[peer] for peer in peers[cell]}
        for wrong in range(1, puzzle.size + 1):
            if wrong != solution.cells[cell] and wrong not in seen:
                cells[cell] = wrong
                return Grid(cells, layout=layout, source="contradictory")
    raise ValueError("no cell to spoil")


def unique(path):
    """The first puzzle of ``path`` and its one solution (as a Grid)."""
    with open(path) as stream:
        grid = next(read_puzzles(stream, str(path)))
    found, n = solve_cells(grid, 2)
    assert n == 1, "%s should have one solution" % path
    return grid, Grid(found[0], layout=grid.layout)


def cases(data):
    """``(name, formula)`` per case; ``data``: the shared data folder."""
    inkala, solution = unique(INKALA)
    yield "9x9 one solution", puzzle_formula(inkala, "inkala", exclude=lambda g: [solution])
    yield "9x9 no solution", puzzle_formula(wrong_digit(inkala, solution), "contradictory")
    sixteen = Path(data, SIXTEEN)
    if sixteen.exists():
        grid, solved = unique(sixteen)
        yield "16x16 one solution", puzzle_formula(grid, str(SIXTEEN),
                                                   exclude=lambda g: [solved])
    else:
        print("(no 16x16: %s is absent)" % sixteen, file=sys.stderr)


def best(function, repeat):
    """(the best wall time in ms over ``repeat`` calls, the last value)."""
    times, value = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        value = function()
        times.append((time.perf_counter() - started) * 1e3)
    return min(times), value


def solve_plain(prover, cnf):
    if prover.startswith("pysat:"):
        from dimacs_sudoku.dimacs.cnf import DimacsReader
        with open(cnf, "rb") as stream:
            reader = DimacsReader(stream, cnf)
            return solve_pysat(prover[6:], reader, reader.num_vars)
    return run_solver(prover, cnf)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="best of 1 (the make bench pass)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--provers", default=",".join(PROVERS))
    parser.add_argument("--data", default=str(SHARED_DATA),
                        help="the shared data folder (default %(default)s)")
    args = parser.parse_args()
    repeat = 1 if args.quick else args.repeat
    provers = [name for name in args.provers.split(",")
               if (available() if name.startswith("pysat:") else shutil.which(name))]
    drat_trim = shutil.which("drat-trim")
    print("Certificates: wall ms, best of %d; checker drat.py%s\n"
          % (repeat, " and drat-trim" if drat_trim else " (drat-trim not on PATH)"))
    print("| case | proof writer | solve | solve + proof | proof | check (drat.py) | "
          "its reading of the CNF |%s" % (" check (drat-trim) |" if drat_trim else ""))
    print("|---|---|---:|---:|---:|---:|---:|%s" % ("---:|" if drat_trim else ""))
    folder = tempfile.mkdtemp(prefix="bench-certify-")
    try:
        for name, formula in cases(args.data):
            cnf = os.path.join(folder, "f.cnf")
            with open(cnf, "w") as out:
                formula.write(out)
            for prover in provers:
                proof = os.path.join(folder, "f.drat")
                plain, result = best(lambda: solve_plain(prover, cnf), repeat)
                assert result.status == "UNSAT", (name, prover, result.status)
                proving, result = best(lambda: prove(prover, cnf, proof), repeat)
                assert result.status == "UNSAT"
                checking, verdict = best(lambda: check_proof(cnf, proof), repeat)
                assert verdict.ok, verdict.reason
                reading, _ = best(lambda: check_proof(cnf, io.BytesIO(b"")), repeat)
                row = "| %s | %s | %.1f | %.1f | %d lemmas, %d kB | %.1f | %.1f |" % (
                    name, prover, plain, proving, verdict.lemmas,
                    os.path.getsize(proof) // 1024, checking, reading)
                if drat_trim:
                    trim, check = best(lambda: check_files(cnf, proof, "drat-trim"), repeat)
                    assert check.ok, check.detail
                    row += " %.1f |" % trim
                print(row, flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
