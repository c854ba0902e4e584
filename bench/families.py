#!/usr/bin/env python3
"""Calibration of the benchmark families: the easy-hard-easy curve, and the recipe
that picks instances in the competition's window.

``curve`` (the default): for each family (QWH, balanced QWH, generalized Sudoku), order
and hole ratio X (holes = X·N^1.55), ``--instances`` instances (seeds 1..K) are made
in process (:func:`dimacs_sudoku.tasks.families.make_instance`), written as the reduced
CNF (``sudoku2cnf --reduce``: one variable per open candidate, as lsencode writes the
holes only) and solved by each external solver (cadical, minisat) with a time limit.
The median conflicts and median CPU seconds (the child's user + system time) of each
point are printed as a table, the peak (the ratio of the highest median conflicts) is
located per family, order and solver, and the curves are drawn as an SVG (``--svg``):
median conflicts on a log scale against the hole ratio, one panel per family, one line
per order and solver. A run stopped at the limit (cadical ``-t``, minisat
``-cpu-lim``) sorts above every finished one, with the conflicts it made by then; a
median that is such a run is a lower bound (marked ``>=``). If the N^1.55 scaling of Achlioptas
et al. holds, the peak sits at the same ratio at every order.

``window``: the recipe of the SAT competition's window ("MiniSat over LOWER seconds, a
modern solver under UPPER": 60 s and 3600 s in the call for benchmarks). Instances of
one family, order and ratio (seeds from ``--seed``) are made in turn; each is given to
minisat with LOWER seconds: one it solves is too easy and dropped (so minisat never
runs longer than LOWER); the others go to cadical with UPPER seconds: one it solves is
in the window, kept, and labelled with cadical's answer; one it does not is too hard.
The kept ones are written as a package (``--output-dir``: CNF files, compressed with
``--compress``, and index.csv with their GBD hashes, status and sudoku-gen commands).

Usage:
  python bench/families.py curve [--orders 20,30] [--ratios 1.0,1.2,...]
      [--instances 10] [--limit 20] [--svg docs/families-curve.svg] [--quick]
  python bench/families.py window --family qwh --size 40 --hole-ratio 1.7
      --balanced [--count 20] [--lower 60] [--upper 3600] --output-dir picked/
"""

import argparse
import io
import math
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dimacs_sudoku.encodings import encode  # noqa: E402
from dimacs_sudoku.tasks.families import (HOLE_EXPONENT, holes_for,  # noqa: E402
                                          make_instance)

SOLVERS = {
    # name: (command words before the file, with {limit} the seconds allowed (cadical:
    # real time, minisat: CPU time), the regex of its conflict count). Both print their
    # statistics when stopped at the limit, so a stopped run's conflicts are a lower
    # bound.
    "cadical": (["cadical", "-t", "{limit}"], re.compile(r"^c conflicts:\s+(\d+)", re.M)),
    "minisat": (["minisat", "-cpu-lim={limit}"],
                re.compile(r"^conflicts\s+:\s+(\d+)", re.M)),
}
ANSWERS = {10: "SAT", 20: "UNSAT"}

# family label -> (family, balanced)
FAMILIES = {"qwh": ("qwh", False), "bqwh": ("qwh", True), "gsp": ("gsp", False)}
LABELS = {"qwh": "QWH", "bqwh": "balanced QWH", "gsp": "generalized Sudoku"}


def run_solver(name, path, limit):
    """``(status, conflicts, cpu_seconds)`` of solver ``name`` on the CNF at ``path``
    within ``limit`` seconds (a whole number, at least 1; ``status`` None when it was
    stopped there, ``conflicts`` then those made so far)."""
    words, pattern = SOLVERS[name]
    seconds = max(1, math.ceil(limit))
    words = [w.replace("{limit}", str(seconds)) for w in words]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(words + [str(path)], capture_output=True, text=True,
                              timeout=4 * seconds + 30)
    except subprocess.TimeoutExpired:     # killed without its statistics
        status, conflicts = None, None
    else:
        status = ANSWERS.get(done.returncode)
        found = pattern.findall(done.stdout)
        conflicts = int(found[-1]) if found else 0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return status, conflicts, cpu


