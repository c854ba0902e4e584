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
--family qwh|qcp|gsp makes the benchmark families of SAT research (see
DOCS_FAMILIES):
  qwh  quasigroup with holes: a random Latin square (no boxes), then holes;
       satisfiable
  qcp  quasigroup completion: a random partial Latin square; its status
       (SAT, UNSAT, or UNKNOWN after --budget propagations) decided by the
       bundled solver
  gsp  generalized Sudoku: a random complete grid with RxC boxes, then holes
--size N is the order (up to 49); --holes H, or --hole-ratio X for
H = X * N^1.55; --balanced gives every row and column the same number of
holes, +-1. --seed S makes instance 1 (instance K uses S+K-1). --cnf writes
the CNF (sudoku2cnf's, extended encoding) whose header names the family,
the seed, the status and the command that writes it again byte for byte;
--output-dir DIR writes DIR/FAMILY-N-H-SEED.cnf per instance (--compress xz,
gz or bz2) and DIR/index.csv (GBD hash, variables, clauses, status,
command). --family sudoku (the default) takes --holes or --hole-ratio as
--clues N*N-H.

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
  sudoku-gen --family qwh --size 30 --hole-ratio 1.6 --balanced --seed 1 --cnf
  sudoku-gen --family qcp -n 20 --holes 170 -c 10 --cnf -d qcp --compress xz

\b
Output formats: line (one puzzle per line, the default in a pipe), grid (the
default on a terminal), json (one object per line, with the solution), svg or
html. On a terminal a progress bar (puzzles made, rate, ETA) and the seed go
to stderr.

\b
Exit codes:
""".replace("DOCS_VARIANTS", runtime.docs_page("variants.md")).replace(
    "DOCS_FAMILIES", runtime.docs_page("families.md")) + runtime.exit_code_table([0, 2, 8])


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
    family: str = typer.Option("sudoku", "--family", metavar="NAME",
                               autocompletion=options.completion("FAMILIES", "tasks.families"),
                               help="sudoku, qwh, qcp or gsp (benchmark families)"),
    holes: Optional[int] = typer.Option(None, "--holes", metavar="H",
                                        help="empty cells of each instance"),
    hole_ratio: Optional[float] = typer.Option(None, "--hole-ratio", metavar="X",
                                               help="holes = X * N^1.55"),
    balanced: bool = typer.Option(False, "--balanced",
                                  help="each row and column gets the same holes, +-1"),
    cnf: bool = typer.Option(False, "--cnf", help="write the CNF of each instance"),
    output_dir: Optional[str] = typer.Option(
        None, "--output-dir", "-d", metavar="DIR",
        help="with --cnf: one CNF per instance in DIR, and DIR/index.csv"),
    compress: str = typer.Option("none", "--compress", metavar="KIND",
                                 help="with --output-dir: none, xz, gz or bz2"),
):
    if family != "sudoku" or cnf or balanced or output_dir or compress != "none":
        return runtime.run(PROG, family_command, family, count, size, box, seed, holes,
                          hole_ratio, balanced, budget, cnf, output_dir, compress,
                          output_format, output, progress, symbols,
                          dict(symmetry=symmetry != "none", minimal=minimal,
                               clues=clues is not None, attempts=attempts is not None,
                               full=full, rule=bool(rule), killer=killer))
    return runtime.run(PROG, generate_command, count, size, box, seed, symmetry, minimal,
                      clues, attempts, budget, full, output_format, output, progress,
                      symbols, rule, killer, holes, hole_ratio)


def generate_command(count, size, box, seed, symmetry, minimal, clues, attempts, budget,
                     full, output_format, output, progress, symbols=None, rules=None,
                     killer=False, holes=None, hole_ratio=None):
    from ..core.symmetry import SYMMETRIES
    from ..tasks.generate import Counter, generate, layout_for

    if holes is not None or hole_ratio is not None:
        # --family sudoku: the holes are the cells without a clue.
        from ..tasks.families import holes_for
        if clues is not None:
            raise UsageError("--clues and --holes (or --hole-ratio) say the same; give one")
        shape_size = options.grid_shape(size, box)[0] or 9
        clues = shape_size * shape_size - holes_for(shape_size, holes, hole_ratio)

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


def family_command(family, count, size, box, seed, holes, hole_ratio, balanced, budget,
                   cnf, output_dir, compress, output_format, output, progress, symbols,
                   others):
    """sudoku-gen --family qwh|qcp|gsp: ``count`` instances (seeds ``seed`` ..
    ``seed + count - 1``), as puzzles or (--cnf) CNFs, to ``output`` or into
    ``output_dir`` with index.csv."""
    from ..tasks import families
    from .package import check_compress, write_package

    if family not in families.FAMILIES:
        raise UsageError("--family takes %s, not %r" % (", ".join(families.FAMILIES), family))
    if family == "sudoku":
        raise UsageError("--family sudoku makes puzzles with one solution: --cnf, "
                         "--balanced and --output-dir are for qwh, qcp and gsp (write the "
                         "CNF with: sudoku-gen | sudoku2cnf)")
    refused = [name for name, given in others.items() if given]
    if refused:
        raise UsageError("--family %s makes its own instances; it does not go with --%s"
                         % (family, refused[0]))
    check_compress(compress)
    if count < 1:
        raise UsageError("--count takes a positive number of instances, not %d" % count)
    if output_dir and not cnf:
        raise UsageError("--output-dir writes CNF files: add --cnf")
    if output_dir and output:
        raise UsageError("--output-dir writes every instance; it does not go with -o")
    if compress != "none" and not output_dir:
        raise UsageError("--compress names the files of --output-dir; with -o, name the "
                         "file X.cnf.xz (or .gz, .bz2)")
    if cnf and not output_dir and count > 1:
        raise UsageError("--cnf writes one CNF; for --count %d give --output-dir DIR"
                         % count)
    if budget is not None and budget < 0:
        raise UsageError("--budget takes a number of propagations, not %d" % budget)
    if budget is not None and family != "qcp":
        raise UsageError("--budget bounds the solver that labels qcp instances; %s "
                         "instances are satisfiable by construction" % family)
    size, box_shape = options.grid_shape(size, box)
    size = families.check_order(size or 9)
    if box_shape and family != "gsp":
        raise UsageError("--family %s is a Latin square (no boxes); --box is for gsp"
                         % family)
    if family == "gsp":
        from ..tasks.generate import layout_for
        box_shape = layout_for(size, box_shape).box
    holes = families.holes_for(size, holes, hole_ratio)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    if seed < 0:
        raise UsageError("--seed takes a number from 0, not %d" % seed)
    if budget is None:
        budget = families.DEFAULT_BUDGET
    if not cnf:
        if output_format is None:
            output_format = ("variant" if family != "gsp"
                             else options.default_output_format(output))
        options.check_output_format(output_format)
        if family != "gsp":
            from ..formats import check_rules
            check_rules(output_format, ["latin"])
        from ..formats import check_symbols
        symbols = check_symbols(symbols, size)
    elif output_format is not None:
        raise UsageError("--cnf writes DIMACS; it does not go with --format")

    def instances():
        for k in range(count):
            yield families.make_instance(family, size, holes, seed + k, box_shape,
                                         balanced, budget)

    bar = progress_bar.start(progress, total=count, unit="instances",
                             output=output or output_dir)
    made_all = instances()
    if bar:
        made_all = counted(made_all, bar)
    if cnf and output_dir:
        write_package(((family_stem(made), family_cnf(made), made.status,
                        made.command + " --cnf") for made in made_all),
                      output_dir, compress, prog=PROG)
    else:
        with streams.AtomicOutput(output) as out:
            for made in made_all:
                if cnf:
                    family_cnf(made).write(out)
                else:
                    out.write(format_instance(made, output_format, symbols))
    if bar:
        bar.close()
    return 0


def counted(items, bar):
    for done, item in enumerate(items, 1):
        yield item
        bar.update(done)


def family_stem(made):
    """``qwh-30-312-7``: family, order, holes and seed (the name of its CNF)."""
    return "%s-%d-%d-%d" % (made.family, made.grid.size, made.grid.cells.count(0), made.seed)


def family_cnf(made):
    """The CNF (extended encoding, pairwise) of an instance, its header naming the
    family, the command that writes it again, the seed and the status."""
    from ..encodings import encode
    from ..tasks.families import instance_comments
    formula = encode(made.grid)
    formula.comments[0] = formula.comments[0].replace("sudoku2cnf", PROG)
    formula.comments[1:1] = instance_comments(made)
    return formula


def format_instance(made, output_format, symbols=None):
    """An instance as a puzzle: in the variant format after a ``#`` line naming it;
    in JSON with its family, status, seed and command."""
    from ..tasks.families import instance_comments
    if output_format == "json":
        from ..formats.json import dumps, to_object
        obj = to_object(made.grid, None, symbols)
        obj.update(family=made.family, status=made.status, seed=made.seed,
                   generator=made.command)
        if made.solution is not None:
            obj["solution"] = made.solution.to_line()
        return dumps(obj) + "\n"
    from ..formats import MULTILINE
    text = options.render_grid(made.grid, output_format, None, symbols)
    head = ""
    if output_format == "variant":
        head = "".join("# %s\n" % line for line in instance_comments(made, cnf=False))
    return head + text + ("\n" if output_format in MULTILINE else "")


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
