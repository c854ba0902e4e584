"""The habits all six commands share: one meaning per short option, --version, help
that fits 80 columns, shell completion, and `python -m`."""

import importlib
import os
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from support import COMMANDS, ROOT, SMALL4, SMALL4_SOLUTION, command, in_process



def click_command(prog):
    return typer.main.get_command(importlib.import_module(COMMANDS[prog]).app)


def options(prog):
    """``(short letters, long names)`` of each option of ``prog``, --help too."""
    command = click_command(prog)
    context = command.make_context(prog, [], resilient_parsing=True)
    for param in command.get_params(context):
        if param.param_type_name != "option":
            continue
        names = list(param.opts) + list(param.secondary_opts)
        shorts = [name for name in names if not name.startswith("--")]
        longs = [name for name in param.opts if name.startswith("--")]
        yield shorts, longs


def test_each_short_option_has_one_long_meaning_across_all_commands():
    meanings = {}
    for prog in COMMANDS:
        for shorts, longs in options(prog):
            assert len(longs) == 1, (prog, shorts, longs)
            for short in shorts:
                meanings.setdefault(short, {}).setdefault(longs[0], []).append(prog)
    clashes = {short: used for short, used in meanings.items() if len(used) > 1}
    assert clashes == {}
    # The letters the README's table promises, each with its one meaning.
    assert meanings["-c"] == {"--count": ["sudoku-solve", "sudoku-gen"]}
    assert meanings["-o"] == {"--output": list(COMMANDS)}
    assert meanings["-V"] == {"--version": list(COMMANDS)}
    assert meanings["-h"] == {"--help": list(COMMANDS)}


def test_the_table_of_short_options_matches_the_commands():
    readme = (ROOT / "docs" / "commands.md").read_text()
    table = readme[readme.index("| short | long |"):]
    table = table[:table.index("\n\n")]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [cell.strip().strip("`") for cell in line.strip("|").split("|")]
        rows[cells[0]] = (cells[1], sorted(c.strip() for c in cells[2].split(",")))
    expected = {}
    for prog in COMMANDS:
        for shorts, longs in options(prog):
            for short in shorts:
                expected.setdefault(short, (longs[0], set()))[1].add(prog)
    expected = {short: (long, sorted(progs) if len(progs) < len(COMMANDS) else ["all"])
                for short, (long, progs) in expected.items()}
    assert rows == expected


def test_sudoku_gen_dash_c_is_the_count():
    # Once -c aimed at --clues: `sudoku-gen -c 3` made one puzzle of at least 3 clues.
    from dimacs_sudoku.cli import sudoku_gen
    result = CliRunner().invoke(sudoku_gen.app, ["-c", "3", "--seed", "1", "-n", "4",
                                                 "-F", "line"], prog_name="sudoku-gen")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 3


@pytest.mark.parametrize("prog", COMMANDS)
def test_version(prog):
    from dimacs_sudoku import __version__
    app = importlib.import_module(COMMANDS[prog]).app
    for flag in ("--version", "-V"):
        result = CliRunner().invoke(app, [flag], prog_name=prog)
        assert result.exit_code == 0
        assert result.stdout == "%s (dimacs-sudoku) %s\n" % (prog, __version__)


@pytest.mark.parametrize("prog", COMMANDS)
def test_help_fits_80_columns(prog, monkeypatch):
    # On a wide terminal too: the text blocks are laid out by hand.
    monkeypatch.setenv("COLUMNS", "200")
    app = importlib.import_module(COMMANDS[prog]).app
    result = CliRunner().invoke(app, ["--help"], prog_name=prog)
    assert result.exit_code == 0
    wide = [line for line in result.stdout.splitlines() if len(line) > 80]
    assert wide == []
    assert "--install-completion" in result.stdout and "--version" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("prog", COMMANDS)
