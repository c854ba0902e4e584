"""The project's exceptions, and the exit code each one stands for.

Every command turns these into one line on stderr and the exit code below, at one
place only (:func:`dimacs_sudoku.cli.runtime.run`). ``cnfsolve`` keeps the SAT
competition codes 10 / 20 / 0 for its results and uses this table for its failures.

>>> NoSolution("the puzzle has no solution").exit_code
4
"""

# One table for every command; documented in the README and in each --help.
EXIT_OK = 0
EXIT_FAILURE = 1          # an unexpected internal error (a bug): please report it
EXIT_USAGE = 2            # bad options or arguments
EXIT_BAD_INPUT = 3        # a puzzle, DIMACS file or solver output that cannot be read;
                          # a puzzle too large for the work asked (TooLarge)
EXIT_NO_SOLUTION = 4      # the solver proved there is no solution (UNSAT)
EXIT_UNKNOWN = 5          # the solver gave up (time-out, resource limit): no answer
EXIT_INVALID_MODEL = 6    # a model that does not decode to a valid grid
EXIT_SOLVER_FAILED = 7    # a solver or module not installed; a solver crashed or printed nonsense
EXIT_IO = 8               # a file that cannot be opened or written
EXIT_SEVERAL = 9          # batch work: some puzzles failed (see the per-line output)
EXIT_HANGUP = 129         # 128 + SIGHUP: the terminal went away
EXIT_INTERRUPTED = 130    # 128 + SIGINT: Ctrl-C
EXIT_BROKEN_PIPE = 141    # 128 + SIGPIPE: stdout's reader went away (| head)
EXIT_TERMINATED = 143     # 128 + SIGTERM: kill, timeout

EXIT_CODES = {
    EXIT_OK: "success: a result was written",
    EXIT_FAILURE: "internal error (a bug; please report it)",
    EXIT_USAGE: "usage error: bad option or argument",
    EXIT_BAD_INPUT: "bad input: a puzzle, DIMACS file or solver output that cannot be read",
    EXIT_NO_SOLUTION: "no solution: the formula is unsatisfiable",
    EXIT_UNKNOWN: "unknown: the solver gave up or timed out",
    EXIT_INVALID_MODEL: "invalid model: the solver's answer is not a valid grid",
    EXIT_SOLVER_FAILED: "solver failed: not installed (solver or package), crashed, bad output",
    EXIT_IO: "I/O error: a file could not be read or written",
    EXIT_SEVERAL: "batch: at least one puzzle failed (its output line says why)",
    EXIT_HANGUP: "hung up (SIGHUP)",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C, SIGINT)",
    EXIT_BROKEN_PIPE: "standard output's reader went away (SIGPIPE, as in | head)",
    EXIT_TERMINATED: "terminated (SIGTERM)",
}


class SudokuError(Exception):
    """Base of every error this project reports to a user.

    ``source`` names the file (``<stdin>`` for standard input) and ``line`` the
    1-based line, when known; :meth:`describe` puts them in front of the message.
    """

    exit_code = EXIT_FAILURE

    def __init__(self, message, source=None, line=None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line

    def describe(self):
        """The one line shown on stderr, e.g. ``p.txt:3: bad symbol 'x'``."""
        where = ""
        if self.source is not None:
            where = str(self.source)
            if self.line is not None:
                where += ":%d" % self.line
            where += ": "
        return where + self.message

    def __str__(self):
        return self.describe()


class UsageError(SudokuError):
    """Options that do not fit together, or an argument of the wrong form."""
    exit_code = EXIT_USAGE


class ArgumentError(UsageError, ValueError):
    """A library function's argument of the right type but a wrong value (a count
    below its least, an unknown engine): a ValueError to the library's caller, a usage
    error (exit 2) when a command passed it on."""


class InputError(SudokuError):
    """Input that cannot be read: a puzzle, a DIMACS file or solver output."""
    exit_code = EXIT_BAD_INPUT


class PuzzleError(InputError):
    """A puzzle that cannot be read, or whose givens contradict each other."""


class DimacsError(InputError):
    """A DIMACS CNF file that breaks the format."""


class TooLarge(InputError):
    """A puzzle too large for what was asked of it, refused before memory is spent
    (bad input, exit 3): its problem left after propagation is above the in-process
    search's bound (:data:`dimacs_sudoku.tasks.solving.MAX_SEARCH_CLAUSES`)."""


class ModelError(InputError):
    """Solver output that cannot be read as a result."""


class NoSolution(SudokuError):
    """The formula is unsatisfiable: the puzzle has no solution."""
    exit_code = EXIT_NO_SOLUTION


class Contradiction(NoSolution):
    """The givens leave a cell with no candidate, or a digit with no place in a unit:
    the puzzle has no solution. ``cell``, ``unit`` (a name) and ``digit`` say where."""

    def __init__(self, message, cell=None, unit=None, digit=None, source=None, line=None):
        super().__init__("no solution: " + message, source, line)
        self.cell, self.unit, self.digit = cell, unit, digit


class UnknownResult(SudokuError):
    """The solver gave no answer (time-out or resource limit)."""
    exit_code = EXIT_UNKNOWN


class InvalidModel(SudokuError):
    """A model that does not decode to a grid obeying the rules and the givens."""
    exit_code = EXIT_INVALID_MODEL


class SolverError(SudokuError):
    """An external solver that is missing, crashed, or printed something unreadable."""
    exit_code = EXIT_SOLVER_FAILED


class NotInstalled(SolverError):
    """A solver or an optional package the command needs is not installed: the same
    code as a missing solver program, in every command."""


PYTHON_SAT_MISSING = ("python-sat is not installed: pip install python-sat (the 'fast' "
                      "extra: make venv EXTRAS=test,fast, or pip install '.[fast]')")


class OutputError(SudokuError):
    """A file that cannot be opened or written."""
    exit_code = EXIT_IO


class ReadError(OutputError):
    """An input that cannot be opened or read: a disk's or a terminal's error (EIO), a
    folder (EISDIR), a closed standard input. The same exit code as a write error."""
