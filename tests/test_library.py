"""The library without the shell, and what each command loads."""

import io
import subprocess
import sys

import pytest

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


@pytest.mark.slow
def test_sudoku2cnf_does_not_load_the_solver():
    code, modules = loaded_modules("sudoku2cnf", INKALA)
    assert code == 0
    assert "pycosat" not in modules


@pytest.mark.slow
def test_cnf2sudoku_does_not_load_the_solver():
    model = ds.encode(ds.parse_puzzle(INKALA))
    text = "s SATISFIABLE\nv " + " ".join(
        str(v) for v in ds.solve_cnf(ds.read_dimacs(__import__("io").StringIO(
            model.to_text()))).literals()) + " 0\n"
    code, modules = loaded_modules("cnf2sudoku", text)
    assert code == 0
    assert "pycosat" not in modules


# ---- misuse of the public functions: a clear TypeError at the call ------------------

def _public_calls():
    return {
        "parse_puzzle": lambda x: ds.parse_puzzle(x),
        "puzzles_from_text": lambda x: ds.puzzles_from_text(x),
        "puzzles_from_file": lambda x: ds.puzzles_from_file(x),
        "read_puzzles": lambda x: list(ds.read_puzzles(x)),
        "write_grid": lambda x: ds.write_grid(x, "line"),
        "encode": lambda x: ds.encode(x),
        "write_cnf": lambda x: ds.write_cnf(x, io.StringIO()),
        "read_dimacs": lambda x: ds.read_dimacs(x),
        "read_result": lambda x: ds.read_result(x),
        "solve_cnf": lambda x: ds.solve_cnf(x),
        "run_solver": lambda x: ds.run_solver(x, "p.cnf"),
        "decode": lambda x: ds.decode(x),
        "solve": lambda x: ds.solve(x),
        "Grid": lambda x: ds.Grid(x),
        "Layout": lambda x: ds.Layout(x),
    }


@pytest.mark.parametrize("name", sorted(_public_calls()))
@pytest.mark.parametrize("wrong", [None, 3.5], ids=["None", "float"])
def test_misuse_of_a_public_function_is_a_type_error_naming_it(name, wrong):
    with pytest.raises(TypeError, match=r"^%s\(\) takes .*, not %s$"
                       % (name, type(wrong).__name__)):
        _public_calls()[name](wrong)


def test_every_public_function_is_checked_for_misuse():
    checked = set(_public_calls()) | {"Result"}     # Result: ValueError naming the status
    assert set(ds._EXPORTS) == checked


def test_a_grid_where_text_goes_and_text_where_a_grid_goes():
    grid = ds.parse_puzzle("1..44......33..1")
    with pytest.raises(TypeError, match=r"^parse_puzzle\(\) takes the puzzle as a str, "
                                        r"not Grid$"):
        ds.parse_puzzle(grid)
    with pytest.raises(TypeError, match=r"^encode\(\) takes a Grid .*, not str$"):
        ds.encode("1..44......33..1")
    with pytest.raises(TypeError, match=r"^write_cnf\(\) takes an open text stream"):
        ds.write_cnf(ds.encode(grid), None)
    with pytest.raises(TypeError, match=r"^run_solver\(\) takes the CNF's file name"):
        ds.run_solver("picosat", 3)
