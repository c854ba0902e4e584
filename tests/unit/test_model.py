"""Reading solver answers: every solver's layout, every malformed output named."""

import io
import random
import subprocess
from array import array

import pytest
from hypothesis import given, settings, strategies as st

from conftest import require_solver
from dimacs_sudoku.dimacs import cnf as dimacs
from dimacs_sudoku.dimacs import output as model
from dimacs_sudoku.dimacs.cnf import write_dimacs
from dimacs_sudoku.errors import ModelError
from dimacs_sudoku.dimacs.output import Result, iter_results, model_blocks, read_result


def result(text):
    return read_result(io.BytesIO(text.encode()), "out.txt")


# (solver output, status, positives, max_var): real layouts, copied from the solvers.
GOOD = [
    ("s SATISFIABLE\nv 1 -2 3 0\n", "SAT", [1, 3], 3),                         # picosat
    ("s UNSATISFIABLE\n", "UNSAT", [], 0),
    ("s UNKNOWN\n", "UNKNOWN", [], 0),                                          # picosat -L
    ("c UNKNOWN\n", "UNKNOWN", [], 0),                                          # cadical -t
    ("c\nc CAUGHT SIGNAL 14\nc s UNKNOWN\n", "UNKNOWN", [], 0),                 # lingeling
    ("c CryptoMiniSat\ns INDETERMINATE\n", "UNKNOWN", [], 0),                   # cms exit 15
    ("c\nc This is glucose 4.2.1\ns SATISFIABLE\nv  -2 3 -4 0\n", "SAT", [3], 4),  # glucose
    ("SAT\n1 -2 -3 0\n", "SAT", [1], 3),                                        # minisat file
    ("UNSAT\n", "UNSAT", [], 0),
    ("INDET\n", "UNKNOWN", [], 0),
    ("WARNING: for repeatability, setting FPU to use double precision\n"
     "============================[ Problem Statistics ]=====\n"
     "|  Number of variables:             3   |\n"
     "restarts              : 1\nCPU time              : 0.002846 s\n\n"
     "SATISFIABLE\n", "SAT", [], 0),                                            # minisat stdout
    ("1 -2 3\n", "SAT", [1, 3], 3),                                             # bare list
    ("1\n-2\n3\n0\n", "SAT", [1, 3], 3),
    ("-1 -2", "SAT", [], 2),
    ("s SATISFIABLE\r\nv 1 -2 \r\nv\t3 0\r\n", "SAT", [1, 3], 3),
    ("v 1 2 0\ns SATISFIABLE\n", "SAT", [1, 2], 2),
    ("s SATISFIABLE\nc a comment\nv 5 -7\nc between\nv 0\n", "SAT", [5], 7),
    ("\ufeffs SATISFIABLE\nv 1 0\n", "SAT", [1], 1),
]


@pytest.mark.parametrize("text, status, positives, max_var", GOOD)
def test_each_layout(text, status, positives, max_var):
    found = result(text)
    assert found.status == status
    assert sorted(found.positives) == positives
    assert found.max_var == max_var
    assert isinstance(found.positives, array)


def test_a_model_may_end_without_its_0_at_the_end_of_the_output():
    """z3 -dimacs ends its model so; anything after the model still needs the 0."""
    found = result("s SATISFIABLE\nv -1 2 \n")
    assert (list(found.positives), found.max_var, found.line) == ([2], 2, 1)


def test_a_status_alone_has_no_model():
    assert not result("s SATISFIABLE\n").has_model
    assert result("s SATISFIABLE\nv 0\n").has_model


# (solver output, fragment of the message, line)
BAD = [
    ("", "no result", None),
    ("c just comments\n\nrestarts : 1\n", "no result", None),
    ("s SATISFIABLE\nv 1 -2\nv 3\n\nc end\n", "the model ends without its final 0", 3),
    ("s SATISFIABLE\nv 1 -2 0\nv 3\ns SATISFIABLE\n", "literals after the final 0", 3),
    ("s SATISFIABLE\nv 1 -2 8 0\n", None, None),
    ("s SATISFIABLE\nv 8 1\nv -8 0\n", "the model holds both 8 and -8", 2),
    ("1 -1\n", "the model holds both 1 and -1", 1),
    ("s SATISFIABLE\nv 2147483648 0\n", "too large", 2),
    ("s SATISFIABLE\nv -9223372036854775807 0\n", "too large", 2),
    ("s SATISFIABLE\nv 1\0\0 0\n", "NUL byte", 2),
    ("\0" * 100, "NUL byte", 1),
    ("s SATISFIABLE\nv 1 -2\nc end\n", "the model ends without its final 0", 2),
    ("SAT\n1 -2\n", "the model ends without its final 0", 2),
    ("s SATISFIABLE\nv 1 x 0\n", "'x' is not an integer literal", 2),
    ("s SATISFIABLE\nv 1 2.5 0\n", "'2.5' is not an integer literal", 2),
    ("1 2 three\n", "'three' is not an integer literal", 1),
    ("s SATISFIABLE\ns UNSATISFIABLE\n", "contradicts the status SATISFIABLE on line 1", 2),
    ("UNSAT\nc\ns SATISFIABLE\n", "SATISFIABLE contradicts the status UNSATISFIABLE", 3),
    ("s UNKNOWN\nc UNKNOWN\ns UNSATISFIABLE\n", "contradicts the status UNKNOWN", 3),
    ("v 1 0\ns UNSATISFIABLE\n", "contradicts the model above", 2),
    ("s UNSATISFIABLE\nv 1 0\n", "a model after the status UNSATISFIABLE on line 1", 2),
    ("s SATISFIABLE\nv 1 0\nv 2 0\n", "literals after the final 0", 3),
    ("s SATISFIABLE\nv 1 0 2\n", "literals after the final 0", 2),
    ("s SATISFIABLE\n1 2 0\n", "literals outside a 'v' line", 2),
    ("SAT\n1 2\nv 3 0\n", "a 'v' line inside a model of plain literal lines", 3),
    ("s SOMETHING\n", "unknown status line 's SOMETHING'", 1),
    ("s\n", "unknown status line", 1),
    ("s SATISFIABLE\nv 1 0\ns SOLUTIONS 2\n", "'s SOLUTIONS 2' but the models read number 1", 3),
    ("s SATISFIABLE\nv 4294967296 0\n", "too large", 2),
]


