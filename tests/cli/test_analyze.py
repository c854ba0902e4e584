"""sudoku-analyze and dimacs_sudoku.tasks.analyze, tested by meaning: on 4x4 grids every
answer is held against brute force over all 288 grids; on larger ones against the
solutions and counts the other commands give."""

import itertools
import json
import random

import pytest

from support import ROOT, SMALL4, all_4x4_grids, command, in_process

from dimacs_sudoku.tasks.analyze import analyze
from dimacs_sudoku.tasks.solving import find_solutions
from dimacs_sudoku.formats import puzzles_from_file
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.check import check_variant
from dimacs_sudoku.rules.registry import parse_rule, variant_grid

FIXTURES = ROOT / "tests" / "fixtures" / "variants"


GRIDS = all_4x4_grids()


def solutions_of(givens, rules=()):
    """The complete 4x4 grids that agree with ``givens`` and obey ``rules``."""
    return [g for g in GRIDS if all(not v or v == d for v, d in zip(givens, g))
            and (not rules or not check_variant(g, 4, (2, 2), list(rules)))]


def obeying(givens, rules, puzzle_rules):
    """The grids that agree with ``givens`` and obey ``rules``, each rule reading the
    others as the whole puzzle's ``puzzle_rules`` give them (a negative constraint's
    exemptions are the puzzle's dots, whether or not those dots are in ``rules``)."""
    for rule in puzzle_rules:
        rule.link(puzzle_rules)
    return [g for g in GRIDS if all(not v or v == d for v, d in zip(givens, g))
            and not any(rule.check(g, 4, (2, 2)) for rule in rules)]


def without(cells, cell):
    return [0 if k == cell else d for k, d in enumerate(cells)]


def random_puzzles(count, seed):
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        grid = rng.choice(GRIDS)
        keep = rng.sample(range(16), rng.randint(2, 8))
        cells = [grid[k] if k in keep else 0 for k in range(16)]
        if rng.random() < 0.3:          # a wrong given now and then: no solution
            k = rng.choice(keep)
            cells[k] = cells[k] % 4 + 1
        puzzles.append(cells)
    return puzzles


def test_there_are_288_grids_of_4x4():
    assert len(GRIDS) == 288


@pytest.mark.parametrize("engine", ["auto", "pycosat"])
def test_4x4_answers_match_brute_force(engine):
    kinds = set()
    for cells in random_puzzles(40, seed=7):
        report = analyze(Grid(cells, size=4), cap=1000, counts=True, engine=engine)
        solutions = solutions_of(cells)
        assert report.solutions == len(solutions) and not report.capped
        for cell in range(16):
            held = [s[cell] for s in solutions]
            assert report.candidates[cell] == sorted(set(held))
            assert report.counts[cell] == {d: held.count(d) for d in set(held)}
        assert report.backbone == {cell: report.candidates[cell][0] for cell in range(16)
                                   if len(set(s[cell] for s in solutions)) == 1} \
            if solutions else report.backbone is None
        givens = [(k, d) for k, d in enumerate(cells) if d]
        if len(solutions) == 1:
            kinds.add("one")
            assert report.redundant_givens == [
                (k, d) for k, d in givens if len(solutions_of(without(cells, k))) == 1]
            kept = [0] * 16
            for k, d in report.minimal_givens:
                kept[k] = d
            assert len(solutions_of(kept)) == 1
            assert all(len(solutions_of(without(kept, k))) > 1
                       for k, _ in report.minimal_givens)
        else:
            assert report.redundant_givens is None and report.minimal_givens is None
        if not solutions:
            kinds.add("none")
            core = [0] * 16
            for k, d in report.core:
                core[k] = d
            assert not solutions_of(core)
            assert all(solutions_of(without(core, k)) for k, _ in report.core)
            fewest = min(len(drop) for size in range(len(givens) + 1)
                         for drop in itertools.combinations(givens, size)
                         if solutions_of([0 if (k, d) in drop else d
                                          for k, d in enumerate(cells)]))
            removed = report.fewest_givens_to_remove
            assert len(removed) == fewest
            assert solutions_of([0 if (k, d) in removed else d
                                 for k, d in enumerate(cells)])
        else:
            assert report.core is None and report.fewest_givens_to_remove is None
    assert kinds == {"one", "none"}             # both branches were tested


