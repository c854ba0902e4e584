"""bin/ from a checkout: the Python it runs with, and what it does without the
project's dependencies."""

import os
import subprocess
import sys

import pytest

from dimacs_sudoku.errors import EXIT_SOLVER_FAILED
from support import BIN, ROOT, shell

# bin/ and python -m as a shell starts them.
pytestmark = pytest.mark.slow


def test_shell_tests_run_bin_with_this_python():
    # The python3 that bin/'s scripts start with in the shell tests is the one
    # running the tests (the project's venv under `make test`).
    done = shell("python3 -c 'import sys; print(sys.prefix)'")
    assert done.returncode == 0, done.stderr
    assert os.path.realpath(done.stdout.strip()) == os.path.realpath(sys.prefix)
    done = shell("head -1 \"$(command -v sudoku2cnf)\"")
    assert done.stdout.strip() == "#!/usr/bin/env python3"


def run_without_site(script, *args):
    """Run a bin/ script with this Python but no site-packages: typer is missing."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    return subprocess.run([sys.executable, "-S", str(script), *args], capture_output=True,
                          text=True, env=env, timeout=60)


def test_missing_dependencies_is_one_line_naming_the_fix(tmp_path):
    # A checkout with no .venv: nothing to fall back to.
    (tmp_path / "bin").mkdir()
    os.symlink(ROOT / "dimacs_sudoku", tmp_path / "dimacs_sudoku")
    script = tmp_path / "bin" / "cnfsolve"
    script.write_text((BIN / "cnfsolve").read_text())
    done = run_without_site(script, "--help")
    assert done.returncode == EXIT_SOLVER_FAILED      # "not installed", as a solver
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "cannot import typer" in done.stderr and "make venv" in done.stderr
    assert "Traceback" not in done.stderr


def test_falls_back_to_the_checkouts_venv(tmp_path):
    (tmp_path / "bin").mkdir()
    os.symlink(ROOT / "dimacs_sudoku", tmp_path / "dimacs_sudoku")
    script = tmp_path / "bin" / "sudoku2cnf"
    script.write_text((BIN / "sudoku2cnf").read_text())
    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    # The checkout's "venv" python: this one, with its site-packages.
    (venv_bin / "python").write_text('#!/bin/sh\nexec "%s" "$@"\n' % sys.executable)
    (venv_bin / "python").chmod(0o755)
    done = subprocess.run([sys.executable, "-S", str(script)], input="1..44......33..1\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "p cnf 64 390" in done.stdout


def test_python_m_without_dependencies_is_one_line_naming_what_to_install():
    # -S: this Python without its site-packages, the checkout alone on the path.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-S", "-m", "dimacs_sudoku", "sudoku-solve"],
                          input="1..44......33..1\n", capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == EXIT_SOLVER_FAILED
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("sudoku-solve: ")
    assert "cannot import typer and pycosat" in done.stderr
    assert "pip install typer pycosat" in done.stderr


def test_the_package_ships_the_reference_pages_its_help_names(tmp_path):
    # What a wheel holds: setuptools' build_py of a copy of the checkout.
    import re
    import shutil
    source = tmp_path / "source"
    source.mkdir()
    for name in ("setup.cfg", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "docs", source / "docs")
    shutil.copytree(ROOT / "dimacs_sudoku", source / "dimacs_sudoku", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()",
                           "-q", "build_py", "--build-lib", str(tmp_path / "built")],
                          cwd=source, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    shipped = tmp_path / "built" / "dimacs_sudoku" / "docs"
    pages = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert "variants.md" in pages and "formats.md" in pages
    assert sorted(p.name for p in shipped.iterdir()) == pages
    for page in pages:
        assert (shipped / page).read_text() == (ROOT / "docs" / page).read_text()
    # sudoku-gen --help names the installed page, which exists.
    done = shell("sudoku-gen --help")
    named = re.search(r"(\S+/docs/variants\.md)", done.stdout).group(1)
    assert os.path.isfile(named) and named.endswith(os.path.join("dimacs_sudoku", "docs",
                                                                 "variants.md"))
