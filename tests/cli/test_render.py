"""Pictures: the SVG is well-formed XML with every digit, givens bold; the HTML table
is self-contained; any size works."""

import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from dimacs_sudoku.pictures import html as html_picture
from dimacs_sudoku.pictures import svg as render
from dimacs_sudoku.core.grid import SYMBOLS, Grid

from support import (INKALA, INKALA_SOLUTION, SMALL4, SMALL4_SOLUTION, in_process as command,
                     shell)

NS = {"svg": "http://www.w3.org/2000/svg"}


def pattern_grid(size, box=None):
    """A valid complete grid of any shape: the shifted-rows pattern."""
    g = Grid.empty(size, box)
    br, bc = g.layout.box
    cells = [((r % br) * bc + r // br + c) % size + 1 for r in range(size) for c in range(size)]
    grid = g.copy(cells)
    grid.check_solution()
    return grid


def blank_some(grid, keep_every=3):
    return grid.copy([d if k % keep_every == 0 else 0 for k, d in enumerate(grid.cells)])


def texts(root, kind):
    group = root.find("svg:g[@class='%s']" % kind, NS)
    return group, ([] if group is None else [t.text for t in group.findall("svg:text", NS)])


def test_svg_is_standalone_xml_with_every_digit_and_bold_givens():
    puzzle = Grid.from_line(INKALA)
    solution = Grid.from_line(INKALA_SOLUTION)
    svg = render.to_svg(solution, puzzle)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") and root.get("width") == root.get("height")
    assert root.find("svg:title", NS).text.startswith("Sudoku 9x9")
    givens, given_texts = texts(root, "givens")
    solved, solved_texts = texts(root, "solved")
    assert givens.get("font-weight") == "bold"
    assert solved.get("font-weight") == "normal"
    assert givens.get("fill") != solved.get("fill")
    assert len(given_texts) == 21 and len(solved_texts) == 60
    assert sorted(given_texts) == sorted(ch for ch in INKALA if ch != ".")
    assert set(given_texts + solved_texts) == set("123456789")
    # Thick lines: 4 vertical and 4 horizontal box borders.
    assert len(root.find("svg:g[@class='box-lines']", NS)) == 8
    assert len(root.find("svg:g[@class='cell-lines']", NS)) == 12


def test_svg_positions_match_cells():
    puzzle = Grid.from_line(SMALL4)
    root = ET.fromstring(render.to_svg(puzzle))
    _, given_texts = texts(root, "givens")
    assert given_texts == [ch for ch in SMALL4 if ch != "."]      # row by row
    group = root.find("svg:g[@class='givens']", NS)
    xs = [float(t.get("x")) for t in group]
    ys = [float(t.get("y")) for t in group]
    assert xs[0] < xs[1] and ys[0] == ys[1]                        # r1c1, r1c4
    assert ys[2] > ys[1]                                           # r2c1


def test_puzzle_without_givens_argument_draws_filled_cells_as_givens():
    root = ET.fromstring(render.to_svg(Grid.from_line(SMALL4)))
    assert texts(root, "solved")[0] is None
    assert len(texts(root, "givens")[1]) == 6


@pytest.mark.parametrize("size, box", [(4, None), (6, None), (6, (3, 2)), (8, None),
                                       (12, None), (16, None), (25, None), (36, None)])
def test_every_size(size, box):
    solution = pattern_grid(size, box)
    puzzle = blank_some(solution)
    root = ET.fromstring(render.to_svg(solution, puzzle))
    _, given_texts = texts(root, "givens")
    _, solved_texts = texts(root, "solved")
    assert len(given_texts) == puzzle.givens_count()
    assert len(given_texts) + len(solved_texts) == size * size
    expected = ({str(d) for d in range(1, size + 1)} if size > 35
                else set(SYMBOLS[:size]))
    assert set(given_texts + solved_texts) == expected
    br, bc = solution.layout.box
    assert len(root.find("svg:g[@class='box-lines']", NS)) == size // bc + size // br + 2


def test_large_grids_stay_a_readable_size():
    for size in (9, 25, 49):
        cell = render.cell_pixels(size)
        assert 14 <= cell <= 48
        assert size * cell <= 1100
        assert render.font_pixels(size, cell) >= 6


class TableParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []
        self.cells = []
        self.tags = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag != "meta":
            self.stack.append(tag)
        if tag == "td":
            self.cells.append([dict(attrs), ""])

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()

    def handle_data(self, data):
        if self.stack and self.stack[-1] == "td":
            self.cells[-1][1] += data


def parse_html(text):
    parser = TableParser()
    parser.feed(text)
    parser.close()
    assert not parser.stack
    return parser


def test_html_table_is_self_contained():
    puzzle = Grid.from_line(SMALL4)
    solution = Grid.from_line(SMALL4_SOLUTION)
    html = html_picture.to_html(solution, puzzle)
    parsed = parse_html(html)
    assert parsed.tags == {"table", "tr", "td"}          # no style, script or link
    assert len(parsed.cells) == 16
    assert "".join(text for _, text in parsed.cells) == SMALL4_SOLUTION
    given = [attrs for attrs, _ in parsed.cells if attrs.get("class") == "given"]
    solved = [attrs for attrs, _ in parsed.cells if attrs.get("class") == "solved"]
    assert len(given) == 6 and len(solved) == 10
    assert all("font-weight:bold" in attrs["style"] for attrs in given)
    assert not any("bold" in attrs["style"] for attrs in solved)


def test_html_page_and_25x25():
    solution = pattern_grid(25)
    page = html_picture.to_html(solution, blank_some(solution), page=True)
    assert page.startswith("<!DOCTYPE html>")
    parsed = parse_html(page)
    assert {"html", "head", "body", "title", "table"} <= parsed.tags
    assert len(parsed.cells) == 625
    assert {text for _, text in parsed.cells} == set(SYMBOLS[:25])


def test_notebook_bodies_and_cnf2sudoku_formats():
    from dimacs_sudoku.cli.options import render_grid as render_format
    grid = Grid.from_line(SMALL4)
    assert grid._repr_svg_() == render.to_svg(grid)
    assert grid._repr_html_() == html_picture.to_html(grid)
    svg = render_format(grid, "svg", None)
    assert svg.endswith("</svg>\n")
    ET.fromstring(svg)
    assert render_format(grid, "html", grid).startswith("<table")


@pytest.mark.slow
def test_svg_output_holds_one_drawing(tmp_path):
    """Several grids in SVG would be several documents in one file: each command
    refuses the second one (exit 2), writes nothing, and names --format html."""
    (tmp_path / "two.txt").write_text(INKALA + "\n" + INKALA + "\n")
    (tmp_path / "one.txt").write_text(INKALA + "\n")
    run = command("sudoku-solve", "two.txt", "--format", "svg", "-o", "out.svg", cwd=tmp_path)
    assert run.returncode == 2 and "--format html" in run.stderr
    assert not (tmp_path / "out.svg").exists()
    run = command("sudoku-solve", "one.txt", "--format", "svg", cwd=tmp_path)
    assert run.returncode == 0
    ET.fromstring(run.stdout)
    run = command("sudoku-gen", "--count", "2", "--format", "svg")
    assert run.returncode == 2 and run.stdout == ""
    run = shell("sudoku2cnf one.txt | cnfsolve | cnf2sudoku -F svg", cwd=tmp_path)
    assert run.returncode == 0
    ET.fromstring(run.stdout)
    two_models = ("s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8 0\n"        # 1221 and 2112
                  "s SATISFIABLE\nv -1 2 3 -4 5 -6 -7 8 0\n")
    run = command("cnf2sudoku", "-n", "2", "-b", "1x2", "-F", "svg", input=two_models)
    assert run.returncode == 2 and run.stdout == "" and "several models" in run.stderr
    run = command("cnf2sudoku", "-n", "2", "-b", "1x2", "-F", "html", input=two_models)
    assert run.returncode == 0 and run.stdout.count("<table") == 2
