"""bench/batch.py's message when tdoku's run_benchmark stops: a MiniSat solver that
finds no model at its warmup is named as the build's fault (a static libminisat), as
docs/benchmarks.md explains; any other failure is reported as it is."""

import importlib.util
from pathlib import Path

import pytest

BATCH = Path(__file__).resolve().parents[2] / "bench" / "batch.py"


@pytest.fixture(scope="module")
def batch():
    spec = importlib.util.spec_from_file_location("bench_batch", BATCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


WARMUP = "\n|file |  puzzles/sec|\nError during warmup\n...2..7.6\n"


@pytest.mark.parametrize("solver", ["minisat_minimal", "minisat_complete",
                                    "minisat_augmented"])
def test_a_minisat_solver_failing_its_warmup_points_at_a_static_libminisat(batch, solver):
    hint = batch.tdoku_hint(solver, WARMUP)
    assert "static libminisat" in hint and "shared libminisat" in hint


@pytest.mark.parametrize("solver, output", [
    ("tdoku", WARMUP),                                   # not MiniSat: no such cause
    ("minisat_complete", "Error during benchmark\n"),    # a later failure
    ("minisat_complete", "Error opening puzzles.txt\n"),
])
def test_other_failures_get_no_hint(batch, solver, output):
    assert batch.tdoku_hint(solver, output) == ""
