#!/usr/bin/env python3
"""Benchmark of variant puzzles at 9x9: milliseconds per uniqueness-checked puzzle
(two solutions asked) per rule family, with a naive baseline in the same run.

Per family, each engine (``pycosat``, the bundled picosat; ``pysat``, MiniCard, when
python-sat is installed) goes through ``dimacs_sudoku.tasks.solving.solve_cells(grid, 2)``,
the path ``sudoku-solve --count 2`` takes for a grid with rules
(:func:`dimacs_sudoku.reasoning.reduction.variant_problem`, made anew for each puzzle and counted
in the time): propagation over the layout's units, the reduced problem of the open
candidates, each rule's clauses mapped onto them, the solver through the SAT façade
(pycosat's itersolve, a grid given again with other auxiliary values skipped, then
one solve per grid), each model projected to the open candidates and that grid
blocked, every solution checked by the rules' own checkers.

Measured on the shared 2-core machine under a load average of 5-7 (CPU times; the code
before this path and after, interleaved in one session): batch medians per killer,
cages of 2-4 cells, pycosat 17.4-21.6 ms before (the full CNF of each puzzle, two
``solve`` calls) and 8.5-11.2 ms after; python-sat 9.2-10.8 and 4.6-8.3; cages of 2-5
cells, pycosat 18.7-19.2 and 9.0-12.4, python-sat 10.9-12.1 and 5.9-6.6. See
docs/benchmarks.md, "Variant puzzles".

The naive baseline, for killer cages: the same puzzle with each cage's sum encoded
as all its forbidden digit tuples (one clause ``-x(c1,d1) v ... v -x(ck,dk)`` per
tuple of distinct digits whose total is wrong; the cage's digits stay distinct
through the sumless cage), solved by pycosat the same way.

Batch: ``sudoku-solve --count 2`` over one file of ``--killers`` generated 9x9 killer
puzzles (cages grown over a random grid, givens added until one solution is left;
:func:`dimacs_sudoku.tasks.generate.make_killer`), each followed by its cages; two sets,
cages of up to 4 and up to 5 cells. The median
is taken over the per-puzzle times of the same calls in this process (start-up
excluded); the command's CPU time (user + system of the child process), less that
of the same command on an empty file, divided by the count, is shown beside it.

Times are CPU seconds (best of ``--repeat`` per family), steadier than wall clock on
a shared machine.

Usage: python bench/variants.py [--quick] [--killers K] [--repeat R]
"""

import argparse
import itertools
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "unit"))

from dimacs_sudoku.tasks.solving import pysat_available, solve_cells  # noqa: E402
from dimacs_sudoku.formats import parse_puzzle  # noqa: E402
from dimacs_sudoku.tasks.generate import generate, make_killer  # noqa: E402


def families():
    """``(family, [grids])``: the puzzles of tests/unit/test_variants_puzzles.py, and
    generated ones for the unit rules."""
    from test_variants_puzzles import PUZZLES
    out = []
    for name in ("killer", "thermo", "sandwich-arrow-littlekiller", "xv-negative",
                 "antiknight", "miracle", "jigsaw"):
        givens, rules, _ = PUZZLES[name]
        out.append((name, [parse_puzzle(givens + "\n" + "\n".join(rules))]))
    for rule in ("diagonals", "windoku"):
        out.append((rule, [made.puzzle for made in generate(3, seed=11, rules=[rule])]))
    return out


