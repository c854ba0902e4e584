"""The Makefile's pattern rules, run by make as a user would, in parallel."""

import os
import shutil
import stat
import subprocess
import sys

import pytest

from support import BIN, INKALA_SOLUTION, ROOT

# make, the venv and the commands as installed.
pytestmark = pytest.mark.slow


@pytest.fixture
def project(tmp_path):
    """A copy of the Makefile and the examples, with commands that run this checkout."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "setup.cfg", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "stamp").write_text("")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    commands = tmp_path / "commands"
    commands.mkdir()
    for name in ("sudoku2cnf", "cnfsolve", "cnf2sudoku"):
        script = commands / name
        script.write_text('#!/bin/sh\nexec "%s" "%s" "$@"\n' % (sys.executable, BIN / name))
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return tmp_path


def make(project, *targets):
    # STAMP names an up-to-date file so that make does not build a virtual environment.
    return subprocess.run(["make", "-j4", "BIN=commands", "STAMP=stamp", *targets],
                          cwd=project, capture_output=True, text=True, timeout=300)


def test_pattern_rules_solve_every_example_in_parallel(project):
    done = make(project, "examples")
    assert done.returncode == 0, done.stderr
    names = sorted(os.listdir(project / "examples"))
    for stem in ("inkala", "small-6x6"):
        for ending in (".cnf", ".out", ".sol"):
            assert stem + ending in names
    solution = (project / "examples" / "inkala.sol").read_text()
    rows = [line for line in solution.splitlines() if line.startswith("|")]
    assert "".join(ch for row in rows for ch in row if ch.isdigit()) == INKALA_SOLUTION
    again = make(project, "examples")
    assert "Nothing to be done" in again.stdout


def test_a_bad_puzzle_fails_the_build_and_leaves_no_file(project):
    (project / "examples" / "broken.sdk").write_text("1x" + "." * 79 + "\n")
    done = make(project, "examples/broken.sol")
    assert done.returncode != 0
    assert "broken.sdk:1" in done.stderr
    assert not (project / "examples" / "broken.cnf").exists()


def test_a_puzzle_without_solution_fails_the_build_at_the_solution(project):
    # Its CNF is written (unsatisfiable, the clash named), the solver's answer is
    # kept, and cnf2sudoku refuses to write a solution.
    (project / "examples" / "broken.sdk").write_text("11" + "." * 79 + "\n")
    done = make(project, "examples/broken.sol")
    assert done.returncode != 0
    assert "r1c1" in done.stderr
    assert "s UNSATISFIABLE" in (project / "examples" / "broken.out").read_text()
    assert not (project / "examples" / "broken.sol").exists()


def fake_python(folder):
    """A ``python3`` that makes a "venv" whose python logs each pip install it is
    asked for: what `make venv` would install, without the network."""
    log = folder / "pip.log"
    script = folder / "python3"
    script.write_text('#!/bin/sh\n'
                      'if [ "$1 $2" = "-m venv" ]; then mkdir -p "$3/bin"; '
                      'cp "$0" "$3/bin/python"; exit 0; fi\n'
                      'if [ "$1 $2 $3" = "-m pip install" ]; then '
                      'echo "$*" >> "%s"; fi\n' % log)
    script.chmod(0o755)
    return script, log


def installs(log):
    """The extras of each `pip install -e` logged, in order."""
    if not log.exists():
        return []
    return [line.split("-e ")[1] for line in log.read_text().splitlines() if "-e " in line]


def test_venv_with_other_extras_installs_them(tmp_path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "setup.cfg", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    python, log = fake_python(tmp_path)

    def venv(*args):
        done = subprocess.run(["make", "venv", "PYTHON=%s" % python, *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done

    venv()
    assert installs(log) == [".[test]"]
    venv("EXTRAS=test,fast")                # python-sat, as the README says
    assert installs(log) == [".[test]", ".[test,fast]"]
    assert "Nothing to be done" in venv("EXTRAS=test,fast").stdout
    assert "Nothing to be done" in venv().stdout
    assert installs(log) == [".[test]", ".[test,fast]"]


def test_venv_with_extras_first_is_the_install_that_test_and_run_use(tmp_path):
    # CI makes the venv with extras, then runs `make test` with no python3 on PATH:
    # the second make must not make the venv again.
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    for name in ("Makefile", "setup.cfg", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    python, log = fake_python(tmp_path)
    done = subprocess.run(["make", "venv", "PYTHON=%s" % python, "EXTRAS=test,fast"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert installs(log) == [".[test,fast]"]
    for target in ("test", "run"):
        done = subprocess.run(["make", "-n", target, "PYTHON=/no/python3"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "/no/python3" not in done.stdout and "pip install" not in done.stdout
