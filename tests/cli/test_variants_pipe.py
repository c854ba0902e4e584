"""Variant puzzles through the whole pipe: the rules travel with the grid from the file
through sudoku2cnf, any solver, cnf2sudoku (which checks every rule), sudoku-solve
(counts), sudoku-gen and sudoku-grade, and the pictures."""

import json

import pytest

from conftest import require_pysat, require_solver
from support import in_process as command, no_traceback, shell
from test_variants_puzzles import PUZZLES

from dimacs_sudoku.formats import parse_puzzle, puzzles_from_text
from dimacs_sudoku.formats.fpuzzles import to_fpuzzles
from dimacs_sudoku.formats.lzstring import compress_base64, decompress_base64

KILLER_GIVENS, KILLER_RULES, KILLER_SOLUTION = PUZZLES["killer"]


def variant_file(tmp_path, name, boxed=False):
    """The puzzle ``name`` of test_variants_puzzles as a file of the text format."""
    givens, rules, solution = PUZZLES[name]
    grid = parse_puzzle(givens)
    path = tmp_path / (name + ".txt")
    path.write_text("# %s\n%s\n%s\n" % (name, grid.to_text() if boxed else givens,
                                         "\n".join(rules)))
    return path, solution


def model_text(cells, size=9):
    """Solver output (``s``/``v`` lines) whose model is the grid ``cells``."""
    literals = [(cell * size + d) * (1 if cells[cell] == d else -1)
                for cell in range(size * size) for d in range(1, size + 1)]
    return "s SATISFIABLE\nv %s 0\n" % " ".join(map(str, literals))


def swapped(solution, a, b):
    """``solution`` with digits a and b swapped everywhere: still a Sudoku grid."""
    return [{a: b, b: a}.get(int(ch), int(ch)) for ch in solution]


# ---- the grid carries its rules -------------------------------------------------------

def test_a_read_grid_carries_its_rules_into_copies_and_solutions():
    grid = parse_puzzle(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES))
    assert [rule.to_line() for rule in grid.rules] == KILLER_RULES
    assert grid.copy().rules == grid.rules
    from dimacs_sudoku.tasks import solve_by_cnf
    solution = solve_by_cnf(grid)
    assert solution.to_line() == KILLER_SOLUTION and solution.rules == grid.rules
    assert parse_puzzle(KILLER_GIVENS).rules == ()


def test_jigsaw_regions_are_the_layout_units():
    givens, rules, _ = PUZZLES["jigsaw"]
    grid = parse_puzzle(givens + "\n" + rules[0])
    assert grid.layout.regions is not None
    assert [name for name, _ in grid.layout.units[18:27]][0].startswith("region")
    assert grid.layout.units[18][1] == grid.layout.regions[0][1]


def test_check_solution_runs_every_rule_checker():
    from dimacs_sudoku.errors import InvalidModel
    grid = parse_puzzle(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES))
    grid.copy([int(ch) for ch in KILLER_SOLUTION]).check_solution(grid)
    with pytest.raises(InvalidModel, match="killer 26 r1c4"):
        grid.copy(swapped(KILLER_SOLUTION, 3, 4)).check_solution(grid)


def test_rule_like_lines_between_puzzles_stay_bad_lines():
    """In a file of many puzzles a damaged line is that line's error, not a rule."""
    from dimacs_sudoku.formats import read_puzzles_lenient
    items = list(read_puzzles_lenient(["1..44......33..1", "not a puzzle", "1..44......33..1"]))
    assert [type(x).__name__ for x in items] == ["Grid", "PuzzleError", "Grid"]
    assert all(not getattr(x, "rules", ()) for x in items)


def test_euler_headers_are_no_rules():
    text = "Grid 01\n1..4\n4...\n...3\n3..1\nGrid 02\n1..4\n4...\n...3\n3..1\n"
    assert [g.rules for g in puzzles_from_text(text, size=4)] == [(), ()]


def test_rules_at_the_end_are_the_last_grids():
    # as rules between two grids are the first one's: a file of puzzles may end with
    # a variant
    grids = puzzles_from_text("1..44......33..1\n1..44......33..1\nantiknight\n")
    assert [[rule.to_line() for rule in g.rules] for g in grids] == [[], ["antiknight"]]


