"""Where one puzzle of an input ends and the next begins: a damaged line is its own
error wherever it stands, a grid after line puzzles is one puzzle, a JSON object is
one puzzle however its lines break; and, over generated files of every format with
damaged lines between the puzzles, one item (one output line) per part, in order."""

import io
import json

import pytest

from dimacs_sudoku.errors import PuzzleError
from dimacs_sudoku.formats import parse_puzzle, read_puzzles_lenient, write_grid

from support import INKALA, INKALA_SOLUTION, SMALL4, in_process


def items(text):
    return list(read_puzzles_lenient(io.StringIO(text), "p.txt"))


def kinds(text):
    """``(line, the puzzle's line form or 'error')`` for each item of ``text``."""
    return [(x.line, "error" if isinstance(x, PuzzleError) else x.to_line())
            for x in items(text)]


def rows(puzzle, n, spaced=False):
    return "\n".join((" " if spaced else "").join(puzzle[r * n:(r + 1) * n])
                     for r in range(n)) + "\n"


# ---- a short damaged first line is its own error --------------------------------

@pytest.mark.parametrize("bad", ["garbage!", "gar\0bage", "abc", "x", "1 2 3 4 5",
                                 "\0" * 6])
@pytest.mark.parametrize("after", [INKALA, SMALL4])
def test_a_damaged_first_line_is_its_own_error(bad, after):
    assert kinds(bad + "\n" + after + "\n") == [(1, "error"), (2, after)]
    # the same as in the middle of the file
    text = after + "\n" + bad + "\n" + after + "\n"
    assert kinds(text) == [(1, after), (2, "error"), (3, after)]


def test_damaged_lines_of_one_length_keep_the_puzzle_after_them():
    # (read as the rows of one damaged grid, which the line puzzle ends)
    text = "garbage!\ngarbage!\n" + INKALA + "\n" + SMALL4 + "\n"
    assert kinds(text) == [(1, "error"), (3, INKALA), (4, SMALL4)]
    assert "found 2 before the puzzle at line 3" in str(items(text)[0])


@pytest.mark.parametrize("name", ["sudoku-solve", "sudoku-grade", "sudoku-analyze"])
def test_a_damaged_first_line_through_the_commands(name):
    done = in_process(name, input="gar\0bage\n" + INKALA + "\n")
    out = done.stdout.splitlines()
    assert out[0].startswith("error\t<stdin>:1: NUL byte"), done.stdout
    assert "3x3" not in done.stderr and "grid needs" not in done.stderr
    if name == "sudoku-analyze":        # (a report of many lines a puzzle)
        assert out[1] == "puzzle: <stdin>:2"
    else:
        assert len(out) == 2
    if name == "sudoku-solve":
        assert out[1] == INKALA_SOLUTION


def test_a_grid_with_one_damaged_row_is_still_one_error():
    grid = rows(INKALA, 9).splitlines()
    grid[3] = grid[3][:5]
    assert kinds("\n".join(grid) + "\n\n" + INKALA + "\n") == [(4, "error"), (11, INKALA)]


# ---- a grid after line puzzles ----------------------------------------------------

@pytest.mark.parametrize("grid, puzzle", [
    (rows(INKALA, 9), INKALA), (rows(INKALA, 9, True), INKALA),
    (rows(SMALL4, 4, True), SMALL4), (write_grid(parse_puzzle(SMALL4), "numbers"), SMALL4),
])
@pytest.mark.parametrize("between", ["\n", "\n\n", "# a note\n", ""])
def test_a_grid_after_a_line_puzzle_is_one_puzzle(grid, puzzle, between):
    text = INKALA + "\n" + between + grid
    after = 2 + between.count("\n")
    assert kinds(text) == [(1, INKALA), (after, puzzle)]
    assert kinds(text + "\n" + SMALL4 + "\n")[-1] == (after + grid.count("\n") + 1, SMALL4)


# ---- a JSON object, whatever its line breaks -----------------------------------

def fpuzzles_texts():
    compact = write_grid(parse_puzzle(INKALA), "fpuzzles").strip()
    obj = json.loads(compact)
    return {"rows": compact.replace("},{", "},\n{"),
            "cells": compact.replace(",", ",\n"),
            "everywhere": json.dumps(obj, indent=1, separators=(",\n", "\n:\n")),
            "crlf": json.dumps(obj, indent=2).replace("\n", "\r\n"),
            "tabs": json.dumps(obj, indent="\t"),
            "brackets": compact.replace("[", "[\n").replace("]", "\n]")}


@pytest.mark.parametrize("name", sorted(fpuzzles_texts()))
def test_a_json_object_is_one_puzzle_however_its_lines_break(name):
    text = fpuzzles_texts()[name]
    assert kinds(text + "\n") == [(1, INKALA)]
    size = text.count("\n") + 1
    mixed = SMALL4 + "\n" + text + "\n" + text + "\n" + SMALL4 + "\n"
    assert kinds(mixed) == [(1, SMALL4), (2, INKALA), (2 + size, INKALA),
                            (2 + 2 * size, SMALL4)]


@pytest.mark.parametrize("cut", [40, 300, -1])
def test_a_cut_json_object_is_one_error(cut):
    whole = fpuzzles_texts()["rows"]
    for damaged in (whole[:cut], write_grid(parse_puzzle(INKALA), "fpuzzles").strip()[:cut]):
        text = damaged + "\n" + SMALL4 + "\n" + whole + "\n" + INKALA + "\n"
        found = kinds(text)
        assert [k for _, k in found] == ["error", SMALL4, INKALA, INKALA], (damaged, found)


