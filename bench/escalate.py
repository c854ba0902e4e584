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
  solver here takes minutes);
- with ``--hard``: ten long region-sum lines (6-12 cells over 3 boxes or more) over
  a 9x9 with no givens, where some solvers take seconds to minutes.

For each puzzle, in a child process of its own (the puzzle read and reduced first
and not counted; ``--timeout`` ends a run that takes too long, shown as ``>T``):
``ours`` (``solve_cells(grid, 2)``, the default engine and budget: a race of
``--width`` solvers, default this machine's cores, once MiniCard's budget runs out),
then each solver of ``--solvers`` alone on the same reduced problem (native
at-most-one for MiniCard, pairwise clauses for the others); the methods alternate,
``--runs`` rounds, best of them. Wall seconds, and for ours also the CPU seconds of
the child and the racers it forked and reaped. The ratio is ours' wall time / the
best single solver's.

Classic: ``sudoku-solve --count 2`` over magictour top1465 (and the first 5,000 of
tdoku's 17-clue set unless ``--quick``), with escalation (the default) and without
(DIMACS_SUDOKU_ESCALATE=0), alternating ``--repeat`` times; CPU seconds of the child.

Usage: python bench/escalate.py [--quick] [--hard] [--timeout 60] [--runs 2]
       [--width W] [--solvers m,c,...] [--data DIR]
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


def regionsum_text(rng, size=9, lines=10, steps=(3, 7), shortest=4, boxes=2):
    """``lines`` region-sum lines (``shortest`` cells or more, a walk of ``steps``
    moves, over ``boxes`` boxes or more) over a random grid with no givens."""
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
        return len(sums) >= boxes and len(set(sums)) == 1

    found = []
    while len(found) < lines:
        r, c = rng.randrange(size), rng.randrange(size)
        path = [(r, c)]
        for _ in range(rng.randint(*steps)):
            nexts = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= r + dr < size and 0 <= c + dc < size
                     and (r + dr, c + dc) not in path]
            if not nexts:
                break
            r, c = rng.choice(nexts)
            path.append((r, c))
        if len(path) >= shortest and equal_sums(path):
            found.append("regionsum " + " ".join("r%dc%d" % (a + 1, b + 1)
                                                 for a, b in path))
    return "." * (size * size) + "\n" + "\n".join(found) + "\n"


def long_regionsum_text(rng, size=9, lines=10):
    """Ten long region-sum lines (6-12 cells, over three boxes or more) over a random
    grid with no givens: few solutions, and minutes of search for some solvers."""
    return regionsum_text(rng, size, lines, steps=(6, 11), shortest=6, boxes=3)


# The seeds of long_regionsum_text whose puzzles are hard for MiniCard.
HARD_SEEDS = (3, 23, 26)


def puzzles(quick, hard=False):
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
    if hard:
        for seed in HARD_SEEDS:
            made.append(("long-sums-%d" % seed,
                         long_regionsum_text(random.Random(seed))))
    return made


def child(method, path, width=None, racers=None):
    """In the child: solve the puzzle of ``path`` by ``method``; print wall and CPU
    seconds (this process and the children it reaped), the count and who answered."""
    from dimacs_sudoku.formats import read_puzzles
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.reasoning.reduction import variant_problem
    from dimacs_sudoku.sat import backend, escalate
    if width:
        escalate.race_width = lambda: int(width)
    if racers:
        escalate.RACERS = tuple(None if name == "going-on" else name
                                for name in racers.split(","))
    with open(path) as stream:
        grid = next(read_puzzles(stream))
    found = variant_problem(grid)

    def cpu():
        return [usage.ru_utime + usage.ru_stime for usage in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN))]

    started, wall = cpu(), time.perf_counter()
    shared = 1
    if method == "ours":
        _, n = solving.solve_cells(grid, 2)
        note = solving.ANSWERED[0]
        answered = note.split(" ")[0].rstrip(",").replace("pysat:", "")
        if "race" in note:
            answered += "*"
            shared = len(escalate.racers(solving._first_name("auto")))
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
    wall = time.perf_counter() - wall
    mine, racers = (after - before for after, before in zip(cpu(), started))
    # On free cores, one per racer, the race would take this process's CPU and one
    # racer's (each ran until the winner answered: their CPU / their number).
    print("%.4f %.4f %.4f %d %s" % (wall, mine + racers, mine + racers / shared, n,
                                    answered))


