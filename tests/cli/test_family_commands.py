"""sudoku-gen --family and the competition packaging of sudoku2cnf and sudoku-gen:
the same command gives the same bytes (and the command in a CNF's header gives that
CNF), index.csv names each file's GBD hash, and bad numbers are usage errors."""

import csv
import lzma
import shlex

import pytest

from dimacs_sudoku.dimacs.gbd import gbd_hash_bytes
from dimacs_sudoku.formats import read_puzzles

from support import SMALL4, in_process as command, no_traceback


def header_value(text, key):
    prefix = "c %s: " % key
    return next(line[len(prefix):] for line in text.splitlines() if line.startswith(prefix))


@pytest.mark.parametrize("args", [
    ["--family", "qwh", "--size", "12", "--hole-ratio", "1.5", "--balanced"],
    ["--family", "qcp", "--size", "8", "--holes", "30"],
    ["--family", "gsp", "--box", "2x3", "--holes", "14", "--balanced"],
])
def test_the_same_command_gives_the_same_bytes_and_its_header_says_how(args):
    first = command("sudoku-gen", *args, "--seed", "41", "--cnf")
    assert first.returncode == 0, first.stderr
    again = command("sudoku-gen", *args, "--seed", "41", "--cnf")
    assert first.stdout == again.stdout
    assert header_value(first.stdout, "seed") == "41"
    assert header_value(first.stdout, "status") in ("SAT", "UNSAT")
    generator = shlex.split(header_value(first.stdout, "generator"))
    assert generator[0] == "sudoku-gen" and "--cnf" in generator
    remade = command(*generator)
    assert remade.returncode == 0 and remade.stdout == first.stdout
    other = command("sudoku-gen", *args, "--seed", "42", "--cnf")
    assert other.stdout != first.stdout


def test_a_latin_square_cnf_has_no_box_clauses():
    done = command("sudoku-gen", "--family", "qwh", "--size", "6", "--holes", "0",
                   "--seed", "1", "--cnf")
    n = 6
    # cells: N² definedness + N²·C(N,2) uniqueness; rows and columns: 2N²·C(N,2) + 2N²;
    # givens N²; no box clause.
    pairs = n * (n - 1) // 2
    expected = n * n + n * n * pairs + 2 * n * n * pairs + 2 * n * n + n * n
    assert "p cnf %d %d" % (n ** 3, expected) in done.stdout
    assert "c rule: latin" in done.stdout


def test_the_puzzle_forms_read_back_with_their_status():
    done = command("sudoku-gen", "--family", "qwh", "--size", "7", "--holes", "20",
                   "--count", "2", "--seed", "3")
    assert done.returncode == 0 and done.stdout.count("# status: SAT") == 2
    grids = list(read_puzzles(done.stdout.splitlines(True)))
    assert [g.cells.count(0) for g in grids] == [20, 20]
    assert all(g.layout.latin for g in grids)
    assert "--seed 4" in done.stdout            # instance 2 uses seed + 1
    as_json = command("sudoku-gen", "--family", "gsp", "--size", "9", "--holes", "40",
                      "--seed", "3", "--format", "json")
    assert '"status":"SAT"' in as_json.stdout and '"family":"gsp"' in as_json.stdout


def test_output_dir_packages_compressed_files_and_an_index(tmp_path):
    folder = tmp_path / "qwh"
    done = command("sudoku-gen", "--family", "qwh", "--size", "9", "--hole-ratio", "1.2",
                   "--count", "3", "--seed", "10", "--cnf", "--output-dir", folder,
                   "--compress", "xz")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader((folder / "index.csv").open()))
    assert [row["file"] for row in rows] == ["qwh-9-36-%d.cnf.xz" % s for s in (10, 11, 12)]
    for row in rows:
        text = lzma.decompress((folder / row["file"]).read_bytes())
        assert row["gbd_hash"] == gbd_hash_bytes(text)
        assert "p cnf %s %s" % (row["variables"], row["clauses"]) in text.decode()
        assert row["status"] == "SAT"
        alone = command(*shlex.split(row["generator"]))
        assert alone.stdout.encode() == text
    again = command("sudoku-gen", "--family", "qwh", "--size", "9", "--hole-ratio", "1.2",
                    "--count", "3", "--seed", "10", "--cnf", "--output-dir",
                    tmp_path / "again", "--compress", "xz")
    assert again.returncode == 0
    for name in ["index.csv"] + [row["file"] for row in rows]:
        assert (tmp_path / "again" / name).read_bytes() == (folder / name).read_bytes()


