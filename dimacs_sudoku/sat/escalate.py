"""Escalation: no puzzle slow because of one solver.

The in-process engine is the fastest on the problems most puzzles make (MiniCard),
and far from the fastest on a few (a variant puzzle with no givens and many
sum rules, a large grid nearly empty), where other CDCL solvers are many times faster.
:func:`escalating_models` therefore runs a chain of solvers (:func:`stages`), each but
the last with a budget of propagations per search: the engine's own, then
python-sat's Glucose 4 (ten times the budget), then the strongest
(:func:`stronger_solver`: python-sat's CaDiCaL 1.9.5 when installed, else an external
``cadical`` or ``kissat`` on PATH), with no budget. When a search runs out, the next
solver gets the same problem with the models found so far blocked, and answers the
rest. Each answer is checked by the caller as any other.

>>> from dimacs_sudoku.sat.pycosat_backend import PycosatSolver
>>> load = lambda solver: solver.add_clauses([[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]])
>>> models, by = escalating_models([("pycosat", PycosatSolver, None)], load, 5, 3)
>>> sorted(map(sorted, models)), by
([[1], [2], [3]], 0)
"""

import os
import shutil

from .base import projection

# Propagations per search the engine's solver gets before the next one takes over:
# MiniCard makes some 7-10 million a second on the shared machine, so this is some
# 30-40 ms; a puzzle it solves within that (nearly every one) stays with it
# (bench/escalate.py measures the chain against each solver alone).
BUDGET = 300000
# The middle solver, and its budget as a multiple of the first's: Glucose 4 was the
# fastest python-sat solver on most of the small hard variants of bench/escalate.py.
PYSAT_MIDDLE = "glucose4"
MIDDLE_TIMES = 10
# python-sat's solver escalated to last, then the programs, in this order.
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


def stages(first_name, first, budget):
    """The chain of :func:`escalating_models`: ``(name, maker, budget)`` for the
    engine's solver (``first``) with ``budget``, Glucose 4 with MIDDLE_TIMES as much
    (when python-sat is installed), the stronger solver with none; only the first
    when there is no stronger solver."""
    stronger = stronger_solver()
    if stronger is None:
        return [(first_name, first, None)]
    chain = [(first_name, first, budget)]
    middle = "pysat:" + PYSAT_MIDDLE
    if first_name != middle and stronger[0].startswith("pysat:"):
        from . import pysat_backend
        chain.append((middle, pysat_backend.backend(PYSAT_MIDDLE, False),
                      budget * MIDDLE_TIMES))
    chain.append(stronger + (None,))
    return chain


def escalating_models(chain, load, count, num_vars, project=None, positives=True):
    """Up to ``count`` models of the problem that ``load(solver)`` adds to a solver
    (distinct on the projection, see :func:`~dimacs_sudoku.sat.base.projection`), by
    the solvers of ``chain`` (``(name, maker, budget)``, see :func:`stages`) in turn:
    each search within its solver's budget of propagations (None: no limit); when
    one runs out, the next solver takes the problem with the models found so far
    blocked. Returns ``(models, k)``: ``chain[k]`` gave the last answer."""
    keep = projection(project, positives)
    found = []
    stage = 0
    solver = chain[0][1](num_vars)
    try:
        load(solver)
        while len(found) < count:
            answer = solver.solve((), chain[stage][2])
            if answer is None:
                solver.delete()
                stage += 1
                solver = chain[stage][1](num_vars)
                load(solver)
                solver.add_clauses([[-lit for lit in lits] for lits in found])
                continue
            if not answer:
                break
            lits = keep(solver.model())
            found.append(lits)
            if not lits:
                break
            solver.add_clauses(([-lit for lit in lits],))
        return found, stage
    finally:
        solver.delete()


def answered(chain, stage):
    """Who answered, for --verbose: the solver's name, and which ran out before it.

    >>> answered([("a", None, 5), ("b", None, 50), ("c", None, None)], 2)
    'c (a ran out of its budget of 5 propagations, b of 50)'
    """
    if not stage:
        return chain[0][0]
    spent = ["%s ran out of its budget of %d propagations" % (chain[0][0], chain[0][2])]
    spent += ["%s of %d" % (name, budget) for name, _, budget in chain[1:stage]]
    return "%s (%s)" % (chain[stage][0], ", ".join(spent))
