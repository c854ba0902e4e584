#!/usr/bin/env python3
"""Benchmark of batch solving with uniqueness check (count 2), in microseconds per puzzle.

For each puzzle set, in the same run (the grids are read first; parsing is left out of
every column):

- ours, once per engine: ``dimacs_sudoku.tasks.solving.solve_many(grids, count=2, engine=E)``:
  propagation, then the reduced problem through ``pysat`` (a fresh MiniCard solver per
  puzzle; only when python-sat is installed) or ``pycosat`` (the bundled picosat). The
  two engines run interleaved, ``--repeat`` times, and the median time counts;
- (c) PySAT incremental, the route of the C++ program: ONE MiniSat 2.2 instance per
  run holding the full extended encoding (10,530 clauses), each puzzle's facts as
  assumptions, each model blocked by a clause with an activation literal that is
  switched off afterwards; ``--assume`` says which facts: ``givens``, or ``propagated``
  (the cells placed by our propagation and the candidates its box-line eliminations
  removed); first ``--sample-c`` puzzles; only with python-sat;
- (a) by hand: one ``pycosat.solve`` on the full extended clause list plus the givens
  per puzzle, and a second one with the first solution blocked; first ``--sample-a``;
- (b) the external ``picosat`` binary on one CNF file per puzzle (``--all``, which for
  a puzzle with one solution is the same two solves), counting the time to write the
  file and run the process (wall clock); first ``--sample-b``;
- tdoku's MiniSat-based solvers (``minisat_minimal``, ``minisat_natural``,
  ``minisat_complete``, ``minisat_augmented``), when ``TDOKU_BENCHMARK`` names tdoku's
  ``run_benchmark`` program built with MiniSat on: one run per solver on a file of the
  same puzzles ours solved (``-r0``: not permuted; two solutions asked). It reports
  wall-clock microseconds per puzzle of its own loop; they are scaled by its process's
  CPU / wall time (from the kernel's accounting of the child), so that they are CPU
  time like ours. ``--tdoku-seconds`` is its ``-t``.

Each set is measured in a process of its own, as ``sudoku-solve`` runs a file and
tdoku's program a set. Times are CPU seconds of that process (steadier than wall clock
on a shared machine), but (b), which is wall clock. Ours and tdoku's runs alternate
``--repeat`` times; the median of each counts. Every column's counts are checked
against ours, and the two engines' solutions against each other. The C++ figures are
the ones quoted in the issue for a C++ program with MiniSat used incrementally: known
reference numbers, NOT measured here.

Sets: all of them, tdoku 17-clue (49,158), magictour top1465 (1,465) and
forum-hardest-1905-11plus (48,766; ``--hardest N`` takes the first N). ``--quick``
takes the first 2,000 / all / first 1,000 and smaller samples: about 3 minutes with
TDOKU_BENCHMARK (most of it tdoku's timed runs, ``-t 2``), about 1 without; the run of
docs/benchmarks.md's table (``--hardest 5000 --tdoku-seconds 5``) took 30 minutes on two cores
shared at a load of 6-7 (November 2026).

Usage: python bench/batch.py [--quick] [--sets 17,top1465,hardest] [--data DIR]
       python bench/batch.py --pysat-solvers minicard,m22,g4   # the pysat engine's solver
       python bench/batch.py --large   # large puzzles: sudoku2cnf, cadical, cnf2sudoku
       python bench/batch.py --large --solver pysat:kissat404 --only rkkautsar-sudoku-225-1
"""

import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from functools import reduce
from operator import and_, neg
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dimacs_sudoku.tasks import solving as batch  # noqa: E402
from dimacs_sudoku.errors import PYTHON_SAT_MISSING  # noqa: E402
from dimacs_sudoku.formats import read_puzzles  # noqa: E402

SETS = {
    "17": ("tdoku-17-clue.txt", 350, "17-clue"),
    "top1465": ("magictour-top1465.txt", 690, "top1465"),
    "hardest": ("forum-hardest-1905-11plus.txt", 3000, "hardest"),
}
DEFAULT_DATA = ROOT.parent / "shared" / "data"
_POSITIVE = (0).__lt__


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


def ours(grids, engine):
    return [(s.cells if s else None, n) for s, n in batch.solve_many(grids, count=2,
                                                                       engine=engine)]


# ---- (a) by hand, (b) external picosat ---------------------------------------------

