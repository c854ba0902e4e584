"""Escalation (dimacs_sudoku.sat.escalate): past its budget, the first solver hands the
search to a race of others in forked children (or, on one core, a chain of them in
turn), with the models found so far blocked; the losers are killed; every answer is
still checked, and --verbose says which solver gave it."""

import os
import re
import signal
import time

import pytest

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.errors import SolverError
from dimacs_sudoku.formats import parse_puzzle
from dimacs_sudoku.sat import escalate
from dimacs_sudoku.sat.pycosat_backend import PycosatSolver
from dimacs_sudoku.tasks import solving

from conftest import require_pysat
from support import in_process as command

# Three cells, one digit each of 1..3 (a 1-in-3 choice three times): 3 ** 3 models.
CLAUSES = [[1, 2, 3], [4, 5, 6], [7, 8, 9]] + [
    [-a, -b] for group in ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    for a, b in ((group[0], group[1]), (group[0], group[2]), (group[1], group[2]))]

# A killer with no givens: every cell open, the cages its only clues (bench/escalate.py's
# killer-9-1); every solver here needs conflicts for its two solutions.
KILLER = """.................................................................................
killer 21 r5c6 r5c7 r5c8 r6c6
killer 16 r1c6 r1c7 r1c8
killer 16 r7c8 r7c9 r8c9 r9c9
killer 26 r5c3 r6c3 r6c4 r7c3 r7c4
killer 27 r7c5 r8c3 r8c4 r8c5 r9c5
killer 25 r3c1 r3c2 r4c1 r5c1 r6c1
killer 18 r2c5 r2c6 r2c7 r3c5 r3c6
killer 23 r7c6 r7c7 r8c6 r8c7 r8c8
killer 22 r1c9 r2c8 r2c9 r3c7 r3c8
killer 26 r1c1 r1c2 r1c3 r2c1 r2c2
killer 16 r4c2 r4c3 r4c4 r5c2
killer 13 r2c3 r3c3 r3c4
killer 11 r4c7 r4c8
killer 23 r7c1 r8c1 r8c2 r9c1 r9c2
killer 20 r1c4 r1c5 r2c4
killer 20 r9c6 r9c7 r9c8
killer 27 r4c5 r4c6 r5c4 r5c5 r6c5
killer 11 r9c3 r9c4
killer 12 r6c2 r7c2
killer 28 r3c9 r4c9 r5c9 r6c9
killer 4 r6c7 r6c8
"""


class OutOfBudget(PycosatSolver):
    """A first solver whose every search with a budget runs out after ``after`` answers."""
    after = 0

    def solve(self, assumptions=(), budget=None):
        if budget is not None:
            if OutOfBudget.after <= 0:
                return None
            OutOfBudget.after -= 1
        return PycosatSolver.solve(self, assumptions)


def load(solver):
    solver.add_clauses(CLAUSES)


@pytest.mark.parametrize("answered_first", [0, 1, 5])
def test_the_stronger_solver_goes_on_where_the_first_ran_out(answered_first):
    OutOfBudget.after = answered_first
    chain = [("first", OutOfBudget, 1), ("strong", PycosatSolver, None)]
    found, by = escalate.escalating_models(chain, load, 10, 9)
    assert by == 1
    assert len(found) == 10 and len(set(map(tuple, map(sorted, found)))) == 10
    assert all(len(model) == 3 for model in found)


def test_a_chain_of_three_each_taking_over_from_the_last():
    class Middle(OutOfBudget):
        pass
    OutOfBudget.after = 2
    chain = [("first", OutOfBudget, 1), ("middle", Middle, 1), ("strong", PycosatSolver,
                                                                 None)]
    found, by = escalate.escalating_models(chain, load, 27, 9)
    assert by == 2 and len(set(map(tuple, map(sorted, found)))) == 27
    assert escalate.answered(chain, 2) == ("strong (first ran out of its budget of 1 "
                                           "propagations, middle of 1)")
    assert escalate.answered(chain, 0) == "first"


def test_without_a_stronger_solver_the_first_has_no_budget(monkeypatch):
    monkeypatch.setattr(escalate, "stronger_solver", lambda: None)
    assert escalate.stages("first", OutOfBudget, 5) == [("first", OutOfBudget, None)]


def test_the_budget_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("DIMACS_SUDOKU_ESCALATE", "7")
    assert escalate.budget_from() == 7
    monkeypatch.setenv("DIMACS_SUDOKU_ESCALATE", "0")
    assert escalate.budget_from() is None
    monkeypatch.delenv("DIMACS_SUDOKU_ESCALATE")
    assert escalate.budget_from() == escalate.BUDGET


def test_the_pycosat_engine_does_not_escalate():
    grid = parse_puzzle(KILLER)
    solutions, n = solving.solve_cells(grid, 2, engine="pycosat", escalate=1)
    assert n == 2 and solving.ANSWERED[0] == "pycosat"


