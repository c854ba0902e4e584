"""dimacs_sudoku.tasks.explain, tested by meaning: every step of many 4x4 puzzles (classic
and with variant rules) is replayed by a unit propagator written here, over the DIMACS
text that sudoku2cnf writes and the JSON alone; each cited clause and fact is dropped in
turn and the derivation must break; hand-made 9x9 positions get their techniques'
names; puzzles with no or several solutions, wrong facts and bad arguments."""

import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku import explain, hint, parse_puzzle
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.encodings import puzzle_formula
from dimacs_sudoku.tasks.explain import (FALSE, MAX_SIZE, explain_puzzle, literal_text,
                                         next_hint, parse_literal)
from dimacs_sudoku.errors import PuzzleError
from support import all_4x4_grids

# Unique 4x4 puzzles with minimal givens (each given needed), drawn at random.
PUZZLES_4X4 = [
    ".1.....4..2.3...", "......23.14.....", "2..3.1.......3.4", "......14.2.....1",
    "..1.2....4..3...", ".2....3.1..4....", "4......1....2..3", ".1...42....4....",
    "....2.4..2.3....", ".1..4......1.3.2", "..3.3....2..4.2.", ".4....3..1....1.",
    ".....3.1....41.3", "...1.2.....3.4..", "2......3..4..4..", "4....1..2....42.",
    "..3.1...4.....2.", "..31...2.4..3...", "...3..2....1.13.", ".2.34......2....",
    "..24...12....4..", ".1....3....4..2.", "..4..3.2.2......", "2.1...4.1.2.....",
    "21........4..3.2", ".2..4...1..3..1.", "3......4..4..2..", "3...2..4...3..1.",
    "4....3..2......1", "....2.....1..32.", ".2..4..3...4....", "..1..2.3.1..3...",
    "4......2.3....3.", "3...2.1........2", "..1..134.....3..", "....13.....43...",
    "1.3....4....3...", "..32......2.1...", "..4...1..3...1..", ".2..1.2.3.....1.",
]

# 4x4 puzzles with variant rules, unique and with minimal givens.
VARIANTS_4X4 = [
    '{"size":4,"box":[2,2],"grid":[[0,0,0,0],[0,4,0,0],[0,0,0,3],[0,0,2,0]],'
    '"rules":["thermo r1c1 r1c2 r1c3","killer 7 r2c1 r2c2"]}',
    '{"size":4,"box":[2,2],"grid":[[0,0,3,0],[0,3,0,0],[0,0,0,0],[0,0,1,0]],'
    '"rules":["thermo r1c2 r1c1 r1c3","killer 7 r2c1 r2c2"]}',
    '{"size":4,"box":[2,2],"grid":[[0,0,0,0],[4,0,0,0],[0,0,0,0],[0,0,1,3]],'
    '"rules":["thermo r1c2 r1c4 r1c1","killer 6 r2c1 r2c2"]}',
    '{"size":4,"box":[2,2],"grid":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[3,0,0,4]],'
    '"rules":["thermo r1c3 r1c2 r1c4","killer 4 r2c1 r2c2"]}',
    '{"size":4,"box":[2,2],"grid":[[0,0,0,0],[0,0,0,0],[4,0,0,1],[0,0,0,3]],'
    '"rules":["diagonals"]}',
    '{"size":4,"box":[2,2],"grid":[[0,2,0,0],[0,0,0,0],[3,0,0,0],[0,0,0,4]],'
    '"rules":["diagonals"]}',
]


# ---- an independent checker: the DIMACS text and the JSON, nothing else --------------

def read_cnf(text):
    """The clauses of a DIMACS text, as a set of tuples."""
    clauses, current = set(), []
    for line in text.splitlines():
        if line.startswith(("c", "p")):
            continue
        for token in line.split():
            if token == "0":
                clauses.add(tuple(current))
                current = []
            else:
                current.append(int(token))
    return clauses


