#!/usr/bin/env python3
"""Reading speed of the puzzle reader, this tree against another checkout, in one run.

Reads, as the batch commands do (``open_puzzle_input`` then ``read_puzzles_lenient``,
every puzzle taken), two files: 10,000 line puzzles and 3,000 boxed grids (9x9,
Inkala's givens with their digits and rows shuffled), each from a file and from a pipe
(``cat FILE |``, where the reader looks for pauses). Each case runs in a fresh process,
new and old in turn (new, old, new, ...), ``--runs`` times after a warm-up; the child
reports the CPU time of the read alone. The table gives the median CPU seconds of each
and the median of the pairwise ratios new/old (min..max). The start-up line is
``sudoku-solve`` on one puzzle, whole process, CPU.

Usage: python bench/reading.py --old CHECKOUT [--runs 7]
  (a checkout: ``git archive main | tar -x -C /tmp/old``)
"""

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

CHILD = """
import sys, time
from dimacs_sudoku import streams
from dimacs_sudoku.formats import read_puzzles_lenient
start = time.process_time()
stream = streams.open_puzzle_input(sys.argv[1])
count = sum(1 for _ in read_puzzles_lenient(stream, "bench"))
print(count, time.process_time() - start)
"""


def shuffled(rng):
    """Inkala's givens, digits relabelled and rows shuffled within their bands."""
    digits = list("123456789")
    rng.shuffle(digits)
    relabel = {str(k + 1): d for k, d in enumerate(digits)}
    rows = [INKALA[r * 9:(r + 1) * 9] for r in range(9)]
    order = [band * 3 + r for band in range(3) for r in rng.sample(range(3), 3)]
    return "".join(relabel.get(ch, ch) for r in order for ch in rows[r])


def write_files(folder):
    sys.path.insert(0, str(ROOT))
    from dimacs_sudoku.formats import parse_puzzle, write_grid
    rng = random.Random(1)
    lines = os.path.join(folder, "lines.txt")
    with open(lines, "w") as out:
        out.writelines(shuffled(rng) + "\n" for _ in range(10_000))
    boxed = os.path.join(folder, "boxed.txt")
    with open(boxed, "w") as out:
        out.writelines(write_grid(parse_puzzle(shuffled(rng)), "grid") + "\n"
                       for _ in range(3_000))
    return {"10,000 line puzzles": (lines, 10_000), "3,000 boxed grids": (boxed, 3_000)}


def read_cpu(tree, path, expected, piped):
    env = dict(os.environ, PYTHONPATH=str(tree))
    argv = [sys.executable, "-c", CHILD, "-" if piped else path]
    if piped:
        with open(path, "rb") as data:
            cat = subprocess.Popen(["cat"], stdin=data, stdout=subprocess.PIPE)
            done = subprocess.run(argv, stdin=cat.stdout, capture_output=True, text=True,
                                  env=env, cwd=tree)
            cat.stdout.close()
            cat.wait()
    else:
        done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tree)
    count, seconds = done.stdout.split()
    if int(count) != expected:
        raise SystemExit("%s read %s items of %s, not %d: %s"
                         % (tree, count, path, expected, done.stderr))
    return float(seconds)


def startup_cpu(tree, puzzle):
    env = dict(os.environ, PYTHONPATH=str(tree))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, str(Path(tree) / "bin" / "sudoku-solve"), puzzle],
                   stdout=subprocess.DEVNULL, env=env, cwd=tree, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", required=True, help="the other checkout's folder")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="dimacs-sudoku-reading-") as work:
        measure(work, args)


def measure(work, args):
    """Print the table, the files written in ``work``."""
    files = write_files(work)
    puzzle = os.path.join(work, "one.txt")
    with open(puzzle, "w") as out:
        out.write(INKALA + "\n")
    trees = {"new": ROOT, "old": Path(args.old).resolve()}
    cases = [(name + (", pipe" if piped else ", file"), path, count, piped)
             for name, (path, count) in files.items() for piped in (False, True)]
    print("| input | new CPU s | old CPU s | new/old (min..max) |")
    print("|---|---:|---:|---:|")
    for label, path, count, piped in cases:
        times = {"new": [], "old": []}
        for run in range(args.runs + 1):
            for which in ("new", "old"):
                seconds = read_cpu(trees[which], path, count, piped)
                if run:                     # (the first is the warm-up)
                    times[which].append(seconds)
        ratios = [n / o for n, o in zip(times["new"], times["old"])]
        print("| %s | %.3f | %.3f | %.2f (%.2f..%.2f) |"
              % (label, statistics.median(times["new"]), statistics.median(times["old"]),
                 statistics.median(ratios), min(ratios), max(ratios)))
    times = {"new": [], "old": []}
    for run in range(3 * args.runs + 1):
        for which in ("new", "old"):
            seconds = startup_cpu(trees[which], puzzle)
            if run:
                times[which].append(seconds)
    ratios = [n / o for n, o in zip(times["new"], times["old"])]
    print("| `sudoku-solve`, one puzzle (start-up, whole process) | %.3f | %.3f | "
          "%.2f (%.2f..%.2f) |" % (statistics.median(times["new"]),
                                  statistics.median(times["old"]), statistics.median(ratios),
                                  min(ratios), max(ratios)))


if __name__ == "__main__":
    main()