def naive_killer(grid):
    """The clauses of ``grid`` (a killer) with each sum as its forbidden tuples."""
    from dimacs_sudoku.encodings import encode
    from dimacs_sudoku.core.grid import Grid
    from dimacs_sudoku.rules.registry import parse_rule
    n = grid.size
    plain = []
    tuples = []
    for rule in grid.rules:
        cells = rule.cells
        plain.append(parse_rule("killer " + " ".join(
            "r%dc%d" % (k // n + 1, k % n + 1) for k in cells), n))
        for digits in itertools.permutations(range(1, n + 1), len(cells)):
            if sum(digits) != rule.total:
                tuples.append([-(k * n + d) for k, d in zip(cells, digits)])
    formula = encode(Grid(grid.cells, layout=grid.layout, rules=plain))
    return list(formula.clauses()) + tuples, formula.num_vars


def naive_count(clauses, num_vars, n=9):
    import pycosat
    clauses = list(clauses)
    found = 0
    while found < 2:
        model = pycosat.solve(clauses, vars=num_vars)
        if not isinstance(model, list):
            break
        found += 1
        clauses.append([-v for v in model if 0 < v <= n ** 3])
    return found


def child_cpu():
    import resource
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def best_ms(function, repeat):
    best = None
    for _ in range(repeat):
        start = time.process_time()
        function()
        spent = time.process_time() - start
        best = spent if best is None else min(best, spent)
    return best * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer killers, one repeat")
    parser.add_argument("--killers", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=None)
    options = parser.parse_args()
    repeat = options.repeat or (1 if options.quick else 3)
    killers = options.killers or (20 if options.quick else 100)
    engines = ["pycosat"] + (["pysat"] if pysat_available() else [])

    print("Variant puzzles, 9x9, ms per puzzle with uniqueness checked (count 2)")
    print("| family | puzzles | rules | %s | naive tuples (pycosat) |"
          % " | ".join(engines))
    print("|---|---:|---:|%s---:|" % ("---:|" * len(engines)))
    for name, grids in families():
        times = []
        for engine in engines:
            def run(engine=engine):
                for grid in grids:
                    assert solve_cells(grid, 2, engine=engine)[1] == 1, name
            times.append(best_ms(run, repeat) / len(grids))
        naive = ""
        if name == "killer":
            def run_naive():
                for grid in grids:
                    clauses, num_vars = naive_killer(grid)
                    assert naive_count(clauses, num_vars) == 1
            naive = "%.1f" % (best_ms(run_naive, 1) / len(grids))
        print("| %s | %d | %d | %s | %s |"
              % (name, len(grids), len(grids[0].rules),
                 " | ".join("%.1f" % t for t in times), naive or "-"))

    for largest in (4, 5):
        batch(killers, largest, engines)


def batch(killers, largest, engines):
    """The batch measurement over ``killers`` generated killers of cages up to
    ``largest`` cells."""
    rng = random.Random(2026)
    made = [make_killer(rng, largest=largest).puzzle for _ in range(killers)]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "killers.txt")
        with open(path, "w") as out:
            for puzzle in made:
                out.write(puzzle.to_text() + "\n")
                out.write("".join(rule.to_line() + "\n" for rule in puzzle.rules) + "\n")
        empty = os.path.join(folder, "empty.txt")
        open(empty, "w").close()
        command = [sys.executable, str(ROOT / "bin" / "sudoku-solve"), "--count", "2"]
        start = child_cpu()
        subprocess.run(command + [empty], check=True, capture_output=True)
        startup = child_cpu() - start
        start = child_cpu()
        done = subprocess.run(command + [path], check=True, capture_output=True, text=True)
        spent = child_cpu() - start
        counts = [line.split("\t")[1] for line in done.stdout.splitlines()]
        assert counts == ["1"] * killers, counts
    print()
    print("Batch: sudoku-solve --count 2 over %d generated 9x9 killers, cages of 2-%d cells "
          "(%.1f cages, %.1f givens each)"
          % (killers, largest, statistics.mean(len(p.rules) for p in made),
             statistics.mean(p.givens_count() for p in made)))
    for engine in engines:
        each = []
        for puzzle in made:
            start = time.process_time()
            solve_cells(puzzle, 2, engine=engine)
            each.append((time.process_time() - start) * 1000)
        print("  %-8s median %.1f ms, mean %.1f ms, max %.1f ms per puzzle"
              % (engine, statistics.median(each), statistics.mean(each), max(each)))
    print("  command  %.1f ms per puzzle (CPU, less %.0f ms start-up; engine auto)"
          % ((spent - startup) * 1000 / killers, startup * 1000))


if __name__ == "__main__":
    main()