# ---- sudoku2cnf | solver | cnf2sudoku --------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", ["killer", "thermo", "jigsaw", "miracle", "xv-negative"])
def test_pipe_through_picosat_checks_every_rule(tmp_path, name):
    require_solver("picosat")
    path, solution = variant_file(tmp_path, name, boxed=name == "thermo")
    done = shell("sudoku2cnf %s | { picosat; true; } | cnf2sudoku --puzzle %s" % (path, path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution + "\n"


@pytest.mark.slow
def test_pipe_through_cadical_with_the_cnf_header(tmp_path):
    require_solver("cadical")
    path, solution = variant_file(tmp_path, "sandwich-arrow-littlekiller")
    done = shell("sudoku2cnf %s -o p.cnf && { cadical -q p.cnf; true; } | cnf2sudoku --cnf p.cnf"
                 % path, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution + "\n"


def test_the_cnf_header_names_every_rule(tmp_path):
    path, _ = variant_file(tmp_path, "killer")
    done = command("sudoku2cnf", path)
    rules = [line[len("c rule: "):] for line in done.stdout.splitlines()
             if line.startswith("c rule: ")]
    assert rules == KILLER_RULES


@pytest.mark.parametrize("how", ["--puzzle", "--cnf"])
def test_a_model_that_breaks_a_rule_is_exit_6_naming_it(tmp_path, how):
    """Digits 3 and 4 swapped: a valid Sudoku grid with the givens (9, 8, 2), but some
    cages no longer add up."""
    path, _ = variant_file(tmp_path, "killer")
    cnf = tmp_path / "p.cnf"
    cnf.write_text(command("sudoku2cnf", path).stdout)
    out = tmp_path / "p.out"
    out.write_text(model_text(swapped(KILLER_SOLUTION, 3, 4)))
    done = command("cnf2sudoku", how, path if how == "--puzzle" else cnf, out)
    assert done.returncode == 6, done.stderr
    assert "killer 26 r1c4 r1c5 r2c5 r2c6 r2c4" in done.stderr and "27, not 26" in done.stderr
    assert no_traceback(done.stderr) and done.stdout == ""
    # The same model without the rules is a valid grid: the rules made the difference.
    plain = tmp_path / "plain.txt"
    plain.write_text(KILLER_GIVENS + "\n")
    assert command("cnf2sudoku", "--puzzle", plain, out).returncode == 0


def test_an_unknown_rule_is_exit_3_naming_it(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(KILLER_GIVENS + "\nkiller 9 r1c1 r1c2 r2c2\nchess r1c1\n")
    for name in ("sudoku2cnf", "sudoku-solve"):
        done = command(name, path)
        assert done.returncode in (3, 9), (name, done.stderr)
        assert "unknown rule 'chess'" in done.stderr and "p.txt:3" in done.stderr
        assert no_traceback(done.stderr)
    assert command("sudoku2cnf", path).returncode == 3


@pytest.mark.slow
def test_reduce_and_propagate_keep_every_rule(tmp_path):
    # Rules with clauses of their own: mapped onto the compact variables.
    path, solution = variant_file(tmp_path, "killer")
    for option in ("--reduce", "--propagate"):
        done = shell("sudoku2cnf %s %s | cnfsolve | cnf2sudoku --puzzle %s %s"
                     % (option, path, path, option))
        assert done.returncode == 0, done.stderr
        assert done.stdout == solution + "\n"
    # Unit rules are units of the layout: --propagate reasons with them soundly.
    path, solution = variant_file(tmp_path, "jigsaw")
    done = shell("sudoku2cnf --propagate %s | cnfsolve | cnf2sudoku --puzzle %s --propagate"
                 % (path, path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution + "\n"
    done = shell("sudoku2cnf --propagate %s -o p.cnf; cnfsolve p.cnf | cnf2sudoku --cnf p.cnf"
                 % path, cwd=tmp_path)
    assert done.stdout == solution + "\n", done.stderr


# ---- sudoku-solve --count 2 -----------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("how", [["--engine", "pycosat"], ["--engine", "pysat"],
                                 ["--solver", "picosat"]])
def test_sudoku_solve_answers_is_it_unique(tmp_path, how):
    if how[0] == "--solver":
        require_solver("picosat")
    elif how[1] == "pysat":
        require_pysat()
    for name in ("killer", "sandwich-arrow-littlekiller", "jigsaw"):
        path, solution = variant_file(tmp_path, name)
        done = command("sudoku-solve", "--count", "2", *how, path)
        assert done.returncode == 0, done.stderr
        assert done.stdout == solution + "\t1\n"
    # Without its last cage the killer has more than one solution.
    path = tmp_path / "loose.txt"
    path.write_text(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES[:-6]) + "\n")
    done = command("sudoku-solve", "--count", "2", *how, path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("\t2\n")


def test_sudoku_solve_writes_the_variant_format_back(tmp_path):
    path, solution = variant_file(tmp_path, "killer")
    done = command("sudoku-solve", "--format", "variant", path)
    assert done.returncode == 0, done.stderr
    again = parse_puzzle(done.stdout)
    assert again.to_line() == solution
    assert [rule.to_line() for rule in again.rules] == KILLER_RULES


# ---- f-puzzles input --------------------------------------------------------------------

def killer_fpuzzles():
    grid = parse_puzzle(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES))
    return to_fpuzzles(grid, grid.rules)


def test_lz_string_known_pair_and_round_trip():
    # A pair from a public f-puzzles link decoder's tests: '{"x":3}'.
    assert decompress_base64("N4IgHiBcDMC+Q===") == '{"x":3}'
    assert compress_base64('{"x":3}') == "N4IgHiBcDMC+Q==="
    text = json.dumps(killer_fpuzzles())
    assert decompress_base64(compress_base64(text)) == text
    with pytest.raises(ValueError):
        decompress_base64("N4Ig!!")


@pytest.mark.slow
@pytest.mark.parametrize("form", ["json", "bare", "f-puzzles link", "sudokupad link"])
def test_fpuzzles_inputs_are_detected(tmp_path, form):
    text = json.dumps(killer_fpuzzles(), indent=1)
    packed = compress_base64(text)
    content = {"json": text, "bare": packed,
               "f-puzzles link": "https://www.f-puzzles.com/?load=" + packed,
               "sudokupad link": "https://sudokupad.app/fpuzzles" + packed}[form]
    path = tmp_path / "p.txt"
    path.write_text(content + "\n")
    done = command("sudoku-solve", "--count", "2", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == KILLER_SOLUTION + "\t1\n"
    done = shell("sudoku2cnf %s | cnfsolve | cnf2sudoku --puzzle %s" % (path, path))
    assert done.stdout == KILLER_SOLUTION + "\n", done.stderr


def test_fpuzzles_unknown_key_is_exit_3(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"size": 9, "chessknight": True}))
    done = command("sudoku2cnf", path)
    assert done.returncode == 3 and "chessknight" in done.stderr, done.stderr
    path.write_text("https://f-puzzles.com/?load=N4IgHiBcDMC+Q===")
    done = command("sudoku2cnf", path)
    assert done.returncode == 3 and "'x'" in done.stderr, done.stderr


# ---- sudoku-gen and sudoku-grade ---------------------------------------------------------

JIGSAW = PUZZLES["jigsaw"][1][0]


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["diagonals", "windoku", "antiknight", "antiking",
                                  "nonconsecutive", JIGSAW])
def test_sudoku_gen_makes_unique_variant_puzzles(tmp_path, rule):
    done = command("sudoku-gen", "--rule", rule, "--seed", "5", "-o", tmp_path / "p.txt")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "p.txt").read_text()
    puzzle = parse_puzzle(text)
    assert [r.to_line() for r in puzzle.rules] == [rule]
    done = command("sudoku-solve", "--count", "2", "--engine", "pycosat", tmp_path / "p.txt")
    assert done.returncode == 0 and done.stdout.endswith("\t1\n"), done.stderr
    # The rule is needed: without it the givens leave several solutions (the jigsaw's
    # givens may not even fit the boxes).
    plain = tmp_path / "plain.txt"
    plain.write_text(puzzle.to_line() + "\n")
    done = command("sudoku-solve", "--count", "2", plain)
    assert done.stdout.endswith(("\t2\n", "\t0\n")) or "contradictory" in done.stderr


