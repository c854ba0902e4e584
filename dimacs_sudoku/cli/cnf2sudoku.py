"""cnf2sudoku: a SAT solver's output in, the checked grid out."""

from typing import Optional

import typer

from ..errors import InputError, UsageError
from .. import streams
from . import options, runtime

HELP = """Decode a SAT solver's model into a Sudoku grid, check it, and print it.

\b
Reads solver output (a file, or stdin for - or nothing): the SAT competition
form (s SATISFIABLE, v ... 0 lines), minisat's result file (SAT + literals,
UNSAT, INDET), picosat --all output (every model), or a bare list of literals.
The grid size is inferred from the model; --cnf FILE (the CNF that was solved)
gives size, box shape, numbering and the givens, which are then checked too;
so does --puzzle FILE (the puzzle it was made from), which with --reduce or
--propagate also rebuilds the variable map of sudoku2cnf's reduced CNF. Every
grid is checked against the rules before it is printed.

\b
Examples:
  sudoku2cnf puzzle.txt | picosat | cnf2sudoku
  sudoku2cnf puzzle.txt -o p.cnf; minisat p.cnf p.res
  cnf2sudoku --cnf p.cnf p.res
  cadical -q p.cnf | cnf2sudoku --cnf p.cnf --format json
  sudoku2cnf --reduce p.txt | cadical | cnf2sudoku --puzzle p.txt --reduce

\b
Output formats: line (N*N symbols, for pipes), grid (boxed, for people),
numbers, table (sudokusat2019), euler, triples, json (one object per line),
svg, html (a table per grid), html-page (a standalone page). Default: grid on
a terminal, line otherwise. The symbols are those of the puzzle (from --cnf or
--puzzle: a hex 16x16 comes back in hex);
--symbols letters|hex|numbers|ALPHABET picks others.

\b
Exit codes:
""" + runtime.exit_code_table([0, 2, 3, 4, 5, 6, 8])

app = runtime.make_app(HELP)


@app.command(help=HELP)
def cnf2sudoku(
    result: Optional[str] = options.input_argument("RESULT", "solver output"),
    output: Optional[str] = options.output_option(),
    cnf: Optional[str] = typer.Option(None, "--cnf", metavar="FILE",
                                      help="the CNF that was solved (size, box, givens)"),
    size: Optional[int] = typer.Option(None, "--size", "-n", metavar="N",
                                       help="grid size (default: from --cnf or inferred)"),
    box: Optional[str] = options.box_option(),
    numbering: Optional[str] = typer.Option(None, "--numbering", metavar="NAME",
                                            autocompletion=options.completion(
                                                ("standard", "decimal")),
                                            help="standard or decimal (default: inferred)"),
    output_format: Optional[str] = options.output_format_option(),
    puzzle: Optional[str] = typer.Option(
        None, "--puzzle", metavar="FILE",
        help="the puzzle the CNF was made from (size, box, givens; one puzzle)"),
    reduce: bool = typer.Option(False, "--reduce", "-r",
                                help="with --puzzle: the CNF was made by sudoku2cnf --reduce"),
    propagate: bool = typer.Option(
        False, "--propagate", "-p", help="with --puzzle: the CNF was made by sudoku2cnf --propagate"),
    input_format: Optional[str] = options.input_format_option(),
    symbols: Optional[str] = options.symbols_option(),
    strict_drawings: bool = options.strict_drawings_option(),
    _version: Optional[bool] = options.version_option("cnf2sudoku"),
):
    return runtime.run("cnf2sudoku", decode_command, result, output, cnf, size, box,
                      numbering, output_format, puzzle, reduce, propagate, input_format,
                      symbols, strict_drawings)


def puzzle_info(path, size, box_shape, numbering, reduce, propagate, input_format=None,
                strict_drawings=False):
    """The :class:`CnfInfo` that sudoku2cnf would have written for the puzzle in
    ``path``: its size, box and givens, and with ``reduce`` or ``propagate`` the
    variable map of the reduced CNF."""
    from ..dimacs.decode import CnfInfo
    from ..formats import read_puzzles

    with streams.open_puzzle_input(path) as stream:
        grids = options.noted_drawings(read_puzzles(stream, streams.source_name(path),
                                                   fmt=input_format, size=size,
                                                   box=box_shape),
                                      "cnf2sudoku", strict_drawings)
        grid = next(grids, None)
        if grid is None:
            raise UsageError("%s holds no puzzle" % path)
        if next(grids, None) is not None:
            raise UsageError("%s holds several puzzles; --puzzle takes a file of one" % path)
    info = CnfInfo()
    info.size, info.box, info.givens = grid.size, grid.layout.box, grid
    if reduce or propagate:
        from ..reasoning.reduction import reduce_grid, variable_map
        from ..core.variables import numbering as make_numbering
        reduction = reduce_grid(grid, propagate)
        info.varmap, info.fixed = variable_map(
            reduction, make_numbering(numbering or "standard", grid.size))
    return info


