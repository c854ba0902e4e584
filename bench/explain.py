#!/usr/bin/env python3
"""Benchmark of sudoku-explain: the time of a full explanation and of a hint, against
one SAT call on the same puzzle in the same run, and the quality of the steps against
the cheapest ones an exhaustive search finds.

Times (CPU seconds) on a sample of ../shared/data/9x9/royle-17-clue-2k.txt and of
magictour-top1465.txt (every K-th puzzle): median and p90 of
:func:`dimacs_sudoku.tasks.explain.explain_puzzle`, and of a hint from the givens and
from the state halfway through the explanation; the baseline is
``count_solutions(grid, 1)`` (what sudoku-solve does).

Quality, on 4x4 puzzles with one solution and minimal givens (drawn from all 288
grids, seeded) and on minimal 6x6 puzzles of sudoku-gen: for every step but a
placement's eliminations (cheapest by construction), the cheapest derivation of the
same literals from the same known facts, found by trying every set of as many "long"
clauses as the step has (a cell's or a unit's at-least-one, a rule's; at most 3) with
all binary clauses and facts, each set then shrunk by deletion; the ratio of the
step's cost to that optimum, averaged (goal: at most 1.1). A long clause weighs at
least 1 and a fact 0.1, so a cheaper derivation with more long clauses would need ten
fewer facts.

Variants (``--variants``): the public fixtures of tests/fixtures/variants that were
slow or stopped, each explained twice in this run: as before the probe budget
(``PROBE_BUDGET`` off, ``SKIP_IMPLIED`` off), as now, and with a budget of 5000 (what
``sudoku-explain --budget 5000`` sets), CPU seconds, each cut at ``--cutoff`` seconds
of CPU (40); the ratio now / before.

Usage: python bench/explain.py [--quick] [--count N] [--quality Q]
       python bench/explain.py --variants [--cutoff S]
"""

import argparse
import itertools
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dimacs_sudoku.core.grid import Grid  # noqa: E402
from dimacs_sudoku.tasks import count_solutions  # noqa: E402
from dimacs_sudoku.tasks.explain import (  # noqa: E402
    FALSE, WEIGHTS, PuzzleClauses, explain_puzzle, next_hint, parse_literal, shrink)

DATA = next((path for path in (ROOT.parent / "shared" / "data" / "9x9",
                               ROOT.parent.parent / "shared" / "data" / "9x9")
             if path.exists()), ROOT.parent / "shared" / "data" / "9x9")
SETS = ("royle-17-clue-2k.txt", "magictour-top1465.txt")


