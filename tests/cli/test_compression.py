"""Compressed CNF files: ``-o name.cnf.gz | .xz | .bz2`` writes a valid compressed
stream, all or nothing, and every reader of the project reads it back.

Which external solvers read a compressed CNF file themselves (checked with the Debian
packages picosat 965, minisat 2.2, cadical 1.x, cryptominisat 5.x):

========================  ====  ====  =====
solver                    .gz   .xz   .bz2
========================  ====  ====  =====
picosat                   yes   no    yes
minisat                   yes   no    no
cadical                   yes   yes   yes
cryptominisat5            yes   no    no
========================  ====  ====  =====

(cadical and picosat call the gzip, xz and bzip2 programs; minisat and cryptominisat5
read gzip through zlib.) ``cnfsolve --solver NAME`` unpacks any of the three before it
hands the file to the solver, so every solver can be used that way.
"""

import bz2
import gzip
import lzma
import os

import pytest

from conftest import require_solver
from support import INKALA, INKALA_SOLUTION, in_process as command, shell

from dimacs_sudoku.streams import AtomicOutput, open_text_input

OPENERS = {"gz": gzip.decompress, "xz": lzma.decompress, "bz2": bz2.decompress}
MAGIC = {"gz": b"\x1f\x8b", "xz": b"\xfd7zXZ\x00", "bz2": b"BZh"}

# Which solver reads which compression directly (see the module docstring).
READS = {"picosat": {"gz", "bz2"}, "minisat": {"gz"},
         "cadical": {"gz", "xz", "bz2"}, "cryptominisat5": {"gz"}}
RUN = {"picosat": "picosat {} > p.out",
       "minisat": "minisat {} p.out > /dev/null",
       "cadical": "cadical -q {} > p.out",
       "cryptominisat5": "cryptominisat5 --verb 0 {} > p.out"}


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """The uncompressed CNF of Inkala's puzzle, as bytes."""
    path = tmp_path_factory.mktemp("plain") / "p.cnf"
    done = command("sudoku2cnf", "--amo", "sequential", "-o", path, input=INKALA)
    assert done.returncode == 0, done.stderr
    return path.read_bytes()


@pytest.mark.parametrize("ext", sorted(OPENERS))
def test_valid_compressed_stream(ext, plain, tmp_path):
    path = tmp_path / ("p.cnf." + ext)
    done = command("sudoku2cnf", "--amo", "sequential", "-o", path, input=INKALA)
    assert done.returncode == 0, done.stderr
    data = path.read_bytes()
    assert data.startswith(MAGIC[ext])
    assert OPENERS[ext](data) == plain
    assert len(data) < len(plain) / 2
    # Nothing left beside it: the private .part file was renamed into place.
    assert sorted(os.listdir(tmp_path)) == ["p.cnf." + ext]


def test_gzip_output_is_reproducible(tmp_path):
    """No time stamp in the gzip header: the same puzzle gives the same bytes."""
    first, second = tmp_path / "a" / "p.cnf.gz", tmp_path / "b" / "p.cnf.gz"
    for path in (first, second):
        path.parent.mkdir()
        assert command("sudoku2cnf", "-o", path, input=INKALA).returncode == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("ext", sorted(OPENERS))
def test_failed_run_keeps_the_old_file(ext, tmp_path):
    path = tmp_path / ("p.cnf." + ext)
    path.write_bytes(b"old contents")
    done = command("sudoku2cnf", "-o", path, input="this is no puzzle\n")
    assert done.returncode == 3
    assert path.read_bytes() == b"old contents"
    assert os.listdir(tmp_path) == [path.name]


@pytest.mark.parametrize("ext", sorted(OPENERS))
def test_error_while_writing_leaves_nothing(ext, tmp_path):
    """An error in the middle of a compressed write: no file, no partial file."""
    path = tmp_path / ("big.cnf." + ext)
    with pytest.raises(RuntimeError):
        with AtomicOutput(str(path)) as out:
            out.write("p cnf 1 1\n" + "1 0\n" * 100000)
            raise RuntimeError("interrupted")
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
@pytest.mark.parametrize("ext", sorted(OPENERS))
def test_project_readers_read_it(ext, tmp_path):
    """cnfsolve (bundled picosat), cnfsolve --solver and cnf2sudoku --cnf read .gz, .xz
    and .bz2 themselves."""
    script = ("echo '%s' | sudoku2cnf -o p.cnf.{ext} && "
              "{{ cnfsolve p.cnf.{ext} > p.out; [ $? -eq 10 ]; }} && "
              "cnf2sudoku --cnf p.cnf.{ext} p.out && "
              "gzip -c p.out > p.out.gz && cnf2sudoku --cnf p.cnf.{ext} p.out.gz"
              % INKALA).format(ext=ext)
    done = shell(script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (INKALA_SOLUTION + "\n") * 2
    with open_text_input(str(tmp_path / ("p.cnf." + ext))) as stream:
        assert stream.readline().startswith("c dimacs-sudoku")


@pytest.mark.slow
@pytest.mark.parametrize("ext", sorted(OPENERS))
@pytest.mark.parametrize("solver", sorted(READS))
def test_solvers_read_compressed_files(solver, ext, tmp_path):
    """Each solver reads what the table says directly; through cnfsolve --solver it
    reads all three."""
    require_solver(solver)
    cnf = "p.cnf." + ext
    if ext in READS[solver]:
        run = RUN[solver].format(cnf)
    else:
        run = "cnfsolve --solver %s %s > p.out" % (solver, cnf)
    script = ("echo '%s' | sudoku2cnf --amo bimander -o %s && { %s; [ $? -eq 10 ]; } && "
              "cnf2sudoku --cnf %s p.out" % (INKALA, cnf, run, cnf))
    done = shell(script, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == INKALA_SOLUTION + "\n"