def literal(text, n):
    found = re.fullmatch(r"r(\d+)c(\d+)(!=|=)(\w+)", text)
    r, c = int(found.group(1)), int(found.group(2))
    d = int(found.group(4), 36)
    v = ((r - 1) * n + c - 1) * n + d
    return v if found.group(3) == "=" else -v


def unit_propagation(clauses, facts):
    """(true literals, clash?) by the textbook rule: a clause with every literal but
    one false makes that one true."""
    true = set(facts)
    while True:
        changed = False
        for clause in clauses:
            if any(lit in true for lit in clause):
                continue
            free = [lit for lit in clause if -lit not in true]
            if not free:
                return true, True
            if len(free) == 1:
                true.add(free[0])
                changed = True
        if not changed:
            return true, False


def derived(clauses, facts, derives):
    true, clash = unit_propagation(clauses, facts)
    if derives == [FALSE]:
        return clash
    return not clash and all(lit in true for lit in derives)


def replay(steps, known, cnf, n, minimal=True):
    """Check each step against the facts known before it; return what is known after."""
    known = set(known)
    for step in steps:
        assert set(step) >= {"name", "text", "derives", "facts", "clauses", "cost"}
        facts = [literal(f, n) for f in step["facts"]]
        assert all(f in known for f in facts), step
        clauses = [tuple(c) for c in step["clauses"]]
        assert all(c in cnf for c in clauses), step
        if "assume" in step:
            assumed = [literal(a, n) for a in step["assume"]]
            replay(step["steps"], known | set(assumed), cnf, n, minimal)
            assert step["steps"][-1]["derives"] == [FALSE]
            assert [literal(d, n) for d in step["derives"]] == [-a for a in assumed]
            known |= {-a for a in assumed}
            continue
        goal = step["derives"] if step["derives"] == [FALSE] else \
            [literal(d, n) for d in step["derives"]]
        assert derived(clauses, facts, goal), step
        if minimal:
            for k in range(len(clauses)):
                assert not derived(clauses[:k] + clauses[k + 1:], facts, goal), \
                    ("clause %s can go" % (clauses[k],), step)
            for k in range(len(facts)):
                assert not derived(clauses, facts[:k] + facts[k + 1:], goal), \
                    ("fact %s can go" % step["facts"][k], step)
        if goal != [FALSE]:
            known |= set(goal)
    return known


def check_explanation(grid, result):
    n = grid.size
    cnf = read_cnf(puzzle_formula(grid, "p.txt").to_text())
    givens = {cell * n + d for cell, d in enumerate(grid.cells) if d}
    known = replay(result["steps"], givens, cnf, n)
    return known


# ---- every step replays, and nothing can be left out ---------------------------------

@pytest.mark.parametrize("line", PUZZLES_4X4)
def test_every_step_of_a_4x4_puzzle_replays_and_is_minimal(line):
    grid = Grid.from_line(line)
    result = explain_puzzle(grid).to_json()
    assert result["puzzle"] == line
    known = check_explanation(grid, result)
    solution = result["solution"]
    assert all(cell * 4 + int(d) in known for cell, d in enumerate(solution))
    assert result["rating"] == max(step["cost"] for step in result["steps"])
    assert list(result) == ["puzzle", "solution", "rating", "steps"]


GRIDS_4X4 = all_4x4_grids()


def test_the_4x4_grids_are_all_288():
    assert len(GRIDS_4X4) == 288 == len({tuple(g) for g in GRIDS_4X4})


@settings(max_examples=25, deadline=None)
@given(st.integers(0, len(GRIDS_4X4) - 1), st.sets(st.integers(0, 15), min_size=6))
def test_any_4x4_position_explains_to_a_replayable_end(index, blanks):
    # Any puzzle cut from a grid: one solution or several, every step replays.
    cells = [0 if k in blanks else d for k, d in enumerate(GRIDS_4X4[index])]
    grid = Grid(cells)
    explanation = explain_puzzle(grid)
    assert explanation.status in ("solved", "several")
    known = check_explanation(grid, explanation.to_json())
    if explanation.status == "solved":
        assert all(k * 4 + d in known for k, d in enumerate(GRIDS_4X4[index]))


