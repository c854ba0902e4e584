"""Hostile input, options and environments for all six commands.

Each case runs a command as a user would, in a private folder with a private TMPDIR,
under a 1 GiB address-space limit and a time-out (so that a regression fails instead
of eating the machine), in a session of its own. It must end with the documented exit
code and, on failure, exactly one stderr line naming the source, no traceback, nothing
on stdout; and it must leave no ``.part`` file, nothing in TMPDIR, no clobbered file
and no process behind. The signal tests send SIGTERM, SIGHUP or SIGINT in the middle
of a long write and expect 128 + the signal with nothing left.
"""

import bz2
import gzip
import lzma
import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from conftest import require_pysat
from support import BIN, INKALA, SMALL4

MEMORY_LIMIT = 1 << 30
TIME_LIMIT = 120

PROGRAMS = ("sudoku2cnf", "cnfsolve", "cnf2sudoku", "sudoku-solve", "sudoku-grade",
            "sudoku-gen")

CNF = b"p cnf 3 2\n1 -2 0\n2 3 0\n"
MODEL = b"s SATISFIABLE\nv 1 -2 3 0\n"


def pigeonhole(pigeons, holes):
    var = lambda p, h: p * holes + h + 1
    clauses = [[var(p, h) for h in range(holes)] for p in range(pigeons)]
    clauses += [[-var(p, h), -var(q, h)] for h in range(holes)
                for p in range(pigeons) for q in range(p + 1, pigeons)]
    lines = ["p cnf %d %d" % (pigeons * holes, len(clauses))]
    lines += [" ".join(map(str, c)) + " 0" for c in clauses]
    return ("\n".join(lines) + "\n").encode()


def xz_of_repeated(piece, times, head=b"", tail=b""):
    """A small .xz that unpacks to ``head + piece * times + tail``."""
    packer = lzma.LZMACompressor(preset=0)
    out = [packer.compress(head)]
    out += [packer.compress(piece) for _ in range(times)]
    out += [packer.compress(tail), packer.flush()]
    return b"".join(out)


