"""Every shell example of the README (and of each command's --help) as written.

Each example's options are parsed by its command, without running it, so a renamed or
removed option fails here. The README's examples are then run, in order, in one
folder holding the files they name, and their results checked. Not run:

- `make run`, `make test`: they build `.venv` with pip, which needs the network
  (`make -j4 examples` and `make examples SOLVER=picosat` are run by
  tests/system/test_makefile.py, without the venv);
- kissat and glucose pipes: no Debian package, so they run only where the solver is
  on PATH (`cnfsolve --solver pysat:kissat404` runs kissat when python-sat is there);
- a synopsis that ends in `\\` (a line of choices);
- the recipes of the Makefile example (`$<`, `$@`), which only make expands (the
  project's Makefile has the same rules, run by tests/system/test_makefile.py);
- `--install-completion`, which writes to the shell's start-up files.
"""

import importlib
import re
import shlex
import shutil

import pytest
import typer

from conftest import require_pysat, require_solver
from support import COMMANDS, INKALA, INKALA_SOLUTION, ROOT, SMALL4, shell

SOLVERS = ("picosat", "minisat", "cadical", "cryptominisat5")   # CI installs these
OPTIONAL = ("kissat", "glucose")                                  # nobody packages these
PROGRAMS = set(COMMANDS) | set(SOLVERS) | set(OPTIONAL) | {"parallel", "make", "python"}


