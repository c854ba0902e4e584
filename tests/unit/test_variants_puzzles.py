"""Real 9x9 variant puzzles, each with one solution: two solutions asked, one found, and
it is the known one and passes :func:`check_variant`.

The Miracle Sudoku is Mitchell Lee's (2020: anti-king, anti-knight, non-consecutive,
two givens). The others were made for these tests from a random grid: cages, thermos,
clues or dots read off the grid, then givens added where two solutions differed and
removed while the solution stayed unique.
"""

import pytest

from dimacs_sudoku.encodings import encode_variant
from dimacs_sudoku.formats.variant import read_variant
from dimacs_sudoku.sat.pycosat_backend import solve_variant
from dimacs_sudoku.core.check import check_variant

PUZZLES = {
    "miracle": (
        "......................................1............2.............................",
        ["antiknight", "antiking", "nonconsecutive"],
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615"),
    "killer": (
        "................9..............8...............2.................................",
        ["killer 9 r1c1 r1c2 r2c2", "killer 7 r1c3 r2c3", "killer 26 r1c4 r1c5 r2c5 r2c6 r2c4",
         "killer 20 r1c6 r1c7 r2c7", "killer 15 r1c8 r2c8 r1c9", "killer 12 r2c1 r3c1",
         "killer 14 r2c9 r3c9", "killer 25 r3c2 r4c2 r3c3 r5c2", "killer 12 r3c4 r4c4 r3c5",
         "killer 19 r3c6 r3c7 r3c8 r4c7 r5c7", "killer 7 r4c1 r5c1",
         "killer 16 r4c3 r5c3 r6c3", "killer 17 r4c5 r4c6 r5c5",
         "killer 21 r4c8 r5c8 r4c9 r6c8", "killer 13 r5c4 r6c4", "killer 6 r5c6 r6c6",
         "killer 25 r5c9 r6c9 r7c9 r7c8 r8c9", "killer 18 r6c1 r6c2 r7c2",
         "killer 13 r6c5 r7c5", "killer 21 r6c7 r7c7 r8c7 r8c6", "killer 16 r7c1 r8c1 r9c1",
         "killer 12 r7c3 r7c4 r8c3", "killer 3 r7c6", "killer 19 r8c2 r9c2 r9c3",
         "killer 15 r8c4 r9c4 r9c5", "killer 1 r8c5", "killer 14 r8c8 r9c8 r9c7 r9c9",
         "killer 9 r9c6"],
        "163798542524136798789542136416387925378925461952461387241673859895214673637859214"),
    "thermo": (
        ".......1......7...5..2......1.7.......5............3...........6..1.5....276.....",
        ["thermo r7c1 r8c1 r8c2 r8c3", "thermo r2c9 r2c8 r2c7", "thermo r9c8 r8c8 r7c8",
         "thermo r8c9 r7c9 r6c9", "thermo r6c7 r6c8 r5c8", "thermo r1c6 r1c5 r1c4",
         "thermo r4c2 r5c2 r6c2 r6c1", "thermo r3c7 r3c8 r3c9 r4c9"],
        "293864715846517932571239468418753629735926184962481357154372896689145273327698541"),
    "antiknight": (
        ".................4.......8.......3...6.......1..........912.......8.4.9.6..7.....",
        ["antiknight"],
        "987451236356982174412673985748519362265348719193267548879126453521834697634795821"),
    "sandwich-arrow-littlekiller": (
        ".............................................8................3...3..............",
        ["sandwich 14 r1", "sandwich 28 r2", "sandwich 6 c2", "sandwich 18 r3",
         "sandwich 16 c3", "sandwich 10 r4", "sandwich 11 c4", "sandwich 4 c5",
         "sandwich 21 c6", "sandwich 0 r9", "arrow r7c7 r7c8 r8c8", "arrow r3c8 r3c9 r2c9",
         "arrow r5c8 r5c7 r4c7", "arrow r8c6 r9c6 r9c5",
         "littlekiller 40 r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9"],
        "728156394439728561156439287645973128973812456812645739261594873594387612387261945"),
    "xv-negative": (
        "........4......................3.................................................",
        ["xv X r1c2 r1c3", "xv X r2c4 r2c5", "xv X r2c7 r2c8", "xv X r3c1 r3c2",
         "xv V r4c1 r4c2", "xv X r4c2 r4c3", "xv V r4c4 r4c5", "xv X r4c5 r4c6",
         "xv X r5c4 r5c5", "xv X r5c8 r5c9", "xv V r6c2 r6c3", "xv V r6c7 r6c8",
         "xv X r7c5 r7c6", "xv V r7c8 r7c9", "xv V r8c5 r8c6", "xv X r9c8 r9c9",
         "xv X r1c9 r2c9", "xv X r2c3 r3c3", "xv X r4c1 r5c1", "xv X r5c6 r6c6",
         "xv X r7c7 r8c7", "xv X r8c4 r9c4", "negative xv"],
        "137862954594371826286945317419237568658194273723586149845719632971623485362458791"),
    "jigsaw": (
        "....1..3..94......6....8.1............2.4......9...78..8....2.32..7......1...2...",
        ["jigsaw 111122333 112222333 121144333 555422666 554544666 554544666 788778999 "
         "887877999 888777999"],
        "457819632194623578673258419741385926862947351329561784586174293238796145915432867"),
}


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_variant_puzzle_has_its_one_solution(name):
    givens, lines, solution = PUZZLES[name]
    grid, rules = read_variant([givens] + lines, name + ".txt")
    assert [rule.to_line() for rule in rules] == lines
    found = solve_variant(grid, rules, limit=2)
    assert [s.to_line() for s in found] == [solution]
    cells = [int(ch) for ch in solution]
    assert check_variant(cells, 9, (3, 3), rules, givens=grid.cells) == []


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_without_the_rules_the_givens_are_not_enough(name):
    """The rules carry the puzzle: dropping them leaves more than one solution, which
    is why an unknown rule must never be dropped silently."""
    givens, lines, _ = PUZZLES[name]
    grid, rules = read_variant([givens], name + ".txt")
    assert len(solve_variant(grid, [], limit=2)) == 2


def test_a_wrong_grid_is_reported_by_the_checker():
    """Digits 1 and 2 swapped everywhere: still a Sudoku grid, but the cages holding
    just one of them no longer add up."""
    givens, lines, solution = PUZZLES["killer"]
    grid, rules = read_variant([givens] + lines, "k.txt")
    cells = [{1: 2, 2: 1}.get(int(ch), int(ch)) for ch in solution]
    problems = check_variant(cells, 9, (3, 3), rules)
    assert problems[0] == "killer 26 r1c4 r1c5 r2c5 r2c6 r2c4: the digits add up to 27, not 26"
    assert not any("twice" in p for p in problems)
    one_of_them = [rule for rule in rules
                   if (1 in [int(solution[c]) for c in rule.cells])
                   != (2 in [int(solution[c]) for c in rule.cells])]
    assert len(problems) == len(one_of_them) > 0


def test_the_cnf_says_which_rules_it_holds():
    givens, lines, _ = PUZZLES["thermo"]
    grid, rules = read_variant([givens] + lines, "t.txt")
    header = encode_variant(grid, rules).header()
    assert "c rule: thermo r7c1 r8c1 r8c2 r8c3\n" in header
    assert header.splitlines()[-1].startswith("p cnf 729 ")


@pytest.mark.slow
@pytest.mark.parametrize("solver, args", [("picosat", []), ("cadical", ["-q"])])
def test_external_solvers_read_the_written_cnf(tmp_path, solver, args):
    """The CNF as written (strict DIMACS, rule variables between the cell variables and
    the at-most-one ones) solved by an external solver, decoded and checked."""
    import io
    import subprocess
    from conftest import require_solver
    from dimacs_sudoku.dimacs.decode import decode
    from dimacs_sudoku.dimacs.output import read_result
    path = require_solver(solver)
    givens, lines, solution = PUZZLES["sandwich-arrow-littlekiller"]
    grid, rules = read_variant([givens] + lines, "s.txt")
    cnf = tmp_path / "p.cnf"
    with open(cnf, "w") as out:
        encode_variant(grid, rules, amo="sequential").write(out)
    run = subprocess.run([path, *args, str(cnf)], capture_output=True, text=True, timeout=120)
    result = read_result(io.StringIO(run.stdout), solver)
    found = decode(result.positives, size=9, check=False)
    assert found.to_line() == solution
    assert check_variant(found.cells, 9, (3, 3), rules, givens=grid.cells) == []


def test_decimal_numbering():
    """Rule variables come after the decimal numbering's largest cell number (999)."""
    import pycosat
    from dimacs_sudoku.dimacs.decode import decode
    givens, lines, solution = PUZZLES["killer"]
    grid, rules = read_variant([givens] + lines, "k.txt")
    formula = encode_variant(grid, rules, numbering="decimal", amo="sequential")
    assert "c rule variables: 1000.." in formula.header()
    model = pycosat.solve(list(formula.clauses()), vars=formula.num_vars)
    found = decode([v for v in model if v > 0], size=9, numbering="decimal", check=False)
    assert found.to_line() == solution
