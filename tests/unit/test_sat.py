"""The SAT façade (dimacs_sudoku.sat.Solver) over each back end, by meaning: on small
formulas its answers, models, projected enumerations and cores are compared with
brute force over every assignment.

python-sat's back ends are skipped when it is not installed, and fail instead under
DIMACS_SUDOKU_REQUIRE_SOLVERS=1 (see test_backends.require_pysat).
"""

import io
import random
from itertools import combinations, product

import pytest

from dimacs_sudoku import sat
from dimacs_sudoku.errors import UsageError

from conftest import REQUIRE_SOLVERS, missing, require_pysat

# pycosat, also without picosat's probing; MiniCard through its C functions;
# python-sat's classes with (MiniCard) and without (MiniSat, CaDiCaL: pairwise clauses)
# native at-most-k.
BACKENDS = ["pycosat", "pycosat:plain", "pysat", "pysat:minicard-class",
            "pysat:minisat22", "pysat:cadical195"]


def make(backend, num_vars=0, proof=False):
    if backend == "pycosat":
        return sat.Solver(backend, num_vars, proof)
    if backend == "pycosat:plain":
        from dimacs_sudoku.sat.pycosat_backend import PycosatSolver
        return PycosatSolver(num_vars, plain=True)
    require_pysat()
    if backend == "pysat:minicard-class":
        from dimacs_sudoku.sat.pysat_backend import PysatSolver
        return PysatSolver("minicard", num_vars, proof)
    return sat.Solver(backend, num_vars, proof)


def assignments(n):
    """Every assignment of variables 1..n, as lists of literals."""
    for bits in product((False, True), repeat=n):
        yield [v if bit else -v for v, bit in enumerate(bits, 1)]


def satisfies(model, clauses, atmosts=()):
    true = set(model)
    return all(any(lit in true for lit in clause) for clause in clauses) and \
        all(sum(lit in true for lit in lits) <= k for lits, k in atmosts)


def random_formula(rng, n=6, m=12):
    return [[rng.choice((1, -1)) * v for v in rng.sample(range(1, n + 1), rng.randint(1, 3))]
            for _ in range(m)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_and_model_agree_with_brute_force(backend):
    rng = random.Random(1)
    answers = set()
    for _ in range(40):
        clauses = random_formula(rng)
        atmosts = [(rng.sample(range(1, 7), 4), rng.choice((1, 2)))]
        with make(backend, 6) as solver:
            solver.add_clauses(clauses)
            for lits, k in atmosts:
                solver.add_atmost(lits, k)
            found = solver.solve()
            expected = any(satisfies(a, clauses, atmosts) for a in assignments(6))
            assert found == expected
            assert solver.solve() == expected        # every clause is read again
            answers.add(found)
            if found:
                model = solver.model()
                assert sorted(map(abs, model))[:6] == list(range(1, 7))
                assert satisfies(model, clauses, atmosts)
    assert answers == {True, False}


@pytest.mark.parametrize("backend", BACKENDS)
def test_models_are_distinct_on_the_projection(backend):
    """Variables 5 and 6 are auxiliary (free): projected to 1..4, each answer comes
    once; not projected, every model does."""
    rng = random.Random(2)
    for _ in range(15):
        clauses = random_formula(rng, n=4, m=5) + [[5, 6, 1]]
        expected = {tuple(a[:4]) for a in assignments(6) if satisfies(a, clauses)}
        with make(backend, 6) as solver:
            solver.add_clauses(clauses)
            projected = solver.models(100, project=4)
        assert sorted(map(tuple, projected)) == sorted(expected)
        with make(backend, 6) as solver:
            solver.add_clauses(clauses)
            models = solver.models(100)
        assert len({tuple(sorted(m)) for m in models}) == len(models) == \
            sum(satisfies(a, clauses) for a in assignments(6))
        with make(backend, 6) as solver:
            solver.add_clauses(clauses)
            assert len(solver.models(2, project=[4, 3, 2, 1])) == min(2, len(expected))


@pytest.mark.parametrize("backend", BACKENDS)
def test_models_with_positives_give_one_per_exactly_one_choice(backend):
    """Three cells, two digits each, exactly one digit per cell, an auxiliary variable
    7 free: positives projected to 1..6 give each of the 8 grids once."""
    cells = [[1, 2], [3, 4], [5, 6]]
    with make(backend, 7) as solver:
        solver.add_clauses(cells + [[7, -7]])
        solver.add_atmosts(cells, 1)
        grids = solver.models(100, project=6, positives=True)
    assert sorted(map(tuple, grids)) == sorted(product(*cells))


@pytest.mark.parametrize("backend", BACKENDS)
def test_atmost_k_by_meaning(backend):
    for k in range(0, 4):
        with make(backend, 4) as solver:
            solver.add_atmost([1, -2, 3, 4], k)
            models = solver.models(100, project=4)
        expected = [a for a in assignments(4) if sum(lit in a for lit in (1, -2, 3, 4)) <= k]
        assert sorted(map(tuple, models)) == sorted(map(tuple, expected))


@pytest.mark.parametrize("backend", BACKENDS)
def test_assumptions_and_a_subset_minimal_core(backend):
    rng = random.Random(3)
    cores = 0
    for _ in range(40):
        clauses = random_formula(rng, n=6, m=8)
        assumptions = [rng.choice((1, -1)) * v for v in rng.sample(range(1, 7), 5)]
        with make(backend, 6) as solver:
            solver.add_clauses(clauses)
            if solver.solve() is False:
                continue
            found = solver.solve(assumptions)
            expected = any(satisfies(a, clauses + [[lit] for lit in assumptions])
                           for a in assignments(6))
            assert found == expected
            if found:
                assert set(assumptions) <= set(solver.model())
                with pytest.raises(UsageError):
                    solver.core()
                continue
            core = solver.core()
            cores += 1
        assert set(core) <= set(assumptions)

        def unsat(units):
            return not any(satisfies(a, clauses + [[lit] for lit in units])
                           for a in assignments(6))
        assert unsat(core)
        assert all(not unsat([o for o in core if o != lit]) for lit in core)
    assert cores >= 5


@pytest.mark.parametrize("backend", ["pycosat", "pycosat:plain", "pysat",
                                     "pysat:minicard-class", "pysat:minisat22"])
def test_a_budget_that_runs_out_gives_none(backend):
    """Seven pigeons in six holes: no model, and not found within 10 propagations."""
    holes = 6
    var = lambda p, h: p * holes + h + 1
    pigeons = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    clauses = pigeons + [[-var(p, h), -var(q, h)] for h in range(holes)
                         for p, q in combinations(range(holes + 1), 2)]
    with make(backend) as solver:
        solver.add_clauses(clauses)
        assert solver.solve(budget=10) is None
        assert solver.solve() is False


def test_a_back_end_without_a_budget_of_propagations_says_so():
    require_pysat()
    with sat.Solver("pysat:cadical195") as solver:
        with pytest.raises(UsageError):
            solver.solve(budget=10)


def test_a_proof_from_python_sat_is_checked_by_the_drat_checker():
    require_pysat()
    from dimacs_sudoku.dimacs.drat import check_proof
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2, 3], [-3]]
    with sat.Solver("auto", proof=True) as solver:
        solver.add_clauses(clauses)
        assert solver.solve() is False
        proof = solver.proof()
    assert check_proof(clauses, io.StringIO("\n".join(proof) + "\n")).ok


