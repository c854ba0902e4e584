"""sudoku2cnf as a user runs it: counts, header comments, errors, several puzzles."""

import os

import pytest
from hypothesis import given, settings, strategies as st

from support import INKALA, SMALL4, in_process as command, header, no_traceback

EMPTY = {4: "." * 16, 6: "." * 36, 9: "." * 81}


@pytest.mark.parametrize("size, encoding, expected", [
    (4, "extended", (64, 384)),
    (4, "efficient", (64, 336)),
    (4, "minimal", (64, 240)),
    (6, "extended", (216, 1980)),
    (6, "efficient", (216, 1872)),
    (6, "minimal", (216, 1332)),
    (9, "extended", (729, 10530)),
    (9, "efficient", (729, 10287)),
    (9, "minimal", (729, 7371)),
])
def test_empty_grid_counts(size, encoding, expected):
    done = command("sudoku2cnf", "--encoding", encoding, input=EMPTY[size] + "\n")
    assert done.returncode == 0, done.stderr
    assert header(done.stdout) == expected
    clauses = [line for line in done.stdout.splitlines() if line and line[0] not in "cp"]
    assert len(clauses) == expected[1]
    assert len(set(clauses)) == expected[1], "duplicate clauses"
    assert all(line.endswith(" 0") for line in clauses)


def test_givens_are_unit_clauses_and_header_describes_the_file():
    done = command("sudoku2cnf", input=INKALA + "\n")
    assert done.returncode == 0
    assert header(done.stdout) == (729, 10530 + 21)
    comments = [line for line in done.stdout.splitlines() if line.startswith("c ")]
    text = "\n".join(comments)
    for fact in ("dimacs-sudoku", "size: 9", "box: 3x3", "encoding: extended",
                 "puzzle: " + INKALA, "givens: 21"):
        assert fact in text
    units = [line for line in done.stdout.splitlines()
             if line and line[0] not in "cp" and len(line.split()) == 2]
    # r1c1 holds 8: v = (0*9 + 0)*9 + 7 + 1 = 8
    assert "8 0" in units and len(units) == 21


def test_box_shape_option():
    grid_6x6_3x2 = "." * 36
    done = command("sudoku2cnf", "--box", "3x2", input=grid_6x6_3x2)
    assert done.returncode == 0, done.stderr
    assert "box: 3x2" in done.stdout
    assert header(done.stdout) == (216, 1980)


def unsatisfiable(cnf_text):
    """True when the strict reader takes ``cnf_text`` and the bundled solver proves it
    has no model."""
    import io
    import dimacs_sudoku as ds
    return ds.solve_cnf(ds.read_dimacs(io.StringIO(cnf_text))).status == "UNSAT"


def test_contradictory_givens_are_written_as_an_unsatisfiable_cnf_and_named(tmp_path):
    # The givens as unit clauses: any solver says UNSATISFIABLE, as the student expects
    # of a wrong puzzle; the clash is named on stderr, and the CNF is the one asked for.
    puzzle = tmp_path / "bad.txt"
    puzzle.write_text("11.." + "." * 12 + "\n")
    out = tmp_path / "out.cnf"
    done = command("sudoku2cnf", puzzle, "-o", out)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ("sudoku2cnf: %s:1: no solution: contradictory givens: r1c1 and "
                           "r1c2 both hold 1 in row 1 (and 1 more clashes); the CNF is "
                           "unsatisfiable\n" % puzzle)
    text = out.read_text()
    assert header(text) == (64, 384 + 2) and "1 0" in text and "5 0" in text
    assert "c puzzle: 11.............." in text
    assert "c no solution: contradictory givens: r1c1 and r1c2" in text
    assert unsatisfiable(text)


# The puzzle, the line the clash is named at (its later row's), and the clash.
CLASHES = [
    ("11" + "." * 14, 1, "contradictory givens: r1c1 and r1c2 both hold 1 in row 1"),
    ("11..\n....\n....\n....\ndiagonals", 1, "contradictory givens: r1c1 and r1c2"),
    ("1...\n....\n....\n...1\ndiagonals", 4, "contradictory givens: r1c1 and r4c4"),
]


@pytest.mark.parametrize("options", [(), ("--reduce",), ("--propagate",),
                                     ("--encoding", "minimal"), ("--encoding", "efficient"),
                                     ("--amo", "sequential"), ("--amo", "product",
                                                               "--reduce"),
                                     ("--numbering", "decimal", "--propagate"),
                                     ("--comments", "full"), ("--comments", "none",
                                                              "--reduce")])