def write_cnf(made, path):
    """The reduced CNF of ``made``; the full one when the reduction's propagation
    already proves it has no solution (a QCP instance), which the solver then
    refutes."""
    from dimacs_sudoku.errors import NoSolution
    try:
        formula = encode(made.grid, reduce=True)
    except NoSolution:
        formula = encode(made.grid)
    with open(path, "w") as out:
        formula.write(out)


def median_bound(runs):
    """The median conflicts of ``runs`` (``(status, conflicts, cpu)``) and whether it
    is only a lower bound (the median run was stopped at the limit: its conflicts are
    those made by then). Stopped runs sort above every finished one."""
    ordered = sorted(runs, key=lambda run: (run[0] is None, run[1] is None, run[1] or 0))
    middle = ordered[(len(ordered) - 1) // 2]
    return middle[1], middle[0] is None


def curve(args):
    orders = [int(x) for x in args.orders.split(",")]
    ratios = [float(x) for x in args.ratios.split(",")]
    labels = args.families.split(",")
    solvers = args.solvers.split(",")
    points = {}                 # (label, order, ratio, solver) -> (conflicts, cpu)
    started = time.time()
    print("# %s; %d instances a point; limit %g s a run; reduced CNF"
          % (time.strftime("%Y-%m-%d"), args.instances, args.limit))
    print("%-6s %5s %6s %6s  " % ("family", "order", "ratio", "holes")
          + "  ".join("%-22s" % ("%s conflicts / s" % s) for s in solvers))
    with tempfile.TemporaryDirectory() as folder:
        for label in labels:
            family, balanced = FAMILIES[label]
            for order in orders:
                for ratio in ratios:
                    holes = holes_for(order, hole_ratio=ratio)
                    runs = {s: [] for s in solvers}
                    for seed in range(1, args.instances + 1):
                        made = make_instance(family, order, holes, seed, balanced=balanced)
                        path = os.path.join(folder, "i.cnf")
                        write_cnf(made, path)
                        for s in solvers:
                            runs[s].append(run_solver(s, path, args.limit))
                    cells = []
                    for s in solvers:
                        conflicts, bound = median_bound(runs[s])
                        cpu = statistics.median(t for _, _, t in runs[s])
                        points[label, order, ratio, s] = (conflicts, cpu, bound)
                        cells.append("%-22s" % ("%s / %.3f" % (
                            conflicts_text(conflicts, bound), cpu)))
                    print("%-6s %5d %6.2f %6d  " % (label, order, ratio, holes)
                          + "  ".join(cells), flush=True)
    print("\n# %.0f s in all" % (time.time() - started))
    return report(points, labels, orders, ratios, solvers, args.svg)


def conflicts_text(conflicts, bound):
    """``4092``, ``>=4092`` (the median run stopped at the limit with that many), or
    ``>limit`` (it was killed before it could say)."""
    if conflicts is None:
        return ">limit"
    return "%s%d" % (">=" if bound else "", conflicts)


def rank(point):
    """How hard a point is: stopped medians above all, then by conflicts."""
    conflicts, _, bound = point
    return (bound, math.inf if conflicts is None else conflicts)


def report(points, labels, orders, ratios, solvers, svg_path=None):
    """Print the peaks of ``points`` and draw them into ``svg_path``."""
    print("\n# peaks (ratio of the highest median conflicts; holes/N^2 beside it)")
    peaks = {}
    for label in labels:
        for order in orders:
            for s in solvers:
                best = max(ratios, key=lambda x: (rank(points[label, order, x, s]), -x))
                peaks[label, order, s] = best
                holes = holes_for(order, hole_ratio=best)
                conflicts, _, bound = points[label, order, best, s]
                print("%-6s %5d %-8s peak at ratio %.2f (%d holes, %.3f of the cells), "
                      "median %s conflicts" % (label, order, s, best, holes,
                                               holes / order ** 2,
                                               conflicts_text(conflicts, bound)))
    if svg_path:
        Path(svg_path).write_text(curve_svg(points, labels, orders, ratios, solvers, peaks))
        print("# drawn: %s" % svg_path)
    return points, peaks


def replot(log, svg_path):
    """Read the table a ``curve`` run printed (``log``) and report and draw it again."""
    points, labels, orders, ratios = {}, [], [], []
    solvers = None
    for line in Path(log).read_text().splitlines():
        words = line.split()
        if words[:2] == ["family", "order"]:
            solvers = [w for w in words[4:] if w in SOLVERS]
        elif solvers and len(words) == 4 + 3 * len(solvers) and words[0] in FAMILIES:
            label, order, ratio = words[0], int(words[1]), float(words[2])
            for k, s in enumerate(solvers):
                text, cpu = words[4 + 3 * k], float(words[6 + 3 * k])
                conflicts = None if text == ">limit" else int(text.lstrip(">="))
                if text == ">=0":           # logs before ">limit": killed, no statistics
                    conflicts = None
                points[label, order, ratio, s] = (conflicts, cpu, text.startswith(">"))
            for value, seen in ((label, labels), (order, orders), (ratio, ratios)):
                if value not in seen:
                    seen.append(value)
    return report(points, labels, orders, ratios, solvers, svg_path)


# ---- the picture -------------------------------------------------------------------

COLOURS = ["#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#555555"]


def curve_svg(points, labels, orders, ratios, solvers, peaks):
    """One panel per family: median conflicts (log scale) over the hole ratio, a line
    per order and solver (solid: the first solver, dashed: the second), the peak of
    each line a dot."""
    width, height, margin = 300, 220, 46
    total_width = width * len(labels) + 20
    top = max(max(v[0] or 0 for v in points.values()), 10)
    decades = max(1, math.ceil(math.log10(top + 1)))
    x0, x1 = min(ratios), max(ratios)

    def px(panel, ratio):
        return panel * width + margin + (ratio - x0) / ((x1 - x0) or 1) * (width - margin - 14)

    def py(conflicts):
        if conflicts is None:               # killed at the limit: the top of the axis
            conflicts = 10 ** decades - 1
        return height - 34 - math.log10(conflicts + 1) / decades * (height - 64)

    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
             'viewBox="0 0 %d %d" font-family="sans-serif" font-size="10">'
             % (total_width, height + 30, total_width, height + 30),
             '<rect width="100%" height="100%" fill="white"/>']
    for panel, label in enumerate(labels):
        left, right = px(panel, x0), px(panel, x1)
        parts.append('<text x="%.1f" y="14" font-size="12" font-weight="bold">%s</text>'
                     % (left, LABELS[label]))
        parts.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>'
                     % (left, py(0), right, py(0)))
        parts.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>'
                     % (left, py(0), left, py(10 ** decades - 1)))
        for d in range(decades + 1):
            y = py(10 ** d - 1)
            parts.append('<text x="%.1f" y="%.1f" text-anchor="end">%s</text>'
                         % (left - 4, y + 3, "0" if d == 0 else "1e%d" % d))
        for ratio in ratios:
            parts.append('<text x="%.1f" y="%.1f" text-anchor="middle">%g</text>'
                         % (px(panel, ratio), py(0) + 13, ratio))
        parts.append('<text x="%.1f" y="%.1f" text-anchor="middle">holes / N^%g</text>'
                     % ((left + right) / 2, py(0) + 26, HOLE_EXPONENT))
        for k, order in enumerate(orders):
            colour = COLOURS[k % len(COLOURS)]
            for j, s in enumerate(solvers):
                line = " ".join("%.1f,%.1f" % (px(panel, r), py(points[label, order, r, s][0]))
                                for r in ratios)
                dash = ' stroke-dasharray="4 3"' if j else ""
                parts.append('<polyline points="%s" fill="none" stroke="%s" '
                             'stroke-width="1.5"%s/>' % (line, colour, dash))
                peak = peaks[label, order, s]
                parts.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>'
                             % (px(panel, peak), py(points[label, order, peak, s][0]),
                                colour))
    legend = []
    for k, order in enumerate(orders):
        for j, s in enumerate(solvers):
            legend.append((COLOURS[k % len(COLOURS)], j, "order %d, %s" % (order, s)))
    for i, (colour, dashed, text) in enumerate(legend):
        x = 20 + (i % 4) * 150
        y = height + 4 + (i // 4) * 13
        parts.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5"%s/>'
                     % (x, y, x + 22, y, colour, ' stroke-dasharray="4 3"' if dashed else ""))
        parts.append('<text x="%d" y="%d">%s</text>' % (x + 26, y + 3, text))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# ---- the competition window ----------------------------------------------------------

