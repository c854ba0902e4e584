"""--jobs N: worker processes give the bytes, order, errors and exit codes of one
process (the pool: dimacs_sudoku.cli.workers). The workers are forked from this
process; the signals and the processes left behind are tests/system/test_jobs_processes.py's."""

import itertools
import os
import signal

import pytest

from dimacs_sudoku.cli import workers
from dimacs_sudoku.errors import SolverError

from support import INKALA, SMALL4, in_process as command

HARD = [INKALA,
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."]
# Solved, several solutions, none, a clash, unreadable, 9x9 and 4x4 in one input.
MIXED = "\n".join(HARD + [SMALL4, "." * 16, "12....3.........", "11" + "." * 14,
                          "1.x4" * 4, "9" * 80 + "x", INKALA[::-1]] * 5) + "\n"


@pytest.fixture
def small_chunks(monkeypatch):
    """A chunk of one puzzle, so that the test decides which puzzle a worker holds."""
    monkeypatch.setattr(workers, "FIRST_CHUNK", 1)
    monkeypatch.setattr(workers, "MAX_CHUNK", 1)


@pytest.mark.parametrize("args", [
    ["--count", "2"], ["-F", "json", "--unique"], ["-F", "grid"], [],
    ["--engine", "pycosat", "-c", "5"], ["-F", "html", "-c", "2"],
])
@pytest.mark.parametrize("jobs", ["2", "3", "0"])
def test_sudoku_solve_jobs_give_the_same_bytes(args, jobs):
    one = command("sudoku-solve", *args, input=MIXED)
    many = command("sudoku-solve", "--jobs", jobs, *args, input=MIXED)
    assert one.returncode == 9              # the unreadable puzzles
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout,
                                                           one.stderr)
    assert one.stdout.count("error") >= 10        # two unreadable puzzles, five times


@pytest.mark.parametrize("args", [[], ["--encoding", "minimal"]])
def test_sudoku_grade_jobs_give_the_same_bytes(args):
    one = command("sudoku-grade", *args, input=MIXED)
    many = command("sudoku-grade", "-j", "2", *args, input=MIXED)
    assert one.returncode == 9
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout,
                                                           one.stderr)


@pytest.mark.parametrize("args", [["--json"], ["--cap", "3"]])
def test_sudoku_analyze_jobs_give_the_same_bytes(args):
    text = "\n".join([HARD[0], SMALL4, "12....3.........", "1.x4" * 4, "." * 16]) + "\n"
    one = command("sudoku-analyze", *args, input=text)
    many = command("sudoku-analyze", "-j", "2", *args, input=text)
    assert one.returncode == 9
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout,
                                                           one.stderr)


EXPLAINED = "\n".join([SMALL4, "." * 16, "12....3.........", "11" + "." * 14, "1.x4" * 4,
                       "52...6.........7.13...........4..8..6......5...........418."
                       "........3..2...87.....", SMALL4[::-1]] * 2) + "\n"


@pytest.mark.parametrize("args", [[], ["--json"], ["--hint"], ["-F", "html-page"],
                                  ["-F", "svg", "--step", "2"]])
def test_sudoku_explain_jobs_give_the_same_bytes(args):
    one = command("sudoku-explain", *args, input=EXPLAINED)
    many = command("sudoku-explain", "-j", "2", *args, input=EXPLAINED)
    assert one.returncode == 9
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout,
                                                           one.stderr)
    assert one.stderr.count("<stdin>:5:") == 1


# Runs of consecutive 9x9 line puzzles (read as text, made into grids by the workers),
# with other fields on their lines, a comment and a rule among them; a 4x4 between.
RUNS = "\n".join(HARD * 4 + ["# a note"] + [p + ";rated" for p in HARD] * 3
                 + ["killer 9 r1c2 r1c3", SMALL4] + HARD * 5) + "\n"


@pytest.mark.parametrize("prog, args", [
    ("sudoku-solve", ["--count", "2", "-v"]), ("sudoku-solve", ["-F", "json"]),
    ("sudoku-grade", []), ("sudoku-analyze", ["--json"]), ("sudoku-explain", ["--hint"])])
