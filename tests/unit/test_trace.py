"""The DPLL trace (tasks/trace.py over sat/dpll.py's tracing hook): every event is
replayed against the puzzle's own CNF by a small checker written here."""

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.encodings import encode
from dimacs_sudoku.sat.dpll import clause_propagator, given_literals
from dimacs_sudoku.tasks.grade import grade, solutions
from dimacs_sudoku.tasks.trace import trace, trace_events

PUZZLE = "1..4" "4..." "...3" "3..1"


def replay(grid, events):
    """Check the events as an independent reader of the trace would; return the
    number of decisions."""
    clauses = {frozenset(c) for c in encode(grid).clauses()}
    givens = {lit for c in clauses if len(c) == 1 for lit in c}
    true = []                       # the trail, as the trace tells it
    marks = []                      # (trail length before, decision literal)
    decisions = 0

    def false(lit):
        return -lit in true

    for event in events:
        kind, lit, clause = event.kind, event.lit, event.clause
        if kind == "given":
            assert lit in givens and lit not in true and not false(lit)
            true.append(lit)
        elif kind == "propagate":
            assert frozenset(clause) in clauses, event.text
            assert lit in clause and lit not in true and not false(lit), event.text
            assert all(false(other) for other in clause if other != lit), event.text
            true.append(lit)
        elif kind == "decide":
            assert lit not in true and not false(lit)
            decisions += 1
            marks.append((len(true), lit))
            assert event.level == len(marks)
            true.append(lit)
        elif kind == "conflict":
            assert frozenset(clause) in clauses
            assert all(false(other) for other in clause), event.text
        elif kind == "backtrack":
            assert marks, "a backtrack without an open decision"
            mark, decided = marks.pop()
            assert lit == -decided and event.level == len(marks)
            del true[mark:]
            true.append(lit)
        elif kind == "solution":
            line = event.text.rsplit(" ", 1)[1]
            assert line == grid.copy([v % grid.size or grid.size for v in sorted(
                x for x in true if x > 0)]).to_line()
            assert len({abs(x) for x in true}) == grid.size ** 3
    return decisions


def search_decisions(grid):
    """The decisions of the untraced search from the givens, as grading runs it."""
    prop = clause_propagator(grid.layout)
    prop.reset()
    assert prop.assume(given_literals(grid))
    return prop.search(limit=1)[1]


def test_every_event_of_a_4x4_run_replays():
    grid = Grid.from_line(PUZZLE)
    events = list(trace_events(grid))
    assert events[-1].kind == "solution"
    replay(grid, events)


def test_empty_grid_decides_and_backtracks_as_grading_counts():
    grid = Grid.empty(4)
    events = list(trace_events(grid))
    kinds = [e.kind for e in events]
    assert replay(grid, events) == kinds.count("decide") == grade(grid).decisions
    assert kinds[-1] == "solution"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 0, 1, 2, 3, 4]), min_size=16, max_size=16))
def test_any_4x4_puzzle_replays(cells):
    grid = Grid(cells)
    events = list(trace_events(grid))
    decisions = replay(grid, events)
    kinds = [e.kind for e in events]
    # backtracks never outnumber decisions; each one closes one open decision
    assert kinds.count("backtrack") <= kinds.count("decide") == decisions
    if solutions(grid, 1):
        assert kinds[-1] == "solution"
        assert grade(grid).level != "search" or grade(grid).decisions == decisions
    else:
        assert kinds[-1] == "none"
        assert "conflict" in kinds


def test_a_9x9_run_replays_with_backtracks():
    grid = Grid.from_line("4.....8.5.3..........7......2.....6....."
                          "8.4......1.......6.3.7.5..2.....1.4......")
    events = list(trace_events(grid))
    assert "backtrack" in {e.kind for e in events}
    assert replay(grid, events) == search_decisions(grid)    # grading probes this one


@pytest.mark.parametrize("limit", [0, 1, 7, 50])
def test_limit_is_respected(limit):
    lines = list(trace(Grid.empty(4), limit=limit))
    assert len(lines) == limit + 1
    assert lines[-1] == "stopped after %d events (raise --trace-limit to see more)" % limit


def test_no_limit_line_when_the_run_fits():
    lines = list(trace(Grid.from_line(PUZZLE), limit=10000))
    assert lines[-1] == "solution after 0 decisions: 1234431221433421"
    assert not any(line.startswith("stopped") for line in lines)


def test_lines_say_clauses_in_words():
    lines = list(trace(Grid.from_line(PUZZLE)))
    assert "r1c1=1 forces r1c2!=1  [-1 -5]  (at most one 1 in row 1)" in lines
    assert any(", the last one left  [" in line and "needs a" in line for line in lines)


def test_conflicting_givens_end_in_no_solution():
    lines = list(trace(Grid.from_line("11" + "." * 14)))
    assert lines[-1] == "no solution: unit propagation from the givens ends in a conflict"
    assert ("conflict  [-1 -5]  (at most one 1 in row 1: r1c1=1 and r1c2=1 clash)"
            in lines)


def test_variant_rule_clauses_are_named():
    from dimacs_sudoku.rules.registry import parse_rule
    grid = Grid([0] * 16, rules=[parse_rule("antiknight", 4)])
    events = list(trace_events(grid))
    assert any("(rule antiknight)" in e.text for e in events)
    replay(grid, events)


def test_auxiliary_variables_are_named_as_such():
    from dimacs_sudoku.rules.registry import parse_rule
    grid = Grid([0] * 81, rules=[parse_rule("sandwich 5 r1", 9)])
    events = list(trace_events(grid, limit=3000))
    aux = [e for e in events if e.kind == "propagate" and abs(e.lit) > 729]
    assert aux
    for event in aux:
        assert ("x%d" % abs(event.lit)) in event.text
        assert "r10c" not in event.text
    assert max(len(e.text) - len(e.text.lstrip(" ")) for e in events) <= 40
