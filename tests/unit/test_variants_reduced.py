"""``--reduce`` and ``--propagate`` with variant rules: the reduction reasons with the
units of the layout only, and each rule's clauses are mapped onto its compact
variables. For puzzles of every rule family of the registry (4x4, 6x6, 9x9), the
reduced and the propagated CNF allow exactly the grids the full CNF allows, and say so
in comments that decode on their own."""

import random
import subprocess

import pycosat
import pytest

from conftest import require_pysat, require_solver
from support import in_process as command, no_traceback, shell
from test_variants import SAMPLES4, rules_of
from test_variants_puzzles import PUZZLES
from test_variants_random import SAMPLES6, SAMPLES9, random_grid

from dimacs_sudoku.dimacs.decode import CnfInfo, decode
from dimacs_sudoku.encodings.reduced import reduced_formula
from dimacs_sudoku.errors import InvalidModel
from dimacs_sudoku.formats import parse_puzzle
from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.reasoning.propagate import Contradiction
from dimacs_sudoku.encodings import encode_variant
from dimacs_sudoku.rules.registry import variant_grid

KILLER_GIVENS, KILLER_RULES, KILLER_SOLUTION = PUZZLES["killer"]


def grids_of(clauses, num_vars, project):
    """Every grid of a CNF: ``project(model)`` is ``(grid, blocking clause)``; each grid
    is blocked as a grid, so auxiliary variables never give it twice."""
    clauses = list(clauses)
    found = set()
    while True:
        model = pycosat.solve(clauses, vars=num_vars)
        if model == "UNSAT":
            return found
        grid, block = project(model)
        assert grid not in found
        found.add(grid)
        if not block:
            return found
        clauses.append(block)


