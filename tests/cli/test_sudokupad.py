"""SudokuPad's own format (SCL): its links and strings detected by content, unzipped
and unpacked by our own code, each element read into our grid and rules, drawings
refused unless ignored, bad input a one-line error (exit 3), and a puzzle from an SCL
link solved through the pipe."""

import json
import re

import pytest

from conftest import require_solver
from support import in_process as command, no_traceback, shell
from test_variants_puzzles import PUZZLES

from dimacs_sudoku.errors import NoSolution, PuzzleError
from dimacs_sudoku.formats import detect_format, parse_puzzle, puzzles_from_text, write_grid
from dimacs_sudoku.formats.sudokupad import links
from dimacs_sudoku.formats.sudokupad.links import pack
from dimacs_sudoku.formats.sudokupad.scl import KEYS, load, parse_sudokupad, unzip
from dimacs_sudoku.formats.variant import write_variant
from dimacs_sudoku.formats.fpuzzles import to_fpuzzles
from dimacs_sudoku.formats.lzstring import compress_base64

KILLER_GIVENS, KILLER_RULES, KILLER_SOLUTION = PUZZLES["killer"]
SHORT = {long: short for short, long in KEYS.items()}


# ---- making SCL, as SudokuPad writes it ------------------------------------------------

def rc(token):
    """``[row, col]`` from 0 of ``r1c2``."""
    r, c = re.fullmatch(r"r(\d+)c(\d+)", token).groups()
    return [int(r) - 1, int(c) - 1]


def scl_object(givens, rule_lines=(), size=9, **keys):
    """An SCL object: the givens as cells, each ``killer`` line as a cage."""
    cells = [[{"value": int(ch)} if ch not in ".0" else {} for ch in givens[r * size:
                                                                              (r + 1) * size]]
             for r in range(size)]
    obj = {"id": "test", "cellSize": 50, "cells": cells}
    cages = []
    for line in rule_lines:
        words = line.split()
        assert words[0] == "killer"
        cage = {"cells": [rc(w) for w in words[1:] if w.startswith("r")]}
        if words[1].isdigit():
            cage["value"] = words[1]
        cages.append(cage)
    if cages:
        obj["cages"] = cages
    obj.update(keys)
    return obj


def zipped(value, after_colon=False):
    """``value`` written as SudokuPad's zipper writes it: short keys without quotes,
    single quotes, t/f, empty objects left out of lists, bare colours."""
    if isinstance(value, dict):
        items = []
        for key, item in value.items():
            key = SHORT.get(key, key)
            key = key if re.fullmatch(r"[A-Za-z0-9]+", key) else "'%s'" % key
            items.append("%s:%s" % (key, zipped(item, True)))
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join("" if item == {} else zipped(item) for item in value) + "]"
    if isinstance(value, bool):
        return ("t" if value else "f") if after_colon else json.dumps(value)
    if isinstance(value, str):
        if after_colon and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            return {"#000000": "#0", "#FFFFFF": "#F"}.get(value, value[1:])
        if after_colon and re.fullmatch(r"\d+", value):
            return value
        # (a double quote becomes a single one, as in SudokuPad's zipper)
        return "'" + value.replace("'", "\\'").replace('"', "\\'") + "'"
    return json.dumps(value)


def scl(obj):
    """The packed ``scl`` puzzle id of an SCL object."""
    return "scl" + pack(zipped(obj))


def read(obj, **options):
    return parse_sudokupad(obj, "p.txt", **options)


def lines_of(obj, **options):
    return [rule.to_line() for rule in read(obj, **options)[1]]


KILLER = scl_object(KILLER_GIVENS, KILLER_RULES)


# ---- unzipping -------------------------------------------------------------------------

def test_unzip_reads_what_the_zipper_writes():
    obj = {"cells": [[{}, {"value": 5}, {}]], "cages": [{"cells": [[0, 0]], "value": "x's",
                                                        "unique": False, "hidden": True}],
           "lines": [{"wayPoints": [[0.5, 1.5], [2.5, 1.5]], "color": "#FF0000",
                      "thickness": 8.5}],
           "overlays": [{"backgroundColor": "#FFFFFF", "borderColor": "#000000",
                         "text": "", "center": [1, 2]}],
           "metadata": {"title": "T", "rules": 'say "hi"'}}
    text = zipped(obj)
    assert '"' not in text and "lines" not in text and "{}" not in text
    obj["metadata"]["rules"] = "say 'hi'"
    assert unzip(text) == obj
    # A text with double quotes has its strings in them, and single quotes are letters.
    assert unzip('{te:"it' + "'" + 's \\"x\\""}') == {"text": "it's \"x\""}


