"""The DRAT checker: hand-made proofs, corrupted ones, and proofs written by solvers.

cadical is the Debian package (``require_solver``); python-sat's proof-capable
solvers are skipped like the other python-sat tests. drat-trim is not packaged in
Debian, so there is no cross-check against it here.
"""

import io
import itertools
import random
import re
import subprocess
import sys

import pytest

from dimacs_sudoku.dimacs.cnf import read_dimacs
from dimacs_sudoku.dimacs.drat import NO_CONFLICT, check_proof

from conftest import require_pysat, require_solver
from support import INKALA, INKALA_SOLUTION, ROOT, SMALL4, SMALL4_SOLUTION, command

# Every clause over variables 1..4: unsatisfiable, and no literal alone propagates
# to a conflict.
FULL4 = [[s1 * 1, s2 * 2, s3 * 3, s4 * 4]
         for s1, s2, s3, s4 in itertools.product((1, -1), repeat=4)]

# A tree resolution of FULL4: every lemma is RUP.
RUP_PROOF = """\
1 2 3 0
1 2 -3 0
1 2 0
1 -2 3 0
1 -2 0
1 0
-1 2 3 0
-1 2 0
-1 -2 3 0
-1 0
0
"""

# 5 is a fresh variable defined as 1 and 2: its three clauses are RAT on their first
# literal and none is RUP; the lemmas after them need them.
RAT_PROOF = """\
5 -1 -2 0
-5 1 0
-5 2 0
-5 3 0
-5 -3 0
-5 0
-1 3 0
-1 -3 0
-1 0
2 3 0
2 -3 0
2 0
3 0
0
"""


def binary_drat(text):
    """``text`` DRAT written as binary DRAT, as cadical writes it."""
    out = bytearray()
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or tokens[0] == "c":
            continue
        out += b"d" if tokens[0] == "d" else b"a"
        for token in tokens[tokens[0] == "d":]:
            literal = int(token)
            if not literal:
                break
            code = 2 * abs(literal) + (literal < 0)
            while code >= 128:
                out.append(code & 127 | 128)
                code >>= 7
            out.append(code)
        out.append(0)
    return bytes(out)


def check_text(cnf, proof_text):
    return check_proof(cnf, io.StringIO(proof_text))


def check_binary(cnf, proof_text):
    return check_proof(cnf, io.BytesIO(binary_drat(proof_text)))


BOTH = pytest.mark.parametrize("check", [check_text, check_binary], ids=["text", "binary"])


# -- hand-made proofs ----------------------------------------------------------------

@BOTH
def test_a_rup_proof_is_verified(check):
    verdict = check(FULL4, RUP_PROOF)
    assert verdict.ok and verdict.reason == ""
    # -1 -2 3, the ninth lemma, makes unit propagation conflict: the rest is not read
    assert (verdict.lemmas, verdict.deletions, verdict.rat_lemmas) == (9, 0, 0)
    assert verdict.binary == (check is check_binary)


@BOTH
def test_a_proof_needing_rat_is_verified(check):
    verdict = check(FULL4, RAT_PROOF)
    assert verdict.ok, verdict.reason
    assert verdict.rat_lemmas == 3


def test_a_rat_lemma_is_checked_on_its_first_literal_only():
    """3 -2 is RAT on 3 (no clause holds -3); written -2 3 it is RAT on -2, which it
    is not."""
    assert check_text([[1, 2], [-1, 2]], "3 -2 0\n").reason == NO_CONFLICT
    verdict = check_text([[1, 2], [-1, 2]], "-2 3 0\n")
    assert verdict.reason == ("lemma 1 (line 1): -2 3 0: not RUP, and not RAT on -2: "
                              "the resolvent with 1 2 0 is not RUP")


@BOTH
def test_a_lemma_that_is_neither_rup_nor_rat_is_refused(check):
    proof = RAT_PROOF.replace("-5 2 0", "-5 -2 0")
    verdict = check(FULL4, proof)
    assert not verdict.ok and verdict.lemmas == 3
    third = binary_drat(proof).index(b"a\x0b\x05")       # -5 -2: codes 11 and 5
    where = "line 3" if check is check_text else "byte %d" % third
    assert verdict.reason == ("lemma 3 (%s): -5 -2 0: not RUP, and not RAT on -5: the "
                              "resolvent with -1 -2 5 0 is not RUP" % where)


