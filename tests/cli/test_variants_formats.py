"""The two input forms of variant puzzles: the text format (a grid, then one rule per
line) and f-puzzles JSON objects. Every sample rule survives both round trips, and bad
input is one PuzzleError (exit code 3) that names the rule, the file and the line."""

import json
import re

import pytest

from dimacs_sudoku.errors import EXIT_BAD_INPUT, NoSolution, PuzzleError, UsageError
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.formats.variant import read_variant
from dimacs_sudoku.sat.pycosat_backend import solve_variant
from dimacs_sudoku.formats.variant import write_variant
from dimacs_sudoku.formats.fpuzzles import parse_fpuzzles, to_fpuzzles
from dimacs_sudoku.rules.registry import finish, is_rule_line, parse_rule, rule_classes
from support import FIXTURES, ROOT, in_process as command, no_traceback
from test_variants import SAMPLES4
from test_variants_random import SAMPLES6, SAMPLES9

ALL = ([(4, (2, 2), lines) for lines, _ in SAMPLES4]
       + [(6, (2, 3), lines) for lines in SAMPLES6]
       + [(9, (3, 3), lines) for lines in SAMPLES9])
IDS = ["%d: %s" % (size, " / ".join(lines)[:40]) for size, _, lines in ALL]

# Rules that f-puzzles writes in another form, or cannot write.
NOT_IN_FPUZZLES = ("xv 7", "negative v", "latin")


def rules_of(lines, size, box):
    return finish([parse_rule(line, size, box) for line in lines], size)


@pytest.mark.parametrize("size, box, lines", ALL, ids=IDS)
def test_text_round_trip(size, box, lines):
    rules = rules_of(lines, size, box)
    assert [rule.to_line() for rule in rules] == lines
    again = rules_of([rule.to_line() for rule in rules], size, box)
    assert again == rules


@pytest.mark.parametrize("size, box, lines", ALL, ids=IDS)
def test_fpuzzles_round_trip(size, box, lines):
    rules = rules_of(lines, size, box)
    grid = Grid.empty(size, box)
    if any(line.startswith(NOT_IN_FPUZZLES) for line in lines):
        with pytest.raises(UsageError, match="f-puzzles cannot state .*f-puzzles has no"):
            to_fpuzzles(grid, rules)
        return
    text = json.dumps(to_fpuzzles(grid, rules))
    grid2, rules2 = parse_fpuzzles(text)
    if lines == ["windoku"]:
        # f-puzzles has no windoku: its windows come back as extra regions.
        assert [r.name for r in rules2] == ["region"] * len(rules[0].units(size, box))
        assert set(grid2.layout.units) == set(grid.layout.units) | set(
            (name, tuple(cells)) for name, cells in [
                ("region " + r.cells_text(r.cells[:1]), r.cells) for r in rules2])
        return
    assert [rule.to_line() for rule in rules2] == lines
    assert grid2.layout == rules_grid_layout(grid, rules)


def rules_grid_layout(grid, rules):
    from dimacs_sudoku.rules.registry import variant_layout
    return variant_layout(grid.size, grid.layout.box, rules)


def test_write_then_read_gives_the_same_puzzle():
    text = ("1 . . .\n. . . .\n. . . .\n. . . 4\n"
            "killer 7 r1c2 r2c2\n# both diagonals\ndiagonals\n")
    grid, rules = read_variant(text, "p.txt")
    written = write_variant(grid, rules)
    grid2, rules2 = read_variant(written, "again.txt")
    assert grid2 == grid and rules2 == rules
    assert written.endswith("killer 7 r1c2 r2c2\ndiagonals\n")
    assert [s.to_line() for s in solve_variant(grid, rules, limit=2)] == ["1432234141233214"]


def test_the_grid_may_be_one_line_and_rules_may_carry_comments():
    grid, rules = read_variant(["", "# a 4x4", "1..." "...." "...." "...4",
                                "Killer 7 r1c2, r2c2   # the cage", "", "DIAGONALS"])
    assert [rule.to_line() for rule in rules] == ["killer 7 r1c2 r2c2", "diagonals"]
    assert rules[0].line == 4 and grid.size == 4


def test_the_grid_may_be_a_sudokusat2019_table():
    table = ["experiment: variants", "task: 1", "puzzle size: 2x2",
             "+-----+-----+", "| 1  __ | __ __ |", "| __ __ | __ __ |", "+-----+-----+",
             "| __ __ | __ __ |", "| __ __ | __  4 |", "+-----+-----+", "diagonals"]
    grid, rules = read_variant(table, "t.txt")
    assert grid.size == 4 and grid.cells[0] == 1 and [r.name for r in rules] == ["diagonals"]


def test_jigsaw_regions_replace_the_boxes():
    grid, rules = read_variant(["...." * 4, "jigsaw 1112 1222 3334 3444"])
    names = [name for name, _ in grid.layout.units]
    assert "box 1" not in names and names[8:] == ["region 1", "region 2", "region 3",
                                                   "region 4"]
    solutions = solve_variant(grid, rules, limit=100)
    assert solutions and all(s.layout.units[8][1] == (0, 1, 2, 4) for s in solutions)


