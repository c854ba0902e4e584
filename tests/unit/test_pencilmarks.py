"""Pencil-mark puzzles (sukaku): every form read and written back byte for byte, each
detected in a file that mixes formats, and the removed candidates obeyed by the CNF,
the solvers and the checker."""

import pycosat
import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.encodings import encode, puzzle_formula
from dimacs_sudoku.errors import InvalidModel, PuzzleError, UsageError
from dimacs_sudoku.formats import puzzles_from_text, write_grid
from dimacs_sudoku.formats.pencilmarks import FORMS
from dimacs_sudoku.tasks.solving import find_solutions

from conftest import require_pysat
from support import INKALA, INKALA_SOLUTION

FULL = 0x1FF


def tdoku_line(masks):
    return "".join(str(d) if mask >> (d - 1) & 1 else "." for mask in masks
                   for d in range(1, 10))


def read_one(text):
    grids = puzzles_from_text(text, source="p.txt")
    assert len(grids) == 1
    return grids[0]


# A candidate mask per cell, r1c1 with two candidates so that every form is told from
# the classic ones (a grid of single digits is a classic grid), some cells with none.
masks = st.lists(st.integers(0, FULL), min_size=80, max_size=80).map(
    lambda rest: [0b101] + rest)


@settings(max_examples=40, deadline=None)
@given(masks, st.sampled_from(FORMS))
def test_every_form_round_trips_byte_for_byte(cells, form):
    grid = read_one(tdoku_line(cells))
    text = write_grid(grid, form)
    back = read_one(text)
    assert back.pencil_form == ("tdoku" if form == "rangsk" else form)
    assert write_grid(back, "pencilmarks") == text
    assert write_grid(back, form) == text
    assert back.candidates() == grid.candidates()


@settings(max_examples=20, deadline=None)
@given(masks)
def test_a_tdoku_line_is_read_as_written(cells):
    line = tdoku_line(cells)
    grid = read_one(line)
    assert grid.givens_count() == 0            # tdoku: no givens
    assert grid.candidates() == cells
    assert write_grid(grid, "pencilmarks") == line + "\n"


def test_each_form_is_detected_in_a_file_mixing_formats():
    cells = [FULL] * 81
    cells[0], cells[1] = 0b11, 0b100          # r1c2: the single candidate 3
    grid = read_one(tdoku_line(cells))
    texts = {form: write_grid(grid, form) for form in FORMS}
    parts = [INKALA + "\n", texts["tdoku"], texts["explainer"], INKALA + "\n",
             texts["explainer-list"], texts["hodoku-library"], "\n", texts["hodoku"],
             "\n", INKALA + "\n", texts["rangsk"]]
    found = puzzles_from_text("".join(parts), source="p.txt")
    assert [g.pencil_form for g in found] == [None, "tdoku", "explainer", None,
                                              "explainer-list", "hodoku-library",
                                              "hodoku", None, "tdoku"]
    assert [g.line for g in found] == [1, 2, 3, 4, 5, 6, 8, 22, 23]
    assert [g.givens_count() for g in found] == [21, 0, 0, 21, 0, 0, 0, 21, 0]


def test_givens_follow_each_form():
    # r1c1 a single 5 that no peer holds, r1c2 a single 6 that r1c3 also holds
    cells = [FULL & ~0b10000] * 81
    cells[0], cells[1], cells[2] = 0b10000, 0b100000, 0b100001
    line = tdoku_line(cells)
    assert read_one(line).cells[:2] == [0, 0]                       # tdoku: none
    explainer = read_one(line.replace(".", "0"))
    assert explainer.cells[:2] == [5, 0]                            # no peer holds 5
    assert read_one(write_grid(explainer, "hodoku")).cells[:2] == [5, 0]
    library = read_one(write_grid(explainer, "hodoku-library"))
    assert library.cells[:2] == [5, 0]                              # '+6' is no given
    assert write_grid(library, "hodoku-library").startswith(":0000:x:5+6")


def test_input_format_reads_one_form_with_its_rule_for_the_givens():
    cells = [FULL & ~0b10000] * 81
    cells[0], cells[1], cells[2] = 0b10000, 0b100000, 0b100001
    line = tdoku_line(cells)
    read = {form: puzzles_from_text(line + "\n", fmt=form)[0]
            for form in ("tdoku", "explainer", "rangsk", "pencilmarks")}
    assert read["tdoku"].cells[:3] == read["pencilmarks"].cells[:3] == [0, 0, 0]
    assert read["explainer"].cells[:3] == [5, 0, 0]                 # no peer holds 5
    assert read["rangsk"].cells[:3] == [5, 6, 0]                    # every single
    assert [grid.pencil_form for grid in read.values()] == \
        ["tdoku", "explainer", "rangsk", "tdoku"]
    assert write_grid(read["rangsk"], "pencilmarks") == line + "\n"  # as read
    lists = write_grid(read["explainer"], "explainer-list")
    assert puzzles_from_text(lists, fmt="explainer-list")[0].cells[:3] == [5, 0, 0]
    hodoku = write_grid(read["explainer"], "hodoku")
    assert puzzles_from_text(hodoku, fmt="hodoku")[0].cells[:3] == [5, 0, 0]
    library = write_grid(read["explainer"], "hodoku-library")
    assert puzzles_from_text(library, fmt="hodoku-library")[0].cells[:3] == [5, 0, 0]