def full_clauses():
    from dimacs_sudoku.encodings import encode
    from dimacs_sudoku.core.grid import Grid
    return [list(c) for c in encode(Grid.empty(9)).clauses()]


def by_hand(grids):
    import pycosat
    base = full_clauses()
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


# ---- (c) one incremental PySAT instance, the C++ program's route -----------------------

class Incremental:
    """One MiniSat instance with the full 9x9 extended encoding; puzzles as
    assumptions; models blocked with an activation literal, switched off after the
    puzzle. The instance is rebuilt every ``RENEW`` puzzles (every activation literal
    is a new variable, and each model the solver returns lists them all)."""

    RENEW = 200

    def __init__(self, assume="propagated", name="m22"):
        from pysat.solvers import Solver
        from dimacs_sudoku.core.grid import Grid
        from dimacs_sudoku.reasoning.propagate import propagator_for
        self.Solver = Solver
        self.name = name
        self.base = full_clauses()
        self.assume = assume
        self.eng = propagator_for(Grid.empty(9).layout, "swar")
        self.solver = None

    def fresh(self):
        if self.solver is not None:
            self.solver.delete()
        self.solver = self.Solver(name=self.name, bootstrap_with=self.base)
        self.next_var = 730
        self.used = 0

    def facts(self, cells):
        """The assumptions of a puzzle: None when propagation decides it (its count
        then in the second place)."""
        if self.assume == "givens":
            return [cell * 9 + d for cell, d in enumerate(cells) if d], None
        from dimacs_sudoku.reasoning.propagate import Inconsistent
        eng = self.eng
        try:
            X, placed = eng.run(cells, True)
        except Inconsistent:
            return None, 0
        if not X:
            return None, 1
        placed = set(placed)
        facts = [q + 1 for q in placed]
        # candidates that box-line eliminations removed (the placements' own
        # eliminations are unit propagation's work in the solver)
        singles = reduce(and_, map(eng.clear.__getitem__, placed), eng.full)
        facts += [-(q + 1) for q in eng.open_candidates(singles & ~X)]
        return facts, None

    def count(self, cells):
        facts, known = self.facts(cells)
        if facts is None:
            return known
        if self.solver is None or self.used >= self.RENEW:
            self.fresh()
        solver = self.solver
        if not solver.solve(assumptions=facts):
            return 0
        positives = list(filter(_POSITIVE, solver.get_model()[:729]))
        act = self.next_var
        self.next_var += 1
        self.used += 1
        solver.add_clause([-act] + list(map(neg, positives)))
        facts.append(act)
        found = solver.solve(assumptions=facts)
        solver.add_clause([-act])
        return 2 if found else 1


def incremental(grids, assume):
    inc = Incremental(assume)
    return [inc.count(grid.cells) for grid in grids]


# ---- tdoku's MiniSat-based solvers ---------------------------------------------------

TDOKU_SOLVERS = ("minisat_minimal", "minisat_natural", "minisat_complete",
                 "minisat_augmented")


def write_lines(grids, path):
    """The grids as 81-character lines, the form run_benchmark reads."""
    with open(path, "w") as out:
        for grid in grids:
            out.write("".join(str(d) if d else "." for d in grid.cells) + "\n")


def tdoku_hint(solver, output):
    """What a MiniSat solver of tdoku that finds no model at its warmup most likely
    means (docs/benchmarks.md): its global solvers were built before MiniSat's option
    globals, which happens when MiniSat is linked statically.

    >>> tdoku_hint("minisat_complete", "Error during warmup") != ""
    True
    >>> tdoku_hint("tdoku", "Error during warmup")
    ''
    """
    if solver.startswith("minisat") and "Error during warmup" in output:
        return ("\n(a run_benchmark linked with a static libminisat builds tdoku's global "
                "MiniSat solvers before MiniSat's parameters, which they then read as 0: "
                "build it against a shared libminisat, e.g. Debian's minisat package; "
                "see docs/benchmarks.md)")
    return ""


