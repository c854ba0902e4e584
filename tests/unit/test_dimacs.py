"""The strict DIMACS reader and the writer: every error named with its line, the fast
block reader and the line-by-line reader agreeing on everything."""

import io
import random

import pytest
from hypothesis import assume, given, settings, strategies as st

from dimacs_sudoku.dimacs import cnf as dimacs
from dimacs_sudoku.dimacs.cnf import (Header, iter_clauses, read_dimacs, read_pieces,
                                  write_dimacs)
from dimacs_sudoku.errors import EXIT_BAD_INPUT, DimacsError
from test_cnfsolve import cli


def read(text):
    return read_dimacs(io.BytesIO(text.encode() if isinstance(text, str) else text))


GOOD = [
    # (text, num_vars, clauses, comments)
    ("p cnf 3 2\n1 -2 0\n2 3 0\n", 3, [[1, -2], [2, 3]], []),
    ("c one\nc\nc  two\np cnf 1 1\nc after the header\n1 0\n", 1, [[1]], ["one", "", " two"]),
    ("p cnf 3 2\n1 -2\n  3 0 2\n0\n", 3, [[1, -2, 3], [2]], []),            # spanning
    ("p cnf 3 2\n1 -2 0 2 3 0\n", 3, [[1, -2], [2, 3]], []),                 # two on a line
    ("p cnf 2 1\r\n1 -2 0\r\n", 2, [[1, -2]], []),                           # CRLF
    ("p  cnf\t2 1 \n 1\t-2 0   \n\n", 2, [[1, -2]], []),                      # blanks
    ("p cnf 2 2\n1 0\n-2 0\n%\n0\n\n", 2, [[1], [-2]], []),                   # SATLIB end
    ("\ufeffp cnf 1 1\n1 0\n", 1, [[1]], []),                                # BOM
    ("p cnf 1 1\n0\n", 1, [[]], []),                                         # empty clause
    ("p cnf 0 0\n", 0, [], []),
    ("p cnf 5 1\n1 0", 5, [[1]], []),                                        # no final newline
    ("p cnf 2 1\n1 -2 0\nc trailing comment\n", 2, [[1, -2]], []),
]


@pytest.mark.parametrize("text, num_vars, clauses, comments", GOOD)
def test_good_inputs(text, num_vars, clauses, comments):
    cnf = read(text)
    assert (cnf.num_vars, cnf.clauses, cnf.comments) == (num_vars, clauses, comments)
    assert cnf.num_clauses == len(clauses)


# (text, fragment of the message, line); every one is exit code 3 through cnfsolve.
BAD = [
    ("", "empty input", None),
    ("c only a comment\n", "no 'p cnf' header", 1),
    ("1 2 0\np cnf 2 1\n", "a clause before the 'p cnf' header", 1),
    ("p cnf 2 1\nc\np cnf 2 1\n1 0\n", "a second 'p cnf' header (the first is on line 1)", 3),
    ("p cnf x 1\n", "malformed header 'p cnf x 1'", 1),
    ("c\np cnf 2\n", "malformed header", 2),
    ("p cnf 2 1 7\n", "malformed header", 1),
    ("p wcnf 2 1\n", "malformed header", 1),
    ("p cnf -2 1\n", "malformed header", 1),
    ("p cnf 2 1\n1 3 0\n", "literal 3 is beyond the 2 variables declared", 2),
    ("p cnf 2 1\n-3 1 0\n", "literal -3 is beyond the 2 variables", 2),
    ("p cnf 2 1\n1 x 0\n", "'x' is not an integer literal", 2),
    ("p cnf 2 1\n1 2.0 0\n", "'2.0' is not an integer literal", 2),
    ("p cnf 2 1\n1 +2 0\n", "'+2' is not an integer literal", 2),
    ("p cnf 2 1\n1 - 0\n", "'-' is not an integer literal", 2),
    ("p cnf 2 1\n1 -2\n", "the last clause has no terminating 0", 2),
    ("p cnf 2 1\n1\nc\n-2\n\n", "the last clause has no terminating 0", 4),
    ("p cnf 2 2\n1 0\n2 0\n-1 0\n", "more clauses than the 2 declared", 4),
    ("p cnf 2 2\n1 0 2 0 -1 0\n", "more clauses than the 2 declared", 2),
    ("c\np cnf 2 3\n1 0\n2 0\n", "the header declares 3 clauses but only 2 were read", 2),
    ("p cnf 2 1\n1 2\n%\n", "the last clause has no terminating 0", 2),
]


@pytest.mark.parametrize("text, fragment, line", BAD)
def test_bad_inputs_name_the_line(text, fragment, line):
    with pytest.raises(DimacsError) as caught:
        read_dimacs(io.StringIO(text), "f.cnf")
    assert fragment in caught.value.message
    assert caught.value.line == line
    assert caught.value.source == "f.cnf"


@pytest.mark.parametrize("text, fragment, line", BAD)
def test_bad_inputs_through_cnfsolve(text, fragment, line):
    code, out, err = cli(input=text)
    assert code == EXIT_BAD_INPUT
    where = "<stdin>:%d: " % line if line else "<stdin>: "
    assert err.startswith("cnfsolve: " + where + fragment)
    assert err.count("\n") == 1
    assert out == ""


def big_formula(count=30000, num_vars=500, seed=1):
    rng = random.Random(seed)
    return [[rng.choice((1, -1)) * rng.randint(1, num_vars) for _ in range(rng.randint(1, 4))]
            for _ in range(count)]