def test_sudoku2cnf_index_and_gbd_hash(tmp_path):
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(SMALL4 + "\n" + "1..4" + "." * 12 + "\n")
    done = command("sudoku2cnf", "--output-dir", tmp_path / "out", "--compress", "gz",
                   "--encoding", "minimal", puzzles)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader((tmp_path / "out" / "index.csv").open()))
    assert [row["file"] for row in rows] == ["p-1.cnf.gz", "p-2.cnf.gz"]
    for k, row in enumerate(rows, 1):
        alone = command(*shlex.split(row["generator"]))
        assert "--index %d" % k in row["generator"] and "--encoding minimal" in row["generator"]
        assert row["gbd_hash"] == gbd_hash_bytes(alone.stdout.encode())
        hashed = command(*shlex.split(row["generator"]), "--gbd-hash")
        assert hashed.stdout == row["gbd_hash"] + "\n"
    written = command("sudoku2cnf", "--index", "1", "--encoding", "minimal", puzzles, "-o",
                      tmp_path / "one.cnf.xz",
                      "--gbd-hash")
    assert written.stdout == rows[0]["gbd_hash"] + "\n"
    assert gbd_hash_bytes(lzma.decompress((tmp_path / "one.cnf.xz").read_bytes())) == \
        rows[0]["gbd_hash"]


@pytest.mark.parametrize("args, fragment", [
    (["--family", "qwh", "--size", "5", "--holes", "26"], "more than the 25 cells"),
    (["--family", "qwh", "--size", "5", "--hole-ratio", "7"], "from 0 to"),
    (["--family", "qwh", "--size", "5", "--hole-ratio", "-1"], "from 0 to"),
    (["--family", "qwh", "--size", "5"], "need --holes"),
    (["--family", "qwh", "--size", "50", "--holes", "3"], "up to order 49"),
    (["--family", "qwh", "--box", "2x3", "--holes", "3"], "--box is for gsp"),
    (["--family", "qwe", "--holes", "3"], "--family takes"),
    (["--family", "qwh", "--holes", "3", "--minimal"], "--minimal"),
    (["--family", "qwh", "--holes", "3", "--budget", "5"], "--budget"),
    (["--family", "qwh", "--holes", "3", "--count", "2", "--cnf"], "--output-dir"),
    (["--family", "qwh", "--holes", "3", "--output-dir", "x"], "add --cnf"),
    (["--family", "qwh", "--holes", "3", "--cnf", "--compress", "xz"], "--compress"),
    (["--family", "qwh", "--holes", "3", "--cnf", "--output-dir", "x", "--compress", "7z"],
     "--compress takes"),
    (["--family", "qwh", "--holes", "3", "--format", "line"], "cannot state"),
    (["--holes", "82"], "more than the 81 cells"),
    (["--holes", "3", "--clues", "30"], "say the same"),
    (["--balanced"], "--family sudoku"),
])
def test_bad_family_arguments_are_usage_errors(args, fragment, tmp_path):
    done = command("sudoku-gen", *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert fragment in done.stderr and done.stdout == ""
    no_traceback(done.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, fragment", [
    (["--compress", "xz"], "--output-dir"),
    (["--output-dir", "d", "--compress", "zip"], "--compress takes"),
    (["--output-dir", "d", "--gbd-hash"], "--gbd-hash"),
])
def test_bad_packaging_arguments_are_usage_errors(args, fragment, tmp_path):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n")
    done = command("sudoku2cnf", *args, "p.txt", cwd=tmp_path)
    assert done.returncode == 2 and fragment in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt"]


def test_sudoku_holes_are_clues():
    done = command("sudoku-gen", "--holes", "50", "--seed", "3", "--format", "line")
    assert done.returncode == 0
    assert done.stdout.strip().count(".") >= 50 or "not reached" in done.stderr


def test_a_second_run_into_the_same_folder_keeps_the_first_runs_rows(tmp_path):
    # index.csv named the second run's files alone, beside the first run's: every
    # CNF file of the folder has its row, each once (a file written again: its new row)
    folder = tmp_path / "set"
    for family, seed in (("qwh", "1"), ("qcp", "5"), ("qwh", "2")):
        done = command("sudoku-gen", "--family", family, "--size", "5", "--holes", "6",
                       "--count", "2", "--seed", seed, "--cnf", "--output-dir", folder)
        assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader((folder / "index.csv").open()))
    files = sorted(p.name for p in folder.iterdir() if p.name != "index.csv")
    assert sorted(row["file"] for row in rows) == files and len(files) == 5
    assert [row["file"] for row in rows][:2] == ["qwh-5-6-1.cnf", "qcp-5-6-5.cnf"]


def test_a_folder_whose_index_csv_is_not_a_package_index_is_refused(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "index.csv").write_text("name,score\nalice,3\n")
    done = command("sudoku-gen", "--family", "qwh", "--size", "5", "--holes", "6",
                   "--cnf", "--output-dir", folder)
    assert done.returncode == 8 and no_traceback(done.stderr), done.stderr
    assert "index.csv" in done.stderr and done.stderr.count("\n") == 1
    assert (folder / "index.csv").read_text() == "name,score\nalice,3\n"
    assert sorted(p.name for p in folder.iterdir()) == ["index.csv"]