def test_sudoku_gen_rules_library_and_killer_from_a_grid():
    import random
    from dimacs_sudoku.tasks.solving import find_solutions
    from dimacs_sudoku.tasks.generate import generate, random_solution
    from dimacs_sudoku.errors import NoSolution
    with pytest.raises(NoSolution, match="no complete 6x6 grid"):
        next(generate(1, size=6, seed=1, rules=["antiknight", "diagonals"]))
    made = next(generate(1, size=6, seed=1, rules=["antiknight", "disjoint"]))
    assert find_solutions(made.puzzle)[1] == 1
    assert [r.to_line() for r in made.puzzle.rules] == ["antiknight", "disjoint"]
    made.solution.check_solution(made.puzzle)
    # A full grid obeys its rule.
    grid = random_solution(made.puzzle.layout, random.Random(2), rules=made.puzzle.rules)
    grid.check_solution()


def test_sudoku_gen_bad_rule_is_a_usage_error():
    done = command("sudoku-gen", "--rule", "chess")
    assert done.returncode == 2 and "unknown rule 'chess'" in done.stderr


def test_sudoku_grade_grades_variants_on_their_cnf(tmp_path):
    from dimacs_sudoku.tasks.grade import grade
    givens, rules, _ = PUZZLES["killer"]
    with_rules = parse_puzzle(givens + "\n" + "\n".join(rules))
    assert grade(with_rules).level in ("up", "probe", "search")
    # Without the cages the three givens are far from enough: the search finds a
    # grid, but the grade of the variant comes from its own CNF.
    path, _ = variant_file(tmp_path, "killer")
    done = command("sudoku-grade", path)
    assert done.returncode == 0, done.stderr
    level = done.stdout.split("\t")[1]
    assert level == grade(with_rules).level
    miracle = parse_puzzle(PUZZLES["miracle"][0] + "\n" + "\n".join(PUZZLES["miracle"][1]))
    assert grade(miracle).level != "none"