@BOTH
def test_a_flipped_literal_is_refused(check):
    proof = RAT_PROOF.replace("-5 3 0", "5 3 0")
    verdict = check(FULL4, proof)
    assert not verdict.ok and verdict.lemmas == 4
    assert verdict.reason.endswith("5 3 0: not RUP, and not RAT on 5: the resolvent with "
                                   "1 -5 0 is not RUP")


@BOTH
def test_a_proof_whose_lemmas_conflict_needs_no_empty_clause(check):
    """drat-trim's rule: unit propagation conflicts after the ninth lemma, so the
    empty clause is RUP there, written or not."""
    for proof in (RUP_PROOF[:-2], "\n".join(RUP_PROOF.splitlines()[:9]) + "\n"):
        verdict = check(FULL4, proof)
        assert verdict.ok and verdict.lemmas == 9, verdict.reason


@BOTH
def test_a_proof_that_ends_before_a_conflict_is_refused(check):
    """Cut after the eighth lemma, the proof leaves unit propagation without a
    conflict: refused, whichever lemmas are true."""
    verdict = check(FULL4, "\n".join(RUP_PROOF.splitlines()[:8]) + "\n")
    assert not verdict.ok and verdict.lemmas == 8
    assert verdict.reason == NO_CONFLICT


@BOTH
def test_an_empty_proof_is_refused(check):
    verdict = check(FULL4, "")
    assert not verdict.ok and verdict.reason == NO_CONFLICT


@BOTH
def test_an_empty_proof_of_a_formula_that_propagation_refutes_is_verified(check):
    """glucose, maplechrono and maplecm write no step when unit propagation of the
    formula conflicts; drat-trim verifies that, and so does this checker."""
    verdict = check([[1], [-1, 2], [-2, 3], [-3, -1]], "")
    assert verdict.ok and verdict.lemmas == 0 and verdict.reason == ""


def test_what_follows_the_conflict_is_not_read():
    verdict = check_text(FULL4, RUP_PROOF + "1 0\nnot a proof\n")
    assert verdict.ok and verdict.reason == "" and verdict.lemmas == 9
    verdict = check_text([[1], [-1]], "not a proof\n")
    assert verdict.ok and verdict.lemmas == 0


def test_an_empty_clause_that_is_not_rup_is_refused():
    verdict = check_text(FULL4, "1 2 0\n0\n")
    assert not verdict.ok
    assert verdict.reason == ("lemma 2 (line 2): the empty clause: not RUP (unit "
                              "propagation yields no conflict)")


@pytest.mark.parametrize("cut", [2, 3, 5, 8])
def test_a_text_proof_cut_inside_a_step_is_refused(cut):
    verdict = check_text(FULL4, RUP_PROOF[:RUP_PROOF.index("-1 -2 3 0") + cut])
    assert not verdict.ok
    assert verdict.reason == ("line 9: the proof ends inside a step (no terminating 0): "
                              "cut short")


def test_a_binary_proof_cut_inside_a_step_is_refused():
    data = binary_drat("1 2 0\n-200 3 0\n")
    for cut in range(len(data) - 1, 4, -1):      # inside the second step
        verdict = check_proof([[1, 2], [3]], io.BytesIO(data[:cut]))
        assert not verdict.ok
        assert verdict.reason == ("byte 4: the proof ends inside a step (no terminating "
                                  "0): cut short"), cut


def test_a_binary_literal_cut_by_its_step_end_is_refused():
    verdict = check_proof(FULL4, io.BytesIO(b"a\x02\x81\x00"))
    assert not verdict.ok and "a literal cut short" in verdict.reason


@pytest.mark.parametrize("proof, reason", [
    ("1 x 0\n", "line 1: 'x' is not an integer literal"),
    ("1 +2 0\n", "line 1: '+2' is not an integer literal"),
    ("1 2\nd 1 2 0\n", "line 2: 'd' inside a step"),
    ("1 99999999999 0\n", "line 1: literal 99999999999 is beyond the largest variable"),
])
def test_a_text_proof_that_cannot_be_read_is_refused(proof, reason):
    verdict = check_text(FULL4, proof)
    assert not verdict.ok and verdict.reason.startswith(reason)


def test_a_binary_step_must_start_with_a_or_d():
    verdict = check_proof(FULL4, io.BytesIO(b"a\x02\x00x\x04\x00"))
    assert not verdict.ok
    assert verdict.reason == "byte 3: a step starts with 0x78, not 'a' or 'd'"


