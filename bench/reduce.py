"""CPU time of ``sudoku2cnf --reduce`` on large puzzles: this checkout against another.

Run as ``python bench/reduce.py --base /path/to/other/checkout [--rounds 3]
[--puzzles rkkautsar-sudoku-100-1,...] [--markdown FILE]``. Each round runs every
puzzle through both checkouts' ``bin/sudoku2cnf --reduce`` in turn (this one, then the
other: alternating, so both see the same load), output to /dev/null, and takes each
command's CPU time (user + system, from ``wait4``) and peak RSS. The medians over the
rounds are compared as ratios, ``base / ours``: over the whole command, and with the
command's own floor subtracted (each checkout's ``sudoku2cnf --reduce`` of a 9x9
puzzle, timed in the same rounds: interpreter, imports, Typer). The start-up floor of
Python itself (``python -c "import typer"``) is printed beside them.

Both checkouts run with the same interpreter (``--python``, by default this one); a
first untimed run of each writes its bytecode (``__pycache__``), so neither pays for
compiling. Puzzles missing from ``--data`` (``../shared/data/large`` by default) are
skipped; with none present the bench says so and exits 0.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
PUZZLES = ("rkkautsar-sudoku-100-1", "rkkautsar-sudoku-144-1", "rkkautsar-sudoku-400-1")
NINE = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n"


def run(argv, env, stdin=None):
    """CPU seconds (user + system) and peak RSS (MB) of one command, output discarded."""
    with open(os.devnull, "wb") as sink:
        child = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                                 stdout=sink, stderr=subprocess.PIPE, env=env)
        if stdin:
            child.stdin.write(stdin.encode())
            child.stdin.close()
        _, status, usage = os.wait4(child.pid, 0)
        error = child.stderr.read().decode(errors="replace")
        child.stderr.close()
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit("%s failed (exit %d): %s" % (" ".join(map(str, argv)),
                                                      child.returncode, error.strip()))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True,
                        help="the other checkout (its bin/sudoku2cnf is run)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--puzzles", default=",".join(PUZZLES),
                        help="file stems in DATA/large, comma-separated")
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()

    base = Path(args.base).resolve()
    if not (base / "bin" / "sudoku2cnf").exists():
        raise SystemExit("%s has no bin/sudoku2cnf" % base)
    folder = Path(args.data) / "large"
    puzzles = [(name, folder / (name + ".txt")) for name in args.puzzles.split(",")]
    missing = [name for name, path in puzzles if not path.exists()]
    puzzles = [(name, path) for name, path in puzzles if path.exists()]
    if missing:
        print("skipped (not in %s): %s" % (folder, ", ".join(missing)))
    if not puzzles:
        print("no puzzle to time")
        return 0

    sides = [("ours", ROOT), ("base", base)]
    env = dict(os.environ)
    writing = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _, tree in sides:                           # bytecode written, untimed
        run([args.python, str(tree / "bin" / "sudoku2cnf"), "--reduce", "-"], writing,
            stdin=NINE)

    cases = [("9x9 (floor)", None)] + puzzles
    times = {}
    rss = {}
    startup = []
    for _ in range(args.rounds):
        startup.append(run([args.python, "-c", "import typer"], env)[0])
        for name, path in cases:
            for side, tree in sides:
                argv = [args.python, str(tree / "bin" / "sudoku2cnf"), "--reduce",
                        str(path) if path else "-"]
                cpu, peak = run(argv, env, stdin=None if path else NINE)
                times.setdefault((name, side), []).append(cpu)
                rss[name, side] = max(rss.get((name, side), 0), peak)

    def median(name, side):
        return statistics.median(times[name, side])

    floor = {side: median("9x9 (floor)", side) for side, _ in sides}
    lines = ["| puzzle | base CPU s | ours CPU s | base / ours | base / ours, floor "
             "subtracted | peak RSS base / ours (MB) |",
             "|---|---:|---:|---:|---:|---:|"]
    for name, _ in cases:
        ours, theirs = median(name, "ours"), median(name, "base")
        if _ is None:
            above = "—"
        else:
            mine, other = ours - floor["ours"], theirs - floor["base"]
            above = "%.2f" % (other / mine) if mine > 0 else "—"
        lines.append("| %s | %.2f | %.2f | %.2f | %s | %.0f / %.0f |"
                     % (name, theirs, ours, theirs / ours if ours else 0, above,
                        rss[name, "base"], rss[name, "ours"]))
    lines.append("")
    lines.append("Medians of %d alternating rounds (CPU user + system of the whole command); "
                 "`python -c \"import typer\"` took %.2f s. Base: %s."
                 % (args.rounds, statistics.median(startup), base))
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
