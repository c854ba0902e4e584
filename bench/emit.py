"""Speed and memory of writing the CNF of an empty N x N grid, against cat and a naive writer.

Run as ``python bench/emit.py [--quick] [--sizes 9,16,25] [--markdown FILE]``. For each
size, encoding and at-most-one family a fresh Python process builds the formula and
writes it to /dev/null (the time covers ``encode``, the counting pass for the header
and the writing; not the interpreter's start, nor a collection of the imports' young
objects, done before), then reports its peak RSS and the RSS
it had before ``encode``; the best time of ``--runs`` processes counts (wall clock,
and CPU time, steadier on a busy machine). Beside it, in the same run:

- ``cat``: the same bytes, written once to a temporary file, then ``cat FILE >
  /dev/null`` timed through a shell (best of ``--runs``, process start included);
- ``naive``: the same formula written one ``print`` per clause from
  ``Formula.clauses()``, in its own fresh process, only for sizes up to
  ``--naive-max`` (it is slow);
- ``cadical``: how long cadical takes to read the same file, as cadical itself reports
  it: ``cadical -v -d 0 -n FILE`` prints ``c parsed N clauses in S seconds process
  time`` once the file is read, then stops at once (a limit of 0 decisions); best of
  ``--runs``. Its process time has two decimals: a file it reads in under half a
  second is read again as one file of many copies of its clauses (about 16 MB, the
  header's count multiplied), and that time divided by the copies counts (the same
  bytes read again, so the same work per copy, to three or four digits). Such a file
  is also read once by a whole fresh cadical (``cadical cold``): its process CPU time
  less that of a run on a one-clause file, best of each, so that both sides are one
  cold run, as in a pipe.

Pairwise is left out above ``--pairwise-max`` (49): its clauses grow as 2N⁴, 31
million at 64x64 and 189 million at 100x100.

``--instructions`` counts instructions instead (valgrind's callgrind; the same count on
any load, where times at 9x9 move by a third between runs): ours, the whole child
process less one that makes the same grid and stops before ``encode``; cadical's, its
``-n`` run on the file less its run on a one-clause file. With ``--base CHECKOUT`` the
same child runs on another checkout's package too, for a before/after of a change.
Sizes 9 and 16 unless ``--sizes`` says (under valgrind a case runs some 50 times
slower: 9x9 in seconds, 25x25 pairwise in a minute).

The full run (sizes 4 to 100, three encodings, seven families) takes about 20 minutes
on two cores, most of it 100x100; ``--quick`` (9, 16, 25, 49, extended only) two or
three minutes. The table is markdown, ready for docs/benchmarks.md ("Emission speed and
memory"); ``--markdown FILE`` writes it to FILE too.
The goal: emission is never the pipe's bottleneck, ``ours CPU / cadical`` below 1 for
every size and family (sudoku2cnf writes the CNF faster than cadical reads it); and
peak RSS flat in N.
"""

import argparse
import gc
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENCODINGS = ("minimal", "efficient", "extended")
FAMILIES = ("pairwise", "sequential", "ladder", "binary", "commander", "product", "bimander")


# ---- one case, in a child process -----------------------------------------------------

def peak_rss_mb():
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def run_case(size, encoding, amo, mode, keep, root=ROOT):
    """Time one way of writing the formula; print a JSON line of facts. Mode "none"
    stops before ``encode`` (the floor that --instructions subtracts)."""
    sys.path.insert(0, str(root))
    from dimacs_sudoku.encodings import encode
    from dimacs_sudoku.core.grid import Grid

    grid = Grid.empty(size)
    rss_before = peak_rss_mb()
    # The imports' young objects are collected first, as bench/batch.py does: a
    # collection of them falling inside the timing would be theirs, not ours.
    gc.collect()
    if mode == "none":
        with open(os.devnull, "w"):     # as the timed modes do (0.2 M instructions)
            print(json.dumps({"rss_mb": peak_rss_mb()}))
        return
    with open(os.devnull, "w") as out:
        start, cpu = time.perf_counter(), time.process_time()
        formula = encode(grid, encoding=encoding, amo=amo)
        if mode == "ours":
            formula.write(out)
        else:
            out.write(formula.header())
            for clause in formula.clauses():
                print(" ".join(map(str, clause)) + " 0", file=out)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    facts = {"seconds": seconds, "cpu": cpu, "rss_mb": peak_rss_mb(),
             "rss_start_mb": rss_before, "vars": formula.num_vars,
             "clauses": formula.num_clauses}
    if keep:
        with open(keep, "w") as out:
            formula.write(out)
        facts["bytes"] = os.path.getsize(keep)
    print(json.dumps(facts))


