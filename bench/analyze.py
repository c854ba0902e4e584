#!/usr/bin/env python3
"""Benchmark of sudoku-analyze's questions, each against one SAT call on the same
puzzle in the same run.

Per puzzle: the baseline is ``dimacs_sudoku.tasks.count_solutions(grid, 1)`` (what
``sudoku-solve`` does for it: propagation, the reduced problem, one solve), then
:func:`dimacs_sudoku.tasks.analyze.analyze` with the options of the question asked:

- true candidates of a 9x9 (``redundancy=False``): Inkala's puzzle (one solution:
  its solution and the proof that it is alone are the candidates) and the same
  without the given r8c4 (85 solutions), with ``cap=1`` so that every candidate
  beyond the first solution is one solve under its assumption, the standard loop;
- redundant givens (and the minimal givens) of a 17-clue puzzle;
- the core and the fewest givens to remove of a contradictory 9x9 (that 17-clue
  puzzle with r2c8 = 5 instead of 3: no two givens clash, the core has 15);
- a 16x16 and a 25x25 puzzle (the SAT competition 2019 tables in ../shared/data
  when present, else a solved grid with cells blanked), everything but the minimal
  givens on 25x25 (each of those solves proves a puzzle with fewer givens unique);
- a variant puzzle (the Wikipedia killer of tests/fixtures/variants).

Then the fewest givens to remove, against the algorithm it replaced in the same run
(:func:`hitting_set_removals`, the implicit hitting-set search over the cores, at most
200 of them): puzzles of Norvig's top 95 (../shared/data/9x9, else the two of the
tests) with an ``antiking`` rule line, which leaves most of them without a solution;
per engine the whole ``analyze(grid, cap=1, redundancy=False)`` (solutions, core,
fewest removals) with each algorithm: total and slowest CPU ms, and how many answers
each found (the old one gives up on some: "not found"); then the first 40 of the
forum's hardest 1106 with a ``diagonals`` line.

Times are CPU milliseconds, the best of ``--repeat``; "calls" is the report's
``solver_calls``. Usage: python bench/analyze.py [--quick] [--repeat R]
"""

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dimacs_sudoku.tasks import analyze as analysis  # noqa: E402
from dimacs_sudoku.tasks.analyze import analyze  # noqa: E402
from dimacs_sudoku.formats import puzzles_from_file, puzzles_from_text  # noqa: E402
from dimacs_sudoku.core.grid import Grid  # noqa: E402
from dimacs_sudoku.tasks import count_solutions, solve  # noqa: E402

# The shared data next to the checkout (or next to its worktrees' folder).
DATA = next((path for path in (ROOT.parent / "shared" / "data" / "large",
                               ROOT.parent.parent / "shared" / "data" / "large")
             if path.exists()), ROOT.parent / "shared" / "data" / "large")
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
SEVENTEEN = ("...8.1..........435............7.8........1"
             "...2..3....6......75..34........2..6..")


def best(function, repeat):
    """``(CPU ms of the fastest of repeat runs, the last result)``."""
    times = []
    result = None
    for _ in range(repeat):
        start = time.process_time()
        result = function()
        times.append(time.process_time() - start)
    return 1000 * min(times), result


def large(size, name):
    """The first puzzle of ../shared/data/large/NAME, or a solved grid with two cells
    in three blanked (seeded)."""
    path = DATA / name
    if path.exists():
        return next(iter(puzzles_from_file(str(path)))), name
    full = solve(Grid.empty(size)).cells
    rng = random.Random(size)
    return Grid([0 if rng.random() < 0.66 else d for d in full], size=size), \
        "a %dx%d grid, 2/3 blanked" % (size, size)


def cases():
    loose = list(Grid.from_line(INKALA).cells)
    loose[66] = 0
    broken = list(Grid.from_line(SEVENTEEN).cells)
    broken[16] = 5
    grid16, name16 = large(16, "sudokusat2019-table16-1.txt")
    grid25, name25 = large(25, "sudokusat2019-table25-1.txt")
    killer = next(iter(puzzles_from_file(str(ROOT / "tests" / "fixtures" / "variants" /
                                             "killer-wikipedia.txt"))))
    return [
        ("candidates, 9x9 Inkala (1 solution)", Grid.from_line(INKALA),
         dict(redundancy=False)),
        ("candidates, Inkala without r8c4 (85), cap 1", Grid(loose, size=9),
         dict(cap=1, redundancy=False)),
        ("redundant + minimal givens, 17 clues", Grid.from_line(SEVENTEEN), {}),
        ("core + fewest removals, broken 17 clues", Grid(broken, size=9), {}),
        ("everything, 16x16 " + name16, grid16, {}),
        ("everything but minimal, 25x25 " + name25, grid25, dict(minimal=False)),
        ("everything, killer-wikipedia 9x9", killer, {}),
    ]


# ---- the fewest givens to remove, against the algorithm before it -------------------

MAX_CORES = 200
ANTIKING_CLASHES = [
    ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
    ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......",
]


