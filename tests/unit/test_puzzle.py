"""Puzzle reading: every format, detection, messages, streaming."""

import io
import math
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dimacs_sudoku.errors import PuzzleError, UsageError
from dimacs_sudoku.core.grid import SYMBOLS, Grid
from dimacs_sudoku.formats import (FORMATS, detect_format, parse_puzzle, read_puzzles,
                                  read_puzzles_lenient)

INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
SMALL4 = "1..4" "4..." "...3" "3..1"
SMALL4_CELLS = [1, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1]


def values(line):
    """Cells of a 1-9A-Z line, '.' blank."""
    return [0 if ch == "." else SYMBOLS.index(ch.upper()) + 1 for ch in line]


def read(text, **options):
    return list(read_puzzles(io.StringIO(text), "p.txt", **options))


def random_cells(size, seed, density=0.4):
    rng = random.Random(seed)
    return [rng.randint(1, size) if rng.random() < density else 0 for _ in range(size * size)]


# ---- line -------------------------------------------------------------------

def test_line_4x4_and_9x9():
    g = parse_puzzle(SMALL4)
    assert (g.size, g.layout.box, g.cells) == (4, (2, 2), SMALL4_CELLS)
    g = parse_puzzle(INKALA)
    assert (g.size, g.cells) == (9, values(INKALA))
    assert parse_puzzle(INKALA.replace(".", "0")).cells == g.cells
    for blank in "*_-":
        assert parse_puzzle(INKALA.replace(".", blank)).cells == g.cells


def test_line_6x6_default_and_forced_box():
    line = "123456" + "." * 24 + "654321"
    g = parse_puzzle(line)
    assert (g.size, g.layout.box, g.cells[:6]) == (6, (2, 3), [1, 2, 3, 4, 5, 6])
    assert parse_puzzle(line, box=(3, 2)).layout.box == (3, 2)
    assert parse_puzzle(line, box="3x2").layout.box == (3, 2)


def test_line_8x8_16x16_25x25():
    cells = random_cells(8, 1)
    assert parse_puzzle(Grid(cells, size=8).to_line()).layout.box == (2, 4)
    for size in (16, 25):
        cells = random_cells(size, size)
        line = Grid(cells, size=size).to_line()
        assert parse_puzzle(line).cells == cells
        assert parse_puzzle(line.lower()).cells == cells