@pytest.mark.parametrize("text, line, reason", CLASHES)
def test_a_puzzle_that_clashes_gives_a_valid_unsatisfiable_cnf(options, text, line, reason):
    done = command("sudoku2cnf", *options, input=text + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("sudoku2cnf: <stdin>:%d: no solution: " % line)
    assert reason in done.stderr and len(done.stderr.splitlines()) == 1
    assert done.stderr.endswith("; the CNF is unsatisfiable\n")
    assert unsatisfiable(done.stdout)
    if "none" not in options:
        assert "c size: 4" in done.stdout


@pytest.mark.parametrize("options", [(), ("--reduce",), ("--propagate",),
                                     ("--encoding", "minimal", "--amo", "binary")])
def test_a_rule_the_givens_break_gives_an_unsatisfiable_cnf(options):
    # (the givens are checked against the units; a rule's clauses forbid the rest)
    done = command("sudoku2cnf", *options, input="12..\n....\n....\n....\n"
                                                 "thermo r1c2 r1c1\n")
    assert done.returncode == 0, done.stderr
    assert unsatisfiable(done.stdout) and "c rule: thermo r1c2 r1c1" in done.stdout


@pytest.mark.parametrize("options, reason", [
    (("--propagate",), "no digit fits r1c4"),
    (("--reduce",), "digit 3 has no place in row 1"),
])
def test_a_puzzle_the_reduction_proves_impossible_gives_an_unsatisfiable_cnf(options,
                                                                             reason):
    done = command("sudoku2cnf", *options, input="12....3.........\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ("sudoku2cnf: <stdin>:1: no solution: %s; the CNF is "
                           "unsatisfiable\n" % reason)
    lines = done.stdout.splitlines()
    assert lines[-3:] == ["p cnf 1 2", "1 0", "-1 0"]    # every solver reads this
    assert "c no solution: %s" % reason in lines and "c size: 4" in lines
    assert unsatisfiable(done.stdout)


def test_a_clashing_puzzle_with_exclude_is_still_unsatisfiable(tmp_path):
    (tmp_path / "p.txt").write_text("11" + "." * 14 + "\n")
    (tmp_path / "s.txt").write_text("1234341221434321\n")
    done = command("sudoku2cnf", "p.txt", "--exclude", "s.txt", cwd=tmp_path)
    assert done.returncode == 0 and "contradictory givens" in done.stderr, done.stderr
    assert unsatisfiable(done.stdout)


def test_an_output_dir_writes_every_puzzle_clashing_or_not(tmp_path):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n" + "11" + "." * 14 + "\n" + SMALL4 + "\n")
    for options in ((), ("--reduce",)):
        done = command("sudoku2cnf", *options, "--output-dir", "out", "p.txt",
                       cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ("sudoku2cnf: p.txt:2: no solution: contradictory givens: "
                               "r1c1 and r1c2 both hold 1 in row 1 (and 1 more clashes); "
                               "the CNF is unsatisfiable\n")
        names = sorted(os.listdir(tmp_path / "out"))
        assert names == ["index.csv", "p-1.cnf", "p-2.cnf", "p-3.cnf"]
        texts = [(tmp_path / "out" / name).read_text() for name in names[1:]]
        assert [unsatisfiable(text) for text in texts] == [False, True, False]
        index = (tmp_path / "out" / "index.csv").read_text().splitlines()
        assert [row.split(",")[4] for row in index[1:]] == ["UNKNOWN", "UNSAT", "UNKNOWN"]


def test_the_unsat_answer_of_a_clashing_puzzle_is_no_solution_in_cnf2sudoku(tmp_path):
    for options in ((), ("--reduce",), ("--propagate",)):
        (tmp_path / "p.txt").write_text("11" + "." * 14 + "\n")
        assert command("sudoku2cnf", *options, "p.txt", "-o", "p.cnf",
                       cwd=tmp_path).returncode == 0
        done = command("cnf2sudoku", "--cnf", "p.cnf", input="s UNSATISFIABLE\n",
                       cwd=tmp_path)
        assert (done.returncode, done.stdout) == (4, "")
        assert done.stderr == ("cnf2sudoku: <stdin>:1: no solution: the solver proved the "
                               "puzzle unsatisfiable\n")


def test_failed_output_keeps_an_existing_file(tmp_path):
    out = tmp_path / "keep.cnf"
    out.write_text("precious\n")
    done = command("sudoku2cnf", "-o", out, input="1x..\n" + "." * 12)
    assert done.returncode == 3
    assert out.read_text() == "precious\n"
    assert sorted(os.listdir(tmp_path)) == ["keep.cnf"]


def test_several_puzzles_need_index_or_directory(tmp_path):
    many = tmp_path / "many.txt"
    many.write_text(SMALL4 + "\n" + "." * 16 + "\n" + "2..." + "." * 12 + "\n")
    done = command("sudoku2cnf", many)
    assert done.returncode == 2
    assert "3 puzzles" in done.stderr and "--index" in done.stderr
    assert done.stdout == ""

    third = command("sudoku2cnf", many, "--index", "3")
    assert third.returncode == 0
    assert "puzzle: 2..............." in third.stdout

    beyond = command("sudoku2cnf", many, "--index", "4")
    assert beyond.returncode == 2 and "3 puzzles" in beyond.stderr

    folder = tmp_path / "cnf"
    each = command("sudoku2cnf", many, "--output-dir", folder)
    assert each.returncode == 0, each.stderr
    assert sorted(os.listdir(folder)) == ["index.csv", "many-1.cnf", "many-2.cnf", "many-3.cnf"]
    assert header((folder / "many-1.cnf").read_text()) == (64, 384 + 6)


@pytest.mark.parametrize("args, stdin, code, fragment", [
    (["--encoding", "maximal"], SMALL4, 2, "unknown encoding"),
    (["--box", "3x3"], SMALL4, 3, "a 9x9 grid needs 81"),
    (["--box", "two"], SMALL4, 2, "RxC"),
    (["--index", "0"], SMALL4, 2, "from 1"),
    (["--comments", "some"], SMALL4, 2, "--comments"),
    (["--no-such-option"], SMALL4, 2, "No such option"),
    (["/no/such/file.txt"], "", 8, "/no/such/file.txt"),
    ([], "", 3, "no puzzle"),
    ([], "123" + "." * 13 + "\n" + "9" * 3, 3, "<stdin>"),
])
def test_errors_are_one_line(args, stdin, code, fragment):
    done = command("sudoku2cnf", *args, input=stdin)
    assert done.returncode == code, done.stderr
    assert fragment in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert no_traceback(done.stderr)
    assert done.stdout == ""


def test_help_has_example_and_exit_codes():
    done = command("sudoku2cnf", "--help")
    assert done.returncode == 0
    assert "sudoku2cnf puzzle.txt | cnfsolve | cnf2sudoku" in done.stdout
    assert "Exit codes" in done.stdout and "bad input" in done.stdout


def test_output_to_a_device_writes_through_it():
    done = command("sudoku2cnf", "-o", os.devnull, input=SMALL4)
    assert done.returncode == 0, done.stderr
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)


def test_sudoku_solve_answers_contradictory_givens_as_no_solution(tmp_path):
    # The same "-" line (count 0) for clashing givens, with or without rules, as for
    # a puzzle propagation or the solver finds impossible; a result, exit 0.
    (tmp_path / "v.txt").write_text("11..\n....\n....\n....\ndiagonals\n")
    (tmp_path / "c.txt").write_text("11..............\n12....3.........\n")
    done = command("sudoku-solve", "--count", "2", "v.txt", "c.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "-\t0\n" * 3


def test_an_output_dir_writes_the_good_puzzles_and_names_each_bad_line(tmp_path):
    # A damaged line was the whole file's refusal: now it is its own error line and the
    # other puzzles are written, under the names they have without it.
    good = [SMALL4, INKALA, "." * 16]
    (tmp_path / "clean.txt").write_text("\n".join(good) + "\n")
    (tmp_path / "p.txt").write_text("\n".join([good[0], "1..x", good[1], "12" + "." * 78,
                                               good[2]]) + "\n")
    clean = command("sudoku2cnf", "--output-dir", "a", "clean.txt", cwd=tmp_path)
    assert clean.returncode == 0, clean.stderr
    done = command("sudoku2cnf", "--output-dir", "b", "p.txt", cwd=tmp_path)
    assert done.returncode == 3
    lines = done.stderr.splitlines()
    assert [line.split(": ")[1] for line in lines] == ["p.txt:2", "p.txt:4"], done.stderr
    assert all(line.startswith("sudoku2cnf: ") for line in lines)
    assert no_traceback(done.stderr) and done.stdout == ""
    written = sorted(os.listdir(tmp_path / "b"))
    assert written == ["index.csv", "p-1.cnf", "p-2.cnf", "p-3.cnf"]
    def body(path):         # but the "c source: FILE:LINE" header line
        return [line for line in path.read_text().splitlines()
                if not line.startswith("c source:")]
    for k in (1, 2, 3):
        assert body(tmp_path / "a" / ("clean-%d.cnf" % k)) == body(
            tmp_path / "b" / ("p-%d.cnf" % k))
    # index.csv's command rebuilds each file: --index counts a damaged line as a puzzle
    rows = (tmp_path / "b" / "index.csv").read_text().splitlines()[1:]
    assert [row.rsplit(" ", 1)[1] for row in rows] == ["1", "3", "5"]
    again = command("sudoku2cnf", "p.txt", "--index", "3", cwd=tmp_path)
    assert again.stdout == (tmp_path / "b" / "p-2.cnf").read_text()


@pytest.mark.parametrize("mode", ["--reduce", "--propagate"])
def test_an_output_dir_writes_the_puzzles_around_one_too_large(tmp_path, monkeypatch,
                                                               mode):
    # A puzzle too large for --reduce stopped the whole run, writing nothing: it is
    # now its own error line, as a damaged one is, and the others are written.
    from dimacs_sudoku.encodings import reduced
    monkeypatch.setattr(reduced, "MAX_REDUCED_CANDIDATES", 500)
    good = [SMALL4, INKALA]
    (tmp_path / "clean.txt").write_text("\n".join(good) + "\n")
    (tmp_path / "p.txt").write_text("\n".join([good[0], "." * 81, good[1]]) + "\n")
    clean = command("sudoku2cnf", mode, "--output-dir", "a", "clean.txt", cwd=tmp_path)
    assert clean.returncode == 0, clean.stderr
    done = command("sudoku2cnf", mode, "--output-dir", "b", "p.txt", cwd=tmp_path)
    assert done.returncode == 3
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sudoku2cnf: p.txt:2: ")
    assert "too large" in lines[0] and no_traceback(done.stderr)
    assert sorted(os.listdir(tmp_path / "b")) == ["index.csv", "p-1.cnf", "p-2.cnf"]
    for k in (1, 2):
        assert [line for line in (tmp_path / "a" / ("clean-%d.cnf" % k)).read_text()
                .splitlines() if not line.startswith("c source:")] == [
            line for line in (tmp_path / "b" / ("p-%d.cnf" % k)).read_text()
            .splitlines() if not line.startswith("c source:")]
    rows = (tmp_path / "b" / "index.csv").read_text().splitlines()[1:]
    assert [row.rsplit(" ", 1)[1] for row in rows] == ["1", "3"]


# A 4x4 solution; a puzzle keeps all but a few of its digits (at most 24 open
# candidates), an empty grid has 64: above the bound the property test sets.
SOLVED4 = "1234341221434321"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.one_of(st.sets(st.integers(0, 15), max_size=6).map(
    lambda holes: "".join("." if k in holes else d for k, d in enumerate(SOLVED4))),
    st.just("1..x"), st.just("." * 16)), min_size=1, max_size=6),
    st.sampled_from([[], ["--reduce"], ["--propagate"]]))