# ---- pictures -------------------------------------------------------------------------

MIXED = ("." * 79 + "1.\nodd r1c1 r3c3\neven r9c1 r9c2\nthermo r2c2 r3c2 r4c2 r5c3\n"
         "arrow r7c7 r7c8 r8c8 r9c9\nwhite r1c5 r1c6\nblack r2c6 r3c6\nxv X r5c5 r5c6\n"
         "xv V r6c5 r6c6\nkiller 15 r1c8 r1c9 r2c9\ndiagonals\n")


@pytest.mark.slow
def test_pictures_draw_the_rules_of_puzzles_and_solutions(tmp_path):
    import shutil
    import subprocess
    from dimacs_sudoku.formats import write_grid
    puzzle = parse_puzzle(MIXED)
    svg = write_grid(puzzle, "svg")
    for mark in ('class="rules"', 'class="cage"', ">15<", 'class="givens"'):
        assert mark in svg, mark
    assert svg.index('class="rules"') < svg.index('class="givens"')   # digits on top
    html = write_grid(puzzle, "html")
    assert html.startswith('<div class="dimacs-sudoku"') and "<svg" in html
    # A solution from sudoku-solve carries the rules into its picture; a jigsaw
    # draws its regions instead of the boxes.
    path, _ = variant_file(tmp_path, "jigsaw")
    done = command("sudoku-solve", "--format", "svg", path, "-o", tmp_path / "j.svg")
    assert done.returncode == 0, done.stderr
    jigsaw = (tmp_path / "j.svg").read_text()
    assert 'class="solved"' in jigsaw and 'class="rules"' in jigsaw
    plain = write_grid(parse_puzzle(PUZZLES["jigsaw"][0]), "svg")
    assert jigsaw.count("<line") != plain.count("<line")
    # Clues outside the grid widen the picture.
    path, _ = variant_file(tmp_path, "sandwich-arrow-littlekiller")
    sandwich = write_grid(parse_puzzle(path.read_text()), "svg")
    assert 'width="536"' in sandwich and 'width="440"' in plain
    renderer = shutil.which("rsvg-convert")
    if renderer:
        for name, text in (("m", svg), ("j", jigsaw), ("s", sandwich)):
            (tmp_path / (name + ".svg")).write_text(text)
            subprocess.run([renderer, str(tmp_path / (name + ".svg")), "-o",
                            str(tmp_path / (name + ".png"))], check=True, timeout=60)
            assert (tmp_path / (name + ".png")).stat().st_size > 1000