@pytest.mark.parametrize("form, text, message", [
    ("hodoku-library", "tdoku", "not a hodoku-library puzzle (this one is tdoku's form)"),
    ("tdoku", "explainer", "tdoku's line marks a removed candidate with ., not 0"),
    ("rangsk", "explainer", "rangsk's line marks a removed candidate with ., not 0"),
    ("explainer", "hodoku", "not a explainer puzzle (this one is hodoku's form)"),
    ("hodoku", "explainer-list", "not a hodoku puzzle"),
])
def test_a_puzzle_of_another_form_is_an_error_naming_its_line(form, text, message):
    cells = [FULL & ~0b10000] * 81
    cells[0] = 0b10000
    grid = read_one(tdoku_line(cells).replace(".", "0"))
    written = "# a comment\n" + write_grid(grid, text) + "\n"
    with pytest.raises(PuzzleError) as caught:
        puzzles_from_text(written, fmt=form, source="p.txt")
    assert caught.value.describe().startswith("p.txt:2: " + message)


def unique_by_candidates():
    """INKALA less its first given, with removed candidates until one solution is left:
    its givens alone have several solutions."""
    cells = [int(ch) if ch != "." else 0 for ch in INKALA]
    cells[0] = 0
    removed = [0] * 81
    while True:
        solutions, count = find_solutions(Grid(cells, removed=removed), 2,
                                          engine="pycosat")
        if count == 1:
            return Grid(cells, removed=removed)
        other = next(s for s in solutions if s.to_line() != INKALA_SOLUTION)
        cell = next(c for c, d in enumerate(other.cells) if str(d) != INKALA_SOLUTION[c])
        removed[cell] |= 1 << (other.cells[cell] - 1)


@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
def test_candidates_make_a_puzzle_unique_that_its_givens_do_not(engine):
    if engine == "pysat":
        require_pysat()
    puzzle = unique_by_candidates()
    assert find_solutions(Grid(puzzle.cells), 2)[1] == 2
    text = write_grid(puzzle, "hodoku-library")
    back = read_one(text)
    assert back.cells == puzzle.cells
    solutions, count = find_solutions(back, 2, engine=engine)
    assert count == 1 and solutions[0].to_line() == INKALA_SOLUTION


def test_the_cnf_has_one_negative_unit_per_removed_candidate_after_the_givens():
    puzzle = unique_by_candidates()
    plain = encode(Grid(puzzle.cells)).to_cnf().clauses
    clauses = encode(puzzle).to_cnf().clauses
    removed = [-(cell * 9 + d) for cell, mask in enumerate(puzzle.removed)
               for d in range(1, 10) if mask >> (d - 1) & 1]
    assert clauses == plain + [[lit] for lit in removed]
    models = list(pycosat.itersolve(clauses))
    assert len(models) == 1
    assert not set(removed) - set(models[0])                # the model obeys them
    assert len(list(pycosat.itersolve(plain))) > 1


def test_the_text_cnf_is_the_clauses_cnf():
    puzzle = unique_by_candidates()
    formula = puzzle_formula(puzzle, "p.txt")
    text = formula.to_text()
    assert "c candidates: " + puzzle.candidates_line() in text
    body = [list(map(int, line.split()[:-1])) for line in text.splitlines()
            if line and line[0] not in "cp"]
    assert body == encode(puzzle).to_cnf().clauses


@pytest.mark.parametrize("option", [{"reduce": True}, {"propagate": True}])
def test_the_reduced_cnf_leaves_removed_candidates_out(option):
    puzzle = unique_by_candidates()
    reduced = encode(puzzle, **option)
    plain = encode(Grid(puzzle.cells), **option)
    assert reduced.num_vars < plain.num_vars
    cnf = reduced.to_cnf()
    assert len(list(pycosat.itersolve(cnf.clauses, vars=max(cnf.num_vars, 1)))) == 1


def test_a_cell_with_no_candidate_is_a_puzzle_without_solution():
    cells = [FULL] * 81
    cells[40] = 0
    grid = read_one(tdoku_line(cells))
    assert find_solutions(grid, 2) == ([], 0)
    formula = puzzle_formula(grid, "p.txt", reduce=True)
    assert "no candidate left in r5c5" in str(formula.clash)
    assert pycosat.solve(encode(grid).to_cnf().clauses) == "UNSAT"


def test_the_checker_refuses_a_removed_candidate():
    puzzle = unique_by_candidates()
    solution = Grid([int(ch) for ch in INKALA_SOLUTION])
    solution.check_solution(puzzle)
    puzzle.removed[5] |= 1 << (solution.cells[5] - 1)
    with pytest.raises(InvalidModel, match="r1c6 holds %d, a candidate the puzzle removed"
                       % solution.cells[5]):
        solution.check_solution(puzzle)


