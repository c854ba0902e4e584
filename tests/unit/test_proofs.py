"""cnfsolve --proof (a checked DRAT proof of UNSAT, from the solvers that write one) and
cnfsolve --check-proof (s VERIFIED / s NOT VERIFIED): good proofs from python-sat's
solvers and cadical are verified, and each kind of bad proof made from them is refused.

python-sat's solvers run in this process (``require_pysat``); the cadical tests start
it (``require_solver``, marked slow).
"""

import gzip

import pytest

from conftest import require_pysat, require_solver
from support import INKALA, INKALA_SOLUTION, in_process

from dimacs_sudoku.dimacs.drat import check_proof
from dimacs_sudoku.errors import EXIT_BAD_INPUT, EXIT_IO, EXIT_SOLVER_FAILED, EXIT_USAGE

EXIT_SAT, EXIT_UNSAT = 10, 20
FIRST_GIVEN = 8         # the variable of r1c1 = 8, a given of INKALA: "8 0" is a clause


@pytest.fixture(scope="module")
def formulas(tmp_path_factory):
    """``(unsat, sat)``: INKALA's CNF with its solution excluded, and without."""
    folder = tmp_path_factory.mktemp("cnf")
    puzzle, solution = folder / "p.txt", folder / "s.txt"
    puzzle.write_text(INKALA + "\n")
    solution.write_text(INKALA_SOLUTION + "\n")
    unsat, sat = folder / "unique.cnf", folder / "plain.cnf"
    assert in_process("sudoku2cnf", "--exclude", solution, puzzle, "-o", unsat).returncode == 0
    assert in_process("sudoku2cnf", puzzle, "-o", sat).returncode == 0
    return unsat, sat


def cnfsolve(*args, input=None):
    return in_process("cnfsolve", *map(str, args), input=input)


def checked(proof, cnf):
    """``cnfsolve --check-proof``: (exit code, its last line)."""
    result = cnfsolve("--check-proof", proof, cnf)
    return result.returncode, result.stdout.splitlines()[-1] if result.stdout else ""


def proof_of(tmp_path, cnf, solver):
    """The proof bytes ``solver`` writes through cnfsolve --proof (checked: UNSAT)."""
    proof = tmp_path / "made.drat"
    result = cnfsolve(cnf, "--proof", proof, "--solver", solver)
    assert result.returncode == EXIT_UNSAT, result.stderr
    assert "verified by" in result.stdout
    return proof.read_bytes()


# -- bad proofs: each function makes one from a good one (text or binary DRAT) -----------

def _binary(data):
    return data[:1] in (b"a", b"d")


def _steps(data):
    """The steps of a proof, each with its end ("0\\n" in text, the zero byte in binary)."""
    if _binary(data):
        return [step + b"\0" for step in data.split(b"\0")[:-1]]
    return [line + b"\n" for line in data.splitlines() if line.strip()]


def _empty_clause(step):
    return step in (b"a\0", b"0\n")


