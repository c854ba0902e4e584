"""Escalation: no puzzle slow because of one solver.

The in-process engine is the fastest on the problems most puzzles make (MiniCard),
and far from the fastest on a few (a variant puzzle with no givens and many
sum rules, a large grid nearly empty), where other CDCL solvers are many times faster.
:func:`escalated_models` therefore gives the engine's solver a budget of
propagations per search, in this process (the many puzzles it answers within it pay
nothing more); when a search runs out, it **races** (:func:`racing_models`) the
solvers of :func:`racers` from there, each in a forked child with the models found
so far blocked: python-sat's Glucose 4 and CaDiCaL 1.9.5, then MiniCard anew, as many
as this process's share of the cores (:func:`race_width`). The first to answer gives the
rest of the models; the others are killed at once. With a share of one core, or when
the stronger solver is a program (an external ``cadical`` or ``kissat``: python-sat
without CaDiCaL), the solvers run in turn instead, a chain
(:func:`escalating_models`, :func:`stages`). Each answer is checked by the caller as
any other.

>>> from dimacs_sudoku.sat.pycosat_backend import PycosatSolver
>>> load = lambda solver: solver.add_clauses([[1, 2, 3], [-1, -2], [-1, -3], [-2, -3]])
>>> models, by = escalating_models([("pycosat", PycosatSolver, None)], load, 5, 3)
>>> sorted(map(sorted, models)), by
([[1], [2], [3]], 0)
"""

import os
import shutil

from .base import projection
from ..forks import cores
from .process import race_forked

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
# The python-sat solvers of a race, best first: a race of width w takes the first w.
# Glucose 4 and CaDiCaL 1.9.5 were each the fastest where MiniCard's budget ran out,
# and where one was slow the other was not (bench/escalate.py, docs/benchmarks.md);
# MiniCard races anew, third (GOES_ON, the engine's solver going on past its budget,
# was slower than anew on some puzzles).
GOES_ON = None
RACERS = (PYSAT_MIDDLE, PYSAT_STRONGER, "minicard")
# The processes that share this machine's cores (the workers of --jobs).
_SHARING = [1]


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


def share_cores(processes):
    """Say that ``processes`` processes (this one among them: the workers of --jobs)
    share the cores, each racing on its share (:func:`race_width`)."""
    _SHARING[0] = max(1, processes)


def race_width():
    """How many solvers race at once: this process's share of the cores (at least
    one: then there is no race), at most len(RACERS).

    >>> 1 <= race_width() <= len(RACERS)
    True
    """
    return max(1, min(len(RACERS), cores() // _SHARING[0]))


def racers(first_name, width=None):
    """``[(name, maker)]`` of the solvers that race once the engine's solver
    (``first_name``) runs out of its budget, the first ``width`` (default
    :func:`race_width`) of RACERS (a maker None: the engine's solver going on);
    none (no race: a chain instead) for a width of one, no fork, or no python-sat
    CaDiCaL."""
    width = race_width() if width is None else width
    stronger = stronger_solver()
    if width < 2 or not hasattr(os, "fork") or stronger is None or (
            stronger[0] != "pysat:" + PYSAT_STRONGER):
        return []
    from . import pysat_backend
    chosen = []
    for name in RACERS:
        if name is GOES_ON:
            chosen.append((first_name, None))
        else:
            chosen.append(("pysat:" + name, pysat_backend.backend(name, False)))
    return chosen[:width]


def escalated_models(first_name, first, budget, load, count, num_vars, project=None):
    """``(models, who)``: up to ``count`` models (positive literals, distinct on the
    projection) of the problem ``load(solver)`` adds, by the engine's solver
    ``first`` within ``budget`` propagations per search, then by a race of
    :func:`racers` (else the chain of :func:`stages`); ``who`` says who answered,
    for --verbose (see :func:`answered`, :func:`raced`)."""
    field = racers(first_name)
    if field:
        models, winner = racing_models((first_name, first, budget), field, load,
                                       count, num_vars, project)
        return models, raced(first_name, budget, field, winner)
    chain = stages(first_name, first, budget)
    models, stage = escalating_models(chain, load, count, num_vars, project)
    return models, answered(chain, stage)


def racing_models(first, field, load, count, num_vars, project=None, positives=True):
    """Up to ``count`` models by ``first`` (``(name, maker, budget)``) within its
    budget per search, in this process; when a search runs out, by whichever of
    ``field`` (``[(name, maker)]``, maker None: ``first``'s solver going on) answers
    first, each in a forked child (:func:`~dimacs_sudoku.sat.process.race_forked`)
    given the problem with the models found so far blocked. Returns ``(models, k)``:
    ``field[k]`` won the race, None when there was none."""
    keep = projection(project, positives)
    found = []
    solver = first[1](num_vars)
    try:
        load(solver)
        while len(found) < count:
            answer = solver.solve((), first[2])
            if answer is None:
                break
            if not answer:
                return found, None
            lits = keep(solver.model())
            found.append(lits)
            if not lits:
                return found, None
            solver.add_clauses(([-lit for lit in lits],))
        else:
            return found, None

        def search(maker):
            def rest():
                sat = solver
                if maker is not None:
                    sat = maker(num_vars)
                    load(sat)
                    sat.add_clauses([[-lit for lit in lits] for lits in found])
                more = []
                while len(found) + len(more) < count and sat.solve():
                    lits = keep(sat.model())
                    more.append(lits)
                    if not lits:
                        break
                    sat.add_clauses(([-lit for lit in lits],))
                return more
            return rest
        winner, more = race_forked([search(maker) for _, maker in field],
                                   "the race of " + ", ".join(name for name, _ in field))
        return found + more, winner
    finally:
        solver.delete()


def raced(first_name, budget, field, winner):
    """Who answered a race, for --verbose.

    >>> field = [("a", None), ("b", object), ("c", object)]
    >>> raced("a", 5, field, 2)
    'c (a ran out of its budget of 5 propagations; won a race against a going on and b)'
    >>> raced("a", 5, field[1:], 0)
    'b (a ran out of its budget of 5 propagations; won a race against c)'
    >>> raced("a", 5, field, None)
    'a'
    """
    if winner is None:
        return first_name
    names = [name + (" going on" if maker is None else "") for name, maker in field]
    others = names[:winner] + names[winner + 1:]
    return "%s (%s ran out of its budget of %d propagations; won a race against %s)" % (
        names[winner], first_name, budget,
        others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1])


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