def truncated_gzip(data):
    packed = gzip.compress(data, mtime=0)
    return packed[:len(packed) // 2]


def damaged(packed):
    """Compressed data with its middle bytes overwritten."""
    middle = len(packed) // 2
    return packed[:middle - 8] + b"\xff" * 16 + packed[middle + 8:]


def limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    signal.signal(signal.SIGINT, signal.SIG_DFL)    # not ignored, as in a background job


class Sandbox:
    """A private work folder and TMPDIR; runs a command there and checks what it left."""

    def __init__(self, root):
        self.work = root / "work"
        self.tmp = root / "tmp"
        self.work.mkdir()
        self.tmp.mkdir()
        self.env = dict(os.environ, TMPDIR=str(self.tmp),
                        PATH=os.pathsep.join([os.path.dirname(sys.executable),
                                              os.environ.get("PATH", "")]))
        self.env.pop("DIMACS_SUDOKU_DEBUG", None)

    def write(self, files):
        for name, data in files.items():
            path = self.work / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

    def snapshot(self):
        return {str(p.relative_to(self.work)): p.read_bytes()
                for p in sorted(self.work.rglob("*")) if p.is_file()}

    def start(self, prog, args, stdin=None, stdout=subprocess.PIPE, wrap=None):
        argv = [sys.executable, str(BIN / prog), *map(str, args)]
        if wrap:        # a shell redirection, e.g. ">&-"
            argv = ["bash", "-c", 'exec "$@" ' + wrap, "bash", *argv]
        return subprocess.Popen(argv, cwd=self.work, env=self.env, stdin=stdin,
                                stdout=stdout, stderr=subprocess.PIPE,
                                preexec_fn=limits, start_new_session=True)

    def check_clean(self, process, before, allowed=()):
        """No .part file, nothing in TMPDIR, no process of the session left, the files
        that were there unchanged and no new file but ``allowed``."""
        deadline = time.monotonic() + 10
        while True:
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                break
            if time.monotonic() > deadline:
                os.killpg(process.pid, signal.SIGKILL)
                pytest.fail("a process of the command was left running")
            time.sleep(0.05)
        assert list(self.tmp.iterdir()) == []
        after = self.snapshot()
        assert not [name for name in after if name.endswith(".part")]
        for name, data in before.items():
            assert after.get(name) == data, "%s was changed or removed" % name
        assert set(after) - set(before) <= set(allowed)


@pytest.fixture
def sandbox(tmp_path):
    return Sandbox(tmp_path)


# -- the cases: (id, program, args, files, stdin, redirection, code, where) ------------
# ``stdin`` is bytes, or a file name in the work folder; ``where`` is the text the one
# stderr line must hold (the file and line, or the option).

PUZZLE = (INKALA + "\n").encode()
TWO_GRIDS = (SMALL4 + "\n" + SMALL4 + "\n").encode()
BIG_LINE = b"." * (2 << 20) + b"\n"
BAD_THIRD = PUZZLE * 2 + (INKALA[:-1] + "x\n").encode()

CASES = [
    # -- sudoku2cnf -----------------------------------------------------------------
    ("s2c-dev-zero", "sudoku2cnf", ["/dev/zero"], {}, None, None, 3, "/dev/zero:1:"),
    ("s2c-nul", "sudoku2cnf", ["p.txt"], {"p.txt": b"1..4\x00" + b"." * 11 + b"\n"},
     None, None, 3, "p.txt:1: NUL byte in column 5"),
    ("s2c-long-line-2", "sudoku2cnf", ["p.txt"], {"p.txt": PUZZLE + BIG_LINE}, None, None, 3,
     "p.txt:2: a line longer"),
    ("s2c-long-line-stdin", "sudoku2cnf", [], {}, BIG_LINE, None, 3, "<stdin>:1:"),
    ("s2c-truncated-gz", "sudoku2cnf", ["p.txt.gz"], {"p.txt.gz": truncated_gzip(PUZZLE * 50)},
     None, None, 3, "p.txt.gz: the gzip data ends early"),
    ("s2c-damaged-gz", "sudoku2cnf", ["p.txt.gz"],
     {"p.txt.gz": damaged(gzip.compress(PUZZLE * 50, mtime=0))}, None, None, 3,
     "p.txt.gz: damaged gzip data"),
    ("s2c-damaged-xz", "sudoku2cnf", ["p.txt.xz"],
     {"p.txt.xz": damaged(lzma.compress(PUZZLE * 50))}, None, None, 3, "p.txt.xz: damaged xz"),
    ("s2c-damaged-bz2", "sudoku2cnf", ["p.txt.bz2"],
     {"p.txt.bz2": damaged(bz2.compress(PUZZLE * 50))}, None, None, 3, "p.txt.bz2: damaged bzip2"),
    ("s2c-not-gzip", "sudoku2cnf", ["p.gz"], {"p.gz": PUZZLE}, None, None, 3,
     "p.gz: not gzip data"),
    ("s2c-truncated-gz-stdin", "sudoku2cnf", [], {}, truncated_gzip(PUZZLE * 50), None, 3,
     "<stdin>: the gzip data ends early"),
    ("s2c-xz-bomb", "sudoku2cnf", ["bomb.xz"], {"bomb.xz": xz_of_repeated(b"." * (1 << 20), 200)},
     None, None, 3, "bomb.xz:1: a line longer"),
    ("s2c-size-0", "sudoku2cnf", ["--size", "0", "p.txt"], {"p.txt": PUZZLE}, None, None, 2,
     "--size"),
    ("s2c-size-negative", "sudoku2cnf", ["--size", "-3", "p.txt"], {"p.txt": PUZZLE}, None, None,
     2, "--size"),
    ("s2c-size-1000", "sudoku2cnf", ["--size", "1000", "p.txt"], {"p.txt": PUZZLE}, None, None, 2,
     "400x400"),
    ("s2c-size-2**64", "sudoku2cnf", ["--size", str(2 ** 64), "p.txt"], {"p.txt": PUZZLE}, None,
     None, 2, "400x400"),
    ("s2c-box-0x3", "sudoku2cnf", ["--box", "0x3", "p.txt"], {"p.txt": PUZZLE}, None, None, 2,
     "--box"),
    ("s2c-box-huge", "sudoku2cnf", ["--box", "1000x1000", "p.txt"], {"p.txt": PUZZLE}, None, None,
     2, "--box 1000x1000"),
    ("s2c-box-garbage", "sudoku2cnf", ["--box", "3x", "p.txt"], {"p.txt": PUZZLE}, None, None, 2,
     "--box"),
    ("s2c-index-0", "sudoku2cnf", ["--index", "0", "p.txt"], {"p.txt": TWO_GRIDS}, None, None, 2,
     "--index"),
    ("s2c-index-huge", "sudoku2cnf", ["--index", str(2 ** 70), "p.txt"], {"p.txt": TWO_GRIDS},
     None, None, 2, "--index"),
    ("s2c-missing", "sudoku2cnf", ["nothere.txt"], {}, None, None, 8, "nothere.txt"),
    ("s2c-directory", "sudoku2cnf", ["d"], {"d/x": b""}, None, None, 8, "cannot read d"),
    ("s2c-out-dev-full", "sudoku2cnf", ["p.txt", "-o", "/dev/full"], {"p.txt": PUZZLE}, None, None,
     8, "/dev/full: No space left on device"),
    ("s2c-stdout-dev-full", "sudoku2cnf", ["p.txt"], {"p.txt": PUZZLE}, None, ">/dev/full", 8,
     "standard output: No space left on device"),
    ("s2c-stdout-closed", "sudoku2cnf", ["p.txt"], {"p.txt": PUZZLE}, None, ">&-", 8,
     "standard output"),
    ("s2c-stdin-closed", "sudoku2cnf", [], {}, None, "<&-", 8, "standard input"),
    ("s2c-out-no-folder", "sudoku2cnf", ["p.txt", "-o", "no/such/x.cnf"], {"p.txt": PUZZLE}, None,
     None, 8, "no/such/x.cnf"),
    ("s2c-no-clobber", "sudoku2cnf", ["p.txt", "-o", "old.cnf"],
     {"p.txt": b"1..4\n", "old.cnf": b"precious\n"}, None, None, 3, "p.txt:1"),
    # (a damaged line among good ones is its error line, the others are written)
    ("s2c-outdir-no-clobber", "sudoku2cnf", ["--output-dir", "out", "p.txt"],
     {"p.txt": BAD_THIRD[-82:], "out/p-1.cnf": b"precious\n"}, None,
     None, 3, "p.txt:1"),
    ("s2c-outdir-not-made", "sudoku2cnf", ["--output-dir", "fresh", "p.txt"],
     {"p.txt": BAD_THIRD[-82:]}, None, None, 3, "p.txt:1"),
    ("s2c-exclude-dev-zero", "sudoku2cnf", ["--exclude", "/dev/zero", "p.txt"], {"p.txt": PUZZLE},
     None, None, 3, "/dev/zero:1:"),
    ("s2c-gzip-stdin", "sudoku2cnf", [], {}, gzip.compress(PUZZLE), None, 0, None),
    ("s2c-gzip-no-extension", "sudoku2cnf", ["puzzle"], {"puzzle": gzip.compress(PUZZLE)}, None,
     None, 0, None),
    ("s2c-bzip2-stdin", "sudoku2cnf", [], {}, bz2.compress(PUZZLE), None, 0, None),

    # -- cnfsolve -------------------------------------------------------------------
    ("cs-dev-zero", "cnfsolve", ["/dev/zero"], {}, None, None, 3, "/dev/zero:1: a NUL byte"),
    ("cs-nul-line-3", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 3 2\n1 2 0\n3 \x00 0\n"}, None, None,
     3, "f.cnf:3: a NUL byte"),
    ("cs-vars-2e9", "cnfsolve", ["f.cnf", "-o", "out.txt"], {"f.cnf": b"p cnf 2000000000 0\n"},
     None, None, 3, "f.cnf:1: the header declares 2000000000 variables"),
    ("cs-vars-2**24+1", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 16777217 0\n"}, None, None, 3,
     "f.cnf:1:"),
    ("cs-vars-2**31", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 2147483648 0\n"}, None, None, 3,
     "f.cnf:1:"),
    ("cs-vars-2**63-1", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 9223372036854775807 1\n1 0\n"},
     None, None, 3, "f.cnf:1:"),
    ("cs-vars-5000-digits", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf " + b"9" * 5000 + b" 0\n"},
     None, None, 3, "f.cnf:1:"),
    ("cs-clauses-5000-digits", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 1 " + b"9" * 5000 + b"\n"},
     None, None, 3, "f.cnf:1:"),
    ("cs-literal-2**31", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 3 1\n1 2147483648 0\n"}, None,
     None, 3, "f.cnf:2: literal 2147483648"),
    ("cs-literal-2**63-1", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 3 1\n-9223372036854775807 0\n"},
     None, None, 3, "f.cnf:2:"),
    ("cs-literal-5000-digits", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 3 1\n" + b"7" * 5000 + b" 0\n"},
     None, None, 3, "f.cnf:2:"),
    ("cs-no-blank-12MB", "cnfsolve", ["f.cnf.xz"], {"f.cnf.xz": xz_of_repeated(b"x" * (1 << 20), 40)},
     None, None, 3, "f.cnf.xz:1:"),
    ("cs-comment-flood", "cnfsolve", ["f.cnf.gz"],
     {"f.cnf.gz": gzip.compress(b"c flood\n" * (3 << 20), 1)}, None, None, 3, "f.cnf.gz:"),
    ("cs-truncated-gz", "cnfsolve", ["f.cnf.gz"], {"f.cnf.gz": truncated_gzip(pigeonhole(6, 5))},
     None, None, 3, "f.cnf.gz: the gzip data ends early"),
    ("cs-damaged-gz", "cnfsolve", ["f.cnf.gz"], {"f.cnf.gz": b"\x1f\x8bgarbage-and-more"}, None,
     None, 3, "f.cnf.gz: damaged gzip"),
    ("cs-damaged-xz-stdin", "cnfsolve", [], {}, damaged(lzma.compress(pigeonhole(6, 5))), None, 3,
     "<stdin>: damaged xz"),
    ("cs-gzip-stdin", "cnfsolve", [], {}, gzip.compress(CNF), None, 10, None),
    ("cs-xz-newline-bomb", "cnfsolve", ["f.cnf.xz"],
     {"f.cnf.xz": xz_of_repeated(b"\n" * (1 << 20), 60, b"p cnf 3 1\n", b"1 0\n")}, None, None,
     10, None),
    ("cs-timeout-0", "cnfsolve", ["--timeout", "0", "f.cnf"], {"f.cnf": CNF}, None, None, 2,
     "--timeout"),
    ("cs-timeout-nan", "cnfsolve", ["--timeout", "nan", "f.cnf"], {"f.cnf": CNF}, None, None, 2,
     "--timeout"),
    ("cs-timeout-negative", "cnfsolve", ["--timeout", "-1", "f.cnf"], {"f.cnf": CNF}, None, None,
     2, "--timeout"),
    ("cs-out-dev-full", "cnfsolve", ["f.cnf", "-o", "/dev/full"], {"f.cnf": CNF}, None, None, 8,
     "/dev/full: No space left on device"),
    ("cs-stdout-closed", "cnfsolve", ["f.cnf"], {"f.cnf": CNF}, None, ">&-", 8, "standard output"),
    ("cs-stderr-closed", "cnfsolve", ["f.cnf"], {"f.cnf": b"p cnf 1 1\n2 0\n"}, None, "2>&-", 3,
     None),
    ("cs-no-clobber", "cnfsolve", ["f.cnf", "-o", "old.txt"],
     {"f.cnf": b"p cnf 1 1\n2 0\n", "old.txt": b"precious\n"}, None, None, 3, "f.cnf:2"),

    # -- cnf2sudoku -----------------------------------------------------------------
    ("c2s-dev-zero", "cnf2sudoku", ["/dev/zero"], {}, None, None, 3, "/dev/zero:1: a NUL byte"),
    ("c2s-nul", "cnf2sudoku", ["m.out"], {"m.out": b"s SATISFIABLE\nv 1 \x00 0\n"}, None, None, 3,
     "m.out:2: a NUL byte"),
    ("c2s-no-blank", "cnf2sudoku", ["m.xz"], {"m.xz": xz_of_repeated(b"7" * (1 << 20), 40)}, None,
     None, 3, "m.xz:1:"),
    ("c2s-truncated-gz", "cnf2sudoku", ["m.out.gz"], {"m.out.gz": truncated_gzip(MODEL * 400)},
     None, None, 3, "m.out.gz: the gzip data ends early"),
    ("c2s-size-0", "cnf2sudoku", ["--size", "0", "m.out"], {"m.out": MODEL}, None, None, 2,
     "--size"),
    ("c2s-size-1000", "cnf2sudoku", ["--size", "1000", "m.out"], {"m.out": MODEL}, None, None, 2,
     "400x400"),
    ("c2s-box-30x30", "cnf2sudoku", ["--box", "30x30", "m.out"], {"m.out": MODEL}, None, None, 2,
     "--box 30x30"),
    ("c2s-cnf-dev-zero", "cnf2sudoku", ["--cnf", "/dev/zero", "m.out"], {"m.out": MODEL}, None,
     None, 3, "/dev/zero:1:"),
    ("c2s-puzzle-dev-zero", "cnf2sudoku", ["--puzzle", "/dev/zero", "m.out"], {"m.out": MODEL},
     None, None, 3, "/dev/zero:1:"),
    ("c2s-literal-2**31", "cnf2sudoku", ["m.out"], {"m.out": b"s SATISFIABLE\nv 2147483648 0\n"},
     None, None, 3, "m.out:2:"),
    ("c2s-literal-2**63-1", "cnf2sudoku", ["m.out"],
     {"m.out": b"s SATISFIABLE\nv -9223372036854775807 0\n"}, None, None, 3, "m.out:2:"),
    ("c2s-literal-2**31-1", "cnf2sudoku", ["--size", "9", "m.out"],
     {"m.out": b"s SATISFIABLE\nv 2147483647 0\n"}, None, None, 6, "r1c1"),
    ("c2s-stdin-closed", "cnf2sudoku", [], {}, None, "<&-", 8, "standard input"),

    # -- sudoku-solve ---------------------------------------------------------------
    ("solve-dev-zero", "sudoku-solve", ["/dev/zero"], {}, None, None, 3, "/dev/zero:1:"),
    ("solve-progress-dev-zero", "sudoku-solve", ["--progress", "/dev/zero"], {}, None, None, 3,
     "/dev/zero:1:"),
    ("solve-count-0", "sudoku-solve", ["--count", "0", "p.txt"], {"p.txt": PUZZLE}, None, None, 2,
     "--count"),
    ("solve-count-negative", "sudoku-solve", ["--count", "-1", "p.txt"], {"p.txt": PUZZLE}, None,
     None, 2, "--count"),
    ("solve-size-401", "sudoku-solve", ["--size", "401", "p.txt"], {"p.txt": PUZZLE}, None, None,
     2, "400x400"),
    ("solve-box-1x401", "sudoku-solve", ["--box", "1x401", "p.txt"], {"p.txt": PUZZLE}, None,
     None, 2, "--box 1x401"),
    ("solve-damaged-bz2", "sudoku-solve", ["p.bz2"], {"p.bz2": damaged(bz2.compress(PUZZLE * 50))},
     None, None, 3, "p.bz2: damaged bzip2"),
    ("solve-out-dev-full", "sudoku-solve", ["p.txt", "-o", "/dev/full"], {"p.txt": PUZZLE}, None,
     None, 8, "/dev/full"),
    ("solve-stdout-closed", "sudoku-solve", ["p.txt"], {"p.txt": PUZZLE}, None, ">&-", 8,
     "standard output"),
    ("solve-xz-stdin", "sudoku-solve", [], {}, lzma.compress(PUZZLE), None, 0, None),

    # -- sudoku-grade ---------------------------------------------------------------
    ("grade-dev-zero", "sudoku-grade", ["/dev/zero"], {}, None, None, 3, "/dev/zero:1:"),
    ("grade-size-0", "sudoku-grade", ["--size", "0", "p.txt"], {"p.txt": PUZZLE}, None, None, 2,
     "--size"),
    ("grade-size-401", "sudoku-grade", ["--size", "401", "p.txt"], {"p.txt": PUZZLE}, None, None,
     2, "400x400"),
    ("grade-truncated-gz", "sudoku-grade", ["p.gz"], {"p.gz": truncated_gzip(PUZZLE * 50)}, None,
     None, 3, "p.gz: the gzip data ends early"),
    ("grade-stdout-dev-full", "sudoku-grade", ["p.txt"], {"p.txt": PUZZLE}, None, ">/dev/full", 8,
     "No space left on device"),
    ("grade-gzip-stdin", "sudoku-grade", [], {}, gzip.compress(PUZZLE), None, 0, None),

    # -- sudoku-gen -----------------------------------------------------------------
    ("gen-size-0", "sudoku-gen", ["--size", "0"], {}, None, None, 2, "--size"),
    ("gen-size-1000-full", "sudoku-gen", ["--size", "1000", "--full"], {}, None, None, 2,
     "400x400"),
    ("gen-size-64-full", "sudoku-gen", ["--size", "64", "--full"], {}, None, None, 2, "49x49"),
    ("gen-box-8x8", "sudoku-gen", ["--box", "8x8"], {}, None, None, 2, "49x49"),
    ("gen-size-prime", "sudoku-gen", ["--size", "7"], {}, None, None, 2, "7x7"),
    ("gen-count-0", "sudoku-gen", ["--count", "0"], {}, None, None, 2, "--count"),
    ("gen-count-negative", "sudoku-gen", ["--count", "-5"], {}, None, None, 2, "--count"),
    ("gen-clues-negative", "sudoku-gen", ["--clues", "-1"], {}, None, None, 2, "--clues"),
    ("gen-clues-too-many", "sudoku-gen", ["--clues", "100"], {}, None, None, 2, "--clues"),
    ("gen-attempts-0", "sudoku-gen", ["--attempts", "0"], {}, None, None, 2, "--attempts"),
    ("gen-budget-negative", "sudoku-gen", ["--budget", "-1"], {}, None, None, 2, "--budget"),
    ("gen-box-0x0", "sudoku-gen", ["--box", "0x0"], {}, None, None, 2, "--box"),
    ("gen-size-not-a-number", "sudoku-gen", ["--size", "nine"], {}, None, None, 2, "--size"),
    ("gen-out-dev-full", "sudoku-gen", ["--seed", "1", "-o", "/dev/full"], {}, None, None, 8,
     "/dev/full: No space left on device"),
    ("gen-stdout-dev-full", "sudoku-gen", ["--seed", "1"], {}, None, ">/dev/full", 8,
     "standard output: No space left on device"),
    ("gen-stdout-closed", "sudoku-gen", ["--seed", "1"], {}, None, ">&-", 8, "standard output"),
    ("gen-help-dev-full", "sudoku-gen", ["--help"], {}, None, ">/dev/full", 8,
     "No space left on device"),
    ("gen-no-clobber", "sudoku-gen", ["--size", "0", "-o", "old.txt"], {"old.txt": b"precious\n"},
     None, None, 2, "--size"),
]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[case[0] for case in CASES])
def test_hostile(case, sandbox):
    name, prog, args, files, stdin, wrap, code, where = case
    sandbox.write(files)
    before = sandbox.snapshot()
    feed = subprocess.DEVNULL if stdin is None else subprocess.PIPE
    process = sandbox.start(prog, args, stdin=feed, wrap=wrap)
    try:
        out, err = process.communicate(input=stdin, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("no answer within %d s" % TIME_LIMIT)
    err = err.decode("utf-8", "replace")
    assert process.returncode == code, err
    assert "Traceback" not in err
    if code not in (0, 10):
        lines = err.splitlines()
        if "2>&-" in (wrap or ""):
            assert lines == []
        else:
            assert len(lines) == 1, err
            assert lines[0].startswith(prog + ": ")
            assert where in lines[0]
        assert out == b""
    else:
        assert out and err == ""
    sandbox.check_clean(process, before)


def test_at_least_sixty_cases_over_every_command():
    assert len(CASES) >= 60
    assert {case[1] for case in CASES} == set(PROGRAMS)


# -- signals in the middle of a long write ---------------------------------------------

EMPTY_100 = ("." * 10000 + "\n").encode()


def interrupted_write(sandbox, prog, args, number, stdin=None, files=None, extra=None):
    """Start ``prog args`` writing to -o; once its .part file exists, send ``number``;
    check the exit code 128 + number and that nothing is left."""
    sandbox.write(files or {})
    before = sandbox.snapshot()
    process = sandbox.start(prog, args, stdin=subprocess.PIPE if stdin is not None
                            else subprocess.DEVNULL)
    if stdin is not None:
        process.stdin.write(stdin)
        process.stdin.flush()           # and left open: the command waits for more
    deadline = time.monotonic() + 60
    while not list(sandbox.work.glob(".*.part")) and not (extra and extra()):
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "no .part file appeared"
        time.sleep(0.02)
    time.sleep(0.2)
    process.send_signal(number)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the signal did not stop the command")
    err = err.decode()
    assert process.returncode == 128 + number, err
    assert "Traceback" not in err
    assert err == ("%s: interrupted\n" % prog if number == signal.SIGINT else "")
    assert out == b""
    sandbox.check_clean(process, before)


@pytest.mark.slow
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT],
                         ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_signal_during_a_long_cnf_write(number, sandbox):
    interrupted_write(sandbox, "sudoku2cnf", ["e.txt", "--size", "100", "-o", "big.cnf"],
                      number, files={"e.txt": EMPTY_100, "big.cnf": b"precious\n"})


