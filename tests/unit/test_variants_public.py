"""Public variant puzzles with published solutions, from ``fixtures/variants/``: each has
exactly one solution, and it is the published one, through the bundled engine and
through the pipe with external solvers.

Each fixture is a file of the variant text format (docs/variants.md) whose header
comments say what it is::

    # TITLE
    # setter: WHO
    # published: WHERE (a URL)
    # note: ...                  (optional, any number)
    # transcribed from ...       (where we read the clues)
    # solution: THE PUBLISHED SOLUTION, one line

A transcription error shows as a solution that is not the published one (or as no, or
several, solutions), so the tests below are also the check on the transcriptions.
"""

import re
import shlex
import subprocess

import pytest

from conftest import require_solver
from support import FIXTURES as ALL_FIXTURES, command, in_process, no_traceback, shell

FIXTURES = ALL_FIXTURES / "variants"
NAMES = sorted(path.stem for path in FIXTURES.glob("*.txt"))
# Taken in turn: each fixture goes through one of them and is shown unique by the one
# two places on, so that every solver sees many puzzles and every puzzle two solvers.
SOLVERS = ["picosat", "cadical", "minisat", "clasp", "cryptominisat5"]


def header(name):
    """The ``# key: value`` fields of a fixture's header, and its title."""
    fields = {}
    lines = (FIXTURES / (name + ".txt")).read_text().splitlines()
    fields["title"] = lines[0].lstrip("# ").strip()
    for line in lines[1:]:
        found = re.match(r"#\s*([a-z ]+):\s*(.*)$", line)
        if found:
            fields.setdefault(found.group(1), found.group(2).strip())
    return fields


def solution(name):
    return header(name)["solution"]


def solver_of(name):
    return SOLVERS[NAMES.index(name) % len(SOLVERS)]


def pipe_script(solver, puzzle):
    """The shell pipeline that solves ``puzzle`` with ``solver`` and decodes its answer
    against the puzzle's rules (minisat in its two-file form)."""
    puzzle = shlex.quote(str(puzzle))
    if solver == "minisat":
        return ("sudoku2cnf %s -o p.cnf && { minisat p.cnf p.res > /dev/null; true; } "
                "&& cnf2sudoku --puzzle %s p.res" % (puzzle, puzzle))
    command_line = {"picosat": "picosat", "cadical": "cadical -q", "clasp": "clasp",
                    "cryptominisat5": "cryptominisat5 --verb 0"}[solver]
    return "sudoku2cnf %s | %s | cnf2sudoku --puzzle %s" % (puzzle, command_line, puzzle)


def test_there_are_public_puzzles_of_many_families():
    rules = set()
    for name in NAMES:
        text = (FIXTURES / (name + ".txt")).read_text()
        rules.update(line.split()[0] for line in text.splitlines()
                     if line[:1].isalpha() and not line.startswith("#"))
    assert len(NAMES) >= 8
    assert {"killer", "littlekiller", "sandwich", "thermo", "arrow", "white", "black",
            "xv", "negative", "whispers", "renban", "between", "palindrome", "clone",
            "quadruple", "odd", "even", "maximum", "jigsaw", "diagonals", "windoku",
            "disjoint", "region", "antiknight", "antiking", "nonconsecutive",
            "regionsum", "zipper", "entropic", "xsum", "skyscraper"} <= rules


@pytest.mark.parametrize("name", NAMES)
def test_each_fixture_names_its_puzzle_setter_and_publication(name):
    fields = header(name)
    assert fields["title"] and fields["setter"]
    assert "http" in fields["published"]
    from dimacs_sudoku.formats.variant import read_variant
    grid, rules = read_variant((FIXTURES / (name + ".txt")).read_text().splitlines(), name)
    assert re.fullmatch(r"[1-9]{%d}" % (grid.size ** 2), fields["solution"])
    assert rules, "a variant puzzle has rules"


@pytest.fixture(scope="module")
def solved_by_sudoku_solve():
    """``sudoku-solve --count 2`` over every fixture in one run: one line each, in order."""
    done = command("sudoku-solve", "--count", "2", *[FIXTURES / (name + ".txt")
                                                      for name in NAMES])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(NAMES)
    return dict(zip(NAMES, lines))


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_bundled_engine_finds_the_one_published_solution(solved_by_sudoku_solve, name):
    assert solved_by_sudoku_solve[name] == solution(name) + "\t1"


