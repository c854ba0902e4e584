"""sudoku-grade --rating run in this process: the fourth column is the rating of the
puzzle's explanation, - above the largest grid explained."""

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.tasks.explain import explain_puzzle

from support import INKALA, SMALL4, in_process

PROG = "sudoku-grade"


def test_rating_is_a_fourth_column_the_explanations_rating():
    result = in_process(PROG, "--rating", input=SMALL4 + "\n" + INKALA + "\n")
    assert result.returncode == 0, result.stderr
    rows = [line.split("\t") for line in result.stdout.splitlines()]
    assert [len(row) for row in rows] == [4, 4]
    assert rows[0][:3] == [SMALL4, "up", "0"]
    for row in rows:
        assert row[3] == "%.2f" % explain_puzzle(Grid.from_line(row[0])).rating
    # a harder puzzle rates higher
    assert float(rows[1][3]) > float(rows[0][3])


def test_without_rating_three_columns():
    result = in_process(PROG, input=SMALL4 + "\n")
    assert result.stdout.split("\t") == [SMALL4, "up", "0\n"]


def test_rating_of_a_grid_above_16x16_is_a_dash():
    n = 25
    cells = [((r * 5 + r // 5 + c) % n) + 1 for r in range(n) for c in range(n)]
    cells[0] = 0
    puzzle = Grid(cells).to_line()
    result = in_process(PROG, "--rating", input=puzzle + "\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip("\n").split("\t")[1:] == ["up", "0", "-"]


def test_a_bad_puzzle_keeps_its_error_line():
    result = in_process(PROG, "--rating", input=SMALL4 + "\n" + "1x.." * 4 + "\n")
    assert result.returncode == 9
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and lines[1].startswith("error\t")
