"""sudoku-solve --certify: for each certain answer, the CNF sudoku2cnf writes (byte for
byte) and a DRAT proof that an independent checker accepts, and the verdict on the
puzzle's line.

python-sat's solvers run in this process (``require_pysat``); the cadical tests start
it (``require_solver``, marked slow).
"""

import errno
import json
import os
import pathlib
import re
import sys
import tempfile

import pytest
from hypothesis import given, settings, strategies as st

from conftest import require_pysat, require_solver
from support import (INKALA, INKALA_SOLUTION, ROOT, SMALL4, SMALL4_SOLUTION, command,
                     in_process)
from test_variants_pipe import variant_file

from dimacs_sudoku.dimacs.drat import check_proof
from dimacs_sudoku.errors import EXIT_IO, EXIT_SEVERAL, EXIT_USAGE

# Not a clash of givens, yet no solution: r1c1 must be 3 (its box holds 1, 2 and 4),
# and row 1 holds 3 already.
NONE4 = ".23.41.........."
SEVERAL4 = "1234............"
CLASH4 = "11.............."


@pytest.fixture
def puzzles(tmp_path):
    """A file of four 4x4 puzzles: unique, none, several, clashing givens."""
    path = tmp_path / "p.txt"
    path.write_text("\n".join([SMALL4, NONE4, SEVERAL4, CLASH4]) + "\n")
    return path


def solve(*args):
    return in_process("sudoku-solve", *map(str, args))


def encode(*args):
    """sudoku2cnf's CNF, as bytes (it writes it to a file: -o)."""
    *options, out = args
    result = in_process("sudoku2cnf", *map(str, options), "-o", out)
    assert result.returncode == 0, result.stderr
    return out.read_bytes()


def test_the_verdict_ends_each_line_and_the_files_are_named_by_puzzle_number(
        tmp_path, puzzles):
    require_pysat()
    folder = tmp_path / "proofs"
    result = solve("--certify", folder, puzzles)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [SMALL4_SOLUTION + "\tverified", "-\tverified",
                                          result.stdout.splitlines()[2].split("\t")[0]
                                          + "\tseveral", "-\tclash"]
    assert sorted(p.name for p in folder.iterdir()) == ["1.cnf", "1.drat", "2.cnf",
                                                        "2.drat"]
    for number in (1, 2):
        verdict = check_proof(folder / ("%d.cnf" % number), folder / ("%d.drat" % number))
        assert verdict.ok, verdict.reason


def test_the_cnf_is_the_one_sudoku2cnf_writes(tmp_path, puzzles):
    require_pysat()
    folder = tmp_path / "proofs"
    assert solve("--certify", folder, puzzles).returncode == 0
    solution = tmp_path / "s.txt"
    solution.write_text(SMALL4_SOLUTION + "\n")
    assert (folder / "1.cnf").read_bytes() == encode(
        "--exclude", solution, "--index", 1, puzzles, tmp_path / "1.cnf")
    assert (folder / "2.cnf").read_bytes() == encode("--index", 2, puzzles,
                                                     tmp_path / "2.cnf")


def test_a_9x9_with_one_solution_and_its_cnf(tmp_path):
    require_pysat()
    puzzle, solution = tmp_path / "inkala.txt", tmp_path / "s.txt"
    puzzle.write_text(INKALA + "\n")
    solution.write_text(INKALA_SOLUTION + "\n")
    result = solve("--certify", tmp_path / "c", "--count", 5, puzzle)
    assert result.stdout == INKALA_SOLUTION + "\t1\tverified\n"
    assert (tmp_path / "c" / "1.cnf").read_bytes() == encode(
        "--exclude", solution, puzzle, tmp_path / "x.cnf")
    assert check_proof(tmp_path / "c" / "1.cnf", tmp_path / "c" / "1.drat").ok


def test_a_variant_puzzle_certificate_holds_its_rule_clauses(tmp_path):
    require_pysat()
    path, solution = variant_file(tmp_path, "killer")
    result = solve("--certify", tmp_path / "c", path)
    assert result.stdout == solution + "\tverified\n", result.stderr
    written = tmp_path / "s.txt"
    written.write_text(solution + "\n")
    cnf = (tmp_path / "c" / "1.cnf").read_bytes()
    assert cnf == encode("--exclude", written, path, tmp_path / "x.cnf")
    assert b"killer" in cnf
    assert check_proof(tmp_path / "c" / "1.cnf", tmp_path / "c" / "1.drat").ok


