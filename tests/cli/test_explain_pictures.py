"""sudoku-explain --format svg / html-page run in this process: one frame per step,
--step picks it, a step beyond the last is the puzzle's error line."""

import json
import xml.etree.ElementTree as ET

import pytest

from support import SMALL4, in_process

PROG = "sudoku-explain"


def steps_of(puzzle):
    return json.loads(in_process(PROG, "--json", input=puzzle).stdout)["steps"]


def test_svg_is_the_picture_of_the_chosen_step():
    steps = steps_of(SMALL4)
    for k in (1, len(steps)):
        result = in_process(PROG, "-F", "svg", "--step", str(k), input=SMALL4)
        assert result.returncode == 0, result.stderr
        root = ET.fromstring(result.stdout)
        title = root.find("{http://www.w3.org/2000/svg}title").text
        assert title.startswith("Step %d, %s: " % (k, steps[k - 1]["name"]))


def test_svg_without_step_is_the_first():
    assert in_process(PROG, "-F", "svg", input=SMALL4).stdout == \
        in_process(PROG, "-F", "svg", "--step", "1", input=SMALL4).stdout


def test_html_page_is_one_page_a_section_per_puzzle_a_frame_per_step():
    other = "." * 16
    result = in_process(PROG, "-F", "html-page",
                        input=SMALL4 + "\n" + "1x.." * 4 + "\n" + other)
    assert result.returncode == 9
    page = result.stdout
    assert page.startswith("<!DOCTYPE html>") and page.count("<html") == 1
    assert page.rstrip().endswith("</html>")
    assert page.count('<section class="puzzle">') == 2
    assert page.count('<p class="error">error: &lt;stdin&gt;:2: ') == 1
    first = page[:page.index('<p class="error">')]
    assert first.count('<figure class="step"') == len(steps_of(SMALL4))


def test_a_step_beyond_the_last_is_an_error_line():
    result = in_process(PROG, "-F", "svg", "--step", "999", input=SMALL4)
    assert result.returncode == 9
    assert result.stdout.startswith("error\t<stdin>:1: the explanation has ")


@pytest.mark.parametrize("args", [["--step", "2"], ["--json", "--step", "2"],
                                  ["-F", "svg", "--step", "0"]])
def test_step_goes_with_svg_only(args):
    result = in_process(PROG, *args, input=SMALL4)
    assert result.returncode == 2 and result.stdout == ""