@pytest.mark.slow
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP],
                         ids=["SIGTERM", "SIGHUP"])
def test_signal_during_a_compressed_cnf_write(number, sandbox):
    interrupted_write(sandbox, "sudoku2cnf", ["e.txt", "--size", "100", "-o", "big.cnf.xz"],
                      number, files={"e.txt": EMPTY_100})


@pytest.mark.slow
@pytest.mark.parametrize("prog", ["sudoku-solve", "sudoku-grade"])
def test_signal_while_waiting_for_input(prog, sandbox):
    interrupted_write(sandbox, prog, ["-o", "out.txt"], signal.SIGTERM, stdin=PUZZLE)


@pytest.mark.slow
def test_signal_while_generating(sandbox):
    interrupted_write(sandbox, "sudoku-gen", ["--count", "100000", "--seed", "3", "-o",
                                              "p.txt"], signal.SIGHUP)


@pytest.mark.slow
def test_signal_while_the_bundled_solver_searches(sandbox):
    # With a time-out the search runs in a forked child, which must go too. The output
    # file is opened once the search is done, so the signal comes after a second.
    started = time.monotonic()
    interrupted_write(sandbox, "cnfsolve", ["--timeout", "300", "hard.cnf", "-o", "a.txt"],
                      signal.SIGTERM, files={"hard.cnf": pigeonhole(12, 11)},
                      extra=lambda: time.monotonic() - started > 1.0)