def test_givens_are_checked_in_the_extra_units():
    grid, _ = read_variant(["1..." "...." "...." "...1", "diagonals"], "p.txt")
    with pytest.raises(NoSolution, match="contradictory givens: r1c1 and r4c4 .* diagonal-"):
        grid.check_givens()


@pytest.mark.parametrize("text", ["killer 15 r1c1 r1c2", "diagonal+", "xv X r1c1 r1c2",
                                  "  thermo r1c1 r1c2", "negative white"])
def test_rule_lines(text):
    assert is_rule_line(text)


@pytest.mark.parametrize("text", ["1..4", ". . | . 4", "ABCDEFG123456789", "A B C D",
                                  "12 0 3", "+---+---+", "ABCDEFGHIJKLMNOP.........",
                                  "----+----", "puzzle size: 2x2", "experiment: x"])
def test_grid_lines_are_not_rule_lines(text):
    assert not is_rule_line(text)


BAD_LINES = [
    ("chess r1c1", r"p.txt:5: unknown rule 'chess' \(known: .*killer"),
    ("killer 15 r1c1 r10c1", r"p.txt:5: killer: cell r10c1 is outside the 4x4 grid"),
    ("killer 15 r1c1 x", r"p.txt:5: killer: 'x' is not a cell"),
    ("killer 1 r1c1 r1c2 r2c1 r2c2 r3c3", r"killer: a cage of 5 cells cannot hold 4"),
    ("killer 3 4 r1c1", r"killer: takes one total"),
    ("thermo r1c1", r"thermo: needs at least 2 cells"),
    ("thermo r1c1 r1c2 r1c1", r"thermo: lists cell r1c1 twice"),
    ("white r1c1 r2c2", r"white: a dot joins two orthogonally adjacent cells"),
    ("xv Y r1c1 r1c2", r"xv: total must be a whole number, not 'Y'"),
    ("negative grey", r"negative: takes one or more of white, black, xv, x, v"),
    ("sandwich 5 r9", r"sandwich: row 9 is outside the 4x4 grid"),
    ("sandwich 5 r1c1", r"sandwich: takes a total and a row"),
    ("littlekiller 5 r1c1 r1c2", r"littlekiller: the cells must follow one diagonal"),
    ("arrow r1c1 r1c1 r1c2", r"arrow: the arrow runs through its own circle"),
    ("arrow r1c1", r"arrow: takes a circle"),
    ("clone r1c1 r1c2 = r3c3", r"clone: the two groups have 2 and 1 cells"),
    ("quadruple 1 r1c1 r2c3", r"quadruple: a quadruple's cells are the four cells of a 2x2"),
    ("quadruple 1 r4c4", r"quadruple: the top-left cell of a 2x2"),
    ("jigsaw 1111 2222 3333 444", r"jigsaw: jigsaw needs 16 region labels"),
    ("jigsaw 1111 1222 3333 4444", r"jigsaw: jigsaw region 1 has 5 cells"),
    ("antiknight please", r"antiknight: antiknight takes no arguments"),
    ("region r1c1 r1c2 r1c3 r1c4 r2c1", r"region: a region of 5 cells"),
    ("whispers 1 2 r1c1 r1c2", r"whispers: takes at most one number"),
    ("zipper r1c1 r1c2", r"zipper: needs at least 3 cells"),
    ("xsum 11 r0c1", r"xsum: clue 11 is outside 1..10 on a 4x4 grid"),
    ("xsum 5 r1c1", r"xsum: r1c1 is not just outside the 4x4 grid beside a row or column"),
    ("xsum 5 r0c0", r"xsum: r0c0 is not just outside"),
    ("xsum r0c1", r"xsum: takes a clue, then its place outside the grid \(r0c3 above"),
    ("skyscraper 0 r0c1", r"skyscraper: clue 0 is outside 1..4 on a 4x4 grid"),
    ("skyscraper 2 r6c1", r"skyscraper: r6c1 is not just outside the 4x4 grid"),
    ("entropic r1c1 r1c2 r1c3", r"entropic: needs a grid size divisible by 3 \(three equal "
     r"bands of digits\), not 4x4"),
]