@pytest.fixture
def chain(monkeypatch):
    """Escalation as on one core: a chain, no race."""
    monkeypatch.setattr(escalate, "race_width", lambda: 1)


@pytest.fixture
def race(monkeypatch):
    """Escalation as on two cores or more: a race of two."""
    monkeypatch.setattr(escalate, "race_width", lambda: 2)


def test_a_variant_past_its_budget_is_answered_by_cadical(chain, engine="pysat"):
    require_pysat()
    grid = parse_puzzle(KILLER)
    solutions, n = solving.solve_cells(grid, 2, engine=engine, escalate=1)
    assert n == 2
    assert solving.ANSWERED[0].startswith("pysat:cadical195 (")
    assert "pysat:glucose4 of 10)" in solving.ANSWERED[0]
    for cells in solutions:
        Grid(cells, layout=grid.layout, rules=grid.rules).check_solution(grid)
    again, m = solving.solve_cells(grid, 2, engine=engine, escalate=0)
    assert m == 2 and solving.ANSWERED[0] in ("pysat:minicard", "pycosat")


@pytest.mark.parametrize("width, said", [(1, "cadical195"), (2, "won a race against")])
def test_a_large_classic_grid_escalates_and_gives_the_same_answer(width, said,
                                                                  monkeypatch):
    """In a chain (one core) and in a race (two)."""
    require_pysat()
    monkeypatch.setattr(escalate, "race_width", lambda: width)
    grid = Grid.empty(16)
    solutions, n = solving.solve_cells(grid, 2, canonical=True, escalate=1)
    assert said in solving.ANSWERED[0]
    # The line printed (the first solution: picosat's, and the count) is the same.
    first, m = solving.solve_cells(grid, 2, canonical=True, escalate=0)
    assert (first[0], m) == (solutions[0], n) and n == 2


def test_sudoku_solve_verbose_says_who_answered(chain):
    require_pysat()
    text = KILLER + "\n" + "1..44......33..1\n"
    done = command("sudoku-solve", "-v", "-c", "2", input=text,
                   env={"DIMACS_SUDOKU_ESCALATE": "1"})
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert lines[0] == ("sudoku-solve: <stdin>:1: answered by pysat:cadical195 "
                        "(pysat:minicard ran out of its budget of 1 propagations, "
                        "pysat:glucose4 of 10)")
    assert lines[1].endswith("<stdin>:24: answered by propagation")
    quiet = command("sudoku-solve", "-c", "2", input=text)
    assert quiet.stdout == done.stdout and quiet.stderr == ""
    solution = done.stdout.split("\t")[0]
    parse_puzzle(solution + "\n" + KILLER.split("\n", 1)[1]).check_solution(
        parse_puzzle(KILLER))


def test_verbose_notes_come_back_from_the_workers(chain):
    require_pysat()
    text = KILLER + "\n" + "1..44......33..1\n"
    env = {"DIMACS_SUDOKU_ESCALATE": "1"}
    one = command("sudoku-solve", "-v", "-c", "2", input=text, env=env)
    many = command("sudoku-solve", "-v", "-c", "2", "-j", "2", input=text, env=env)
    assert (many.stdout, many.stderr) == (one.stdout, one.stderr)


