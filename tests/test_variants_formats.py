"""The two input forms of variant puzzles: the text format (a grid, then one rule per
line) and f-puzzles JSON objects. Every sample rule survives both round trips, and bad
input is one PuzzleError (exit code 3) that names the rule, the file and the line."""

import json

import pytest

from dimacs_sudoku.errors import EXIT_BAD_INPUT, PuzzleError
from dimacs_sudoku.grid import Grid
from dimacs_sudoku.variants import (finish, is_rule_line, parse_fpuzzles, parse_rule,
                                    read_variant, rule_classes, solve_variant, to_fpuzzles,
                                    write_variant)
from test_variants import SAMPLES4
from test_variants_random import SAMPLES6, SAMPLES9

ALL = ([(4, (2, 2), lines) for lines, _ in SAMPLES4]
       + [(6, (2, 3), lines) for lines in SAMPLES6]
       + [(9, (3, 3), lines) for lines in SAMPLES9])
IDS = ["%d: %s" % (size, " / ".join(lines)[:40]) for size, _, lines in ALL]

# Rules that f-puzzles writes in another form, or cannot write.
NOT_IN_FPUZZLES = ("xv 7", "negative v")


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
        with pytest.raises(PuzzleError, match="f-puzzles has no"):
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
    from dimacs_sudoku.variants import variant_layout
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
    with pytest.raises(PuzzleError, match="contradictory givens: r1c1 and r4c4 .* diagonal-"):
        read_variant(["1..." "...." "...." "...1", "diagonals"], "p.txt")


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
    ({"line": [{"lines": [["R1C1", "R1C2"]]}]}, r"f-puzzles 'line' is a drawing"),
    ({"killercage": [{"value": "3"}]}, r"f-puzzles 'killercage': each item needs 'cells'"),
    ({"killercage": [{"cells": ["R1C1", "R10C1"]}]}, r"cell R10C1 is outside the 9x9 grid"),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Z"}]}, r"value must be X or V"),
    ({"negative": ["sum"]}, r"unknown rule: f-puzzles negative constraint 'sum'"),
    ({"antiknight": "yes"}, r"f-puzzles 'antiknight' must be true or false"),
    ({"sandwichsum": [{"cell": "R5C5", "value": "3"}]}, r"is not just outside the grid"),
    ({"size": 99}, r"f.json: f-puzzles 'grid' must be 99 rows of 99 cells"),
    ({"size": 7, "grid": None}, r"f.json: a 7x7 grid has no box shape"),
    ({"size": "nine"}, r"f.json: f-puzzles 'size' must be a grid size, not 'nine'"),
]


@pytest.mark.parametrize("keys, message", BAD_FPUZZLES,
                         ids=[str(b[0])[:30] for b in BAD_FPUZZLES])
def test_bad_fpuzzles(keys, message):
    with pytest.raises(PuzzleError, match=message) as caught:
        parse_fpuzzles(fpuzzle(**keys), "f.json")
    assert caught.value.exit_code == EXIT_BAD_INPUT


def test_cosmetics_can_be_ignored_on_request():
    obj = fpuzzle(text=[{"cells": ["R1C1"], "value": "hi"}], antiknight=True)
    with pytest.raises(PuzzleError, match="'text' is a drawing"):
        parse_fpuzzles(obj)
    assert [r.name for r in parse_fpuzzles(obj, ignore_cosmetics=True)[1]] == ["antiknight"]


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
    from pathlib import Path
    page = Path(__file__).resolve().parents[1] / "docs" / "variants.md"
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 3 and result.failed == 0


# ---- a grid of prime size: the puzzle's regions replace the boxes --------------------

def _prime_jigsaw(n):
    """A jigsaw of prime size ``n`` (regions: the diagonals r+c mod n) and a solution."""
    regions = " ".join("".join(str((r + c) % n + 1) for c in range(n)) for r in range(n))
    solution = "".join(str((r + 2 * c) % n + 1) for r in range(n) for c in range(n))
    givens = "".join(d if k % 3 == 0 else "." for k, d in enumerate(solution))
    return givens, regions, solution


@pytest.mark.parametrize("n", [5, 7])
def test_a_prime_jigsaw_is_read_encoded_and_solved(n):
    from dimacs_sudoku.batch import count_solutions
    from dimacs_sudoku.decoding import solve
    from dimacs_sudoku.formats import parse_puzzle, write_grid
    givens, regions, solution = _prime_jigsaw(n)
    rows = "\n".join(givens[r * n:(r + 1) * n] for r in range(n))
    for text in (givens + "\njigsaw " + regions, rows + "\njigsaw " + regions):
        grid = parse_puzzle(text)
        assert grid.layout.regions is not None and grid.to_line() == givens
        assert solve(grid).to_line() == solution
        found, count = count_solutions(grid)
        assert count == 1 and found[0].to_line() == solution
        # Its f-puzzles and SudokuPad forms carry the regions, and read back.
        for fmt in ("fpuzzles", "sudokupad", "variant"):
            back = parse_puzzle(write_grid(grid, fmt))
            assert back.to_line() == givens and back.layout.regions is not None
    # Without regions a prime grid has no box shape, and says so.
    with pytest.raises(PuzzleError, match="a %dx%d grid has no box shape" % (n, n)):
        parse_puzzle(givens)
    with pytest.raises(PuzzleError, match="a %dx%d grid has no box shape" % (n, n)):
        parse_puzzle(json.dumps({"size": n, "grid": [[{}] * n] * n}))


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
