#!/usr/bin/env python3
"""Benchmark of batch solving with uniqueness check (count 2), in microseconds per puzzle.

For each puzzle set, in the same run:

- ours: ``dimacs_sudoku.batch.solve_many(grids, count=2)`` over the whole set (or a
  sample with --quick): propagation, then a reduced CNF through pycosat.itersolve;
- (a) by hand: one ``pycosat.solve`` on the full extended clause list (10,530 clauses
  plus the givens) per puzzle, and a second one with the first solution blocked;
- (b) the external ``picosat`` binary on one CNF file per puzzle (``--all``, which for
  a puzzle with one solution is the same two solves), counting the time to write the
  file and run the process.

Parsing is left out of every column (the grids are read first). The known figures of
a C++ program with MiniSat used incrementally are printed beside them.

Usage: python bench/batch.py [--quick] [--sets 17,top1465,hardest] [--large] [--data DIR]
--large measures the large puzzles instead: sudoku2cnf --reduce (and --propagate),
cadical, cnf2sudoku, each timed (cadical capped at --cap seconds).
"""

import argparse
import gc
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dimacs_sudoku.batch import solve_many  # noqa: E402
from dimacs_sudoku.puzzle import read_puzzles  # noqa: E402

SETS = {
    "17": ("tdoku-17-clue.txt", 350),
    "top1465": ("magictour-top1465.txt", 690),
    "hardest": ("forum-hardest-1905-11plus.txt", 3000),
}
DEFAULT_DATA = ROOT.parent / "shared" / "data"


def read(path, limit=None):
    grids = []
    with open(path, encoding="utf-8-sig") as stream:
        for grid in read_puzzles(stream, str(path)):
            grids.append(grid)
            if limit and len(grids) >= limit:
                break
    return grids


def timed(function):
    """(result, cpu seconds, wall seconds) of function(), with the GC collected first."""
    gc.collect()
    cpu, wall = time.process_time(), time.perf_counter()
    result = function()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def ours(grids):
    return [n for _, n in solve_many(grids, count=2)]


def by_hand(grids):
    import pycosat
    from dimacs_sudoku.encodings import encode
    from dimacs_sudoku.grid import Grid
    base = list(encode(Grid.empty(9)).clauses())
    counts = []
    for grid in grids:
        clauses = base + [[cell * 9 + d] for cell, d in enumerate(grid.cells) if d]
        first = pycosat.solve(clauses)
        if not isinstance(first, list):
            counts.append(0)
            continue
        clauses.append([-v for v in first if v > 0])
        second = pycosat.solve(clauses)
        counts.append(2 if isinstance(second, list) else 1)
    return counts


def external(grids, folder):
    from dimacs_sudoku.encodings import encode
    counts = []
    path = os.path.join(folder, "p.cnf")
    for grid in grids:
        with open(path, "w") as out:
            encode(grid).write(out)
        run = subprocess.run(["picosat", "--all", path], capture_output=True, text=True)
        found = 0
        for line in run.stdout.splitlines():
            if line.startswith("s SOLUTIONS"):
                found = int(line.split()[2])
        counts.append(min(found, 2))
    return counts


def bench_sets(args):
    names = args.sets.split(",")
    sample_a = 100 if args.quick else 500
    sample_b = 50 if args.quick else 200
    limit = 2000 if args.quick else None
    have_picosat = shutil.which("picosat") is not None
    rows = []
    for name in names:
        filename, cpp = SETS[name]
        path = Path(args.data) / "9x9" / filename
        grids = read(path, limit)
        counts, cpu, wall = timed(lambda: ours(grids))
        unique = sum(1 for n in counts if n == 1)
        us = cpu / len(grids) * 1e6
        a_counts, a_cpu, _ = timed(lambda: by_hand(grids[:sample_a]))
        assert a_counts == counts[:sample_a], "by-hand counts differ"
        a_us = a_cpu / sample_a * 1e6
        b_us = None
        if have_picosat:
            with tempfile.TemporaryDirectory() as folder:
                b_counts, _, b_wall = timed(lambda: external(grids[:sample_b], folder))
            assert b_counts == counts[:sample_b], "picosat counts differ"
            b_us = b_wall / sample_b * 1e6
        rows.append((name, len(grids), unique, us, wall / len(grids) * 1e6, a_us, b_us, cpp))
        print_row(rows[-1], sample_a, sample_b)
    return rows