def test_a_file_of_many_variant_puzzles_each_with_its_rules(tmp_path):
    """Each puzzle followed by its own rules: sudoku-solve counts them in one batch."""
    blocks = []
    expected = []
    for name in ("killer", "thermo", "antiknight", "miracle"):
        givens, rules, solution = PUZZLES[name]
        blocks.append("%s\n%s\n" % (parse_puzzle(givens).to_text(), "\n".join(rules)))
        expected.append(solution + "\t1")
    blocks.insert(2, parse_puzzle(PUZZLES["killer"][0]).to_text() + "\n")   # a classic one
    expected.insert(2, "-\t2")
    path = tmp_path / "many.txt"
    path.write_text("\n".join(blocks))
    grids = puzzles_from_text(path.read_text())
    assert [len(g.rules) for g in grids] == [28, 8, 0, 1, 3]
    done = command("sudoku-solve", "--count", "2", path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line for k, line in enumerate(lines) if k != 2] == [
        line for k, line in enumerate(expected) if k != 2]
    assert lines[2].endswith("\t2")


def test_rules_on_a_grid_made_by_hand_still_count():
    """A Grid given rules without their layout: the batch path rebuilds the layout from
    the rules, so a unit rule (the diagonals) is never lost."""
    from dimacs_sudoku.tasks.solving import find_solutions
    from dimacs_sudoku.core.grid import Grid
    from dimacs_sudoku.rules.registry import parse_rule
    from dimacs_sudoku.core.check import rule_violations
    plain = Grid.empty(4)
    with_rules = Grid([0] * 16, size=4, rules=[parse_rule("diagonals", 4)])
    assert find_solutions(plain, 1000)[1] == 288
    solutions, count = find_solutions(with_rules, 1000)
    assert count == 48 and all(s.rules == with_rules.rules for s in solutions)
    assert all(rule_violations(s.cells, s.layout, s.rules) == [] for s in solutions)


def test_sudoku_gen_killer_makes_unique_killers(tmp_path):
    done = command("sudoku-gen", "--killer", "--seed", "3", "-c", "2", "-o", tmp_path / "k.txt")
    assert done.returncode == 0, done.stderr
    grids = puzzles_from_text((tmp_path / "k.txt").read_text())
    assert len(grids) == 2
    for grid in grids:
        cages = [rule for rule in grid.rules if rule.name == "killer"]
        assert cages == list(grid.rules) and all(len(rule.cells) > 1 for rule in cages)
        assert sorted(k for rule in cages for k in rule.cells) == list(range(81))
    done = command("sudoku-solve", "--count", "2", tmp_path / "k.txt")
    assert [line.split("\t")[1] for line in done.stdout.splitlines()] == ["1", "1"]
    assert command("sudoku-gen", "--killer", "--clues", "3").returncode == 2


# ---- the public puzzles of the newer rules, through every route --------------------------

# One public puzzle of each of these rules (tests/fixtures/variants, its README).
NEWER_RULES = {"regionsum": "regionsum-equal-sums-rangsk",
               "zipper": "zipper-jumbled-joy-jaze",
               "entropic": "entropic-lines-101-jeremydover-raumplaner",
               "xsum": "xsum-tiny-scar-glum-hippo",
               "skyscraper": "skyscraper-renban-skyscrapers-wortmann"}


def public_fixture(name):
    from pathlib import Path
    from test_variants_public import FIXTURES, solution
    return Path(FIXTURES) / (name + ".txt"), solution(name)


@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
@pytest.mark.parametrize("rule", sorted(NEWER_RULES))
def test_sudoku_solve_counts_the_one_solution_of_each_newer_rule(rule, engine):
    if engine == "pysat":
        require_pysat()
    path, solution = public_fixture(NEWER_RULES[rule])
    done = command("sudoku-solve", "--count", "2", "--engine", engine, path)
    assert (done.returncode, done.stdout) == (0, solution + "\t1\n"), done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("reduce", [False, True])
@pytest.mark.parametrize("rule", sorted(NEWER_RULES))
def test_pipe_through_picosat_solves_each_newer_rule(tmp_path, rule, reduce):
    require_solver("picosat")
    path, solution = public_fixture(NEWER_RULES[rule])
    option = " --reduce" if reduce else ""
    done = shell("sudoku2cnf%s %s | { picosat; true; } | cnf2sudoku --puzzle %s%s"
                 % (option, path, path, option))
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution + "\n"
    assert no_traceback(done.stderr)
