"""The formats people have: each format read, written and read back; the messages for
inputs that are nearly right; notation kept from input to output; hostile inputs."""

import io
import json
import os
import random
import resource
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from dimacs_sudoku import formats
from dimacs_sudoku.errors import NoSolution, PuzzleError, UsageError
from dimacs_sudoku.formats import (OUTPUT_FORMATS, detect_format, parse_puzzle,
                                   puzzles_from_file, puzzles_from_text, read_puzzles,
                                   read_puzzles_lenient, write_grid)
from dimacs_sudoku.formats.source import MAX_LINE
from dimacs_sudoku.core.grid import Grid

from conftest import require_solver
from support import (BIN, INKALA, INKALA_SOLUTION, command, in_process, pattern_solution,
                     shell)

SMALL4 = "1..44......33..1"


def puzzle_of(size, density=0.45, seed=1, box=None):
    """A valid puzzle (a solution with cells blanked) of an NxN grid."""
    rng = random.Random(seed)
    cells = pattern_solution(size, box, rng)
    return Grid([d if rng.random() < density else 0 for d in cells], size=size, box=box)


def read_text(text, **options):
    return list(read_puzzles(io.StringIO(text), "p.txt", **options))


def message(text, **options):
    with pytest.raises(PuzzleError) as caught:
        read_text(text, **options)
    return str(caught.value)


# ---- the registry -----------------------------------------------------------

def test_every_format_module_declares_itself():
    for name, module in formats.READERS.items():
        assert module.NAME == name and callable(module.read) and module.DESCRIPTION
    for name, _ in formats.DETECTION:
        assert callable(formats.READERS[name].detect)
    assert set(formats.FORMATS) <= set(OUTPUT_FORMATS) | {"csv"}


