"""Escalation: no puzzle slow because of one solver.

The in-process engines are the fastest on the problems most puzzles make (MiniCard,
picosat), and far from the fastest on a few (a variant puzzle with no givens and many
sum rules, a large grid nearly empty), where a modern CDCL solver is many times
faster. :func:`escalating_models` therefore gives the first solver a budget of
propagations per search; when one runs out, the stronger solver
(:func:`stronger_solver`: python-sat's CaDiCaL 1.9.5 when installed, else an external
``cadical`` or ``kissat`` on PATH) gets the same problem with the models found so far
blocked, and answers the rest. Each answer is checked by the caller as any other.

>>> from dimacs_sudoku.sat.pycosat_backend import PycosatSolver
>>> load = lambda solver: solver.add_clauses([[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]])
>>> models, by = escalating_models(PycosatSolver, None, load, 5, 3, budget=100)
>>> sorted(map(sorted, models)), by
([[1], [2], [3]], None)
"""

import os
import shutil

from .base import projection

# Propagations per search the first solver gets before the stronger one takes over:
# MiniCard makes some 7-10 million a second on the shared machine, so this is about
# half a second: a puzzle MiniCard solves in less stays with it (on the small hard
# variants CaDiCaL is rarely faster), and one that takes CaDiCaL seconds loses little
# (bench/escalate.py; 1,000,000 escalated puzzles MiniCard solved in 0.15 s).
BUDGET = 5000000
# python-sat's solver escalated to, then the programs, in this order.
PYSAT_STRONGER = "cadical195"
PROGRAMS = ("cadical", "kissat")


def budget_from(value=None):
    """The budget in force: ``value``, else DIMACS_SUDOKU_ESCALATE (propagations; 0
    never escalates), else :data:`BUDGET`.

    >>> budget_from(5), budget_from(0)
    (5, None)
    """
    if value is None:
        text = os.environ.get("DIMACS_SUDOKU_ESCALATE", "").strip()
        try:
            value = int(text) if text else BUDGET
        except ValueError:
            value = BUDGET
    return value if value > 0 else None


_STRONGER = []


def stronger_solver():
    """``(name, maker)`` of the solver to escalate to, or None when there is none:
    python-sat's cadical195, else an external cadical or kissat (one run per search,
    :class:`~dimacs_sudoku.sat.program_backend.ProgramSolver`)."""
    if _STRONGER:
        return _STRONGER[0]
    found = None
    from . import pysat_backend
    if pysat_backend.available() and PYSAT_STRONGER in pysat_backend.pysat_names():
        found = ("pysat:" + PYSAT_STRONGER,
                 pysat_backend.backend(PYSAT_STRONGER, False))
    else:
        for program in PROGRAMS:
            if shutil.which(program):
                from .program_backend import ProgramSolver
                found = (program, lambda num_vars=0, name=program: ProgramSolver(
                    name, num_vars))
                break
    _STRONGER.append(found)
    return found


def escalating_models(first, stronger, load, count, num_vars, budget=BUDGET,
                      project=None, positives=True):
    """Up to ``count`` models of the problem that ``load(solver)`` adds to a solver
    (distinct on the projection, see :func:`~dimacs_sudoku.sat.base.projection`):
    ``first(num_vars)`` searches, each search within ``budget`` propagations (None:
    no limit); once one runs out, ``stronger`` (``(name, maker)``, or None to stay
    with the first) takes the problem with the models found so far blocked.
    Returns ``(models, name)``: ``name`` is the stronger solver's when it answered,
    else None."""
    keep = projection(project, positives)
    found = []
    solver = first(num_vars)
    by = None
    try:
        load(solver)
        limit = budget if stronger is not None else None
        while len(found) < count:
            answer = solver.solve((), limit)
            if answer is None:
                solver.delete()
                by, make = stronger
                solver = make(num_vars)
                load(solver)
                solver.add_clauses([[-lit for lit in lits] for lits in found])
                limit = None
                continue
            if not answer:
                break
            lits = keep(solver.model())
            found.append(lits)
            if not lits:
                break
            solver.add_clauses(([-lit for lit in lits],))
        return found, by
    finally:
        solver.delete()
