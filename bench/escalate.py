#!/usr/bin/env python3
"""Benchmark of the escalating engine (dimacs_sudoku.sat.escalate) against each of
python-sat's solvers alone, on hard variant puzzles, and against the engine without
escalation on the 9x9 classic sets; ratios in the same run.

Hard variant puzzles (made here, seeded; every one with many solutions or few, asked
for two, as ``sudoku-solve --count 2``):

- killers without givens: cages grown over a random 9x9 grid (up to 5 cells), no
  given digit;
- region sums without givens: 10-14 region-sum lines over a random 9x9 grid (each
  line's box segments have equal sums in it);
- large grids with rules: 16x16 killers, one cell in ten given (with none, every
  solver here takes minutes).

For each puzzle, in a child process of its own (CPU seconds of that process, the
puzzle read and reduced first and not counted; ``--timeout`` ends a solver that
takes too long, shown as ``>T``): ``ours`` (``solve_cells(grid, 2)``, the default
engine and budget), then each solver of ``--solvers`` alone on the same reduced
problem (native at-most-one for MiniCard, pairwise clauses for the others). The
ratio is ours / the best of them.

Classic: ``sudoku-solve --count 2`` over magictour top1465 (and the first 5,000 of
tdoku's 17-clue set unless ``--quick``), with escalation (the default) and without
(DIMACS_SUDOKU_ESCALATE=0), alternating ``--repeat`` times; CPU seconds of the child.

Usage: python bench/escalate.py [--quick] [--timeout 120] [--solvers m,c,...]
       [--data DIR]
"""

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

DATA = os.path.join(os.path.dirname(ROOT), "shared", "data")
SOLVERS = "minicard,cadical195,glucose4,maplechrono,lingeling,minisat22"


def killer_text(rng, size=9, largest=5, givens=0.0):
    """A killer over a random grid, each cell given with the chance ``givens``."""
    from dimacs_sudoku.core.grid import SYMBOLS
    from dimacs_sudoku.tasks.generate import killer_cages, layout_for, random_solution
    solution = random_solution(layout_for(size, None), rng)
    rules = killer_cages(solution, rng, largest=largest)
    cells = "".join(SYMBOLS[v - 1] if givens and rng.random() < givens else "."
                    for v in solution.cells)
    return cells + "\n" + "\n".join(rule.to_line() for rule in rules) + "\n"


def regionsum_text(rng, size=9, lines=10):
    from dimacs_sudoku.tasks.generate import layout_for, random_solution
    layout = layout_for(size, None)
    cells = random_solution(layout, rng).cells
    rows, cols = layout.box

    def equal_sums(path):
        sums, last = [], None
        for r, c in path:
            box = (r // rows, c // cols)
            if box != last:
                sums.append(0)
                last = box
            sums[-1] += cells[r * size + c]
        return len(sums) > 1 and len(set(sums)) == 1

    found = []
    while len(found) < lines:
        r, c = rng.randrange(size), rng.randrange(size)
        path = [(r, c)]
        for _ in range(rng.randint(3, 7)):
            steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= r + dr < size and 0 <= c + dc < size
                     and (r + dr, c + dc) not in path]
            if not steps:
                break
            r, c = rng.choice(steps)
            path.append((r, c))
        if len(path) >= 4 and equal_sums(path):
            found.append("regionsum " + " ".join("r%dc%d" % (a + 1, b + 1)
                                                 for a, b in path))
    return "." * (size * size) + "\n" + "\n".join(found) + "\n"


def puzzles(quick):
    """``(name, text)`` of the hard variant puzzles."""
    made = []
    seeds = range(1, 4) if quick else range(1, 9)
    for seed in seeds:
        made.append(("killer-9-%d" % seed, killer_text(random.Random(seed))))
        made.append(("regionsum-9-%d" % seed,
                     regionsum_text(random.Random(100 + seed), 9, 10 + seed % 5)))
    for seed in (range(5, 6) if quick else range(5, 8)):
        made.append(("killer-16-%d" % seed, killer_text(random.Random(seed), 16,
                                                          givens=0.1)))
    return made


