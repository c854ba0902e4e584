"""Grading's speed with the DPLL tracing hook (this checkout) against a checkout
without it, and the cost of a traced run.

Run as ``python bench/trace.py --base /path/to/other/checkout [--rounds 5]
[--puzzles FILE] [--count 300]``. Each round times, in a fresh interpreter of each
checkout in turn (this one, then the other: alternating, so both see the same load),
``grade(grid)`` over the first ``--count`` puzzles of ``--puzzles`` (in-process CPU
``time.process_time`` around the loop only, after a warm-up puzzle that builds the
propagator), and the untraced DPLL search from the givens (the code the hook is in);
then, in this checkout, ``trace_events`` with no limit over the same puzzles. Medians
over the rounds; the ratios ``ours / base`` are the slowdown (1.00: none).
"""

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "9x9" / "magictour-top1465.txt"

GRADE = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.sat.dpll import clause_propagator, given_literals
from dimacs_sudoku.tasks.grade import grade
lines = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
grids = [Grid.from_line(l) for l in lines[:int(sys.argv[3])]]
grade(grids[0])
start = time.process_time()
for g in grids:
    grade(g)
graded = time.process_time() - start
prop = clause_propagator(grids[0].layout)
start = time.process_time()
for g in grids:
    prop.reset()
    prop.assume(given_literals(g)) and prop.search(limit=1)
print(graded, time.process_time() - start)
"""

TRACE = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.tasks.trace import trace_events
lines = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
grids = [Grid.from_line(l) for l in lines[:int(sys.argv[3])]]
start = time.process_time()
events = sum(sum(1 for _ in trace_events(g, None)) for g in grids)
print(time.process_time() - start, events)
"""


def run(code, checkout, args):
    out = subprocess.run([sys.executable, "-c", code, str(checkout), args.puzzles,
                          str(args.count)], check=True, capture_output=True, text=True)
    return [float(x) for x in out.stdout.split()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the checkout to compare with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--puzzles", default=str(DATA))
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    if not Path(args.puzzles).exists():
        print("no puzzles at %s: nothing to measure" % args.puzzles)
        return 0
    ours, base, ours_search, base_search, traced = [], [], [], [], []
    events = 0
    for _ in range(args.rounds):
        graded, searched = run(GRADE, ROOT, args)
        ours.append(graded)
        ours_search.append(searched)
        graded, searched = run(GRADE, Path(args.base).resolve(), args)
        base.append(graded)
        base_search.append(searched)
        seconds, events = run(TRACE, ROOT, args)
        traced.append(seconds)
    med = statistics.median
    n = args.count
    print("puzzles: %d of %s, %d rounds (medians of CPU time)"
          % (n, Path(args.puzzles).name, args.rounds))
    print("grade:   ours %7.2f ms/puzzle, base %7.2f, ratio ours/base %.3f"
          % (1000 * med(ours) / n, 1000 * med(base) / n, med(ours) / med(base)))
    print("search:  ours %7.2f ms/puzzle, base %7.2f, ratio ours/base %.3f"
          % (1000 * med(ours_search) / n, 1000 * med(base_search) / n,
             med(ours_search) / med(base_search)))
    print("traced run (all events): %.2f ms/puzzle, %d events/puzzle, %.1fx the search"
          % (1000 * med(traced) / n, events / n, med(traced) / med(ours_search)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