def window(family, size, holes, balanced=False, seed=1, count=10, lower=60.0, upper=3600.0,
           easy_solver="minisat", modern_solver="cadical", report=None):
    """The instances in the window: ``easy_solver`` takes over ``lower`` seconds,
    ``modern_solver`` under ``upper``. Yields ``(made, verdict, status, seconds)`` for
    each of ``count`` instances (seeds ``seed``..), ``verdict`` one of ``too easy``,
    ``in window``, ``too hard``; ``status`` is the modern solver's answer for one in
    the window."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "i.cnf")
        for k in range(count):
            made = make_instance(family, size, holes, seed + k, balanced=balanced)
            write_cnf(made, path)
            status, _, seconds = run_solver(easy_solver, path, lower)
            if status is not None:
                yield made, "too easy", status, seconds
                continue
            status, _, seconds = run_solver(modern_solver, path, upper)
            yield made, ("in window" if status is not None else "too hard"), status, seconds


def window_command(args):
    from dimacs_sudoku.cli.package import write_package
    from dimacs_sudoku.tasks.families import instance_comments
    holes = holes_for(args.size, args.holes, args.hole_ratio)
    kept = []
    for made, verdict, status, seconds in window(
            args.family, args.size, holes, args.balanced, args.seed, args.count,
            args.lower, args.upper):
        print("%-60s %-9s %-7s %.2f s" % (made.command, verdict, status or "-", seconds),
              flush=True)
        if verdict == "in window":
            kept.append(made._replace(status=status))
    print("# %d of %d in the window (%s over %g s, %s under %g s)"
          % (len(kept), args.count, "minisat", args.lower, "cadical", args.upper))
    if args.output_dir and kept:
        def items():
            for made in kept:
                formula = encode(made.grid)
                formula.comments[1:1] = instance_comments(made)
                yield ("%s-%d-%d-%d" % (made.family, made.grid.size,
                                        made.grid.cells.count(0), made.seed),
                       formula, made.status, made.command + " --cnf")
        write_package(items(), args.output_dir, args.compress)
        print("# written to %s" % args.output_dir)
    return kept


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what")
    c = sub.add_parser("curve")
    c.add_argument("--orders", default="20,30")
    c.add_argument("--ratios", default="1.0,1.2,1.4,1.6,1.8,2.0,2.2,2.4")
    c.add_argument("--families", default="qwh,bqwh,gsp")
    c.add_argument("--solvers", default="cadical,minisat")
    c.add_argument("--instances", type=int, default=10)
    c.add_argument("--limit", type=float, default=20.0)
    c.add_argument("--svg")
    c.add_argument("--quick", action="store_true", help="orders 10,15; 3 instances")
    c.add_argument("--replot", metavar="LOG", help="report and draw a saved run's table")
    w = sub.add_parser("window")
    w.add_argument("--family", default="qwh")
    w.add_argument("--size", type=int, required=True)
    w.add_argument("--holes", type=int)
    w.add_argument("--hole-ratio", type=float)
    w.add_argument("--balanced", action="store_true")
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--count", type=int, default=10)
    w.add_argument("--lower", type=float, default=60.0)
    w.add_argument("--upper", type=float, default=3600.0)
    w.add_argument("--output-dir")
    w.add_argument("--compress", default="none")
    args = parser.parse_args(argv)
    if args.what == "window":
        return window_command(args)
    if args.what is None:
        args = parser.parse_args(["curve"] + list(argv or sys.argv[1:]))
    if args.replot:
        return replot(args.replot, args.svg)
    if args.quick:
        args.orders, args.instances = "10,15", 3
    return curve(args)


if __name__ == "__main__":
    main()
