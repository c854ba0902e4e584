"""The library without the shell, and what each command loads."""

import io
import subprocess
import sys

import pytest

import dimacs_sudoku as ds
from dimacs_sudoku.errors import NoSolution
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


def test_solve_cnf_takes_the_formula_of_encode():
    puzzle = ds.parse_puzzle(INKALA)
    formula = ds.encode(puzzle)
    result = ds.solve_cnf(formula)
    assert result.status == "SAT"
    assert ds.decode(result.positives, size=9, givens=puzzle).to_line() == INKALA_SOLUTION
    assert ds.solve_cnf(ds.encode(ds.parse_puzzle("11" + "." * 14))).status == "UNSAT"


def loaded_modules(command, stdin):
    """The top-level modules loaded after running ``command``'s main() in a child."""
    script = ("import sys, io\n"
              "sys.argv = [%r]\n"
              "from dimacs_sudoku.cli.%s import main\n"
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
        "count_solutions": lambda x: ds.count_solutions(x),
        "solve_many": lambda x: list(ds.solve_many(x)),
        "generate": lambda x: list(ds.generate(x)),
        "grade": lambda x: ds.grade(x),
        "analyze": lambda x: ds.analyze(x),
        "explain": lambda x: ds.explain(x),
        "hint": lambda x: ds.hint(x),
        "parse_rule": lambda x: ds.parse_rule(x, 9),
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
    # Result: ValueError naming the status; Formula: made by encode, not by hand.
    checked = set(_public_calls()) | {"Result", "Formula"}
    assert set(ds.__all__) == checked


def test_the_public_names_are_all_and_dir_and_each_has_an_example():
    assert len(set(ds.__all__)) == len(ds.__all__)
    assert dir(ds) == sorted(ds.__all__)
    for name in ds.__all__:
        assert ">>> " in getattr(ds, name).__doc__, name


@pytest.mark.slow
def test_importing_the_package_loads_no_implementation_module():
    done = subprocess.run([sys.executable, "-c", "import sys, dimacs_sudoku as ds; "
                           "print(sorted(m for m in sys.modules if m.startswith('dimacs')))"],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "['dimacs_sudoku']"


def test_solve_is_the_first_checked_solution_and_count_says_if_it_is_the_only_one():
    puzzle = ds.parse_puzzle(INKALA)
    solution = ds.solve(puzzle)
    assert solution.to_line() == INKALA_SOLUTION and solution.givens is puzzle
    assert ds.count_solutions(puzzle) == 1
    empty = ds.Grid.empty(4)
    assert ds.solve(empty).is_complete()
    assert ds.count_solutions(empty) == 2 and ds.count_solutions(empty, cap=300) == 288
    clash = ds.parse_puzzle("11" + "." * 14)
    assert ds.count_solutions(clash) == 0
    with pytest.raises(NoSolution):
        ds.solve(clash)
    with pytest.raises(ValueError, match=r"^count_solutions\(\): .* at least 1, not 0$"):
        ds.count_solutions(empty, cap=0)


def test_solve_many_yields_each_puzzle_its_solution_and_count_in_order():
    puzzles = ds.puzzles_from_text("\n".join([INKALA, "." * 16, "11" + "." * 14]))
    solved = list(ds.solve_many(iter(puzzles), count=2))
    assert [s.puzzle for s in solved] == puzzles
    assert [s.count for s in solved] == [1, 2, 0]
    assert solved[0].solution.to_line() == INKALA_SOLUTION
    assert solved[0].solution.givens is puzzles[0] and solved[2].solution is None
    # With count > 1 the solution of a puzzle with several is the same whatever the engine.
    assert {next(ds.solve_many([puzzles[1]], count=2, engine=engine)).solution.to_line()
            for engine in ("pycosat", "auto")} == {solved[1].solution.to_line()}


def test_generate_grade_and_parse_rule_from_the_package():
    made = list(ds.generate(2, size=4, seed=7))
    assert len(made) == 2
    for one in made:
        assert ds.count_solutions(one.puzzle) == 1
        assert ds.solve(one.puzzle).to_line() == one.solution.to_line()
        assert ds.grade(one.puzzle).level in ("up", "probe", "search")
    rule = ds.parse_rule("thermo r1c1 r1c2", size=4)
    grid = ds.Grid([0] * 16, size=4, rules=(rule,))
    solution = ds.solve(grid)
    assert solution.cells[0] < solution.cells[1]


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