@pytest.mark.parametrize("text", VARIANTS_4X4)
def test_variant_rules_are_explained_by_their_own_clauses(text):
    grid = parse_puzzle(text)
    explanation = explain_puzzle(grid)
    assert explanation.status == "solved"
    result = explanation.to_json()
    known = check_explanation(grid, result)
    assert all(cell * 4 + int(d) in known for cell, d in enumerate(result["solution"]))
    assert json.loads(result["puzzle"])["rules"] == json.loads(text)["rules"]


def test_a_rule_step_names_its_rule():
    grid = parse_puzzle(VARIANTS_4X4[0])
    names = {step.name for step in explain(grid)}
    assert names & {"thermo", "killer", "thermo + killer", "killer + thermo"}


def test_each_step_is_the_cheapest_then_or_a_placements_eliminations():
    # Costs need not rise (a placement opens cheap steps), but no step is taken while
    # a cheaper direct one was open: singles come before refutations.
    steps = explain(Grid.from_line(".1...42....4...."))
    for step in steps:
        assert step.cost > 0
        assert step.name in ("elimination", "hidden single", "naked single")


# ---- named techniques, on hand-made positions ----------------------------------------

def removed(cells, digits):
    """The facts removing ``digits`` from ``cells`` (names like r1c1)."""
    return ["%s!=%d" % (cell, d) for cell in cells for d in digits]


def row_cells(r, columns):
    return ["r%dc%d" % (r, c) for c in columns]


EMPTY9 = Grid.empty(9)


def test_naked_single():
    step = hint(EMPTY9, removed(["r5c5"], range(1, 9)))
    assert (step.name, step.to_json()["derives"]) == ("naked single", ["r5c5=9"])


def test_hidden_single():
    step = hint(EMPTY9, removed(row_cells(5, [1, 2, 3, 4, 6, 7, 8, 9]), [4]))
    assert (step.name, step.to_json()["derives"]) == ("hidden single", ["r5c5=4"])
    assert step.text == "row 5 needs a 4 and only r5c5 can hold it"


def test_pointing():
    state = removed(row_cells(2, [1, 2, 3]) + row_cells(3, [1, 2, 3]), [5])
    step = hint(EMPTY9, state)
    assert step.name == "locked candidates (pointing)"
    (lit,) = step.to_json()["derives"]
    assert re.fullmatch(r"r1c[4-9]!=5", lit)


def test_claiming():
    step = hint(EMPTY9, removed(row_cells(1, range(4, 10)), [5]))
    assert step.name == "locked candidates (claiming)"
    (lit,) = step.to_json()["derives"]
    assert re.fullmatch(r"r[23]c[1-3]!=5", lit)


def test_naked_pair():
    step = hint(EMPTY9, removed(["r1c1", "r1c4"], range(3, 10)))
    assert step.name == "naked pair"
    (lit,) = step.to_json()["derives"]
    assert re.fullmatch(r"r1c[235-9]!=[12]", lit)


def test_hidden_pair():
    step = hint(EMPTY9, removed(row_cells(1, [2, 3, 5, 6, 7, 8, 9]), [1, 2]))
    assert step.name == "hidden pair"
    (lit,) = step.to_json()["derives"]
    assert re.fullmatch(r"r1c[14]!=[3-9]", lit)


def test_x_wing():
    others = [2, 3, 4, 6, 7, 8, 9]
    state = removed(row_cells(1, others) + row_cells(4, others), [5])
    step = hint(EMPTY9, state)
    assert step.name == "X-wing"
    (lit,) = step.to_json()["derives"]
    assert re.fullmatch(r"r[235-9]c[15]!=5", lit)
    assert len(step.steps) == 1 and step.steps[-1].derives == [FALSE]