@pytest.mark.parametrize("line, message", BAD_LINES, ids=[b[0] for b in BAD_LINES])
def test_bad_rule_lines_name_the_file_and_line(line, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        read_variant(["1...", "....", "....", "...4", line], "p.txt")
    assert caught.value.exit_code == EXIT_BAD_INPUT
    assert caught.value.line == 5 and caught.value.source == "p.txt"


def test_a_pill_too_large_for_its_grid():
    with pytest.raises(PuzzleError, match="a pill of 3 cells on a 49x49 grid has too many"):
        parse_rule("arrow r1c1+r1c2+r1c3 r2c2", 49)


def test_a_grid_line_after_the_rules():
    with pytest.raises(PuzzleError, match="p.txt:3: a grid line after the rules"):
        read_variant(["1..." "...." "...." "...4", "diagonals", "1..4"], "p.txt")


def test_rules_without_a_grid():
    with pytest.raises(PuzzleError, match="p.txt:1: no grid before the rules"):
        read_variant(["diagonals"], "p.txt")


def test_two_grids():
    with pytest.raises(PuzzleError, match="holds one grid, found 2"):
        read_variant(["1..." "...." "...." "...4", "...." * 4, "diagonals"], "p.txt")


def test_two_jigsaws():
    with pytest.raises(PuzzleError, match=r"p.txt:3: two rules replace the boxes"):
        read_variant(["...." * 4, "jigsaw 1112 1222 3334 3444", "jigsaw 1122 1122 3344 3344"],
                     "p.txt")


# ---- f-puzzles --------------------------------------------------------------------

def fpuzzle(**keys):
    obj = {"size": 9, "title": "t", "author": "a", "ruleset": "r",
           "grid": [[{} for _ in range(9)] for _ in range(9)]}
    obj.update(keys)
    return obj


def test_an_fpuzzles_object_with_many_rules():
    obj = fpuzzle(**{
        "diagonal+": True, "diagonal-": True, "antiknight": True, "antiking": False,
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R9C9", "R8C9"]}],
        "thermometer": [{"lines": [["R2C2", "R2C3", "R2C4"], ["R2C2", "R3C2"]]}],
        "arrow": [{"cells": ["R5C5"], "lines": [["R5C5", "R4C4", "R3C3"],
                                                ["R5C5", "R6C6"]]}],
        "difference": [{"cells": ["R7C1", "R7C2"]}, {"cells": ["R8C1", "R8C2"], "value": "3"}],
        "ratio": [{"cells": ["R7C3", "R7C4"]}],
        "xv": [{"cells": ["R9C1", "R9C2"], "value": "V"}],
        "negative": ["ratio"],
        "odd": [{"cell": "R1C9"}, {"cell": "R2C9"}], "even": [{"cell": "R3C9"}],
        "littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "20"},
                            {"cell": "R0C2", "direction": "DR"}],
        "sandwichsum": [{"cell": "R0C5", "value": "10"}, {"cell": "R4C10", "value": "0"}],
        "whispers": [{"lines": [["R6C1", "R6C2"]]}],
        "renban": [{"lines": [["R4C1", "R4C2", "R4C3"]]}],
        "betweenline": [{"lines": [["R1C4", "R1C5", "R1C6"]]}],
        "palindrome": [{"lines": [["R9C4", "R9C5", "R9C6"]]}],
        "clone": [{"cells": ["R1C7"], "cloneCells": ["R9C3"]}],
        "minimum": [{"cell": "R5C1"}], "maximum": [{"cell": "R5C9"}],
        "quadruple": [{"cells": ["R6C6", "R6C7", "R7C6", "R7C7"], "values": [1, 2]}],
        "rowindexer": [{"cells": ["R2C5"]}], "columnindexer": [{"cell": "R3C5"}],
        "boxindexer": [{"cell": "R8C5"}],
        "extraregion": [{"cells": ["R4C7", "R4C8"]}],
        "disjointgroups": True, "nonconsecutive": False, "line": [], "text": [],
    })
    obj["grid"][0][0] = {"value": 1, "given": True}
    obj["grid"][0][1] = {"value": 5}            # entered by a solver, not a given
    grid, rules = parse_fpuzzles(json.dumps(obj), "f.json")
    assert grid.cells[:2] == [1, 0]
    lines = [rule.to_line() for rule in rules]
    assert lines == [
        "diagonals", "antiknight", "killer 3 r1c1 r1c2", "killer r9c9 r8c9",
        "thermo r2c2 r2c3 r2c4", "thermo r2c2 r3c2", "arrow r5c5 r4c4 r3c3", "arrow r5c5 r6c6",
        "white r7c1 r7c2", "white 3 r8c1 r8c2", "black r7c3 r7c4", "xv V r9c1 r9c2",
        "negative black", "odd r1c9 r2c9", "even r3c9",
        "littlekiller 20 r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9",
        "sandwich 10 c5", "sandwich 0 r4", "whispers r6c1 r6c2", "renban r4c1 r4c2 r4c3",
        "between r1c4 r1c5 r1c6", "palindrome r9c4 r9c5 r9c6", "clone r1c7 = r9c3",
        "minimum r5c1", "maximum r5c9", "quadruple 1 2 r6c6", "rowindexer r2c5",
        "columnindexer r3c5", "boxindexer r8c5", "region r4c7 r4c8", "disjoint"]