def test_shell_completion_of_option_names(prog):
    # What bash asks for when the user presses TAB after `PROG --`.
    var = "_%s_COMPLETE" % prog.replace("-", "_").upper()
    env = dict(os.environ, COMP_WORDS="%s --" % prog, COMP_CWORD="1")
    env[var] = "complete_bash"
    done = subprocess.run([sys.executable, str(ROOT / "bin" / prog)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    offered = done.stdout.split()
    assert "--output" in offered and "--version" in offered and "--help" in offered


@pytest.mark.slow
@pytest.mark.parametrize("prog, words, expected", [
    ("sudoku-gen", "sudoku-gen --symmetry d", ["diagonal", "dihedral"]),
    ("sudoku2cnf", "sudoku2cnf --amo b", ["binary", "bimander"]),
    ("sudoku-solve", "sudoku-solve --format j", ["json"]),
    ("cnf2sudoku", "cnf2sudoku --input-format t", ["table", "tdoku", "triples"]),
])
def test_shell_completion_of_option_values(prog, words, expected):
    var = "_%s_COMPLETE" % prog.replace("-", "_").upper()
    env = dict(os.environ, COMP_WORDS=words, COMP_CWORD="2")
    env[var] = "complete_bash"
    done = subprocess.run([sys.executable, str(ROOT / "bin" / prog)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert sorted(done.stdout.split()) == sorted(expected)


def test_completion_lists_name_what_the_library_accepts():
    from dimacs_sudoku.cli import options
    from dimacs_sudoku.encodings import ENCODINGS
    from dimacs_sudoku.core.symmetry import SYMMETRIES
    from dimacs_sudoku.formats import FORMATS
    assert options.completion("ENCODINGS", "encodings")("") == list(ENCODINGS)
    assert options.completion("SYMMETRIES", "core.symmetry")("") == list(SYMMETRIES)
    assert options.completion("FORMATS", "formats")("") == list(FORMATS)


def run_module(*args, input=None):
    return subprocess.run([sys.executable, "-m", *args], input=input, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_python_m_with_no_command_lists_the_six():
    for argv in ((), ("--help",)):
        done = run_module("dimacs_sudoku", *argv)
        assert done.returncode == 0 and done.stderr == ""
        listed = [line.split()[0] for line in done.stdout.splitlines()
                  if line.startswith("  ") and not line.startswith("  python")]
        assert listed == list(COMMANDS)


@pytest.mark.slow
def test_python_m_runs_the_command_named_first():
    done = run_module("dimacs_sudoku", "sudoku-solve", "-", input=SMALL4 + "\n")
    assert (done.returncode, done.stdout) == (0, SMALL4_SOLUTION + "\n"), done.stderr
    done = run_module("dimacs_sudoku", "sudoku2cnf", "--version")
    assert done.stdout.startswith("sudoku2cnf (dimacs-sudoku) ")


@pytest.mark.slow
def test_python_m_unknown_command_is_a_usage_error():
    done = run_module("dimacs_sudoku", "sudoku-solver")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "'sudoku-solver'" in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("prog", COMMANDS)
def test_python_m_runs_each_command_module(prog):
    done = run_module(COMMANDS[prog], "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("%s (dimacs-sudoku) " % prog)


def test_setup_cfg_installs_the_command_table():
    import configparser
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    installed = dict(line.split(" = ") for line in
                     config["options.entry_points"]["console_scripts"].strip().splitlines())
    assert installed == {name: module + ":main" for name, module in COMMANDS.items()}


def test_bin_holds_the_command_table_each_by_one_script():
    scripts = sorted((ROOT / "bin").iterdir())
    assert [script.name for script in scripts] == sorted(COMMANDS)
    assert len({script.read_bytes() for script in scripts}) == 1


def test_each_command_module_is_named_as_installed():
    helpers = {"__init__", "runtime", "options", "progress", "checkout", "package",
               "workers"}
    modules = {"dimacs_sudoku.cli." + path.stem
               for path in (ROOT / "dimacs_sudoku" / "cli").glob("*.py")
               if path.stem not in helpers}
    assert modules == set(COMMANDS.values())
    assert all(module.rsplit(".", 1)[1] == prog.replace("-", "_")
               for prog, module in COMMANDS.items())


@pytest.mark.slow
def test_a_pipe_of_python_m_commands():
    cnf = run_module("dimacs_sudoku", "sudoku2cnf", input=SMALL4 + "\n").stdout
    out = run_module("dimacs_sudoku.cli.cnfsolve", input=cnf).stdout
    done = run_module("dimacs_sudoku", "cnf2sudoku", input=out)
    assert (done.returncode, done.stdout) == (0, SMALL4_SOLUTION + "\n")


@pytest.mark.slow
def test_output_dir_names_sort_in_input_order(tmp_path):
    from support import command
    lines = [SMALL4] * 12
    (tmp_path / "twelve.txt").write_text("\n".join(lines) + "\n")
    done = command("sudoku2cnf", "--output-dir", tmp_path / "a", tmp_path / "twelve.txt")
    assert done.returncode == 0, done.stderr
    names = sorted(os.listdir(tmp_path / "a"))
    assert names == ["index.csv"] + ["twelve-%02d.cnf" % k for k in range(1, 13)]
    # From stdin, which cannot be counted first: six digits.
    done = command("sudoku2cnf", "--output-dir", tmp_path / "b", "-",
                   input="\n".join(lines[:3]) + "\n")
    assert sorted(os.listdir(tmp_path / "b")) == ["index.csv"] + [
        "stdin-00000%d.cnf" % k for k in (1, 2, 3)]


@pytest.mark.slow
@pytest.mark.parametrize("prog", ["sudoku-solve", "sudoku-grade"])
def test_several_input_files_in_turn_with_errors_naming_each(prog, tmp_path):
    from support import INKALA, command
    (tmp_path / "a.txt").write_text(SMALL4 + "\n1..44......33..x\n")
    (tmp_path / "b.txt").write_text("%s\n%sx\n" % (INKALA, INKALA[:-1]))
    done = command(prog, "-f", "line", "a.txt", "b.txt", "-", input=SMALL4 + "\n",
                   cwd=tmp_path)
    assert done.returncode == 9
    lines = done.stdout.splitlines()
    assert len(lines) == 5
    assert lines[1].startswith("error\ta.txt:2: ") and lines[3].startswith("error\tb.txt:2: ")
    assert lines[4].startswith(SMALL4_SOLUTION if prog == "sudoku-solve" else SMALL4)
    assert [line.split(": ")[1] for line in done.stderr.splitlines()] == ["a.txt:2",
                                                                         "b.txt:2"]


@pytest.mark.slow
@pytest.mark.parametrize("prog", ["sudoku-solve", "sudoku-grade"])
def test_a_missing_input_is_its_own_error_line(prog, tmp_path):
    # A file that cannot be opened costs its own line, as an unreadable puzzle does:
    # the other files are read, and the exit code is 9.
    from support import command
    (tmp_path / "a.txt").write_text(SMALL4 + "\n")
    done = command(prog, "a.txt", "missing.txt", tmp_path, "a.txt", "-o", "out.txt",
                   cwd=tmp_path)
    assert (done.returncode, done.stdout) == (9, "")
    assert done.stderr == ("%s: cannot read missing.txt: No such file or directory\n"
                           "%s: cannot read %s: Is a directory\n" % (prog, prog, tmp_path))
    lines = (tmp_path / "out.txt").read_text().splitlines()
    assert lines[1:3] == ["error\tcannot read missing.txt: No such file or directory",
                          "error\tcannot read %s: Is a directory" % tmp_path]
    assert lines[0] == lines[3] and lines[0].startswith(
        SMALL4_SOLUTION if prog == "sudoku-solve" else SMALL4)
    done = command(prog, "missing.txt", cwd=tmp_path)
    assert done.returncode == 9
    assert done.stdout == "error\tcannot read missing.txt: No such file or directory\n"
    done = command(prog, "-", "-", input=SMALL4 + "\n")
    assert done.returncode == 2 and "once" in done.stderr


def model_line(solution):
    """A solver's answer for the 4x4 grid ``solution`` under the standard numbering."""
    return "s SATISFIABLE\nv %s 0\n" % " ".join(
        str(cell * 4 + d if int(digit) == d else -(cell * 4 + d))
        for cell, digit in enumerate(solution) for d in range(1, 5))


@pytest.mark.slow
@pytest.mark.parametrize("prog, args, stdin", [
    ("sudoku2cnf", ["--encoding", "minimal"], SMALL4 + "\n"),
    ("sudoku2cnf", ["--bogus"], ""),
    ("cnfsolve", ["-q"], "p cnf 2 2\n1 0\n-1 2 0\n"),
    ("cnf2sudoku", ["--size", "4"], model_line(SMALL4_SOLUTION)),
    ("sudoku-solve", ["--count", "2"], SMALL4 + "\n1..x\n"),
    ("sudoku-gen", ["-c", "2", "--seed", "1", "-n", "4", "-F", "line"], ""),
    ("sudoku-grade", [], SMALL4 + "\n"),
])
def test_in_process_runs_answer_as_the_installed_commands(prog, args, stdin):
    """The tests that run a command in this process (support.in_process) see what
    bin/PROG prints and exits with: the same bytes, the same error lines and code."""
    here = in_process(prog, *args, input=stdin)
    there = command(prog, *args, input=stdin)
    assert (here.returncode, here.stdout, here.stderr) == \
        (there.returncode, there.stdout, there.stderr)
    assert here.stdout or here.stderr


def test_paused_gc_gives_the_collector_back_as_it_was():
    import gc
    from dimacs_sudoku.cli.runtime import PausedGC
    assert gc.isenabled()
    with PausedGC() as pause:
        assert not gc.isenabled()
        pause.end()                     # early, before more models
        assert gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError):
        with PausedGC():
            raise KeyError("a failure inside")
    assert gc.isenabled()
    gc.disable()
    try:
        with PausedGC() as pause:
            pause.end()
            assert not gc.isenabled()   # it was off before: it stays off
        assert not gc.isenabled()
    finally:
        gc.enable()