@pytest.mark.parametrize("text, value", [
    ("{ce:[,,]}", {"cells": [{}, {}, {}]}),            # empty slots are empty objects
    ("{ce:[[,{v:3}]]}", {"cells": [[{}, {"value": 3}]]}),
    ("{x:t,y:f,c:#0,z:#F,e:00ff00,f:[t]}", None),       # t in a list is no true
    ("{x:1.5,y:-2,z:null,e:'\\u0041\\n'}",
     {"x": 1.5, "y": -2, "z": None, "e": "A\n"}),
])
def test_unzip_cases(text, value):
    if value is None:
        with pytest.raises(ValueError, match="unexpected 't'"):
            unzip(text)
        assert unzip(text.replace(",f:[t]", "")) == {
            "x": True, "y": False, "color": "#000000", "z": "#FFFFFF", "e": "#00ff00"}
    else:
        assert unzip(text) == value


@pytest.mark.parametrize("text, message", [
    ("{ce:[[", "the text ends early"),
    ("{ce:'abc", "a string that does not end"),
    ("{ce 1}", "':' expected"),
    ("{ce:1}x", "text after"),
    ("{ce:[1 2]}", "',' or ']' expected"),
    ("{ce:1 d:2}", "',' or '}' expected"),
    ("{ce:'\\q'}", "bad escape"),
    ("{a:" * 200 + "1" + "}" * 200, "nested deeper than 64"),
])
def test_unzip_refuses_what_is_no_zipped_json(text, message):
    with pytest.raises(ValueError, match=message):
        unzip(text)


# ---- links and detection ---------------------------------------------------------------

def forms(obj):
    packed = scl(obj)
    plain = json.dumps(obj)
    return {
        "bare scl": packed,
        "bare ctc": "ctc" + packed[3:],
        "link": "https://sudokupad.app/" + packed,
        "link with settings": "https://sudokupad.app/" + packed + "?setting-nogrid=1",
        "sudoku path": "https://sudokupad.app/sudoku/" + packed,
        "puzzleid": "https://sudokupad.app/?puzzleid=" + packed.replace("+", "%2B"),
        "puzzle": "https://sudokupad.app/?puzzle=" + packed.replace("+", "%2B"),
        "ctc link": "https://app.crackingthecryptic.com/sudoku/" + packed,
        "app link": "sudokupad://puzzle/" + packed,
        "escaped link": "https://sudokupad.app/" + packed.replace("+", "%2B").replace(
            "/", "%2F").replace("=", "%3D"),
        "json": plain,
        "indented json": json.dumps(obj, indent=2),
        "zipped": zipped(obj),
        "scl zipped": "scl" + zipped(obj),
        "scl json": "scl" + plain,
    }


@pytest.mark.parametrize("form", sorted(forms({})))
def test_every_form_is_detected_and_read(form):
    text = forms(KILLER)[form]
    assert detect_format(text) == "sudokupad"
    grid = parse_puzzle("# a SudokuPad puzzle\n\n" + text + "\n", source="p.txt")
    assert grid.to_line() == KILLER_GIVENS.replace("0", ".")
    assert [rule.to_line() for rule in grid.rules] == KILLER_RULES
    assert grid.line == 3


def test_fpuzzles_data_stays_the_fpuzzles_format_in_every_sudokupad_link():
    grid = parse_puzzle(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES))
    obj = to_fpuzzles(grid, grid.rules)
    packed = compress_base64(json.dumps(obj))
    for text in ("https://sudokupad.app/fpuz" + packed, "fpuz" + packed,
                 "https://sudokupad.app/fpuzzles" + packed, "fpuzzles" + packed,
                 "https://sudokupad.app/?puzzle=fpuz" + packed.replace("+", "%2B"),
                 "https://sudokupad.app/sudoku/fpuz" + packed, json.dumps(obj)):
        assert detect_format(text) == "fpuzzles", text
        again = parse_puzzle(text)
        assert [rule.to_line() for rule in again.rules] == KILLER_RULES, text
    # The sudokupad reader reads them too when forced.
    assert parse_puzzle("fpuz" + packed, fmt="sudokupad").rules == again.rules


def test_other_inputs_are_not_taken_for_sudokupad():
    assert detect_format("https://f-puzzles.com/?load=N4IgHiBcDMC+Q===") == "fpuzzles"
    assert detect_format("https://example.com/sclN4Ig") == "line"
    assert detect_format('{"size": 9, "grid": []}') == "fpuzzles"
    assert detect_format("1..44......33..1") == "line"


# ---- each element ---------------------------------------------------------------------

