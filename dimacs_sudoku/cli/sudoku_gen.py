"""sudoku-gen: new Sudoku puzzles with exactly one solution, checked by SAT."""

import os
from typing import List, Optional

import typer

from ..errors import UsageError
from .. import streams
from . import options, runtime
from . import progress as progress_bar

PROG = "sudoku-gen"

HELP = """Generate Sudoku puzzles that have exactly one solution.

\b
Each puzzle starts from a random complete grid (random decisions with unit
propagation, completed by the bundled SAT solver, then digits relabelled and
bands, stacks, rows and columns shuffled). Clues are then taken out in a
random order, a symmetry orbit at a time, and put back whenever the SAT
solution counter finds a second solution. Without --clues no clue can be
taken out at the end, so without --symmetry the puzzle is minimal.

\b
--size N and --box RxC choose the shape (default 9x9 with 3x3 boxes; any
N x N grid whose boxes are R x C with R*C = N). --seed S makes the output
repeatable: the same seed and options give the same puzzles. --clues N stops
removing at N givens; when a puzzle cannot get that low, up to --attempts
grids are tried and the one with the fewest givens is written, with a note on
stderr. --minimal asks that no single given can be removed (checked, and
retried, with a symmetry). Above 16x16 each uniqueness check gets a budget
(--budget, SAT propagations); a removal it cannot decide keeps its clue, with
a note on stderr.
--symmetry keeps the pattern of givens symmetric:
  none, rotational (180 degrees), quarter (90 degrees), diagonal,
  antidiagonal, horizontal (top-bottom mirror), vertical (left-right mirror),
  dihedral (all eight)
--full writes random complete grids instead of puzzles.
--rule LINE (repeatable) makes variant puzzles that obey the rule, written in
the variant format (the grid, then its rule lines) unless --format says
otherwise: diagonals, windoku, disjoint, antiknight, antiking,
nonconsecutive, 'jigsaw 111222333 ...' (a region layout), and any rule line of
the rules' reference, installed with the package as
  DOCS_VARIANTS
--killer makes killer puzzles: cages grown over a random grid, then the givens
(often none) that leave one solution.

\b
Examples:
  sudoku-gen --count 10 --seed 42
  sudoku-gen --symmetry rotational --clues 26 --format grid
  sudoku-gen --size 6 --box 2x3 --minimal --count 5
  sudoku-gen --seed 7 | sudoku2cnf | picosat | cnf2sudoku --format grid
  sudoku-gen --rule antiknight --rule diagonals > p.txt
  sudoku-solve --count 2 p.txt
  sudoku-gen --seed 7 > p.txt; sudoku-solve p.txt > s.txt
  sudoku2cnf p.txt --exclude s.txt | picosat   # exit 20: no other solution

\b
Output formats: line (one puzzle per line, the default in a pipe), grid (the
default on a terminal), json (one object per line, with the solution), svg or
html. On a terminal a progress bar (puzzles made, rate, ETA) and the seed go
to stderr.

\b
Exit codes:
""".replace("DOCS_VARIANTS", runtime.docs_page("variants.md")) + runtime.exit_code_table([0, 2, 8])


app = runtime.make_app(HELP)


@app.command(help=HELP)
def sudoku_gen(
    count: int = typer.Option(1, "--count", "-c", metavar="K", help="how many puzzles"),
    size: Optional[int] = typer.Option(None, "--size", "-n", metavar="N",
                                       help="grid size N (default 9, or R*C of --box)"),
    box: Optional[str] = options.box_option(),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S",
                                       help="random seed (default: a fresh one)"),
    symmetry: str = typer.Option("none", "--symmetry", "-y", metavar="NAME",
                                 autocompletion=options.completion("SYMMETRIES", "core.symmetry"),
                                 help="pattern symmetry of the givens"),
    minimal: bool = typer.Option(False, "--minimal", "-m",
                                 help="no given can be removed without losing uniqueness"),
    clues: Optional[int] = typer.Option(None, "--clues", metavar="N",
                                        help="stop at N givens (a target, best effort)"),
    attempts: Optional[int] = typer.Option(
        None, "--attempts", "-a", metavar="A",
        help="complete grids to try per puzzle for --clues/--minimal (default 20)"),
    budget: Optional[int] = typer.Option(
        None, "--budget", metavar="P",
        help="SAT propagations per uniqueness check (default: no limit up to 16x16, "
             "100000 above; 0: no limit)"),
    full: bool = typer.Option(False, "--full", help="write random complete grids"),
    output_format: Optional[str] = options.output_format_option(),
    output: Optional[str] = options.output_option(),
    progress: Optional[bool] = options.progress_option(),
    symbols: Optional[str] = options.symbols_option(),
    _version: Optional[bool] = options.version_option(PROG),
    rule: Optional[List[str]] = typer.Option(
        None, "--rule", metavar="LINE", help="a variant rule every puzzle obeys "
        "(repeatable): antiknight, diagonals, 'jigsaw 111222333 ...'"),
    killer: bool = typer.Option(False, "--killer", help="killer puzzles (cages and sums)"),
):
    return runtime.run(PROG, generate_command, count, size, box, seed, symmetry, minimal,
                      clues, attempts, budget, full, output_format, output, progress,
                      symbols, rule, killer)