def test_fpuzzles_jigsaw_regions():
    regions = ([0, 0, 0, 1], [0, 1, 1, 1], [2, 2, 2, 3], [2, 3, 3, 3])
    obj = {"size": 4, "grid": [[{"region": k} for k in row] for row in regions]}
    grid, rules = parse_fpuzzles(obj)
    assert [rule.to_line() for rule in rules] == ["jigsaw 1112 1222 3334 3444"]
    # Regions equal to the boxes are no jigsaw.
    boxes = {"size": 4, "grid": [[{"region": (r // 2) * 2 + c // 2} for c in range(4)]
                                 for r in range(4)]}
    assert parse_fpuzzles(boxes)[1] == []


BAD_FPUZZLES = [
    ({"chess": True}, r"f.json: unknown rule: f-puzzles key 'chess'"),
    ({"killercage": [{"value": "3"}]},
     r"f-puzzles key 'killercage\[0\].cells': expected a list of cell names like \"R1C1\", "
     r"found nothing"),
    ({"killercage": [{"cells": ["R1C1", "R2C1"]}, {"cells": ["R1C1", "R10C1"]}]},
     r"f-puzzles key 'killercage\[1\]': cell R10C1 is outside the 9x9 grid"),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Z"}]},
     r"f-puzzles key 'xv\[0\].value': expected \"X\" or \"V\", found the text \"Z\""),
    ({"negative": ["sum"]}, r"f-puzzles key 'negative': unknown rule: negative constraint "
                            r"\"sum\""),
    ({"antiknight": "yes"},
     r"f-puzzles key 'antiknight': expected true or false, found the text \"yes\""),
    ({"sandwichsum": [{"cell": "R5C5", "value": "3"}]},
     r"f-puzzles key 'sandwichsum\[0\]': clue cell R5C5 is not just outside the grid"),
    ({"size": 99}, r"f.json: f-puzzles key 'grid': expected 99 rows of 99 cells, found a list"),
    ({"size": 7, "grid": None}, r"f.json: a 7x7 grid has no box shape"),
    ({"size": "nine"}, r"f.json: f-puzzles key 'size': expected a grid size, found the text "
                       r"\"nine\""),
    ({"xsum": [{"cell": "R5C5", "value": "3"}]},
     r"f-puzzles key 'xsum\[0\]': r5c5 is not just outside the 9x9 grid"),
    ({"xsum": [{"cell": "R0C5", "value": 3.5}]},
     r"f-puzzles key 'xsum\[0\].value': expected a whole number, found the number 3.5"),
    ({"size": 8, "grid": None, "entropicline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
     r"f.json: f-puzzles key 'entropicline\[0\]': needs a grid size divisible by 3 \(three "
     r"equal bands of digits\), not 8x8"),
]


@pytest.mark.parametrize("keys, message", BAD_FPUZZLES,
                         ids=[str(b[0])[:30] for b in BAD_FPUZZLES])
def test_bad_fpuzzles(keys, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        parse_fpuzzles(fpuzzle(**keys), "f.json")
    assert caught.value.exit_code == EXIT_BAD_INPUT


def test_drawings_are_left_out_and_counted_by_kind():
    obj = fpuzzle(text=[{"cells": ["R1C1"], "value": "hi"}], antiknight=True,
                  line=[{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R2C1", "R2C2"]]}],
                  circle=[{"cells": ["R3C3"]}], rectangle=[], cage=[])
    grid, rules = parse_fpuzzles(obj)
    assert [r.name for r in rules] == ["antiknight"]
    assert grid.drawings == ["1 text", "2 lines", "1 circle"]


def test_drawings_of_a_stated_constraint_and_metadata_are_no_drawings():
    """f-puzzles' constraint extensions draw renban lines, indexer cages... again as
    lines and cages marked with the constraint they show; SudokuPad keeps its title and
    messages in cages: none of them is a drawing of a rule only text states."""
    obj = fpuzzle(renban=[{"lines": [["R1C1", "R1C2"]]}],
                  line=[{"lines": [["R1C1", "R1C2"]], "fromConstraint": "Renban"},
                        {"lines": [["R1C1", "R1C2"]], "isNewConstraint": True},
                        {"lines": [["R1C1", "R1C2"]], "fromRangskSolver": True}],
                  cage=[{"cells": ["R1C1"], "fromConstraint": "Column Indexer"},
                        {"cells": ["R1C1"], "value": "title: Dab"}],
                  circle=[{"cells": ["R1C1"], "fromConstraint": "Slow Thermometer"}],
                  text=[{"cells": ["R0C1"], "fromConstraint": "X-Sums", "value": "X"}])
    grid, rules = parse_fpuzzles(obj)
    assert [r.to_line() for r in rules] == ["renban r1c1 r1c2"]
    assert grid.drawings == []


# ---- f-puzzles' negative constraints: what f-puzzles means ---------------------------------

WHITE_DOTS = [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1", "R2C2"], "value": "2"}]


@pytest.mark.parametrize("keys, lines", [
    ({"nonconsecutive": True}, ["nonconsecutive"]),
    ({"nonconsecutive": True, "difference": WHITE_DOTS},
     ["white r1c1 r1c2", "white 2 r2c1 r2c2", "negative white"]),
    ({"nonconsecutive": True, "ratio": [{"cells": ["R1C1", "R1C2"]}]},
     ["black r1c1 r1c2", "negative white"]),
    ({"nonconsecutive": True, "negative": ["ratio"], "difference": WHITE_DOTS[:1]},
     ["negative white black", "white r1c1 r1c2"]),
    ({"negative": ["difference"], "difference": WHITE_DOTS[:1]},
     ["negative white", "white r1c1 r1c2"]),
    ({"negative": ["ratio", "xv"]}, ["negative black xv"]),
])
def test_fpuzzles_nonconsecutive_is_its_negative_constraint_of_white_dots(keys, lines):
    grid, rules = parse_fpuzzles(dict(keys, size=4))
    assert [rule.to_line() for rule in rules] == lines


def test_all_white_dots_given_is_solved_as_fpuzzles_means_it():
    """A white dot between r1c1 and r1c2, f-puzzles' nonconsecutive everywhere else: the
    dotted pair holds consecutive digits (read literally, no grid fits)."""
    obj = {"size": 9, "nonconsecutive": True, "difference": WHITE_DOTS[:1]}
    grid, rules = parse_fpuzzles(obj)
    solutions = solve_variant(grid, rules, limit=3)
    assert solutions
    for solution in solutions:
        a, b = solution.cells[:2]
        assert abs(a - b) == 1


@pytest.mark.parametrize("lines, written", [
    (["negative white"], {"nonconsecutive": True}),
    (["white r1c1 r1c2", "negative white black"],
     {"difference": [{"cells": ["R1C1", "R1C2"]}], "nonconsecutive": True,
      "negative": ["ratio"]}),
    (["xv X r1c1 r1c2", "negative xv"],
     {"xv": [{"cells": ["R1C1", "R1C2"], "value": "X"}], "negative": ["xv"]}),
    (["nonconsecutive"], {"nonconsecutive": True}),
])
def test_negative_constraints_are_written_as_fpuzzles_means_them(lines, written):
    rules = rules_of(lines, 4, (2, 2))
    obj = to_fpuzzles(Grid.empty(4), rules)
    del obj["size"], obj["grid"]
    assert obj == written
    again = [rule.to_line() for rule in parse_fpuzzles(to_fpuzzles(Grid.empty(4), rules))[1]]
    assert again == (lines if lines != ["negative white"] else ["nonconsecutive"])


def test_nonconsecutive_for_every_pair_with_kropki_dots_has_no_fpuzzles_form():
    rules = rules_of(["black r1c1 r1c2", "nonconsecutive"], 4, (2, 2))
    with pytest.raises(UsageError, match="exempts the pairs with a kropki dot"):
        to_fpuzzles(Grid.empty(4), rules)


def test_not_json():
    with pytest.raises(PuzzleError, match="f.json: not JSON"):
        parse_fpuzzles("{size: 9", "f.json")
    with pytest.raises(PuzzleError, match="is a JSON object"):
        parse_fpuzzles("[1, 2]", "f.json")


def test_every_rule_declares_its_names():
    names = set()
    for cls in rule_classes():
        assert cls.name and cls.name == cls.name.lower() and is_rule_line(cls.name)
        for word in (cls.name,) + tuple(cls.aliases):
            assert word not in names, word
            names.add(word)


def test_the_examples_of_the_documentation():
    import doctest
    page = ROOT / "docs" / "variants.md"
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 3 and result.failed == 0


# ---- public f-puzzles puzzles (tests/fixtures/fpuzzles) ------------------------------------

FPUZZLES_FIXTURES = FIXTURES / "fpuzzles"
FPUZZLES_NAMES = sorted(path.stem for path in FPUZZLES_FIXTURES.glob("*.txt"))
# What each fixture draws that only its rules text states (the rest draws its rules).
FIXTURE_DRAWINGS = {"159-zetamath": "16 lines", "alien-lisztes": "1 text"}


def published_solution(name):
    text = (FPUZZLES_FIXTURES / (name + ".txt")).read_text()
    return re.search(r"^# solution: (\d+)$", text, re.M).group(1)


def test_public_fpuzzles_puzzles_have_their_published_solution_alone():
    paths = [FPUZZLES_FIXTURES / (name + ".txt") for name in FPUZZLES_NAMES]
    done = command("sudoku-solve", "--count", "2", *paths)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [published_solution(name) + "\t1"
                                        for name in FPUZZLES_NAMES]
    notes = ["sudoku-solve: %s:6: ignored drawings whose meaning only the rules text "
             "states: %s (use --strict-drawings to refuse)"
             % (FPUZZLES_FIXTURES / (name + ".txt"), what)
             for name, what in sorted(FIXTURE_DRAWINGS.items())]
    assert done.stderr.splitlines() == notes


# ---- drawings through the commands ---------------------------------------------------------

# A 4x4 puzzle unique only with a thermometer that f-puzzles' line tool drew (and the
# rules text would state): without it, it has two solutions.
DRAWN_THERMO = {"size": 4, "grid": [[{}, {}, {}, {"value": 4, "given": True}],
                                    [{"value": 3, "given": True}, {}, {}, {}],
                                    [{}, {}, {"value": 4, "given": True}, {}],
                                    [{}, {}, {}, {"value": 1, "given": True}]],
                "line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#CFCFCF"}],
                "text": [{"cells": ["R2C4"], "value": "?"}]}


def drawn_puzzle(tmp_path, obj=DRAWN_THERMO):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(obj) + "\n")
    return path


def test_drawings_are_left_out_with_one_note_and_an_honest_count(tmp_path):
    path = drawn_puzzle(tmp_path)
    done = command("sudoku-solve", "--count", "3", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 1 and done.stdout.rstrip().endswith("\t2")
    assert done.stderr == ("sudoku-solve: %s:1: ignored drawings whose meaning only the "
                           "rules text states: 1 line, 1 text (use --strict-drawings to "
                           "refuse)\n" % path)
    with_thermo = dict(DRAWN_THERMO, thermometer=DRAWN_THERMO["line"], line=[])
    done = command("sudoku-solve", "--count", "3", drawn_puzzle(tmp_path, with_thermo))
    assert done.stdout.rstrip().endswith("\t1")


@pytest.mark.parametrize("prog, args", [
    ("sudoku2cnf", []), ("sudoku-grade", []), ("sudoku-solve", ["--count", "2"])])
def test_each_reader_notes_drawings_or_refuses_them(tmp_path, prog, args):
    path = drawn_puzzle(tmp_path)
    done = command(prog, *args, path)
    assert done.returncode == 0, done.stderr
    assert done.stdout and "drawings" not in done.stdout
    assert done.stderr.splitlines() == [
        "%s: %s:1: ignored drawings whose meaning only the rules text states: 1 line, "
        "1 text (use --strict-drawings to refuse)" % (prog, path)]
    done = command(prog, "--strict-drawings", *args, path)
    assert done.returncode == (3 if prog == "sudoku2cnf" else 9)
    assert no_traceback(done.stderr) and len(done.stderr.splitlines()) == 1
    assert "%s:1: drawings whose meaning only the rules text states: 1 line, 1 text" \
        % path in done.stderr


def test_cnf2sudoku_puzzle_notes_or_refuses_drawings(tmp_path):
    path = drawn_puzzle(tmp_path)
    cnf = tmp_path / "p.cnf"
    assert command("sudoku2cnf", "-o", cnf, path).returncode == 0
    model = command("cnfsolve", cnf)
    done = command("cnf2sudoku", "--puzzle", path, input=model.stdout)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("ignored drawings") == 1
    done = command("cnf2sudoku", "--strict-drawings", "--puzzle", path, input=model.stdout)
    assert done.returncode == 3 and no_traceback(done.stderr)
    assert len(done.stderr.splitlines()) == 1 and "1 line, 1 text" in done.stderr


# ---- malformed f-puzzles JSON: exit 3 naming the key ------------------------------------

CELLS = 'expected a list of cell names like "R1C1"'
LINES = 'expected a list of lines, each a list of cell names like "R1C1"'
MALFORMED = [
    ('{"size": Infinity}', "'size': expected a grid size, found the number Infinity"),
    ({"size": 4.5}, "'size': expected a grid size, found the number 4.5"),
    ({"size": True}, "'size': expected a grid size, found true"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": float("inf")}]},
     "'killercage[0].value': expected a whole number, found the number Infinity"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": 3.5}]},
     "'killercage[0].value': expected a whole number, found the number 3.5"),
    ({"grid": "region list"}, "'grid': expected 4 rows of 4 cells"),
    ({"grid": [[{"region": [0]}] + [{}] * 3] + [[{}] * 4] * 3},
     "'grid[0][0].region': expected a region number, found a list of numbers"),
    ({"grid": [[{"value": "1", "given": True}] + [{}] * 3] + [[{}] * 4] * 3},
     "'grid[0][0].value' (R1C1): expected a digit 1..4, found the text \"1\""),
    ({"grid": [[{}] * 4] * 3 + [[{}] * 3 + [{"value": 5, "given": True}]]},
     "'grid[3][3].value' (R4C4): expected a digit 1..4, found the number 5"),
    ({"grid": [[[1]] + [{}] * 3] + [[{}] * 4] * 3},
     "'grid[0][0]': expected an object, found a list of numbers"),
    ({"killercage": [{"cells": [["R1C1", "R1C2"]], "value": "3"}]},
     "'killercage[0].cells': %s, found a list of lists" % CELLS),
    ({"killercage": [{"cells": ["R1C1", 5]}]},
     "'killercage[0].cells': %s, found a list of numbers and texts" % CELLS),
    ({"killercage": {"cells": ["R1C1"]}}, "'killercage': expected a list, found an object"),
    ({"killercage": [["R1C1"]]},
     "'killercage[0]': expected an object with 'cells', found a list of texts"),
    ({"odd": [{"cell": 5}]}, "'odd[0].cell': expected a cell name like \"R1C1\", found "
                             "the number 5"),
    ({"even": [{"cell": "R9C9"}]}, "'even[0]': cell R9C9 is outside the 4x4 grid"),
    ({"minimum": [{"cell": None}]}, "'minimum[0].cell': expected a cell name like "
                                    "\"R1C1\", found null"),
    ({"maximum": [{}]}, "'maximum[0].cell': expected a cell name like \"R1C1\", found "
                        "nothing"),
    ({"arrow": [{"cells": 5, "lines": [["R1C1", "R1C2"]]}]},
     "'arrow[0].cells': %s, found the number 5" % CELLS),
    ({"arrow": [{"cells": ["R1C1"], "lines": 5}]},
     "'arrow[0].lines': %s, found the number 5" % LINES),
    ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": 5}]},
     "'quadruple[0].values': expected a list of digits, found the number 5"),
    ({"quadruple": [{"cells": 7, "values": [1]}]},
     "'quadruple[0].cells': %s, found the number 7" % CELLS),
    ({"thermometer": [{"lines": "R1C1"}]},
     "'thermometer[0].lines': %s, found the text \"R1C1\"" % LINES),
    ({"thermometer": [{"lines": [[1, 2]]}]},
     "'thermometer[0].lines': %s, found a list of lists" % LINES),
    ({"palindrome": [{"lines": [[["R1C1", "R1C2"]]]}]},
     "'palindrome[0].lines': %s, found a list of lists" % LINES),
    ({"betweenline": [{"lines": None}]}, "'betweenline[0].lines': %s, found null" % LINES),
    ({"renban": [{"lines": {}}]}, "'renban[0].lines': %s, found an object" % LINES),
    ({"whispers": [{"lines": [["R1C1", "R1C2"]], "value": [5]}]},
     "'whispers[0].value': expected a whole number, found a list of numbers"),
    ({"difference": [{"cells": "R1C1R1C2"}]},
     "'difference[0].cells': %s, found the text \"R1C1R1C2\"" % CELLS),
    ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": {}}]},
     "'ratio[0].value': expected a whole number, found an object"),
    ({"xv": [{"cells": None, "value": "X"}]}, "'xv[0].cells': %s, found null" % CELLS),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": 10}]},
     "'xv[0].value': expected \"X\" or \"V\", found the number 10"),
    ({"littlekillersum": [{"cell": 3, "direction": "DR", "value": "5"}]},
     "'littlekillersum[0].cell': expected a cell name like \"R1C1\", found the number 3"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": [1], "value": "5"}]},
     "'littlekillersum[0].direction': expected a direction: DR, DL, UR, UL, found a list"),
    ({"sandwichsum": [{"cell": "R0C1", "value": {}}]},
     "'sandwichsum[0].value': expected a whole number, found an object"),
    ({"sandwichsum": [{"cell": ["R0C1"], "value": "3"}]},
     "'sandwichsum[0].cell': expected a cell name like \"R1C1\", found a list of texts"),
    ({"clone": [{"cells": ["R1C1"], "cloneCells": "R2C2"}]},
     "'clone[0].cloneCells': %s, found the text \"R2C2\"" % CELLS),
    ({"extraregion": [{"cells": {}}]}, "'extraregion[0].cells': %s, found an object" % CELLS),
    ({"extraregion": [{"cells": ["R1C1", "R1C2", "R1C3", "R1C4", "R2C1"]}]},
     "'extraregion[0]': a region of 5 cells cannot hold 4 different digits"),
    ({"rowindexer": [{"cells": 1}]}, "'rowindexer[0].cells': %s, found the number 1" % CELLS),
    ({"columnindexer": [{"cell": ["R1C1"]}]},
     "'columnindexer[0].cell': expected a cell name like \"R1C1\", found a list of texts"),
    ({"negative": "ratio"}, "'negative': expected a list of names (ratio, xv), found the "
                            "text \"ratio\""),
    ({"negative": [["ratio"]]}, "'negative': expected a list of names (ratio, xv), found a "
                                "list of lists"),
    ({"antiknight": "yes"}, "'antiknight': expected true or false, found the text \"yes\""),
    ({"diagonal+": 1}, "'diagonal+': expected true or false, found the number 1"),
    ({"line": {"lines": []}}, "'line': expected a list of drawings, found an object"),
    ({"text": "hi"}, "'text': expected a list of drawings, found the text \"hi\""),
    ({"boxindexer": [{"cells": [[1, 1]]}]},
     "'boxindexer[0].cells': %s, found a list of lists" % CELLS),
    ({"nonconsecutive": "yes"}, "'nonconsecutive': expected true or false, found the text"),
    ({"disjointgroups": [1]}, "'disjointgroups': expected true or false, found a list"),
    ({"antiking": {}}, "'antiking': expected true or false, found an object"),
    ({"diagonal-": None, "diagonal+": 0}, "'diagonal+': expected true or false, found the "
                                          "number 0"),
]


def malformed_text(shape):
    if isinstance(shape, str):
        return shape
    return json.dumps(dict({"size": 4}, **shape))


@pytest.mark.parametrize("shape, message", MALFORMED,
                         ids=[str(shape)[:40] for shape, _ in MALFORMED])
def test_malformed_fpuzzles_json_is_exit_3_naming_the_key(tmp_path, shape, message):
    path = tmp_path / "p.json"
    path.write_text(malformed_text(shape) + "\n")
    done = command("sudoku2cnf", path)
    assert done.returncode == 3, done.stderr
    assert no_traceback(done.stderr) and not done.stdout
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("sudoku2cnf: %s:1: f-puzzles key %s" % (path, message))


def test_a_malformed_fpuzzles_puzzle_in_a_batch_is_its_own_error_line(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("1..44......33..1\n")
    paths = [good]
    for k, (shape, _) in enumerate(MALFORMED):
        path = tmp_path / ("bad%d.json" % k)
        path.write_text(malformed_text(shape) + "\n")
        paths += [path, good]
    done = command("sudoku-solve", *paths)
    assert done.returncode == 9 and no_traceback(done.stderr)
    lines = done.stdout.splitlines()
    assert len(lines) == 2 * len(MALFORMED) + 1
    assert re.fullmatch("[1-4]{16}", lines[0])
    assert lines[0::2] == [lines[0]] * (len(MALFORMED) + 1)
    assert all(line.startswith("error\t") and "f-puzzles key" in line for line in lines[1::2])


# ---- a grid of prime size: the puzzle's regions replace the boxes --------------------

def _prime_jigsaw(n):
    """A jigsaw of prime size ``n`` (regions: the diagonals r+c mod n) and a solution."""
    regions = " ".join("".join(str((r + c) % n + 1) for c in range(n)) for r in range(n))
    solution = "".join(str((r + 2 * c) % n + 1) for r in range(n) for c in range(n))
    givens = "".join(d if k % 3 == 0 else "." for k, d in enumerate(solution))
    return givens, regions, solution


@pytest.mark.parametrize("n", [5, 7])
def test_a_prime_jigsaw_is_read_encoded_and_solved(n):
    from dimacs_sudoku.tasks.solving import find_solutions
    from dimacs_sudoku.tasks import solve_by_cnf
    from dimacs_sudoku.formats import parse_puzzle, write_grid
    givens, regions, solution = _prime_jigsaw(n)
    rows = "\n".join(givens[r * n:(r + 1) * n] for r in range(n))
    for text in (givens + "\njigsaw " + regions, rows + "\njigsaw " + regions):
        grid = parse_puzzle(text)
        assert grid.layout.regions is not None and grid.to_line() == givens
        assert solve_by_cnf(grid).to_line() == solution
        found, count = find_solutions(grid)
        assert count == 1 and found[0].to_line() == solution
        # Its f-puzzles and SudokuPad forms carry the regions, and read back.
        for fmt in ("fpuzzles", "sudokupad", "variant"):
            back = parse_puzzle(write_grid(grid, fmt))
            assert back.to_line() == givens and back.layout.regions is not None
        # Its boxes are no units, so the boxed grid draws no rule between rows.
        assert write_grid(grid, "variant").split("\n")[:n + 2] == (
            ["+" + "-" * (2 * n + 1) + "+"] + ["| %s |" % " ".join(givens[r * n:(r + 1) * n])
                                                 for r in range(n)]
            + ["+" + "-" * (2 * n + 1) + "+"])
    # Without regions a prime grid has no box shape, and says so.
    with pytest.raises(PuzzleError, match="a %dx%d grid has no box shape" % (n, n)):
        parse_puzzle(givens)
    with pytest.raises(PuzzleError, match="a %dx%d grid has no box shape" % (n, n)):
        parse_puzzle(json.dumps({"size": n, "grid": [[{}] * n] * n}))


@pytest.mark.slow
def test_a_prime_jigsaw_through_the_commands(tmp_path):
    from support import command
    givens, regions, solution = _prime_jigsaw(7)
    path = tmp_path / "j7.txt"
    path.write_text(givens + "\njigsaw " + regions + "\n")
    done = command("sudoku-solve", "--count", "2", path)
    assert (done.returncode, done.stdout) == (0, solution + "\t1\n"), done.stderr
    cnf = command("sudoku2cnf", path, "-o", tmp_path / "j7.cnf")
    assert cnf.returncode == 0, cnf.stderr
    model = command("cnfsolve", tmp_path / "j7.cnf")
    assert model.returncode == 10, model.stderr
    for option in ("--cnf", "--puzzle"):
        done = command("cnf2sudoku", option, tmp_path / ("j7.cnf" if option == "--cnf"
                                                          else "j7.txt"), input=model.stdout)
        assert (done.returncode, done.stdout) == (0, solution + "\n"), done.stderr
    # The model alone holds no regions: the message says what to give.
    done = command("cnf2sudoku", input=model.stdout)
    assert done.returncode == 2 and "give --cnf FILE or --puzzle FILE" in done.stderr