def test_runs_of_line_puzzles_give_the_same_bytes(prog, args):
    one = command(prog, *args, input=RUNS)
    many = command(prog, "-j", "2", *args, input=RUNS)
    assert (many.returncode, many.stdout, many.stderr) == (one.returncode, one.stdout,
                                                           one.stderr)
    assert len(one.stdout.splitlines()) >= 36 or prog != "sudoku-solve"


def test_a_killed_worker_fails_each_puzzle_of_its_run(monkeypatch):
    from dimacs_sudoku.tasks import solving
    real = solving.solve_cells
    monkeypatch.setattr(workers, "RUN_FIRST", 4)
    monkeypatch.setattr(workers, "FIRST_CHUNK", 1)
    monkeypatch.setattr(workers, "MAX_CHUNK", 1)

    def solve_or_die(grid, *args, **kwargs):
        if grid.line == 7:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(grid, *args, **kwargs)

    monkeypatch.setattr(solving, "solve_cells", solve_or_die)
    done = command("sudoku-solve", "-j", "2", input="\n".join([INKALA] * 12) + "\n")
    lines = done.stdout.splitlines()
    assert done.returncode == 9 and len(lines) == 12
    # Lines 5-8 were one run: each is its own error, naming its own line.
    assert [line.split(":")[1] if line.startswith("error") else "" for line in lines] \
        == [""] * 4 + ["5", "6", "7", "8"] + [""] * 4
    assert "given 4 puzzles at once" in lines[4]


@pytest.mark.slow                   # without python-sat, the cadical program proves
def test_files_and_certificates_are_numbered_as_with_one_process(tmp_path):
    (tmp_path / "a.txt").write_text(SMALL4 + "\n" + "11" + "." * 14 + "\n")
    (tmp_path / "b.txt").write_text("." * 16 + "\n" + "12....3.........\n")
    runs = []
    for jobs in ("1", "2"):
        folder = tmp_path / ("proofs" + jobs)
        runs.append(command("sudoku-solve", "-j", jobs, "--certify", folder, "a.txt",
                            "missing.txt", "b.txt", cwd=tmp_path))
        runs[-1].files = sorted(os.listdir(folder))
    one, many = runs
    assert one.files == many.files == ["1.cnf", "1.drat", "5.cnf", "5.drat"]
    assert (many.stdout, many.returncode) == (one.stdout, one.returncode)
    assert many.stderr.replace("proofs2", "proofs1") == one.stderr


@pytest.mark.parametrize("value", ["-1", "100000", "two"])
def test_a_bad_number_of_jobs_is_a_usage_error(value):
    done = command("sudoku-solve", "--jobs", value, input=SMALL4 + "\n")
    assert done.returncode == 2 and done.stdout == ""
    assert "--jobs" in done.stderr and "Traceback" not in done.stderr


def test_a_killed_worker_is_the_error_of_its_puzzle(monkeypatch, small_chunks):
    from dimacs_sudoku.tasks import solving
    real = solving.solve_cells

    def solve_or_die(grid, *args, **kwargs):
        if grid.line == 3:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(grid, *args, **kwargs)

    monkeypatch.setattr(solving, "solve_cells", solve_or_die)
    text = "\n".join([SMALL4] * 6) + "\n"
    done = command("sudoku-solve", "-j", "2", input=text)
    lines = done.stdout.splitlines()
    assert done.returncode == 9
    assert len(lines) == 6 and lines[2].startswith("error\t<stdin>:3: the worker process")
    assert "died (killed by SIGKILL)" in lines[2]
    assert lines[:2] + lines[3:] == ["1234431221433421"] * 5
    assert "<stdin>:3: the worker process" in done.stderr


def test_a_killed_worker_fails_its_whole_chunk_and_only_that(monkeypatch):
    from dimacs_sudoku.tasks import grade as grading
    real = grading.grade
    monkeypatch.setattr(workers, "FIRST_CHUNK", 3)
    monkeypatch.setattr(workers, "MAX_CHUNK", 3)

    def grade_or_die(grid, *args):
        if grid.line == 5:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(grid, *args)

    monkeypatch.setattr(grading, "grade", grade_or_die)
    done = command("sudoku-grade", "-j", "2", input="\n".join([SMALL4] * 9) + "\n")
    lines = done.stdout.splitlines()
    assert done.returncode == 9 and len(lines) == 9
    # Puzzles 4-6 were one chunk: each says so; the others are graded.
    assert [line.startswith("error\t") for line in lines] == [False] * 3 + [True] * 3 \
        + [False] * 3
    assert "given 3 puzzles at once" in lines[3]