def test_errors_deep_inside_big_blocks_keep_their_line():
    clauses = big_formula()
    body = "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    head = "c big\np cnf 500 %d\n" % len(clauses)
    assert read(head + body).clauses == clauses            # the fast path, checked
    lines = body.splitlines(keepends=True)
    for index, bad, fragment in [(25000, "1 x 0\n", "'x' is not"),
                                 (20000, "1 501 0\n", "literal 501"),
                                 (29999, "1 -0 2 0\n", "more clauses")]:
        text = head + "".join(lines[:index]) + bad + "".join(lines[index + 1:])
        with pytest.raises(DimacsError) as caught:
            read(text)
        assert fragment in caught.value.message
        assert caught.value.line == index + 3
    extra = head + body + "1 0\n"
    with pytest.raises(DimacsError, match="more clauses") as caught:
        read(extra)
    assert caught.value.line == len(clauses) + 3
    short = head.replace(str(len(clauses)), str(len(clauses) + 1)) + body
    with pytest.raises(DimacsError, match="only %d were read" % len(clauses)):
        read(short)


def layout(clauses, rng):
    """The clauses written in a random legal way: comments, blank lines, CRLF, tabs,
    clauses over several lines or several on a line."""
    out = []
    for clause in clauses:
        tokens = list(map(str, clause)) + ["0"]
        while tokens:
            take = rng.randint(1, len(tokens))
            sep = rng.choice([" ", " ", " ", "\t", "  "])
            line = sep.join(tokens[:take])
            tokens = tokens[take:]
            out.append(rng.choice(["", "", " "]) + line + rng.choice(["\n"] * 6 + ["\r\n", " \n"]))
            if rng.random() < 0.05:
                out.append(rng.choice(["c note\n", "\n", "c\n"]))
    return "".join(out)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), chunk=st.sampled_from([5, 17, 64, 1000]),
       plain=st.booleans())
def test_fast_and_line_by_line_agree_on_any_layout(seed, chunk, plain):
    rng = random.Random(seed)
    clauses = [[rng.choice((1, -1)) * rng.randint(1, 30) for _ in range(rng.randint(0, 5))]
               for _ in range(rng.randint(0, 60))]
    if plain:   # one clause per line, as we write it: mostly the fast path
        body = "".join(" ".join(map(str, c + [0])) + "\n" for c in clauses)
    else:
        body = layout(clauses, rng)
    text = ("c x\np cnf 30 %d\n" % len(clauses) + body).encode()
    old = dimacs.CHUNK_SIZE, dimacs._FAST_MIN
    try:
        dimacs.CHUNK_SIZE, dimacs._FAST_MIN = chunk, 0
        assert read(text).clauses == clauses
    finally:
        dimacs.CHUNK_SIZE, dimacs._FAST_MIN = old


@settings(max_examples=40, deadline=None)
@given(data=st.binary(max_size=200), chunk=st.integers(1, 50))
def test_pieces_cut_only_at_line_ends_or_blanks(data, chunk):
    # A token over 16 pieces long is handed on whole for the parser to reject.
    assume(all(len(token) <= 16 * chunk for token in data.split()))
    pieces = list(read_pieces(io.BytesIO(data), chunk))
    joined = b""
    for piece, continued in pieces:
        joined += (b" " if continued else b"") + piece
    expected = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    assert joined.split() == expected.split()
    assert joined.count(b"\n") == expected.count(b"\n")


def test_text_binary_and_stringio_streams_read_alike(tmp_path):
    text = "c é\np cnf 2 1\n1 -2 0\n"
    path = tmp_path / "f.cnf"
    path.write_text(text, encoding="utf-8")
    with open(path, encoding="utf-8") as stream:
        from_text = read_dimacs(stream)
    with open(path, "rb") as stream:
        from_bytes = read_dimacs(stream)
    from_string = read_dimacs(io.StringIO(text))
    for cnf in (from_text, from_bytes, from_string):
        assert (cnf.clauses, cnf.comments) == ([[1, -2]], ["é"])


def test_iter_clauses_gives_the_header_first():
    items = list(iter_clauses(io.StringIO("c made\np cnf 2 2\n1 0\n-2 1 0\n")))
    assert items == [Header(2, 2, ["made"]), [1], [-2, 1]]
    stream = iter_clauses(io.StringIO("p cnf 1 2\n1 0\n"), "x.cnf")
    assert next(stream) == Header(1, 2, [])
    with pytest.raises(DimacsError, match="declares 2 clauses"):
        list(stream)


def test_writer_is_strict_and_reads_back():
    clauses = big_formula(200, 40, seed=3) + [[]]
    out = io.StringIO()
    write_dimacs(clauses, 40, out, comments=["generator: test", "two\nlines"])
    text = out.getvalue()
    assert text.startswith("c generator: test\nc two\nc lines\np cnf 40 201\n")
    assert text.endswith("\n0\n")
    cnf = read(text)
    assert cnf.clauses == clauses and cnf.comments == ["generator: test", "two", "lines"]
    binary = io.BytesIO()
    write_dimacs(iter([[1, -2]]), 2, binary)
    assert binary.getvalue() == b"p cnf 2 1\n1 -2 0\n"
    for clause in ([0], [3], [-3]):
        with pytest.raises(ValueError):
            write_dimacs([clause], 2, io.StringIO())
