"""Every output format that holds a puzzle is read back to the same puzzle.

One table over all writers x readers: each writer's text, for grids of 4x4 to 25x25 in
the default, hex and numbers notations, with and without rules, is read back by
detection and by every reader named with ``-f``. Detection and the readers the table
names must give the same givens, size, box or regions, rules and notation; every other
reader must give the same puzzle or refuse (an error), never a different puzzle.
"""
import json
import random
import re
import tempfile

import pytest

from dimacs_sudoku import formats
from dimacs_sudoku.errors import PuzzleError, UsageError
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import default_box
from dimacs_sudoku.rules.registry import with_rule_lines

from support import in_process as command, pattern_solution, shell

# Pictures are drawings of a grid, not a puzzle text: no reader takes them back.
PICTURES = {"svg", "html", "html-page"}
# The pencil-mark forms write a puzzle's candidates, whose givens each form defines
# its own way: tests/unit/test_pencilmarks.py round-trips them.
PENCIL_MARKS = {"pencilmarks", "tdoku", "explainer", "explainer-list", "hodoku",
                "hodoku-library", "rangsk"}

# Each writer that holds a puzzle, and the readers (-f NAME) that must read its text
# back to the same puzzle, besides detection.
READ_BY = {
    "line": {"line", "csv"},
    "grid": {"grid", "euler"},
    "numbers": {"numbers", "grid", "table", "euler"},
    "table": {"table", "numbers", "grid", "euler"},
    "euler": {"euler", "grid"},
    "triples": {"triples"},
    "json": {"json"},
    "variant": {"grid"},
    "fpuzzles": {"fpuzzles"},
    "sudokupad": {"sudokupad"},
}
READERS = {"line", "grid", "numbers", "table", "triples", "csv", "euler", "fpuzzles",
           "sudokupad", "json", "pencilmarks"}

# The writers that state a puzzle's rules; the others refuse a puzzle with rules.
STATES_RULES = {"json", "variant", "fpuzzles", "sudokupad"}

# Sizes a writer holds by design (the others: every size of the table).
SIZES = (4, 6, 9, 12, 16, 25)
ONLY_SIZES = {"triples": (9,)}          # hints rcd are one digit each

# Writers whose format has a notation of its own: the numbers of `numbers` and the
# sudokusat2019 table (numbers above 9x9), the digits of f-puzzles and SudokuPad.
OWN_NOTATION = {"numbers": "numbers", "table": "numbers", "fpuzzles": None,
                "sudokupad": None}

# Readers of numbers, where 0 is a blank. A hex grid (0 = digit 1) forced through them
# is read as another puzzle, without a word (0 blank, A-F as 10-15): a defect of the
# rows reader (the input part of issue 26), left out of the table until it refuses.
NOT_FOR_HEX = {"numbers", "table"}

RULES = ("none", "some", "jigsaw")

# Writers whose outputs are read back one puzzle a file for now: a file of several
# f-puzzles or SudokuPad puzzles is read as its first one (issue 26, the input part).
ONE_PUZZLE_A_FILE = {"fpuzzles", "sudokupad"}


def notations(n):
    # Up to 9x9 the numbers notation writes the same text as the default one.
    return [None] + (["hex"] if n == 16 else []) + (["numbers"] if n > 9 else [])