@pytest.mark.parametrize("text, fragment, line", BAD)
def test_bad_outputs_name_the_line(text, fragment, line):
    if fragment is None:
        return
    with pytest.raises(ModelError) as caught:
        result(text)
    assert fragment in caught.value.message
    assert caught.value.line == line
    assert caught.value.source == "out.txt"


def test_picosat_all_enumerates_models_and_counts_them():
    text = ("s SATISFIABLE\nv 1 -2 3 0\ns SATISFIABLE\nv 1 2 3 0\n"
            "s SATISFIABLE\nv -1 -2 3 0\ns SOLUTIONS 3\n")
    found = [sorted(r.positives) for r in iter_results(io.StringIO(text))]
    assert found == [[1, 3], [1, 2, 3], [3]]
    merged = read_result(io.StringIO(text))
    assert merged.status == "SAT" and len(merged.models) == 3
    assert list(merged.positives) == list(merged.models[0])
    unsat = list(iter_results(io.StringIO("s SOLUTIONS 0\n")))
    assert [r.status for r in unsat] == ["UNSAT"]


def test_iter_results_hands_over_each_model_before_reading_on():
    class Reader:
        parts = [b"s SATISFIABLE\nv 1 0\ns SATISFIABLE\n"]

        def read(self, size=-1):
            if not self.parts:
                raise AssertionError("read beyond the first model")
            return self.parts.pop()

    first = next(iter_results(Reader()))
    assert list(first.positives) == [1]


@pytest.mark.slow
def test_picosat_all_real_output(tmp_path):
    require_solver("picosat")
    cnf = tmp_path / "f.cnf"
    with open(cnf, "w") as out:
        write_dimacs([[1, -2], [2, 3]], 3, out)
    done = subprocess.run(["picosat", "--all", str(cnf)], capture_output=True)
    models = [set(r.positives) for r in iter_results(io.BytesIO(done.stdout))]
    assert len(models) == 4 and all((1 in m or 2 not in m) and (2 in m or 3 in m)
                                    for m in models)


def formats(literals, rng):
    """A model printed as some solver would."""
    kind = rng.choice(["v", "v-long", "minisat", "bare", "glucose"])
    text = " ".join(map(str, literals))
    if kind == "v":
        lines, line = [], []
        for token in map(str, literals + [0]):
            line.append(token)
            if rng.random() < 0.1:
                lines.append("v " + " ".join(line))
                line = []
        lines.append("v " + " ".join(line))
        return "c x\ns SATISFIABLE\n" + "\n".join(l.rstrip() for l in lines) + "\n"
    if kind == "v-long":
        return "s SATISFIABLE\nv " + text + " 0\n"
    if kind == "glucose":
        return "c\ns SATISFIABLE\nv " + text + " 0\n"
    if kind == "minisat":
        return "SAT\n" + text + " 0\n"
    return text.replace(" ", rng.choice([" ", "\n"])) + rng.choice(["", "\n", " 0\n"])


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2 ** 32), chunk=st.sampled_from([3, 16, 100, 4096]))
def test_fast_and_line_by_line_agree(seed, chunk):
    rng = random.Random(seed)
    n = rng.randint(1, 300)
    literals = [v if rng.random() < 0.5 else -v for v in range(1, n + 1)]
    rng.shuffle(literals)
    text = formats(literals, rng).encode()
    saved = dimacs.CHUNK_SIZE, model._FAST_MIN
    try:
        dimacs.CHUNK_SIZE, model._FAST_MIN = chunk, 0
        found = read_result(io.BytesIO(text))
    finally:
        dimacs.CHUNK_SIZE, model._FAST_MIN = saved
    assert found.status == "SAT"
    assert sorted(found.positives) == sorted(v for v in literals if v > 0)
    assert found.max_var == n


def test_a_large_model_keeps_only_the_true_variables():
    n = 300000
    rng = random.Random(5)
    literals = [v if rng.random() < 0.3 else -v for v in range(1, n + 1)]
    lines = ["v " + " ".join(map(str, literals[i:i + 10])) for i in range(0, n, 10)]
    text = "s SATISFIABLE\n" + "\n".join(lines) + "\nv 0\n"
    found = read_result(io.StringIO(text))
    assert found.max_var == n
    assert sorted(found.positives) == [v for v in literals if v > 0]
    assert found.positives.itemsize == 4


def test_result_helpers():
    r = Result.from_literals([-1, 2, -3, 4])
    assert r.status == "SAT" and sorted(r.positives) == [2, 4] and r.max_var == 4
    assert list(r.literals()) == [-1, 2, -3, 4]
    partial = Result("SAT", [5], 6)
    assert list(partial.literals()) == [-1, -2, -3, -4, 5, -6]
    assert [len(b) for b in model_blocks(Result("SAT", [1], 70000), size=65536)] == [65536, 4464]
    assert list(Result("UNSAT").literals()) == []
    assert "2 true of 4" in repr(r)
    with pytest.raises(ValueError):
        Result("MAYBE")
