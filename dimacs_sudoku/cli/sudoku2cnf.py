"""sudoku2cnf: a puzzle in, the DIMACS CNF of the Sudoku rules and its givens out."""

import os
import sys
from typing import Optional

import typer

from ..errors import EXIT_BAD_INPUT, PuzzleError, TooLarge, UsageError
from .. import streams
from . import options, runtime

HELP = """Write the DIMACS CNF of a Sudoku puzzle: the rules plus its givens.

\b
Reads PUZZLE (a file, or stdin for - or nothing) in any supported format:
one line of N*N symbols, a grid of N lines, N lines of numbers, the
sudokusat2019 table, or 9x9 hint triples. Any N x N grid with R x C boxes.
Cell variable v = (r*N + c)*N + d + 1 for 0-based row r, column c, digit d.

\b
Examples:
  sudoku2cnf puzzle.txt | cnfsolve | cnf2sudoku
  sudoku2cnf puzzle.txt -o p.cnf && picosat p.cnf | cnf2sudoku --cnf p.cnf
  echo 1..44......33..1 | sudoku2cnf --encoding minimal
  sudoku2cnf --index 3 top95.txt > third.cnf
  sudoku2cnf --output-dir cnf/ top95.txt
  sudoku2cnf --output-dir cnf/ --compress xz top95.txt
  sudoku2cnf puzzle.txt --gbd-hash
  sudoku2cnf --reduce big.txt -o big.cnf
  cadical -q big.cnf | cnf2sudoku --cnf big.cnf
  sudoku2cnf p.txt --exclude p.sol | picosat   # exit 20: no other solution

\b
--reduce writes the reduced encoding of Kwon & Jain (2006): no variable or
clause for what the givens decide; the open candidates are numbered 1..K and
"c varmap:" / "c fixed:" header lines map them back (cnf2sudoku --cnf reads
them). --propagate also places naked and hidden singles before writing; a
puzzle they solve gives "p cnf 0 0". Both reason with the units of the
layout only; variant rules (killer, thermo, ...) keep their clauses, mapped
onto the open candidates, and a rule the givens break gives an
unsatisfiable CNF.

\b
A puzzle with no solution is still written, as an unsatisfiable CNF that any
solver answers s UNSATISFIABLE (exit 0). Givens that clash are named on
stderr (file, line, cells), and so is, with --reduce or --propagate, a puzzle
the reduction proves impossible. The full CNF holds the givens as unit
clauses; the reduced one is the contradiction "1 0", "-1 0" under its header.

\b
--output-dir DIR writes DIR/STEM-K.cnf for the K-th puzzle (--compress xz,
gz or bz2: .cnf.xz ...) and DIR/index.csv: each file's name, GBD hash,
variables, clauses, status (UNSAT for givens that clash, else UNKNOWN:
sudoku2cnf does not solve) and the command that writes it alone; a second
run into DIR adds to its index. A puzzle that cannot be read is one stderr
line (FILE:LINE, exit 3) and gets no file; K counts the others. --gbd-hash
writes the GBD hash of the CNF (the identifier of the Global Benchmark
Database and the SAT competitions) instead of the CNF, or beside the CNF
written by -o.

\b
--exclude FILE adds one clause per complete grid in FILE (any puzzle format)
that forbids it: the negation of its N*N true cell variables. The CNF is then
unsatisfiable exactly when the puzzle has no other solution. Each grid must
solve the puzzle. Not with --reduce, --propagate or --output-dir.

\b
Exit codes:
""" + runtime.exit_code_table([0, 2, 3, 8])

app = runtime.make_app(HELP)