def _jigsaw(n, box, cells):
    """A jigsaw rule line (the first box gives its top right cell to the second box
    and takes that box's bottom left cell), and the givens with those that clash in
    its regions blanked."""
    br, bc = box
    labels = [[(r // br) * (n // bc) + c // bc for c in range(n)] for r in range(n)]
    labels[0][bc - 1], labels[br - 1][bc] = 1, 0
    seen = {}
    cells = list(cells)
    for k, d in enumerate(cells):
        region = labels[k // n][k % n]
        if d in seen.setdefault(region, set()):
            cells[k] = 0
        elif d:
            seen[region].add(d)
    alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "jigsaw " + " ".join("".join(alphabet[x] for x in row) for row in labels), cells


def puzzle(n, symbols, rules):
    """A puzzle of size ``n`` with about a third of its cells given, in ``symbols``,
    with no rules, a few rules that its solution obeys, or jigsaw regions."""
    box = default_box(n)
    solution = pattern_solution(n, box, random.Random(n))
    # A third of the cells, which hold every digit (a hex grid's 0 tells it from 1-9A-G).
    cells = [d if k % 3 == 0 else 0 for k, d in enumerate(solution)]
    lines = []
    if rules == "some":
        a, b = solution[n], solution[n + 1]
        first, second = sorted(("r1c1", "r1c2"), key=lambda c: solution[int(c[3]) - 1])
        lines = ["thermo %s %s" % (first, second), "killer %d r2c1 r2c2" % (a + b),
                 "white %d r2c2 r3c2" % abs(solution[n + 1] - solution[2 * n + 1])]
    elif rules == "jigsaw":
        line, cells = _jigsaw(n, box, cells)
        lines = [line]
    grid = Grid(cells, size=n, box=box, symbols=symbols)
    if lines:
        grid = with_rule_lines(grid, [(None, line) for line in lines])
    return grid


def shape(grid, notation=True):
    """What a round trip keeps: size, givens, box, regions, rules and notation."""
    regions = grid.layout.regions
    return {"size": grid.size, "cells": grid.cells, "box": grid.layout.box,
            "regions": None if regions is None else sorted(tuple(c) for _, c in regions),
            "rules": sorted(rule.to_line() for rule in grid.rules),
            **({"symbols": grid.symbols} if notation else {})}


def expected(grid, writer):
    want = shape(grid)
    symbols = OWN_NOTATION.get(writer, grid.symbols)
    want["symbols"] = None if symbols == "numbers" and grid.size <= 9 else symbols
    return want


def cases():
    for n in SIZES:
        for symbols in notations(n):
            for rules in RULES:
                yield n, symbols, rules


def read_back(text, reader):
    try:
        return formats.puzzles_from_text(text, fmt=reader)
    except (PuzzleError, UsageError):
        return None


def test_the_table_covers_every_writer_and_reader():
    assert set(formats.OUTPUT_FORMATS) == set(READ_BY) | PICTURES | PENCIL_MARKS
    assert set(formats.FORMATS) == READERS
    assert set(formats.RULE_WRITERS) - PICTURES == STATES_RULES
    assert all(readers <= READERS for readers in READ_BY.values())


@pytest.mark.parametrize("writer", sorted(READ_BY))
def test_each_writer_is_read_back(writer):
    tested = set()
    for n, symbols, rules in cases():
        if n not in ONLY_SIZES.get(writer, SIZES):
            with pytest.raises(UsageError):
                formats.write_grid(puzzle(n, symbols, "none"), writer)
            continue
        grid = puzzle(n, symbols, rules)
        if rules != "none" and writer not in STATES_RULES:
            with pytest.raises(UsageError, match="cannot state a puzzle's rules"):
                formats.write_grid(grid, writer)
            continue
        text = formats.write_grid(grid, writer)
        want = expected(grid, writer)
        case = (writer, n, symbols, rules)
        back = read_back(text, None)
        assert back is not None and [shape(g) for g in back] == [want], (case, text[:200])
        tested.add((writer, "detected"))
        for reader in sorted(READERS):
            if symbols == "hex" and reader in NOT_FOR_HEX:
                tested.add((writer, reader))
                continue
            back = read_back(text, reader)
            if reader in READ_BY[writer]:
                assert back is not None, (case, reader)
                assert [shape(g) for g in back] == [want], (case, reader, text[:200])
            elif back is not None:
                # Never a different puzzle: the same one, or an error. (A reader forced
                # on another format's text speaks its own notation: numbers for -f
                # numbers.)
                assert [shape(g, False) for g in back] == [shape(grid, False)], (
                    case, reader, text[:200])
            tested.add((writer, reader))
    assert tested == {(writer, reader) for reader in READERS | {"detected"}}


@pytest.mark.parametrize("writer", sorted(set(READ_BY) - ONE_PUZZLE_A_FILE))
def test_two_puzzles_in_one_output_are_read_back(writer):
    """Two puzzles written as the commands write them (a blank line between the grids
    of a multi-line format) are read back as two."""
    grids = [puzzle(9, None, "some" if writer in STATES_RULES else "none"),
             puzzle(9, None, "jigsaw" if writer in STATES_RULES else "none")]
    grids[1].cells[3] = 0
    between = "\n" if writer in formats.MULTILINE else ""
    text = between.join(formats.write_grid(g, writer) for g in grids)
    assert [shape(g) for g in formats.puzzles_from_text(text)] == [
        expected(g, writer) for g in grids]


def test_a_solution_with_rules_is_written_in_any_format():
    """A complete grid's digits are the answer: the formats that cannot state rules
    write a solution of a variant puzzle (a puzzle with blanks they refuse)."""
    grid = puzzle(9, None, "some")
    solution = grid.copy(pattern_solution(9, (3, 3), random.Random(9)))
    for writer in sorted(set(READ_BY) - STATES_RULES):
        assert formats.write_grid(solution, writer)
        with pytest.raises(UsageError):
            formats.write_grid(grid, writer)
        with pytest.raises(UsageError):
            formats.write_grid(grid.copy([0] * 81), writer, givens=grid)


# ---- through the commands -------------------------------------------------------------

GEN = "sudoku-gen -c 2 --seed 7 --size 6 --rule 'thermo r1c1 r1c2 r1c3' "


@pytest.mark.slow
@pytest.mark.parametrize("writer", sorted(STATES_RULES))
def test_generated_variant_puzzles_solve_back(writer):
    """sudoku-gen -F X | sudoku-solve: the rules travel, so each puzzle is unique."""
    gen = GEN.replace("-c 2", "-c 1") if writer in ONE_PUZZLE_A_FILE else GEN
    solved = shell(gen + "-F json | sudoku-solve --count 2 -F line").stdout.splitlines()
    reader = sorted(READ_BY[writer])[0]
    for read in ("", "-f %s " % reader):
        result = shell(gen + "-F %s | sudoku-solve --count 2 %s-F line" % (writer, read))
        assert result.returncode == 0, result.stderr
        assert result.stdout.splitlines() == solved[:len(result.stdout.splitlines())]
        assert [line.split("\t")[1] for line in result.stdout.splitlines()] == \
            ["1"] * (1 if gen != GEN else 2)


@pytest.mark.parametrize("writer", ["line", "grid", "numbers", "table", "euler", "triples"])
def test_sudoku_gen_refuses_a_format_without_rules(writer):
    result = command("sudoku-gen", "-c", 1, "--seed", 5, "--rule", "thermo r1c1 r1c2 r1c3",
                     "-F", writer)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "sudoku-gen: --format %s cannot state a puzzle's rules (thermo): use variant, "
        "fpuzzles, sudokupad or json" % writer]


def test_sudoku_gen_full_grids_with_rules_in_line():
    """--full grids are complete: their digits need no rules."""
    result = command("sudoku-gen", "-c", 1, "--seed", 5, "--full", "--rule", "antiknight",
                     "-F", "line")
    assert result.returncode == 0 and len(result.stdout.strip()) == 81


@pytest.mark.slow
def test_json_of_every_command_reads_back():
    """sudoku-gen -F json, sudoku-solve -F json: read by sudoku-solve."""
    script = ("sudoku-gen -c 3 --seed 5 -F json > g.json && sudoku-solve --count 2 g.json"
              " && sudoku-solve -F json g.json | sudoku-solve --count 2")
    with tempfile.TemporaryDirectory() as folder:
        result = shell(script, cwd=folder)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 6 and lines[:3] == lines[3:]
    assert all(line.endswith("\t1") for line in lines)


@pytest.mark.slow
def test_sudoku_grade_keeps_the_rules():
    """A variant puzzle's column is its json object, which sudoku-solve reads back."""
    result = shell("sudoku-gen -c 1 --seed 5 --rule 'thermo r1c1 r1c2 r1c3' | sudoku-grade"
                   " | sudoku-solve --count 2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("\t1\n")
    graded = shell("sudoku-gen -c 1 --seed 5 --rule 'thermo r1c1 r1c2 r1c3' | sudoku-grade")
    obj = json.loads(graded.stdout.split("\t")[0])
    assert obj["rules"] == ["thermo r1c1 r1c2 r1c3"]


def test_json_errors_name_the_line_and_key():
    text = formats.write_grid(puzzle(4, None, "none"), "json")
    obj = json.loads(text)
    obj["grid"][0][0] = 7
    bad = json.dumps(obj)
    items = list(formats.read_puzzles_lenient([text, bad, text], "p.json"))
    assert [type(item).__name__ for item in items] == ["Grid", "PuzzleError", "Grid"]
    assert str(items[1]) == "p.json:2: 'grid' holds 7, not a number 0..4"
    for key, value, message in (("box", [3, 3], "'box' must be [R, C] with R*C = 4"),
                                ("size", 1e400, "'size' must be a number 1..400"),
                                ("rules", "antiknight", "'rules' must be a list"),
                                ("symbols", "hex", "'symbols': hex (0-F) is for 16x16")):
        obj = json.loads(text)
        obj[key] = value
        with pytest.raises(PuzzleError, match=re.escape("p.json:1: " + message)):
            list(formats.read_puzzles([json.dumps(obj)], "p.json"))


def test_json_is_told_from_fpuzzles_json():
    fpuzzles = formats.write_grid(puzzle(4, None, "some"), "fpuzzles")
    ours = formats.write_grid(puzzle(4, None, "some"), "json")
    assert formats.detect_format(fpuzzles) == "fpuzzles"
    assert formats.detect_format(ours) == "json"


def test_json_speaks_the_notation_asked_for():
    """--symbols hex with -F json: the object says hex, and reads back in hex."""
    grid = puzzle(16, None, "none")
    text = formats.write_grid(grid, "json", symbols="hex")
    assert json.loads(text)["symbols"] == "hex"
    assert formats.parse_puzzle(text).symbols == "hex"


@pytest.mark.parametrize("writer", ["line", "grid", "variant", "euler", "json", "numbers"])
def test_a_hex_puzzle_without_a_0_reads_back_as_the_same_digits(writer):
    """Hex text is told from 1-9A-G by its 0 (the digit 1): a hex puzzle with no 1
    given is written in 1-9A-G by the formats read that way, never as a text that reads
    back as other digits."""
    cells = [0] * 256
    cells[0], cells[20], cells[40] = 2, 5, 16
    grid = Grid(cells, size=16, symbols="hex")
    back = formats.parse_puzzle(formats.write_grid(grid, writer))
    assert back.cells == cells
    assert back.symbols == {"json": "hex", "numbers": "numbers"}.get(writer)
    assert formats.parse_puzzle(formats.write_grid(grid.copy([1] + cells[1:]), writer)
                                ).symbols == {"numbers": "numbers"}.get(writer, "hex")


@pytest.mark.slow
@pytest.mark.parametrize("writer", ["line", "grid", "numbers", "table", "euler", "triples",
                                    "json", "variant"])
def test_generated_classic_puzzles_solve_back(writer):
    """sudoku-gen -F X | sudoku-solve, two puzzles in one output."""
    gen = "sudoku-gen -c 2 --seed 3 "
    solved = shell(gen + "-F line | sudoku-solve --count 2").stdout
    result = shell(gen + "-F %s | sudoku-solve --count 2" % writer)
    assert result.returncode == 0, result.stderr
    assert result.stdout == solved and solved.count("\t1\n") == 2