def child(method, path):
    """In the child: solve the puzzle of ``path`` by ``method``; print CPU seconds."""
    from dimacs_sudoku.formats import read_puzzles
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.reasoning.reduction import variant_problem
    from dimacs_sudoku.sat import backend
    with open(path) as stream:
        grid = next(read_puzzles(stream))
    found = variant_problem(grid)

    def cpu():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    started = cpu()
    if method == "ours":
        _, n = solving.solve_cells(grid, 2)
        answered = solving.ANSWERED[0].split(" ")[0]
    else:
        answered = method
        problem, clauses, num_vars = found
        solver = backend("pysat:" + method)(num_vars)
        if solver.native_atmost:
            solver.add_clauses(problem.alo)
            solver.add_atmosts(problem.amo)
        else:
            solver.add_clauses(problem.clauses())
        solver.add_clauses(clauses)
        n = len(solver.models(2, project=problem.num_vars, positives=True))
    print("%.4f %d %s" % (cpu() - started, n, answered))


def measure(method, path, timeout):
    try:
        done = subprocess.run([sys.executable, __file__, "--child", method, path],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, None
    if done.returncode != 0:
        return None, None, done.stderr.strip().splitlines()[-1:]
    seconds, n, answered = done.stdout.split()
    return float(seconds), int(n), answered


def classic(path, repeat, count=None):
    """CPU seconds of sudoku-solve --count 2 with and without escalation."""
    binary = os.path.join(os.path.dirname(sys.executable), "sudoku-solve")
    if count:
        fd, short = tempfile.mkstemp(suffix=".txt")
        with os.fdopen(fd, "w") as out, open(path) as source:
            for n, line in enumerate(source):
                if n >= count:
                    break
                out.write(line)
        path = short
    best = {}
    outputs = {}
    for _ in range(repeat):
        for label, env in (("escalating", {}), ("never", {"DIMACS_SUDOKU_ESCALATE": "0"})):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run([binary, "--count", "2", path], capture_output=True,
                                  env=dict(os.environ, **env))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best[label] = min(best.get(label, seconds), seconds)
            outputs[label] = done.stdout
    if count:
        os.unlink(path)
    return best, outputs["escalating"] == outputs["never"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--solvers", default=SOLVERS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", default=DATA)
    parser.add_argument("--no-classic", action="store_true")
    options = parser.parse_args()
    if options.child:
        return child(*options.child)
    from dimacs_sudoku.sat.escalate import BUDGET, stages
    from dimacs_sudoku.tasks.solving import _first_name
    solvers = options.solvers.split(",")
    chain = stages(_first_name("auto"), None, BUDGET)
    print("escalation: %s; load average %s; %s" % (
        ", then ".join("%s (%s)" % (name, "%d propagations" % budget if budget
                                     else "no budget") for name, _, budget in chain),
        " ".join("%.2f" % x for x in os.getloadavg()), time.strftime("%Y-%m-%d")))
    print("%-14s %9s %-10s %s   %7s" % ("puzzle", "ours (s)", "by",
                                        " ".join("%10s" % s[:10] for s in solvers),
                                        "ratio"))
    worst = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, text in puzzles(options.quick):
            path = os.path.join(folder, name + ".txt")
            with open(path, "w") as out:
                out.write(text)
            ours, n, by = measure("ours", path, options.timeout)
            times = []
            for solver in solvers:
                seconds, m, _ = measure(solver, path, options.timeout)
                if seconds is not None and n is not None and m != n:
                    print("  %s: %s counted %d, ours %d" % (name, solver, m, n))
                times.append(seconds)
            known = [t for t in times if t is not None]
            best = min(known) if known else None
            ratio = (ours / best) if ours is not None and best else None
            if ratio is not None and best >= 0.1:
                worst = max(worst, ratio)
            print("%-14s %9s %-10s %s   %7s" % (
                name, "%.2f" % ours if ours is not None else ">%g" % options.timeout,
                (by or "?")[:10],
                " ".join("%10s" % ("%.2f" % t if t is not None else ">%g" % options.timeout)
                         for t in times),
                "%.2fx" % ratio if ratio is not None else "-"))
    print("worst ratio where the best takes 0.1 s or more: %.2fx" % worst)
    if options.no_classic:
        return
    nine = os.path.join(options.data, "9x9")
    sets = [("top1465", os.path.join(nine, "magictour-top1465.txt"), None)]
    if not options.quick:
        sets.append(("17-clue 5k", os.path.join(nine, "tdoku-17-clue.txt"), 5000))
    for name, path, count in sets:
        if not os.path.exists(path):
            print("%s: missing %s" % (name, path))
            continue
        best, same = classic(path, options.repeat, count)
        print("classic %-11s escalating %.2f s, never %.2f s: ratio %.3f%s" % (
            name, best["escalating"], best["never"], best["escalating"] / best["never"],
            "" if same else "  OUTPUTS DIFFER"))


if __name__ == "__main__":
    main()