def child_argv(size, encoding, amo, mode, keep=None, root=None):
    argv = [sys.executable, __file__, "--case", "%d,%s,%s,%s" % (size, encoding, amo, mode)]
    if keep:
        argv += ["--keep", keep]
    if root:
        argv += ["--root", root]
    return argv


def child(size, encoding, amo, mode, keep=None):
    done = subprocess.run(child_argv(size, encoding, amo, mode, keep), stdout=subprocess.PIPE,
                          check=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


# cadical's parse time has two decimals: below this, the file is read as many copies.
PRECISE_SECONDS = 0.5
COPIES_BYTES = 16 << 20


def cadical_read(path):
    """cadical reading ``path`` and stopping at once (a limit of 0 decisions)."""
    return ["cadical", "-v", "-d", "0", "-n", path]


def cadical_parse_seconds(path):
    """cadical's own process time for reading ``path``, from one run."""
    done = subprocess.run(cadical_read(path), text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    found = re.search(r"^c parsed \d+ clauses in ([\d.]+) seconds", done.stdout, re.M)
    if found is None:
        raise RuntimeError("cadical printed no parse time for %s" % path)
    return float(found.group(1))


def write_one_clause(work):
    """A CNF of one clause in the folder ``work``: cadical's run on it is its floor."""
    path = os.path.join(work, "one-clause.cnf")
    with open(path, "w") as out:
        out.write("p cnf 1 1\n1 0\n")
    return path


def cadical_process_cpu(path):
    """CPU seconds (user + system) of one whole ``cadical -n`` run reading ``path``."""
    child = subprocess.Popen(cadical_read(path), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime


def write_copies(path, out_path):
    """Write the clauses of the CNF ``path`` again and again into one CNF at
    ``out_path`` (about COPIES_BYTES, the header's clause count multiplied); return
    the number of copies. Streamed: this process stays small, since the children it
    starts report a peak RSS that counts their parent's at the fork."""
    with open(path, "rb") as cnf:
        line = cnf.readline()
        while line and not line.startswith(b"p cnf "):
            line = cnf.readline()
        _, _, num_vars, num_clauses = line.split()
        start = cnf.tell()
        copies = max(1, COPIES_BYTES // max(1, os.path.getsize(path) - start))
        with open(out_path, "wb") as out:
            out.write(b"p cnf %s %d\n" % (num_vars, int(num_clauses) * copies))
            for _ in range(copies):
                cnf.seek(start)
                shutil.copyfileobj(cnf, out, 1 << 20)
    return copies


def time_cat(path, runs=3):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run("cat '%s' > /dev/null" % path, shell=True, check=True)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    return best


# ---- instructions (--instructions) ----------------------------------------------------

def instructions(argv, exits=(0,)):
    """The instructions valgrind's callgrind counts for the whole command ``argv``,
    which must end with one of the ``exits`` codes."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None or done.returncode not in exits:
        raise RuntimeError("%s: exit %d under callgrind: %s"
                           % (" ".join(argv), done.returncode, done.stderr[-300:]))
    return int(found.group(1))


# cadical -n stops after reading; it exits 0, or 10 or 20 when the file is decided by then
CADICAL_EXITS = (0, 10, 20)


def cadical_instructions(path):
    return instructions(cadical_read(path), CADICAL_EXITS)


def count_case(size, encoding, amo, work, roots, floors):
    """Instructions of writing the case on each checkout of ``roots`` and of cadical
    reading it, each less its floor: ``floors[root, size]`` (made here when missing)
    and ``floors["cadical"]``."""
    path = os.path.join(work, "%d-%s-%s.cnf" % (size, encoding, amo))
    counts = {"clauses": child(size, encoding, amo, "ours", keep=path)["clauses"]}
    try:
        for root in roots:
            if (root, size) not in floors:
                floors[root, size] = instructions(
                    child_argv(size, encoding, amo, "none", root=root))
            counts[root] = instructions(child_argv(size, encoding, amo, "ours", root=root)) \
                - floors[root, size]
        counts["cadical"] = cadical_instructions(path) - floors["cadical"]
    finally:
        os.unlink(path)
    return counts


def count_instructions(args, sizes, encodings, families):
    """The --instructions table: ours and cadical's in millions, and their ratio (and
    with --base, the base checkout's and ours / base)."""
    for tool in ("valgrind", "cadical"):
        if shutil.which(tool) is None:
            sys.exit("emit.py: --instructions needs %s on PATH" % tool)
    roots = [str(ROOT)] + ([os.path.abspath(args.base)] if args.base else [])
    for root in roots[1:]:
        if not os.path.isdir(os.path.join(root, "dimacs_sudoku")):
            sys.exit("emit.py: --base %s has no dimacs_sudoku package" % root)
    head = "| grid | encoding | amo | clauses | ours M instr | cadical M instr | ours ÷ cadical |"
    rule = "|---|---|---|---:|---:|---:|---:|"
    if args.base:
        head += " base M instr | ours ÷ base |"
        rule += "---:|---:|"
    lines = [head, rule]
    print(head + "\n" + rule, flush=True)
    work = tempfile.mkdtemp(prefix="dimacs-sudoku-emit-")
    try:
        one = write_one_clause(work)
        floors = {"cadical": cadical_instructions(one)}
        os.unlink(one)
        for size in sizes:
            for encoding in encodings:
                for amo in families:
                    if amo == "pairwise" and size > args.pairwise_max:
                        continue
                    counts = count_case(size, encoding, amo, work, roots, floors)
                    ours, cadical = counts[roots[0]], counts["cadical"]
                    line = ("| %dx%d | %s | %s | %s | %.1f | %.1f | %.2f |"
                            % (size, size, encoding, amo, format(counts["clauses"], ","),
                               ours / 1e6, cadical / 1e6, ours / cadical))
                    if args.base:
                        base = counts[roots[1]]
                        line += " %.1f | %.2f |" % (base / 1e6, ours / base)
                    lines.append(line)
                    print(line, flush=True)
    finally:
        os.rmdir(work)
    footer = ("Instructions (valgrind's callgrind), millions: ours is the child process less "
              "one stopped before encode; cadical's its -n read of the file less that of a "
              "one-clause file. ours ÷ cadical below 1: fewer instructions to write than "
              "cadical takes to read (a proxy for the times, not the goal's measure).")
    print("\n" + footer)
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("%s\n\n%s\n" % ("\n".join(lines), footer))
    return 0


# ---- the table ---------------------------------------------------------------------

def measure(size, encoding, amo, naive, work, runs, one):
    path = os.path.join(work, "%d-%s-%s.cnf" % (size, encoding, amo))
    copied = path + ".copies"
    # The first run also writes the file for cat, after its timed write to /dev/null.
    ours = child(size, encoding, amo, "ours", keep=path)
    every = [ours]
    cadical = []
    try:
        target = copies = None
        if shutil.which("cadical") is not None:
            cadical.append(cadical_parse_seconds(path))
            target, copies = path, 1
            if cadical[0] < PRECISE_SECONDS:
                cadical = []
                target, copies = copied, write_copies(path, copied)
        # Our writes and cadical's reads alternate, so that a slow moment of the
        # machine weighs on both sides. A file read as copies is also read once by a
        # whole fresh cadical, cold as ours is, less its run on a one-clause file.
        cold, floor = [], []
        for run in range(runs):
            if run:
                every.append(child(size, encoding, amo, "ours"))
            if target is not None:
                cadical.append(cadical_parse_seconds(target) / copies)
            if target is copied:
                cold.append(cadical_process_cpu(path))
                floor.append(cadical_process_cpu(one))
        ours["cadical_cold"] = min(cold) - min(floor) if cold else None
        ours["cat"] = time_cat(path, runs)
    finally:
        for done in (path, copied):
            if os.path.exists(done):
                os.unlink(done)
    ours["cadical"] = min(cadical) if cadical else None
    ours["seconds"] = min(facts["seconds"] for facts in every)
    ours["cpu"] = min(facts["cpu"] for facts in every)
    ours["rss_mb"] = max(facts["rss_mb"] for facts in every)
    ours["rss_start_mb"] = max(facts["rss_start_mb"] for facts in every)
    if naive:
        ours["naive"] = child(size, encoding, amo, "naive")["seconds"]
    return ours


def row(size, encoding, amo, facts):
    mb = facts["bytes"] / 1e6
    ours = facts["seconds"]
    naive = facts.get("naive")
    cadical = facts.get("cadical")
    cold = facts.get("cadical_cold")
    return ("| %dx%d | %s | %s | %s | %s | %.1f | %.3f | %.3f | %.0f | %.0f (%.0f) | %s | %s "
            "| %s | %s | %.4f | %.1f | %s | %s |"
            % (size, size, encoding, amo, format(facts["vars"], ","),
               format(facts["clauses"], ","), mb, ours, facts["cpu"], mb / ours,
               facts["rss_mb"], facts["rss_start_mb"],
               "-" if cadical is None else "%.4f" % cadical,
               "-" if not cadical else "%.2f" % (facts["cpu"] / cadical),
               "-" if cold is None else "%.4f" % cold,
               "-" if not cold else "%.2f" % (facts["cpu"] / cold),
               facts["cat"], ours / facts["cat"],
               "%.3f" % naive if naive else "-", "%.1f" % (naive / ours) if naive else "-"))


HEADER = ("| grid | encoding | amo | vars | clauses | MB | ours s | ours CPU s | MB/s "
          "| peak RSS MB (at start) | cadical parse s | ours CPU / cadical "
          "| cadical cold s | ours CPU / cold | cat s | ours/cat | naive s | naive/ours |\n"
          "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:"
          "|---:|---:|")


def default_runs(size):
    """Fresh processes per case: more where a case takes milliseconds, whose times on a
    shared machine jump between two levels (33 or 55 ms for the same 25x25 case)."""
    return 7 if size <= 25 else 3 if size <= 49 else 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=None,
                        help="grid sizes (default 4,6,9,16,25,36,49,64,100; quick 9,16,25,49)")
    parser.add_argument("--encodings", default=",".join(ENCODINGS))
    parser.add_argument("--amo", default=",".join(FAMILIES), help="at-most-one families")
    parser.add_argument("--quick", action="store_true",
                        help="sizes 9,16,25,49, extended only, naive up to 25 (under a minute)")
    parser.add_argument("--naive-max", type=int, default=None,
                        help="time the naive writer up to this size (default 25)")
    parser.add_argument("--runs", type=int, default=None,
                        help="fresh processes per case; the best time counts "
                             "(default 7 up to 25x25, 3 up to 49x49, 2 above)")
    parser.add_argument("--pairwise-max", type=int, default=49,
                        help="skip pairwise above this size (64x64 pairwise is 31M clauses)")
    parser.add_argument("--markdown", metavar="FILE",
                        help="also write the table (markdown) to FILE")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing "
                             "(sizes 9,16 unless --sizes)")
    parser.add_argument("--base", metavar="CHECKOUT",
                        help="with --instructions: count another checkout's writer too")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--keep", help=argparse.SUPPRESS)
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        size, encoding, amo, mode = args.case.split(",")
        return run_case(int(size), encoding, amo, mode, args.keep, args.root)
    if args.base and not args.instructions:
        parser.error("--base goes with --instructions")
    if args.instructions:
        sizes = [int(s) for s in (args.sizes or "9,16").split(",")]
        return count_instructions(args, sizes, args.encodings.split(","), args.amo.split(","))

    if args.quick:
        sizes = args.sizes or "9,16,25,49"
        encodings = ["extended"] if args.encodings == ",".join(ENCODINGS) else \
            args.encodings.split(",")
        naive_max = 25 if args.naive_max is None else args.naive_max
    else:
        sizes = args.sizes or "4,6,9,16,25,36,49,64,100"
        encodings = args.encodings.split(",")
        naive_max = 25 if args.naive_max is None else args.naive_max
    sizes = [int(s) for s in sizes.split(",")]
    families = args.amo.split(",")

    started = time.perf_counter()
    load = os.getloadavg()[0]
    work = tempfile.mkdtemp(prefix="dimacs-sudoku-emit-")
    intro = ("Writing the CNF of the empty grid to /dev/null, one fresh process per case; "
             "naive timed up to %dx%d only%s."
             % (naive_max, naive_max,
                "; pairwise only up to %dx%d (about 2N^4 clauses: 31 million at 64x64)"
                % (args.pairwise_max, args.pairwise_max)
                if "pairwise" in families and max(sizes) > args.pairwise_max else ""))
    print(intro + "\n")
    print(HEADER, flush=True)
    rows = []
    one = write_one_clause(work)
    try:
        for size in sizes:
            runs = args.runs or default_runs(size)
            for encoding in encodings:
                for amo in families:
                    if amo == "pairwise" and size > args.pairwise_max:
                        continue
                    facts = measure(size, encoding, amo, size <= naive_max, work, runs, one)
                    rows.append(row(size, encoding, amo, facts))
                    print(rows[-1], flush=True)
    finally:
        os.unlink(one)
        os.rmdir(work)
    python = subprocess.run([sys.executable, "-c", "import sys; print(sys.version.split()[0])"],
                            stdout=subprocess.PIPE, text=True).stdout.strip()
    footer = ("Python %s, %d CPUs, load average %.1f at the start and %.1f at the end; whole "
              "run %.0f s. Times are wall clock, best of %s fresh processes; cadical's is its "
              "own parse time (process time; under %.1f s, of a file of copies of the "
              "clauses, divided by the copies; cold: a whole fresh cadical reading the "
              "file once, less one reading a one-clause file, process CPU). ours CPU / "
              "cadical below 1: we write faster than cadical reads."
              % (python, os.cpu_count(), load, os.getloadavg()[0],
                 time.perf_counter() - started,
                 args.runs or "7 up to 25x25, 3 up to 49x49, 2 above", PRECISE_SECONDS))
    print("\n" + footer)
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("%s\n\n%s\n%s\n\n%s\n" % (intro, HEADER, "\n".join(rows), footer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