def sample(name, count):
    lines = [line.strip()[:81] for line in (DATA / name).read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    step = max(1, len(lines) // count)
    return [Grid.from_line(line) for line in lines[::step][:count]]


def cpu(function):
    start = time.process_time()
    result = function()
    return time.process_time() - start, result


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timing(name, count):
    grids = sample(name, count)
    full, hints, mids, base, rating, stuck = [], [], [], [], [], 0
    for grid in grids:
        base.append(cpu(lambda: count_solutions(grid, 1))[0])
        seconds, result = cpu(lambda: explain_puzzle(grid))
        full.append(seconds)
        rating.append(result.rating)
        stuck += result.status != "solved"
        hints.append(cpu(lambda: next_hint(grid, []))[0])
        half = result.steps[:len(result.steps) // 2]
        state = [parse_literal(lit, 9) for step in half
                 for lit in step.to_json()["derives"]]
        mids.append(cpu(lambda: next_hint(grid, state))[0])
    print("%-24s %3d puzzles  explain median %.2f s  p90 %.2f s  max %.2f s  "
          "(%.0fx one solve)  hint median %.3f s p90 %.3f s  mid-state hint median "
          "%.3f s p90 %.3f s  rating median %.1f  not solved %d"
          % (name, len(grids), statistics.median(full), percentile(full, 0.9), max(full),
             statistics.median(full) / max(statistics.median(base), 1e-6),
             statistics.median(hints), percentile(hints, 0.9), statistics.median(mids),
             percentile(mids, 0.9), statistics.median(rating), stuck))


# ---- quality -------------------------------------------------------------------------

def minimal_4x4(count, seed=31):
    from dimacs_sudoku.tasks.grade import solutions
    rng = random.Random(seed)
    grids = solutions(Grid.empty(4), limit=300)
    found = []
    for sol in rng.sample(grids, count):
        cells = list(sol.cells)
        order = list(range(16))
        rng.shuffle(order)
        for i in order:
            keep, cells[i] = cells[i], 0
            if count_solutions(Grid(cells), 2) != 1:
                cells[i] = keep
        found.append(Grid(cells))
    return found


def minimal_6x6(count, seed=31):
    from dimacs_sudoku.tasks.generate import generate
    return [made.puzzle for made in generate(count, size=6, seed=seed, minimal=True)]


def clash_or_derived(imp, longs, facts, targets):
    """Unit propagation over implication lists and long clauses: whether it derives
    ``targets`` (``[FALSE]``: a conflict)."""
    true = set(facts)
    queue = list(true)
    while True:
        while queue:
            lit = queue.pop()
            for other in imp.get(lit, ()):
                if -other in true:
                    return true if targets == [FALSE] else None
                if other not in true:
                    true.add(other)
                    queue.append(other)
        for clause in longs:
            free = [lit for lit in clause if -lit not in true]
            if any(lit in true for lit in free):
                continue
            if not free:
                return true if targets == [FALSE] else None
            if len(free) == 1:
                true.add(free[0])
                queue.append(free[0])
        if not queue:
            done = targets != [FALSE] and all(lit in true for lit in targets)
            return true if done else None


def optimum(table, known, targets, assumed, most):
    """The cheapest cost of a derivation of ``targets`` from ``known`` (and the
    assumption) over every set of up to ``most`` long clauses with the binary clauses
    and facts (those then shrunk by deletion)."""
    facts = set(known) | set(assumed)
    longs = [i for i, clause in enumerate(table.clauses)
             if table.kinds[i] in ("cell", "unit", "rule") and len(clause) > 2
             and not any(lit in facts for lit in clause)]
    binaries = [i for i, clause in enumerate(table.clauses)
                if len(clause) <= 2 and table.kinds[i] != "given"]
    imp = {}
    units = []
    for i in binaries:
        clause = table.clauses[i]
        if len(clause) == 1:
            units.append(clause[0])
            continue
        a, b = clause
        imp.setdefault(-a, []).append(b)
        imp.setdefault(-b, []).append(a)
    best = None
    for k in range(0, most + 1):
        for chosen in itertools.combinations(longs, k):
            true = clash_or_derived(imp, [table.clauses[i] for i in chosen],
                                    facts | set(units), targets)
            if true is None:
                continue
            # Only a binary clause with a literal made false can take part.
            useful = [i for i in binaries
                      if any(-lit in true for lit in table.clauses[i])]
            ids, used = shrink(table, list(chosen) + useful, facts, targets,
                               keep=tuple(assumed))
            cost = (sum(table.weight[i] for i in ids)
                    + WEIGHTS["fact"] * len([f for f in used if f not in assumed])
                    + WEIGHTS["assume"] * len(assumed))
            if best is None or cost < best:
                best = cost
    return best


def quality(grids, label):
    """Each step's cost against the optimum with at most as many long clauses (at most
    3); steps of more long clauses, and nested ones, are left out."""
    ratios = []
    worst = (0, None)
    left = 0
    for grid in grids:
        table = PuzzleClauses(grid)
        result = explain_puzzle(grid)
        n = grid.size
        known = {cell * n + d for cell, d in enumerate(grid.cells) if d}
        for step in result.steps:
            if step.name != "elimination":
                longs = sum(1 for clause in step.clauses if len(clause) > 2)
                if longs > 3 or (step.assume and len(step.steps) > 1):
                    left += 1
                else:
                    best = optimum(table, known, [FALSE] if step.assume else step.derives,
                                   step.assume or [], max(1, longs))
                    # The step itself is one of the derivations searched over;
                    # shrinking by deletion may miss it.
                    best = min(best or step.cost, step.cost)
                    if best:
                        ratio = step.cost / best
                        ratios.append(ratio)
                        if ratio > worst[0]:
                            worst = (ratio, "%s %s" % (grid.to_line(), step.text))
            if step.derives != [FALSE]:
                known.update(step.derives)
    print("step quality on %d %s puzzles: %d steps compared (%d left out), cost / optimum "
          "mean %.3f, max %.2f (%s)" % (len(grids), label, len(ratios), left,
                                        statistics.mean(ratios), worst[0], worst[1]))


SLOW_VARIANTS = ("arrow-gp-2023-r7-example.txt", "arrow-gp-2023-r7.txt", "ctc-tribute.txt",
                 "littlekiller-ctc.txt", "pillarrow-lmd.txt",
                 "regionsum-equal-sums-rangsk.txt",
                 "skyscraper-renban-skyscrapers-wortmann.txt", "arrow-sugarroad.txt",
                 "xsum-tiny-scar-glum-hippo.txt")


class Cutoff(Exception):
    pass


def cut_explanation(grid, cutoff):
    """``(cpu seconds, status, steps)`` of explain_puzzle(grid), cut after ``cutoff``
    seconds of CPU (status ``cut``)."""
    import signal

    def stop(*_):
        raise Cutoff()

    old = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, cutoff)
    start = time.process_time()
    try:
        result = explain_puzzle(grid)
        status, steps = result.status, len(result.steps)
    except Cutoff:
        status, steps = "cut", 0
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    return time.process_time() - start, status, steps


def variants(cutoff):
    from dimacs_sudoku.formats import puzzles_from_file
    from dimacs_sudoku.tasks import explain
    folder = ROOT / "tests" / "fixtures" / "variants"
    print("| fixture | before s | before | now s | now | steps | now / before "
          "| budget 5000 s | then | steps |")
    print("|---|---:|---|---:|---|---:|---:|---:|---|---:|")
    for name in SLOW_VARIANTS:
        grid = puzzles_from_file(str(folder / name))[0]
        runs = []
        for budget, skip in ((None, False), (explain.PROBE_BUDGET, True), (5000, True)):
            saved = explain.PROBE_BUDGET, explain.SKIP_IMPLIED
            explain.PROBE_BUDGET, explain.SKIP_IMPLIED = budget, skip
            try:
                runs.append(cut_explanation(grid, cutoff))
            finally:
                explain.PROBE_BUDGET, explain.SKIP_IMPLIED = saved
        (t0, s0, _), (t1, s1, n1), (t2, s2, n2) = runs
        print("| %s | %.1f | %s | %.1f | %s | %d | %.2f | %.1f | %s | %d |"
              % (name[:-4], t0, s0, t1, s1, n1, t1 / t0, t2, s2, n2), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 puzzles a set, 10 4x4")
    parser.add_argument("--count", type=int, default=50, help="puzzles of each 9x9 set")
    parser.add_argument("--quality", type=int, default=40,
                        help="4x4 puzzles (and a quarter as many 6x6)")
    parser.add_argument("--variants", action="store_true",
                        help="the slow variant fixtures, before and now")
    parser.add_argument("--cutoff", type=float, default=40.0,
                        help="CPU seconds per explanation with --variants")
    args = parser.parse_args()
    if args.variants:
        variants(args.cutoff)
        return
    count = 10 if args.quick else args.count
    quality(minimal_4x4(10 if args.quick else args.quality), "4x4")
    quality(minimal_6x6(1 if args.quick else args.quality // 8), "6x6")
    if not DATA.exists():
        print("no %s: the 9x9 timings are skipped" % DATA)
        return
    for name in SETS:
        timing(name, count)


if __name__ == "__main__":
    main()