@pytest.mark.parametrize("puzzle, chunk", [(SMALL4, 1), (INKALA, None)],
                         ids=["a chunk of one", "a run of lines"])
def test_a_bug_in_a_worker_is_raised_at_its_turn(monkeypatch, puzzle, chunk):
    # (with the 9x9 lines, line 6 is the middle of the first run: the lines before
    # it are written, as with one process)
    from dimacs_sudoku.tasks import solving
    real = solving.solve_cells
    if chunk:
        monkeypatch.setattr(workers, "FIRST_CHUNK", chunk)
        monkeypatch.setattr(workers, "MAX_CHUNK", chunk)

    def broken(grid, *args, **kwargs):
        if grid.line == 6:
            raise ZeroDivisionError("a bug")
        return real(grid, *args, **kwargs)

    monkeypatch.setattr(solving, "solve_cells", broken)
    text = "\n".join([puzzle] * 12) + "\n"
    one = command("sudoku-solve", "-j", "1", input=text)
    many = command("sudoku-solve", "-j", "3", input=text)
    assert one.returncode == many.returncode == 1
    assert (many.stdout, many.stderr) == (one.stdout, one.stderr)
    assert "internal error: ZeroDivisionError: a bug" in many.stderr


# -- the pool itself ---------------------------------------------------------------------

def square(item, number):
    return item * item


def test_results_come_in_order_whoever_finishes_first():
    import time

    def slow_first(item, number):
        time.sleep(0.2 if item % 7 == 0 else 0)
        return item, number

    with workers.Pool(slow_first, 3) as pool:
        found = list(pool.results(iter(range(30))))
    assert found == [(i, (i, i + 1)) for i in range(30)]


def test_the_input_is_read_as_the_workers_need_it():
    read = []

    def endless():
        for n in itertools.count():
            read.append(n)
            yield n

    with workers.Pool(square, 2) as pool:
        results = pool.results(endless())
        first = [next(results) for _ in range(20)]
    assert first == [(n, n * n) for n in range(20)]
    assert len(read) <= 20 + workers.MAX_WINDOW


def test_local_items_never_reach_a_worker():
    def work(item, number):
        assert not isinstance(item, str)
        return os.getpid()

    with workers.Pool(work, 2, local=lambda item: isinstance(item, str)) as pool:
        found = list(pool.results(iter([1, "x", 2, "y"] * 5)))
    assert [item for item, _ in found] == [1, "x", 2, "y"] * 5
    assert [result for item, result in found if isinstance(item, str)] == ["x", "y"] * 5
    assert os.getpid() not in [r for i, r in found if not isinstance(i, str)]


def test_a_pool_leaves_no_worker_behind():
    def pid(item, number):
        return os.getpid()

    pool = workers.Pool(pid, 3)
    with pool:
        pids = {result for _, result in pool.results(iter(range(200)))}
    assert pids and os.getpid() not in pids
    for worker_pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(worker_pid, 0)


def test_an_error_in_the_command_kills_the_workers():
    import time

    def pid(item, number):
        time.sleep(0.01)
        return os.getpid()

    pids = set()
    with pytest.raises(KeyError):
        with workers.Pool(pid, 2) as pool:
            for item, result in pool.results(itertools.count()):
                pids.add(result)
                if item == 10:
                    raise KeyError(item)
    for worker_pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(worker_pid, 0)


def test_worker_died_is_a_per_puzzle_solver_error():
    assert issubclass(workers.WorkerDied, SolverError)
    assert workers.WorkerDied("x").exit_code == 7


def test_jobs_zero_is_one_per_core():
    assert workers.check_jobs(0) == workers.cores() >= 1
    assert workers.check_jobs(None) == 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_item_of_several_puzzles_counts_them_all(jobs):
    # Items of 1-4 puzzles (size): each is given the number of its first puzzle.
    items = [[0] * (k % 4 + 1) for k in range(40)]

    def first(item, number):
        return number

    with workers.Pool(first, jobs, size=len) as pool:
        found = [number for _, number in pool.results(iter(items))]
    assert found == [1 + sum(map(len, items[:k])) for k in range(40)]
