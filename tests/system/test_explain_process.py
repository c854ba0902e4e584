"""sudoku-explain as a process: bin/'s script, a signal in the middle of a long
explanation, a full disk; and the slow replay of hard 9x9 explanations."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from support import BIN, INKALA, INKALA_SOLUTION, SMALL4, command

pytestmark = pytest.mark.slow


def test_the_script_explains_and_its_json_is_the_in_process_one():
    result = command("sudoku-explain", "--json", input=SMALL4 + "\n")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["solution"] == "1234431221433421"
    from dimacs_sudoku import Grid
    from dimacs_sudoku.tasks.explain import explain_puzzle
    assert record == explain_puzzle(Grid.from_line(SMALL4)).to_json()


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM],
                         ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_a_long_explanation_at_once(tmp_path, number):
    (tmp_path / "p.txt").write_text((INKALA + "\n") * 50)
    (tmp_path / "out.txt").write_text("precious\n")
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    process = subprocess.Popen([sys.executable, str(BIN / "sudoku-explain"), "p.txt", "-o",
                                "out.txt"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                                signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".*.part")):
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    time.sleep(0.5)
    sent = time.monotonic()
    process.send_signal(number)
    try:
        out, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the signal did not stop sudoku-explain")
    assert time.monotonic() - sent < 5
    assert process.returncode == 128 + number
    assert err.decode() == ("sudoku-explain: interrupted\n" if number == signal.SIGINT
                            else "")
    assert (tmp_path / "out.txt").read_text() == "precious\n"
    assert not list(tmp_path.glob(".*.part"))


def test_a_full_disk_is_exit_8():
    result = command("sudoku-explain", "-o", "/dev/full", input=SMALL4 + "\n")
    assert result.returncode == 8 and "No space left on device" in result.stderr


def test_inkala_is_explained_to_its_solution_and_every_step_replays():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "unit"))
    from test_explain_steps import check_explanation
    from dimacs_sudoku import Grid
    from dimacs_sudoku.tasks.explain import explain_puzzle
    grid = Grid.from_line(INKALA)
    explanation = explain_puzzle(grid)
    assert explanation.status == "solved"
    result = explanation.to_json()
    assert result["solution"] == INKALA_SOLUTION
    known = check_explanation(grid, result)
    assert all(cell * 9 + int(d) in known for cell, d in enumerate(INKALA_SOLUTION))


def test_a_hard_9x9_puzzle_replays_with_assumptions():
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "unit"))
    from test_explain_steps import check_explanation
    from dimacs_sudoku import Grid
    from dimacs_sudoku.tasks.explain import explain_puzzle
    # The first of magictour's top 1465: singles alone do not solve it.
    line = ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9..."
            ".....")
    grid = Grid.from_line(line)
    explanation = explain_puzzle(grid)
    assert explanation.status == "solved"
    result = explanation.to_json()
    assert any("assume" in step for step in result["steps"])
    known = check_explanation(grid, result)
    assert all(cell * 9 + int(d) in known for cell, d in enumerate(result["solution"]))
    assert explanation.grid_reached().to_line() == result["solution"]
