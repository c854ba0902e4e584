"""The bundled solver: picosat through pycosat, in this process.

>>> from dimacs_sudoku.dimacs import Cnf
>>> solve_cnf(Cnf(2, [[1, 2], [-1]])).status
'SAT'
"""

from .process import answer_result, check_timeout, fork_to_stay_interruptible, need_fork, \
    solve_forked, terminate_as_exit

BUNDLED = "bundled"
BUNDLED_NAMES = (BUNDLED, "pycosat")


def solve_cnf(cnf, timeout=None):
    """Solve a :class:`~dimacs_sudoku.dimacs.Cnf` with the bundled picosat (pycosat);
    returns a Result whose model covers all ``cnf.num_vars`` variables.

    pycosat cannot be interrupted, so with a ``timeout`` (seconds) it runs in a
    forked child that is killed at the deadline: the result is then UNKNOWN. Its
    model is not checked against the clauses here (it comes from this process's
    own copy of them; external and python-sat models are, see
    :mod:`dimacs_sudoku.solvers.check`), and every grid decoded from it is.
    """
    from ..arguments import having
    having(cnf, "num_vars", "solve_cnf", "a Cnf (from read_dimacs)")
    return solve_clauses(cnf.clauses, cnf.num_vars, timeout)


def solve_clauses(clauses, num_vars=0, timeout=None):
    """Solve a list of clauses (lists of int) with the bundled solver; see solve_cnf.

    >>> solve_clauses([[1], [-1]]).status
    'UNSAT'
    """
    import pycosat
    timeout = check_timeout(timeout)
    if timeout is None and not fork_to_stay_interruptible(timeout):
        return answer_result(pycosat.solve(clauses, vars=num_vars))
    need_fork("the bundled solver")
    with terminate_as_exit():
        return solve_forked(lambda: pycosat.solve(clauses, vars=num_vars), timeout,
                            "the bundled solver")
