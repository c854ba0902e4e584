"""cnf2sudoku: a SAT solver's output in, the checked grid out."""

import sys
from typing import Optional

import typer

from ..errors import UsageError
from . import common

HELP = """Decode a SAT solver's model into a Sudoku grid, check it, and print it.

\b
Reads solver output (a file, or stdin for - or nothing): the SAT competition
form (s SATISFIABLE, v ... 0 lines), minisat's result file (SAT + literals,
UNSAT, INDET), picosat --all output (every model), or a bare list of literals.
The grid size is inferred from the model; --cnf FILE (the CNF that was solved)
gives size, box shape, numbering and the givens, which are then checked too.
Every grid is checked against the rules before it is printed.

\b
Examples:
  sudoku2cnf puzzle.txt | picosat | cnf2sudoku
  sudoku2cnf puzzle.txt -o p.cnf; minisat p.cnf p.res; cnf2sudoku --cnf p.cnf p.res
  cadical -q p.cnf | cnf2sudoku --cnf p.cnf --format json

\b
Output formats: line (N*N symbols, for pipes), grid (boxed, for people),
json (one object per line). Default: grid on a terminal, line otherwise.

\b
Exit codes:
""" + common.exit_code_table([0, 2, 3, 4, 5, 6, 8])

app = common.make_app(HELP)


@app.command(help=HELP)
def cnf2sudoku(
    result: Optional[str] = common.input_argument("RESULT", "solver output"),
    output: Optional[str] = common.output_option(),
    cnf: Optional[str] = typer.Option(None, "--cnf", "-c", metavar="FILE",
                                      help="the CNF that was solved (size, box, givens)"),
    size: Optional[int] = typer.Option(None, "--size", "-n", metavar="N",
                                       help="grid size (default: from --cnf or inferred)"),
    box: Optional[str] = common.box_option(),
    numbering: Optional[str] = typer.Option(None, "--numbering", metavar="NAME",
                                            help="standard or decimal (default: inferred)"),
    output_format: Optional[str] = typer.Option(None, "--format", "-F", metavar="FORMAT",
                                                help="line, grid, json, svg or html"),
):
    return common.run("cnf2sudoku", decode_command, result, output, cnf, size, box,
                      numbering, output_format)


def decode_command(result, output, cnf, size, box, numbering, output_format):
    from ..decoding import CnfInfo, decode_result
    from ..grid import Grid, parse_box
    from ..model import iter_results

    if output_format is None:
        output_format = "grid" if (output in common.STDIO and sys.stdout.isatty()) else "line"
    common.check_output_format(output_format)
    if numbering not in (None, "standard", "decimal"):
        raise UsageError("--numbering takes standard or decimal, not %r" % numbering)
    info = None
    if cnf:
        with common.open_text_input(cnf) as stream:
            info = CnfInfo.read(stream, cnf)
        if info.size is None and size is None:
            raise UsageError("%s has no 'c size:' comment; give --size N" % cnf)
    if size is None and info:
        size = info.size
    box_shape = parse_box(box, size) if box else (info.box if info else None)
    givens = info.givens if info and info.size == size else None
    if givens is not None and box_shape and givens.layout.box != box_shape:
        givens = Grid(givens.cells, size=size, box=box_shape)
    if numbering is None and info and "numbering" in info.fields:
        numbering = info.numbering
    options = dict(size=size, box=box_shape, numbering=numbering, givens=givens)
    if info and info.varmap is not None:
        options.update(varmap=info.varmap, fixed=info.fixed)

    source = common.source_name(result)
    count = 0
    with common.open_text_input(result) as stream, common.AtomicOutput(output) as out:
        for found in iter_results(stream, source):
            if found.status != "SAT" and count:
                break
            grid = decode_result(found, **options)
            out.write(common.render_grid(grid, output_format, givens))
            count += 1
    return 0


def main():
    return common.main(app, "cnf2sudoku")