def test_back_ends_without_proofs_refuse_to_make_one():
    with pytest.raises(UsageError):
        sat.Solver("pycosat", proof=True)
    with pytest.raises(UsageError):
        sat.Solver("pycosat").proof()
    with pytest.raises(UsageError):
        sat.Solver("glucose")
    require_pysat()
    with pytest.raises(UsageError):
        sat.Solver("pysat:minicard", proof=True)
    with pytest.raises(UsageError):
        sat.Solver("pysat:no-such-solver")


def test_plain_picosat_skips_its_probing():
    """picosat probes failed literals before its first decision, propagating each
    literal it tries; in plain mode (the batch engine's) it does not, so the first
    model of a hard puzzle's reduced problem takes far fewer propagations, and the
    models are the same puzzle's solution."""
    import ctypes
    import pycosat
    from dimacs_sudoku.core.grid import Grid
    from dimacs_sudoku.reasoning.reduction import SwarReducer
    from dimacs_sudoku.sat.pycosat_backend import _plain_switch, plain_itersolve
    switch = _plain_switch()
    if switch is None:
        missing("this pycosat hides picosat's functions or lays its iterator out "
                "otherwise: its picosat probes", REQUIRE_SOLVERS)
    _, read, head, _ = switch
    propagations = ctypes.CDLL(pycosat.__file__).picosat_propagations
    propagations.argtypes = (ctypes.c_void_p,)
    propagations.restype = ctypes.c_ulonglong
    inkala = Grid.from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68"
                            "..85...1..9....4..")
    problem = SwarReducer(inkala.layout).reduce(list(inkala.cells))
    assert problem.num_vars > 0
    counts, firsts = [], []
    for start in (pycosat.itersolve, None):
        if start is None:
            models = plain_itersolve(problem.clauses(), problem.num_vars)
        else:
            models = start(problem.clauses(), vars=problem.num_vars)
        firsts.append(problem.decode([lit for lit in next(models) if lit > 0]))
        counts.append(propagations(read(id(models) + head).value))
        assert next(models, None) is None            # unique
    assert firsts[0] == firsts[1] and 0 not in firsts[0]
    assert counts[1] * 2 < counts[0], counts