def test_json_and_grid_say_the_certificate_too(tmp_path, puzzles):
    require_pysat()
    folder = tmp_path / "c"
    lines = solve("--certify", folder, "--format", "json", puzzles).stdout.splitlines()
    first = json.loads(lines[0])["certificate"]
    assert first["verdict"] == "verified"
    assert (first["cnf"], first["proof"]) == (str(folder / "1.cnf"), str(folder / "1.drat"))
    assert first["checker"] in ("drat.py", "drat-trim")
    assert [json.loads(line)["certificate"]["verdict"] for line in lines[1:]] == [
        "verified", "several", "clash"]
    folder = tmp_path / "g"
    grid = solve("--certify", folder, "--format", "grid", puzzles).stdout
    assert "certificate: verified %s %s (" % (folder / "2.cnf", folder / "2.drat") in grid


@pytest.mark.parametrize("name", ["pysat:cadical153", "pysat:glucose4", "pysat:lingeling"])
def test_other_python_sat_solvers_write_proofs_too(tmp_path, puzzles, name):
    require_pysat()
    result = solve("--certify", tmp_path / "c", "--certify-with", name, puzzles)
    assert result.stdout.count("\tverified\n") == 2, result.stderr


def test_a_proof_the_checker_refuses_is_said_on_the_line_and_fails_the_run(
        tmp_path, monkeypatch):
    require_pysat()
    from dimacs_sudoku.sat import pysat_backend
    # A solver whose proof stops half-way, before unit propagation conflicts (a 9x9:
    # propagation of the 4x4s' formulas alone conflicts, and any proof verifies them).
    monkeypatch.setattr(pysat_backend, "write_proof", lambda lines, path: open(
        path, "w").write("".join(line + "\n" for line in lines[:len(lines) // 2])))
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(INKALA + "\n")
    result = solve("--certify", tmp_path / "c", puzzle)
    assert result.returncode == EXIT_SEVERAL
    assert result.stdout == INKALA_SOLUTION + "\tNOT-VERIFIED\n"
    assert "p.txt:1: the proof %s" % (tmp_path / "c" / "1.drat") in result.stderr
    assert "no empty clause derived" in result.stderr
    assert (tmp_path / "c" / "1.drat").exists()      # kept, for a look


@pytest.mark.parametrize("name", ["pycosat", "bundled", "pysat:minicard", "minisat"])
def test_a_solver_that_writes_no_proof_is_refused_naming_those_that_do(tmp_path, puzzles,
                                                                       name):
    if name.startswith("pysat:"):
        require_pysat()
    result = solve("--certify", tmp_path / "c", "--certify-with", name, puzzles)
    assert result.returncode == EXIT_USAGE
    assert "writes no proof" in result.stderr and "cadical" in result.stderr
    assert result.stdout == "" and not (tmp_path / "c").exists()


def test_without_python_sat_or_cadical_it_says_what_to_install(tmp_path, puzzles,
                                                                monkeypatch):
    from dimacs_sudoku.sat import pysat_backend
    monkeypatch.setattr(pysat_backend, "_AVAILABLE", [False])
    result = in_process("sudoku-solve", "--certify", tmp_path / "c", puzzles,
                        env={"PATH": str(tmp_path)})
    assert result.returncode == EXIT_USAGE
    assert "pip install python-sat" in result.stderr
    assert "apt install cadical" in result.stderr


def test_certify_counts_to_two_at_least(tmp_path, puzzles):
    result = solve("--certify", tmp_path / "c", "--count", 1, puzzles)
    assert result.returncode == EXIT_USAGE and "--count 1" in result.stderr
    assert result.stdout == "" and not (tmp_path / "c").exists()


def test_a_file_in_the_folders_place_is_an_output_error(tmp_path, puzzles):
    require_pysat()
    (tmp_path / "c").write_text("not a folder")
    result = solve("--certify", tmp_path / "c", "--certify-with", "pysat:cadical195",
                   puzzles)
    assert result.returncode == EXIT_IO, result.stderr
    assert "not a folder" in result.stderr


@pytest.mark.slow
def test_cadical_writes_binary_proofs_that_the_checker_accepts(tmp_path, puzzles):
    require_solver("cadical")
    folder = tmp_path / "c"
    result = solve("--certify", folder, "--certify-with", "cadical", puzzles)
    assert result.stdout.splitlines()[:2] == [SMALL4_SOLUTION + "\tverified",
                                              "-\tverified"], result.stderr
    for number in (1, 2):
        assert check_proof(folder / ("%d.cnf" % number), folder / ("%d.drat" % number)).ok
        assert (folder / ("%d.drat" % number)).read_bytes()[:1] in (b"", b"a", b"d")


def fake_drat_trim(folder, body):
    """A drat-trim on PATH (in ``folder``) that runs the shell ``body``."""
    script = folder / "drat-trim"
    script.write_text("#!/bin/sh\n" + body + "\n")
    script.chmod(0o755)
    return {"PATH": "%s:%s" % (folder, os.environ["PATH"])}


@pytest.mark.slow
def test_drat_trim_is_the_checker_when_on_path(tmp_path, puzzles):
    require_pysat()
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    env = fake_drat_trim(bin_folder, 'PYTHONPATH=%s exec %s -m dimacs_sudoku.dimacs.drat "$@"'
                         % (ROOT, sys.executable))
    result = in_process("sudoku-solve", "--certify", tmp_path / "c", "--format", "json",
                        puzzles, env=env)
    first = json.loads(result.stdout.splitlines()[0])["certificate"]
    assert first == {"verdict": "verified", "checker": "drat-trim",
                     "cnf": str(tmp_path / "c" / "1.cnf"),
                     "proof": str(tmp_path / "c" / "1.drat")}
    env = fake_drat_trim(bin_folder, 'echo "c some reason"; echo "s NOT VERIFIED"')
    result = in_process("sudoku-solve", "--certify", tmp_path / "d", puzzles, env=env)
    assert result.returncode == EXIT_SEVERAL
    assert result.stdout.splitlines()[0] == SMALL4_SOLUTION + "\tNOT-VERIFIED"
    assert "refused by drat-trim: some reason" in result.stderr


@pytest.mark.slow
def test_the_real_commands_agree_byte_for_byte(tmp_path, puzzles):
    require_pysat()
    result = command("sudoku-solve", "--certify", tmp_path / "c", puzzles)
    assert result.returncode == 0, result.stderr
    solution = tmp_path / "s.txt"
    solution.write_text(SMALL4_SOLUTION + "\n")
    made = command("sudoku2cnf", "--exclude", solution, "--index", 1, puzzles,
                   "-o", tmp_path / "1.cnf")
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "1.cnf").read_bytes() == (tmp_path / "c" / "1.cnf").read_bytes()
    checked = command("cnfsolve", "--check-proof", tmp_path / "c" / "1.drat", tmp_path / "1.cnf")
    assert (checked.returncode, checked.stdout.splitlines()[-1]) == (0, "s VERIFIED")


# No two givens clash, and unit propagation of the CNF alone conflicts; glucose4 and
# maplecm write an empty proof for it (found by a search over random givens).
PROPAGATION_CLASH9 = (".5...........176....8.93..7.......6....5........................"
                      "....1.9..7.9.....")


@pytest.mark.parametrize("name", ["pysat:glucose3", "pysat:glucose4", "pysat:glucose42",
                                  "pysat:maplechrono", "pysat:maplecm", "pysat:cadical103",
                                  "pysat:cadical153", "pysat:cadical195",
                                  "pysat:lingeling"])
def test_givens_that_propagate_to_a_clash_are_certified_by_every_prover(tmp_path, name):
    """glucose, maplechrono and maplecm write an empty proof here: the empty clause is
    RUP from the formula itself, and the checker accepts it as drat-trim does."""
    require_pysat()
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(PROPAGATION_CLASH9 + "\n")
    result = solve("--certify", tmp_path / "c", "--certify-with", name, puzzle)
    assert (result.returncode, result.stdout) == (0, "-\tverified\n"), result.stderr
    assert check_proof(tmp_path / "c" / "1.cnf", tmp_path / "c" / "1.drat").ok


def test_a_full_disk_is_exit_8_saying_so(tmp_path, puzzles, monkeypatch):
    """python-sat writes the proof to a temporary file: on a full disk that is an I/O
    error (exit 8) that names the file, not a solver that failed."""
    require_pysat()
    import io
    from dimacs_sudoku.sat import pysat_backend

    class FullDisk(io.StringIO):
        def write(self, text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(pysat_backend, "open", lambda *args, **kwargs: FullDisk(),
                        raising=False)
    result = solve("--certify", tmp_path / "c", puzzles)
    assert result.returncode == EXIT_IO, result.stderr
    assert "failed" not in result.stderr
    assert re.fullmatch(r"sudoku-solve: cannot write \S+/proof\.drat: No space left on "
                        r"device\n", result.stderr)
    assert not (tmp_path / "c").exists()         # it made the folder, and wrote nothing


# -- the folder holds this run's certificates only -------------------------------------

def test_a_folder_it_made_and_wrote_nothing_into_goes_again(tmp_path):
    require_pysat()
    path = tmp_path / "p.txt"
    path.write_text(SEVERAL4 + "\n" + CLASH4 + "\n")
    result = solve("--certify", tmp_path / "c", path)
    assert result.stdout.splitlines()[1] == "-\tclash", result.stderr
    assert not (tmp_path / "c").exists()
    (tmp_path / "mine").mkdir()                 # a folder it did not make stays
    assert solve("--certify", tmp_path / "mine", path).returncode == 0
    assert (tmp_path / "mine").is_dir()


def test_a_folder_that_holds_anything_is_refused_up_front(tmp_path, puzzles):
    """An earlier run's 1.cnf would stand beside a line that now says several: a run
    writes into a new or empty folder only."""
    require_pysat()
    folder = tmp_path / "c"
    assert solve("--certify", folder, puzzles).returncode == 0
    before = sorted(p.name for p in folder.iterdir())
    puzzles.write_text(SEVERAL4 + "\n")
    result = solve("--certify", folder, puzzles)
    assert result.returncode == EXIT_USAGE and result.stdout == ""
    assert result.stderr == ("sudoku-solve: --certify %s: the folder is not empty (it "
                             "holds 1.cnf, 1.drat, 2.cnf, ...): give a new or empty one, so "
                             "that every certificate in it belongs to a line of this run\n"
                             % folder)
    assert sorted(p.name for p in folder.iterdir()) == before


def test_a_run_that_fails_leaves_no_certificate_of_a_line_it_did_not_write(tmp_path):
    """-o FILE is all or nothing: a run that fails writes no file, and no certificate;
    the folder it made goes."""
    require_pysat()
    path = tmp_path / "p.txt"
    path.write_text(SMALL4 + "\n" + NONE4 + "\n")
    result = solve("--certify", tmp_path / "c", "-o", tmp_path / "no" / "out.txt", path)
    assert result.returncode == EXIT_IO, result.stderr
    assert not (tmp_path / "c").exists()


def test_certificates_whose_lines_were_not_written_go_when_the_run_fails(tmp_path,
                                                                         monkeypatch):
    """The run ends at the second puzzle (a full disk, here): the first puzzle's line
    was never written, so neither is its certificate."""
    require_pysat()
    from dimacs_sudoku.errors import OutputError
    from dimacs_sudoku.tasks import certify
    checked = []

    def check_files(cnf, proof, checker=None):
        checked.append(cnf)
        if len(checked) == 2:
            raise OutputError("cannot write %s: No space left on device" % proof)
        return certify.Check(True, "drat.py", "pretend")

    monkeypatch.setattr(certify, "check_files", check_files)
    path = tmp_path / "p.txt"
    path.write_text(SMALL4 + "\n" + NONE4 + "\n")
    result = solve("--certify", tmp_path / "c", path)
    assert result.returncode == EXIT_IO, result.stderr
    assert result.stdout == "" and len(checked) == 2
    assert not (tmp_path / "c").exists()


# -- every certificate can be rebuilt with sudoku2cnf --index N -------------------------

def rebuilt(folder, puzzle_file, lines):
    """Each certificate in ``folder`` beside what ``sudoku2cnf [--exclude SOLUTION]
    --index N PUZZLE_FILE`` writes for it: a list of ``(N, certificate, rebuilt)``."""
    pairs = []
    for cnf in sorted(folder.glob("*.cnf")):
        number = int(cnf.stem)
        fields = lines[number - 1].split("\t")
        assert fields[-1] in ("verified", "NOT-VERIFIED"), (number, lines)
        options = []
        if fields[0] != "-":
            solution = folder.parent / "solution.txt"
            solution.write_text(fields[0] + "\n")
            options = ["--exclude", solution]
        made = in_process("sudoku2cnf", *options, "--index", number, puzzle_file,
                          "-o", folder.parent / "rebuilt.cnf")
        assert made.returncode == 0, made.stderr
        pairs.append((number, cnf.read_bytes(), (folder.parent / "rebuilt.cnf").read_bytes()))
    return pairs


def test_a_certificate_after_a_damaged_line_is_rebuilt_byte_for_byte(tmp_path):
    require_pysat()
    path = tmp_path / "p.txt"
    path.write_text("\n".join([SMALL4, "1..4x.........", NONE4, "garbage!", SMALL4]) + "\n")
    result = solve("--certify", tmp_path / "c", path)
    lines = result.stdout.splitlines()
    assert [line.split("\t")[-1] for line in lines] == [
        "verified", lines[1].split("\t")[-1], "verified", lines[3].split("\t")[-1],
        "verified"], result.stderr
    pairs = rebuilt(tmp_path / "c", path, lines)
    assert [number for number, _, _ in pairs] == [1, 3, 5]
    for number, certificate, again in pairs:
        assert certificate == again, number
    damaged = in_process("sudoku2cnf", "--index", 2, path)
    assert damaged.returncode == 3
    assert damaged.stderr.startswith("sudoku2cnf: %s:2: " % path)


def test_n_counts_across_the_input_files_and_index_counts_within_one(tmp_path):
    """N is the line's number in the output (across files); the rebuild of a puzzle in
    the second file takes its number there: N minus the parts of the first."""
    require_pysat()
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(SMALL4 + "\n1..x\n")
    second.write_text(SEVERAL4 + "\n" + NONE4 + "\n")
    result = solve("--certify", tmp_path / "c", first, second)
    assert [line.split("\t")[-1] for line in result.stdout.splitlines()][2:] == [
        "several", "verified"], result.stderr
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == ["1.cnf", "1.drat",
                                                                  "4.cnf", "4.drat"]
    assert (tmp_path / "c" / "4.cnf").read_bytes() == encode("--index", 4 - 2, second,
                                                             tmp_path / "x.cnf")


def grid_text(line):
    from dimacs_sudoku import parse_puzzle, write_grid
    return write_grid(parse_puzzle(line), "grid")


PARTS = st.one_of(
    st.sampled_from([SMALL4, NONE4, SEVERAL4, CLASH4]),             # line puzzles
    st.sampled_from([SMALL4, NONE4]).map(grid_text),                # grids, the writer's
    st.sampled_from(["1..x", "garbage!", "12345", "1.2.3.4", "x" * 16, "1..44......33..1x",
                     "#", ""]),                                     # damaged or no parts
)


@settings(max_examples=25, deadline=None)
@given(st.lists(PARTS, min_size=1, max_size=7))
def test_every_certificate_written_is_what_sudoku2cnf_index_n_writes(parts):
    """Property: in a file of puzzles, grids and damaged lines, each DIR/N.cnf that
    sudoku-solve --certify writes is byte for byte ``sudoku2cnf --index N`` of the
    file (with --exclude SOLUTION for a line with a solution)."""
    require_pysat()
    with tempfile.TemporaryDirectory() as name:
        folder = pathlib.Path(name)
        path = folder / "p.txt"
        path.write_text("\n".join(part.rstrip("\n") for part in parts) + "\n")
        result = solve("--certify", folder / "c", path)
        lines = result.stdout.splitlines()
        if (folder / "c").exists():
            for number, certificate, again in rebuilt(folder / "c", path, lines):
                assert certificate == again, (number, parts)
