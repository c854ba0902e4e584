"""docs/scaling.md's recipes: GNU parallel over two "hosts" (parallel's --ssh pointed at
a stand-in for ssh that runs the command here, whatever the host) gives the lines of
one process; the Python examples (concurrent.futures; Dask when installed) run."""

import os
import re
import stat
import subprocess
import sys

import pytest

from conftest import require_solver
from support import BIN, INKALA, ROOT, SMALL4

pytestmark = pytest.mark.slow

# A stand-in for ssh: parallel calls it as `SSH [options] HOST -- COMMAND`.
FAKE_SSH = """#!/bin/sh
echo "$*" | cut -d' ' -f1 >> "$(dirname "$0")/hosts.log"
while [ $# -gt 0 ]; do
  case "$1" in
    -l|-o|-p|-i|-F|-S) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
shift
[ "$1" = "--" ] && shift
# sshd gives the remote command the login shell in SHELL, and parallel's wrapper runs the
# job with it: with SHELL unset (as under CI) every job ran nothing and exited 0.
export SHELL=/bin/sh
exec /bin/sh -c "$*"
"""

PUZZLES = [INKALA,
           "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
           "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
           "." * 81, "11" + "." * 79,
           "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1...."]


@pytest.fixture
def hosts(tmp_path):
    """(environment, folder): PATH with the commands and the stand-in ssh."""
    require_solver("parallel")          # GNU parallel: CI installs it
    folder = tmp_path / "bin"
    folder.mkdir()
    ssh = folder / "fake-ssh"
    ssh.write_text(FAKE_SSH)
    ssh.chmod(ssh.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH="%s:%s:%s" % (folder, os.path.dirname(sys.executable),
                                               os.environ.get("PATH", "")),
               PARALLEL_HOME=str(tmp_path / "parallel-home"))
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    return env, folder


def run(args, env, **options):
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=600,
                          **options)


def used_hosts(folder):
    return set((folder / "hosts.log").read_text().split())


def test_parallel_pipe_over_two_hosts_gives_the_lines_of_one_process(hosts, tmp_path):
    env, folder = hosts
    text = "\n".join(PUZZLES * 4) + "\n"
    one = run([str(BIN / "sudoku-solve"), "--count", "2"], env, input=text)
    spread = run(["parallel", "--ssh", str(folder / "fake-ssh"), "-S", "1/alpha,1/beta",
                  "--pipe", "-k", "-N", "3", "sudoku-solve", "-j", "2", "--count", "2"], env,
                 input=text)
    assert one.returncode == 0 and one.stdout.count("\n") == len(PUZZLES) * 4
    assert spread.returncode == 0, spread.stderr
    assert spread.stdout == one.stdout, spread.stderr
    assert used_hosts(folder) == {"alpha", "beta"}


def test_a_host_file_job_log_and_resume(hosts, tmp_path):
    env, folder = hosts
    (tmp_path / "hosts.txt").write_text("1/alpha\n1/beta\n")
    parts = tmp_path / "parts"
    parts.mkdir()
    for k in range(4):
        (parts / ("part-%d.txt" % k)).write_text("\n".join(PUZZLES[k:] + [SMALL4]) + "\n")
    command = ["parallel", "--ssh", str(folder / "fake-ssh"), "--slf", "hosts.txt",
               "--joblog", "solve.log", "--resume",
               "sudoku-solve --count 2 {} > {}.out", ":::"] + sorted(
                   str(p) for p in parts.iterdir())
    first = run(command, env, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    log = (tmp_path / "solve.log").read_text()
    assert len(log.splitlines()) == 5                   # a header and four jobs
    again = run(command, env, cwd=tmp_path)             # everything done: nothing runs
    assert again.returncode == 0 and (tmp_path / "solve.log").read_text() == log
    joined = "".join((parts / ("part-%d.txt.out" % k)).read_text() for k in range(4))
    whole = "".join((parts / ("part-%d.txt" % k)).read_text() for k in range(4))
    assert joined == run([str(BIN / "sudoku-solve"), "--count", "2"], env,
                         input=whole).stdout
    assert used_hosts(folder) == {"alpha", "beta"}


def test_cnf_benchmark_lines_over_two_hosts(hosts, tmp_path):
    env, folder = hosts
    require_solver("cadical")
    require_solver("minisat")
    (tmp_path / "p.txt").write_text("\n".join(PUZZLES[:4]) + "\n")
    made = run([str(BIN / "sudoku2cnf"), "--output-dir", "cnf", "p.txt"], env,
               cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    cnfs = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "cnf").glob("*.cnf"))
    assert len(cnfs) == 4
    script = str(ROOT / "examples" / "cnf-line.sh")
    done = run(["parallel", "--ssh", str(folder / "fake-ssh"), "-S", "1/alpha,1/beta",
                "-k", script, "{1}", "{2}", "60", ":::"] + cnfs + [":::", "cadical",
                                                                   "minisat"],
               env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = [line.split("\t") for line in done.stdout.splitlines()]
    assert [(f, s) for f, s, *_ in lines] == [(f, s) for f in cnfs
                                              for s in ("cadical", "minisat")]
    for _, _, status, seconds, checked in lines:
        assert (status, checked) == ("SATISFIABLE", "model")
        assert float(seconds) >= 0
    assert used_hosts(folder) == {"alpha", "beta"}


def example(name):
    """The Python example of docs/scaling.md marked ``<!-- example: NAME -->``."""
    text = (ROOT / "docs" / "scaling.md").read_text()
    found = re.search(r"<!-- example: %s -->\n```python\n(.*?)```" % name, text, re.S)
    assert found, "no example %r in docs/scaling.md" % name
    return found.group(1)


@pytest.mark.parametrize("name", ["futures", "dask"])
def test_the_python_examples_give_the_lines_of_sudoku_solve(name, tmp_path):
    if name == "dask":
        pytest.importorskip("dask.bag")     # optional: not a dependency
    (tmp_path / "example.py").write_text(example(name))
    puzzles = [p for p in PUZZLES if p != "11" + "." * 79] * 150
    (tmp_path / "p.txt").write_text("\n".join(puzzles) + "\n")
    env = dict(os.environ)
    env.pop("DIMACS_SUDOKU_DEBUG", None)
    done = run([sys.executable, "example.py", "p.txt"], env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    expected = run([sys.executable, str(BIN / "sudoku-solve"), "--count", "2", "p.txt"],
                   env, cwd=tmp_path)
    assert expected.returncode == 0, expected.stderr
    assert done.stdout == expected.stdout
    assert done.stdout.count("\n") == len(puzzles)
