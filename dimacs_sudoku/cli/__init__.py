"""The command-line programs: thin Typer adapters over the library.

Each module holds one program, named as it is installed (``sudoku-solve`` is
:mod:`.sudoku_solve`); :mod:`.runtime` gives them signals, standard streams and the
single place where errors become exit codes. :data:`COMMANDS` is the one table of them:
``python -m dimacs_sudoku``, ``bin/`` and the tests read it, and a test holds setup.cfg's
entry points equal to it. Importing this package loads no command.

>>> COMMANDS["sudoku-solve"].module
'dimacs_sudoku.cli.sudoku_solve'
>>> module_of("sudoku-solve") == COMMANDS["sudoku-solve"].module
True
"""

from collections import namedtuple

Command = namedtuple("Command", "module summary")


def module_of(name):
    """The module of the command installed as ``name``: its name with ``_`` for ``-``."""
    return "%s.%s" % (__name__, name.replace("-", "_"))


COMMANDS = {name: Command(module_of(name), summary) for name, summary in (
    ("sudoku2cnf", "a puzzle in, the DIMACS CNF of the rules and its givens out"),
    ("cnfsolve", "solve a DIMACS CNF, answer as SAT solvers do (exit 10/20)"),
    ("cnf2sudoku", "a SAT solver's output in, the checked grid out"),
    ("sudoku-solve", "many puzzles in, one solution (and count) per line out"),
    ("sudoku-gen", "new puzzles with exactly one solution"),
    ("sudoku-grade", "the weakest SAT reasoning that solves each puzzle"),
    ("sudoku-analyze", "true candidates, redundant givens and rules, minimal clashes"),
    ("sudoku-explain", "the steps that solve a puzzle, each a few checkable clauses"),
)}


def run(name, args):
    """Run the command installed as ``name`` with arguments ``args``; return its exit
    code."""
    import importlib
    import sys
    main = importlib.import_module(COMMANDS[name].module).main
    sys.argv = [name, *args]
    return main()