BOXES4 = "1122112233443344"


def empty(size=4, **keys):
    return dict({"cells": [[{}] * size for _ in range(size)]}, **keys)


def test_givens_as_numbers_or_digit_strings():
    obj = empty(cells=[[{"value": 1}, {"value": "2"}, {"value": ""}, {}], [{}] * 4,
                       [{}] * 4, [{}] * 4])
    assert read(obj)[0].to_line() == "12.............."


def test_regions_make_a_jigsaw_unless_they_are_the_boxes():
    def regions(labels):
        out = {}
        for cell, label in enumerate(labels):
            out.setdefault(label, []).append([cell // 4, cell % 4])
        return list(out.values())
    assert lines_of(empty(regions=regions(BOXES4))) == []
    assert lines_of(empty(regions=regions("1112122233343444"))) == [
        "jigsaw 1112 1222 3334 3444"]
    # Region cells may be r1c1 names.
    named = [["r%dc%d" % (r + 1, c + 1) for r, c in region]
             for region in regions("1112122233343444")]
    assert lines_of(empty(regions=named)) == ["jigsaw 1112 1222 3334 3444"]
    grid, _ = read(empty(regions=regions("1112122233343444")))
    assert grid.layout.regions is not None


def test_killer_cages_with_sums_without_and_as_names():
    obj = empty(cages=[{"cells": [[0, 0], [0, 1]], "value": 3},
                       {"cells": ["r2c1", "r2c2"], "value": "7"},
                       {"cells": "r3c1r3c2", "sum": 4, "value": "x"},
                       {"cells": [[3, 0], [3, 1]]},
                       {"cells": [[3, 2], [3, 3]], "value": 3, "unique": True,
                        "style": "killer"},
                       {"value": "title: A cage with no cells is a label"},
                       {"cells": [], "value": "author: nobody"}])
    assert lines_of(obj) == ["killer 3 r1c1 r1c2", "killer 7 r2c1 r2c2",
                             "killer 4 r3c1 r3c2", "killer r4c1 r4c2",
                             "killer 3 r4c3 r4c4"]


def test_global_rules():
    obj = empty(size=9, **{"global": ["antiknight", "antiking", "nonconsecutive",
                                      "antidifference", "antiratio", "antixv"]})
    assert lines_of(obj) == ["antiknight", "antiking", "nonconsecutive",
                             "negative white black xv"]


def test_disjoint_groups_extra_regions_and_indexers():
    disjoint = [{"cells": [[r, c] for r in (0, 3, 6) for c in (0, 3, 6)],
                 "unique": True, "type": "disjoint", "style": None}]
    assert lines_of(empty(9, cages=disjoint, **{"global": ["disjoint"]})) == ["disjoint"]
    # Without the global word, the group is still a cage of distinct digits.
    assert lines_of(empty(9, cages=disjoint)) == [
        "killer r1c1 r1c4 r1c7 r4c1 r4c4 r4c7 r7c1 r7c4 r7c7"]
    extra = {"cells": [[0, 0], [0, 1], [1, 0], [1, 1]], "style": "extraregion",
             "unique": True, "sum": 10}
    assert lines_of(empty(cages=[extra])) == ["region r1c1 r1c2 r2c1 r2c2"]
    indexers = [{"cells": [[0, 0]], "style": "fpRowIndexer"},
                {"cells": [[1, 1]], "style": "fpColumnIndexer"},
                {"cells": [[2, 2]], "style": "fpBoxIndexer"}]
    assert lines_of(empty(cages=indexers)) == ["rowindexer r1c1", "columnindexer r2c2",
                                               "boxindexer r3c3"]


def test_a_hidden_cage_whose_digits_may_repeat_says_nothing():
    obj = empty(cages=[{"cells": [[0, 0], [0, 1]], "unique": False, "hidden": True}])
    assert lines_of(obj) == []


def test_diagonal_lines_corner_to_corner_are_the_diagonals():
    obj = empty(lines=[{"wayPoints": [[0, 4], [4, 0]], "color": "#34BBE6"},
                       {"wayPoints": [[4, 4], [0, 0]]}])
    assert lines_of(obj) == ["diagonals"]
    assert lines_of(empty(lines=[{"wayPoints": [[0, 0], [4, 4]]}])) == ["diagonal-"]
    assert lines_of(empty(lines=[{"wayPoints": [[0, 4], [4, 0]]}])) == ["diagonal+"]


# ---- drawings: left out and counted ------------------------------------------------------

@pytest.mark.parametrize("keys, named", [
    ({"lines": [{"wayPoints": [[0.5, 0.5], [3.5, 3.5]]}]}, ["1 line"]),   # a whisper?
    ({"arrows": [{"wayPoints": [[0.5, 0.5], [0.5, 2.5]]}] * 2}, ["2 arrows"]),
    ({"overlays": [{"center": [1, 1.5], "rounded": True}]}, ["1 overlay"]),
    ({"underlays": [{"center": [0.5, 0.5]}] * 3}, ["3 underlays"]),
    ({"metadata": {"bgimage": "https://example.com/a.png"}}, ["1 background image"]),
    ({"cages": [{"cells": [[0, 0], [0, 1]], "value": "?"}] * 2},
     ["2 cages showing text"]),
    ({"cages": [{"cells": [[0, 0], [0, 1]], "value": 3, "unique": False}]},
     ["1 cage whose digits may repeat"]),
    ({"cages": [{"cells": [[0, 0]], "style": "box"}]}, ['1 cage of style "box"']),
    ({"cages": [{"cells": [[0, 0]], "value": [1]}]}, ["1 cage showing text"]),
    ({"cages": [{"cells": [[0, 0]], "sum": 1.5}]}, ["1 cage showing text"]),
    ({"cages": [{"cells": [[0, 0]], "value": "9" * 5000}]}, ["1 cage showing text"]),
    ({"cages": [{"cells": [[0, 0]], "style": ["x"]}]}, ['1 cage of style ["x"]']),
    ({"cages": [{"cells": [[0, 0], [1, 0]], "value": "3", "outlineC": "#000000",
                 "fontC": "#000000"}]}, ["1 cage drawn with f-puzzles' cage tool"]),
    ({"lines": [{"wayPoints": [[0.5, 0.5], [3.5, 3.5]]}] * 2,
      "overlays": [{"center": [1, 1.5]}]}, ["2 lines", "1 overlay"]),
])
def test_drawings_are_left_out_and_counted_by_kind(keys, named):
    obj = empty(**dict(keys, **{"global": ["antiking"]}))
    grid, rules = read(obj)
    assert [rule.to_line() for rule in rules] == ["antiking"]
    assert grid.drawings == named


@pytest.mark.parametrize("keys, message", [
    ({"global": ["chess"]}, 'unknown rule: SudokuPad global "chess"'),
    ({"teleports": [1]}, "unknown rule: SudokuPad key 'teleports'"),
    ({"global": [["antiknight"]]}, 'unknown rule: SudokuPad global \\[\"antiknight\"\\]'),
    ({"cages": [[0, 0]]}, "a SudokuPad cage is an object, not \\[0, 0\\]"),
    ({"cells": [[{}] * 4] * 3}, "'cells' must be 3 rows of 3 cells \\(row 1 has 4\\)"),
    ({"cells": [[{"value": 5}] + [{}] * 3] + [[{}] * 4] * 3},
     "cell r1c1 holds 5, not a digit 1..4"),
    ({"cells": [[{"value": "A"}] + [{}] * 3] + [[{}] * 4] * 3},
     'cell r1c1 holds "A", not a digit 1..4'),
    ({"cells": []}, "needs 'cells'"),
    ({"cells": [[{}] * 500] * 500}, "'cells': grid size"),
    ({"regions": [[[0, 0]], [[0, 0]]]}, "regions 1 and 2 both hold r1c1"),
    ({"regions": [[[0, 0]]]}, "regions leave r1c2 in none"),
    ({"regions": [[[1, 1], [1, 2], [2, 1], [2, 2]]]},
     "regions leave r1c1 in none; a 4x4 grid needs 4 regions of 4 cells \\(regions of a "
     "2x2 grid inside 4x4 cells: clues outside the grid are not read\\)"),
    ({"regions": [[[0, 9]]]}, "cell \\[0, 9\\] is outside the 4x4 grid"),
    ({"cages": [{"cells": [[0, 0], "x1"]}]}, '"x1" is not a cell'),
    ({"cages": [{"cells": ["r" + "9" * 5000 + "c1"]}]}, '"r9999.* is not a cell'),
    ({"cells": [[{"value": "9" * 5000}] + [{}] * 3] + [[{}] * 4] * 3},
     'cell r1c1 holds "9999'),
    ({"cages": [{"cells": [[0, c] for c in range(4)] + [[1, 0]], "value": 20}]},
     "SudokuPad killer 20 r1c1 r1c2 r1c3: a cage of 5 cells cannot hold 4"),
    ({"cages": "r1c1"}, "'cages' must be a list"),
    ({"lines": {"a": 1}}, "'lines' must be a list"),
])
def test_bad_sudokupad_objects(keys, message):
    with pytest.raises(PuzzleError, match="^p.txt: .*" + message):
        read(empty(**keys))


def test_clashing_givens_are_read_and_have_no_solution():
    grid, _ = read(empty(cells=[[{"value": 1}, {"value": 1}, {}, {}]] + [[{}] * 4] * 3))
    with pytest.raises(NoSolution, match="^p.txt: no solution: contradictory givens: r1c1 "
                                         "and r1c2"):
        grid.check_givens()


# ---- bad and hostile input through the commands -----------------------------------------

def bad_inputs():
    packed = scl(KILLER)
    return {
        "truncated": (packed[:len(packed) // 2], "cannot be unpacked"),
        "not base64": ("scl" + "N4Ig!@#$", "is not a base64 character"),
        "not lz-string": ("sclABCDEFGH", "does not unpack to a JSON object"),
        "not lz-string either": ("sclBAAAAAAAAA", "cannot be unpacked"),
        "not an object": ("scl" + pack("[1, 2]"), "does not unpack to a JSON object"),
        "not zipped json": ("scl" + pack("{ce:[[,]"), "not a SudokuPad puzzle"),
        "deep json": ('{"cells": ' + "[" * 100000 + "]" * 100000 + "}",
                      "nested too deeply"),
        "deep zipped": ("scl" + pack("{a:" * 1000 + "1" + "}" * 1000),
                        "nested deeper than 64"),
        "short id": ("https://sudokupad.app/wsj7iunsg6", "short SudokuPad id"),
        "ctc short id": ("https://app.crackingthecryptic.com/sudoku/4qjqRDqDhT",
                         "short SudokuPad id"),
        "scf": ("https://sudokupad.app/scf12!", "scf puzzle: '!' is no cell code"),
        "scf rule": ("scf1y0000001*q", "scf puzzle: unknown rule: scf constraint 'q'"),
        "classic": ("classic12%2B", "classic puzzle: not a classic code"),
        "classic size": ("classic1A2", "classic puzzle: 4 cells make no square grid of 4x4"),
    }


@pytest.mark.parametrize("name", sorted(bad_inputs()))
def test_bad_input_is_exit_3_with_one_line_naming_file_and_line(tmp_path, name):
    text, message = bad_inputs()[name]
    path = tmp_path / "p.txt"
    path.write_text("# comment\n" + text + "\n")
    out = tmp_path / "out.cnf"
    done = command("sudoku2cnf", "-o", out, path)
    assert done.returncode == 3, done.stderr
    assert no_traceback(done.stderr) and not out.exists()
    assert len(done.stderr.splitlines()) == 1
    assert re.search(r"p\.txt:2: .*%s" % message, done.stderr), done.stderr


def test_unpacking_is_bounded(monkeypatch):
    monkeypatch.setattr(links, "MAX_CHARS", 1000)
    with pytest.raises(PuzzleError, match="unpacks to more than 1000 characters"):
        parse_puzzle("scl" + pack('{"cells": [%s]}' % ",".join(["{}"] * 2000)))


def test_a_huge_input_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "p.txt"
    with open(path, "w") as f:
        f.write("sclN4Ig" + "A" * (2 * 1024 * 1024) + "\n")
    done = command("sudoku2cnf", path)
    assert done.returncode == 3 and no_traceback(done.stderr), done.stderr
    assert "p.txt:1: a line longer than" in done.stderr


# ---- round trips and the pipe ------------------------------------------------------------

def test_round_trip_to_our_text_format():
    grid, rules = read(scl_object(KILLER_GIVENS, KILLER_RULES, **{
        "global": ["antiking"], "lines": [{"wayPoints": [[0, 9], [9, 0]]}]}))
    text = write_variant(grid, rules)
    again = parse_puzzle(text)
    assert again.cells == grid.cells
    assert [r.to_line() for r in again.rules] == [r.to_line() for r in rules]
    assert detect_format(text) == "grid"


def test_jigsaw_round_trip_through_the_solver():
    givens, (jigsaw,), solution = PUZZLES["jigsaw"]
    labels = "".join(jigsaw.split()[1:])
    regions = {}
    for cell, label in enumerate(labels):
        regions.setdefault(label, []).append([cell // 9, cell % 9])
    obj = scl_object(givens, regions=list(regions.values()))
    done = command("sudoku-solve", "--count", "2", input=scl(obj) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution + "\t1\n"


def test_miracle_global_rules_solve_uniquely():
    givens, _, solution = PUZZLES["miracle"]
    obj = scl_object(givens, **{"global": ["antiknight", "antiking", "nonconsecutive"]})
    done = command("sudoku-solve", "--count", "2", input="https://sudokupad.app/"
                   + scl(obj) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution + "\t1\n"


@pytest.mark.slow
def test_killer_from_an_scl_link_is_unique_and_checked_through_the_pipe(tmp_path):
    path = tmp_path / "killer.txt"
    path.write_text("https://sudokupad.app/" + scl(KILLER) + "\n")
    done = command("sudoku-solve", "--count", "2", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == KILLER_SOLUTION + "\t1\n"
    done = command("sudoku-solve", "--format", "variant", path)
    assert done.returncode == 0, done.stderr
    assert [r.to_line() for r in parse_puzzle(done.stdout).rules] == KILLER_RULES
    require_solver("picosat")
    done = shell("sudoku2cnf %s | picosat | cnf2sudoku --puzzle %s" % (path, path))
    assert done.stdout == KILLER_SOLUTION + "\n", done.stderr
    # Without its last cages the puzzle has more than one solution.
    loose = tmp_path / "loose.txt"
    loose.write_text(scl(scl_object(KILLER_GIVENS, KILLER_RULES[:-6])) + "\n")
    done = command("sudoku-solve", "--count", "2", loose)
    assert done.returncode == 0 and done.stdout.endswith("\t2\n"), done.stderr


def test_a_grid_that_breaks_a_cage_of_the_scl_puzzle_is_exit_6(tmp_path):
    path = tmp_path / "killer.txt"
    path.write_text(scl(KILLER) + "\n")
    wrong = [{3: 4, 4: 3}.get(int(ch), int(ch)) for ch in KILLER_SOLUTION]
    literals = [(cell * 9 + d) * (1 if wrong[cell] == d else -1)
                for cell in range(81) for d in range(1, 10)]
    model = "s SATISFIABLE\nv %s 0\n" % " ".join(map(str, literals))
    done = command("cnf2sudoku", "--puzzle", path, input=model)
    assert done.returncode == 6, done.stderr
    assert "killer" in done.stderr and no_traceback(done.stderr)


# ---- a public SCL link ------------------------------------------------------------------

# "Parity Fish" by Marty Sears, the SCL link that SakanaAI's Sudoku-Bench README gives
# as the long form of https://sudokupad.app/wsj7iunsg6. Its red lines are in a
# background picture and its dots are overlays: rules we cannot read, so it is refused
# naming them; its grid, boxes and metadata are read.
PARITY_FISH = (
    "https://sudokupad.app/sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATm"
    "YeasIHYAjOkID2VACziGVAExhxNKABpEhbOjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAW"
    "hoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR0LNsYC2s7TJyYW3QAB3qs3ABuWwYQLNLYwlsAc"
    "0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbqdlMw9YaVbGj0sg0Qdx/QdsFtiz"
    "EcfgBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZdr1CC5CFdprMsd9"
    "aTtenowD8WWMobD4U9CEinrtOTRsASwSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKwVl"
    "0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAXR2AI+DJ2Hw6DIyAIKIDxAIZIW+BR"
    "2GQ6EWKxQS3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTw"
    "gRB9IyeZ6ILc7QEgADy2HE+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGo"
    "ShAC6SjIWhqGYdhOFKHhBEYVhxGEaRxFEZRFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiU"
    "oQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGapcksXQXF8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLi"
    "VhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6VRfpUVGVFJkJV5LleW5XmORlLl"
    "BW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16Wjfpo1GaNJXTc5e"
    "GdW5nXVf1Ln9W5/XVaNLmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk2B"
    "wTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzN"
    "Ao7DaM0Bj8Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z1NQ0L2si2LEtS1j"
    "xts/1v06Yr3Nk6rfMCw7MNO7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtax"
    "nesu5H7t5wXMUW/7Se87bQea47Vfh67Rt5xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/"
    "u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9r870+92zYkN4PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjP"
    "aOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx8I6kK3jJXB1CS5/RocHJm9C4EI"
    "X7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA")


def test_a_public_scl_link_is_read_without_its_drawings(tmp_path):
    text = links.unpacked_text(links.puzzle_id(PARITY_FISH))
    obj = load(text)
    assert obj["metadata"]["title"] == "Parity Fish"
    assert obj["metadata"]["author"] == "Marty Sears"
    assert len(obj["cells"]) == 9 and len(obj["overlays"]) == 21
    assert parse_puzzle(PARITY_FISH).drawings == ["1 background image", "21 overlays"]
    grid, rules = parse_sudokupad(obj)
    assert rules == [] and grid.givens_count() == 0
    # The published solution is a Sudoku grid of these boxes.
    solution = grid.copy([int(ch) for ch in obj["metadata"]["solution"]])
    assert solution.is_complete()
    solution.check_solution(givens=grid)


# ---- writing SudokuPad links --------------------------------------------------------------

@pytest.mark.parametrize("name, prefix", [
    ("killer", "scl"), ("miracle", "scl"), ("jigsaw", "scl"),
    ("thermo", "fpuzzles"), ("xv-negative", "fpuzzles")])
def test_the_sudokupad_output_format_reads_back(name, prefix):
    givens, lines, _ = PUZZLES[name]
    grid = parse_puzzle(givens + "\n" + "\n".join(lines))
    link = write_grid(grid, "sudokupad").strip()
    assert link.startswith("https://sudokupad.app/" + prefix)
    again = parse_puzzle(link)
    assert again.cells == grid.cells
    assert sorted(r.to_line() for r in again.rules) == sorted(lines)


def test_every_rule_scl_states_reads_back():
    text = ("................9..............8...............2.................................\n"
            "killer 9 r1c1 r1c2 r2c2\nkiller r9c8 r9c9\nantiking\nantiknight\n"
            "nonconsecutive\ndiagonal+\nnegative white black\ndisjoint\n"
            "region r1c1 r1c2 r1c3 r2c1 r2c2 r2c3 r3c1 r3c2 r3c3\nrowindexer r5c5\n"
            "columnindexer r6c6\nboxindexer r7c7\n")
    grid = parse_puzzle(text)
    link = write_grid(grid, "sudokupad").strip()
    assert link.startswith("https://sudokupad.app/scl")
    obj = load(links.unpacked_text(links.puzzle_id(link)))
    assert obj["global"] == ["antiking", "antiknight", "nonconsecutive", "antidifference",
                             "antiratio", "disjoint"]
    again = parse_puzzle(link)
    assert sorted(r.to_line() for r in again.rules) == sorted(r.to_line() for r in grid.rules)


def test_sudoku_solve_writes_a_sudokupad_link_of_the_solution(tmp_path):
    path = tmp_path / "killer.txt"
    path.write_text(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES) + "\n")
    done = command("sudoku-solve", "--format", "sudokupad", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("https://sudokupad.app/scl")
    solved = parse_puzzle(done.stdout)
    assert solved.to_line() == KILLER_SOLUTION
    assert [r.to_line() for r in solved.rules] == KILLER_RULES


def test_a_file_of_links_is_one_puzzle_a_line(tmp_path):
    loose = scl(scl_object(KILLER_GIVENS, KILLER_RULES[:-6]))
    path = tmp_path / "links.txt"
    path.write_text("# three SudokuPad links\nhttps://sudokupad.app/%s\n\n%s\n"
                    "https://sudokupad.app/wsj7iunsg6\nhello world\n%s\n"
                    % (scl(KILLER), loose, "ctc" + scl(KILLER)[3:]))
    done = command("sudoku-solve", "--count", "2", path)
    rows = done.stdout.splitlines()
    assert rows[0] == KILLER_SOLUTION + "\t1" and rows[1].endswith("\t2")
    assert rows[2].startswith("error\t") and "links.txt:5: " in rows[2]
    assert "short SudokuPad id" in rows[2]
    assert rows[3].startswith("error\t") and "links.txt:6: 'hello world' is not a puzzle" \
        in rows[3]
    assert rows[4] == KILLER_SOLUTION + "\t1" and len(rows) == 5
    assert done.returncode != 0 and no_traceback(done.stderr)
    grids = [g.line for g in puzzles_from_text("%s\n\n%s\n" % (scl(KILLER), loose))]
    assert grids == [1, 3]


def test_a_link_whose_double_slash_became_one_is_mended():
    # Base64 holds slashes; some servers and chat programs make "//" one "/".
    # (A title of bytes 0xFF... makes the run of one-bits that base64 writes "//".)
    obj = dict(KILLER, metadata={"title": "\xff\xfe\xfd" * 1 + "84"})
    packed = scl(obj)
    assert packed.count("//") == 1
    for text in (packed, packed.replace("//", "/"),
                 "https://sudokupad.app/" + packed.replace("//", "/")):
        grid = parse_puzzle(text)
        assert [rule.to_line() for rule in grid.rules] == KILLER_RULES


@pytest.mark.slow
def test_a_million_empty_slots_take_little_memory():
    import tracemalloc
    text = "{ce:[" + "," * 1_000_000 + "]}"
    tracemalloc.start()
    try:
        obj = unzip(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(obj["cells"]) == 1_000_001
    assert peak < 30_000_000, peak           # one empty object for every slot
    with pytest.raises(PuzzleError, match="'cells': grid size"):
        parse_puzzle("scl" + text)


def test_zipped_json_with_its_first_key_alone_on_a_line_is_detected():
    text = "{\n" + zipped(KILLER)[1:]
    assert detect_format(text) == "sudokupad"
    assert [r.to_line() for r in parse_puzzle(text).rules] == KILLER_RULES


def test_damaged_puzzles_are_puzzle_errors_never_tracebacks():
    import copy
    import random
    rng = random.Random(7)
    base = dict(KILLER, **{"global": ["antiking"], "metadata": {"title": "x"},
                           "lines": [{"wayPoints": [[0, 0], [9, 9]]}]})
    text = zipped(base)
    values = [None, True, 0, -1, 10 ** 9, 1.5, "", "x", "r1c1", [], {}, [0], [0, 0],
              [[0, 0]], [-1, 3], {"value": 1}, [[[0]]], "9" * 30]

    def mutate(obj):
        if isinstance(obj, (dict, list)) and obj:
            key = rng.choice(list(obj)) if isinstance(obj, dict) else rng.randrange(len(obj))
            if rng.random() < 0.5:
                obj[key] = copy.deepcopy(rng.choice(values))
            else:
                mutate(obj[key])
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice("{}[],:'\"tf#0F1-. ")
        obj = copy.deepcopy(base)
        mutate(obj)
        for damaged in ("".join(chars), "scl" + pack("".join(chars)), json.dumps(obj)):
            try:
                parse_puzzle(damaged)
            except PuzzleError:
                pass


# ---- SudokuPad's classic codes: scf and classic ------------------------------------------

SCF_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
RUNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz()[]-.~:@!$&'*,;=_"


def scf_code(givens):
    """Each digit (0 a blank) with up to five blanks after it, as one character."""
    digits = givens.replace(".", "0")
    return "".join(SCF_CHARS[int(m[0]) + 10 * (len(m) - 1)]
                   for m in re.findall(r".0{0,5}", digits))


def classic1_code(givens):
    """Digits as they are, each run of blanks as one character."""
    return "".join(m if m[0] != "." else RUNS[len(m)]
                   for m in re.findall(r"[1-9]|\.+", givens))


def test_scf_links_are_read_and_solved():
    from support import INKALA, INKALA_SOLUTION
    code = scf_code(INKALA)
    assert detect_format("scf" + code) == "sudokupad"
    done = command("sudoku-solve", "--count", "2",
                   input="https://sudokupad.app/scf%s\nscf%s*tA **star** title*aMe*\n"
                   % (code, code))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (INKALA_SOLUTION + "\t1\n") * 2
    code = scf_code("1" + "." * 79 + "2")
    grid = parse_puzzle("scf" + code + "xw")           # rules right after the 81 cells
    assert grid.to_line() == "1" + "." * 79 + "2"
    assert [r.to_line() for r in grid.rules] == ["diagonals", "windoku"]
    assert [r.to_line() for r in parse_puzzle("scf" + code + "*tx*w").rules] == ["windoku"]


def test_classic_codes_of_both_versions():
    from support import INKALA, SMALL4
    for code in (classic1_code(INKALA), scf_code(INKALA)):
        assert parse_puzzle("classic" + code).to_line() == INKALA
    assert parse_puzzle("https://sudokupad.app/classic" + classic1_code(SMALL4)
                        ).to_line() == SMALL4


def test_a_link_with_drawings_is_solved_without_them_with_one_note(tmp_path):
    """Each puzzle line with drawings gets its note naming its line; the answers and the
    exit code are those of the puzzles without the drawings; --strict-drawings refuses
    those puzzles alone."""
    drawn = scl(dict(KILLER, lines=[{"wayPoints": [[0.5, 0.5], [1.5, 1.5]]}],
                     overlays=[{"center": [1, 1.5]}] * 2))
    path = tmp_path / "links.txt"
    path.write_text("%s\n%s\n" % (scl(KILLER), drawn))
    done = command("sudoku-solve", "--count", "2", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [KILLER_SOLUTION + "\t1"] * 2
    assert done.stderr.splitlines() == [
        "sudoku-solve: %s:2: ignored drawings whose meaning only the rules text states: "
        "1 line, 2 overlays (use --strict-drawings to refuse)" % path]
    done = command("sudoku-solve", "--strict-drawings", path)
    assert done.returncode == 9 and no_traceback(done.stderr)
    assert done.stdout.splitlines()[0] == KILLER_SOLUTION
    assert done.stdout.splitlines()[1].startswith("error\t%s:2: drawings whose" % path)
