"""``python -m dimacs_sudoku COMMAND [ARGS...]``: run one of the six commands.

The command is named as installed (``sudoku2cnf``, ``sudoku-solve``, ...) and the
rest of the line is its own, so ``python -m dimacs_sudoku sudoku2cnf p.txt`` is
``sudoku2cnf p.txt``. With no command, or ``-h``/``--help``, it lists the commands;
``--version`` prints the version. Each command module runs on its own too:
``python -m dimacs_sudoku.cli.sudoku_solve`` is ``sudoku-solve``.
"""

import sys

from .cli import COMMANDS, run

PROG = "python -m dimacs_sudoku"


def usage():
    lines = ["usage: %s COMMAND [ARGS...]" % PROG, "",
             "Sudoku as SAT through DIMACS CNF. The commands (each has --help):"]
    lines += ["  %-13s %s" % (name, what) for name, (_, what) in COMMANDS.items()]
    lines += ["", "Examples:",
              "  %s sudoku-gen --count 5 --seed 1 > puzzles.txt" % PROG,
              "  %s sudoku-solve puzzles.txt" % PROG]
    return "\n".join(lines) + "\n"


def main(argv=None):
    """Run the command named first in ``argv`` (default ``sys.argv[1:]``) and return
    its exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        sys.stdout.write(usage())
        return 0
    if argv[0] in ("-V", "--version"):
        from . import __version__
        sys.stdout.write("dimacs-sudoku %s\n" % __version__)
        return 0
    name = argv[0]
    if name not in COMMANDS:
        sys.stderr.write("%s: no command %r (the commands: %s; see %s --help)\n"
                         % (PROG, name, ", ".join(COMMANDS), PROG))
        return 2
    from .cli.checkout import require_dependencies
    require_dependencies(name)
    return run(name, argv[1:])


if __name__ == "__main__":
    sys.exit(main())