def test_line_16x16_hex_convention():
    cells = random_cells(16, 7)
    hex_line = "".join("0123456789ABCDEF"[v - 1] if v else "." for v in cells)
    assert "0" in hex_line and "G" not in hex_line
    assert parse_puzzle(hex_line).cells == cells
    assert parse_puzzle(hex_line.lower()).cells == cells
    # The same cells in the 1-9A-G convention, with '0' for blanks.
    plain = "".join(SYMBOLS[v - 1] if v else "0" for v in cells)
    assert parse_puzzle(plain).cells == cells
    # A full hex grid: no blanks, every symbol 16 times.
    full = [(r * 4 + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    assert parse_puzzle("".join("0123456789ABCDEF"[v - 1] for v in full)).cells == full


def test_line_16x16_ambiguous_prefers_1_to_g():
    # A '0', no 'G' and no other blank symbol: '0' is a blank and A-F are 10-15.
    line = "1234567890ABCDEF" + "0" * 240
    assert parse_puzzle(line).cells[:16] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 10, 11, 12, 13,
                                             14, 15]


def test_line_spaced_and_numbers_on_one_line():
    assert parse_puzzle(" ".join(SMALL4)).cells == SMALL4_CELLS
    cells = random_cells(36, 3)
    assert parse_puzzle(" ".join(map(str, cells))).cells == cells
    assert parse_puzzle(Grid(cells, size=36).to_line()).cells == cells


def test_line_trailing_fields():
    text = INKALA + "  ED=11.0/11.0/11.0\n" + INKALA + ",solution\n" + INKALA + "\t# x\n"
    assert [g.cells for g in read(text)] == [values(INKALA)] * 3


@pytest.mark.parametrize("text", [
    "# comment\n" + INKALA + "\n\n" + INKALA + "\n",
    "\ufeff" + INKALA + "\r\n" + INKALA + "\r\n",
    INKALA + " \t\n   \n" + INKALA,
    "\ufeff# BOM then comment\r\n\r\n" + INKALA + "\t\r\n#\n" + INKALA,
])
def test_line_file_noise(text):
    grids = read(text)
    assert [g.cells for g in grids] == [values(INKALA)] * 2
    assert all(g.source == "p.txt" for g in grids)
    lines = text.lstrip("\ufeff").split("\n")
    assert [g.line for g in grids] == [i + 1 for i, s in enumerate(lines)
                                       if s.strip().startswith(INKALA[:9])]


def test_many_4x4_lines_are_not_a_16x16_grid():
    text = "".join(Grid(random_cells(4, i), size=4).to_line() + "\n" for i in range(20))
    assert detect_format(text) == "line"
    assert len(read(text)) == 20


# ---- grid -------------------------------------------------------------------

SDK = """#A Arto Inkala
#D the hardest?
8........
..36.....
.7..9.2..
.5...7...
....457..
...1...3.
..1....68
..85...1.
.9....4..
"""

PRETTY = """
8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . .
"""


def test_grid_sdk_and_pretty():
    g = read(SDK)
    assert [(x.cells, x.line) for x in g] == [(values(INKALA), 3)]
    g = read(PRETTY)
    assert [(x.cells, x.line, x.layout.box) for x in g] == [(values(INKALA), 2, (3, 3))]
    assert detect_format(SDK) == detect_format(PRETTY) == "grid"


def test_grid_several_consecutive_and_separated():
    sdk = SDK.split("\n", 2)[2]
    grids = read(SDK + sdk + "\n\n" + PRETTY + PRETTY.replace("8 .", "7 ."))
    assert [g.line for g in grids] == [3, 12, 24, 36]
    assert grids[3].cells[0] == 7 and grids[2].cells == values(INKALA)


def test_grid_ss_borders_and_old_mac_line_ends():
    ss = ("*-----------*\n|8..|...|...|\n|..3|6..|...|\n|.7.|.9.|2..|\n|---+---+---|\n"
          "|.5.|..7|...|\n|...|.45|7..|\n|...|1..|.3.|\n|---+---+---|\n"
          "|..1|...|.68|\n|..8|5..|.1.|\n|.9.|...|4..|\n*-----------*\n")
    assert [(g.cells, g.line) for g in read(ss)] == [(values(INKALA), 2)]
    assert [(g.cells, g.line) for g in read(ss.replace("\n", "\r"))] == [(values(INKALA), 2)]
    error = pytest.raises(PuzzleError, read, SDK.replace("\n", "\r").replace("..85", "..8x")).value
    assert str(error).startswith("p.txt:10: bad symbol 'x' in column 4")


def test_grid_box_from_separators():
    grid = Grid([1, 2, 3, 4, 5, 6] + [0] * 30, size=6, box=(3, 2))
    text = grid.to_text()
    assert "| 1 2 | 3 4 | 5 6 |" in text
    assert parse_puzzle(text).layout.box == (3, 2)
    assert parse_puzzle(text, size=6).layout.box == (3, 2)
    assert parse_puzzle(text, box=(2, 3)).layout.box == (2, 3)  # the option wins
    assert parse_puzzle(Grid.empty(6).to_text()).layout.box == (2, 3)


def test_grid_16x16_hex_rows():
    cells = random_cells(16, 11)
    rows = ["".join("0123456789ABCDEF"[v - 1] if v else "." for v in cells[r * 16:r * 16 + 16])
            for r in range(16)]
    assert parse_puzzle("\n".join(rows)).cells == cells


def test_grid_grouped_digits():
    text = "\n".join(["123 456 789", "456 789 123", "789 123 456"] * 3)
    assert detect_format(text) == "grid"
    assert parse_puzzle(text).cells[:10] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 4]


# ---- numbers ----------------------------------------------------------------

def test_numbers_4x4_and_16x16():
    g = parse_puzzle("0 2 0 1\n0 0 0 0\n0 0 0 0\n4 0 2 0\n")
    assert (g.size, g.cells[:4], g.cells[12:]) == (4, [0, 2, 0, 1], [4, 0, 2, 0])
    cells = random_cells(16, 5)
    text = "\n".join(" ".join("%2d" % v for v in cells[r * 16:(r + 1) * 16]) for r in range(16))
    assert detect_format(text) == "numbers"
    assert parse_puzzle(text).cells == cells
    dotted = text.replace(" 0", " .")
    assert parse_puzzle(dotted).cells == cells