@app.command(help=HELP)
def sudoku2cnf(
    puzzle: Optional[str] = options.input_argument("PUZZLE", "puzzle file"),
    output: Optional[str] = options.output_option(),
    index: Optional[int] = typer.Option(None, "--index", "-k", metavar="K",
                                        help="encode the K-th puzzle (1-based) of the file, "
                                             "a damaged one counting as in sudoku-solve"),
    output_dir: Optional[str] = typer.Option(
        None, "--output-dir", "-d", metavar="DIR",
        help="write one CNF per puzzle into DIR, named STEM-K.cnf"),
    size: Optional[int] = options.size_option(),
    box: Optional[str] = options.box_option(),
    input_format: Optional[str] = options.input_format_option(),
    encoding: str = typer.Option("extended", "--encoding", "-e", metavar="NAME",
                                 autocompletion=options.completion("ENCODINGS", "encodings"),
                                 help="minimal, efficient or extended"),
    amo: str = typer.Option("pairwise", "--amo", metavar="FAMILY",
                            autocompletion=options.completion("FAMILIES", "encodings.amo"),
                            help="at-most-one family: pairwise, sequential, ladder, "
                                 "binary, commander, product or bimander"),
    numbering: str = typer.Option("standard", "--numbering", metavar="NAME",
                                  autocompletion=options.completion(("standard", "decimal")),
                                  help="standard, or decimal (147 = r1 c4 d7)"),
    comments: str = typer.Option("header", "--comments", metavar="WHICH",
                                 autocompletion=options.completion(("none", "header", "full")),
                                 help="none, header, or full (label every clause group)"),
    reduce: bool = typer.Option(False, "--reduce", "-r",
                                help="drop what the givens fix (Kwon & Jain 2006)"),
    propagate: bool = typer.Option(False, "--propagate", "-p",
                                   help="place naked and hidden singles first "
                                        "(implies --reduce)"),
    exclude: Optional[str] = typer.Option(None, "--exclude", "-x", metavar="SOLUTION_FILE",
                                          help="forbid the solution(s) in this file"),
    strict_drawings: bool = options.strict_drawings_option(),
    compress: str = typer.Option(
        "none", "--compress", metavar="KIND",
        help="with --output-dir: none, xz, gz or bz2 (STEM-K.cnf.xz ...)"),
    gbd_hash: bool = typer.Option(False, "--gbd-hash",
                                  help="write the CNF's GBD hash (with -o: beside the CNF)"),
    _version: Optional[bool] = options.version_option("sudoku2cnf"),
):
    return runtime.run("sudoku2cnf", encode_command, puzzle, output, index, output_dir,
                      size, box, input_format, encoding, amo, numbering, comments,
                      reduce, propagate, exclude, strict_drawings, compress, gbd_hash)


def encode_command(puzzle, output, index, output_dir, size, box, input_format, encoding,
                   amo, numbering, comments, reduce=False, propagate=False, exclude=None,
                   strict_drawings=False, compress="none", gbd_hash=False):
    from ..encodings import ENCODINGS, puzzle_formula
    from ..formats import read_puzzles, read_puzzles_lenient

    if compress != "none":
        from .package import check_compress     # (a package's module: not at every start)
        check_compress(compress)
    if compress != "none" and not output_dir:
        raise UsageError("--compress names the files of --output-dir; with -o, name the "
                         "file X.cnf.xz (or .gz, .bz2)")
    if gbd_hash and output_dir:
        raise UsageError("--output-dir writes each file's GBD hash in index.csv; it does "
                         "not go with --gbd-hash")

    if comments not in ("none", "header", "full"):
        raise UsageError("--comments takes none, header or full, not %r" % comments)
    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    if output_dir and (output or index):
        raise UsageError("--output-dir writes every puzzle; it does not go with -o or --index")
    if index is not None and index < 1:
        raise UsageError("--index counts from 1, not %d" % index)
    size, box_shape = options.grid_shape(size, box)
    if box_shape and size is None:
        size = box_shape[0] * box_shape[1]
    source = streams.source_name(puzzle)
    if exclude and (reduce or propagate or output_dir):
        raise UsageError("--exclude needs the full encoding of one puzzle; it does not go "
                         "with --reduce, --propagate or --output-dir")
    options.check_stdin_once(("the puzzle", puzzle or ""), ("--exclude", exclude))

    def known_solutions(grid):
        from ..encodings.exclude import read_solutions
        with streams.open_text_input(exclude) as known:
            return read_solutions(known, grid, exclude)

    def cnf_of(grid):
        formula = puzzle_formula(grid, source, encoding, amo, numbering, comments, reduce,
                                 propagate, known_solutions if exclude else None)
        if formula.clash is not None:       # written all the same: any solver says UNSAT
            runtime.report("sudoku2cnf", "%s; the CNF is unsatisfiable" % formula.clash)
        return formula

    # One puzzle read, its CNF made and written: bounded work, the cyclic garbage
    # collector paused (given back before a loop over the puzzles of a file).
    with runtime.PausedGC() as pause:
        with streams.open_puzzle_input(puzzle) as stream:
            # --index and --output-dir read the parts as sudoku-solve does: a damaged
            # one is a part (it counts, as its error line does there), so that DIR/K.cnf
            # of sudoku-solve --certify can be rebuilt whatever the others hold, and
            # --output-dir writes every other puzzle.
            lenient = index is not None or bool(output_dir)
            read = read_puzzles_lenient if lenient else read_puzzles
            puzzles = options.noted_drawings(read(stream, source, fmt=input_format,
                                                  size=size, box=box_shape),
                                            "sudoku2cnf", strict_drawings, lenient=lenient)
            if output_dir:
                command = shell_words(["sudoku2cnf", source] + cnf_options(
                    size, box, input_format, encoding, amo, numbering, comments, reduce,
                    propagate))
                pause.end()             # (every puzzle: the collector at work)
                return write_each(puzzles, cnf_of, output_dir, puzzle, comments == "full",
                                  compress, command)
            if index is not None:
                pause.end()
                grid, count = None, 0
                for count, candidate in enumerate(puzzles, 1):
                    if count == index:
                        grid = candidate
                        break
                if grid is None:
                    raise UsageError("%s holds %d puzzles; --index %d is beyond them"
                                     % (source, count, index))
                if isinstance(grid, PuzzleError):
                    raise grid
            else:
                grid = next(puzzles, None)
                if grid is None:
                    raise PuzzleError("no puzzle found", source)
                second = next(puzzles, None)
                if second is not None:
                    pause.end()
                    total = 2 + sum(1 for _ in puzzles)
                    raise UsageError(
                        "%s holds %d puzzles; pick one with --index K, or write one CNF "
                        "each with --output-dir DIR" % (source, total))
        # (the input closed: one puzzle's CNF, made and written)
        formula = cnf_of(grid)
        if gbd_hash:
            from .package import write_formula
            if output in streams.STDIO:
                from ..dimacs.gbd import HashingWriter
                hashing = HashingWriter(_Discard())
                formula.write(hashing, labels=comments == "full")
                digest = hashing.hexdigest()
            else:
                digest = write_formula(formula, output, comments == "full")
            sys.stdout.write(digest + "\n")
            return 0
        with streams.AtomicOutput(output) as out:
            formula.write(out, labels=comments == "full")
    return 0


