"""Pictures of explanation steps (pictures/steps.py): the SVG parses, a hand-made step
highlights exactly its unit, facts and derived candidates, an HTML page holds one frame
per step."""

import xml.etree.ElementTree as ET

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.pictures.marks import Geometry
from dimacs_sudoku.pictures.steps import candidate_state, step_svg, steps_html
from dimacs_sudoku.pictures.svg import cell_pixels

NS = {"s": "http://www.w3.org/2000/svg"}
PUZZLE = Grid.from_line("1..4" "4..." "...3" "3..1")

# Row 1 needs a 2; r1c3!=2 is known, so r1c2 is the only place left for it.
HIDDEN_SINGLE = {"name": "hidden single",
                 "text": "row 1 needs a 2 and only r1c2 can hold it",
                 "derives": ["r1c2=2"], "facts": ["r1c3!=2"],
                 "clauses": [[2, 6, 10, 14]], "cost": 1.4}
ELIMINATION = {"name": "elimination", "text": "r1c1=1: no other 1 in row 1",
               "derives": ["r1c2!=1", "r1c3!=1"], "facts": ["r1c1=1"],
               "clauses": [[-1, -5], [-1, -9]], "cost": 0.2}
REFUTATION = {"name": "refutation", "text": "if r2c2=3 then ...", "derives": ["r2c2!=3"],
              "facts": [], "clauses": [], "assume": ["r2c2=3"],
              "steps": [{"name": "clash", "text": "column 2 has no place for a 3",
                         "derives": ["false"], "facts": [], "clauses": [], "cost": 1}],
              "cost": 2.4}


def rect_cells(group):
    """The cells of the <rect> elements of a group, from their corners (in the grid's
    own <svg>, placed inside the frame)."""
    geometry = Geometry(4, cell_pixels(4), 4)
    found = set()
    for rect in group.iter("{%s}rect" % NS["s"]):
        x, y = float(rect.get("x")), float(rect.get("y"))
        c = int((x - geometry.margin) // geometry.cell)
        r = int((y - geometry.margin) // geometry.cell)
        found.add(r * 4 + c)
    return found


def groups(svg, name, marks=False):
    """The <g> elements of class ``name`` (with ``marks``, only pencil marks)."""
    root = ET.fromstring(svg)
    return [g for g in root.iter("{%s}g" % NS["s"])
            if name in (g.get("class") or "").split()
            and (not marks or "pencil-marks" in g.get("class"))]


def test_a_frame_is_svg_that_parses():
    for step in (HIDDEN_SINGLE, ELIMINATION, REFUTATION):
        root = ET.fromstring(step_svg(PUZZLE, step, number=3))
        assert root.tag == "{%s}svg" % NS["s"]


def test_hidden_single_highlights_its_unit_and_places_its_digit():
    svg = step_svg(PUZZLE, HIDDEN_SINGLE)
    (units,) = groups(svg, "used-units")
    assert rect_cells(units) == {0, 1, 2, 3}                   # row 1
    (placed,) = groups(svg, "derived-placement")
    assert [t.text for t in placed] == ["2"]
    (cells,) = groups(svg, "derived-cells")
    assert rect_cells(cells) == {1}
    (known,) = groups(svg, "known-out", marks=True)            # the fact r1c3!=2
    assert [t.text for t in known] == ["2"]
    assert not groups(svg, "used-rules") and not groups(svg, "assumed")


def test_elimination_outlines_the_fact_and_strikes_the_derived_candidates():
    svg = step_svg(PUZZLE, ELIMINATION)
    (facts,) = groups(svg, "facts")
    assert rect_cells(facts) == {0}
    removed = groups(svg, "removed", marks=True)
    texts = [t.text for g in removed for t in g.iter("{%s}text" % NS["s"])]
    assert texts == ["1", "1"]
    assert not groups(svg, "used-units")                       # binary clauses only


def test_refutation_outlines_the_assumption_and_lists_its_sub_steps():
    svg = step_svg(PUZZLE, REFUTATION, number=7)
    (assumed,) = groups(svg, "assumed")
    assert rect_cells(assumed) == {5}
    root = ET.fromstring(svg)
    caption = " ".join(t.text for g in groups(svg, "caption") for t in g)
    assert caption.startswith("Step 7, refutation: if r2c2=3")
    assert "1. clash: column 2 has no place for a 3" in caption
    assert root.find("s:title", NS).text.startswith("Step 7, refutation")


def test_the_state_before_a_step_shows_what_earlier_steps_derived():
    steps = [ELIMINATION, HIDDEN_SINGLE]
    states = list(candidate_state(PUZZLE, steps))
    assert states[0] == (list(PUZZLE.cells), set())
    assert states[1][1] == {(1, 1), (2, 1)}
    svg = step_svg(PUZZLE, HIDDEN_SINGLE, states[1])
    open_marks = [t.text for g in groups(svg, "open", marks=True) for t in g]
    # 10 blank cells: r1c2 is placed by the step, r1c3 lost its 1 before it
    assert open_marks.count("1") == 10 - 1 - 1
    assert open_marks.count("2") == 10 - 1 - 1              # r1c3!=2 is a fact, struck


def test_html_page_holds_one_frame_per_step():
    page = steps_html(PUZZLE, [ELIMINATION, HIDDEN_SINGLE, REFUTATION])
    assert page.count('<figure class="step"') == 3
    assert page.count("<svg ") == 6                            # a frame wraps its grid
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