def tdoku_run(program, solver, path, n, seconds):
    """(wall microseconds per puzzle as tdoku reports it, wall seconds of the run) of
    one tdoku solver on the n puzzles of path."""
    argv = [program, "-n", str(n), "-r0", "-c1", "-v0", "-t", str(seconds),
            "-w", str(max(1, seconds // 4)), "-s", solver, path]
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    out, err = child.communicate()
    wall = time.perf_counter() - started
    if child.returncode:
        sys.exit("%s: exit %s: %s%s" % (" ".join(argv), child.returncode,
                                        (out + err)[-300:], tdoku_hint(solver, out + err)))
    rows = [line.split(",") for line in out.splitlines() if line.count(",") >= 8]
    row = [r for r in rows if r[-5] == solver]
    if not row:
        sys.exit("%s: no result for %s in: %s" % (program, solver, out[-300:]))
    return float(row[0][-3]), wall


def tdoku_cpu_ratio(program, solver, path, n, seconds):
    """(CPU us per puzzle, wall us per puzzle) of one tdoku solver."""
    before = os.times()
    usec_wall, wall = tdoku_run(program, solver, path, n, seconds)
    after = os.times()
    cpu = (after.children_user - before.children_user
           + after.children_system - before.children_system)
    share = min(1.0, cpu / wall) if wall > 0 else 1.0
    return usec_wall * share, usec_wall


# ---- the table ------------------------------------------------------------------------

def us(seconds, n):
    return seconds / n * 1e6


class Settings:
    """What a run of the sets measures, from the command line."""

    def __init__(self, args):
        self.have_pysat = batch.pysat_available()
        self.have_picosat = shutil.which("picosat") is not None
        self.engines = (["pysat"] if self.have_pysat else []) + ["pycosat"]
        self.program = os.environ.get("TDOKU_BENCHMARK")
        self.tdoku_solvers = ([t for t in args.tdoku_solvers.split(",") if t]
                              if self.program else [])
        if self.program and not os.access(self.program, os.X_OK):
            sys.exit("TDOKU_BENCHMARK=%s is not a program" % self.program)
        self.sample_a, self.sample_b = args.sample_a, args.sample_b
        self.sample_c = args.sample_c
        self.tdoku_seconds = args.tdoku_seconds
        if args.quick:
            self.sample_a = min(self.sample_a, 100)
            self.sample_b = min(self.sample_b, 50)
            self.sample_c = min(self.sample_c, 300)
            self.tdoku_seconds = min(self.tdoku_seconds, 2)
        self.assumes = ([a for a in args.assume.split(",") if a] if self.have_pysat else [])
        self.limits = {"17": 2000 if args.quick else None, "top1465": None,
                       "hardest": 1000 if args.quick else (args.hardest or None)}


def bench_sets(args):
    """Each set is measured in a child process of its own (the way sudoku-solve runs a
    file, and tdoku's program a set): in one process, a set timed after another's tens
    of thousands of puzzles ran some 7% slower (top1465 after 17-clue: 451 against 421
    us, alternating runs)."""
    settings = Settings(args)
    engines, assumes = settings.engines, settings.assumes
    rows = []
    tdoku_rows = []
    print(HEADER % ("  ".join("%8s" % e for e in engines),
                    "  ".join("(c) %-8s" % a[:8] for a in assumes)), flush=True)
    for name in args.sets.split(","):
        row, tdoku_row = set_in_child(name)
        rows.append(row)
        if tdoku_row is not None:
            tdoku_rows.append(tdoku_row)
        print_row(row, engines, assumes)
    print_ratios(rows, engines)
    if tdoku_rows:
        print_tdoku(tdoku_rows, engines, settings.tdoku_solvers, settings.tdoku_seconds)
    limits = settings.limits
    print("\nus = microseconds per puzzle, uniqueness checked (count 2); CPU time but (b), "
          "wall clock.\nours: %s; median of %d, each set in a process of its own. Samples: "
          "(a) first %d, (b) first %d, (c) first %d puzzles of each set.\n(c) = PySAT "
          "MiniSat 2.2, one incremental instance, full encoding, assumptions (givens, or "
          "our propagation's result).\nC++ = the issue's figures for a C++ program with "
          "MiniSat used incrementally: quoted, NOT measured here.\nSets: 17-clue %s, "
          "top1465 all, hardest %s."
          % (", ".join(engines), args.repeat, settings.sample_a, settings.sample_b,
             settings.sample_c,
             "first %d" % limits["17"] if limits["17"] else "all",
             "first %d" % limits["hardest"] if limits["hardest"] else "all"))
    if not settings.program:
        print("(tdoku's MiniSat-based solvers: set TDOKU_BENCHMARK=path/to/run_benchmark)")
    return rows


def set_in_child(name):
    """(row, tdoku row or None) of set ``name``, measured by a child process."""
    # This command's own options again; the last --sets wins.
    argv = [sys.executable, __file__, *sys.argv[1:], "--one-set", "--sets", name]
    done = subprocess.run(argv, stdout=subprocess.PIPE, text=True)
    if done.returncode:
        sys.exit("bench/batch.py: the run of set %s failed (exit %d): %s"
                 % (name, done.returncode, done.stdout.strip()[-300:]))
    row, tdoku_row = json.loads(done.stdout.strip().splitlines()[-1])
    return row, tdoku_row


def measure_set(args, name):
    """(row, tdoku row or None) of set ``name``, measured in this process."""
    settings = Settings(args)
    engines, assumes, program = settings.engines, settings.assumes, settings.program
    filename, cpp, label = SETS[name]
    grids = read(Path(args.data) / "9x9" / filename, settings.limits[name])
    n = len(grids)
    times = {}
    results = {}
    tdoku_us = {}
    with tempfile.TemporaryDirectory() as folder:
        lines = os.path.join(folder, "puzzles.txt")
        if program:
            write_lines(grids, lines)
        for _ in range(args.repeat):
            for engine in engines:
                out, cpu, _ = timed(lambda: ours(grids, engine))
                times.setdefault(engine, []).append(cpu)
                results[engine] = out
            for solver in settings.tdoku_solvers:
                cpu_us, _ = tdoku_cpu_ratio(program, solver, lines, n,
                                            settings.tdoku_seconds)
                tdoku_us.setdefault(solver, []).append(cpu_us)
    ours_us = {e: us(statistics.median(times[e]), n) for e in engines}
    tdoku_med = {t: statistics.median(v) for t, v in tdoku_us.items()}
    tdoku_row = (label, n, ours_us, tdoku_med) if program else None
    ref = results[engines[0]]
    counts = [k for _, k in ref]
    for engine in engines[1:]:
        assert results[engine] == ref, "%s and %s differ" % (engine, engines[0])
    unique = sum(1 for k in counts if k == 1)
    c_us = {}
    for assume in assumes:
        k = min(settings.sample_c, n)
        if not k:
            continue
        c_counts, c_cpu, _ = timed(lambda: incremental(grids[:k], assume))
        assert c_counts == counts[:k], "(c) counts differ"
        c_us[assume] = us(c_cpu, k)
    k_a = min(settings.sample_a, n)
    a_us = None
    if k_a:
        a_counts, a_cpu, _ = timed(lambda: by_hand(grids[:k_a]))
        assert a_counts == counts[:k_a], "by-hand counts differ"
        a_us = us(a_cpu, k_a)
    b_us = None
    if settings.have_picosat and settings.sample_b:
        k_b = min(settings.sample_b, n)
        with tempfile.TemporaryDirectory() as folder:
            b_counts, _, b_wall = timed(lambda: external(grids[:k_b], folder))
        assert b_counts == counts[:k_b], "picosat counts differ"
        b_us = us(b_wall, k_b)
    return (label, n, unique, ours_us, c_us, a_us, b_us, cpp), tdoku_row


def print_tdoku(rows, engines, solvers, seconds):
    print("\ntdoku's MiniSat-based solvers (run_benchmark -r0 -t %d, two solutions "
          "asked), CPU us per puzzle,\nand ours / theirs (less than 1: ours is faster), "
          "medians of the interleaved runs:" % seconds)
    print("%-8s | %s | %s" % ("set", " ".join("%9s" % e for e in engines),
                             " ".join("%18s" % t for t in solvers)))
    for label, n, ours_us, tdoku_us in rows:
        print("%-8s | %s | %s" % (label, " ".join("%9.0f" % ours_us[e] for e in engines),
                                 " ".join("%18.0f" % tdoku_us[t] for t in solvers)))
    for e in engines:
        print("\nours (%s) / theirs:" % e)
        for label, n, ours_us, tdoku_us in rows:
            print("%-8s | %s" % (label, " ".join("%18.2f" % (ours_us[e] / tdoku_us[t])
                                                for t in solvers)))


HEADER = "set      puzzles unique | ours: %s | %s | (a) by hand (b) picosat | C++ quoted"


def print_row(row, engines, assumes):
    label, n, unique, ours_us, c_us, a_us, b_us, cpp = row
    print("%-8s %7d %6d |       %s | %s | %11s %11s | %10d"
          % (label, n, unique, "  ".join("%8.0f" % ours_us[e] for e in engines),
             "  ".join("%12.0f" % c_us[a] if a in c_us else "%12s" % "-" for a in assumes),
             "%.0f" % a_us if a_us else "-", "%.0f" % b_us if b_us else "-", cpp),
          flush=True)


def print_ratios(rows, engines):
    print("\nratios, baseline / ours (more is better for ours):")
    print("%-8s | %s" % ("set", " | ".join("%-31s" % ("ours = " + e) for e in engines)))
    print("%-8s | %s" % ("", " | ".join("%9s %9s %11s" % ("(a)/ours", "(b)/ours", "C++/ours")
                                        for _ in engines)))
    for label, n, unique, ours_us, c_us, a_us, b_us, cpp in rows:
        cells = []
        for e in engines:
            o = ours_us[e]
            cells.append("%9s %9s %10.2fx" % ("%.1fx" % (a_us / o) if a_us else "-", "%.1fx" % (b_us / o) if b_us else "-",
                                                 cpp / o))
        print("%-8s | %s" % (label, " | ".join(cells)))


def bench_pysat_solvers(args):
    """The pysat engine with each PySAT solver of --pysat-solvers."""
    names = args.pysat_solvers.split(",")
    limits = {"17": 2000, "top1465": None, "hardest": 1000}
    print("pysat engine, us per puzzle (count 2), best of %d:" % args.repeat)
    print("%-8s %7s | %s" % ("set", "puzzles", " ".join("%9s" % s for s in names)))
    for name in args.sets.split(","):
        filename, _, label = SETS[name]
        grids = read(Path(args.data) / "9x9" / filename, limits[name])
        best = {}
        for _ in range(args.repeat):
            for solver in names:
                batch.PYSAT_SOLVER = solver
                _, cpu, _ = timed(lambda: ours(grids, "pysat"))
                best[solver] = min(best.get(solver, cpu), cpu)
        print("%-8s %7d | %s" % (label, len(grids), " ".join("%9.0f" % us(best[s], len(grids))
                                                            for s in names)), flush=True)


# ---- large puzzles ---------------------------------------------------------------------

def run_timed(argv, stdout=None, timeout=None):
    """``(exit code, wall s, CPU s)`` of a command (its CPU time, user + system, from
    the kernel's accounting of the waited-for child)."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    try:
        done = subprocess.run(argv, stdout=stdout, stderr=subprocess.PIPE, timeout=timeout)
        code = done.returncode
    except subprocess.TimeoutExpired:
        code = "timeout"
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return code, wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cnf_size(path):
    with open(path) as stream:
        for line in stream:
            if line.startswith("p cnf"):
                return tuple(int(v) for v in line.split()[2:4])
    return (0, 0)


def _unknown(path):
    with open(path) as answer:
        return not any(line.startswith("s SATISFIABLE") for line in answer)


def bench_large(args):
    folder = Path(args.data) / "large"
    bin_dir = ROOT / "bin"

    def key(path):
        parts = path.stem.split("-")
        return int(parts[-2].replace("table", "")), path.name

    files = sorted(folder.glob("*.txt"), key=key)
    if args.only:
        files = [path for path in files if path.stem in args.only.split(",")]
    # An installed package has its bytecode compiled; under PYTHONDONTWRITEBYTECODE=1
    # each of our two commands would compile its modules again in every run (some
    # 40 ms of CPU each, counted in our share). Compiled once here, untimed (a tree
    # that cannot take it is timed as it is).
    writing = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "dimacs_sudoku")],
                   env=writing, stdout=subprocess.DEVNULL, check=False)
    if args.solver.startswith("pysat:"):
        solver_argv = [sys.executable, str(bin_dir / "cnfsolve"), "-q", "-s", args.solver]
    else:
        solver_argv = [args.solver, "-q"]
    # Each figure beside its baseline from the same run: our two commands' share of the
    # pipe's wall time, and the encoder's time over the solver's.
    # "ours %": of the wall time; "CPU %": the same share of the three commands' CPU
    # time, which moves less with the machine's load.
    print("%-30s %-9s %9s %9s | %8s %8s %8s %8s | %6s %6s %9s | %s"
          % ("puzzle", "mode", "vars", "clauses", "encode s", "solver s", "decode s",
             "total", "ours %", "CPU %", "enc/solver", "result"))
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            for mode in args.modes.split(","):
                cnf, out = os.path.join(tmp, "p.cnf"), os.path.join(tmp, "p.out")
                code, t_enc, c_enc = run_timed([sys.executable, str(bin_dir / "sudoku2cnf"),
                                                "--" + mode, str(path), "-o", cnf])
                if code != 0:
                    print("%-30s %-9s encode failed (%s)" % (path.name, mode, code))
                    continue
                nv, nc = cnf_size(cnf)
                with open(out, "w") as sink:
                    code, t_sat, c_sat = run_timed(solver_argv + [cnf], stdout=sink,
                                                   timeout=args.cap)
                if code not in (0, 10, 20) or code == 0 and _unknown(out):
                    print("%-30s %-9s %9d %9d | %8.2f %8s" % (path.name, mode, nv, nc, t_enc,
                                                             code))
                    continue
                code, t_dec, c_dec = run_timed([sys.executable, str(bin_dir / "cnf2sudoku"),
                                                "--cnf", cnf, out, "-o", os.devnull])
                result = "ok" if code == 0 else "decode exit %s" % code
                total = t_enc + t_sat + t_dec
                cpu = c_enc + c_sat + c_dec
                print("%-30s %-9s %9d %9d | %8.2f %8.2f %8.2f %8.2f | %5.0f%% %5.0f%% %9s | %s"
                      % (path.name, mode, nv, nc, t_enc, t_sat, t_dec, total,
                         100 * (t_enc + t_dec) / total,
                         100 * (c_enc + c_dec) / cpu if cpu else 100,
                         "%.2f" % (t_enc / t_sat) if t_sat >= 0.005 else "-", result),
                      flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="samples, about a minute")
    parser.add_argument("--sets", default="17,top1465,hardest",
                        help="comma-separated, of %s" % ", ".join(SETS))
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--hardest", type=int, default=0,
                        help="the first N of the hardest set in the full run (0: all 48,766)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="interleaved runs of ours (and tdoku's); the median counts")
    parser.add_argument("--tdoku-solvers", default=",".join(TDOKU_SOLVERS),
                        help="with TDOKU_BENCHMARK: which of its solvers (comma-separated)")
    parser.add_argument("--tdoku-seconds", type=int, default=10,
                        help="with TDOKU_BENCHMARK: its test time per solver and set (-t)")
    parser.add_argument("--sample-a", type=int, default=500)
    parser.add_argument("--sample-b", type=int, default=200)
    parser.add_argument("--sample-c", type=int, default=1000)
    parser.add_argument("--assume", default="givens,propagated",
                        help="(c) variants: givens, propagated (comma-separated; '' none)")
    parser.add_argument("--pysat-solvers", default=None,
                        help="compare PySAT solvers for the pysat engine instead")
    parser.add_argument("--large", action="store_true", help="the large puzzles instead")
    parser.add_argument("--modes", default="reduce,propagate",
                        help="sudoku2cnf options for --large")
    parser.add_argument("--cap", type=float, default=120, help="solver time limit, s")
    parser.add_argument("--solver", default="cadical",
                        help="for --large: a solver program taking -q, or pysat:NAME "
                             "(through cnfsolve)")
    parser.add_argument("--only", default="",
                        help="for --large: puzzle names (file stems), comma-separated")
    parser.add_argument("--one-set", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    unknown = [name for name in args.sets.split(",") if name not in SETS]
    if unknown:
        parser.error("unknown set %s (choose from %s)" % (unknown[0], ", ".join(SETS)))
    if not Path(args.data).is_dir():
        sys.exit("no data folder %s (give --data DIR)" % args.data)
    if args.one_set and len(args.sets.split(",")) != 1:
        parser.error("--one-set measures one set")
    if args.large:
        bench_large(args)
    elif args.pysat_solvers:
        if not batch.pysat_available():
            sys.exit(PYTHON_SAT_MISSING)
        bench_pysat_solvers(args)
    elif args.one_set:
        print(json.dumps(measure_set(args, args.sets)))
    else:
        bench_sets(args)


if __name__ == "__main__":
    main()