def test_numbers_first_row_all_blank():
    cells = [0] * 64 + random_cells(64, 9)[64:]
    text = "\n".join(" ".join("%2s" % (v or ".") for v in cells[r * 64:(r + 1) * 64])
                     for r in range(64))
    assert parse_puzzle(text).cells == cells


def test_numbers_big_grid_round_trip():
    cells = random_cells(36, 4)
    grid = Grid(cells, size=36)
    assert parse_puzzle(grid.to_text()).cells == cells
    assert parse_puzzle(grid.to_text(), fmt="grid").cells == cells


# ---- table ------------------------------------------------------------------

TABLE = """experiment: 2x2
number of tasks: 2
task: 1
puzzle size: 2x2
+-------+-------+
|  1 __ | __  4 |
|  4 __ | __ __ |
+-------+-------+
| __ __ | __  3 |
|  3 __ | __  1 |
+-------+-------+


task: 2
puzzle size: 3x3
+-------+-------+-------+
| _ _ _ | 9 8 _ | _ _ _ |
| 1 _ _ | _ 4 _ | _ 3 _ |
| 3 _ 8 | _ _ _ | 2 _ _ |
+-------+-------+-------+
| _ _ _ | _ _ _ | 8 2 3 |
| 2 _ _ | _ _ _ | _ _ 9 |
| _ _ _ | 4 _ 1 | _ _ _ |
+-------+-------+-------+
| _ _ 5 | _ _ _ | _ 6 _ |
| _ 8 _ | _ _ 6 | _ _ 7 |
| _ 7 _ | _ _ _ | 1 _ 2 |
+-------+-------+-------+
"""


def test_table():
    assert detect_format(TABLE) == "table"
    a, b = read(TABLE)
    assert (a.size, a.cells, a.line) == (4, SMALL4_CELLS, 1)
    assert (b.size, b.layout.box, b.line, b.cells[3:5]) == (9, (3, 3), 14, [9, 8])


def test_table_16x16_two_digit_cells():
    cells = random_cells(16, 8)
    rows = []
    for r in range(16):
        row = cells[r * 16:(r + 1) * 16]
        rows.append("| " + " | ".join(" ".join("%2s" % (v or "__") for v in row[b:b + 4])
                                       for b in range(0, 16, 4)) + " |")
    text = "task: 1\npuzzle size: 4x4\n" + "\n".join(rows) + "\n"
    g = parse_puzzle(text)
    assert (g.size, g.cells) == (16, cells)


# ---- triples ----------------------------------------------------------------

def test_triples():
    text = "114 147 156\n215 224 299\n\n# another\n911 999\n"
    assert detect_format(text) == "triples"
    a, b = read(text)
    assert (a.size, a.line, b.line) == (9, 1, 5)
    assert (a[0, 0], a[0, 3], a[0, 4], a[1, 0], a[1, 1], a[1, 8]) == (4, 7, 6, 5, 4, 9)
    assert a.givens_count() == 6 and (b[8, 0], b[8, 8]) == (1, 9)
    assert read("114 114")[0].givens_count() == 1  # a repeated hint is fine


# ---- errors -----------------------------------------------------------------

BAD_ROW = INKALA[:6] + "x" + INKALA[7:]