def measure(method, path, timeout, width=None, racers=None):
    """``(wall, cpu, free, count, who)`` of one run: wall and CPU seconds, and the
    wall time on free cores (the CPU of this process and of one racer); Nones past
    ``timeout``."""
    argv = [sys.executable, __file__, "--child", method, path]
    if width:
        argv += ["--width", str(width)]
    if racers:
        argv += ["--racers", racers]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, None, None, None
    if done.returncode != 0:
        return None, None, None, None, done.stderr.strip().splitlines()[-1:]
    wall, seconds, free, n, answered = done.stdout.split()
    return float(wall), float(seconds), float(free), int(n), answered


def best_of(runs, key=0):
    """The fastest of ``runs`` (tuples of :func:`measure`) by field ``key``, a
    timed-out one last."""
    return min(runs, key=lambda run: float("inf") if run[key] is None else run[key])


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
    parser.add_argument("--hard", action="store_true")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--width", type=int)
    parser.add_argument("--racers", help="the race's solvers in order (going-on: "
                        "MiniCard going on), for ours; default escalate.RACERS")
    parser.add_argument("--solvers", default=SOLVERS)
    parser.add_argument("--only", help="the puzzles whose names start so (a,b,...)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", default=DATA)
    parser.add_argument("--no-classic", action="store_true")
    options = parser.parse_args()
    if options.child:
        return child(*options.child, width=options.width, racers=options.racers)
    from dimacs_sudoku.sat import escalate
    from dimacs_sudoku.sat.escalate import BUDGET, race_width, racers
    if options.racers:
        escalate.RACERS = tuple(None if name == "going-on" else name
                                for name in options.racers.split(","))
    from dimacs_sudoku.tasks.solving import _first_name
    solvers = options.solvers.split(",")
    first = _first_name("auto")
    width = options.width or race_width()
    field = racers(first, width)
    print("escalation: %s with %d propagations per search, then %s; %d cores; "
          "load average %s; %s" % (
              first, BUDGET, "a race of " + ", ".join(
                  name + (" going on" if maker is None else "") for name, maker in field)
              if field else "a chain", os.cpu_count(),
              " ".join("%.2f" % x for x in os.getloadavg()), time.strftime("%Y-%m-%d")))
    print("| puzzle | ours (wall) | ours (CPU) | ours (free cores) | by | %s | ratio "
          "(wall) | ratio (free cores) |" % " | ".join(solvers))
    print("|---|---:|---:|---:|---|%s---:|---:|" % ("---:|" * len(solvers)))
    worst = [0, 0]
    over = [[], []]

    def shown(seconds):
        return "%.2f" % seconds if seconds is not None else ">%g" % options.timeout
    with tempfile.TemporaryDirectory() as folder:
        for name, text in puzzles(options.quick, options.hard):
            if options.only and not name.startswith(tuple(options.only.split(","))):
                continue
            path = os.path.join(folder, name + ".txt")
            with open(path, "w") as out:
                out.write(text)
            runs = {method: [] for method in ["ours"] + solvers}
            for _ in range(options.runs):
                for method in runs:
                    ours = method == "ours"
                    runs[method].append(measure(method, path, options.timeout,
                                                width if ours else None,
                                                options.racers if ours else None))
            ours, ours_cpu, _, n, by = best_of(runs["ours"])
            free = best_of(runs["ours"], 2)[2]
            walls, cpus = [], []
            for solver in solvers:
                seconds, _, _, m, _ = best_of(runs[solver])
                if seconds is not None and n is not None and m != n:
                    print("  %s: %s counted %d, ours %d" % (name, solver, m, n))
                walls.append(seconds)
                cpus.append(best_of(runs[solver], 1)[1])
            ratios = []
            for k, (mine, theirs) in enumerate(((ours, walls), (free, cpus))):
                known = [t for t in theirs if t is not None]
                best = min(known) if known else None
                ratio = (mine / best) if mine is not None and best else None
                if best is not None and best >= 0.1:
                    if ratio is None or ratio > 1.5:
                        over[k].append(name)
                    worst[k] = max(worst[k], ratio or float("inf"))
                ratios.append("%.2f" % ratio if ratio is not None else "-")
            print("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                name, shown(ours), shown(ours_cpu), shown(free), (by or "?"),
                " | ".join(map(shown, walls)), ratios[0], ratios[1]))
    for k, what in enumerate(("wall", "free cores: against their CPU")):
        print("worst ratio (%s) where the best takes 0.1 s or more: %.2fx; above 1.5x: "
              "%s" % (what, worst[k], ", ".join(over[k]) or "none"))
    print("load average at the end %s" % " ".join("%.2f" % x for x in os.getloadavg()))
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