def children():
    """The pids of this process's children, None where the system does not say."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    found = set()
    for task in tasks:
        try:
            with open("/proc/self/task/%s/children" % task) as listing:
                found.update(map(int, listing.read().split()))
        except OSError:
            return None
    return found


class Waiting(PycosatSolver):
    """A racer that never answers: it says its pid in ``Waiting.path``, then sleeps."""
    path = None

    def solve(self, assumptions=(), budget=None):
        with open(Waiting.path, "w") as out:
            out.write(str(os.getpid()))
        time.sleep(600)


class AfterWaiting(PycosatSolver):
    """A racer that answers once the Waiting one has said its pid (so it is running)."""

    def solve(self, assumptions=(), budget=None):
        while not os.path.exists(Waiting.path) or not open(Waiting.path).read():
            time.sleep(0.01)
        return PycosatSolver.solve(self, assumptions)


class Failing(PycosatSolver):
    def solve(self, assumptions=(), budget=None):
        raise RuntimeError("this racer breaks")


@pytest.mark.parametrize("answered_first", [0, 2])
def test_the_first_racer_to_answer_wins_and_the_loser_is_gone(tmp_path, answered_first):
    Waiting.path = str(tmp_path / "pid")
    OutOfBudget.after = answered_first
    before = children()
    field = [("waiting", Waiting), ("answering", AfterWaiting)]
    found, winner = escalate.racing_models(("first", OutOfBudget, 1), field, load, 27, 9)
    assert winner == 1
    assert len(set(map(tuple, map(sorted, found)))) == 27
    loser = int(open(Waiting.path).read())
    with pytest.raises(ProcessLookupError):     # killed and reaped at once
        os.kill(loser, 0)
    if before is not None:
        assert children() == before


def test_the_first_solver_goes_on_in_the_race():
    OutOfBudget.after = 3
    field = [("first", None), ("failing", Failing)]
    found, winner = escalate.racing_models(("first", OutOfBudget, 1), field, load, 27, 9)
    assert winner == 0 and len(set(map(tuple, map(sorted, found)))) == 27


def test_a_race_that_every_racer_fails_is_a_solver_error():
    OutOfBudget.after = 0
    field = [("failing", Failing), ("again", Failing)]
    before = children()
    with pytest.raises(SolverError, match="the race of failing, again failed"):
        escalate.racing_models(("first", OutOfBudget, 1), field, load, 5, 9)
    if before is not None:
        assert children() == before


def test_no_race_within_the_budget():
    OutOfBudget.after = 100
    found, winner = escalate.racing_models(("first", OutOfBudget, 1), [("x", Failing)],
                                           load, 27, 9)
    assert winner is None and len(found) == 27


def test_the_race_width_is_the_share_of_the_cores(monkeypatch):
    monkeypatch.setattr(escalate, "cores", lambda: 4)
    monkeypatch.setattr(escalate, "_SHARING", [1])
    assert escalate.race_width() == 3
    escalate.share_cores(2)
    assert escalate.race_width() == 2
    escalate.share_cores(4)
    assert escalate.race_width() == 1
    monkeypatch.setattr(escalate, "stronger_solver", lambda: ("pysat:cadical195", None))
    assert escalate.racers("pysat:minicard") == []


def test_a_variant_past_a_tiny_budget_is_answered_by_a_race(race):
    require_pysat()
    before = children()
    grid = parse_puzzle(KILLER)
    solutions, n = solving.solve_cells(grid, 2, engine="pysat", escalate=1)
    assert n == 2
    assert "won a race against" in solving.ANSWERED[0]
    for cells in solutions:
        Grid(cells, layout=grid.layout, rules=grid.rules).check_solution(grid)
    assert solutions[0] != solutions[1]
    if before is not None:
        assert children() == before


def test_sudoku_solve_verbose_names_the_winner_of_the_race(race):
    require_pysat()
    done = command("sudoku-solve", "-v", "-c", "2", input=KILLER,
                   env={"DIMACS_SUDOKU_ESCALATE": "1"})
    assert done.returncode == 0
    found = re.fullmatch(
        r"sudoku-solve: <stdin>:1: answered by (pysat:glucose4|pysat:cadical195) "
        r"\(pysat:minicard ran out of its budget of 1 propagations; won a race against "
        r"(pysat:glucose4|pysat:cadical195)\)\n", done.stderr)
    assert found and found.group(1) != found.group(2), done.stderr
    parse_puzzle(done.stdout.split("\t")[0] + "\n" + KILLER.split("\n", 1)[1]
                 ).check_solution(parse_puzzle(KILLER))


def test_an_interrupt_during_the_race_kills_every_racer(tmp_path):
    Waiting.path = str(tmp_path / "pid")
    OutOfBudget.after = 0
    before = children()

    def interrupt(number, frame):
        raise KeyboardInterrupt
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.5)
    try:
        with pytest.raises(KeyboardInterrupt):
            escalate.racing_models(("first", OutOfBudget, 1),
                                   [("waiting", Waiting), ("again", Waiting)], load, 5, 9)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    racer = int(open(Waiting.path).read())
    with pytest.raises(ProcessLookupError):
        os.kill(racer, 0)
    if before is not None:
        assert children() == before


@pytest.mark.parametrize("puzzle", ["killer", "16x16"])
def test_the_canonical_first_solution_has_a_budget_when_the_search_escalates(
        puzzle, monkeypatch):
    """Of several solutions the bundled picosat's first comes first; when the search
    escalates, picosat gets CANONICAL_BUDGET propagations for it, and past them the
    first solution found comes first, which --verbose says."""
    require_pysat()
    grid = parse_puzzle(KILLER) if puzzle == "killer" else Grid.empty(16)
    canonical, n = solving.solve_cells(grid, 2, canonical=True, escalate=1)
    assert n == 2 and "the first solution as found" not in solving.ANSWERED[0]
    alone, m = solving.solve_cells(grid, 2, engine="pycosat")
    assert m == 2 and canonical[0] == alone[0]
    monkeypatch.setattr(solving, "CANONICAL_BUDGET", 10)
    found, k = solving.solve_cells(grid, 2, canonical=True, escalate=1)
    assert k == 2 and found[0] != found[1]
    assert solving.ANSWERED[0].endswith("; the first solution as found (the bundled "
                                        "picosat's own first not within 10 "
                                        "propagations)")
    for cells in found:
        Grid(cells, layout=grid.layout, rules=grid.rules).check_solution(grid)
    # without escalation picosat's first is looked for without a budget
    again, _ = solving.solve_cells(grid, 2, canonical=True, escalate=0)
    assert again[0] == canonical[0]