@pytest.mark.slow
def test_signal_while_an_external_solver_runs(sandbox):
    script = sandbox.work / "sleeper.py"
    script.write_text("import time\ntime.sleep(120)\n")
    solver = "%s %s {}" % (sys.executable, script)
    interrupted_write(sandbox, "cnfsolve", ["--solver", solver, "f.cnf", "-o", "a.txt"],
                      signal.SIGTERM, files={"f.cnf": CNF},
                      extra=lambda: any(sandbox.tmp.iterdir()))


# -- the bounded text reader, in process -------------------------------------------------

def test_text_input_reads_like_a_text_file_and_resumes_where_it_stopped():
    import io
    from dimacs_sudoku.streams import TextInput
    for data in [b"", b"a", b"a\n", b"\xef\xbb\xbfa\r\nb\rc", b"\n\n", b"x" * 70000 + b"\ny"]:
        expected = list(io.TextIOWrapper(io.BytesIO(data), encoding="utf-8-sig", newline=None))
        assert list(TextInput(io.BytesIO(data))) == expected
    lines = TextInput(io.BytesIO(b"a\nb\nc\nd\n"))
    assert next(lines) == "a\n"
    for line in lines:
        break
    assert (line, lines.readline(), list(lines)) == ("b\n", "c\n", ["d\n"])


