"""Pictures of variant puzzles: well-formed SVG with each rule's marks."""

import xml.etree.ElementTree as ET

import pytest

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.formats.variant import read_variant
from dimacs_sudoku.pictures.svg import variant_svg
from dimacs_sudoku.sat.pycosat_backend import solve_variant
from dimacs_sudoku.rules.registry import finish, parse_rule
from test_variants_puzzles import PUZZLES
from test_variants_random import SAMPLES9

SVG = "{http://www.w3.org/2000/svg}"

# The class of an element each rule draws (rules that draw nothing are absent).
MARKS = {"diagonals": "diagonal-", "windoku": "window", "jigsaw": "regions",
         "region": "region", "killer": "cage", "littlekiller": "clue", "sandwich": "clue",
         "arrow": "arrow", "thermo": "thermo", "white": "dot", "black": "dot",
         "xv": "dot-label", "odd": "odd", "even": "even", "whispers": "whispers",
         "renban": "renban", "between": "between-end", "palindrome": "palindrome",
         "clone": "clone", "minimum": "minimum", "maximum": "maximum",
         "quadruple": "quadruple", "columnindexer": "columnindexer",
         "rowindexer": "rowindexer", "boxindexer": "boxindexer", "regionsum": "regionsum",
         "zipper": "zipper", "entropic": "entropic",
         "xsum": "xsum", "skyscraper": "skyscraper"}


def classes(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return {element.get("class") for element in root.iter()}


@pytest.mark.parametrize("lines", SAMPLES9, ids=[" / ".join(s)[:40] for s in SAMPLES9])
def test_each_rule_draws_its_mark(lines):
    rules = finish([parse_rule(line, 9) for line in lines], 9)
    found = classes(variant_svg(Grid.empty(9), rules))
    for rule in rules:
        if rule.name in MARKS:
            assert MARKS[rule.name] in found, rule.name


def test_a_jigsaw_has_no_box_lines():
    givens, lines, _ = PUZZLES["jigsaw"]
    grid, rules = read_variant([givens] + lines)
    found = classes(variant_svg(grid, rules))
    assert "regions" in found and "box-lines" not in found


def test_clues_outside_widen_the_picture():
    givens, lines, _ = PUZZLES["sandwich-arrow-littlekiller"]
    grid, rules = read_variant([givens] + lines)
    solution = solve_variant(grid, rules)[0]
    root = ET.fromstring(variant_svg(solution, rules, givens=grid))
    plain = ET.fromstring(variant_svg(solution, []))
    assert int(root.get("width")) == int(plain.get("width")) + 2 * 48
    texts = [t.text for t in root.iter(SVG + "text")]
    assert texts.count("14") >= 1 and len(texts) >= 81 + 11
