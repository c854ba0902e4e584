"""How well the explanations' rating ranks puzzles as Sudoku Explainer does.

Run as ``python bench/rating.py [--sample FILE] [--hardest FILE] [--hardest-count 40]
[--markdown FILE]``. For each puzzle of the sample (``HASH PUZZLE ER`` lines, published
Sudoku Explainer ratings: tests/fixtures/se-rated-sample.txt by default) and the first
``--hardest-count`` puzzles of the forum's "hardest" list (published as rated ER 11 or
more, no finer: they enter as tied at 11.5;
../shared/data/9x9/forum-hardest-1905-11plus.txt, left out when absent), it computes

(a) ``rating``, the cost of the hardest step of ``sudoku-explain`` (``explain_puzzle``);
(b) ``sudoku-grade``'s SAT level, ranked by level, then decisions;

and prints Spearman's rank correlation of each with the published ER (ties get the
average of their ranks; Pearson's r of the ranks), over the whole sample and over its
parts, with the time per puzzle.
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SAMPLE = ROOT / "tests" / "fixtures" / "se-rated-sample.txt"
HARDEST = ROOT.parent / "shared" / "data" / "9x9" / "forum-hardest-1905-11plus.txt"
HARDEST_ER = 11.5


def ranks(values):
    """The ranks of ``values`` from 1, ties given the average of their ranks.

    >>> ranks([10, 20, 20, 5])
    [2.0, 3.5, 3.5, 1.0]
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2.0 + 1
        i = j + 1
    return out


def spearman(xs, ys):
    """Spearman's rho: Pearson's r of the (tie-averaged) ranks.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3], [3, 2, 1])
    (1.0, -1.0)
    """
    rx, ry = ranks(xs), ranks(ys)
    n = len(rx)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else float("nan")


def read_sample(path):
    rows = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        _, puzzle, er = line.split()
        rows.append((puzzle, float(er)))
    return rows


def read_hardest(path, count):
    rows = []
    if path and Path(path).exists():
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                rows.append((line, HARDEST_ER))
                if len(rows) >= count:
                    break
    return rows


def main():
    from dimacs_sudoku.core.grid import Grid
    from dimacs_sudoku.tasks.explain import explain_puzzle
    from dimacs_sudoku.tasks.grade import LEVELS, grade

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", default=str(SAMPLE))
    parser.add_argument("--hardest", default=str(HARDEST))
    parser.add_argument("--hardest-count", type=int, default=40)
    parser.add_argument("--markdown", help="also write the table to this file")
    args = parser.parse_args()
    rows = read_sample(args.sample) + read_hardest(args.hardest, args.hardest_count)
    published, ours, sat, seconds, statuses = [], [], [], [], {}
    for puzzle, er in rows:
        grid = Grid.from_line(puzzle)
        start = time.perf_counter()
        explained = explain_puzzle(grid)
        seconds.append(time.perf_counter() - start)
        statuses[explained.status] = statuses.get(explained.status, 0) + 1
        graded = grade(grid)
        published.append(er)
        ours.append(explained.rating)
        sat.append((LEVELS.index(graded.level), graded.decisions))

    def line(name, keep):
        idx = [i for i in range(len(rows)) if keep(published[i])]
        if len(idx) < 3:
            return None
        pick = [published[i] for i in idx]

        def rho(values):
            found = spearman([values[i] for i in idx], pick)
            return "n/a (all tied)" if found != found else "%.3f" % found
        return "| %s | %d | %s | %s |" % (name, len(idx), rho(ours), rho(sat))

    table = ["| puzzles (published ER) | n | Spearman: rating "
             "| Spearman: SAT level, decisions |", "|---|---|---|---|"]
    for name, keep in (("all", lambda er: True),
                       ("ER 1.2 .. 9.3 (no 11+)", lambda er: er < 11),
                       ("ER < 5 (hidden singles .. hidden triples)", lambda er: er < 5),
                       ("ER 5 .. 9.3 (chains, nets)", lambda er: 5 <= er < 11),
                       ("ER 2.5 .. 9.3 (no easy, no 11+)", lambda er: 2.5 <= er < 11)):
        found = line(name, keep)
        if found:
            table.append(found)
    ordered = sorted(seconds)
    notes = ["%d puzzles; explanation time median %.2f s, p90 %.2f s, max %.2f s; "
             "statuses %s" % (len(rows), ordered[len(ordered) // 2],
                              ordered[int(0.9 * (len(ordered) - 1))], ordered[-1],
                              ", ".join("%s %d" % kv for kv in sorted(statuses.items())))]
    by_er = {}
    for er, r in zip(published, ours):
        by_er.setdefault(er, []).append(r)
    notes.append("median rating by ER: " + ", ".join(
        "%g: %.1f" % (er, sorted(v)[len(v) // 2]) for er, v in sorted(by_er.items())))
    text = "\n".join(table) + "\n\n" + "\n".join(notes) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