def with_box(givens, box_shape, box_text):
    """The givens on boxes of ``box_shape`` (``--box``), with their variant rules read
    again for that box (windoku and disjoint groups follow the boxes), so that every
    rule is still checked."""
    from ..errors import PuzzleError
    from ..core.grid import Grid
    from ..rules.registry import with_rule_lines
    grid = Grid(givens.cells, size=givens.size, box=box_shape, symbols=givens.symbols)
    if not givens.rules:
        return grid
    try:
        return with_rule_lines(grid, [(None, rule.to_line()) for rule in givens.rules])
    except PuzzleError as error:
        raise UsageError("--box %s does not fit the puzzle's rules: %s"
                         % (box_text, error.message)) from None


def decode_command(result, output, cnf, size, box, numbering, output_format, puzzle=None,
                   reduce=False, propagate=False, input_format=None, symbols=None,
                   strict_drawings=False):
    from .. import formats

    if output_format is None:
        output_format = options.default_output_format(output)
    options.check_output_format(output_format)
    symbols = formats.check_symbols(symbols, size)
    if numbering not in (None, "standard", "decimal"):
        raise UsageError("--numbering takes standard or decimal, not %r" % numbering)
    if (reduce or propagate) and not puzzle:
        raise UsageError("--reduce and --propagate rebuild the variable map from "
                         "--puzzle FILE; give it (or --cnf FILE instead)")
    if cnf and puzzle:
        raise UsageError("give --cnf FILE or --puzzle FILE, not both")
    if input_format and not puzzle:
        raise UsageError("--input-format is the format of --puzzle FILE; give it")
    options.check_stdin_once(("the solver output", result or ""), ("--cnf", cnf),
                             ("--puzzle", puzzle))
    options.grid_shape(size, box)
    with runtime.PausedGC() as pause:
        return _decode(pause, result, output, cnf, size, box, numbering, output_format,
                       puzzle, reduce, propagate, input_format, symbols, strict_drawings)


def _decode(pause, result, output, cnf, size, box, numbering, output_format, puzzle,
            reduce, propagate, input_format, symbols, strict_drawings):
    """decode_command's work, the garbage collector paused (``pause``) up to the first
    model: the CNF's header and one model are bounded; a second model gives it back."""
    from .. import formats
    from ..dimacs.decode import CnfInfo, decode_result
    from ..core.variables import model_shape
    from ..core.layout import parse_box
    from ..dimacs.output import iter_results

    info = unsized = None
    if puzzle:
        info = puzzle_info(puzzle, size, parse_box(box, size) if box else None, numbering,
                           reduce, propagate, input_format, strict_drawings)
    elif cnf:
        with streams.open_text_input(cnf) as stream:
            info = CnfInfo.read(stream, cnf)
        # A CNF without comments (sudoku2cnf --comments none): the model tells the size.
        unsized = cnf if info.size is None and size is None else None
    if size is None and info:
        size = info.size
    box_shape = parse_box(box, size) if box else (info.box if info else None)
    givens = info.givens if info and info.size == size else None
    if givens is not None and box_shape and givens.layout.box != box_shape:
        givens = with_box(givens, box_shape, box)
    if numbering is None and info and "numbering" in info.fields:
        numbering = info.numbering
    decoding = dict(size=size, box=box_shape, numbering=numbering, givens=givens)
    if info and info.varmap is not None:
        decoding.update(varmap=info.varmap, fixed=info.fixed)

    source = streams.source_name(result)
    count = 0
    held = None
    head, tail = formats.document(output_format)
    between = "\n" if output_format in formats.MULTILINE else ""
    with streams.open_text_input(result) as stream, streams.AtomicOutput(output) as out:
        out.write(head)
        for found in iter_results(stream, source):
            if found.status != "SAT" and count:
                break
            if puzzle and info.varmap is None and 0 < found.max_var < info.size ** 3:
                raise InputError("%s: the model has %d variables, fewer than the %d of a "
                                 "%dx%d grid: if the CNF was made with --reduce or "
                                 "--propagate, give that option too"
                                 % (source, found.max_var, info.size ** 3, info.size,
                                    info.size))
            if unsized and found.status == "SAT":
                fit = model_shape(found.positives, numbering=numbering,
                                  max_var=found.max_var)
                if fit is None:
                    raise InputError("no 'c size:' comment, and the model does not tell "
                                     "the grid size (a --reduce CNF needs its comments, or "
                                     "cnf2sudoku --puzzle P --reduce)", unsized)
                decoding.update(numbering=fit[0], size=fit[1])
            if count:
                pause.end()
            grid = decode_result(found, source=source, **decoding)
            if output_format == "svg" and count:
                raise options.one_svg("the solver output holds several models")
            if symbols:
                formats.check_symbols(symbols, grid.size)
            text = options.render_grid(grid, output_format, givens, symbols)
            if output_format == "svg":
                held = text         # written once no second model follows
            else:
                out.write(between + text if count else text)
            count += 1
        if held:
            out.write(held)
        out.write(tail)
    return 0


def main():
    return runtime.main(app, "cnf2sudoku")


if __name__ == "__main__":
    raise SystemExit(main())
