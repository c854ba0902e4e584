"""A pencil-mark puzzle through real processes: sudoku2cnf | picosat | cnf2sudoku."""

import pytest

from conftest import require_solver
from support import INKALA_SOLUTION, PENCIL_LIBRARY, shell

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("check", ["--puzzle p.txt", "--cnf p.cnf"])
def test_pipe_through_picosat(tmp_path, check):
    require_solver("picosat")
    (tmp_path / "p.txt").write_text(PENCIL_LIBRARY + "\n")
    done = shell("sudoku2cnf p.txt | tee p.cnf | { picosat; true; } > p.out && "
                 "cnf2sudoku %s p.out" % check, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


def test_sudoku_solve_with_an_external_solver(tmp_path):
    require_solver("minisat")
    (tmp_path / "p.txt").write_text(PENCIL_LIBRARY + "\n")
    done = shell("sudoku-solve --solver minisat --count 2 p.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert INKALA_SOLUTION in done.stdout