def test_technique_steps_replay():
    others = [2, 3, 4, 6, 7, 8, 9]
    state = removed(row_cells(1, others) + row_cells(4, others), [5])
    step = hint(EMPTY9, state).to_json()
    cnf = read_cnf(puzzle_formula(EMPTY9, "p.txt").to_text())
    replay([step], {literal(f, 9) for f in state}, cnf, 9)


# ---- hints, states, wrong facts ------------------------------------------------------

def test_a_hint_is_the_first_step_of_the_explanation():
    grid = Grid.from_line(PUZZLES_4X4[3])
    assert hint(grid).to_json() == explain(grid)[0].to_json()


def test_a_hint_from_a_state_uses_its_facts():
    grid = Grid.from_line("1..44......33..1")
    first, second = explain(grid)[:2]
    step = hint(grid, first.to_json()["derives"])
    assert step.to_json() == second.to_json()


def test_a_wrong_placement_in_the_state_is_said_with_the_step_that_shows_it():
    grid = Grid.from_line("1..44......33..1")
    found = next_hint(grid, [parse_literal("r1c2=3", 4)])
    assert found.wrong == parse_literal("r1c2=3", 4)
    assert found.step.name == "wrong fact"
    assert found.step.to_json()["derives"] == ["r1c2!=3"]
    cnf = read_cnf(puzzle_formula(grid, "p.txt").to_text())
    givens = {cell * 4 + d for cell, d in enumerate(grid.cells) if d}
    replay([found.step.to_json()], givens, cnf, 4)


def test_a_wrong_elimination_is_said_too():
    grid = Grid.from_line("1..44......33..1")
    found = next_hint(grid, [parse_literal("r1c2!=2", 4)])
    assert found.wrong == -6 and found.step.to_json()["derives"] == ["r1c2=2"]


def test_a_full_grid_needs_no_hint():
    assert hint(Grid.from_line("1234431221433421")) is None


# ---- pencil-mark puzzles: the removed candidates are facts from the start -----------

HARD_9X9 = ("52...6.........7.13...........4..8..6......5..........."
            "418.........3..2...87.....")


def pencil_puzzle():
    """A tdoku pencil-mark line (no givens: each given a cell of one candidate) of
    HARD_9X9, one wrong candidate more removed from every third open cell."""
    from dimacs_sudoku.formats import puzzles_from_text
    from dimacs_sudoku.tasks import solve
    grid = Grid.from_line(HARD_9X9)
    solution = solve(grid).cells
    masks = [1 << (d - 1) if d else 0x1FF & ~(1 << s % 9) if k % 3 == 0 else 0x1FF
             for k, (d, s) in enumerate(zip(grid.cells, solution))]
    line = "".join(str(d) if mask >> (d - 1) & 1 else "." for mask in masks
                   for d in range(1, 10))
    found, = puzzles_from_text(line + "\n", source="p.txt")
    assert found.removed and not any(found.cells)
    return found


def test_a_pencil_mark_puzzle_starts_from_its_removed_candidates():
    grid = pencil_puzzle()
    cnf = read_cnf(puzzle_formula(grid, "p.txt").to_text())
    start = {clause[0] for clause in cnf if len(clause) == 1}
    assert start and all(lit < 0 for lit in start)     # the removed candidates alone
    result = explain_puzzle(grid).to_json()
    known = replay(result["steps"], start, cnf, 9)
    assert all(cell * 9 + int(d) in known for cell, d in enumerate(result["solution"]))
    derived_lits = [literal(d, 9) for step in result["steps"] for d in step["derives"]]
    assert not start & set(derived_lits)                # none derived again
    assert any(literal(f, 9) in start for step in result["steps"]
               for f in step["facts"])


def test_a_hint_from_a_pencil_mark_position():
    grid = pencil_puzzle()
    cnf = read_cnf(puzzle_formula(grid, "p.txt").to_text())
    start = {clause[0] for clause in cnf if len(clause) == 1}
    first, second = explain(grid)[:2]
    assert hint(grid).to_json() == first.to_json()
    assert first.name == "naked single" and first.derives[0] > 0
    step = hint(grid, first.to_json()["derives"])
    assert step.to_json() == second.to_json()
    replay([first.to_json(), step.to_json()], start, cnf, 9)


