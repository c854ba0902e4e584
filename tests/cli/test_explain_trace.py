"""sudoku-explain --trace run in this process: the DPLL run's lines per puzzle, the
limit, and the options it does not take."""

import pytest

from support import SMALL4, in_process

PROG = "sudoku-explain"


def test_trace_is_the_puzzle_line_then_one_line_an_event():
    result = in_process(PROG, "--trace", input=SMALL4 + "\n" + "." * 16 + "\n")
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.split("\n\n")
    assert blocks[-1] == "" and len(blocks) == 3
    first, second = (block.splitlines() for block in blocks[:2])
    assert first[0] == "puzzle: " + SMALL4
    assert first[1].startswith("given r1c1=")
    assert first[-1].startswith("solution after 0 decisions: ")
    assert any(line.lstrip().startswith("decide ") for line in second)
    assert second[-1].startswith("solution after ")


def test_trace_limit_stops_with_a_line():
    result = in_process(PROG, "--trace", "--trace-limit", "5", input=SMALL4)
    assert result.returncode == 0 and result.stdout.endswith("\n\n")
    lines = result.stdout[:-2].splitlines()
    assert len(lines) == 1 + 5 + 1
    assert lines[-1] == "stopped after 5 events (raise --trace-limit to see more)"


@pytest.mark.parametrize("args", [["--json"], ["--hint"], ["-F", "json"],
                                  ["--trace-limit", "-1"]])
def test_trace_refuses_what_it_does_not_take(args):
    result = in_process(PROG, "--trace", *args, input=SMALL4)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
