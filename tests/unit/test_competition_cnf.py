"""What the SAT competition asks of a benchmark file: no clause with a tautology (x and
-x) and no literal twice in a clause (the 2026 rules reject both), for every encoding,
at-most-one family and numbering, the reduced CNF, a Latin square and variant rules;
and the GBD hash that names each file, equal to gbd-tools' own."""

import gzip
import hashlib
import io
import lzma
import random

import pytest
from hypothesis import given, settings, strategies as st

from dimacs_sudoku.core.grid import Grid
from dimacs_sudoku.encodings import ENCODINGS, encode
from dimacs_sudoku.encodings.amo import FAMILIES
from dimacs_sudoku.dimacs.gbd import GbdHash, gbd_hash_bytes, gbd_hash_stream
from dimacs_sudoku.rules.registry import parse_rule, variant_grid
from dimacs_sudoku.tasks.families import qwh

PUZZLE9 = ("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")


def clauses_of(text):
    """The clauses of a DIMACS text, as the competition's checker reads them."""
    numbers = [int(t) for line in text.splitlines() if line and line[0] not in "cp"
               for t in line.split()]
    clause, found = [], []
    for lit in numbers:
        if lit == 0:
            found.append(clause)
            clause = []
        else:
            clause.append(lit)
    assert not clause, "a clause without its closing 0"
    return found


def assert_competition_clean(text):
    clauses = clauses_of(text)
    assert clauses
    for clause in clauses:
        assert len(set(clause)) == len(clause), "a literal twice: %r" % (clause,)
        assert not set(clause) & {-lit for lit in clause}, "a tautology: %r" % (clause,)


@pytest.mark.parametrize("amo", sorted(FAMILIES))
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("numbering", ["standard", "decimal"])
def test_no_tautology_and_no_repeated_literal(encoding, amo, numbering):
    for grid in (Grid.from_line(PUZZLE9), Grid.empty(6, (2, 3)), qwh(7, 20, 1).grid):
        assert_competition_clean(encode(grid, encoding, amo, numbering).to_text())


@pytest.mark.parametrize("amo", ["pairwise", "sequential", "binary"])
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_reduced_and_variant_cnfs_are_clean_too(encoding, amo):
    grid = Grid.from_line(PUZZLE9)
    assert_competition_clean(encode(grid, encoding, amo, reduce=True).to_text())
    rules = [parse_rule(line, 9, (3, 3)) for line in
             ("diagonals", "antiknight", "killer 15 r1c1 r1c2 r2c1")]
    varied = variant_grid(Grid.empty(9), rules)
    assert_competition_clean(encode(varied, encoding, amo).to_text())


# ---- the GBD hash ----------------------------------------------------------------------

# Hashes that gbd-tools 5.3.2 (PyPI; gbd_init/gbdhash.py, its pure-Python cnf_hash)
# gives for these files: the pinned reference.
GBD_TOOLS = [
    (b"p cnf 1 1\n1  0", "a451306aa6a2be8fd7cd44dc5f9511ae"),
    (b"c a comment\np cnf 2 2\n1 -2 0\n2 0\n", "177c0b03f0c47b5f973797b2f46c901d"),
    (b"", "d41d8cd98f00b204e9800998ecf8427e"),
    (b"c only\n", "d41d8cd98f00b204e9800998ecf8427e"),
    (b"p cnf 3 2\r\n1 2 3 0\r\n-1 -2\n0\n", "507a601439fad5cf951bc535758e1fa0"),
    (b"p cnf 2 1\n 1 2", "4a2a81c6e15de07704f091753d10ba32"),
    (b"1 2 0 c trailing\n3 0\n", "4b84906ad2b6a045b7e66d79ae1454b7"),
    (b"1 2x3 0\n4 0\n", "a686e960d2586b36f3d0c985ece29ad7"),
    (b"\t1\t-2  0\n\n\n%\n0\n", "959105fcc903a021683934cf03fd6601"),
    (b"p cnf 1 1\n-0 00 1 0", "a7266369d5fc418bde99d910d999ba7d"),
    (b"1 2 0\n3 4", "e3dc123883fbc6a02a197071b52db639"),
]


def reference_hash(data):
    """The definition, byte by byte: numbers (runs of digits and '-') outside the
    skipped parts (from any other visible byte to the line's end), joined by one
    space; " 0" added when the last number is not 0."""
    numbers, current, skipping = [], b"", False
    for byte in data:
        char = bytes([byte])
        if skipping:
            skipping = char not in b"\n\r"
            if current:
                numbers.append(current)
                current = b""
        elif char.isdigit() or char == b"-":
            current += char
        else:
            if current:
                numbers.append(current)
                current = b""
            skipping = byte > 32
    if current:
        numbers.append(current)
    text = b" ".join(numbers)
    if numbers and numbers[-1] != b"0":
        text += b" 0"
    return hashlib.md5(text).hexdigest()


@pytest.mark.parametrize("data, expected", GBD_TOOLS)
def test_gbd_hash_is_gbd_tools_hash(data, expected):
    assert gbd_hash_bytes(data) == expected == reference_hash(data)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=80).map(lambda b: bytes(b" 0123456789-\n\rcpx%\t"[x % 19] for x in b)),
       st.lists(st.integers(1, 10), max_size=8))
def test_gbd_hash_by_pieces_is_the_definition(data, cuts):
    hasher = GbdHash()
    start = 0
    for cut in cuts:
        hasher.update(data[start:start + cut])
        start += cut
    hasher.update(data[start:])
    assert hasher.hexdigest() == reference_hash(data) == gbd_hash_bytes(data)


def test_a_written_cnf_hashes_as_its_clauses_and_compression_changes_nothing():
    text = encode(Grid.from_line(PUZZLE9)).to_text()
    body = " ".join(" ".join(map(str, c + [0])) for c in clauses_of(text))
    digest = hashlib.md5(body.encode()).hexdigest()
    assert gbd_hash_bytes(text.encode()) == digest
    for packed in (gzip.compress(text.encode()), lzma.compress(text.encode())):
        raw = gzip.GzipFile(fileobj=io.BytesIO(packed)) if packed[:2] == b"\x1f\x8b" \
            else lzma.LZMAFile(io.BytesIO(packed))
        assert gbd_hash_stream(raw, block=random.Random(1).randrange(7, 999)) == digest