# ---- the probe budget ---------------------------------------------------------------

def test_a_spent_probe_budget_stops_the_explanation_after_the_steps_found(monkeypatch):
    from dimacs_sudoku.tasks import explain as explaining
    from support import INKALA
    grid = Grid.from_line(INKALA)
    whole = explain_puzzle(grid)
    assert whole.status == "solved"
    monkeypatch.setattr(explaining, "PROBE_BUDGET", 1)          # 729 probes
    cut = explain_puzzle(grid)
    assert cut.status == "stopped" and 0 < len(cut.steps) < len(whole.steps)
    result = cut.to_json()
    assert result["stopped"] is True
    check_explanation(grid, result)                 # what was found still replays
    assert "stopped: the search for the next step went past its probe budget" \
        in cut.to_text()
    monkeypatch.setattr(explaining, "PROBE_BUDGET", 0)          # 0: no budget
    assert explain_puzzle(grid).to_json() == whole.to_json()


def test_probing_skips_implied_literals_without_changing_a_step(monkeypatch):
    from dimacs_sudoku.tasks import explain as explaining
    from support import INKALA
    calls = []
    real = explaining.Explainer._probe_clashes
    monkeypatch.setattr(explaining.Explainer, "_probe_clashes",
                        lambda self, options: calls.append(1) or real(self, options))
    grid = Grid.from_line(INKALA)
    runs = []
    for skip in (False, True):
        monkeypatch.setattr(explaining, "SKIP_IMPLIED", skip)
        runs.append(explain_puzzle(grid).to_json())
    assert calls and runs[0] == runs[1]


# ---- no solution, several solutions --------------------------------------------------

def test_no_solution_is_explained_to_its_clash_and_names_the_minimal_one():
    grid = Grid.from_line("..23" ".1.." "4..." "....")     # r1c1: no digit left
    explanation = explain_puzzle(grid)
    assert explanation.status == "none"
    result = explanation.to_json()
    assert result["solution"] is None
    assert result["steps"][-1]["derives"] == [FALSE]
    check_explanation(grid, result)
    assert explanation.core
    assert "no solution" in explanation.to_text()


def test_several_solutions_stop_where_they_branch():
    grid = Grid.from_line("12.." "34.." "...." "....")
    explanation = explain_puzzle(grid)
    assert explanation.status == "several"
    check_explanation(grid, explanation.to_json())
    assert "several solutions" in explanation.to_text()


# ---- literals and arguments ----------------------------------------------------------

def test_literals_are_the_cnf_variables():
    assert literal_text(9, (4 * 9 + 4) * 9 + 4) == "r5c5=4"
    assert parse_literal("r5c5=4", 9) == (4 * 9 + 4) * 9 + 4
    assert parse_literal("r1c1!=G", 16) == -16
    for text in ("r1c1", "r0c1=1", "r1c1=10", "r1c1=x"):
        with pytest.raises(ValueError):
            parse_literal(text, 9)


def test_bad_arguments_are_refused_as_the_other_functions_do():
    with pytest.raises(TypeError):
        explain("1..44......33..1")
    with pytest.raises(TypeError):
        hint(Grid.from_line("1..44......33..1"), "r1c1=1")
    with pytest.raises(ValueError):
        hint(Grid.from_line("1..44......33..1"), ["r9c9=1"])
    with pytest.raises(PuzzleError):
        explain(Grid.empty(MAX_SIZE + 9))


def test_16x16_works():
    from dimacs_sudoku import solve
    full = solve(Grid.empty(16))
    cells = list(full.cells)
    for cell in range(0, 256, 7):
        cells[cell] = 0
    grid = Grid(cells)
    explanation = explain_puzzle(grid)
    assert explanation.status == "solved"
    known = check_explanation(grid, explanation.to_json())
    assert all(cell * 16 + d in known for cell, d in enumerate(full.cells))