def readme_examples():
    """``(line number, text)`` of each shell line of the README: lines indented four
    spaces, outside fenced blocks, whose first word is a program."""
    examples, fenced = [], False
    for number, line in enumerate((ROOT / "README.md").read_text().splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("    ") and not line[4:5].isspace():
            words = line.split()
            if words and words[0] in PROGRAMS:
                examples.append((number, line.strip()))
    return examples


def help_examples():
    """``(command, text)`` of each line under "Examples:" in the commands' --help."""
    found = []
    for prog, module in COMMANDS.items():
        text = importlib.import_module(module).HELP
        block = text[text.index("Examples:\n") + len("Examples:\n"):]
        for line in block.split("\n\n")[0].splitlines():
            found.append((prog, line.strip()))
    return found


def invocations(text):
    """``(command, args)`` of each of our commands in a shell line: pipes, ``;``,
    ``&&`` and redirections split, comments dropped, and the command found inside a
    wrapper such as ``parallel``."""
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    words, segments = list(lexer), [[]]
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("|", "||", "&&", ";", "&"):
            segments.append([])
        elif word in ("<", ">", ">>", "2>", "&>"):
            skip = True             # the redirection's target
        else:
            segments[-1].append(word)
    for segment in segments:
        for k, word in enumerate(segment):
            if word in COMMANDS:
                yield word, segment[k + 1:]
                break


def parses(prog, args):
    """Let ``prog``'s Typer command parse ``args``; return the usage error or None."""
    command = typer.main.get_command(importlib.import_module(COMMANDS[prog]).app)
    try:
        command.make_context(prog, list(args))
    except Exception as error:      # typer brings its own click: match by name
        kinds = {kind.__name__ for kind in type(error).__mro__}
        if "UsageError" in kinds or "BadParameter" in kinds:
            return error.format_message()
        raise
    return None


def test_the_readme_has_examples_to_check():
    lines = [text for _, text in readme_examples()]
    assert "sudoku2cnf p.txt | cnfsolve | cnf2sudoku                      # bundled picosat" \
        in lines
    assert any(line.startswith("parallel ") for line in lines)
    assert len(lines) > 25


def test_invocations_split_a_shell_line():
    found = list(invocations("sudoku2cnf p.txt --exclude p.sol | picosat > /dev/null; "
                             "echo $?   # 20: unique"))
    assert found == [("sudoku2cnf", ["p.txt", "--exclude", "p.sol"])]
    found = list(invocations("parallel --pipe -k -N 1000 sudoku-solve --count 2 < big.txt"))
    assert found == [("sudoku-solve", ["--count", "2"])]


# A line ending in a backslash is a synopsis of choices, not an example.
@pytest.mark.parametrize("where, text", [(where, text) for where, text in
                                         readme_examples() + help_examples()
                                         if not text.endswith("\\")])
def test_each_example_parses(where, text):
    for prog, args in invocations(text):
        assert parses(prog, args) is None, (where, text)


def test_a_bad_option_does_not_parse():
    assert "No such option" in parses("cnf2sudoku", ["-c", "p.cnf", "p.res"])
    assert parses("sudoku-gen", ["-c", "10"]) is None


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The files the README's examples name."""
    where = tmp_path_factory.mktemp("readme")
    (where / "p.txt").write_text(INKALA + "\n")
    (where / "puzzle.txt").write_text(INKALA + "\n")
    (where / "17-clue.txt").write_text((INKALA + "\n") * 3)
    (where / "part1.txt").write_text(INKALA + "\n")
    import gzip
    with gzip.open(where / "part2.txt.gz", "wt") as part:
        part.write(INKALA + "\n")
    (where / "big.txt").write_text((INKALA + "\n") * 1200 + SMALL4[:-1] + "x\n")
    return where


def needs(text):
    """The programs besides ours that ``text`` runs."""
    words = set(re.findall(r"[\w.:-]+", text.split("#")[0]))
    used = {name for name in SOLVERS + OPTIONAL + ("parallel",) if name in words}
    if "pysat:kissat404" in words:
        used.add("pysat")
    return used


def readme_blocks():
    """The runnable examples, in blocks of consecutive lines: a later line of a block
    may read what an earlier one wrote."""
    blocks, last = [], None
    for number, text in readme_examples():
        if text.startswith("make ") or text.endswith("\\"):
            continue
        if last is None or number != last + 1:
            blocks.append([])
        blocks[-1].append((number, text))
        last = number
    return blocks


@pytest.mark.slow
@pytest.mark.parametrize("block", readme_blocks(), ids=lambda block: "line%d" % block[0][0])
def test_each_readme_example_runs(block, folder):
    for program in set().union(*(needs(text) for _, text in block)):
        if program == "pysat":
            require_pysat()
        elif program not in OPTIONAL:
            require_solver(program)
    ran = 0
    for number, text in block:
        if any(shutil.which(name) is None for name in needs(text) & set(OPTIONAL)):
            continue                # kissat, glucose: run where installed
        check_example(number, text, folder)
        ran += 1
    assert ran


def check_example(number, text, folder):
    run = shell(text, cwd=folder)
    expected = 10 if text.startswith("minisat ") else 0
    if text.startswith("parallel "):
        expected = 1                # GNU parallel's count of failed chunks
    assert run.returncode == expected, (number, text, run.stderr)
    assert "Traceback" not in run.stderr
    comment = re.search(r"echo \$\?\s+# (\d+)", text)
    command = text.split("  #")[0].strip()
    if comment:
        assert run.stdout.strip() == comment.group(1)
    elif re.search(r"\| cnf2sudoku( --puzzle p.txt( --reduce)?)?$", command) or \
            command == "cnf2sudoku --cnf p.cnf p.res":
        assert run.stdout == INKALA_SOLUTION + "\n", (number, text)
    if text.startswith("parallel "):
        lines = (folder / "out.txt").read_text().splitlines()
        assert lines[:1200] == [INKALA_SOLUTION + "\t1"] * 1200
        assert lines[1200].startswith("error\t") and len(lines) == 1201
    if text.startswith("sudoku-solve --unique"):
        assert (folder / "checked.txt").read_text() == (INKALA_SOLUTION + "\t1\n") * 3
    if text.startswith("sudoku-solve part1.txt"):
        assert (folder / "solved.txt").read_text() == (INKALA_SOLUTION + "\n") * 2
    if text.startswith("sudoku-gen --count 10"):
        assert len(run.stdout.splitlines()) == 10


# ---- fenced examples, example puzzles, the lists the README states --------------------

def fenced_blocks():
    """``(tag, first line number, lines)`` of each fenced block of the README."""
    blocks, current = [], None
    for number, line in enumerate((ROOT / "README.md").read_text().splitlines(), 1):
        if line.startswith("```"):
            if current is None:
                current = (line[3:].strip(), number + 1, [])
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current[2].append(line)
    return blocks


def sh_examples():
    """``(line number, text, files)`` of each line of a ```sh block, with the puzzle
    file it names: the untagged block just before it (killer.txt)."""
    found, before = [], None
    for tag, start, lines in fenced_blocks():
        if tag == "sh":
            names = set(re.findall(r"[\w-]+\.txt", "\n".join(lines)))
            files = {name: "\n".join(before) + "\n" for name in names} if before else {}
            found += [(start + k, text, files) for k, text in enumerate(lines) if text]
        before = lines if tag == "" else None
    return found


def test_the_readme_has_fenced_examples_to_check():
    texts = [text for _, text, _ in sh_examples()]
    assert any("f-puzzles.com/?load=" in text for text in texts)
    assert all(files for _, _, files in sh_examples())


@pytest.mark.slow
@pytest.mark.parametrize("number, text, files", sh_examples(),
                         ids=["line%d" % number for number, _, _ in sh_examples()])
def test_each_fenced_example_runs_as_the_readme_says(number, text, files, tmp_path):
    for program in needs(text):
        if program not in OPTIONAL:
            require_solver(program)
    for name, content in files.items():
        (tmp_path / name).write_text(content)
    for prog, args in invocations(text):
        assert parses(prog, args) is None, (number, text)
    run = shell(text.split("  #")[0], cwd=tmp_path)
    assert run.returncode == 0, (number, text, run.stderr)
    assert run.stdout and "Traceback" not in run.stderr
    if "--count 2" in text:         # "is it unique?": every puzzle's line says 1
        assert all(line.endswith("\t1") for line in run.stdout.splitlines()), run.stdout


def example_puzzles():
    """Every puzzle the project shows: examples/*.sdk, the Makefile's, the README's
    puzzle files and its Python example's."""
    found = {path.name: path.read_text() for path in sorted((ROOT / "examples").glob("*.sdk"))}
    makefile = (ROOT / "Makefile").read_text()
    found["Makefile"] = re.search(r"^PUZZLE := (\S+)$", makefile, re.M).group(1) + "\n"
    for _, _, files in sh_examples():
        found.update(files)
    readme = (ROOT / "README.md").read_text()
    found["python"] = "".join(re.findall(r'parse_puzzle\(((?:"[^"]*"\s*)+)\)', readme)[0]
                              .replace('"', "").split()) + "\n"
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(example_puzzles()))
def test_every_example_puzzle_has_exactly_one_solution(name, tmp_path):
    (tmp_path / "p.txt").write_text(example_puzzles()[name])
    run = shell("sudoku-solve --count 2 p.txt", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines and all(line.endswith("\t1") for line in lines), (name, run.stdout)


def family_rules():
    """The rule lines of the README's table of one example per family."""
    text = (ROOT / "README.md").read_text()
    table = text[text.index("One example per family"):]
    table = table[table.index("\n|"):]
    table = table[:table.index("\n\n")]
    return [rule for row in table.splitlines() if row.startswith("| ") and row.count("|") >= 3
            for rule in re.findall(r"`([^`]+)`", row.split("|")[2])]


@pytest.mark.slow
def test_each_family_example_is_a_whole_rule_that_some_grid_obeys(tmp_path):
    rules = family_rules()
    assert len(rules) > 25 and not [rule for rule in rules if "..." in rule]
    (tmp_path / "rules.txt").write_text("".join("." * 81 + "\n" + rule + "\n\n"
                                                for rule in rules))
    run = shell("sudoku-solve rules.txt", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == len(rules)
    assert [rule for rule, line in zip(rules, lines) if line == "-"] == []


@pytest.mark.slow
def test_the_input_formats_listed_are_the_ones_input_format_takes():
    from dimacs_sudoku.formats import FORMATS, INPUT_FORMATS, OUTPUT_FORMATS, PENCIL_FORMS
    text = (ROOT / "README.md").read_text()
    table = text[text.index("| name | `-f` | `-F` | what |"):]
    table = table[:table.index("\n\n")]
    rows = [[cell.strip() for cell in row.strip("|").split("|", 3)]
            for row in table.splitlines()[2:]]
    assert sorted(name.strip("`") for name, f, _, _ in rows if f == "✓") == \
        sorted(INPUT_FORMATS)
    assert sorted(name.strip("`") for name, _, o, _ in rows if o == "✓") == \
        sorted(OUTPUT_FORMATS)
    docs = (ROOT / "docs" / "formats.md").read_text()
    section = docs[docs.index("## Input formats"):docs.index("## How the format is detected")]
    assert sorted(re.findall(r"^- \*\*([\w-]+)\*\*", section, re.M)) == sorted(FORMATS)
    forms = docs[docs.index("| form (`-f`, `-F`) |"):]
    forms = forms[:forms.index("\n\n")]
    assert [row.split("`")[1] for row in forms.splitlines()[2:]] == list(PENCIL_FORMS)
    for prog in ("sudoku-solve", "sudoku2cnf", "cnf2sudoku", "sudoku-grade"):
        run = shell("%s --help" % prog)
        # (the help wraps a hyphenated name after its hyphen)
        words = " ".join(run.stdout.split()).replace("- ", "-")
        assert all(name in words for name in INPUT_FORMATS), prog
