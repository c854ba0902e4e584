"""Wall time of each command on a 9x9 puzzle, against the floor of importing typer.

Run as ``python bench/startup.py [--runs 30]``. Each command and the floor
``python -c "import typer"`` are timed in turn, interleaved in one loop, so that the
load of a shared machine falls on all of them alike; the table gives medians and the
ratio of each command to the floor (target: at most 1.2).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


# An installed package has its bytecode compiled; a shell with
# PYTHONDONTWRITEBYTECODE=1 would make every run compile every module again.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(argv, stdin_path):
    with open(stdin_path, "rb") as stdin:
        start = time.perf_counter()
        subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, check=False, env=ENV)
        return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    python = sys.executable
    work = tempfile.mkdtemp(prefix="dimacs-sudoku-bench-")
    puzzle = os.path.join(work, "p.txt")
    cnf = os.path.join(work, "p.cnf")
    out = os.path.join(work, "p.out")
    with open(puzzle, "w") as f:
        f.write(INKALA + "\n")
    bin_ = ROOT / "bin"
    subprocess.run([python, str(bin_ / "sudoku2cnf"), puzzle, "-o", cnf], check=True)
    with open(out, "w") as f:
        subprocess.run([python, str(bin_ / "cnfsolve"), cnf], stdout=f)
    cases = {
        "floor: python -c 'import typer'": ([python, "-c", "import typer"], puzzle),
        "python -c 'pass'": ([python, "-c", "pass"], puzzle),
        "sudoku2cnf p.txt": ([python, str(bin_ / "sudoku2cnf"), puzzle], puzzle),
        "cnfsolve p.cnf": ([python, str(bin_ / "cnfsolve"), cnf], puzzle),
        "cnf2sudoku p.out": ([python, str(bin_ / "cnf2sudoku"), out], puzzle),
    }
    times = {name: [] for name in cases}
    for argv, stdin in cases.values():          # warm-up: bytecode and disk caches
        timed(argv, stdin)
    for _ in range(args.runs):
        for name, (argv, stdin) in cases.items():
            times[name].append(timed(argv, stdin))
    floor = statistics.median(times["floor: python -c 'import typer'"])
    print("| command (9x9, Inkala) | median ms | ratio to floor |")
    print("|---|---:|---:|")
    for name, samples in times.items():
        median = statistics.median(samples)
        print("| %s | %.1f | %.2f |" % (name, median * 1000, median / floor))
    for path in (puzzle, cnf, out):
        os.unlink(path)
    os.rmdir(work)


if __name__ == "__main__":
    main()