BAD = [
    (BAD_ROW, {}, 1, "bad symbol 'x' in column 7"),
    ("# c\n" + INKALA + "\n" + INKALA[:80] + "\n", {}, 3, "80 cells, a 9x9 grid needs 81"),
    (INKALA + "9", {}, 1, "82 cells, a 9x9 grid needs 81"),
    ("1.7." + "." * 12, {}, 1, "digit 7 in column 3 is out of range for a 4x4 grid (1-4)"),
    ("A" + INKALA[1:], {}, 1, "bad symbol 'A' in column 1 (a 9x9 grid uses 1-9)"),
    ("   " + INKALA[:5] + "\u00b7" + INKALA[6:], {}, 1, "bad symbol '\u00b7' in column 9"),
    ("." * 49, {}, 1, "7x7 grid has no box shape"),
    (INKALA, {"size": 4}, 1, "81 cells, a 4x4 grid needs 16"),
    (SMALL4, {"size": 9}, 1, "16 cells, a 9x9 grid needs 81"),
    ("\n".join(SDK.splitlines()[:9]), {}, 3, "a 9x9 grid needs 9 rows, found 7 before the end"),
    ("\n\n" + "\n".join(SDK.splitlines()[2:6] + [""] + SDK.splitlines()[6:]), {}, 3,
     "a 9x9 grid needs 9 rows, found 4 before the blank line at line 7"),
    (SDK.replace("..36.....", "..36...."), {}, 4, "row 2 has 8 cells, a 9x9 grid needs 9"),
    (SDK.replace(".7..9.2..", ".7..9.2.x"), {}, 5, "bad symbol 'x' in column 9"),
    (PRETTY.replace(". . 8 | 5", ". . 8 | Z"), {}, 11, "bad symbol 'Z' in column 9"),
    ("0 2 0 1\n0 0 0 0\n0 0 x 0\n4 0 2 0\n", {}, 3, "bad symbol 'x' in column 5"),
    ("0 12 0 1\n0 0 0 0\n0 0 0 0\n4 0 2 0\n", {"fmt": "numbers"}, 1,
     "number 12 in column 3 is out of range for a 4x4 grid (1-4)"),
    ("1 2\n3 4 x\n", {"fmt": "numbers"}, 2, "row 2 has 3 cells, a 2x2 grid needs 2"),
    ("0 2 0 1\n0 0 0 0\n0 0 0 0\n4 0 ? 0\n", {"fmt": "numbers"}, 4,
     "bad number '?' in column 5"),
    (TABLE.replace("puzzle size: 2x2", "puzzle size: big"), {}, 4,
     "cannot read the puzzle size 'big'"),
    (TABLE.replace("|  3 __ | __  1 |", "|  3 __ | __  7 |"), {}, 10,
     "number 7 in column 15 is out of range for a 4x4 grid (1-4)"),
    (TABLE.split("\n\n\n")[1], {"size": 16}, 2, "puzzle size 3x3 means a 9x9 grid, not 16x16"),
    ("114 147\n211 115 999\n", {}, 2,
     "hint 115 in column 5 gives r1c1 digit 5, but hint 114 on line 1 gave 4"),
    ("114 147\n211 1x5\n", {"fmt": "triples"}, 2, "bad hint '1x5' in column 5"),
    ("114 147\n211 105\n", {"fmt": "triples"}, 2, "bad hint '105' in column 5"),
]


@pytest.mark.parametrize("text, options, line, message", BAD)
def test_bad_input(text, options, line, message):
    with pytest.raises(PuzzleError) as caught:
        read(text, **options)
    error = caught.value
    assert (error.source, error.line) == ("p.txt", line)
    assert str(error).startswith("p.txt:%d: " % line)
    assert message in str(error)


@pytest.mark.parametrize("options, message", [
    ({"fmt": "xml"}, "unknown puzzle format 'xml'"),
    ({"size": 9, "box": (2, 3)}, "box 2x3 does not fit a 9x9 grid"),
    ({"box": "3by3"}, "--box takes RxC"),
    ({"fmt": "triples", "size": 4}, "triples are for 9x9 grids only"),
    ({"fmt": "triples", "box": (2, 3)}, "triples are for 9x9 grids only"),
    ({"size": 0}, "grid size must be a positive number"),
])
def test_bad_options(options, message):
    with pytest.raises(UsageError, match=re.escape(message)):
        read_puzzles(io.StringIO(INKALA), "p.txt", **options)  # raised before reading


@pytest.mark.parametrize("text", [SMALL4, SDK, TABLE])
def test_box_that_does_not_fit_the_puzzle(text):
    # A box alone does not set the size; one that does not fit is a usage error.
    with pytest.raises(UsageError, match=r"p.txt:\d+: box 2x3 does not fit a (4x4|9x9) grid"):
        read(text, box=(2, 3))


def test_formats_forced():
    assert FORMATS == ("line", "grid", "numbers", "table", "triples", "csv", "euler",
                       "fpuzzles", "sudokupad", "json", "pencilmarks")
    assert parse_puzzle(SMALL4, fmt="line").cells == SMALL4_CELLS
    with pytest.raises(PuzzleError, match="grid needs 16 rows, found 1"):
        parse_puzzle(SMALL4, fmt="grid")
    assert parse_puzzle("1 . . 4\n4 . . .\n. . . 3\n3 . . 1", fmt="numbers").cells == SMALL4_CELLS
    assert parse_puzzle("114", fmt="triples").givens_count() == 1