def full_grids(grid):
    formula = encode_variant(grid, list(grid.rules))
    n = grid.size

    def project(model):
        cells = [0] * (n * n)
        block = []
        for v in model[:n ** 3]:
            if v > 0:
                cells[(v - 1) // n] = (v - 1) % n + 1
                block.append(-v)
        return tuple(cells), block
    return grids_of(formula.clauses(), formula.num_vars, project)


def reduced_grids(grid, propagate, amo="pairwise", encoding="extended"):
    """The grids of the reduced CNF, each decoded from the CNF's own comments (and
    checked against every rule by the decoder)."""
    try:
        formula = reduced_formula(grid, encoding=encoding, amo=amo, propagate=propagate)
    except Contradiction:
        return set()
    text = formula.to_text()            # checks the counts of its header
    info = CnfInfo.from_comments([line[2:] for line in text.splitlines()
                                  if line.startswith("c ")])
    assert [rule.to_line() for rule in info.givens.rules] == [
        rule.to_line() for rule in grid.rules]
    top = len(info.varmap)
    clauses = [list(map(int, line.split()[:-1])) for line in text.splitlines()
               if line and line[0] not in "cp"]
    assert all(abs(v) <= formula.num_vars for c in clauses for v in c)

    def project(model):
        positives = [v for v in model[:top] if v > 0]
        solution = decode(positives, size=grid.size, givens=info.givens,
                          varmap=info.varmap, fixed=info.fixed)
        return tuple(solution.cells), [-v for v in positives]
    return grids_of(clauses, formula.num_vars, project)


def puzzle(lines, size, rng, keep):
    """A puzzle under the rules ``lines``: about ``keep`` of the cells of one of its
    solutions (of a random Sudoku grid when the rules allow none) given."""
    rules = rules_of(lines, size)
    empty = variant_grid(Grid.empty(size), rules)
    formula = encode_variant(empty, rules)
    clauses = list(formula.clauses())
    # A random solution: random digits tried as assumptions first.
    for _ in range(3):
        cell, d = rng.randrange(size * size), rng.randrange(1, size + 1)
        model = pycosat.solve(clauses + [[cell * size + d]], vars=formula.num_vars)
        if model != "UNSAT":
            break
    else:
        model = pycosat.solve(clauses, vars=formula.num_vars)
    if model == "UNSAT":
        if any(rule.replaces_boxes for rule in rules):
            return empty
        cells = random_grid(rng, size, empty.layout.box)
    else:
        cells = [0] * (size * size)
        for v in model[:size ** 3]:
            if v > 0:
                cells[(v - 1) // size] = (v - 1) % size + 1
    givens = [d if rng.random() < keep else 0 for d in cells]
    return variant_grid(Grid(givens, layout=empty.layout), rules)


def has_grid(lines, size):
    """Whether the rules ``lines`` allow any grid of size ``size``."""
    rules = rules_of(lines, size)
    formula = encode_variant(variant_grid(Grid.empty(size), rules), rules)
    return pycosat.solve(list(formula.clauses()), vars=formula.num_vars) != "UNSAT"


def cases():
    out = [(4, lines, 0.25) for lines, _ in SAMPLES4]
    out += [(6, lines, 0.55) for lines in SAMPLES6]
    out += [(9, lines, 0.7) for lines in SAMPLES9]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("size, lines, keep", cases(),
                         ids=["%d:%s" % (n, " / ".join(lines)) for n, lines, _ in cases()])
def test_reduced_and_propagated_cnfs_have_the_full_cnfs_grids(size, lines, keep):
    rng = random.Random(" ".join(lines) + str(size))
    compared = informative = 0
    for _ in range(3 if size == 4 else 2):
        grid = puzzle(lines, size, rng, keep)
        try:
            grid.check_givens()
        except Contradiction:
            continue
        expected = full_grids(grid)
        compared += 1
        informative += bool(expected)
        assert reduced_grids(grid, False) == expected
        assert reduced_grids(grid, True) == expected
    assert compared > 0
    # Puzzles are cut from a solution: none has one only where the rules allow no grid.
    assert informative or not has_grid(lines, size)


@pytest.mark.parametrize("size, lines, keep", cases()[::7])
def test_the_bulk_writer_writes_the_rule_clauses_as_the_walk_does(size, lines, keep):
    """Pairwise reduced CNFs are written from text blocks (``constraints.text``); with
    that taken away, the clause-by-clause walk must give the same bytes."""
    grid = puzzle(lines, size, random.Random(" ".join(lines)), keep)
    formula = reduced_formula(grid)
    bulk = formula.to_text()
    formula.constraints = lambda walk=formula.constraints: walk()    # no .text
    assert formula.to_text() == bulk


@pytest.mark.parametrize("amo, encoding", [("sequential", "extended"),
                                           ("binary", "minimal"), ("product", "efficient")])
def test_other_families_and_encodings_number_rule_variables_below_theirs(amo, encoding):
    """The at-most-one families' auxiliary variables come above the rules' (the
    ``rule variables`` comment names those), and the grids stay the same."""
    rng = random.Random(5)
    grid = puzzle(["killer 10 r1c1 r2c2 r3c3", "thermo r1c2 r1c3 r2c3"], 6, rng, 0.3)
    formula = reduced_formula(grid, encoding=encoding, amo=amo)
    found = [line for line in formula.comments if line.startswith("rule variables")]
    low, high = map(int, found[0].split()[2].split(".."))
    assert low == formula.num_vars - (formula.num_vars - high) - (high - low)
    assert formula.base_vars == high < formula.num_vars
    assert reduced_grids(grid, False, amo, encoding) == full_grids(grid)


def test_a_rule_literal_is_dropped_or_kept_by_what_the_reduction_decided():
    from dimacs_sudoku.reasoning.reduction import (DECIDED_FALSE, DECIDED_TRUE, reduce_grid,
                                                   rule_clauses, rule_groups)
    grid = parse_puzzle("1..4" "4..." "...3" "3..1" "\nkiller 5 r1c1 r1c4\nodd r1c2")
    reduction = reduce_grid(grid)
    var = reduction.literal()
    # r1c1 holds 1 (true), r1c4 4; r1c2 has candidates 2 and 3 (compact 1 and 2).
    assert (var(0, 1), var(0, 2), var(1, 1), var(1, 2), var(1, 3)) == (
        DECIDED_TRUE, DECIDED_FALSE, DECIDED_FALSE, 1, 2)
    groups, top, empty = rule_groups(grid.rules, grid.layout, var, 20)
    assert empty is None and top == 22
    (killer, first, count), (odd, _, _) = groups
    made = list(rule_clauses(killer, grid.layout, var, first))
    # Sets {1, 4} (variable 21) and {2, 3} (22): the givens choose the first.
    assert made == [[21, 22]] + [[-22]] * 4 + [[21], [21]] and count == 7
    assert list(rule_clauses(odd, grid.layout, var, top)) == [[-1]]
    text = reduced_formula(grid).to_text()
    assert str(DECIDED_TRUE) not in text and str(DECIDED_FALSE) not in text
    assert "c rule variables: 21..22 (auxiliary, for the rules)" in text


@pytest.mark.slow
def test_a_killer_the_givens_break_is_a_valid_unsatisfiable_cnf(tmp_path):
    path = tmp_path / "broken.txt"
    # r2c8 is the given 9: a one-cell cage of 5 over it has no way left to hold.
    path.write_text(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES) + "\nkiller 5 r2c8\n")
    for option in ("--reduce", "--propagate"):
        done = command("sudoku2cnf", option, path)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[-3:] == ["p cnf %s 2" % lines[-3].split()[2], "1 0", "-1 0"]
        assert "c rule: killer 5 r2c8" in lines
        assert pycosat.solve([[1], [-1]]) == "UNSAT"
    done = shell("sudoku2cnf --reduce %s | cnfsolve | cnf2sudoku --puzzle %s --reduce"
                 % (path, path))
    assert done.returncode == 4 and "no solution" in done.stderr, done.stderr
    assert no_traceback(done.stderr)
    done = command("sudoku-solve", "--count", "2", "--engine", "pycosat", path)
    assert done.stdout.endswith("\t0\n"), done.stdout + done.stderr


@pytest.mark.slow
def test_an_unsatisfiable_killer_through_the_reduced_cnf(tmp_path):
    """A killer whose cages no grid satisfies, though no single clause says so."""
    path = tmp_path / "none.txt"
    path.write_text("." * 16 + "\nkiller 3 r1c1 r1c2\nkiller 3 r1c3 r1c4\n")
    done = shell("sudoku2cnf --propagate %s | cnfsolve | cnf2sudoku --puzzle %s --propagate"
                 % (path, path))
    assert done.returncode == 4 and "no solution" in done.stderr, done.stderr
    for how in (["--engine", "pycosat"], ["--engine", "auto"]):
        done = command("sudoku-solve", "--count", "2", *how, path)
        assert done.returncode == 0 and done.stdout.endswith("\t0\n"), done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("solver", ["picosat", "cadical"])
@pytest.mark.parametrize("option", ["--reduce", "--propagate"])
def test_the_killer_through_the_pipe_with_external_solvers(tmp_path, solver, option):
    require_solver(solver)
    path = tmp_path / "killer.txt"
    path.write_text(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES) + "\n")
    run = "%s -q" % solver if solver == "cadical" else solver
    done = shell("sudoku2cnf %s %s | %s | cnf2sudoku --puzzle %s %s"
                 % (option, path, run, path, option))
    assert done.returncode == 0, done.stderr
    assert done.stdout == KILLER_SOLUTION + "\n"
    done = shell("sudoku2cnf %s %s -o p.cnf; %s p.cnf | cnf2sudoku --cnf p.cnf"
                 % (option, path, run), cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == KILLER_SOLUTION + "\n", done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("solver", ["picosat", "cadical"])
def test_many_variant_puzzles_through_the_pipe(tmp_path, solver):
    """Puzzles of several rule families, each reduced and propagated, solved by the
    external solver and decoded from the CNF's comments to the full CNF's grid (the
    commands in this process: the pipe itself is the killer's test above)."""
    run = [require_solver(solver)] + (["-q"] if solver == "cadical" else [])
    cnf = tmp_path / "p.cnf"
    names = ["thermo", "sandwich-arrow-littlekiller", "xv-negative", "antiknight",
             "miracle", "jigsaw"]
    for name in names:
        givens, rules, solution = PUZZLES[name]
        path = tmp_path / (name + ".txt")
        path.write_text(givens + "\n" + "\n".join(rules) + "\n")
        for option in ("--reduce", "--propagate"):
            assert command("sudoku2cnf", option, path, "-o", cnf).returncode == 0
            model = subprocess.run(run + [str(cnf)], capture_output=True, text=True)
            done = command("cnf2sudoku", "--cnf", cnf, input=model.stdout)
            assert done.returncode == 0, (name, option, done.stderr)
            assert done.stdout == solution + "\n", name


def test_a_model_breaking_a_rule_is_exit_6_naming_it(tmp_path):
    """The reduced CNF's comments carry the rules: a model of the units alone (the same
    compact variables, since the reduction reasons with units only) that breaks a
    cage is refused, for --cnf and for --puzzle --reduce."""
    with_rules = parse_puzzle(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES))
    plain = parse_puzzle(KILLER_GIVENS)
    formula = reduced_formula(with_rules)
    bare = reduced_formula(plain)
    assert [c for c in formula.comments if c.startswith("varmap")] == [
        c for c in bare.comments if c.startswith("varmap")]
    clauses = list(bare.clauses())
    top = bare.base_vars
    info = CnfInfo.from_comments(formula.comments)
    for model in pycosat.itersolve(clauses, vars=bare.num_vars):
        positives = [v for v in model[:top] if v > 0]
        try:
            decode(positives, givens=info.givens, varmap=info.varmap, fixed=info.fixed)
        except InvalidModel:
            break
    else:
        pytest.fail("every grid of the units obeys the cages")
    cnf = tmp_path / "k.cnf"
    cnf.write_text(formula.to_text())
    answer = "s SATISFIABLE\nv %s 0\n" % " ".join(map(str, positives))
    puzzle_file = tmp_path / "k.txt"
    puzzle_file.write_text(KILLER_GIVENS + "\n" + "\n".join(KILLER_RULES) + "\n")
    for args in (["--cnf", cnf], ["--puzzle", puzzle_file, "--reduce"]):
        done = command("cnf2sudoku", *args, input=answer)
        assert done.returncode == 6, done.stderr
        assert "breaks a rule: killer" in done.stderr and no_traceback(done.stderr)


