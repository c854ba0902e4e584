"""The library without the shell, and what each command loads."""

import subprocess
import sys

import dimacs_sudoku as ds
from support import INKALA, INKALA_SOLUTION, ROOT


def test_parse_encode_solve_decode_in_python():
    puzzle = ds.parse_puzzle(INKALA)
    formula = ds.encode(puzzle)
    assert (formula.num_vars, formula.num_clauses) == (729, 10530 + 21)
    assert ds.solve(puzzle).to_line() == INKALA_SOLUTION
    assert "| 8 . . | . . . | . . . |" in repr(puzzle)


def test_write_read_round_trip_through_text():
    import io
    puzzle = ds.parse_puzzle(INKALA)
    text = ds.encode(puzzle).to_text()
    cnf = ds.read_dimacs(io.StringIO(text))
    assert cnf.num_vars == 729 and len(cnf.clauses) == 10551
    result = ds.solve_cnf(cnf)
    grid = ds.decode(result.positives, size=9, givens=puzzle)
    assert grid.to_line() == INKALA_SOLUTION


def loaded_modules(command, stdin):
    """The top-level modules loaded after running ``command``'s main() in a child."""
    script = ("import sys, io\n"
              "sys.argv = [%r]\n"
              "from dimacs_sudoku.commands.%s import main\n"
              "sys.stdout = io.StringIO()\n"
              "code = main()\n"
              "sys.stdout = sys.__stdout__\n"
              "print(code, ' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
              % (command, command))
    done = subprocess.run([sys.executable, "-c", script], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, check=True)
    code, modules = done.stdout.split(" ", 1)
    return int(code), set(modules.split())


def test_sudoku2cnf_does_not_load_the_solver():
    code, modules = loaded_modules("sudoku2cnf", INKALA)
    assert code == 0
    assert "pycosat" not in modules


def test_cnf2sudoku_does_not_load_the_solver():
    model = ds.encode(ds.parse_puzzle(INKALA))
    text = "s SATISFIABLE\nv " + " ".join(
        str(v) for v in ds.solve_cnf(ds.read_dimacs(__import__("io").StringIO(
            model.to_text()))).literals()) + " 0\n"
    code, modules = loaded_modules("cnf2sudoku", text)
    assert code == 0
    assert "pycosat" not in modules