def test_parse_puzzle_needs_exactly_one():
    with pytest.raises(PuzzleError, match="no puzzle found"):
        parse_puzzle("# nothing\n\n")
    with pytest.raises(PuzzleError, match="another starts at line 3") as caught:
        parse_puzzle(SMALL4 + "\n\n" + SMALL4, source="q", line=1)
    assert str(caught.value).startswith("q:1: ")
    error = pytest.raises(PuzzleError, parse_puzzle, BAD_ROW, source="batch", line=40).value
    assert str(error).startswith("batch:40: bad symbol 'x'")


def test_grid_from_line():
    g = Grid.from_line(SMALL4)
    assert (g.cells, g.layout.box) == (SMALL4_CELLS, (2, 2))
    assert Grid.from_line("123456" + "." * 30, box=(3, 2)).layout.box == (3, 2)
    with pytest.raises(PuzzleError, match="15 cells, a 4x4 grid needs 16"):
        Grid.from_line(SMALL4[:-1])


# ---- lenient and streaming ---------------------------------------------------

def test_lenient_lines():
    text = "\n".join([INKALA, BAD_ROW, INKALA[:80], SMALL4, INKALA]) + "\n"
    results = list(read_puzzles_lenient(io.StringIO(text), "p.txt"))
    assert [type(r).__name__ for r in results] == ["Grid", "PuzzleError", "PuzzleError",
                                                   "Grid", "Grid"]
    assert [r.line for r in results] == [1, 2, 3, 4, 5]
    assert "bad symbol 'x' in column 7" in str(results[1])


def test_lenient_grids_resynchronize():
    body = SDK.split("\n", 2)[2]
    bad_cell = body.replace("..36.....", "..36..?..")
    short_row = body.replace(".7..9.2..", ".7..9.2.")
    truncated = "\n".join(body.splitlines()[:5]) + "\n\n"
    text = body + bad_cell + short_row + body + truncated + body
    results = list(read_puzzles_lenient(io.StringIO(text), "p.txt"))
    assert [type(r).__name__ for r in results] == ["Grid", "PuzzleError", "PuzzleError",
                                                   "Grid", "PuzzleError", "Grid"]
    assert [r.line for r in results] == [1, 11, 21, 28, 37, 43]
    with pytest.raises(PuzzleError):
        list(read_puzzles(io.StringIO(text), "p.txt"))


def test_streaming_reads_only_what_it_needs():
    consumed = []

    def lines(count, chunk):
        for _ in range(count):
            for line in chunk:
                consumed.append(line)
                yield line

    first = next(read_puzzles(lines(10 ** 6, [INKALA + "\n"]), "big"))
    assert first.line == 1 and len(consumed) <= 20
    consumed.clear()
    reader = read_puzzles(lines(10 ** 5, SDK.split("\n", 2)[2].splitlines(True)), "big")
    next(reader)
    next(reader)
    assert len(consumed) <= 3 * 9


# ---- round trips --------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from([(4, None), (6, None), (6, (3, 2)), (9, None), (16, None),
                              (25, None)]),
       seed=st.integers(0, 2 ** 32), density=st.floats(0, 1))
def test_round_trip(shape, seed, density):
    size, box = shape
    grid = Grid(random_cells(size, seed, density), size=size, box=box)
    assert parse_puzzle(grid.to_line(), box=box).cells == grid.cells
    back = parse_puzzle(grid.to_text())
    assert (back.cells, back.layout.box) == (grid.cells, grid.layout.box)
    assert parse_puzzle(grid.to_line().replace(".", "0"), box=box).cells == grid.cells


@pytest.mark.parametrize("n", [16, 36])
def test_blank_grid_of_spaced_cells_is_one_grid(n):
    """N lines of N spaced blanks are one empty NxN grid, not N one-line puzzles of
    size √N (the lines alone cannot tell; the square block can)."""
    text = ("0 " * n).strip() + "\n"
    grids = list(read_puzzles(io.StringIO(text * n)))
    assert [g.size for g in grids] == [n] and grids[0].givens_count() == 0
    # One line more, or a row too short, and they are one-line puzzles again.
    assert [g.size for g in read_puzzles(io.StringIO(text * (n + 1)))] == \
        [math.isqrt(n)] * (n + 1)


def test_spaced_one_line_puzzles_that_clash_as_a_grid_stay_puzzles():
    line = "1 . . 4 4 . . . . . . 3 3 . . 1\n"            # a 4x4 puzzle, spaced
    grids = list(read_puzzles(io.StringIO(line * 16)))
    assert [g.size for g in grids] == [4] * 16
