"""The families against real solvers: every QCP label (and QWH's SAT) confirmed by
cadical and minisat on the CNF sudoku-gen writes, a model decoded by cnf2sudoku, and
the competition-window recipe of bench/families.py on small sizes with tiny budgets."""

import csv
import signal
import sys
import time
import importlib.util
import lzma
import subprocess
from pathlib import Path

import pytest

from conftest import require_solver
from support import command

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ANSWER = {10: "SAT", 20: "UNSAT"}


def bench_families():
    spec = importlib.util.spec_from_file_location("bench_families",
                                                  ROOT / "bench" / "families.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def header_value(text, key):
    prefix = "c %s: " % key
    return next(line[len(prefix):] for line in text.splitlines() if line.startswith(prefix))


@pytest.mark.parametrize("solver", ["cadical", "minisat"])
def test_qcp_labels_are_confirmed_by_a_second_solver(solver, tmp_path):
    path = require_solver(solver)
    seen = set()
    # Order 9 around the completion threshold: both answers come up among the seeds.
    for family, holes in (("qcp", 36), ("qcp", 44), ("qwh", 40)):
        folder = tmp_path / ("%s-%d" % (family, holes))
        done = command("sudoku-gen", "--family", family, "--size", "9", "--holes", holes,
                       "--count", "6", "--seed", "1", "--cnf", "--output-dir", folder)
        assert done.returncode == 0, done.stderr
        for row in csv.DictReader((folder / "index.csv").open()):
            cnf = folder / row["file"]
            assert header_value(cnf.read_text(), "status") == row["status"]
            run = subprocess.run([path, str(cnf)] + (["/dev/null"] if solver == "minisat"
                                                     else []),
                                 capture_output=True, text=True, timeout=120)
            assert ANSWER[run.returncode] == row["status"], row["generator"]
            seen.add(row["status"])
    assert seen == {"SAT", "UNSAT"}


def test_a_qwh_model_decodes_to_a_latin_square_that_fills_the_holes(tmp_path):
    path = require_solver("cadical")
    cnf = tmp_path / "q.cnf"
    done = command("sudoku-gen", "--family", "qwh", "--size", "12", "--hole-ratio", "1.6",
                   "--balanced", "--seed", "2", "--cnf", "-o", cnf)
    assert done.returncode == 0, done.stderr
    model = subprocess.run([path, str(cnf)], capture_output=True, text=True, timeout=120)
    assert model.returncode == 10
    decoded = command("cnf2sudoku", "--cnf", cnf, input=model.stdout)
    assert decoded.returncode == 0, decoded.stderr
    from dimacs_sudoku.core.grid import Grid
    solution = Grid.from_line(decoded.stdout.split("\n")[0], box=(1, 12)).cells
    puzzle = Grid.from_line(header_value(cnf.read_text(), "puzzle"), box=(1, 12)).cells
    digits = list(range(1, 13))
    assert all(sorted(solution[r * 12:r * 12 + 12]) == digits for r in range(12))
    assert all(sorted(solution[c::12]) == digits for c in range(12))
    assert all(p in (0, s) for p, s in zip(puzzle, solution)) and puzzle.count(0) == 75


def test_the_window_recipe_sorts_instances_by_the_budgets(tmp_path):
    require_solver("cadical")
    require_solver("minisat")
    bench = bench_families()
    # A tiny order: minisat solves each within a second, so all are too easy.
    verdicts = [v for _, v, _, _ in bench.window("qwh", 8, 25, lower=1, upper=5, count=3)]
    assert verdicts == ["too easy"] * 3
    # A stand-in for a MiniSat that runs out of time (it answers nothing): each
    # instance goes on to cadical, which solves it within the upper budget.
    bench.SOLVERS["gave-up"] = (["sh", "-c", "exit 0", "gave-up"], bench.SOLVERS["minisat"][1])
    found = list(bench.window("qcp", 8, 30, lower=1, upper=20, count=4,
                              easy_solver="gave-up"))
    assert [v for _, v, _, _ in found] == ["in window"] * 4
    assert all(status == made.status for made, _, status, _ in found)
    # And a modern solver that never answers: too hard.
    found = list(bench.window("qwh", 8, 25, lower=1, upper=1, count=2,
                              easy_solver="gave-up", modern_solver="gave-up"))
    assert [v for _, v, _, _ in found] == ["too hard"] * 2


def test_the_window_command_packages_what_it_keeps(tmp_path, capsys):
    require_solver("cadical")
    bench = bench_families()
    bench.SOLVERS["gave-up"] = (["sh", "-c", "exit 0", "gave-up"], bench.SOLVERS["minisat"][1])
    original = bench.window

    def window(*args, **kwargs):
        return original(*args, easy_solver="gave-up", **kwargs)
    bench.window = window
    kept = bench.main(["window", "--family", "qwh", "--size", "7", "--holes", "20",
                       "--count", "2", "--lower", "1", "--upper", "20", "--output-dir",
                       str(tmp_path / "picked"), "--compress", "xz"])
    assert len(kept) == 2
    rows = list(csv.DictReader((tmp_path / "picked" / "index.csv").open()))
    assert [row["status"] for row in rows] == ["SAT", "SAT"]
    text = lzma.decompress((tmp_path / "picked" / rows[0]["file"]).read_bytes()).decode()
    assert "c status: SAT" in text and "in the window" in capsys.readouterr().out


@pytest.mark.parametrize("number, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_a_package_and_leaves_nothing(number, code, tmp_path):
    # Fifty QCP instances of order 30, each labelled by picosat: longer than the wait.
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "bin" / "sudoku-gen"), "--family", "qcp", "--size", "30",
         "--hole-ratio", "1.8", "--count", "50", "--seed", "1", "--cnf", "--output-dir",
         str(tmp_path / "out")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(2)
    process.send_signal(number)
    out, err = process.communicate(timeout=60)
    assert process.returncode == code, err
    assert list(tmp_path.iterdir()) == [] and out == ""