def test_the_cap_counts_up_to_it_and_the_candidates_are_still_all_found():
    report = analyze(Grid.empty(4), cap=3)
    assert (report.solutions, report.capped) == (3, True)
    assert report.candidates == [[1, 2, 3, 4]] * 16
    assert report.solver_calls > 4              # candidates beyond the 3 solutions
    counted = analyze(Grid.empty(4), cap=5, counts=True)
    assert all(counted.counts[cell] == {d: 5 for d in range(1, 5)} for cell in range(16))


def variant_4x4(cells, lines):
    rules = [parse_rule(line, 4) for line in lines]
    from dimacs_sudoku.rules.registry import finish
    return variant_grid(Grid(cells, size=4), finish(rules, 4))


@pytest.mark.parametrize("lines", [
    ["killer 7 r1c1 r1c2", "thermo r2c1 r2c2 r2c3", "diagonal+"],
    "every black dot of a grid, negative black",
    ["killer 5 r2c2 r2c3", "killer 3 r4c1 r4c2", "thermo r3c3 r3c4"],
])
def test_4x4_rules_redundant_and_core_match_brute_force(lines):
    if isinstance(lines, str):          # a dot removed changes what negative allows
        grid = GRIDS[100]
        lines = ["black r%dc%d r%dc%d" % (a // 4 + 1, a % 4 + 1, b // 4 + 1, b % 4 + 1)
                 for a in range(16) for b in (a + 1, a + 4)
                 if b < 16 and (b == a + 4 or b % 4)
                 and grid[a] * 2 in (grid[b], grid[b] * 4)]
        lines.append("negative black")
    grid = variant_4x4([0] * 16, lines)
    rules = list(grid.rules)
    rng = random.Random(3)
    solutions = solutions_of(grid.cells, rules)
    assert solutions
    tested = set()
    for _ in range(30):
        target = rng.choice(solutions)
        keep = rng.sample(range(16), rng.randint(0, 5))
        cells = [target[k] if k in keep else 0 for k in range(16)]
        if rng.random() < 0.3 and keep:
            cells[keep[0]] = cells[keep[0]] % 4 + 1
        puzzle = variant_grid(Grid(cells, size=4), rules)
        report = analyze(puzzle, cap=300)
        found = solutions_of(cells, rules)
        assert report.solutions == len(found)
        assert report.candidates == [sorted(set(s[k] for s in found)) for k in range(16)]
        if len(found) == 1:
            tested.add("one")
            expected = [rule for rule in rules if len(solutions_of(
                cells, [r for r in rules if r is not rule])) == 1]
            assert [r.to_line() for r in report.redundant_rules] == \
                [r.to_line() for r in expected]
        if not found:
            tested.add("none")
            core_cells = [0] * 16
            core_rules = []
            for item in report.core:
                if isinstance(item, tuple):
                    core_cells[item[0]] = item[1]
                else:
                    core_rules.append(item)
            # As docs/analyze.md says: a rule that reads the others (a negative
            # constraint) keeps the whole puzzle's reading in a core.
            assert not obeying(core_cells, core_rules, rules)
            for item in report.core:
                if isinstance(item, tuple):
                    assert obeying(without(core_cells, item[0]), core_rules, rules)
                else:
                    others = [r for r in core_rules if r is not item]
                    assert obeying(core_cells, others, rules)
        for rule in rules:
            rule.link(rules)
    assert tested == {"one", "none"}


def brute_fewest(cells, rules, most):
    """The fewest givens of ``cells`` whose removal leaves a 4x4 solution obeying
    ``rules``, by trying every set of growing size: None above ``most``."""
    givens = [k for k, d in enumerate(cells) if d]
    for size in range(most + 1):
        for drop in itertools.combinations(givens, size):
            if solutions_of([0 if k in drop else d for k, d in enumerate(cells)], rules):
                return size
    return None


@pytest.mark.parametrize("engine", ["auto", "pycosat"])
@pytest.mark.parametrize("lines", [["diagonals"], ["killer 7 r1c1 r1c2", "thermo r2c1 r2c2"],
                                   []])
def test_4x4_fewest_givens_to_remove_is_the_brute_force_minimum(engine, lines):
    grid = variant_4x4([0] * 16, lines)
    rules = list(grid.rules)
    rng = random.Random(11)
    answers = set()
    for _ in range(25):
        target = rng.choice(solutions_of([0] * 16, rules))
        keep = rng.sample(range(16), rng.randint(4, 10))
        cells = [target[k] if k in keep else 0 for k in range(16)]
        for k in rng.sample(keep, rng.randint(1, 4)):       # wrong givens: often none
            cells[k] = rng.randint(1, 4)
        if solutions_of(cells, rules):
            continue
        report = analyze(variant_4x4(cells, lines), engine=engine, max_remove=2)
        fewest = brute_fewest(cells, rules, 2)
        removed = report.fewest_givens_to_remove
        if fewest is None:
            assert removed is None and report.fewest_not_found == "more_than_max_remove"
        else:
            assert len(removed) == fewest and report.fewest_not_found is None
            assert all(cells[k] == d for k, d in removed)
            assert solutions_of([0 if (k, d) in removed else d
                                 for k, d in enumerate(cells)], rules)
        answers.add(fewest)
    assert answers >= {1, 2, None}          # each kind of answer was met


# Public puzzles (Norvig's top 95, lines 12 and 19) with an anti-king rule: no
# solution. The search over hitting sets of cores stopped at its 200 cores on them
# with pycosat (whose cores are all the givens left) and said "not found".
ANTIKING_CLASHES = [
    (".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...", 4),
    (".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......", 3),
]


@pytest.mark.parametrize("engine", ["auto", "pycosat"])
@pytest.mark.parametrize("line, fewest", ANTIKING_CLASHES)
def test_fewest_givens_to_remove_where_the_old_limit_stopped(engine, line, fewest):
    from dimacs_sudoku.formats import puzzles_from_text
    puzzle = puzzles_from_text(line + "\nantiking\n")[0]
    report = analyze(puzzle, engine=engine)
    removed = report.fewest_givens_to_remove
    assert report.solutions == 0 and len(removed) == fewest
    assert report.fewest_not_found is None
    rest = [0 if (k, d) in removed else d for k, d in enumerate(puzzle.cells)]
    assert find_solutions(variant_grid(Grid(rest, size=9), puzzle.rules), 1)[1] == 1
    if fewest == 3:                     # no two givens do: each pair tried
        givens = [k for k, d in enumerate(puzzle.cells) if d]
        for pair in itertools.combinations(givens, 2):
            rest = [0 if k in pair else d for k, d in enumerate(puzzle.cells)]
            assert find_solutions(variant_grid(Grid(rest, size=9), puzzle.rules),
                                  1)[1] == 0


def test_why_no_fewest_givens_were_found_is_said(tmp_path):
    from dimacs_sudoku.formats import puzzles_from_text
    line, fewest = ANTIKING_CLASHES[1]
    puzzle = puzzles_from_text(line + "\nantiking\n")[0]
    report = analyze(puzzle, max_remove=2)
    assert report.fewest_givens_to_remove is None
    assert report.fewest_not_found == "more_than_max_remove"
    stopped = analyze(puzzle, budget=1)
    assert stopped.fewest_givens_to_remove is None
    assert stopped.fewest_not_found == "budget"
    alone = analyze(puzzles_from_text("1...\n....\n....\n....\nantiking\n")[0])
    assert alone.fewest_givens_to_remove is None
    assert alone.fewest_not_found == "rules_clash_alone"
    assert analyze(Grid.from_line(SMALL4)).fewest_not_found is None
    path = tmp_path / "p.txt"
    path.write_text(line + "\nantiking\n")
    texts = {
        ("--max-remove", "2"): "fewest givens to remove: not found: more than 2 "
                               "(--max-remove)",
        ("--budget", "1"): "fewest givens to remove: not found: a search ran out of "
                           "its budget (--budget)",
    }
    for args, said in texts.items():
        result = in_process("sudoku-analyze", *args, str(path))
        assert said in result.stdout
        data = json.loads(in_process("sudoku-analyze", "--json", *args, str(path)).stdout)
        assert data["fewest_not_found"] == report.fewest_not_found if args[0] == \
            "--max-remove" else data["fewest_not_found"] == "budget"
    result = in_process("sudoku-analyze", input="1...\n....\n....\n....\nantiking\n")
    assert "fewest givens to remove: not found: the rules clash without any given" \
        in result.stdout


def test_inkala_has_no_redundant_given_and_one_solution():
    grid = next(iter(puzzles_from_file(str(ROOT / "examples" / "inkala.sdk"))))
    report = analyze(grid)
    solution, n = find_solutions(grid, 2)
    assert (report.solutions, n) == (1, 1)
    assert report.candidates == [[d] for d in solution[0].cells]
    assert report.redundant_givens == [] and len(report.minimal_givens) == 21


def test_9x9_with_a_given_left_out_has_the_union_of_its_solutions():
    grid = next(iter(puzzles_from_file(str(ROOT / "examples" / "inkala.sdk"))))
    cells = list(grid.cells)
    cells[66] = 0                       # r8c4: 85 solutions without it
    loose = Grid(cells, size=9)
    solutions, n = find_solutions(loose, 1000)
    report = analyze(loose, cap=1000)
    assert report.solutions == n and 1 < n < 1000
    capped = analyze(loose, cap=2)
    assert capped.capped and capped.candidates == report.candidates
    assert report.candidates == [sorted({s.cells[k] for s in solutions}) for k in range(81)]
    assert report.redundant_givens is None


def test_17_clue_puzzle_needs_every_given_and_a_broken_one_names_its_clash():
    line = ("...8.1..........435............7.8........1"
            "...2..3....6......75..34........2..6..")
    grid = Grid.from_line(line)
    report = analyze(grid)
    assert report.solutions == 1 and report.redundant_givens == []
    assert len(report.minimal_givens) == 17
    # The same digit twice in the first row, far from each other.
    broken = list(grid.cells)
    broken[0] = 8
    report = analyze(Grid(broken, size=9))
    assert report.solutions == 0
    assert (0, 8) in report.core and (3, 8) in report.core
    assert len(report.fewest_givens_to_remove) == 1
    removed = report.fewest_givens_to_remove[0]
    assert find_solutions(Grid([0 if k == removed[0] else d for k, d in enumerate(broken)],
                                size=9), 1)[1] == 1
    # No two givens clash here: r2c8 = 5 instead of 3 leaves no solution.
    deep = list(grid.cells)
    deep[16] = 5
    report = analyze(Grid(deep, size=9))
    assert report.solutions == 0 and len(report.core) > 5
    core = [0] * 81
    for k, d in report.core:
        core[k] = d
    assert find_solutions(Grid(core, size=9), 1)[1] == 0
    for k, _ in report.core:
        assert find_solutions(Grid(without(core, k), size=9), 1)[1] == 1
    removed = report.fewest_givens_to_remove
    assert len(removed) == 1 and find_solutions(Grid(
        [0 if (k, d) in removed else d for k, d in enumerate(deep)], size=9), 1)[1] >= 1


def test_a_budget_keeps_the_givens_it_cannot_decide_and_says_so():
    grid = next(iter(puzzles_from_file(str(ROOT / "examples" / "inkala.sdk"))))
    report = analyze(grid, budget=10)
    assert report.undecided == 21 and len(report.minimal_givens) == 21
    assert analyze(grid).undecided == 0
    result = in_process("sudoku-analyze", "--budget", "10", "--json",
                        str(ROOT / "examples" / "inkala.sdk"))
    assert result.returncode == 0
    assert "inkala.sdk:3: minimal_givens may not be minimal: 21 removals" in result.stderr


def test_variant_fixture_redundant_cages_hold_when_removed():
    grid = next(iter(puzzles_from_file(str(FIXTURES / "killer-6x6-wsc-2022.txt"))))
    report = analyze(grid)
    solution = "123456456123231564564231342615615342"
    assert report.solutions == 1
    assert "".join(str(d[0]) for d in report.candidates) == solution
    rules = list(grid.rules)
    for rule in rules:
        rest = variant_grid(Grid(grid.cells, size=6, box=(2, 3)),
                            [r for r in rules if r is not rule])
        unique = find_solutions(rest, 2)[1] == 1
        assert unique == (rule in report.redundant_rules), rule
    assert report.redundant_rules                       # some cage does nothing


def test_16x16_candidates_are_the_union_of_the_solutions():
    from dimacs_sudoku.tasks import solve
    full = solve(Grid.empty(16)).cells
    rng = random.Random(5)
    blank = set(rng.sample(range(256), 130))          # 34 solutions
    puzzle = Grid([0 if k in blank else d for k, d in enumerate(full)], size=16)
    solutions, n = find_solutions(puzzle, 50)
    report = analyze(puzzle, cap=50, minimal=False)
    assert 1 < report.solutions == n < 50 and not report.capped
    assert report.candidates == [sorted({s.cells[k] for s in solutions})
                                 for k in range(256)]
    assert all(full[k] in report.candidates[k] for k in range(256))


# ---- the command ------------------------------------------------------------------

KEYS = {"solutions", "capped", "candidates", "backbone", "redundant_givens",
        "redundant_rules", "minimal_givens", "core", "fewest_givens_to_remove",
        "fewest_not_found", "solver_calls"}


def test_json_has_exactly_the_keys_one_line_per_puzzle_from_stdin():
    result = in_process("sudoku-analyze", "--json",
                        input="1..44......33..1\n11..............\n")
    assert result.returncode == 0, result.stderr
    first, second = map(json.loads, result.stdout.splitlines())
    assert set(first) == KEYS == set(second)
    assert first["redundant_givens"] == ["r1c4=4", "r2c1=4", "r3c4=3", "r4c1=3"]
    assert second["solutions"] == 0 and second["core"] == ["r1c1=1", "r1c2=1"]
    assert second["fewest_givens_to_remove"] in (["r1c1=1"], ["r1c2=1"])
    with_counts = json.loads(in_process("sudoku-analyze", "--json", "--counts",
                                        input="1..44......33..1\n").stdout)
    assert set(with_counts) == KEYS | {"counts"}
    assert with_counts["counts"]["r1c2"] == {"2": 1}


def test_json_speaks_the_puzzle_notation():
    from dimacs_sudoku.tasks import solve
    full = solve(Grid.empty(16)).cells
    numbers = " ".join(str(d) if k % 7 else "0" for k, d in enumerate(full))
    result = in_process("sudoku-analyze", "--json", "--no-minimal-givens",
                        input=numbers + "\n")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["candidates"]["r1c1"] == [str(full[0])]     # numbers notation
    assert report["minimal_givens"] is None


def test_text_report_shows_pencil_marks_and_lists(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1...\n....\n....\n...4\n")
    result = in_process("sudoku-analyze", "--cap", "3", str(path))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("puzzle: %s:1\n" % path)
    assert "| 1   " in out and "solutions: 3 or more (capped)" in out
    assert "solver calls:" in out


def test_several_files_and_an_unreadable_puzzle_go_on_with_exit_9(tmp_path):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("1..44......33..1\n")
    bad.write_text("1..44......33..x\n")
    result = in_process("sudoku-analyze", "--json", str(bad), str(good))
    assert result.returncode == 9
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["error"] and json.loads(lines[1])["solutions"] == 1
    assert result.stderr.count("\n") == 1 and "bad.txt:1:" in result.stderr


def test_no_solution_is_exit_0_and_bad_options_exit_2(tmp_path):
    assert in_process("sudoku-analyze", input="11..............\n").returncode == 0
    for args in (["--cap", "0"], ["--format", "grid"], ["--json", "--format", "svg"],
                 ["--engine", "nonsense"], ["--max-remove", "-1"], ["--budget", "-1"]):
        result = in_process("sudoku-analyze", *args, input="1..44......33..1\n")
        assert result.returncode == 2, args
        assert result.stderr.startswith("sudoku-analyze: ") and result.stdout == ""


def test_svg_draws_marks_rules_and_refuses_two_puzzles(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("12..\n.1..\n....\n....\nthermo r3c1 r4c1\n")
    result = in_process("sudoku-analyze", "--format", "svg", str(path))
    assert result.returncode == 0, result.stderr
    svg = result.stdout
    assert svg.startswith("<svg") and 'class="core"' in svg and 'class="thermo"' in svg
    open_puzzle = in_process("sudoku-analyze", "-F", "svg", input="1...............\n")
    assert 'class="pencil-marks"' in open_puzzle.stdout
    two = in_process("sudoku-analyze", "-F", "svg", "-o", str(tmp_path / "o.svg"),
                     input="1...............\n2...............\n")
    assert two.returncode == 2 and not (tmp_path / "o.svg").exists()
    html = in_process("sudoku-analyze", "-F", "html", input="1..44......33..1\n")
    assert html.stdout.count("<svg") == 1 and 'class="redundant"' in html.stdout


@pytest.mark.slow
def test_bin_script_runs_the_command(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("1..44......33..1\n")
    result = command("sudoku-analyze", "--json", path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["solutions"] == 1
    assert (ROOT / "bin" / "sudoku-analyze").read_bytes() == \
        (ROOT / "bin" / "sudoku-solve").read_bytes()


# ---- what applies under each outcome -------------------------------------------------

UNIQUENESS = ("redundant_givens", "redundant_rules", "minimal_givens")
CLASH = ("core", "fewest_givens_to_remove")
OUTCOMES = {                            # puzzle line, cap -> the outcome
    "unique": (SMALL4, 100),
    "several": ("1..4" "4..." "...." "...1", 100),
    "capped": ("1...............", 1),
    "none": ("11..............", 100),
}


@pytest.mark.parametrize("outcome", sorted(OUTCOMES))
def test_each_field_is_null_exactly_when_its_question_does_not_apply(outcome):
    line, cap = OUTCOMES[outcome]
    report = analyze(Grid.from_line(line), cap=cap).to_json()
    assert (report["solutions"] == 1 and not report["capped"]) == (outcome == "unique")
    assert (report["solutions"] == 0) == (outcome == "none")
    for key in UNIQUENESS:
        assert (report[key] is None) == (outcome != "unique"), key
    for key in CLASH:
        assert (report[key] is None) == (outcome != "none"), key
    # A backbone is a question about the solutions: none to ask about with none.
    assert (report["backbone"] is None) == (outcome == "none")
    assert len(report["candidates"]) == 16


@pytest.mark.parametrize("outcome", sorted(OUTCOMES))
def test_the_text_says_why_a_question_does_not_apply(outcome):
    line, cap = OUTCOMES[outcome]
    out = in_process("sudoku-analyze", "--cap", str(cap), input=line + "\n").stdout
    assert "(0 of 0)" not in out
    if outcome == "unique":
        assert "minimal givens (" in out and "do not apply" not in out
    else:
        assert "minimal givens" not in out.replace(
            "redundant givens, redundant rules, minimal givens: do not apply", "")
        why = {"several": "it has 2", "capped": "it has more than 1",
               "none": "it has none"}[outcome]
        assert ("redundant givens, redundant rules, minimal givens: do not apply "
                "(they ask about a puzzle with exactly one solution; %s)" % why) in out


# ---- the sizes analysis takes ---------------------------------------------------------

def big_empty(size):
    return " ".join(["0"] * (size * size)) + "\n"


def test_the_api_refuses_a_grid_above_the_analysis_limit_before_building_it():
    from dimacs_sudoku.errors import PuzzleError
    from dimacs_sudoku.tasks.analyze import MAX_ANALYZE_SIZE
    too_big = Grid.empty(MAX_ANALYZE_SIZE + 11)         # 36x36
    with pytest.raises(PuzzleError, match=r"analysis takes grids up to %dx%d, not %dx%d"
                       % ((MAX_ANALYZE_SIZE,) * 2 + (MAX_ANALYZE_SIZE + 11,) * 2)):
        analyze(too_big)


@pytest.mark.parametrize("output_format", ["text", "json", "svg", "html"])
def test_a_puzzle_above_the_limit_is_its_error_line_and_the_next_is_analysed(
        tmp_path, output_format):
    path = tmp_path / "big.txt"
    path.write_text(big_empty(400) + ("1..44......33..1\n" if output_format != "svg"
                                      else ""))
    result = in_process("sudoku-analyze", "--format", output_format, str(path))
    assert result.returncode == 9
    assert result.stderr == ("sudoku-analyze: %s:1: analysis takes grids up to 25x25, "
                             "not 400x400 (larger ones take minutes and gigabytes)\n" % path)
    if output_format == "json":
        first, second = map(json.loads, result.stdout.splitlines())
        assert first["line"] == 1 and "25x25" in first["error"]
        assert second["solutions"] == 1


def test_a_size_option_above_the_limit_is_a_usage_error():
    result = in_process("sudoku-analyze", "--size", "36", input=big_empty(36))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("sudoku-analyze: --size 36: analysis takes grids up to "
                             "25x25 (larger ones take minutes and gigabytes)\n")
    result = in_process("sudoku-analyze", "--box", "6x6", input=big_empty(36))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("sudoku-analyze: --box 6x6 makes a 36x36 grid: "
                                    "analysis takes grids up to 25x25")


@pytest.mark.parametrize("text, wanted", [
    # one given and 72 solutions: the given alone is the backbone
    ("1" + "." * 15 + "\n", ["backbone: 1 cell (0 beyond the 1 given)"]),
    ("1234341221434321\n", ["backbone: 16 cells (0 beyond the 16 givens)"]),
])
def test_the_text_agrees_in_number(text, wanted):
    done = in_process("sudoku-analyze", "--cap", "1000", input=text)
    assert done.returncode == 0, done.stderr
    for line in wanted:
        assert line in done.stdout.splitlines(), done.stdout
    assert " 1 cells" not in done.stdout and " 1 givens" not in done.stdout


def test_numbers_in_the_lists_text_agree():
    from dimacs_sudoku.cli.sudoku_analyze import counted
    assert [counted(n, "cell") for n in (0, 1, 2)] == ["0 cells", "1 cell", "2 cells"]
    assert counted(1, "removal") == "1 removal"
