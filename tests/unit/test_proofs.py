"""cnfsolve --proof (a checked DRAT proof of UNSAT, from the solvers that write one) and
cnfsolve --check-proof (s VERIFIED / s NOT VERIFIED): good proofs from python-sat's
solvers and cadical are verified, and each kind of bad proof made from them is refused.

python-sat's solvers run in this process (``require_pysat``); the cadical tests start
it (``require_solver``, marked slow).
"""

import errno
import gzip
import io
import os
import re

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


def cut_after_half_the_steps(data):
    """Whole steps, up to half the proof: unit propagation yields no conflict yet."""
    steps = _steps(data)
    return b"".join(steps[:len(steps) // 2])


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


BAD = [cut_inside_a_step, cut_after_half_the_steps, a_lemma_neither_rup_nor_rat, garbled]


def assert_refused(tmp_path, data, formulas):
    unsat, sat = formulas
    good = tmp_path / "good.drat"
    good.write_bytes(data)
    assert checked(good, unsat) == (0, "s VERIFIED")
    # The proof of a formula is no proof of the satisfiable one without the exclusion.
    assert checked(good, sat) == (1, "s NOT VERIFIED")
    # Its lemmas conflict by unit propagation before the empty clause: that is enough.
    short = tmp_path / "short.drat"
    short.write_bytes(cut_before_the_empty_clause(data))
    assert checked(short, unsat) == (0, "s VERIFIED")
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
        "c text DRAT proof: 1 lemmas (0 RAT), 0 deletions (ignored: 0 of absent clauses, "
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


# -- every prover on the three smallest kinds of UNSAT -------------------------------------

# python-sat's proof writers as docs/solvers.md lists them, and the cadical program.
PROVERS = ["pysat:glucose3", "pysat:glucose4", "pysat:glucose42", "pysat:maplechrono",
           "pysat:maplecm", "pysat:cadical103", "pysat:cadical153", "pysat:cadical195",
           "pysat:lingeling", pytest.param("cadical", marks=pytest.mark.slow)]
TINY_UNSAT = {
    "empty clause": "p cnf 1 2\n1 0\n0\n",
    # unit propagation of the formula alone conflicts: glucose writes no step at all
    "refuted by propagation": "p cnf 3 4\n1 0\n-1 2 0\n-2 3 0\n-3 -1 0\n",
    # every clause over two variables: no unit, a search is needed
    "needs a search": "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n",
    # no two givens clash, unit propagation conflicts: glucose, maplechrono and maplecm
    # write an empty proof (see test_certify.py)
    "a 9x9 propagation refutes": (".5...........176....8.93..7.......6....5..........."
                                  ".................1.9..7.9....."),
}


@pytest.mark.parametrize("kind", list(TINY_UNSAT))
@pytest.mark.parametrize("solver", PROVERS)
def test_every_prover_proves_the_tiny_unsat_formulas(tmp_path, solver, kind):
    if solver.startswith("pysat:"):
        require_pysat()
    else:
        require_solver(solver)
    cnf, proof = tmp_path / "f.cnf", tmp_path / "f.drat"
    if kind.startswith("a 9x9"):
        assert in_process("sudoku2cnf", "-o", cnf, input=TINY_UNSAT[kind]).returncode == 0
    else:
        cnf.write_text(TINY_UNSAT[kind])
    result = cnfsolve(cnf, "--proof", proof, "--solver", solver)
    assert result.returncode == EXIT_UNSAT, result.stdout + result.stderr
    assert "c cnfsolve: proof %s verified by " % proof in result.stdout
    assert check_proof(cnf, proof).ok
    assert checked(proof, cnf) == (0, "s VERIFIED")


def test_a_proof_that_stops_before_the_conflict_is_still_refused(tmp_path):
    cnf, proof = tmp_path / "f.cnf", tmp_path / "f.drat"
    cnf.write_text(TINY_UNSAT["needs a search"])
    proof.write_text("1 2 0\n")                 # true, and no conflict follows
    assert checked(proof, cnf) == (1, "s NOT VERIFIED")
    proof.write_text("")
    assert checked(proof, cnf) == (1, "s NOT VERIFIED")


# -- the limits, on every route of cnfsolve ------------------------------------------------

IN_PROCESS_LIMIT = 1 << 24      # docs/commands.md, "Limits"


def big_header(tmp_path, variables):
    cnf = tmp_path / "big.cnf"
    cnf.write_text("p cnf %d 2\n1 0\n-1 0\n" % variables)
    return cnf


@pytest.mark.parametrize("args, who", [
    ([], "the bundled solver"),
    (["--solver", "pysat:cadical195"], "python-sat's solver in this process"),
    (["--proof", "{proof}"], "python-sat's solver in this process"),
    (["--proof", "{proof}", "--solver", "pysat:glucose4"], "python-sat's solver in this "
                                                           "process"),
    (["--check-proof", "{proof}"], "the proof checker in this process"),
])
def test_a_header_beyond_the_in_process_bound_is_refused_on_every_route(tmp_path, args,
                                                                       who):
    if "--proof" in args or "pysat:cadical195" in args:
        require_pysat()
    proof = tmp_path / "p.drat"
    proof.write_text("0\n")
    cnf = big_header(tmp_path, IN_PROCESS_LIMIT + 1)
    result = cnfsolve(cnf, *[arg.format(proof=proof) for arg in args])
    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    assert result.stderr == ("cnfsolve: %s:1: the header declares %d variables; %s takes "
                             "at most %d\n" % (cnf, IN_PROCESS_LIMIT + 1, who,
                                               IN_PROCESS_LIMIT))
    assert result.stdout == "" and proof.read_text() == "0\n"
    piped = cnfsolve(*[arg.format(proof=proof) for arg in args], input=cnf.read_text())
    assert piped.returncode == EXIT_BAD_INPUT and "<stdin>:1: " in piped.stderr


def test_the_checker_itself_refuses_a_formula_beyond_its_bound(tmp_path):
    from dimacs_sudoku.errors import DimacsError
    cnf = big_header(tmp_path, IN_PROCESS_LIMIT + 1)
    with pytest.raises(DimacsError, match="the proof checker in this process takes at most"):
        check_proof(cnf, io.StringIO("0\n"))


def test_a_proof_beyond_the_checkers_bound_is_refused(tmp_path, monkeypatch):
    from dimacs_sudoku.dimacs import drat
    monkeypatch.setattr(drat, "MAX_IN_PROCESS_VARS", 3)
    verdict = check_proof([[1, 2], [-1, 2], [1, -2], [-1, -2]],
                          io.StringIO("7 -1 0\n8 -2 0\n9 1 0\n"))
    assert not verdict.ok
    assert verdict.reason.startswith("variable 8: the formula and the proof use more than 3")


@pytest.mark.parametrize("args", [["--solver", "true {{}}"], ["--proof", "{proof}",
                                                             "--solver", "cadical"]])
def test_a_header_beyond_the_variable_numbers_is_refused_before_a_program_runs(tmp_path,
                                                                              args):
    """``true`` would answer nothing (exit 7): the header is refused first (exit 3)."""
    if "cadical" in args:
        require_solver("cadical")
    proof = tmp_path / "p.drat"
    cnf = big_header(tmp_path, 1 << 40)
    result = cnfsolve(cnf, *[arg.format(proof=proof) for arg in args])
    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    assert result.stderr == ("cnfsolve: %s:1: the header declares %d variables; variable "
                             "numbers go up to 2147483647\n" % (cnf, 1 << 40))
    assert not proof.exists()


def test_a_cadical_proof_of_more_variables_than_the_checker_takes_is_refused_first(
        tmp_path):
    require_solver("cadical")
    proof = tmp_path / "p.drat"
    cnf = big_header(tmp_path, IN_PROCESS_LIMIT + 1)
    result = cnfsolve(cnf, "--proof", proof, "--solver", "cadical")
    assert result.returncode == EXIT_BAD_INPUT, result.stderr
    assert "the proof checker in this process takes at most" in result.stderr


# -- a full disk ---------------------------------------------------------------------------

class FullDisk(io.StringIO):
    """A file on a full disk: every write fails with ENOSPC."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def full_disk_for_pysat(monkeypatch):
    """python-sat's proofs go to a full disk (its writer opens the file by name)."""
    from dimacs_sudoku.sat import pysat_backend
    monkeypatch.setattr(pysat_backend, "open", lambda *args, **kwargs: FullDisk(),
                        raising=False)


@pytest.mark.parametrize("timeout", [None, 100], ids=["in this process", "forked"])
def test_a_python_sat_proof_on_a_full_disk_is_an_output_error(tmp_path, timeout,
                                                              full_disk_for_pysat):
    require_pysat()
    from dimacs_sudoku.errors import OutputError
    from dimacs_sudoku.sat import solve_pysat
    proof = tmp_path / "p.drat"
    with pytest.raises(OutputError, match="^cannot write %s: No space left on device$"
                       % re.escape(str(proof))):
        solve_pysat("cadical195", [[1], [-1]], 1, timeout=timeout, proof=str(proof))


def test_cnfsolve_proof_on_a_full_disk_is_exit_8(tmp_path, formulas, full_disk_for_pysat):
    require_pysat()
    proof = tmp_path / "p.drat"
    result = cnfsolve(formulas[0], "--proof", proof)
    assert result.returncode == EXIT_IO, result.stderr
    assert re.fullmatch(r"cnfsolve: cannot write \S+/proof\.drat: No space left on "
                        r"device\n", result.stderr)
    assert result.stdout == "" and not proof.exists()


@pytest.mark.slow
def test_cnfsolve_proof_to_dev_full_is_exit_8(formulas):
    require_pysat()
    result = cnfsolve(formulas[0], "--proof", "/dev/full")
    assert result.returncode == EXIT_IO, result.stderr
    assert result.stderr == "cnfsolve: cannot write /dev/full: No space left on device\n"


@pytest.mark.slow
def test_a_proof_writing_program_on_a_full_disk_is_exit_8(tmp_path, formulas):
    """A cadical that cannot write its proof says why on its last line."""
    folder = tmp_path / "bin"
    folder.mkdir()
    fake = folder / "cadical"
    fake.write_text("#!/bin/sh\necho \"cadical: error: can not write 'proof': %s\" >&2\n"
                    "exit 1\n" % os.strerror(errno.ENOSPC))
    fake.chmod(0o755)
    result = in_process("cnfsolve", formulas[0], "--proof", tmp_path / "p.drat",
                        "--solver", "cadical",
                        env={"PATH": "%s:%s" % (folder, os.environ["PATH"])})
    assert result.returncode == EXIT_IO, result.stderr
    assert result.stderr == ("cnfsolve: solver 'cadical' could not write its files: "
                             "cadical: error: can not write 'proof': No space left on "
                             "device\n")
