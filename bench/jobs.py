#!/usr/bin/env python3
"""Benchmark of ``--jobs N``: the same command with ``-j 1`` and ``-j N`` in the same run,
wall clock, and their ratio (the speed-up).

For each case the two runs alternate ``--repeat`` times; the fastest of each counts
(the least disturbed by the other users of a shared machine), and the outputs must be
the same bytes. The load average before and after is printed: a ratio measured at a
load above the core count says little. Also the start cost of a worker (the fork
start method: fork, first chunk, answer) from the pool itself.

Cases: ``sudoku-solve --count 2`` on magictour top1465, tdoku's 17-clue set and the
first 10,000 of forum-hardest-1905-11plus, ``sudoku-grade`` on norvig's top95, and ``sudoku-solve --count 2``
on the 16x16 and 25x25 puzzles of ../shared/data/large (``--quick``: top1465 and
top95 only).

The CPU seconds of both runs (the command and its workers) are printed beside: their
ratio is what the workers cost in all (forks, pickling, pipes), whatever the load.
Then, for each case, the CPU seconds of the command's own process (reading, handing
out, writing) and of its workers in the ``-j N`` run whose own share is least, and the speed-up they allow
on 16 free cores whatever this machine has: the ``-j 1`` CPU time over the larger of
the command's own and a sixteenth of all (the command's own process is one stage
that no worker shares).

Usage: python bench/jobs.py [--jobs N] [--repeat 3] [--quick] [--data DIR]
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from dimacs_sudoku.cli import workers  # noqa: E402

DATA = os.path.join(os.path.dirname(ROOT), "shared", "data")


# Runs a command in this interpreter and writes, at its exit, the CPU seconds of its
# own process and of its children (its workers) to the file named first.
_SPLIT = """
import atexit, resource, runpy, sys
report, sys.argv = sys.argv[1], sys.argv[2:]
def said():
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(report, "w") as out:
        out.write("%f %f" % (own.ru_utime + own.ru_stime,
                             workers.ru_utime + workers.ru_stime))
atexit.register(said)
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def run(command, args, path, jobs):
    """Seconds (wall clock), the CPU seconds of the command's own process and of its
    workers, and the output's digest of one run."""
    binary = os.path.join(ROOT, "bin", command)
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as report:
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", _SPLIT, report.name, binary, "-j", str(jobs)]
                       + args + [path], stdout=out, stderr=subprocess.DEVNULL,
                       check=False)
        elapsed = time.perf_counter() - started
        own, workers_cpu = map(float, report.read().split())
        out.seek(0)
        return elapsed, own, workers_cpu, hashlib.sha256(out.read()).hexdigest()


def head(path, count, folder):
    """A file of the first ``count`` lines of ``path``."""
    target = os.path.join(folder, "%d-%s" % (count, os.path.basename(path)))
    with open(path) as source, open(target, "w") as out:
        for n, line in enumerate(source):
            if n >= count:
                break
            out.write(line)
    return target


def start_cost(jobs, rounds=10):
    """Milliseconds per worker from a pool's start to its end (its first chunk
    answered): (wall clock, best of ``rounds``; CPU of this process and the workers)."""
    import resource

    def cpu():
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    best = None
    used = cpu()
    for _ in range(rounds):
        started = time.perf_counter()
        with workers.Pool(lambda item, number: item, jobs) as pool:
            list(pool.results(iter(range(jobs * workers.FIRST_CHUNK))))
        elapsed = (time.perf_counter() - started) * 1000 / jobs
        best = elapsed if best is None else min(best, elapsed)
    return best, (cpu() - used) * 1000 / rounds / jobs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=0, help="N (default: the cores)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--data", default=DATA)
    options = parser.parse_args()
    jobs = workers.check_jobs(options.jobs)
    nine = os.path.join(options.data, "9x9")
    large = os.path.join(options.data, "large")
    with tempfile.TemporaryDirectory() as folder:
        cases = [("sudoku-solve", ["--count", "2"],
                  os.path.join(nine, "magictour-top1465.txt"), "top1465"),
                 ("sudoku-grade", [], os.path.join(nine, "norvig-top95.txt"), "top95")]
        if not options.quick:
            cases.insert(1, ("sudoku-solve", ["--count", "2"],
                             os.path.join(nine, "tdoku-17-clue.txt"), "17-clue (49,158)"))
            cases.insert(2, ("sudoku-solve", ["--count", "2"],
                             head(os.path.join(nine, "forum-hardest-1905-11plus.txt"),
                                  10000, folder), "forum-hardest 10k"))
            for name in ("sudokusat2019-table16-1.txt", "sudokusat2019-table25-1.txt"):
                cases.append(("sudoku-solve", ["--count", "2"],
                              os.path.join(large, name), name[:-4]))
        print("cores %d, jobs %d, load average %s" % (
            workers.cores(), jobs, " ".join("%.2f" % x for x in os.getloadavg())))
        print("worker start (fork, first chunk, answer, end): %.1f ms wall, %.1f ms CPU "
              "per worker" % start_cost(jobs))
        print("%-24s %-13s %9s %9s %7s %12s" % ("case", "command", "-j 1 (s)",
                                                "-j %d (s)" % jobs, "ratio", "CPU -j1/-jN"))
        split = []
        for command, args, path, name in cases:
            if not os.path.exists(path):
                print("%-28s missing %s" % (name, path))
                continue
            one = many = cpu_one = cpu_many = parts = None
            digests = set()
            for _ in range(options.repeat):
                t, own, spent, digest = run(command, args, path, 1)
                one = t if one is None else min(one, t)
                cpu_one = own + spent if cpu_one is None else min(cpu_one, own + spent)
                digests.add(digest)
                t, own, spent, digest = run(command, args, path, jobs)
                many = t if many is None else min(many, t)
                cpu_many = own + spent if cpu_many is None else min(cpu_many, own + spent)
                parts = (own, spent) if parts is None else min(parts, (own, spent))
                digests.add(digest)
            same = "" if len(digests) == 1 else "  OUTPUTS DIFFER"
            print("%-24s %-13s %9.2f %9.2f %6.2fx %5.2f / %5.2f%s" % (
                name[:24], command, one, many, one / many, cpu_one, cpu_many, same))
            split.append((name, cpu_one) + parts)
        print("%-24s %9s %9s %7s %16s" % ("case", "own CPU", "workers", "own %",
                                          "16 cores: at most"))
        for name, cpu_one, own, workers_cpu in split:
            print("%-24s %9.2f %9.2f %6.1f%% %15.1fx" % (
                name[:24], own, workers_cpu, 100 * own / (own + workers_cpu),
                cpu_one / max(own, (own + workers_cpu) / 16)))
        print("load average after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))


if __name__ == "__main__":
    main()