@pytest.mark.slow
def test_import_circle_broken():
    # grid imports neither the readers nor the pictures module at import time.
    code = ("import sys; import dimacs_sudoku.core.grid; "
            "print(sorted(m for m in sys.modules if m.startswith('dimacs_sudoku')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=str(BIN.parent), check=True).stdout
    assert "formats" not in out and "puzzle" not in out and "pictures" not in out


# ---- round trips: reader -> writer -> reader, each format ---------------------

ROUND_TRIP = {"line": [4, 9, 16, 25, 36, 49], "grid": [4, 6, 9, 16, 25],
              "numbers": [4, 9, 16, 25, 36], "table": [4, 9, 16, 25, 36, 64],
              "euler": [9, 16], "triples": [9]}


@pytest.mark.parametrize("fmt, size", [(f, n) for f, sizes in ROUND_TRIP.items()
                                       for n in sizes])
def test_round_trip(fmt, size):
    puzzle = puzzle_of(size, seed=size)
    text = write_grid(puzzle, fmt)
    # Up to 9x9, rows of numbers are rows of symbols.
    assert detect_format(text) == ("grid" if fmt == "numbers" and size <= 9 else fmt)
    again = parse_puzzle(text)
    assert again.cells == puzzle.cells and again.layout.box == puzzle.layout.box
    # and forced
    assert parse_puzzle(text, fmt=fmt).cells == puzzle.cells


@pytest.mark.parametrize("fmt", ["line", "grid", "numbers", "table", "euler"])
def test_round_trip_of_several_puzzles(fmt):
    puzzles = [puzzle_of(9, seed=k) for k in range(3)]
    text = "\n".join(write_grid(p, fmt) for p in puzzles)
    assert [g.cells for g in puzzles_from_text(text)] == [p.cells for p in puzzles]


def test_round_trip_hex_and_alphabet():
    puzzle = puzzle_of(16, seed=3)
    for symbols in ("hex", "numbers", "letters"):
        text = write_grid(puzzle, "line", symbols=symbols)
        again = parse_puzzle(text)
        assert again.cells == puzzle.cells
        assert again.symbols == (None if symbols == "letters" else symbols)
    assert set(write_grid(puzzle_of(9), "line", symbols="ABCDEFGHI")) == set("ABCDEFGHI.\n")


# ---- blank and nearly blank grids ---------------------------------------------

@pytest.mark.parametrize("size", [9, 16, 25])
@pytest.mark.parametrize("blank", [".", "0"])
@pytest.mark.parametrize("spaced", [False, True])
def test_blank_grid_of_n_lines(size, blank, spaced):
    row = (" " if spaced else "").join(blank * size)
    grids = read_text("\n".join([row] * size) + "\n")
    assert [(g.size, g.givens_count()) for g in grids] == [(size, 0)]


def test_all_blank_9x9_of_dots_is_one_grid_as_the_readme_says():
    assert detect_format(".........\n" * 9) == "grid"
    assert [g.size for g in read_text(".........\n" * 9)] == [9]
    assert [g.size for g in read_text(".....1...\n" + ".........\n" * 8)] == [9]


@pytest.mark.parametrize("row", [".........", "0 0 0 0 0 0 0 0 0", "000000000"])
def test_eight_lines_of_nine_cells(row):
    text = message("\n".join([row] * 8) + "\n")
    assert "a 9x9 grid needs 9 rows, found 8" in text and "holds" not in text
    assert "--input-format line" in text


def test_sixteen_lines_of_4x4_puzzles_stay_puzzles():
    # Sixteen 4x4 puzzles whose lines clash as rows of a 16x16 grid.
    lines = [write_grid(puzzle_of(4, 0.6, seed=k), "line").strip() for k in range(16)]
    assert len(read_text("\n".join(lines))) == 16


# ---- Project Euler 96, CSV, comma-separated grids ---------------------------------

EULER = """Grid 01
003020600
900305001
001806400
008102900
700000008
006708200
002609500
800203009
005010300
Grid 02
200080300
060070084
030500209
000105408
000000000
402706000
301007040
720040060
004010003
"""


def test_project_euler_96():
    assert detect_format(EULER) == "euler"
    grids = read_text(EULER)
    assert [(g.line, g.givens_count()) for g in grids] == [(1, 32), (11, 30)]
    assert grids[0].to_line().startswith("..3.2.6..9..3.5..1")
    assert grids[0].row_lines == list(range(2, 11))


def test_project_euler_96_short_grid_names_its_header():
    text = message(EULER.replace("005010300\n", ""))
    assert "p.txt:1: a 9x9 grid needs 9 rows, found 8 before the header at line 10" in text


@pytest.mark.parametrize("head", ["quizzes,solutions", "puzzle,solution",
                                  "id,puzzle,solution,clues,difficulty"])
def test_kaggle_csv(head):
    rows = [head]
    for k in range(3):
        solution = pattern_solution(9, rng=random.Random(k))
        puzzle = [d if (i * 7 + k) % 3 else 0 for i, d in enumerate(solution)]
        fields = ["".join(map(str, puzzle)), "".join(map(str, solution))]
        if head.startswith("id"):
            fields = [str(k)] + fields + ["27", "1.5"]
        rows.append(",".join(fields))
    text = "\n".join(rows) + "\n"
    assert detect_format(text) == "csv"
    grids = read_text(text)
    assert [g.line for g in grids] == [2, 3, 4]
    assert grids[1].to_line().replace(".", "0") == rows[2].split(",")[1 if "id" in head
                                                                        else 0]


def test_csv_header_without_a_puzzle_column():
    assert "no puzzle column (name, score)" in message("name,score\n1..44......33..1,3\n",
                                                       fmt="csv")


def test_comma_separated_grid_and_line():
    rows = EULER.splitlines()[1:10]
    grid_text = "\n".join(",".join(r) for r in rows) + "\n"
    assert detect_format(grid_text) == "csv"
    assert [g.givens_count() for g in read_text(grid_text)] == [32]
    line_text = ",".join("".join(rows)) + "\n"
    assert [g.givens_count() for g in read_text(line_text * 2)] == [32, 32]


# ---- boxed grids with spaces for blanks, stray symbols, clashes --------------------

BOXED_SPACES = """\
+-------+-------+-------+
| 5 3   |   7   |       |
| 6     | 1 9 5 |       |
|   9 8 |       |   6   |
+-------+-------+-------+
| 8     |   6   |     3 |
| 4     | 8   3 |     1 |
| 7     |   2   |     6 |
+-------+-------+-------+
|   6   |       | 2 8   |
|       | 4 1 9 |     5 |
|       |   8   |   7 9 |
+-------+-------+-------+
"""


def test_boxed_grid_with_spaces_for_blanks():
    (grid,) = read_text(BOXED_SPACES)
    assert grid.to_line() == ("53..7....6..195....98....6.8...6...34..8.3..17...2...6"
                              ".6....28....419..5....8..79")
    assert grid.layout.box == (3, 3)


def test_numbers_grid_with_a_stray_letter():
    puzzle = puzzle_of(16, seed=5)
    rows = write_grid(puzzle, "numbers").splitlines()
    rows[6] = rows[6].replace(".", "x", 1)
    text = message("\n".join(rows))
    assert text.startswith("p.txt:7: bad symbol 'x' in column")
    assert "16x16" in text and "22x22" not in text


def test_400x400_single_digit_grid_with_one_clash():
    # Rows of 400 single-digit cells (blanks and givens 1-9) and one clash: one grid,
    # and the clash named at its row's line.
    n = 400
    rows = [["0"] * n for _ in range(n)]
    for r in range(n):
        rows[r][(r * 7) % n] = str(r % 9 + 1)
    rows[200][5] = rows[200][(200 * 7) % n]
    text = "\n".join(" ".join(r) for r in rows) + "\n"
    assert detect_format(text) == "numbers" or detect_format(text) == "grid"
    (grid,) = read_text(text)
    assert grid.size == 400
    with pytest.raises(NoSolution, match=r"p.txt:201: no solution: contradictory givens"):
        grid.check_givens()


# ---- notation kept -----------------------------------------------------------------

def test_hex_16x16_keeps_its_symbols():
    solution = pattern_solution(16, rng=random.Random(4))
    hex_line = "".join("0123456789ABCDEF"[d - 1] for d in solution)
    puzzle_line = "".join(ch if k % 3 else "." for k, ch in enumerate(hex_line))
    puzzle = parse_puzzle(puzzle_line)
    assert puzzle.symbols == "hex"
    from dimacs_sudoku.tasks import solve_by_cnf
    answer = solve_by_cnf(puzzle)
    out = write_grid(answer, "line").strip()
    assert "G" not in out and all(a == b for a, b in zip(out, puzzle_line) if b != ".")
    assert "G" not in answer.to_text() and answer.givens is puzzle
    assert write_grid(answer, "line", symbols="letters").strip() != hex_line


def test_numbers_25x25_comes_back_as_numbers_or_table():
    puzzle = puzzle_of(25, seed=9)
    text = write_grid(puzzle, "numbers")
    read_back = parse_puzzle(text)
    assert read_back.symbols == "numbers"
    line = write_grid(read_back, "line")
    assert len(line.split()) == 625
    table = write_grid(read_back, "table")
    assert table.startswith("experiment: 5x5\n") and detect_format(table) == "table"
    assert parse_puzzle(table).cells == puzzle.cells


def test_bad_symbols_option():
    with pytest.raises(UsageError, match="hex"):
        write_grid(puzzle_of(9), "line", symbols="hex")
    with pytest.raises(UsageError, match="9 distinct characters"):
        write_grid(puzzle_of(9), "line", symbols="ABC")
    with pytest.raises(UsageError, match="--format takes line, grid"):
        formats.check_output_format("png")


@pytest.mark.slow
def test_pipe_speaks_the_puzzle_notation(tmp_path):
    solution = pattern_solution(16, rng=random.Random(8))
    hex_line = "".join("0123456789ABCDEF"[d - 1] for d in solution)
    hex_line = "".join(ch if k % 2 else "." for k, ch in enumerate(hex_line))
    (tmp_path / "p.txt").write_text(hex_line + "\n")
    done = shell("sudoku2cnf p.txt -o p.cnf && grep '^c symbols' p.cnf && "
                 "cnfsolve p.cnf > p.out; cnf2sudoku --cnf p.cnf p.out && "
                 "cnf2sudoku --puzzle p.txt p.out && sudoku-solve p.txt && "
                 "cnf2sudoku --cnf p.cnf --symbols letters p.out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "c symbols: hex" and lines[1] == lines[2]
    for line in lines[1:4]:     # cnf2sudoku --cnf, --puzzle, sudoku-solve: in hex
        assert "G" not in line and all(a == b for a, b in zip(line, hex_line) if b != ".")
    assert lines[4] != lines[1] and "G" in lines[4]


@pytest.mark.slow
def test_gen_with_symbols_and_formats():
    done = command("sudoku-gen", "--size", "16", "--full", "--seed", "1", "--symbols", "hex")
    assert done.returncode == 0 and "G" not in done.stdout and "0" in done.stdout
    done = command("sudoku-gen", "--size", "9", "--symbols", "hex")
    assert done.returncode == 2 and "hex" in done.stderr


# ---- output -------------------------------------------------------------------------

@pytest.mark.slow
def test_cnf2sudoku_grid_format_separates_grids(tmp_path):
    # picosat --all output of the empty 4x4 with 14 givens: several models.
    (tmp_path / "p.txt").write_text("12.." "34.." "...." "....\n")
    done = shell("sudoku2cnf p.txt -o p.cnf && cnfsolve p.cnf > /dev/null; "
                 "cnf2sudoku --cnf p.cnf --format grid models.txt", cwd=tmp_path)
    from dimacs_sudoku.tasks import solve_by_cnf
    grids = [solve_by_cnf(Grid.from_line(SMALL4))] * 2
    models = []
    for g in grids:
        models.append("s SATISFIABLE\nv " + " ".join(
            str(c * 4 + d) for c, d in enumerate(g.cells)) + " 0\n")
    (tmp_path / "models.txt").write_text("".join(models) + "s SOLUTIONS 2\n")
    done = shell("cnf2sudoku --size 4 --format grid models.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    blocks = done.stdout.split("\n\n")
    assert len(blocks) == 2 and all(b.strip().startswith("+") for b in blocks)
    assert not done.stdout.endswith("\n\n")


@pytest.mark.slow
def test_html_page_is_one_document(tmp_path):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n" + SMALL4 + "\n")
    done = shell("sudoku-solve --format html-page p.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>") and done.stdout.count("<table") == 2
    assert done.stdout.count("<html") == 1 and done.stdout.rstrip().endswith("</html>")
    ET.fromstring(done.stdout.split("\n", 1)[1].replace("<meta charset=\"utf-8\">", ""))
    fragment = shell("sudoku-solve --format html p.txt", cwd=tmp_path).stdout
    assert fragment.startswith("<table") and "<html" not in fragment


def test_notebook_picture_of_a_solution_tells_givens_from_solved():
    import dimacs_sudoku as ds
    puzzle = ds.parse_puzzle(INKALA)
    solution = ds.solve(puzzle)
    assert solution.to_line() == INKALA_SOLUTION
    root = ET.fromstring(solution._repr_svg_())
    groups = {g.get("class"): g for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert len(list(groups["givens"])) == 21 and len(list(groups["solved"])) == 60
    html = solution._repr_html_()
    assert html.count('class="given"') == 21 and html.count('class="solved"') == 60


@pytest.mark.slow
def test_svg_renders_to_png(tmp_path):
    rsvg = require_solver("rsvg-convert")           # CI installs it (librsvg2-bin)
    svg = write_grid(puzzle_of(16, seed=2), "svg")
    (tmp_path / "g.svg").write_text(svg)
    subprocess.run([rsvg, "-o", str(tmp_path / "g.png"), str(tmp_path / "g.svg")],
                   check=True, timeout=60)
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_json_names_a_notation():
    puzzle = parse_puzzle("0123456789ABCDEF" * 0 + "".join(
        "0123456789ABCDEF"[d - 1] for d in pattern_solution(16)))
    assert json.loads(write_grid(puzzle, "json"))["symbols"] == "hex"


# ---- the Python API: a path and a text are two calls -----------------------------

def test_path_and_text_are_two_calls(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SMALL4 + "\n" + INKALA + "\n")
    assert [g.size for g in puzzles_from_file(path)] == [4, 9]
    assert puzzles_from_file(str(path))[0].source == str(path)
    assert [g.size for g in puzzles_from_text(path.read_text())] == [4, 9]
    with pytest.raises(TypeError, match="puzzles_from_file"):
        read_puzzles(str(path))
    with pytest.raises(TypeError, match="puzzles_from_file"):
        read_puzzles(path)


# ---- hostile input: bounded, one line each ----------------------------------------

def test_nul_byte_is_that_lines_error_only():
    lines = [INKALA, INKALA[:40] + "\0" + INKALA[41:], "\0\0\0", INKALA + "\0", INKALA]
    items = list(read_puzzles_lenient(io.StringIO("\n".join(lines) + "\n"), "p.txt"))
    kinds = [type(x).__name__ for x in items]
    assert kinds == ["Grid", "PuzzleError", "PuzzleError", "PuzzleError", "Grid"]
    assert [x.line for x in items] == [1, 2, 3, 4, 5]
    assert "NUL byte in column 41" in str(items[1])
    assert "NUL byte" in str(items[2]) and "NUL byte" in str(items[3])


@pytest.mark.slow
def test_sudoku_solve_one_line_per_puzzle_with_nul(tmp_path):
    data = (INKALA + "\n\0" + INKALA[1:] + "\n" + INKALA + "\n").encode()
    (tmp_path / "p.txt").write_bytes(data)
    done = command("sudoku-solve", tmp_path / "p.txt")
    assert done.returncode == 9
    out = done.stdout.splitlines()
    assert out[0] == out[2] == INKALA_SOLUTION and out[1].startswith("error\t")


def _lenient(text):
    return list(read_puzzles_lenient(io.StringIO(text), "p.txt"))


@pytest.mark.parametrize("lines, bad", [
    # 16-character lines: as wide as a row of a 16x16 grid.
    ([SMALL4[:8] + "\0" + SMALL4[9:], SMALL4], [1]),
    ([SMALL4, SMALL4[:8] + "\0" + SMALL4[9:], SMALL4], [2]),
    ([SMALL4, SMALL4, "\0" * 16, SMALL4], [3]),
])
def test_a_damaged_line_as_wide_as_a_grid_row_is_its_own_error(lines, bad):
    items = _lenient("\n".join(lines) + "\n")
    assert [x.line for x in items] == list(range(1, len(lines) + 1))
    assert [x.line for x in items if isinstance(x, PuzzleError)] == bad
    assert all(x.to_line() == SMALL4 for x in items if not isinstance(x, PuzzleError))
    assert "NUL byte" in str(items[bad[0] - 1])


@pytest.mark.parametrize("rows", [4, 9])
def test_a_nul_in_a_row_of_a_grid_is_that_grids_error(rows):
    grid = (SMALL4 if rows == 4 else INKALA)
    text = "\n".join(grid[r * rows:(r + 1) * rows] for r in range(rows))
    damaged = text[:rows + 1] + "\0" + text[rows + 2:]
    items = _lenient(text + "\n\n" + damaged + "\n\n" + text + "\n")
    assert [type(x).__name__ for x in items] == ["Grid", "PuzzleError", "Grid"]
    assert items[1].line == rows + 3 and "NUL byte" in str(items[1])
    assert items[0].to_line() == items[2].to_line() == grid


def test_a_file_mixing_formats_reads_every_puzzle_in_order():
    grid = parse_puzzle(INKALA)
    fpz = write_grid(grid, "fpuzzles").strip()
    pad = write_grid(grid, "sudokupad").strip()
    boxed = write_grid(grid, "grid")
    text = (SMALL4 + "\n" + pad + "\n" + boxed + fpz + "\n" + fpz + "\n# a note\n"
            + pad + "\n" + SMALL4 + "\n\n" + boxed + "\n" + fpz + "\n")
    items = read_text(text)
    assert [g.to_line() for g in items] == [SMALL4] + [INKALA] * 5 + [SMALL4] + [INKALA] * 2
    assert [g.line for g in items] == [1, 2, 4, 16, 17, 19, 20, 23, 36]
    # Line puzzles after grids, and grids after line puzzles.
    text = boxed + "\n" + INKALA + "\n" + SMALL4 + "\n" + boxed + "\n" + SMALL4 + "\n"
    items = read_text(text)
    assert [g.to_line() for g in items] == [INKALA, INKALA, SMALL4, INKALA, SMALL4]
    assert [g.line for g in items] == [2, 15, 16, 18, 31]
    # A damaged JSON line is that line's error; the lines after it are read.
    damaged = "\n".join([pad, fpz[:-1], fpz, SMALL4]) + "\n"
    items = _lenient(damaged)
    assert [type(x).__name__ for x in items] == ["Grid", "PuzzleError", "Grid", "Grid"]
    assert items[1].line == 2 and [x.line for x in items] == [1, 2, 3, 4]


def test_a_file_of_pretty_printed_json_objects():
    one = json.dumps(json.loads(write_grid(parse_puzzle(INKALA), "fpuzzles")), indent=2)
    items = read_text(one + "\n" + one + "\n\n" + SMALL4 + "\n")
    assert [g.to_line() for g in items] == [INKALA, INKALA, SMALL4]
    assert [g.line for g in items] == [1, one.count("\n") + 2, 2 * one.count("\n") + 4]


@pytest.mark.slow
def test_a_file_of_links_is_every_puzzle_through_the_commands(tmp_path):
    path = tmp_path / "links.txt"
    links = command("sudoku-gen", "-c", "3", "--seed", "5", "--rule",
                    "thermo r1c1 r1c2 r1c3", "-F", "sudokupad", check=True).stdout
    path.write_text(links + SMALL4 + "\n")
    done = command("sudoku-solve", "--count", "2", path)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    assert len(rows) == 4 and all(row.endswith("\t1") for row in rows)
    done = command("sudoku2cnf", path)
    assert done.returncode == 2 and "holds 4 puzzles" in done.stderr


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_text_is_not_a_puzzle_file(tmp_path, encoding):
    path = tmp_path / "p.txt"
    path.write_bytes((SMALL4 + "\n" + SMALL4 + "\n").encode(encoding))
    with pytest.raises(PuzzleError, match="p.txt:1: UTF-16 text: puzzle files are UTF-8"):
        puzzles_from_file(path)
    with pytest.raises(PuzzleError, match="p.txt:1: UTF-16 text"):
        list(read_puzzles_lenient(open(path, encoding="utf-8", errors="replace"),
                                  str(path)))


@pytest.mark.slow
def test_utf16_text_through_a_command(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes((SMALL4 + "\n").encode("utf-16"))
    done = command("sudoku-solve", path)
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr == "sudoku-solve: %s:1: UTF-16 text: puzzle files are UTF-8 " \
        "(iconv -f UTF-16 -t UTF-8 converts it)\n" % path


@pytest.mark.parametrize("text, expected", [
    ("hello", "p.txt:1: 'hello' is not a puzzle: a line puzzle has N*N cells (16, 36,"
              " 81...), found 5"),
    ("123456789", "p.txt:1: '123456789' is not a puzzle: a line puzzle has N*N cells (16,"
                  " 36, 81...), found 9: one row of a 9x9 grid? it needs 9 rows"),
    ("1 2 3", "'1 2 3' is not a puzzle"),
    ("the quick brown fox jumps", "'the quick brown fox j...' is not a puzzle"),
    (SMALL4 + "1", "p.txt:1: 17 cells, a 4x4 grid needs 16"),
])
def test_a_line_that_is_no_puzzle_says_what_it_looks_like(text, expected):
    assert expected in message(text + "\n")


def test_line_too_long_is_an_error_naming_the_line():
    with pytest.raises(PuzzleError, match="p.txt:2: a line longer than"):
        read_text(SMALL4 + "\n" + "." * (MAX_LINE + 10) + "\n")
    # read leniently, it is that line's error only: the puzzles around it are read
    found = list(read_puzzles_lenient(io.StringIO(
        SMALL4 + "\n" + "." * (MAX_LINE + 10) + "\n" + SMALL4), "p.txt"))
    assert [getattr(x, "line", None) for x in found] == [1, 2, 3]
    assert str(found[1]).startswith("p.txt:2: a line longer than")


@pytest.mark.parametrize("name, json_option", [("sudoku-solve", ["--format", "json"]),
                                               ("sudoku-analyze", ["--json"]),
                                               ("sudoku-grade", [])])
@pytest.mark.parametrize("big", ["." * 401 ** 2, "1" * (MAX_LINE + 1), "1 " * MAX_LINE])
def test_a_line_too_large_or_too_long_is_one_error_and_the_next_puzzle_is_read(
        name, json_option, big, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(big + "\n" + SMALL4 + "\n")
    done = in_process(name, path, *json_option)
    lines = done.stdout.splitlines()
    assert len(lines) == 2, done.stdout[:500]
    if json_option:
        assert json.loads(lines[0])["line"] == 1 and "error" in json.loads(lines[0])
        assert "error" not in json.loads(lines[1])
    else:
        assert lines[0].startswith("error\t%s:1: " % path) and lines[1].startswith(SMALL4)
    assert done.returncode == 9 and done.stderr.count("\n") == 1, done.stderr


def test_a_line_too_long_that_never_ends_is_refused_within_a_bound(tmp_path):
    from dimacs_sudoku.streams import TextInput
    path = tmp_path / "p.txt"
    path.write_text(SMALL4 + "\n" + "1" * (TextInput.MAX_SKIPPED + 2))
    done = in_process("sudoku-solve", path)
    assert done.returncode == 3 and "p.txt:2: a line longer than" in done.stderr


def test_line_of_more_cells_than_the_largest_grid():
    with pytest.raises(PuzzleError, match="above the largest supported, 400x400"):
        read_text("." * (1000 * 1000) + "\n")


def test_largest_line_fits():
    line = " ".join(str(d) for d in pattern_solution(400, rng=random.Random(1)))
    assert len(line) < MAX_LINE
    (grid,) = read_text(line + "\n")
    assert grid.size == 400


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("name", ["sudoku2cnf", "sudoku-solve", "sudoku-grade"])
def test_dev_zero_is_a_quick_clear_error(name):
    done = subprocess.run([sys.executable, str(BIN / name), "/dev/zero"],
                          capture_output=True, text=True, timeout=30, preexec_fn=_limited,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 3, done.stderr
    assert done.stderr.startswith("%s: /dev/zero:1: " % name)
    assert "line longer than" in done.stderr and done.stderr.count("\n") == 1
    assert done.stdout == ""