@pytest.mark.parametrize("proof", ["0\n", "2 0\n0\n", "-2 0\n0\n", "d 1 2 0\n0\n",
                                   "3 0\n-3 0\n0\n", "d -1 2 0\n-2 0\n0\n"])
@pytest.mark.parametrize("check", [check_text, check_binary], ids=["text", "binary"])
def test_a_satisfiable_formula_is_never_refuted(check, proof):
    verdict = check([[1, 2], [-1, 2]], proof)
    assert not verdict.ok and verdict.reason


def test_a_formula_with_the_empty_clause_is_refuted_by_any_proof():
    assert check_text([[1], []], "0\n").ok
    assert check_text([[1], []], "").ok
    assert check_binary([[]], "").ok


# -- deletions ---------------------------------------------------------------------

def test_a_deletion_removes_one_copy_whatever_the_order_of_its_literals():
    cnf = [[1, 2], [1, 2], [-1, 2], [1, -2], [-1, -2]]
    assert check_text(cnf, "d 2 1 0\n2 0\n0\n").ok
    verdict = check_text(cnf, "d 2 1 0\nd 1 2 1 0\n2 0\n0\n")
    assert not verdict.ok and verdict.missing_deletions == 0
    assert verdict.reason.startswith("lemma 1 (line 3): 2 0: not RUP")


def test_deleting_a_clause_that_is_not_there_is_ignored_and_counted():
    verdict = check_text(FULL4, "d 1 2 0\nd 1 2 3 4 0\nd 1 2 3 4 0\n" + RUP_PROOF[:-2])
    assert verdict.deletions == 3 and verdict.missing_deletions == 2
    assert verdict.reason.startswith("lemma 1 (line 4): 1 2 3 0: not RUP")
    verdict = check_text(FULL4, "d 1 2 0\nd 1 2 -3 0\n" + RUP_PROOF)
    assert verdict.ok and verdict.deletions == 2 and verdict.missing_deletions == 2


def test_a_deleted_clause_no_longer_propagates():
    """Without -1 -2 -3 -4 the last lemma before the 0 is not RUP."""
    verdict = check_text(FULL4, "d -4 -3 -2 -1 0\n" + RUP_PROOF)
    assert not verdict.ok and verdict.reason.startswith("lemma 10 (line 11): -1 0: not RUP")


def test_deleting_a_unit_clause_is_ignored():
    """Without the unit 1, the lemma 2 would not be RUP."""
    cnf = [[1], [-1, 2, 3], [-1, 2, -3], [-1, -2, 3], [-1, -2, -3]]
    verdict = check_text(cnf, "d 1 0\n2 0\n0\n")
    assert verdict.ok and verdict.unit_deletions == 1


def test_a_unit_clause_is_kept_even_when_another_clause_fixed_its_literal():
    """1 is true by 2 and -2 1 before the unit 1 comes: the unit is no reason, and
    its deletion is ignored all the same, each time."""
    verdict = check_text([[2], [-2, 1], [1], [-1, 3]], "d 1 0\nd 1 0\n")
    assert verdict.unit_deletions == 2 and verdict.missing_deletions == 0


def test_deleting_the_reason_of_a_top_level_literal_is_ignored():
    """-1 2 made 2 true at the top level; the lemma 3 needs 2 true."""
    cnf = [[1], [-1, 2], [-2, 3, 4], [-2, 3, -4], [-2, -3, 4], [-2, -3, -4]]
    verdict = check_text(cnf, "d 2 -1 0\n3 0\n0\n")
    assert verdict.ok and verdict.unit_deletions == 1 and verdict.missing_deletions == 0


# -- format details ----------------------------------------------------------------

def test_text_steps_may_span_lines_and_comments_go_anywhere():
    proof = "c a comment first\n" + RUP_PROOF.replace("1 2 3 0", "1\n2 3\nc between\n0")
    assert check_text(FULL4, proof).ok


def test_a_binary_proof_starting_with_a_deletion_is_read_as_binary():
    verdict = check_proof(FULL4, io.BytesIO(binary_drat("d 1 2 0\n" + RUP_PROOF)))
    assert verdict.ok and verdict.binary and verdict.deletions == 1


def test_binary_literals_of_several_bytes():
    """Variables 64 and above take two bytes, and 8192 and above three."""
    cnf = [[100, 9000], [-100, 9000], [100, -9000], [-100, -9000]]
    assert check_binary(cnf, "9000 0\n0\n").ok
    assert not check_binary(cnf, "9000 100 0\n0\n").ok