@pytest.mark.parametrize("data, line", [(b"ab\n\ncd\x00\n", 3), (b"x" * (3 << 20), 1),
                                        (b"a\n" + b"x" * (3 << 20) + b"\n", 2)])
def test_text_input_names_the_line_of_binary_or_endless_data(data, line):
    import io
    from dimacs_sudoku.errors import InputError
    from dimacs_sudoku.streams import TextInput
    with pytest.raises(InputError) as caught:
        list(TextInput(io.BytesIO(data), "f.txt"))
    assert (caught.value.source, caught.value.line) == ("f.txt", line)


def test_the_readme_exit_code_table_is_the_one_in_errors():
    import re
    from dimacs_sudoku.errors import EXIT_CODES
    from support import ROOT
    text = (ROOT / "README.md").read_text()
    section = text[text.index("### Exit codes"):]
    section = section[:section.index("\n#")]
    codes = {int(code) for code in re.findall(r"^\| (\d+) \|", section, re.MULTILINE)}
    assert codes == set(EXIT_CODES)
    assert {128 + signal.SIGHUP, 128 + signal.SIGINT, 128 + signal.SIGPIPE,
            128 + signal.SIGTERM} <= codes


@pytest.mark.slow
@pytest.mark.parametrize("solver", ["bundled", "pysat:minisat22"])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_an_in_process_search_at_once(tmp_path, solver, number):
    # An in-process search holds the interpreter; with no --timeout a signal must
    # still end it now, not when the search ends, and leave nothing behind.
    if solver.startswith("pysat:"):
        require_pysat()
    (tmp_path / "php.cnf").write_bytes(pigeonhole(12, 11))
    process = subprocess.Popen([sys.executable, str(BIN / "cnfsolve"), "php.cnf", "-s",
                                solver, "-o", "out.txt"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    time.sleep(1.5)
    assert process.poll() is None, "the search ended before the signal"
    os.kill(process.pid, number)
    try:
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    if solver == "bundled":
        # Nothing to clean up while the bundled solver searches: the signal's default
        # action ends cnfsolve (a shell reports 128 + the signal all the same).
        assert process.returncode in (128 + number, -number), err
    else:
        assert process.returncode == 128 + number, err
    assert sorted(os.listdir(tmp_path)) == ["php.cnf"]
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)               # no child of the session is left


def cpu_seconds(pid):
    """The CPU time ``pid`` has used so far, in seconds (Linux /proc)."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def searching(pid):
    """True once sudoku-solve is past reading and propagation: a child (the forked
    search) runs, or it has used more CPU than propagating an empty 64x64 takes."""
    with open("/proc/%d/task/%d/children" % (pid, pid)) as children:
        return bool(children.read().split()) or cpu_seconds(pid) > 6


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="needs Linux /proc")
@pytest.mark.parametrize("engine", ["pycosat", "pysat"])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT],
                         ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_ends_sudoku_solves_long_search_at_once(number, engine, sandbox):
    # Both engines hold the interpreter while they search an empty 64x64 for minutes
    # (with --count 2): a signal must end the command now, not then.
    if engine == "pysat":
        require_pysat()
    sandbox.write({"e.txt": ("." * 4096 + "\n").encode(), "out.txt": b"precious\n"})
    before = sandbox.snapshot()
    process = sandbox.start("sudoku-solve", ["--engine", engine, "--count", "2", "e.txt",
                                             "-o", "out.txt"], stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not searching(process.pid):
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the search did not begin"
        time.sleep(0.05)
    process.send_signal(number)
    try:
        out, err = process.communicate(timeout=20)      # a hang detector
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the signal waited for the search")
    err = err.decode()
    assert process.returncode == 128 + number, err
    assert err == ("sudoku-solve: interrupted\n" if number == signal.SIGINT else "")
    assert out == b""
    sandbox.check_clean(process, before)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="needs Linux /proc")
@pytest.mark.parametrize("engine, number, delay", [
    ("pycosat", signal.SIGTERM, 0), ("pycosat", signal.SIGTERM, 1.5),
    ("pycosat", signal.SIGHUP, 0.5), ("pycosat", signal.SIGINT, 1.0),
    ("pysat", signal.SIGTERM, 1.0)])
def test_a_signal_ends_the_work_on_a_big_grid_at_once(engine, number, delay, sandbox):
    # The reduction of a large grid held a signal in this process (the garbage
    # collector's passes, the freeing of its objects: 6 s after a minute on an empty
    # 400x400, which is now refused at once, see test_big_grids). The work is a forked
    # child's: the signal is met at once, in the reduction, the encoding or the search.
    if engine == "pysat":
        require_pysat()
    sandbox.write({"e.txt": ("." * 64 ** 2 + "\n").encode(), "out.txt": b"precious\n"})
    before = sandbox.snapshot()
    process = sandbox.start("sudoku-solve", ["--engine", engine, "--count", "1", "e.txt",
                                             "-o", "out.txt"], stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not searching(process.pid):           # the marker: the child is at work
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the work did not begin"
        time.sleep(0.05)
    time.sleep(delay)
    process.send_signal(number)
    try:
        out, err = process.communicate(timeout=5)       # a bound on hanging
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("the signal waited for the work")
    err = err.decode()
    assert process.returncode == 128 + number, err
    assert err == ("sudoku-solve: interrupted\n" if number == signal.SIGINT else "")
    assert out == b""
    sandbox.check_clean(process, before)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.8, 1.1, 1.4, 1.7, 2.0])
def test_ctrl_c_during_many_pysat_searches_is_interrupted(delay, sandbox):
    # MiniCard, called from the main thread, caught SIGINT itself and raised its own
    # error (an internal error, exit 1) whenever Ctrl-C came during one of its searches.
    require_pysat()
    from support import INKALA
    sandbox.write({"hard.txt": ((INKALA + "\n") * 50000).encode()})
    process = sandbox.start("sudoku-solve", ["--engine", "pysat", "--count", "2",
                                             "hard.txt"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL)
    time.sleep(delay)
    assert process.poll() is None, "the run ended before the signal"
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail("Ctrl-C did not end the run")
    assert (process.returncode, err.decode()) == (130, "sudoku-solve: interrupted\n")
