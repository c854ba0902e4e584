"""The seams of the streams: input read as it arrives (a terminal's one Ctrl-D, a
pipe's lines answered one by one), output through devices, links and long names,
and names and standard streams in any encoding."""

import os
import select
import subprocess
import sys
import time

import pytest

from support import BIN, SMALL4, SMALL4_SOLUTION

# The commands as processes, fed through real pipes and descriptors.
pytestmark = pytest.mark.slow

# Generous: a slow, shared machine still answers well within it. Only a reader
# that waits for the end of the input runs into it.
PATIENCE = 60


def start(name, *args, **options):
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    env.update(options.pop("env", {}))
    return subprocess.Popen([sys.executable, str(BIN / name), *map(str, args)], env=env,
                            **options)


def read_line(fd, timeout=PATIENCE, lines=1):
    """The first ``lines`` lines written to ``fd`` (more when they came in one piece),
    or what came before ``timeout`` ran out."""
    data = b""
    while not (data.endswith(b"\n") and data.count(b"\n") >= lines):
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            break
        piece = os.read(fd, 4096)
        if not piece:
            break
        data += piece
    return data


@pytest.mark.parametrize("prog, text", [
    ("cnfsolve", b"p cnf 2 2\n1 0\n-2 0\n"),
    ("cnf2sudoku", b"s UNSATISFIABLE\n"),
])
def test_one_ctrl_d_ends_a_terminal_input(prog, text):
    master, slave = os.openpty()
    process = start(prog, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    try:
        os.write(master, text)
        os.write(master, b"\x04")           # Ctrl-D on a line of its own: the end
        try:
            process.communicate(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            pytest.fail("%s still waits for input after one Ctrl-D" % prog)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)


@pytest.mark.parametrize("prog, args", [
    ("sudoku2cnf", []), ("cnf2sudoku", []), ("cnfsolve", []),
    ("cnfsolve", ["--solver", "picosat"]), ("sudoku-solve", []), ("sudoku-grade", []),
    ("sudoku-analyze", [])])
def test_a_terminal_that_hung_up_is_a_read_error_of_standard_input(prog, args):
    # Reading the terminal's side whose other side is closed gives EIO, as a read from
    # a terminal that hung up does.
    master, slave = os.openpty()
    process = start(prog, *args, stdin=master, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    os.close(master)
    os.close(slave)
    out, err = process.communicate(timeout=PATIENCE)
    line = "cannot read standard input: Input/output error"
    assert err.decode() == "%s: %s\n" % (prog, line)
    if prog.startswith("sudoku-"):      # the input's error line
        assert (process.returncode, out.decode()) == (9, "error\t%s\n" % line)
    else:
        assert (process.returncode, out) == (8, b"")


# -- output through devices, descriptors, links and long names --------------------------

@pytest.fixture
def puzzle(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SMALL4 + "\n")
    return path


def solve_into(target, puzzle, **options):
    """sudoku-solve -o TARGET PUZZLE, its stdout a file of tmp_path: (process, stdout)."""
    out = puzzle.parent / "stdout.txt"
    with open(out, "wb") as stdout:
        process = start("sudoku-solve", "-o", target, puzzle, stdout=stdout,
                        stderr=subprocess.PIPE, **options)
        _, err = process.communicate(timeout=PATIENCE)
    return process.returncode, err.decode(), out.read_text()


@pytest.mark.parametrize("name", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
def test_output_to_standard_output_by_name_writes_to_it(name, puzzle):
    try:
        code, err, text = solve_into(name, puzzle)
    finally:
        broken = not os.path.islink("/dev/stdout")
        if broken and os.access("/dev", os.W_OK):       # put the machine's link back
            os.replace(puzzle.parent / "stdout.txt", puzzle.parent / "lost.txt")
            os.unlink("/dev/stdout")
            os.symlink("/proc/self/fd/1", "/dev/stdout")
    assert not broken, "/dev/stdout was replaced by a file"
    assert (code, err, text) == (0, "", SMALL4_SOLUTION + "\n")


def test_output_to_another_open_descriptor(puzzle, tmp_path):
    with open(tmp_path / "three.txt", "wb") as three:
        process = start("sudoku-solve", "-o", "/dev/fd/%d" % three.fileno(), puzzle,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        pass_fds=(three.fileno(),))
        out, err = process.communicate(timeout=PATIENCE)
    assert (process.returncode, out, err) == (0, b"", b"")
    assert (tmp_path / "three.txt").read_text() == SMALL4_SOLUTION + "\n"


def test_output_through_a_link_replaces_its_target_and_keeps_the_link(puzzle, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "target.txt").write_text("old\n")
    (tmp_path / "link.txt").symlink_to("data/target.txt")
    code, err, _ = solve_into(tmp_path / "link.txt", puzzle)
    assert (code, err) == (0, "")
    assert os.readlink(tmp_path / "link.txt") == "data/target.txt"
    assert (tmp_path / "data" / "target.txt").read_text() == SMALL4_SOLUTION + "\n"
    assert sorted(os.listdir(tmp_path / "data")) == ["target.txt"]


def test_output_to_a_name_of_the_longest_length(puzzle, tmp_path):
    name = tmp_path / ("a" * 240 + ".txt")             # 244 characters: legal
    code, err, _ = solve_into(name, puzzle)
    assert (code, err) == (0, "")
    assert name.read_text() == SMALL4_SOLUTION + "\n"
    assert sorted(os.listdir(tmp_path)) == sorted(["p.txt", "stdout.txt", name.name])


def test_output_to_a_named_pipe_is_written_through(puzzle, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    code, err, _ = solve_into(fifo, puzzle)
    text, _ = reader.communicate(timeout=PATIENCE)
    assert (code, err, text) == (0, "", (SMALL4_SOLUTION + "\n").encode())
    assert os.path.exists(fifo) and not os.path.isfile(fifo)


@pytest.mark.parametrize("folder", ["/dev/null", "file"])
def test_an_output_dir_that_is_not_a_folder_is_an_io_error(folder, puzzle, tmp_path):
    if folder == "file":
        folder = tmp_path / "file"
        folder.write_text("keep\n")
    process = start("sudoku2cnf", "--output-dir", folder, puzzle, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 8
    assert err.decode() == "sudoku2cnf: cannot write into %s: it is not a folder\n" % folder
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


# -- names and standard streams in any encoding ------------------------------------------

def run(prog, *args, env=None, cwd=None):
    process = start(prog, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    env=env or {}, cwd=cwd)
    out, err = process.communicate(timeout=PATIENCE)
    return process.returncode, out, err


@pytest.mark.parametrize("prog", ["sudoku-solve", "sudoku-grade"])
@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_a_file_name_that_is_not_utf8_is_shown_escaped(prog, encoding, tmp_path):
    name = b"bad\xff.txt"
    with open(os.path.join(os.fsencode(tmp_path), name), "w") as bad:
        bad.write(SMALL4[:-1] + "x\n")
    code, out, err = run(prog, os.fsdecode(name), cwd=tmp_path,
                         env={"PYTHONIOENCODING": encoding})
    message = b"bad\\xff.txt:1: bad symbol 'x' in column 16 (a 4x4 grid uses 1-4)"
    assert (code, out, err) == (9, b"error\t" + message + b"\n",
                                prog.encode() + b": " + message + b"\n")


def test_a_symbol_standard_output_cannot_encode_is_an_io_error(puzzle):
    code, out, err = run("sudoku-solve", "--symbols", "αβγδ", puzzle,
                         env={"PYTHONIOENCODING": "ascii"})
    assert (code, out) == (8, b"")
    assert err == (b"sudoku-solve: cannot write standard output: its encoding, ascii, has "
                   b"no '\\u03b1' (set PYTHONIOENCODING=utf-8 or write a file with -o)\n")
    code, out, err = run("sudoku-solve", "--symbols", "αβγδ", puzzle, "-o",
                         puzzle.parent / "out.txt", env={"PYTHONIOENCODING": "ascii"})
    assert (code, out, err) == (0, b"", b"")
    assert (puzzle.parent / "out.txt").read_text("utf-8") == "αβγδδγαββαδγγδβα\n"


def test_an_error_line_with_a_symbol_standard_output_cannot_encode(tmp_path):
    (tmp_path / "p.txt").write_text(SMALL4 + "\n" + SMALL4[:-1] + "α\n", "utf-8")
    code, out, err = run("sudoku-solve", "-f", "line", "p.txt", cwd=tmp_path,
                         env={"PYTHONIOENCODING": "ascii"})
    message = b"p.txt:2: bad symbol '\\u03b1' in column 16"
    assert code == 9
    assert out == (SMALL4_SOLUTION + "\n").encode() + b"error\t" + message + b"\n"
    assert err == b"sudoku-solve: " + message + b"\n"


# -- a filter answers each line as it arrives ---------------------------------------------

@pytest.mark.parametrize("prog, first, second", [
    ("sudoku-solve", SMALL4_SOLUTION, "-"),
    ("sudoku-grade", SMALL4 + "\tup\t0", "2...2...2...2...\tnone\t0"),
])
@pytest.mark.parametrize("source", ["pipe", "pipe, a blank line first", "terminal"])
def test_each_line_is_answered_before_the_next_is_written(prog, first, second, source):
    if source.startswith("pipe"):
        reader, writer = os.pipe()
    else:
        writer, reader = os.openpty()
        import termios
        mode = termios.tcgetattr(reader)
        mode[3] &= ~termios.ECHO                # no echo into the master's reads
        termios.tcsetattr(reader, termios.TCSANOW, mode)
    process = start(prog, stdin=reader, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(reader)
    try:
        if source.endswith("first"):        # a first read of fewer bytes than a magic
            os.write(writer, b"\n")
            time.sleep(0.5)                 # (read on its own, most likely)
        os.write(writer, (SMALL4 + "\n").encode())
        assert read_line(process.stdout.fileno()) == (first + "\n").encode()
        os.write(writer, b"2..." * 4 + b"\n")
        assert read_line(process.stdout.fileno()) == (second + "\n").encode()
        os.write(writer, b"\x04" if source == "terminal" else b"")
        if source != "terminal":
            os.close(writer)
        out, err = process.communicate(timeout=PATIENCE)
        assert (process.returncode, out, err) == (0, b"", b"")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if source == "terminal":
            os.close(writer)


@pytest.mark.parametrize("puzzles", [1, 2])
def test_rules_after_an_answered_puzzle_are_an_error_line_not_its_rules(puzzles):
    process = start("sudoku-solve", "--count", "2", stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write((b"." * 16 + b"\n") * puzzles)
    process.stdin.flush()
    answers = read_line(process.stdout.fileno(), lines=puzzles).splitlines()
    assert len(answers) == puzzles and all(a.endswith(b"\t2") for a in answers), answers
    process.stdin.write(b"killer 3 r1c1 r1c2\n")
    out, err = process.communicate(timeout=PATIENCE)
    message = b"<stdin>:%d: rules after a pause in the input: the puzzle before them " \
        b"was answered without them (send a grid and its rules together)" % (puzzles + 1)
    assert (process.returncode, out, err) == (9, b"error\t" + message + b"\n",
                                              b"sudoku-solve: " + message + b"\n")


def test_a_grid_and_its_rules_written_together_are_one_puzzle(tmp_path):
    # (its answer comes when the next puzzle starts: more rules could follow)
    variant = b"." * 16 + b"\nkiller 3 r1c1 r1c2\nkiller 7 r1c3 r1c4\n"
    at_once = []
    for text in (variant, b"." * 16 + b"\n"):
        (tmp_path / "p.txt").write_bytes(text)
        at_once.append(run("sudoku-solve", "--count", "2", "p.txt", cwd=tmp_path)[1])
    assert at_once[0] != at_once[1]                   # the rules change the answer
    process = start("sudoku-solve", "--count", "2", stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdin.write(variant)
    process.stdin.flush()
    process.stdin.write(b"." * 16 + b"\n")
    process.stdin.flush()
    first = read_line(process.stdout.fileno())
    out, err = process.communicate(timeout=PATIENCE)
    # The first read may hold both answers: the next puzzle was written already.
    assert (first + out, err, process.returncode) == (at_once[0] + at_once[1], b"", 0)


GRIDS = {
    "line": SMALL4 + "\n",
    "rows": "1..4\n4...\n...3\n3..1\n",
    "spaced": "1 . . 4\n4 . . .\n. . . 3\n3 . . 1\n",
    "boxed": "+-----+-----+\n| 1 . | . 4 |\n| 4 . | . . |\n+-----+-----+\n"
             "| . . | . 3 |\n| 3 . | . 1 |\n+-----+-----+\n",
}


@pytest.mark.parametrize("prog", ["sudoku-solve", "sudoku-grade", "sudoku-analyze"])
@pytest.mark.parametrize("grid", sorted(GRIDS))
@pytest.mark.parametrize("after", ["", "\n", "# a note\n", "\n\n# a note\n\n"])
def test_a_puzzle_then_blank_lines_or_comments_is_answered_at_the_pause(prog, grid,
                                                                         after):
    # The answer must come while the input is still open: only then is it closed.
    process = start(prog, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    try:
        process.stdin.write((GRIDS[grid] + after).encode())
        process.stdin.flush()
        answer = read_line(process.stdout.fileno())
        out, err = process.communicate(timeout=PATIENCE)      # (closes the input)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    expected = {"sudoku-solve": SMALL4_SOLUTION + "\n", "sudoku-grade": SMALL4 + "\tup\t0\n",
                "sudoku-analyze": "puzzle: <stdin>:"}[prog]
    assert answer.decode().startswith(expected), (answer, err)
    assert process.returncode == 0, err


@pytest.mark.parametrize("prog", ["sudoku-solve", "sudoku-grade"])
@pytest.mark.parametrize("bad", [b"garbage!", b"gar\0bage"])
def test_a_damaged_first_line_on_a_pipe_keeps_the_puzzle_after_it(prog, bad):
    process = start(prog, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    try:
        process.stdin.write(bad + b"\n" + SMALL4.encode() + b"\n")
        process.stdin.flush()
        first = read_line(process.stdout.fileno(), lines=2)
        out, err = process.communicate(timeout=PATIENCE)      # (closes the input)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    lines = (first + out).decode().splitlines()
    assert lines[0].startswith("error\t<stdin>:1: ") and len(lines) == 2, (lines, err)
    assert lines[1].startswith(SMALL4_SOLUTION if prog == "sudoku-solve" else SMALL4)
    assert process.returncode == 9