class _Discard:
    def write(self, text):
        return len(text)


def cnf_options(size, box, input_format, encoding, amo, numbering, comments, reduce,
                propagate):
    """The options of sudoku2cnf that shape its CNF, as words, defaults left out."""
    words = []
    for flag, value, default in (("--size", size, None), ("--box", box, None),
                                 ("--input-format", input_format, None),
                                 ("--encoding", encoding, "extended"),
                                 ("--amo", amo, "pairwise"),
                                 ("--numbering", numbering, "standard"),
                                 ("--comments", comments, "header")):
        if value is not None and value != default:
            words += [flag, str(value)]
    words += ["--reduce"] * bool(reduce and not propagate) + ["--propagate"] * bool(propagate)
    return words


def shell_words(words):
    import shlex
    return " ".join(map(shlex.quote, words))


def write_each(puzzles, cnf_of, folder, puzzle, labels, compress="none", command=None):
    """One CNF file per puzzle: DIR/STEM-K.cnf (compressed with ``compress``), K
    counted from 1 and zero-padded (see :func:`number_width`) so that the names sort in
    input order, and DIR/index.csv (see :mod:`.package`; ``command`` is sudoku2cnf's,
    to which each row adds ``--index K``). Every file is written first and renamed
    into place only when all are: a run that fails replaces no file, and leaves no
    folder it made. A puzzle that cannot be read (a PuzzleError among ``puzzles``), or
    too large for the CNF asked (TooLarge from ``cnf_of``), is one line on stderr and
    gets no file; K counts the others only, so that a file's name does not depend on
    such a puzzle before it (its ``--index`` does, as sudoku-solve's line numbers do).
    Returns the exit code: EXIT_BAD_INPUT after such a line, else 0."""
    from .package import write_package
    stem = "stdin" if puzzle in streams.STDIO else os.path.basename(puzzle).split(".")[0]
    width = number_width(puzzle)
    bad = []

    def items():
        count = 0
        for part, grid in enumerate(puzzles, 1):
            formula = None
            if not isinstance(grid, PuzzleError):
                try:
                    formula = cnf_of(grid)
                except TooLarge as error:
                    grid = error
            if formula is None:             # the puzzle's error, said in its place
                bad.append(grid)
                runtime.report("sudoku2cnf", grid)
                continue
            count += 1
            status = "UNKNOWN" if formula.clash is None else "UNSAT"
            yield ("%s-%0*d" % (stem, width, count), formula, status,
                   "%s --index %d" % (command, part) if command else "")

    try:
        write_package(items(), folder, compress, labels)
    except PuzzleError as error:
        if bad and error.source is None:        # "no puzzle found": each line said why
            return EXIT_BAD_INPUT
        if error.source is None:
            error.source = streams.source_name(puzzle)
        raise
    return EXIT_BAD_INPUT if bad else 0


def number_width(path):
    """The digits of K in STEM-K.cnf: as many as the lines of the file ``path`` have
    (an upper bound on its puzzles), or 6 for stdin and pipes, which cannot be read
    twice."""
    if path in streams.STDIO or not os.path.isfile(path):
        return 6
    lines, last = 0, b"\n"
    try:
        with streams.open_binary_input(path) as raw:
            for block in iter(lambda: raw.read(1 << 20), b""):
                lines += block.count(b"\n")
                last = block[-1:]
    except Exception:       # a damaged file: the read that follows names the fault
        return 6
    return len(str(lines + (last != b"\n")))


def main():
    return runtime.main(app, "sudoku2cnf")


if __name__ == "__main__":
    raise SystemExit(main())