def generate_command(count, size, box, seed, symmetry, minimal, clues, attempts, budget,
                     full, output_format, output, progress, symbols=None, rules=None,
                     killer=False):
    from ..core.symmetry import SYMMETRIES
    from ..tasks.generate import Counter, generate, layout_for

    if output_format is None:
        output_format = ("variant" if rules or killer
                         else options.default_output_format(output))
    options.check_output_format(output_format)
    if (rules or killer) and not full:
        from ..formats import check_rules
        check_rules(output_format, list(rules or ()) + ["killer"] * killer)
    if symmetry not in SYMMETRIES:
        raise UsageError("--symmetry takes %s, not %r" % (", ".join(SYMMETRIES), symmetry))
    if count < 1:
        raise UsageError("--count takes a positive number of puzzles, not %d" % count)
    if output_format == "svg" and count > 1:
        raise options.one_svg("--count asks for %d" % count)
    if attempts is not None and attempts < 1:
        raise UsageError("--attempts takes a positive number, not %d" % attempts)
    if budget is not None and budget < 0:
        raise UsageError("--budget takes a number of propagations, not %d" % budget)
    if clues is not None and clues < 0:
        raise UsageError("--clues takes a number of givens, not %d" % clues)
    size, box_shape = options.grid_shape(size, box)
    layout = layout_for(size, box_shape)
    if rules:
        from ..errors import PuzzleError
        from ..rules.registry import finish, parse_rule, variant_layout
        try:
            rules = tuple(finish([parse_rule(line, layout.size, layout.box, "--rule")
                                  for line in rules], layout.size))
            layout = variant_layout(layout.size, layout.box, rules)
        except PuzzleError as error:
            raise UsageError(error.describe()) from None
    from ..formats import check_symbols, document
    symbols = check_symbols(symbols, layout.size)
    head, tail = document(output_format)
    if clues is not None and clues > layout.cells:
        raise UsageError("--clues %d is more than the %d cells of a %dx%d grid"
                         % (clues, layout.cells, layout.size, layout.size))
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    bar = progress_bar.start(progress, total=count, unit="grids" if full else "puzzles",
                             output=output)

    notes = []
    with streams.AtomicOutput(output) as out:
        out.write(head)
        write = progress_bar.writer(bar)
        if bar:
            bar.update(0)
        counter = None
        if bar and not rules and not killer:
            # Each uniqueness check redraws the bar, so that a long puzzle shows its clock
            # (variant rules bring a counter of their own).
            counter = Counter(layout, budget)
            check = counter.function

            def counter_function(grid, limit=2):
                bar.tick()
                return check(grid, limit=limit)
            counter.function = counter_function
        made_all = generate(count=count, size=layout.size, box=layout.box, seed=seed,
                            symmetry=symmetry, clues=clues, minimal=minimal, full=full,
                            attempts=attempts, budget=budget,
                            progress=bar.update if bar else None, counter=counter,
                            rules=rules or (), killer=killer)
        for k, made in enumerate(made_all, 1):
            if not made.reached:
                notes.append("puzzle %d: %d givens, the target of %d was not reached in "
                             "%d tries" % (k, made.puzzle.givens_count(), clues,
                                           made.attempts))
            elif minimal and made.minimal is False:
                notes.append("puzzle %d: no minimal %s puzzle found in %d tries; this one "
                             "is minimal among %s patterns only"
                             % (k, symmetry, made.attempts, symmetry))
            if made.undecided:
                notes.append("puzzle %d: %d removals undecided within the budget (clues "
                             "kept; the puzzle is unique%s)"
                             % (k, made.undecided, "" if not minimal else
                                " but not proven minimal"))
            write(out, format_puzzle(made, output_format, symbols))
        if bar:
            bar.close()
        out.write(tail)
    if bar:
        runtime.report(PROG, "seed %d" % seed)
    for note in notes:
        runtime.report(PROG, note)
    return 0


def format_puzzle(made, output_format, symbols=None):
    """The text of one generated puzzle in ``output_format`` and ``symbols``, once its
    solution is checked against the rules and the puzzle (a full grid is its own
    solution)."""
    from ..formats import MULTILINE
    from ..core.check import check_cells
    puzzle = made.puzzle
    check_cells(made.solution.cells, made.solution.layout, puzzle.cells,
                what="the generated solution")
    if output_format == "json":
        from ..formats.json import dumps, to_object
        obj = to_object(puzzle, None, symbols)
        obj["givens"] = puzzle.givens_count()
        obj["solution"] = made.solution.to_line()
        return dumps(obj) + "\n"
    text = options.render_grid(puzzle, output_format, None, symbols)
    return text + ("\n" if output_format in MULTILINE else "")


def main():
    return runtime.main(app, PROG)


if __name__ == "__main__":
    raise SystemExit(main())
