"""The progress bar, as a person sees it: the commands run on a pseudo-terminal that is
both their stdout and their stderr, and the screen is rebuilt from what they wrote."""

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios

import pytest

from support import BIN, INKALA, INKALA_SOLUTION, SMALL4, SMALL4_SOLUTION

from dimacs_sudoku.cli import progress

# Redraw the bar after every puzzle: the worst case for garbling.
EAGER = {"DIMACS_SUDOKU_PROGRESS_INTERVAL": "0"}


def on_terminal(prog, *args, stdin=None, columns=80, cwd=None):
    """Run bin/PROG with stdout and stderr on one new pseudo-terminal of ``columns``
    columns; return (exit code, bytes written to the terminal)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = dict(os.environ, **EAGER)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    with open(stdin or os.devnull, "rb") as source:
        child = subprocess.Popen([sys.executable, str(BIN / prog), *map(str, args)],
                                 stdin=source, stdout=slave, stderr=slave, env=env,
                                 cwd=cwd, close_fds=True)
    os.close(slave)
    written = bytearray()
    while True:
        try:
            block = os.read(master, 65536)
        except OSError:             # EIO: the child closed the terminal
            break
        if not block:
            break
        written += block
    os.close(master)
    return child.wait(timeout=120), bytes(written)


def screen(written, columns=80):
    """The lines a terminal of ``columns`` columns shows after ``written``: carriage
    returns move to the start of the line, text overwrites, long lines wrap."""
    lines, column = [[]], 0
    for char in written.decode("utf-8"):
        if char == "\r":
            column = 0
        elif char == "\n":
            lines.append([])
            column = 0
        else:
            if column == columns:
                lines.append([])
                column = 0
            line = lines[-1]
            line.extend(" " * (column + 1 - len(line)))
            line[column] = char
            column += 1
    shown = ["".join(line).rstrip() for line in lines]
    while shown and not shown[-1]:
        shown.pop()
    return shown


def test_screen_model():
    assert screen(b"[##  ] 1 puzzles\r                \rabc\r\nde") == ["abc", "de"]
    assert screen(b"[##  ] 1 puzzles\r\nabc") == ["[##  ] 1 puzzles", "abc"]
    assert screen(b"abcdef", columns=4) == ["abcd", "ef"]


@pytest.mark.slow
@pytest.mark.parametrize("columns", [80, 40])
def test_sudoku_solve_results_are_never_glued_to_the_bar(tmp_path, columns):
    puzzles = [SMALL4] * 20 + ["1..44......33..x"] + [INKALA] * 5
    (tmp_path / "p.txt").write_text("\n".join(puzzles) + "\n")
    code, written = on_terminal("sudoku-solve", "--format", "line", "p.txt", cwd=tmp_path,
                                columns=columns)
    assert code == 9
    assert re.search(rb"\[#* *\] +\d+%", written)    # the bar was drawn, between results
    lines = screen(written, columns)
    error = "p.txt:21: bad symbol 'x' in column 16 (a 4x4 grid uses 1-4)"
    expected = [SMALL4_SOLUTION] * 20 + ["sudoku-solve: " + error, "error\t" + error]
    expected += [INKALA_SOLUTION] * 5
    # Each result on a line of its own (wrapped as the terminal wraps long lines),
    # then the summary line.
    expected = screen("\n".join(expected).encode(), columns)
    assert lines[:len(expected)] == expected
    summary = "".join(lines[len(expected):])
    assert summary.startswith("sudoku-solve: 26 puzzles: 25 solved")
    assert "ETA" not in summary


@pytest.mark.slow
def test_sudoku_solve_on_a_terminal_defaults_to_grids(tmp_path):
    (tmp_path / "p.txt").write_text((SMALL4 + "\n") * 3)
    code, written = on_terminal("sudoku-solve", "p.txt", cwd=tmp_path)
    assert code == 0
    lines = screen(written)
    assert lines[:7] == ["+-----+-----+", "| 1 2 | 3 4 |", "| 4 3 | 1 2 |",
                         "+-----+-----+", "| 2 1 | 4 3 |", "| 3 4 | 2 1 |",
                         "+-----+-----+"]
    assert lines.count("+-----+-----+") == 9
    assert "".join(lines[-2:]).startswith("sudoku-solve: 3 puzzles: 3 solved")
    assert not any("ETA" in line for line in lines)


@pytest.mark.slow
def test_the_bar_counts_puzzles_not_lines(tmp_path):
    # Three grids of nine lines each: 3 puzzles (and 29 lines).
    grid = "\n".join(INKALA[9 * r:9 * r + 9] for r in range(9))
    (tmp_path / "p.sdk").write_text("\n\n".join([grid] * 3) + "\n")
    code, written = on_terminal("sudoku-solve", "-F", "line", "p.sdk", cwd=tmp_path,
                                columns=120)
    assert code == 0
    counts = [int(n) for n in re.findall(rb"(\d+) puzzles", written)]
    assert counts and max(counts) == 3
    assert b"100%  3 puzzles" in written
    assert screen(written, 120)[:3] == [INKALA_SOLUTION] * 3


@pytest.mark.slow
def test_sudoku_grade_shows_progress_without_garbling(tmp_path):
    (tmp_path / "a.txt").write_text((SMALL4 + "\n") * 4)
    (tmp_path / "b.txt").write_text(INKALA + "\n")
    code, written = on_terminal("sudoku-grade", "a.txt", "b.txt", cwd=tmp_path,
                                columns=120)
    assert code == 0
    assert b"ETA" in written
    lines = screen(written, 120)
    assert lines[:5] == [SMALL4 + "\tup\t0"] * 4 + [INKALA + "\tsearch\t89"]
    assert lines[5].startswith("sudoku-grade: 5 puzzles graded")
    assert not any("ETA" in line for line in lines)


@pytest.mark.slow
def test_sudoku_gen_shows_progress_without_garbling(tmp_path):
    args = ("--count", "6", "--size", "4", "--seed", "5", "--format", "line")
    piped = subprocess.run([sys.executable, str(BIN / "sudoku-gen"), *args],
                           capture_output=True, text=True, timeout=120)
    code, written = on_terminal("sudoku-gen", *args)
    assert code == 0
    assert b"/6 puzzles" in written and b"ETA" in written
    # Redrawn during each puzzle too (at each uniqueness check), not only between them.
    assert written.count(b"0/6 puzzles") > 1
    assert screen(written) == piped.stdout.splitlines() + ["sudoku-gen: seed 5"]


@pytest.mark.slow
def test_no_bar_in_a_pipe_unless_asked():
    done = subprocess.run([sys.executable, str(BIN / "sudoku-solve")], input=SMALL4 + "\n",
                          capture_output=True, text=True, timeout=60, env=dict(os.environ,
                                                                              **EAGER))
    assert (done.stdout, done.stderr) == (SMALL4_SOLUTION + "\n", "")
    done = subprocess.run([sys.executable, str(BIN / "sudoku-solve"), "--progress"],
                          input=(SMALL4 + "\n").encode(), capture_output=True, timeout=60,
                          env=dict(os.environ, **EAGER))
    assert done.stdout == (SMALL4_SOLUTION + "\n").encode()
    assert b"1 puzzles" in done.stderr and done.stderr.endswith(b"\r")


def test_bar_text():
    bar = progress.Progress(total=10, unit="puzzles")
    bar.done, bar.started = 4, 0.0
    assert bar.text(now=2.0) == "[########            ]  40%  4/10 puzzles  2.0/s  ETA 3s"
    bar.done = 0
    assert bar.text(now=75.0) == "[                    ]   0%  0/10 puzzles  0.0/s  1m15s"
    bar = progress.Progress()
    bar.size = 1000
    list(bar.lines(["x" * 249 + "\n"]))
    bar.done, bar.started = 25, 0.0
    assert bar.text(now=10.0) == "[#####               ]  25%  25 puzzles  2.5/s  ETA 30s"
    bar.size = None
    assert bar.text(now=10.0) == "25 puzzles  2.5/s  10s"


def test_measure_knows_the_size_of_plain_files_only(tmp_path):
    (tmp_path / "a.txt").write_text("x" * 100)
    (tmp_path / "b.txt").write_text("y" * 20)
    (tmp_path / "c.txt.gz").write_bytes(b"")
    bar = progress.Progress()
    bar.measure([tmp_path / "a.txt", tmp_path / "b.txt"])
    assert bar.size == 120
    bar.measure([tmp_path / "a.txt", tmp_path / "c.txt.gz"])
    assert bar.size is None


@pytest.mark.slow
def test_sudoku_gen_on_a_terminal_defaults_to_grids():
    code, written = on_terminal("sudoku-gen", "--size", "4", "--seed", "3", "--no-progress")
    assert code == 0
    lines = screen(written)
    assert lines[0] == lines[3] == lines[6] == "+-----+-----+"
    assert len(lines) == 7      # the blank line after the grid is trimmed
