"""Variable numberings and the variable map: --numbering decimal end to end, and what
--comments full says about every variable.

The decimal numbering writes "row r, column c holds d" as the decimal number r c d
(each field as wide as N has digits; 147 in a 9x9 grid, 11203 for r1 c12 d3 in a
16x16 one), auxiliary variables above the decimal maximum (999, 161616). A model is
decoded without --cnf: the numbering and size come from the model alone, whatever the
solver does with the numbers the decimal numbering leaves unused (picosat and minisat
report them false, cadical true; minisat reports only variables that occur).
"""

import random
import re
import subprocess

import pycosat
import pytest
from hypothesis import given, settings, strategies as st

from conftest import require_solver
from support import INKALA, INKALA_SOLUTION, in_process as command, shell
from support import pattern_solution as support_pattern

from dimacs_sudoku.dimacs.decode import decode
from dimacs_sudoku.encodings import ENCODINGS, encode, variable_map
from dimacs_sudoku.encodings.amo import FAMILIES, family
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.core.layout import Layout
from dimacs_sudoku.core.variables import Decimal, Standard, infer_numbering

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def pattern_solution(n, seed=0):
    """A valid N x N solution (see support.pattern_solution)."""
    return support_pattern(n, rng=random.Random(seed))
def puzzle_of(solution, blank, seed=0):
    n = int(len(solution) ** 0.5)
    cells = list(solution)
    for i in random.Random(seed).sample(range(n * n), int(blank * n * n)):
        cells[i] = 0
    return Grid(cells, size=n)


# A 16x16 puzzle with its (not necessarily only) solution; the givens are checked.
SOLUTION16 = pattern_solution(16, seed=16)
PUZZLE16 = puzzle_of(SOLUTION16, 0.55, seed=16)
LINE16 = "".join(SYMBOLS[d - 1] if d else "." for d in PUZZLE16.cells)


def solve_in_process(formula):
    """The true variables of a pycosat model of ``formula``."""
    model = pycosat.solve(list(formula.clauses()), vars=formula.num_vars)
    assert isinstance(model, list)
    return [v for v in model if v > 0]


def agrees(line, puzzle_line):
    """The decoded one-line grid keeps every given of the puzzle line."""
    return all(p in ".0" or p == s for p, s in zip(puzzle_line, line))


# ---- the numbering itself -------------------------------------------------------------

@pytest.mark.parametrize("n", [4, 9, 10, 16, 25, 100])
def test_decimal_round_trip(n):
    numbers = Decimal(n)
    width = len(str(n))
    for cell in (0, 1, n, n * n - 1):
        for d in (1, n):
            v = numbers.var(cell, d)
            r, c = divmod(cell, n)
            assert str(v) == "%d%0*d%0*d" % (r + 1, width, c + 1, width, d)
            assert numbers.cell_digit(v) == (cell, d)
    assert numbers.max_var == numbers.var(n * n - 1, n)
    # Numbers with a field 0 or above N, and every auxiliary number, are no cell.
    assert numbers.cell_digit(numbers.max_var + 1) is None
    assert numbers.cell_digit(10 ** width * 10 ** width) is None          # r1 c0 d0


def test_teaching_examples():
    assert Decimal(9).var(3, 7) == 147            # row 1, column 4, digit 7
    assert Decimal(16).var(11, 3) == 11203        # row 1, column 12, digit 3
    assert Decimal(9).max_var == 999 and Decimal(16).max_var == 161616


@pytest.mark.slow
@pytest.mark.parametrize("amo", sorted(FAMILIES))
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_encoding_and_family_in_decimal(encoding, amo):
    """Same clause count as the standard numbering; auxiliary variables above 999; the
    model decodes from itself alone."""
    grid = Grid.from_line(INKALA)
    standard = encode(grid, encoding=encoding, amo=amo)
    decimal = encode(grid, encoding=encoding, amo=amo, numbering="decimal")
    assert decimal.num_clauses == standard.num_clauses
    assert decimal.num_vars - 999 == standard.num_vars - 729
    numbers = Decimal(9)
    for clause in decimal.clauses():
        for lit in clause:
            v = abs(lit)
            assert v > 999 or numbers.cell_digit(v) is not None, v
    positives = solve_in_process(decimal)
    assert infer_numbering(positives) == ("decimal", 9)
    assert decode(positives).to_line() == INKALA_SOLUTION
    assert decode(positives, size=9).to_line() == INKALA_SOLUTION