def print_row(row, sample_a, sample_b):
    name, n, unique, us, wall_us, a_us, b_us, cpp = row
    b_text = "%9.0f %6.1fx" % (b_us, b_us / us) if b_us else "        -       -"
    print("%-8s %6d %6d | %8.1f %8.1f | %9.0f %6.1fx | %s | %6d %6.2fx"
          % (name, n, unique, us, wall_us, a_us, a_us / us, b_text, cpp, cpp / us),
          flush=True)


HEADER = ("set      puzzles unique|  ours us (cpu)  wall | (a) by hand  ratio | "
          "(b) picosat  ratio | C++ us  ratio")


# ---- large puzzles ---------------------------------------------------------------------

def run_timed(argv, stdout=None, timeout=None):
    started = time.perf_counter()
    try:
        done = subprocess.run(argv, stdout=stdout, stderr=subprocess.PIPE, timeout=timeout)
        code = done.returncode
    except subprocess.TimeoutExpired:
        code = "timeout"
    return code, time.perf_counter() - started


def cnf_size(path):
    with open(path) as stream:
        for line in stream:
            if line.startswith("p cnf"):
                return tuple(int(v) for v in line.split()[2:4])
    return (0, 0)


def bench_large(args):
    folder = Path(args.data) / "large"
    bin_dir = ROOT / "bin"

    def key(path):
        parts = path.stem.split("-")
        return int(parts[-2].replace("table", "")), path.name

    files = sorted(folder.glob("*.txt"), key=key)
    print("%-30s %-9s %9s %9s | %8s %8s %8s %8s | %s"
          % ("puzzle", "mode", "vars", "clauses", "encode s", "cadical", "decode s",
             "total", "result"))
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            for mode in args.modes.split(","):
                cnf, out = os.path.join(tmp, "p.cnf"), os.path.join(tmp, "p.out")
                code, t_enc = run_timed([sys.executable, str(bin_dir / "sudoku2cnf"),
                                         "--" + mode, str(path), "-o", cnf])
                if code != 0:
                    print("%-30s %-9s encode failed (%s)" % (path.name, mode, code))
                    continue
                nv, nc = cnf_size(cnf)
                with open(out, "w") as sink:
                    code, t_sat = run_timed(["cadical", "-q", cnf], stdout=sink,
                                            timeout=args.cap)
                if code not in (10, 20):
                    print("%-30s %-9s %9d %9d | %8.2f %8s" % (path.name, mode, nv, nc, t_enc,
                                                             code))
                    continue
                code, t_dec = run_timed([sys.executable, str(bin_dir / "cnf2sudoku"),
                                         "--cnf", cnf, out, "-o", os.devnull])
                result = "ok" if code == 0 else "decode exit %s" % code
                print("%-30s %-9s %9d %9d | %8.2f %8.2f %8.2f %8.2f | %s"
                      % (path.name, mode, nv, nc, t_enc, t_sat, t_dec,
                         t_enc + t_sat + t_dec, result), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="samples instead of whole sets")
    parser.add_argument("--sets", default="17,top1465,hardest")
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--large", action="store_true", help="the large puzzles instead")
    parser.add_argument("--modes", default="reduce,propagate",
                        help="sudoku2cnf options for --large")
    parser.add_argument("--cap", type=float, default=120, help="cadical time limit, s")
    args = parser.parse_args()
    if not Path(args.data).is_dir():
        sys.exit("no data folder %s (give --data DIR)" % args.data)
    if args.large:
        bench_large(args)
        return
    print(HEADER)
    bench_sets(args)
    print("\nus = microseconds per puzzle, uniqueness checked (count 2); ratios are "
          "baseline / ours.\n(a) first %d puzzles, (b) first %d; C++ = MiniSat "
          "incremental, published figures." % (100 if args.quick else 500,
                                              50 if args.quick else 200))


if __name__ == "__main__":
    main()
