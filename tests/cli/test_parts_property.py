"""The standing rule, over generated inputs: any sequence of puzzles in any mix of
the formats the project writes and reads, with damaged lines between them, is one
item per part, in order: a grid per puzzle, an error per damaged part; through the
library's reader and through ``sudoku-solve``."""

import io
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dimacs_sudoku.errors import PuzzleError
from dimacs_sudoku.formats import MAX_LINE, parse_puzzle, read_puzzles_lenient, write_grid

from support import INKALA, SMALL4, in_process

def _pattern16(seed=3):
    """A valid 16x16 puzzle: the pattern solution, 40% of its cells given."""
    import random
    from dimacs_sudoku.core.notation import SYMBOLS
    rng = random.Random(seed)
    return "".join(SYMBOLS[(r * 4 + r // 4 + c) % 16] if rng.random() < 0.4 else "."
                   for r in range(16) for c in range(16))


PUZZLES = [SMALL4, "1...3...2...4...", INKALA,
           "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
           _pattern16()]
# (each with a rule its solution keeps, for the variant text: a killer cage of two cells)
RULES = {4: "killer %d r1c1 r1c2", 9: "killer %d r1c1 r1c2"}


def _grid(puzzle):
    return parse_puzzle(puzzle)


def _rows(puzzle, spaced):
    n = int(len(puzzle) ** 0.5)
    return "\n".join((" " if spaced else "").join(puzzle[r * n:(r + 1) * n])
                     for r in range(n))


def _variant(puzzle):
    grid = _grid(puzzle)
    from dimacs_sudoku.tasks import solve
    solution = solve(grid)
    rule = RULES[grid.size] % (solution.cells[0] + solution.cells[1])
    return write_grid(parse_puzzle(write_grid(grid, "grid") + rule + "\n"), "variant")


# Each format as text: (name, function of the puzzle's line form -> its text).
WRITTEN = {
    "line": lambda p: write_grid(_grid(p), "line"),
    "rows": lambda p: _rows(p, False),
    "spaced rows": lambda p: _rows(p, True),
    "boxed": lambda p: write_grid(_grid(p), "grid"),
    "numbers": lambda p: write_grid(_grid(p), "numbers"),
    "json": lambda p: write_grid(_grid(p), "json"),
    "fpuzzles": lambda p: write_grid(_grid(p), "fpuzzles"),
    "fpuzzles pretty": lambda p: json.dumps(json.loads(write_grid(_grid(p), "fpuzzles")),
                                            indent=2),
    "fpuzzles rows": lambda p: write_grid(_grid(p), "fpuzzles").replace("},{", "},\n{"),
    "sudokupad": lambda p: write_grid(_grid(p), "sudokupad"),
    "variant": _variant,
    "euler": lambda p: write_grid(_grid(p), "euler"),
    "table": lambda p: write_grid(_grid(p), "table"),
    "triples": lambda p: write_grid(_grid(p), "triples"),
    # the pencil-mark forms (docs/formats.md, "Pencil marks")
    **{form: (lambda form: lambda p: write_grid(_grid(p), form))(form)
       for form in ("tdoku", "explainer", "explainer-list", "hodoku", "hodoku-library")},
}
# The pencil-mark forms, read as their own puzzle (a tdoku line has no givens).
PENCIL = ("tdoku", "explainer", "explainer-list", "hodoku", "hodoku-library")
# Formats whose puzzle ends at a blank line only (triples: hints on any number of
# lines).
ENDS_BLANK = ("triples",)
# The sizes a format holds, when not all (the variant: those RULES has).
ONLY = {"euler": (9,), "triples": (9,), "variant": tuple(RULES),
        **{form: (9,) for form in PENCIL}}

# Damaged lines: each is one error (a comment or blank line is none). Each is as wide
# as no other: lines of one width in a run are the rows of one (damaged) grid.
DAMAGE = {
    "garbage": "garbage!",
    "nul": "1..4\0..1.3",
    "nul line": "\0" * 7,
    "cut line": INKALA[:40],
    "cut json": write_grid(parse_puzzle(INKALA), "fpuzzles")[:57],
    # a line puzzle of a size above the largest (401x401), and a line longer than any
    # puzzle's, read up to its end and no further
    "too large": "." * 401 ** 2,
    "too long": "1" * (MAX_LINE + 1),
    # a HoDoKu grid with a row left out, and a cut tdoku line
    "pencil grid": "\n".join(write_grid(parse_puzzle(INKALA), "hodoku").splitlines()[:5]
                             + write_grid(parse_puzzle(INKALA), "hodoku").splitlines()[6:]),
    "cut tdoku": write_grid(parse_puzzle(INKALA), "tdoku")[:700],
    "comment": "# a note",
    "blank": "",
}


class _Text(str):
    """A file's text, shown cut short (the line too long is a megabyte)."""

    def __repr__(self):
        return repr(self[:300] + "...") if len(self) > 300 else str.__repr__(self)


@st.composite
def inputs(draw):
    """``(text, expected)``: a file of parts, and ``('grid', line form)`` or
    ``('error',)`` for each part that is read as one item."""
    pieces, expected = [], []
    for _ in range(draw(st.integers(1, 7))):
        if draw(st.booleans()):
            name = draw(st.sampled_from(sorted(WRITTEN)))
            puzzle = draw(st.sampled_from([p for p in PUZZLES if ONLY.get(name) is None
                                           or round(len(p) ** .5) in ONLY[name]]))
            text = WRITTEN[name](puzzle).rstrip("\n")
            pieces.append((text, name))
            expected.append(("grid", parse_puzzle(text).to_line() if name in PENCIL
                             else puzzle))
        else:
            name = draw(st.sampled_from(sorted(DAMAGE)))
            before = [kind for _, kind in pieces if kind != "comment"][-1:]
            if before == [name] and name not in ("comment", "blank"):
                # (the same damaged line twice running is the rows of one damaged
                # grid, one error; a blank line between keeps them two)
                pieces.append(("", "blank"))
            pieces.append((DAMAGE[name], name))
            if name not in ("comment", "blank"):
                expected.append(("error",))
    text = ""
    for k, (piece, name) in enumerate(pieces):
        text += piece + "\n"
        # multi-line formats end at a blank line, or where the next part starts
        if k + 1 < len(pieces) and (name in ENDS_BLANK or draw(st.booleans())):
            text += "\n"
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return _Text(text), expected


def _read(text):
    return [("error",) if isinstance(x, PuzzleError) else ("grid", x.to_line())
            for x in read_puzzles_lenient(io.StringIO(text), "p.txt")]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(inputs())
def test_every_part_is_one_item_in_order(case):
    text, expected = case
    assert _read(text) == expected, repr(text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(inputs())
def test_sudoku_solve_writes_one_line_per_part(case):
    text, expected = case
    done = in_process("sudoku-solve", input=text)
    lines = done.stdout.splitlines()
    assert ["error" if line.startswith("error\t") else "grid" for line in lines] == \
        [kind[0] for kind in expected], (repr(text), done.stdout[:2000], done.stderr[:2000])


# -- runs of 9x9 line puzzles, read as text for --jobs (formats.line.LineRun) -----------

LINES9 = [p for p in PUZZLES if len(p) == 81] + [INKALA.replace(".", "0"), "." * 81]
# What may follow a line puzzle on its line (ignored by the reader).
TAILS = ["", " 1.2", ";rated 3", "\t# a note", ",x", ": 5"]


@st.composite
def with_runs(draw):
    """Generated inputs (:func:`inputs`) with runs of consecutive 9x9 line puzzles
    between their parts, some with other fields on their lines, comments or blank
    lines between them, or rule lines after them."""
    pieces = []
    for _ in range(draw(st.integers(1, 5))):
        if draw(st.booleans()):
            pieces.append(draw(inputs())[0].rstrip("\n"))
            continue
        lines = [draw(st.sampled_from(LINES9)) + draw(st.sampled_from(TAILS))
                 for _ in range(draw(st.integers(1, 12)))]
        for _ in range(draw(st.integers(0, 2))):
            lines.insert(draw(st.integers(0, len(lines))),
                         draw(st.sampled_from(["", "# between", "killer 9 r1c2 r1c3"])))
        if draw(st.booleans()):
            lines.append("killer %d r9c8 r9c9" % draw(st.integers(3, 17)))
        pieces.append("\n".join(lines))
    return _Text("\n".join(pieces) + "\n")


def _each(text, runs=None):
    """What a lenient read of ``text`` gives, a LineRun's puzzles each in its place:
    a grid as its pickle (its digits, place, layout, rules, notation), an error as
    its type and line."""
    import pickle
    from dimacs_sudoku.formats.line import LineRun
    found = []
    for item in read_puzzles_lenient(io.StringIO(text), "p.txt", runs=runs):
        for one in item.puzzles() if isinstance(item, LineRun) else [item]:
            found.append((type(one).__name__, one.describe()) if isinstance(one, PuzzleError)
                         else pickle.dumps(one))
    return found


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_runs(), st.sampled_from([1, 2, 3, 5, 64]))
def test_runs_of_line_puzzles_read_as_each_line_alone(text, most):
    from dimacs_sudoku.formats.line import LineRun
    items = list(read_puzzles_lenient(io.StringIO(text), "p.txt", runs=lambda: most))
    assert all(len(item) <= most for item in items if isinstance(item, LineRun))
    assert _each(text, lambda: most) == _each(text), repr(text)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(with_runs(), st.sampled_from([("sudoku-solve", "--count", "2"), ("sudoku-grade",)]))
def test_jobs_read_runs_as_one_process_reads_lines(text, command):
    one = in_process(*command, input=text)
    many = in_process(*command, "-j", "2", input=text)
    assert (many.returncode, many.stdout, many.stderr) == (
        one.returncode, one.stdout, one.stderr), repr(text)
