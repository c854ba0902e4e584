"""sudoku-explain run in this process: the text and JSON records, one per puzzle, the
solution line that sudoku-solve prints, hints from a state, and bad input as the other
batch commands take it."""

import json

import pytest

from support import PENCIL_LIBRARY, SMALL4, SMALL4_SOLUTION, in_process

PROG = "sudoku-explain"


def test_text_is_one_line_a_step_then_the_grid():
    result = in_process(PROG, input=SMALL4 + "\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "puzzle: " + SMALL4
    assert lines[1].startswith(" 1. elimination: r1c1=1: ")
    said = next(line for line in lines if line.startswith("solved in "))
    assert lines[lines.index(said) + 1].startswith("+-")
    assert "| 1 2 | 3 4 |" in lines
    assert result.stdout.endswith("\n\n")


def test_json_is_one_object_a_puzzle_with_the_solution_sudoku_solve_prints():
    result = in_process(PROG, "--json", input=SMALL4 + "\n" + "1..4" + "." * 12 + "\n")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 2
    assert list(records[0]) == ["puzzle", "solution", "rating", "steps"]
    assert records[0]["solution"] == SMALL4_SOLUTION
    solved = in_process("sudoku-solve", input=SMALL4 + "\n").stdout.split()[0]
    assert solved == SMALL4_SOLUTION
    step = records[0]["steps"][0]
    assert list(step) == ["name", "text", "derives", "facts", "clauses", "cost"]
    assert step["facts"] == ["r1c1=1"] and [-1, -2] in step["clauses"]


def test_format_json_is_json():
    assert in_process(PROG, "-F", "json", input=SMALL4).stdout == \
        in_process(PROG, "--json", input=SMALL4).stdout


def test_a_bad_puzzle_is_its_error_line_and_the_others_go_on():
    result = in_process(PROG, "--json", input=SMALL4 + "\n" + "1x.." * 4 + "\n" + SMALL4)
    assert result.returncode == 9
    lines = result.stdout.splitlines()
    assert len(lines) == 3
    assert "error" in json.loads(lines[1]) and json.loads(lines[1])["line"] == 2
    assert json.loads(lines[2])["puzzle"] == SMALL4
    assert len(result.stderr.splitlines()) == 1 and ":2:" in result.stderr
    text = in_process(PROG, input="1x.." * 4 + "\n")
    assert text.stdout.startswith("error\t") and text.returncode == 9


def test_hint_gives_the_next_step_only(tmp_path):
    state = tmp_path / "state.txt"
    state.write_text("# r1c1=1 leaves no other digit there\nr1c1!=2 r1c1!=3, r1c1!=4\n")
    result = in_process(PROG, "--hint", "--json", input=SMALL4)
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(record["steps"]) == 1 and record["steps"][0]["facts"] == ["r1c1=1"]
    result = in_process(PROG, "--hint", "--state", state, input=SMALL4)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1].startswith("1. elimination: r1c1=1: no other 1")


def test_a_pencil_mark_puzzle_knows_its_removed_candidates_from_the_start(tmp_path):
    from dimacs_sudoku.formats import puzzles_from_text
    from dimacs_sudoku.pictures.steps import candidate_state
    removed = ["r1c1!=%d" % d for d in (2, 4, 5, 6, 9)]
    done = in_process(PROG, "--json", input=PENCIL_LIBRARY + "\n")
    assert done.returncode == 0, done.stderr
    (record,) = [json.loads(line) for line in done.stdout.splitlines()]
    derived = {lit for step in record["steps"] for lit in step["derives"]}
    assert not derived & set(removed) and "r1c1=8" in derived
    state = tmp_path / "state.txt"
    state.write_text("r1c1!=1 r1c1!=3 r1c1!=7\n")      # with the removed ones: r1c1=8
    runs = [json.loads(in_process(PROG, *args, "--json", "--state", state,
                                  input=PENCIL_LIBRARY + "\n").stdout)["steps"]
            for args in (["--hint"], [])]
    assert runs[0] == runs[1][:1]
    (placed,) = [step for step in runs[1] if "r1c1=8" in step["derives"]]
    assert placed["name"] == "naked single" and set(placed["facts"]) == set(removed) | {
        "r1c1!=1", "r1c1!=3", "r1c1!=7"}
    grid, = puzzles_from_text(PENCIL_LIBRARY + "\n")
    (cells, out), = candidate_state(grid, record["steps"][:1])
    assert out == {(0, d) for d in (2, 4, 5, 6, 9)}