def hitting_set_removals(work, max_remove=5, budget=None):
    """The search the project used before (until 2026-11-29): remove a smallest set
    of givens meeting every core found so far (by growing size); if the rest has no
    solution, the solver's core of that solve joins the others; give up after
    MAX_CORES cores. Returns ``(givens or None, why)`` as fewest_removals does."""
    given_of = {work.var(cell, d): (cell, d) for cell, d in work.givens}
    cores = []
    while len(cores) <= MAX_CORES:
        removed = hitting_set(cores, max_remove)
        if removed is None:
            return None, "more_than_max_remove"
        rest = [given for given in work.givens if given not in removed]
        if work.solve(work.assumptions(rest)):
            return sorted(removed), None
        core = frozenset(given_of[lit] for lit in work.sat.core(minimal=False)
                         if lit in given_of)
        if not core:
            return None, "rules_clash_alone"
        cores.append(core)
    return None, "cores"


def hitting_set(sets, most):
    for size in range(most + 1):
        found = _hit(sets, size, frozenset(), frozenset())
        if found is not None:
            return found
    return None


def _hit(sets, size, chosen, excluded):
    open_set = next((s for s in sets if not s & chosen), None)
    if open_set is None:
        return chosen
    if size == 0:
        return None
    tried = set(excluded)
    for item in sorted(open_set - excluded):
        found = _hit(sets, size - 1, chosen | {item}, frozenset(tried))
        if found is not None:
            return found
        tried.add(item)
    return None


def rule_puzzles(name, rule, limit):
    """The first ``limit`` puzzles of ../shared/data/9x9/NAME, each with the ``rule``
    line (the tests' two anti-king clashes without the data)."""
    path = DATA.parent / "9x9" / name
    lines = ([line.strip()[:81] for line in path.open()
              if line.strip() and not line.startswith("#")][:limit]
             if path.exists() else ANTIKING_CLASHES)
    grids = [puzzles_from_text(line + "\n%s\n" % rule)[0] for line in lines]
    return grids, ("the first %d of %s" % (len(grids), name) if path.exists()
                   else "the tests' %d" % len(grids))


def fewest_removals_bench(repeat, name, rule, limit):
    grids, name = rule_puzzles(name, rule, limit)
    print()
    print("fewest givens to remove, %s with %s: analyze(cap=1, redundancy=False)"
          % (name, rule))
    print("%-8s %-12s %9s %9s %7s %6s" % ("engine", "algorithm", "total ms", "worst ms",
                                          "found", "none"))
    new = analysis.fewest_removals
    for engine in ("auto", "pycosat"):
        for label, algorithm in (("hitting sets", hitting_set_removals),
                                 ("counter", new)):
            analysis.fewest_removals = algorithm
            try:
                total = worst = 0.0
                found = missing = 0
                for grid in grids:
                    spent, report = best(lambda: analyze(grid, cap=1, redundancy=False,
                                                         engine=engine), repeat)
                    total += spent
                    worst = max(worst, spent)
                    if report.solutions == 0:
                        if report.fewest_givens_to_remove is None:
                            missing += 1
                        else:
                            found += 1
            finally:
                analysis.fewest_removals = new
            print("%-8s %-12s %9.1f %9.1f %7d %6d" % (engine, label, total, worst, found,
                                                   missing))
            sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="best of 3 (default 10)")
    parser.add_argument("--repeat", type=int, default=None)
    args = parser.parse_args()
    repeat = args.repeat or (3 if args.quick else 10)
    print("bench/analyze.py: CPU ms, best of %d; one SAT call = "
          "count_solutions(puzzle, 1)" % repeat)
    print("%-52s %9s %9s %7s %6s  %s" % ("question, puzzle", "analyze", "one call", "ratio",
                                         "calls", "answer"))
    for label, grid, options in cases():
        base, _ = best(lambda: count_solutions(grid, 1), repeat)
        spent, report = best(lambda: analyze(grid, **options), repeat)
        answer = "%d%s solution%s" % (report.solutions, "+" if report.capped else "",
                                       "" if report.solutions == 1 else "s")
        if report.redundant_givens is not None:
            answer += ", %d redundant givens" % len(report.redundant_givens)
        if report.minimal_givens is not None:
            answer += ", %d minimal givens" % len(report.minimal_givens)
        if report.redundant_rules:
            answer += ", %d redundant rules" % len(report.redundant_rules)
        if report.core is not None:
            answer += ", core of %d, remove %s" % (
                len(report.core), report.fewest_givens_to_remove and
                len(report.fewest_givens_to_remove))
        print("%-52s %9.1f %9.2f %7.0f %6d  %s" % (label[:52], spent, base,
                                                  spent / base if base else 0,
                                                  report.solver_calls, answer))
        sys.stdout.flush()
    for name, rule, limit in (("norvig-top95.txt", "antiking", 95),
                              ("forum-hardest-1106.txt", "diagonals", 40)):
        fewest_removals_bench(1 if args.quick else 3, name, rule,
                              min(limit, 20) if args.quick else limit)


if __name__ == "__main__":
    main()