def test_an_output_dir_is_its_good_puzzles_whatever_else_the_file_holds(lines, mode):
    """Whatever mix of good puzzles, damaged lines and puzzles too large for the CNF
    asked: the good ones are written, numbered among themselves, each the CNF it has
    alone; each other line is one error line naming it; exit 3 after one, else 0."""
    import tempfile
    from unittest import mock
    from dimacs_sudoku.encodings import reduced
    from dimacs_sudoku.errors import PuzzleError
    from dimacs_sudoku.formats import read_puzzles_lenient
    with tempfile.TemporaryDirectory() as folder, \
            mock.patch.object(reduced, "MAX_REDUCED_CANDIDATES", 40):
        path = os.path.join(folder, "p.txt")
        with open(path, "w") as out:
            out.write("\n".join(lines) + "\n")
        done = command("sudoku2cnf", *mode, "--output-dir", "out", "p.txt", cwd=folder)
        # the parts as sudoku-solve reads them (adjacent damaged lines may be one part)
        with open(path) as stream:
            parts = list(read_puzzles_lenient(stream, "p.txt"))
        bad, good = [], []
        for part in parts:
            if isinstance(part, PuzzleError) or mode and not any(part.cells):
                bad.append(part.line)
            else:
                good.append(lines[part.line - 1])
        assert done.returncode == (3 if bad else 0), done.stderr
        assert [line.split(": ")[1] for line in done.stderr.splitlines()
                if "unsatisfiable" not in line] == ["p.txt:%d" % k for k in bad]
        assert no_traceback(done.stderr)
        if not good:
            assert not os.path.exists(os.path.join(folder, "out"))
            return
        names = sorted(os.listdir(os.path.join(folder, "out")))
        assert names == ["index.csv"] + ["p-%d.cnf" % k for k in range(1, len(good) + 1)]
        for k, line in enumerate(good, 1):
            alone = command("sudoku2cnf", *mode, "-", input=line + "\n")
            with open(os.path.join(folder, "out", "p-%d.cnf" % k)) as written:
                assert [text for text in written.read().splitlines()
                        if not text.startswith("c source:")] == [
                    text for text in alone.stdout.splitlines()
                    if not text.startswith("c source:")]


def test_an_output_dir_of_only_bad_lines_writes_nothing(tmp_path):
    (tmp_path / "p.txt").write_text("1..x\n12" + "." * 78 + "\n")
    done = command("sudoku2cnf", "--output-dir", "out", "p.txt", cwd=tmp_path)
    assert done.returncode == 3
    assert [line.split(": ")[1] for line in done.stderr.splitlines()] == ["p.txt:1",
                                                                         "p.txt:2"]
    assert sorted(os.listdir(tmp_path)) == ["p.txt"]