def cut_inside_a_step(data):
    steps = _steps(data)
    return b"".join(steps[:len(steps) // 2]) + steps[len(steps) // 2][:-2]


def cut_before_the_empty_clause(data):
    steps = _steps(data)
    return b"".join(steps[:next(i for i, s in enumerate(steps) if _empty_clause(s))])


def a_lemma_neither_rup_nor_rat(data):
    """The negation of a given first: unit propagation finds no conflict, and its
    only resolution partner, the given's unit clause, resolves to the empty clause."""
    if _binary(data):
        return b"a" + bytes([2 * FIRST_GIVEN + 1]) + b"\0" + data
    return b"-%d 0\n" % FIRST_GIVEN + data


def garbled(data):
    if _binary(data):
        return data[:1] + b"\0z" + data[1:]         # a step starting with 'z'
    return data.replace(b" 0\n", b" x 0\n", 1)


BAD = [cut_inside_a_step, cut_before_the_empty_clause, a_lemma_neither_rup_nor_rat,
       garbled]


def assert_refused(tmp_path, data, formulas):
    unsat, sat = formulas
    good = tmp_path / "good.drat"
    good.write_bytes(data)
    assert checked(good, unsat) == (0, "s VERIFIED")
    # The proof of a formula is no proof of the satisfiable one without the exclusion.
    assert checked(good, sat) == (1, "s NOT VERIFIED")
    for corrupt in BAD:
        bad = tmp_path / (corrupt.__name__ + ".drat")
        bad.write_bytes(corrupt(data))
        assert bad.read_bytes() != data
        assert checked(bad, unsat) == (1, "s NOT VERIFIED"), corrupt.__name__
        assert not check_proof(unsat, bad).ok


@pytest.mark.parametrize("solver", ["pysat:cadical195", "pysat:glucose4", "pysat:lingeling"])
def test_python_sat_proofs_are_verified_and_their_corruptions_refused(tmp_path, formulas,
                                                                       solver):
    require_pysat()
    assert_refused(tmp_path, proof_of(tmp_path, formulas[0], solver), formulas)


@pytest.mark.slow
def test_cadical_proofs_are_verified_and_their_corruptions_refused(tmp_path, formulas):
    require_solver("cadical")
    data = proof_of(tmp_path, formulas[0], "cadical")
    assert _binary(data)
    assert_refused(tmp_path, data, formulas)


# -- cnfsolve --proof ----------------------------------------------------------------------

def test_the_proof_of_unsat_is_written_checked_and_said(tmp_path, formulas):
    require_pysat()
    proof = tmp_path / "p.drat"
    result = cnfsolve(formulas[0], "--proof", proof)         # python-sat's cadical195
    assert result.returncode == EXIT_UNSAT, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "s UNSATISFIABLE"
    assert lines[1].startswith("c cnfsolve: pysat:cadical195, ")
    assert lines[2].startswith("c cnfsolve: proof %s verified by " % proof)
    assert check_proof(formulas[0], proof).ok


def test_on_sat_the_model_is_written_and_the_proof_file_is_empty(tmp_path, formulas):
    require_pysat()
    proof = tmp_path / "p.drat"
    proof.write_text("an old proof\n")
    result = cnfsolve(formulas[1], "--proof", proof, "--quiet")
    assert result.returncode == EXIT_SAT, result.stderr
    assert result.stdout.startswith("s SATISFIABLE\nv ")
    assert proof.read_bytes() == b""


def test_compressed_or_piped_cnf(tmp_path, formulas):
    require_pysat()
    packed = tmp_path / "u.cnf.gz"
    packed.write_bytes(gzip.compress(formulas[0].read_bytes()))
    assert cnfsolve(packed, "--proof", tmp_path / "a.drat").returncode == EXIT_UNSAT
    piped = cnfsolve("--proof", tmp_path / "b.drat", input=formulas[0].read_text())
    assert piped.returncode == EXIT_UNSAT, piped.stderr
    assert check_proof(formulas[0], tmp_path / "b.drat").ok


def test_a_refused_proof_is_exit_7_and_both_answers_stay(tmp_path, formulas, monkeypatch):
    require_pysat()
    from dimacs_sudoku.sat import pysat_backend
    monkeypatch.setattr(pysat_backend, "write_proof",
                        lambda lines, path: open(path, "w").write("1 0\n"))
    proof = tmp_path / "p.drat"
    result = cnfsolve(formulas[0], "--proof", proof)
    assert result.returncode == EXIT_SOLVER_FAILED
    assert "NOT VERIFIED by" in result.stdout
    assert "the proof of pysat:cadical195's answer was refused" in result.stderr
    assert proof.read_text() == "1 0\n"


@pytest.mark.parametrize("solver", ["bundled", "pycosat", "minisat", "pysat:minicard",
                                    "cadical -q {}"])
def test_solvers_that_write_no_proof_are_refused_naming_those_that_do(tmp_path, formulas,
                                                                      solver):
    if solver.startswith("pysat:"):
        require_pysat()
    proof = tmp_path / "p.drat"
    result = cnfsolve(formulas[0], "--proof", proof, "--solver", solver)
    assert result.returncode == EXIT_USAGE
    assert "writes no proof (these do: pysat:cadical195" in result.stderr
    assert ", cadical, kissat)" in result.stderr
    assert result.stdout == "" and not proof.exists()


def test_the_proof_goes_to_a_file_of_its_own(tmp_path, formulas):
    assert cnfsolve(formulas[0], "--proof", "-").returncode == EXIT_USAGE
    same = tmp_path / "x"
    assert cnfsolve(formulas[0], "--proof", same, "-o", same).returncode == EXIT_USAGE
    before = formulas[0].read_bytes()
    result = cnfsolve(formulas[0], "--proof", formulas[0])
    assert result.returncode == EXIT_USAGE and "the CNF" in result.stderr
    assert formulas[0].read_bytes() == before


@pytest.mark.slow
def test_cadical_writes_the_proof(tmp_path, formulas):
    require_solver("cadical")
    proof = tmp_path / "p.drat"
    result = cnfsolve(formulas[0], "--proof", proof, "--solver", "cadical")
    assert result.returncode == EXIT_UNSAT, result.stderr
    assert check_proof(formulas[0], proof).binary


# -- cnfsolve --check-proof ----------------------------------------------------------------

def test_check_proof_prints_the_checkers_lines(tmp_path):
    cnf, proof = tmp_path / "f.cnf", tmp_path / "f.drat"
    cnf.write_text("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
    proof.write_text("2 0\n0\n")
    result = cnfsolve("--check-proof", proof, cnf, "-o", tmp_path / "out")
    assert result.returncode == 0
    assert (tmp_path / "out").read_text() == (
        "c text DRAT proof: 2 lemmas (0 RAT), 0 deletions (ignored: 0 of absent clauses, "
        "0 of units)\ns VERIFIED\n")
    proof.write_text("1 2 0\n0\n")
    result = cnfsolve("--check-proof", proof, cnf)
    assert result.returncode == 1
    assert result.stdout.splitlines()[1:] == [
        "c lemma 2 (line 2): the empty clause: not RUP (unit propagation yields no "
        "conflict)", "s NOT VERIFIED"]


def test_check_proof_on_input_it_cannot_read(tmp_path):
    cnf, proof = tmp_path / "f.cnf", tmp_path / "f.drat"
    cnf.write_text("p cnf 1 2\n1 0\n-1 x 0\n")
    proof.write_text("0\n")
    result = cnfsolve("--check-proof", proof, cnf)
    assert result.returncode == EXIT_BAD_INPUT
    assert result.stderr.startswith("cnfsolve: %s:3: " % cnf)
    result = cnfsolve("--check-proof", tmp_path / "missing", cnf)
    assert result.returncode == EXIT_IO and "missing" in result.stderr
    result = cnfsolve("--check-proof", proof, cnf, "--solver", "cadical")
    assert result.returncode == EXIT_USAGE