# ---- sudoku-solve's engines on the reduced problem --------------------------------------

def checker_count(grid):
    from test_variants import GRIDS4, LATIN4
    from dimacs_sudoku.core.check import check_variant
    universe = LATIN4 if any(rule.replaces_boxes for rule in grid.rules) else GRIDS4
    return sum(1 for g in universe
               if not check_variant(list(g), 4, (2, 2), grid.rules, givens=grid.cells)
               and (not any(rule.replaces_boxes for rule in grid.rules)
                    or all(len({g[c] for c in cells}) == 4
                           for _, cells in grid.layout.units)))


@pytest.mark.slow
@pytest.mark.parametrize("engine, repeats", [
    ("pycosat", None), ("pycosat", 0), ("pycosat", 1), ("pysat", None)])
def test_batch_counts_every_grid_once_whatever_the_auxiliary_variables(engine, repeats,
                                                                          monkeypatch):
    """sudoku-solve's path counts distinct grids: on 4x4, for every sample rule (with
    and without a few givens), the count is the checker's count over all grids, with
    pycosat (itersolve blocks whole models, so a grid may come again with other
    auxiliary values: it is skipped, and after ``repeats`` such repeats the search goes
    on one grid at a time), and with MiniCard."""
    from dimacs_sudoku.tasks import solving
    from dimacs_sudoku.sat import pycosat_backend
    if engine == "pysat":
        require_pysat()
    if repeats is not None:
        monkeypatch.setattr(pycosat_backend, "_REPEATS", repeats)
    rng = random.Random(4)
    checked = 0
    for lines, _ in SAMPLES4:
        for keep in (0, 0.2):
            grid = puzzle(lines, 4, rng, keep)
            expected = checker_count(grid)
            solutions, n = solving.find_solutions(grid, limit=600, engine=engine)
            assert n == expected == len({tuple(s.cells) for s in solutions}), lines
            checked += n > 1
    assert checked > 40


