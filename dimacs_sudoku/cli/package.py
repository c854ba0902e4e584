"""A folder of CNF files as benchmark sets are shipped: each file compressed or not
(``--compress``), and ``index.csv`` beside them naming each file's GBD hash, size,
status and the command that made it. Shared by ``sudoku2cnf --output-dir`` and
``sudoku-gen --cnf --output-dir``.

>>> cnf_name("qwh-30", "xz")
'qwh-30.cnf.xz'
"""

import csv
import io
import os
import sys

from .. import streams
from ..errors import PuzzleError, UsageError

COMPRESSIONS = {"none": "", "xz": ".xz", "gz": ".gz", "bz2": ".bz2"}
INDEX = "index.csv"
INDEX_COLUMNS = ("file", "gbd_hash", "variables", "clauses", "status", "generator")


def check_compress(name):
    """``name`` when it is a --compress choice, else UsageError."""
    if name not in COMPRESSIONS:
        raise UsageError("--compress takes %s, not %r" % (", ".join(COMPRESSIONS), name))
    return name


def cnf_name(stem, compress="none"):
    return stem + ".cnf" + COMPRESSIONS[compress]


def write_formula(formula, path, labels=False, deferred=None):
    """Write ``formula`` to ``path`` (compressed by its name) through an
    :class:`~dimacs_sudoku.streams.AtomicOutput`; returns its GBD hash, computed
    from the text as it is written."""
    from ..dimacs.gbd import HashingWriter
    with streams.AtomicOutput(path, deferred=deferred) as out:
        hashing = HashingWriter(out)
        formula.write(hashing, labels=labels)
    return hashing.hexdigest()


def write_package(items, folder, compress="none", labels=False, prog="sudoku2cnf"):
    """Write each ``(stem, formula, status, generator)`` of ``items`` as
    FOLDER/STEM.cnf[.xz|.gz|.bz2], then FOLDER/index.csv, which keeps the rows of an
    earlier run into the folder (but for the files written again). Every file is
    written first and renamed into place only when all are: a run that fails (or is
    interrupted) replaces no file and leaves no folder it made. Returns the number of
    files."""
    made = streams.make_folder(folder)
    written = []
    rows = []
    try:
        earlier = [] if made else earlier_rows(folder)
        for stem, formula, status, generator in items:
            name = cnf_name(stem, compress)
            digest = write_formula(formula, os.path.join(folder, name), labels, written)
            rows.append((name, digest, formula.num_vars, formula.num_clauses, status,
                         generator))
        if not rows:
            raise PuzzleError("no puzzle found")
        names = {row[0] for row in rows}
        with streams.AtomicOutput(os.path.join(folder, INDEX), deferred=written) as out:
            out.write(index_text([row for row in earlier if row[0] not in names] + rows))
        streams.commit_outputs(written)
    except BaseException:
        streams.discard_outputs(written)
        if made:
            try:
                os.rmdir(folder)
            except OSError:
                pass
        raise
    if sys.stderr.isatty():
        sys.stderr.write("%s: wrote %d CNF files and %s to %s\n"
                         % (prog, len(rows), INDEX, folder))
    return len(rows)


def earlier_rows(folder):
    """The rows of FOLDER/index.csv (none when there is none) whose files are there;
    OutputError when it is some other CSV file, which a run must not replace."""
    from ..errors import OutputError
    path = os.path.join(folder, INDEX)
    try:
        with open(path, newline="", encoding="utf-8", errors="replace") as index:
            found = list(csv.reader(index))
    except FileNotFoundError:
        return []
    except OSError as error:
        raise OutputError(streams.describe_os_error(error, "read", path)) from None
    if not found or tuple(found[0]) != INDEX_COLUMNS or any(
            len(row) != len(INDEX_COLUMNS) for row in found[1:]):
        raise OutputError("%s is not an index of CNF files (%s): give a new folder"
                          % (streams.display_name(path), ",".join(INDEX_COLUMNS)))
    return [row for row in found[1:]
            if os.path.isfile(os.path.join(folder, os.path.basename(row[0])))]


def index_text(rows):
    """The text of index.csv: a header line, then one row per file.

    >>> print(index_text([("a.cnf", "0" * 32, 64, 390, "UNKNOWN", "sudoku2cnf a.txt")]), end="")
    file,gbd_hash,variables,clauses,status,generator
    a.cnf,00000000000000000000000000000000,64,390,UNKNOWN,sudoku2cnf a.txt
    """
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(INDEX_COLUMNS)
    writer.writerows(rows)
    return text.getvalue()