def test_variables_beyond_the_header_may_be_introduced():
    """A proof may define variables the formula does not have (here 10**9)."""
    proof = RAT_PROOF.replace("5", "1000000000")
    for check in (check_text, check_binary):
        verdict = check(FULL4, proof)
        assert verdict.ok and verdict.rat_lemmas == 3


def test_a_text_stream_and_a_path_are_read_too(tmp_path):
    cnf = tmp_path / "full4.cnf"
    cnf.write_text("p cnf 4 16\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in FULL4))
    proof = tmp_path / "full4.drat"
    proof.write_text(RUP_PROOF)
    assert check_proof(str(cnf), proof).ok
    with open(cnf, "rb") as stream:
        assert check_proof(stream, io.StringIO(RUP_PROOF)).ok
    assert check_proof(read_dimacs(io.StringIO(cnf.read_text())), str(proof)).ok


# -- against a plain reference checker ----------------------------------------------

def reference_conflict(clauses, true):
    """Unit propagation by scanning: True on a conflict (``true`` grows)."""
    if any(-literal in true for literal in true):
        return True
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            if any(literal in true for literal in clause):
                continue
            free = [literal for literal in clause if -literal not in true]
            if not free:
                return True
            if len(free) == 1:
                true.add(free[0])
                changed = True
    return False


def reference_redundant(clauses, lemma):
    if reference_conflict(clauses, {-literal for literal in lemma}):
        return True
    if not lemma:
        return False
    pivot = lemma[0]
    return all(reference_conflict(clauses, {-literal for literal in lemma} |
                                  {-literal for literal in clause if literal != -pivot})
               for clause in clauses if -pivot in clause)


def random_case(rng):
    """A random 3-CNF over 5 variables and a random proof for it, and what a checker
    must say: ``(formula, proof text, ok, number of the failing lemma or None)``. A
    proof is verified once unit propagation of the formula and its lemmas conflicts
    (the empty clause written there or not).
    Lemmas are mostly resolvents (RUP), some with a literal left out, some with the
    fresh variable 6 (RAT or not). Deletions are of clauses that are not units and not
    satisfied at the top level, so not ones that the checker ignores."""
    formula = [rng.sample([1, 2, 3, 4, 5], 3) for _ in range(rng.randint(14, 26))]
    formula = [[x if rng.random() < 0.5 else -x for x in clause] for clause in formula]
    clauses = [list(clause) for clause in formula]
    lines = []
    lemmas = 0
    for _ in range(rng.randint(1, 30)):
        top = set()
        conflict = reference_conflict(clauses, top)
        if conflict:
            if rng.random() < 0.5:
                lines.append("")                # the empty clause, written
            return formula, "".join(line + " 0\n" for line in lines), True, None
        roll = rng.random()
        if roll < 0.15 and not conflict:
            deletable = [c for c in clauses
                         if len(c) > 1 and not any(literal in top for literal in c)]
            if deletable:
                clause = rng.choice(deletable)
                clauses.remove(clause)
                lines.append("d " + " ".join(map(str, rng.sample(clause, len(clause)))))
                continue
        if roll > 0.97:
            lemma = []
        elif roll < 0.45:                   # a short lemma, often RUP
            for _ in range(8):
                variables = rng.sample([1, 2, 3, 4, 5], rng.randint(1, 2))
                lemma = [x if rng.random() < 0.5 else -x for x in variables]
                if reference_redundant(clauses, lemma):
                    break
        elif roll < 0.8:
            a, b = rng.sample(clauses, 2)
            clash = [x for x in a if -x in b]
            lemma = [x for x in a + b if x not in clash and -x not in clash]
            lemma = list(dict.fromkeys(lemma))
            rng.shuffle(lemma)
            if rng.random() < 0.3:
                lemma = lemma[1:]
        else:
            variables = rng.sample([1, 2, 3, 4, 5], rng.randint(0, 2))
            lemma = [6 if rng.random() < 0.5 else -6]
            lemma += [x if rng.random() < 0.5 else -x for x in variables]
        lemmas += 1
        lines.append(" ".join(map(str, lemma)))
        proof = "".join(line + " 0\n" for line in lines)
        if not reference_redundant(clauses, lemma):
            return formula, proof, False, lemmas
        if not lemma:
            return formula, proof, True, None
        clauses.append(lemma)
    return (formula, "".join(line + " 0\n" for line in lines),
            reference_conflict(clauses, set()), None)


def test_random_proofs_get_the_reference_checkers_verdict():
    rng = random.Random(27)
    seen = {"ok": 0, "refused lemma": 0, "no empty clause": 0}
    for _ in range(1500):
        formula, proof, ok, failing = random_case(rng)
        for check in (check_text, check_binary):
            verdict = check(formula, proof)
            assert verdict.ok == ok, (formula, proof, verdict)
            if failing is not None:
                assert verdict.reason.startswith("lemma %d " % failing), (formula, proof)
            elif not ok:
                assert verdict.reason == NO_CONFLICT, (formula, proof)
        if ok:
            assert not any(all(any((x > 0) == bits[abs(x) - 1] for x in clause)
                               for clause in formula)
                           for bits in itertools.product((False, True), repeat=5))
        seen["ok" if ok else "refused lemma" if failing else "no empty clause"] += 1
    assert min(seen.values()) >= 50, seen


# -- proofs written by solvers -----------------------------------------------------

def uniqueness_cnf(tmp_path, puzzle, solution):
    """The CNF that is unsatisfiable when ``puzzle`` has no solution but ``solution``."""
    (tmp_path / "p.txt").write_text(puzzle + "\n")
    (tmp_path / "p.sol").write_text(solution + "\n")
    done = command("sudoku2cnf", "p.txt", "--exclude", "p.sol", "-o", "u.cnf",
                   cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return tmp_path / "u.cnf"


def cadical_proofs(tmp_path, cnf):
    """cadical's text and binary DRAT proofs of ``cnf``."""
    cadical = require_solver("cadical")
    proofs = {}
    for kind, option in (("text", ["--no-binary"]), ("binary", [])):
        proofs[kind] = tmp_path / ("u.%s.drat" % kind)
        done = subprocess.run([cadical, "-q", *option, str(cnf), str(proofs[kind])],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 20, done.stdout + done.stderr
    return proofs


def first_given(cnf):
    """A unit clause of ``cnf``: a given."""
    with open(cnf, "rb") as stream:
        return next(c[0] for c in read_dimacs(stream).clauses if len(c) == 1)


@pytest.mark.slow
@pytest.mark.parametrize("puzzle, solution", [(INKALA, INKALA_SOLUTION),
                                              (SMALL4, SMALL4_SOLUTION)], ids=["9x9", "4x4"])
def test_cadical_proofs_of_uniqueness_are_verified(tmp_path, puzzle, solution):
    cnf = uniqueness_cnf(tmp_path, puzzle, solution)
    proofs = cadical_proofs(tmp_path, cnf)
    text = proofs["text"].read_text()
    assert binary_drat(text) == proofs["binary"].read_bytes()     # one proof, two formats
    lines = text.splitlines()
    for kind, proof in proofs.items():
        verdict = check_proof(cnf, proof)
        assert verdict.ok, verdict.reason
        if puzzle == INKALA:
            assert verdict.binary == (kind == "binary")
            # every lemma is read up to the conflict, which is at the last one or before
            assert 0 < verdict.lemmas <= sum(1 for line in lines if line[:1] != "d")
        else:       # unit propagation of the 4x4's formula conflicts: nothing is read
            assert verdict.lemmas == 0


@pytest.mark.slow
@pytest.mark.parametrize("puzzle, solution", [(INKALA, INKALA_SOLUTION),
                                              (SMALL4, SMALL4_SOLUTION)], ids=["9x9", "4x4"])
def test_corrupted_cadical_proofs_are_refused(tmp_path, puzzle, solution):
    cnf = uniqueness_cnf(tmp_path, puzzle, solution)
    proofs = cadical_proofs(tmp_path, cnf)
    text = proofs["text"].read_text()
    lines = text.splitlines(keepends=True)
    empty = lines.index("0\n")         # cadical may delete clauses after it
    if puzzle != INKALA:
        # Unit propagation of the 4x4's formula alone conflicts: any proof verifies it,
        # the empty one too, and no corruption can be told.
        assert check_text(cnf, "").ok and check_text(cnf, "x\n").ok
        return
    given = first_given(cnf)
    lemmas = [i for i, line in enumerate(lines) if line[:1] != "d"]
    corrupted = {
        # cut after half its lemmas: no conflict yet
        "no conflict": "".join(lines[:lemmas[len(lemmas) // 2]]),
        # cut inside the first lemma
        "cut": lines[0][:-3],
        # the first lemma says a given is wrong
        "against a given": "%d 0\n" % -given + "".join(lines[1:]),
    }
    assert not check_text(cnf, "0\n").ok
    # the empty clause removed: the lemmas before it conflict, so that is no corruption
    assert check_text(cnf, "".join(lines[:empty] + lines[empty + 1:])).ok
    reasons = {
        "no conflict": NO_CONFLICT,
        "cut": "line 1: the proof ends inside a step",
        "against a given": "lemma 1 (line 1): %d 0: not RUP, and not RAT on %d"
                           % (-given, -given),
    }
    for name, proof in corrupted.items():
        assert check_text(cnf, proof) != check_text(cnf, text)
        for check in (check_text, check_binary) if name != "cut" else (check_text,):
            verdict = check(cnf, proof)
            assert not verdict.ok, name
            reason = re.sub(r"byte 0\b", "line 1", verdict.reason)
            assert reason.startswith(reasons[name]), (name, verdict.reason)
    data = proofs["binary"].read_bytes()
    empty = data.index(b"\0a\0") + 1
    assert check_proof(cnf, io.BytesIO(data[:empty])).ok
    middle = data.rindex(b"\0", 0, len(data) // 3) + 1    # a step in the first third
    for cut in (middle + 1, middle + 2):
        if data[cut - 1] != 0:
            verdict = check_proof(cnf, io.BytesIO(data[:cut]))
            assert not verdict.ok
            assert re.fullmatch(r"byte \d+: the proof ends inside a step \(no terminating "
                                r"0\): cut short", verdict.reason)
    verdict = check_proof(cnf, io.BytesIO(data[:middle]))
    assert verdict.reason == NO_CONFLICT


@pytest.mark.slow
@pytest.mark.parametrize("name", ["cadical153", "cadical195", "glucose4", "lingeling"])
def test_python_sat_proofs_are_verified(tmp_path, name):
    require_pysat()
    from pysat.solvers import Solver
    with open(uniqueness_cnf(tmp_path, INKALA, INKALA_SOLUTION), "rb") as stream:
        cnf = read_dimacs(stream)
    with Solver(name=name, bootstrap_with=cnf.clauses, with_proof=True) as solver:
        assert solver.solve() is False
        proof = solver.get_proof()
    verdict = check_proof(cnf, io.StringIO("".join(line + "\n" for line in proof)))
    assert verdict.ok, verdict.reason
    half = proof[:len(proof) // 2]
    verdict = check_proof(cnf, io.StringIO("".join(line + "\n" for line in half)))
    assert not verdict.ok and verdict.reason == NO_CONFLICT


# -- the command line ----------------------------------------------------------------

def run_drat(*args, input=None):
    return subprocess.run([sys.executable, "-m", "dimacs_sudoku.dimacs.drat", *map(str, args)],
                          input=input, capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


@pytest.fixture
def full4(tmp_path):
    cnf = tmp_path / "full4.cnf"
    cnf.write_text("p cnf 4 16\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in FULL4))
    return cnf


@pytest.mark.slow
def test_the_command_says_verified_and_exits_0(tmp_path, full4):
    proof = tmp_path / "p.drat"
    proof.write_text(RUP_PROOF)
    done = run_drat(full4, proof)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[-1] == "s VERIFIED"
    done = run_drat(full4, "-", input=RUP_PROOF)
    assert done.returncode == 0 and done.stdout.endswith("s VERIFIED\n")


@pytest.mark.slow
def test_the_command_says_not_verified_and_why_and_exits_1(tmp_path, full4):
    proof = tmp_path / "p.drat"
    proof.write_text("\n".join(RUP_PROOF.splitlines()[:8]) + "\n")
    done = run_drat(full4, proof)
    assert (done.returncode, done.stderr) == (1, "")
    assert done.stdout.splitlines()[-2:] == ["c " + NO_CONFLICT, "s NOT VERIFIED"]


@pytest.mark.slow
def test_the_command_on_files_it_cannot_read(tmp_path, full4):
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 x 0\n")
    done = run_drat(bad, "-", input="0\n")
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr == "drat: %s:2: 'x' is not an integer literal\n" % bad
    done = run_drat(full4, tmp_path / "none.drat")
    assert done.returncode == 8 and done.stdout == ""
    assert done.stderr.startswith("drat: %s: " % (tmp_path / "none.drat"))
    assert "Traceback" not in done.stderr
    done = run_drat(full4)
    assert done.returncode == 2 and done.stderr.startswith("usage:")
    done = run_drat("--help")
    assert done.returncode == 0 and done.stdout.startswith("usage:") and done.stderr == ""