@pytest.mark.parametrize("name", NAMES)
def test_the_checker_accepts_the_published_solution(name):
    """The published grid obeys every rule by the rules' own checkers (not the clauses),
    and the same grid with two digits swapped breaks one of them."""
    from dimacs_sudoku.formats.variant import read_variant
    from dimacs_sudoku.core.check import check_variant
    grid, rules = read_variant((FIXTURES / (name + ".txt")).read_text().splitlines(), name)
    cells = [int(ch) for ch in solution(name)]
    assert check_variant(cells, grid.size, grid.layout.box, rules, givens=grid.cells) == []
    swapped = [{1: 2, 2: 1}.get(d, d) for d in cells]
    assert check_variant(swapped, grid.size, grid.layout.box, rules, givens=grid.cells)


@pytest.mark.slow
@pytest.mark.parametrize("name, solver", [(name, solver_of(name)) for name in NAMES])
def test_pipe_with_external_solvers_prints_the_published_solution(tmp_path, name, solver):
    require_solver(solver)
    done = shell(pipe_script(solver, FIXTURES / (name + ".txt")), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == solution(name) + "\n"
    assert no_traceback(done.stderr)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_with_the_published_solution_blocked_the_cnf_is_unsatisfiable(tmp_path, name):
    """Uniqueness through the CNF: the formula sudoku2cnf writes (``encode_variant``'s)
    plus one clause that forbids the published grid has no model, by an external solver
    (the one two places on). (That the formula without that clause has the published grid
    is the pipe test's.)"""
    from dimacs_sudoku.encodings import encode_variant
    from dimacs_sudoku.formats.variant import read_variant
    solver = SOLVERS[(NAMES.index(name) + 2) % len(SOLVERS)]
    path = require_solver(solver)
    grid, rules = read_variant((FIXTURES / (name + ".txt")).read_text().splitlines(), name)
    formula = encode_variant(grid, rules)
    digits = [int(ch) for ch in solution(name)]
    blocking = [-(cell * grid.size + d) for cell, d in enumerate(digits)]
    cnf = tmp_path / "blocked.cnf"
    with open(cnf, "w") as out:
        out.write("p cnf %d %d\n" % (formula.num_vars, formula.num_clauses + 1))
        for clause in formula.clauses():
            out.write(" ".join(map(str, clause)) + " 0\n")
        out.write(" ".join(map(str, blocking)) + " 0\n")
    args = {"cadical": ["-q"], "cryptominisat5": ["--verb", "0"],
            "minisat": ["-verb=0"]}.get(solver, [])
    files = [str(cnf)] + ([str(tmp_path / "m.res")] if solver == "minisat" else [])
    done = subprocess.run([path, *args, *files], capture_output=True, text=True, timeout=300)
    answer = (tmp_path / "m.res").read_text() if solver == "minisat" else done.stdout
    assert done.returncode == 20, (done.stdout, done.stderr)
    assert ("UNSAT\n" if solver == "minisat" else "s UNSATISFIABLE\n") in answer


def test_the_readme_lists_every_fixture():
    readme = (FIXTURES / "README.md").read_text()
    listed = re.findall(r"^\| `([^`]+)` \|", readme, re.M)
    assert sorted(listed) == NAMES and len(set(listed)) == len(listed)


# Fixtures whose rules f-puzzles cannot state: its nonconsecutive exempts the pairs with
# a kropki dot, and this puzzle's applies to every pair (no 1-2 on a black dot).
NO_FPUZZLES_FORM = ("i-just-like-colours-ctc",)


@pytest.mark.parametrize("fmt", ["fpuzzles", "sudokupad"])
def test_a_writer_that_cannot_state_the_rules_is_a_usage_error(fmt):
    done = in_process("sudoku-solve", "-F", fmt, FIXTURES / (NO_FPUZZLES_FORM[0] + ".txt"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "f-puzzles cannot state" in done.stderr
    assert "use the variant or json format" in done.stderr


@pytest.mark.parametrize("name", NAMES)
def test_the_fpuzzles_form_has_the_same_one_solution(name):
    """Written as f-puzzles JSON and read back, the puzzle keeps its one solution (the
    rules may come back in f-puzzles' terms: windoku as extra regions, say)."""
    import json
    from dimacs_sudoku.errors import UsageError
    from dimacs_sudoku.formats.variant import read_variant
    from dimacs_sudoku.sat.pycosat_backend import solve_variant
    from dimacs_sudoku.formats.fpuzzles import parse_fpuzzles, to_fpuzzles
    grid, rules = read_variant((FIXTURES / (name + ".txt")).read_text().splitlines(), name)
    if name in NO_FPUZZLES_FORM:
        with pytest.raises(UsageError, match="exempts the pairs with a kropki dot"):
            to_fpuzzles(grid, rules)
        return
    again, again_rules = parse_fpuzzles(json.dumps(to_fpuzzles(grid, rules)), name + ".json")
    assert [s.to_line() for s in solve_variant(again, again_rules, limit=2)] == [solution(name)]