def test_an_explanation_past_the_probe_budget_is_said_and_exit_5(monkeypatch):
    from dimacs_sudoku.tasks import explain as explaining
    from support import INKALA
    monkeypatch.setattr(explaining, "PROBE_BUDGET", 1)
    text = INKALA + "\n" + SMALL4 + "\n"
    one = in_process(PROG, input=text)
    assert one.returncode == 5, one.stderr
    assert one.stdout.count("stopped: the search for the next step went past") == 1
    assert "solved in" in one.stdout                    # the 4x4 puzzle
    many = in_process(PROG, "-j", "2", input=text)
    assert (many.returncode, many.stdout) == (5, one.stdout)
    hinted = in_process(PROG, "--hint", "--json", input=INKALA + "\n")
    assert hinted.returncode == 0                       # its first step needs no probe
    assert in_process(PROG, "--json", input=text + "1..4\n").returncode == 9  # 9 first
    monkeypatch.setattr(explaining, "PROBE_BUDGET", 60_000)
    assert in_process(PROG, "--budget", "1", input=text).stdout == one.stdout
    assert "solved in" in in_process(PROG, "--budget", "0", input=INKALA).stdout
    refused = in_process(PROG, "--budget", "-1", input=INKALA)
    assert refused.returncode == 2 and "--budget must be 0 or more" in refused.stderr


def test_a_wrong_fact_in_the_state_is_said(tmp_path):
    state = tmp_path / "state.txt"
    state.write_text("r1c2=3\n")
    result = in_process(PROG, "--hint", "--state", state, input=SMALL4)
    assert result.returncode == 0
    assert "1. wrong fact: r1c2=3 is wrong" in result.stdout
    assert "the state holds a wrong fact: r1c2=3" in result.stdout
    record = json.loads(in_process(PROG, "--json", "--state", state, input=SMALL4).stdout)
    assert [step["derives"] for step in record["steps"]] == [["r1c2!=3"]]


def test_a_bad_fact_names_the_state_file_and_line(tmp_path):
    state = tmp_path / "state.txt"
    state.write_text("r1c1!=2\nr9c9=1\n")
    result = in_process(PROG, "--hint", "--state", state, input=SMALL4)
    assert result.returncode == 9
    assert "state.txt:2:" in result.stderr and len(result.stderr.splitlines()) == 1
    missing = in_process(PROG, "--hint", "--state", tmp_path / "none.txt", input=SMALL4)
    assert missing.returncode == 8 and "none.txt" in missing.stderr


def test_a_grid_above_16x16_is_its_error_line_and_the_others_go_on():
    # It was a usage error (exit 2) that ended the run: the puzzles after it were lost.
    big = " ".join(["0"] * 625)
    result = in_process(PROG, "--json", input=SMALL4 + "\n" + big + "\n" + SMALL4 + "\n")
    assert result.returncode == 9
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and json.loads(lines[1])["line"] == 2
    assert "16x16" in json.loads(lines[1])["error"]
    assert json.loads(lines[0])["puzzle"] == json.loads(lines[2])["puzzle"] == SMALL4
    assert result.stderr.splitlines() == [
        "sudoku-explain: <stdin>:2: explanation takes grids up to 16x16, not 25x25 "
        "(larger ones take minutes and gigabytes)"]
    asked = in_process(PROG, "--size", "25", input=big + "\n")
    assert asked.returncode == 2 and asked.stdout == ""
    assert asked.stderr == ("sudoku-explain: --size 25: explanation takes grids up to "
                            "16x16 (larger ones take minutes and gigabytes)\n")
    for option in ("--hint", "--trace"):
        one = in_process(PROG, option, input=big + "\n" + SMALL4 + "\n")
        assert one.returncode == 9 and one.stdout.startswith("error\t"), option
        assert len(one.stderr.splitlines()) == 1 and "<stdin>:1: " in one.stderr
        assert one.stdout.count("error\t") == 1 and len(one.stdout.splitlines()) > 1


def test_no_solution_and_several_solutions_are_said():
    result = in_process(PROG, input="..23.1..4.......\n12..34..........\n")
    assert result.returncode == 0, result.stderr
    assert "no solution: the minimal clash is " in result.stdout
    assert "several solutions: the steps stop where they branch" in result.stdout


def test_unknown_format_is_a_usage_error():
    result = in_process(PROG, "--format", "nope", input=SMALL4)
    assert result.returncode == 2 and "--format" in result.stderr


@pytest.mark.parametrize("args", [["--json", "--format", "text"], []])
def test_output_file_is_written_whole(tmp_path, args):
    out = tmp_path / "steps.txt"
    result = in_process(PROG, "-o", out, *args, input=SMALL4)
    assert result.returncode == 0 and result.stdout == ""
    assert out.read_text().startswith(("puzzle: ", "{"))


def test_a_state_is_known_from_the_start_of_an_explanation(tmp_path):
    whole = json.loads(in_process(PROG, "--json", input=SMALL4).stdout)
    state = tmp_path / "state.txt"
    state.write_text(" ".join(whole["steps"][0]["derives"]) + "\n")
    later = json.loads(in_process(PROG, "--json", "--state", state, input=SMALL4).stdout)
    assert later["steps"][0] == whole["steps"][1]
    assert later["solution"] == whole["solution"]


def test_clashing_givens_are_a_one_step_clash():
    record = json.loads(in_process(PROG, "--json", input="11" + "." * 14).stdout)
    assert record["solution"] is None
    assert record["steps"] == [{"name": "clash", "text": "r1c1=1 and r1c2=1 clash "
                                "(r1c1=1 r1c2=1)", "derives": ["false"],
                                "facts": ["r1c1=1", "r1c2=1"], "clauses": [[-1, -5]],
                                "cost": 0.23}]