@pytest.mark.parametrize("text, message", [
    (("123456789" * 81)[:5] + "7" + ("123456789" * 81)[6:],
     "'7' at place 6 of cell r1c1: this place holds the digit 6 or '.'"),
    ("1.3" + "0" * 726, "one of . 0 * _, not several"),
    (":0000:x:" + "." * 80 + ":111::", "holds 80 cells, not 81"),
    (":0000:x:" + "." * 81 + ":11 x::", "'11' among the deleted candidates"),
    (":0000:x:" + "." * 80 + "x:::", "'x' in the library line's puzzle"),
    (" ".join(["12"] + ["1"] * 79 + ["11"]), "candidate 1 twice in cell r9c9"),
])
def test_a_malformed_line_is_one_error_naming_file_and_line(text, message):
    with pytest.raises(PuzzleError) as error:
        puzzles_from_text(INKALA + "\n" + text + "\n" + INKALA, source="p.txt")
    assert str(error.value).startswith("p.txt:2: ")
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_malformed_grid_row_names_its_line():
    grid = read_one(tdoku_line([0b11] + [FULL] * 80))
    lines = write_grid(grid, "hodoku").splitlines()
    lines[3] = lines[3].replace("123456789", "1x3456789", 1)
    with pytest.raises(PuzzleError, match=r"p.txt:4: .*'1x3456789'"):
        puzzles_from_text("\n".join(lines), source="p.txt")


def test_rangsk_writes_two_characters_a_place_from_10x10_on():
    grid = Grid.empty(16)
    grid.removed = [0] * 256
    grid.removed[0] = (1 << 16) - 1 - 0b1001        # r1c1: 1 or 4
    grid.removed[1] = (1 << 16) - 1 - (1 << 15)     # r1c2: 16 alone, a given for Rangsk
    text = write_grid(grid, "rangsk")
    assert text.startswith("01....04" + ".." * 12 + ".." * 15 + "16")
    back = read_one(text)
    assert back.pencil_form == "rangsk" and back.size == 16
    assert back.cells[:3] == [0, 16, 0] and back.candidates() == grid.candidates()
    assert write_grid(back, "pencilmarks") == text
    solutions, count = find_solutions(back, 1)
    assert count == 1 and solutions[0].cells[0] in (1, 4) and solutions[0].cells[1] == 16


def test_a_pencil_mark_grid_after_a_boxed_grid_and_a_damaged_one_is_one_error():
    from dimacs_sudoku.formats import read_puzzles_lenient
    from support import PENCIL_LIBRARY
    marks = write_grid(read_one(PENCIL_LIBRARY), "hodoku")
    boxed = write_grid(read_one(INKALA), "grid")
    found = puzzles_from_text(boxed + "\n" + marks + marks, source="p.txt")
    assert [(g.pencil_form, g.givens_count()) for g in found] == [
        (None, 21), ("hodoku", 20), ("hodoku", 20)]
    damaged = marks.replace(" 12468 ", " 12x68 ", 1)
    assert damaged != marks
    found = list(read_puzzles_lenient((damaged + marks + INKALA).splitlines(), "p.txt"))
    assert str(found[0]) == ("p.txt:2: '12x68' in a pencil-mark grid (a cell is its "
                             "candidate digits)")
    assert [g.line for g in found[1:]] == [14, 27]


@pytest.mark.parametrize("marker", ["0", "*", "_"])
def test_sudoku_explainer_lines_keep_their_marker(marker):
    line = tdoku_line([0b11] + [FULL & ~(1 << (k % 9)) for k in range(80)])
    text = line.replace(".", marker)
    grid = read_one(text)
    assert grid.pencil_form == "explainer"
    assert write_grid(grid, "pencilmarks") == text + "\n"


def test_a_library_line_keeps_its_technique_and_its_other_fields():
    line = ":0901:3:+8+1" + INKALA[2:] + ":213 413:313 314::"
    grid = read_one(line)
    assert grid.cells[:3] == [0, 0, 0]                      # '+' digits: no givens
    assert grid.candidates()[0] == 1 << 7
    assert write_grid(grid, "pencilmarks") == line + "\n"


@pytest.mark.parametrize("size", [6, 8, 12])
def test_rangsk_lines_of_other_sizes_round_trip(size):
    grid = Grid.empty(size)
    grid.removed = [(k * 7) % (1 << size) & ~1 for k in range(size * size)]
    text = write_grid(grid, "rangsk")
    back = read_one(text)
    assert back.pencil_form == "rangsk" and back.size == size
    assert back.candidates() == grid.candidates()
    assert write_grid(back, "pencilmarks") == text


def test_rangsk_refuses_a_4x4_grid_that_would_read_back_as_an_8x8_line():
    with pytest.raises(UsageError, match="not 4x4"):
        write_grid(Grid.empty(4), "rangsk")
    with pytest.raises(UsageError, match="for 9x9 grids, not 16x16"):
        write_grid(Grid.empty(16), "tdoku")