@pytest.mark.parametrize("amo", ["pairwise", "sequential", "bimander"])
def test_decimal_16x16_in_process(amo):
    formula = encode(PUZZLE16, amo=amo, numbering="decimal")
    assert formula.num_vars >= 161616
    positives = solve_in_process(formula)
    grid = decode(positives, givens=PUZZLE16)
    assert grid.size == 16
    # As cadical answers: every unused number below the maximum true as well.
    used = {abs(v) for clause in formula.clauses() for v in clause}
    unused = [v for v in range(1, 161617) if v not in used]
    assert len(unused) == 161616 - 4096
    assert decode(positives + unused, givens=PUZZLE16) == grid


def cadical_like(numbers, positives):
    """The model as a solver that sets unused variables true reports it."""
    return positives + [v for v in range(1, numbers.max_var + 1)
                        if numbers.cell_digit(v) is None]


def standard_model(solution, aux=()):
    n = int(len(solution) ** 0.5)
    return [cell * n + d for cell, d in enumerate(solution)] + list(aux)


def decimal_model(solution):
    n = int(len(solution) ** 0.5)
    numbers = Decimal(n)
    return [numbers.var(cell, d) for cell, d in enumerate(solution)]


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 6, 9, 12, 16, 25])
def test_standard_is_never_taken_for_decimal(n):
    """A standard model always fits the standard numbering first; the decimal one only
    decimal models, with or without the unused numbers set true."""
    rng = random.Random(n)
    for seed in range(8 if n < 12 else 2):
        solution = pattern_solution(n, seed)
        # Auxiliary variables above N³, some true (as any family leaves them).
        aux = [v for v in range(n ** 3 + 1, n ** 3 + 3 * n * n) if rng.random() < 0.5]
        assert infer_numbering(standard_model(solution, aux)) == ("standard", n)
        assert infer_numbering(standard_model(solution, aux), size=n) == ("standard", n)
        decimal = decimal_model(solution)
        assert infer_numbering(decimal) == ("decimal", n)
        assert infer_numbering(cadical_like(Decimal(n), decimal)) == ("decimal", n)
        high = [Decimal(n).max_var + k for k in range(1, 200) if rng.random() < 0.5]
        assert infer_numbering(decimal + high, size=n) == ("decimal", n)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from([4, 6, 9, 16]), st.integers(0, 10 ** 6), st.floats(0, 1))
def test_inference_with_any_unused_numbers(n, seed, share):
    """Whatever share of the unused decimal numbers a solver reports true, the model is
    decimal; and a standard model with any true auxiliary variables stays standard."""
    rng = random.Random(seed)
    solution = pattern_solution(n, seed)
    numbers = Decimal(n)
    junk = [v for v in range(1, numbers.max_var + 1)
            if numbers.cell_digit(v) is None and rng.random() < share]
    assert infer_numbering(decimal_model(solution) + junk) == ("decimal", n)
    aux = [v for v in range(n ** 3 + 1, n ** 3 + 4 * n ** 2) if rng.random() < share]
    assert infer_numbering(standard_model(solution, aux)) == ("standard", n)


# ---- end to end, through real solvers -----------------------------------------------

SOLVERS = {"picosat": "picosat p.cnf > p.out",
           "cadical": "cadical -q p.cnf > p.out",
           "minisat": "minisat p.cnf p.out > /dev/null"}