def test_a_json_object_cut_after_a_comma_keeps_a_line_of_digits_after_it():
    compact = write_grid(parse_puzzle(INKALA), "fpuzzles")
    cut = compact[:compact.index(",", 60) + 1]
    text = cut + "\n" + INKALA_SOLUTION + "\n" + INKALA + "\n"
    assert kinds(text) == [(1, "error"), (2, INKALA_SOLUTION), (3, INKALA)]


def test_an_unterminated_json_object_is_one_error_within_the_limit():
    from dimacs_sudoku.formats.fpuzzles import MAX_CHARS
    line = '{"size": 9, "grid": [' + '[{}, {}, {}],\n' * (MAX_CHARS // 14 + 10)
    found = items(line)
    assert len(found) == 1 and isinstance(found[0], PuzzleError)
    assert "longer than" in str(found[0])
    found = items(line + "\n" + SMALL4 + "\n")
    assert [type(x).__name__ for x in found][-1] == "Grid"


@pytest.mark.parametrize("bad", ["x", "1", "ab", "gar\0bage", "\0\0\0"])
def test_a_short_damaged_line_names_no_grid_size(bad):
    (error,) = items(bad + "\n")
    assert "x1 grid" not in str(error) and "x3 grid" not in str(error)
    assert "is not a puzzle" in str(error) or "a damaged line" in str(error)


def _written(fmt, puzzle=INKALA):
    return write_grid(parse_puzzle(puzzle), fmt)


@pytest.mark.parametrize("first, second", [
    (_written("json"), _written("fpuzzles")),                  # ours, then f-puzzles'
    (_written("table", SMALL4), _written("euler")),           # two headed formats
    (_written("numbers", SMALL4), _written("euler")),
    (_written("table", SMALL4), rows(SMALL4, 4)),               # a grid with no header
    (_written("grid", SMALL4), _written("table")),
    (INKALA[:40], _written("triples")),                         # triples after a cut line
    (_written("grid"), "garbage!\n" + INKALA[:40]),             # damaged lines after grids
])
def test_each_part_ends_where_the_next_starts(first, second):
    found = kinds(first.rstrip("\n") + "\n" + second.rstrip("\n") + "\n")
    expected = [items(first)[0], *items(second)]
    assert [k for _, k in found] == ["error" if isinstance(x, PuzzleError) else x.to_line()
                                     for x in expected]


# ---- a word as long as a line puzzle is a damaged puzzle, not a rule ---------------

@pytest.mark.parametrize("word", ["x" * 16, "x" * 81, "Garbage" * 11 + "word", "Q" * 256])
@pytest.mark.parametrize("where", ["middle", "end"])
def test_a_bare_word_of_n_squared_letters_after_puzzles_is_a_damaged_puzzle(word, where):
    text = INKALA + "\n" + INKALA + "\n" + word + "\n"
    expected = [(1, INKALA), (2, INKALA), (3, "error")]
    if where == "middle":
        text += SMALL4 + "\n"
        expected.append((4, SMALL4))
    assert kinds(text) == expected
    found = items(text)
    assert "rule" not in str(found[2]), found[2]


@pytest.mark.parametrize("line", ["thermoo r1c1 r1c2", "xxxxxxxxxxxxxxxx r1c1",
                                  "antikingg", "x" * 15])
def test_a_rule_with_a_typo_after_a_puzzle_is_still_that_puzzles_error(line):
    found = items(INKALA + "\n" + INKALA + "\n" + line + "\n")
    assert [type(x).__name__ for x in found] == ["Grid", "PuzzleError"]
    assert "unknown rule" in str(found[1])


def test_a_known_rule_keyword_alone_is_a_rule_whatever_its_length():
    from dimacs_sudoku.rules.registry import keywords
    for word in keywords():
        if word.isalpha():
            found = items(SMALL4 + "\n" + word + "\n")
            assert len(found) == 1, word


# ---- found by the parts property test, pinned --------------------------------------

HEX16 = ("1.3..67.9A.....G.....A..DE......9....EFG...4.67........4.....A..23..6..9A..D."
         "F.1....AB.DE..12.4..B..........67...F..2..5...9..CD..5..89AB.DE.G..78.AB..EFG"
         "...45...DE.G..34...89A.G1....67......E....89AB.D.F......A.CD.....34...CD..G.."
         "..5..89A....34567..A.CDE.")


def numbers16(puzzle):
    """A 16x16 puzzle as rows of numbers (G is 16), as the numbers writer spaces them."""
    value = {ch: str(i) for i, ch in enumerate("123456789ABCDEFG", 1)}
    return "".join(" ".join("%2s" % value.get(ch, ".") for ch in puzzle[r * 16:r * 16 + 16])
                   + "\n" for r in range(16))


def test_a_grid_of_symbols_after_a_grid_of_numbers_is_its_own_puzzle():
    text = numbers16(HEX16) + "\n" + rows(SMALL4, 4)
    assert [k for _, k in kinds(text)] == [HEX16, SMALL4]


@pytest.mark.parametrize("after", ["", "# a note\n" + SMALL4 + "\n"])
def test_a_line_puzzle_right_before_a_grid_of_its_width_is_no_row_of_it(after):
    text = SMALL4 + "\n" + rows(HEX16, 16) + after
    assert [k for _, k in kinds(text)] == [SMALL4, HEX16] + ([SMALL4] if after else [])