@pytest.mark.slow
def test_batch_through_an_external_solver(tmp_path):
    require_solver("picosat")
    from dimacs_sudoku.tasks import solving
    rng = random.Random(8)
    for lines in (["arrow r1c1 r2c2 r3c3"], ["killer 7 r1c1 r2c2 r3c3"],
                  ["sandwich 2 r1"], ["white r1c1 r1c2", "negative white"]):
        grid = puzzle(lines, 4, rng, 0.2)
        solutions, n = solving.find_solutions(grid, limit=5, solver="picosat")
        assert n == min(5, checker_count(grid)), lines


def test_a_grid_propagation_solves_still_meets_its_rules():
    """The units alone place every digit: the rules are still checked, by the solver
    (a broken cage leaves no model) and by the checkers."""
    from dimacs_sudoku.tasks import solving
    givens = "1234" "3412" "2143" "4..."
    good = parse_puzzle(givens + "\nkiller 7 r4c1 r4c2")          # 4 + 3
    bad = parse_puzzle(givens + "\nkiller 6 r4c1 r4c2")
    for engine in ("pycosat", "auto"):
        solutions, n = solving.find_solutions(good, 2, engine=engine)
        assert n == 1 and solutions[0].to_line() == "1234341221434321"
        assert solving.find_solutions(bad, 2, engine=engine)[1] == 0