@pytest.mark.slow
@pytest.mark.parametrize("amo", ["pairwise", "sequential", "product"])
@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_decimal_9x9_through_solvers(solver, amo, tmp_path):
    require_solver(solver)
    script = ("echo '%s' | sudoku2cnf --numbering decimal --amo %s -o p.cnf && "
              "{ %s; [ $? -eq 10 ]; } && cnf2sudoku p.out && cnf2sudoku --cnf p.cnf p.out"
              % (INKALA, amo, SOLVERS[solver]))
    done = shell(script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (INKALA_SOLUTION + "\n") * 2
    assert "c numbering: decimal" in (tmp_path / "p.cnf").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("amo", ["pairwise", "bimander"])
@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_decimal_16x16_through_solvers(solver, amo, tmp_path):
    require_solver(solver)
    script = ("echo '%s' | sudoku2cnf --numbering decimal --amo %s -o p.cnf && "
              "{ %s; [ $? -eq 10 ]; } && cnf2sudoku p.out && cnf2sudoku --cnf p.cnf p.out"
              % (LINE16, amo, SOLVERS[solver]))
    done = shell(script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    without, with_cnf = done.stdout.splitlines()
    assert without == with_cnf and agrees(without, LINE16)
    assert re.search(r"^p cnf (\d+) ", (tmp_path / "p.cnf").read_text(), re.M)


@pytest.mark.slow
def test_pipe_through_cadical_without_cnf():
    require_solver("cadical")
    done = shell("echo '%s' | sudoku2cnf --numbering decimal --amo ladder "
                 "| { cadical -q; true; } | cnf2sudoku" % INKALA)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


def test_decimal_model_by_hand():
    """A model written as a student would: one true literal per cell, 147-style."""
    numbers = Decimal(9)
    lits = [numbers.var(cell, int(ch)) for cell, ch in enumerate(INKALA_SOLUTION)]
    done = command("cnf2sudoku", input="\n".join(map(str, lits)) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


# ---- --comments full: the variable map ----------------------------------------------

def map_lines(text):
    """The variable map: the ``c`` lines naming cells and auxiliary variables, which
    follow the ``c variable map:`` line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("c variable map:"))
    out = []
    for line in lines[start + 1:]:
        if not re.match(r"c (r\d+c\d+|aux \d+\.\.\d+): ", line):
            break
        out.append(line[2:])
    return out


def groups(text):
    """``{label: variables used}`` for each labelled group of clauses, found by the
    ``c lines FIRST..LAST: label`` comments, all of which come before the ``p`` line."""
    lines = text.splitlines()
    p = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
    assert not any(line.startswith("c") for line in lines[p + 1:])
    used = {}
    named = set()
    for line in lines[:p]:
        m = re.match(r"c lines (\d+)\.\.(\d+): (.*)", line)
        if m:
            first, last, label = int(m.group(1)), int(m.group(2)), m.group(3)
            assert first >= p + 2
            for clause in lines[first - 1:last]:
                used.setdefault(label, set()).update(abs(int(t)) for t in clause.split()[:-1])
            named.update(range(first, last + 1))
    assert named == set(range(p + 2, len(lines) + 1))
    return used


@pytest.mark.slow
@pytest.mark.parametrize("amo", sorted(FAMILIES))
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("n,box,numbering", [(9, None, "standard"), (6, (2, 3), "decimal"),
                                             (16, None, "standard")])
def test_variable_map_names_every_variable(n, box, numbering, encoding, amo):
    formula = encode(Grid.empty(n, box=box), encoding=encoding, amo=amo, numbering=numbering)
    text = formula.to_text(labels=True)
    header, _, _ = text.partition("\np cnf")
    assert "c variable map: " in header
    assert "variable map" not in formula.to_text()
    lines = map_lines(text)
    numbers = (Standard if numbering == "standard" else Decimal)(n)
    cells = lines[:n * n]
    for cell, line in enumerate(cells):
        first, last = numbers.var(cell, 1), numbers.var(cell, n)
        assert line == "r%dc%d: %d..%d" % (cell // n + 1, cell % n + 1, first, last)
    # The auxiliary ranges tile base+1..num_vars, and each clause group uses its own.
    aux = lines[n * n:]
    top = numbers.max_var
    ranges = {"cell uniqueness": set(), "unit uniqueness": set()}
    for line in aux:
        m = re.match(r"aux (\d+)\.\.(\d+): (\w+) uniqueness, (\w+) at-most-one, (\d+) per ",
                     line)
        assert m, line
        first, last, what, name, per = m.groups()
        first, last, per = int(first), int(last), int(per)
        assert first == top + 1 and name == family(amo).name
        assert (last - first + 1) % per == 0
        top = last
        key = "cell uniqueness" if what == "cell" else "unit uniqueness"
        ranges[key].update(range(first, last + 1))
    for label, variables in groups(text).items():
        mine = {v for v in variables if v > numbers.max_var}
        key = label.split(":")[0] if label else None
        assert mine == ranges.get(key, set()), label
    assert top == formula.num_vars
    if amo == "pairwise":
        assert aux == [] and "c auxiliary variables: none" in header


def test_variable_map_of_a_large_grid_is_one_line_per_cell():
    lines = variable_map(Layout(100), "extended", family("sequential"), Standard(100))
    assert len(lines) == 100 * 100 + 4
    assert lines[-1].startswith("aux ") and lines[-1].split(":")[0].endswith(
        str(encode(Grid.empty(100), amo="sequential").num_vars))


def test_comments_levels_through_the_command(tmp_path):
    full = command("sudoku2cnf", "--comments", "full", "--amo", "commander", input=INKALA)
    header = command("sudoku2cnf", "--amo", "commander", input=INKALA)
    none = command("sudoku2cnf", "--comments", "none", "--amo", "commander", input=INKALA)
    assert full.returncode == header.returncode == none.returncode == 0
    clauses = [line for line in header.stdout.splitlines() if not line.startswith("c")]
    assert [line for line in full.stdout.splitlines() if not line.startswith("c")] == clauses
    assert none.stdout.splitlines() == clauses
    assert "c r9c9: 721..729" in full.stdout and "c r9c9" not in header.stdout
    assert "c auxiliary variables: 730.." in header.stdout
    assert re.search(r"^c lines \d+\.\.\d+: cell uniqueness: each cell holds at most one digit$",
                     full.stdout, re.M)
    p = full.stdout.index("\np cnf")
    assert "\nc" not in full.stdout[p:]


def sat4j_command():
    """How to start Debian's ``sat4j``: the program itself, or, where the kernel does not
    run jars (no binfmt_misc, as in containers), ``java -jar`` on the same file."""
    import shlex
    path = require_solver("sat4j")
    try:
        subprocess.run([path, "-h"], capture_output=True, timeout=60)
        return shlex.quote(path)
    except OSError:
        return "java -jar %s" % shlex.quote(path)


@pytest.mark.slow
@pytest.mark.parametrize("options", ["", "--reduce", "--amo sequential --numbering decimal"])
def test_sat4j_reads_full_comments(options, tmp_path):
    """A strict parser refuses any comment after the ``p`` line ("Unknown character c"):
    sat4j reads the whole --comments full CNF from the pipe, and the model decodes."""
    sat4j = sat4j_command()
    done = shell("echo '%s' | sudoku2cnf --comments full %s -o p.cnf && "
                 "{ sudoku2cnf --comments full %s - <<< '%s' | %s /dev/stdin > p.out; "
                 "[ $? -eq 10 ]; } && cnf2sudoku --cnf p.cnf p.out"
                 % (INKALA, options, options, INKALA, sat4j), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"


@pytest.mark.slow
@pytest.mark.parametrize("solver", ["picosat", "cadical", "minisat", "cryptominisat5"])
@pytest.mark.parametrize("numbering", ["standard", "decimal"])
def test_solvers_accept_full_comments(solver, numbering, tmp_path):
    require_solver(solver)
    run = {"picosat": "picosat p.cnf > p.out",
           "cadical": "cadical -q p.cnf > p.out",
           "minisat": "minisat p.cnf p.out > /dev/null",
           "cryptominisat5": "cryptominisat5 --verb 0 p.cnf > p.out"}[solver]
    script = ("echo '%s' | sudoku2cnf --comments full --amo sequential --numbering %s "
              "-o p.cnf && { %s; [ $? -eq 10 ]; } && cnf2sudoku --cnf p.cnf p.out"
              % (INKALA, numbering, run))
    done = shell(script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"
