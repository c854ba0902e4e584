"""An external SAT program behind the façade (:class:`ProgramSolver`): each solve
writes the clauses to a private DIMACS file with the one CNF writer
(:func:`dimacs_sudoku.dimacs.cnf.write_dimacs`) and runs the program once on it
(:func:`dimacs_sudoku.sat.external.run_solver`), so that the shared enumeration,
``models(count)``, is one run per model with the models found so far blocked.

>>> sat = ProgramSolver("picosat", 3)       # runs nothing until a solve
>>> sat.add_clauses([[1, 2], [-1, -2], [3]])
>>> sat.name, sat.clauses
('picosat', [[1, 2], [-1, -2], [3]])
"""

import os
import tempfile
from itertools import chain

from ..dimacs.cnf import write_dimacs
from ..errors import InvalidModel, UnknownResult
from .base import Backend
from .external import run_solver


class ProgramSolver(Backend):
    """The external program ``solver`` (a name or command for :func:`run_solver`) as a
    back end. No proof, no core: assumptions are added as unit clauses for the one
    run. A run that gives up is an UnknownResult, SATISFIABLE without a model an
    InvalidModel; the caller checks the grid of each model (the clause check would
    name a temporary file)."""

    def __init__(self, solver, num_vars=0):
        super().__init__(num_vars)
        self.name = solver
        self._parts = []
        self._positives = frozenset()

    @property
    def clauses(self):
        """Every clause added, as a list."""
        return list(chain.from_iterable(self._parts))

    def add_clauses(self, clauses):
        # An iterable that is not its own iterator (a list, or one made afresh at
        # each pass) is kept as it is, and read again at each solve.
        self._parts.append(list(clauses) if iter(clauses) is clauses else clauses)

    def add_clause(self, clause):
        self._parts.append((clause,))

    def solve(self, assumptions=(), budget=None):
        self.solves += 1
        parts = self._parts + [[[lit] for lit in assumptions]]
        num_vars, count = self.num_vars, 0
        for clause in chain.from_iterable(parts):
            count += 1
            for lit in clause:
                if lit > num_vars or -lit > num_vars:
                    num_vars = abs(lit)
        fd, path = tempfile.mkstemp(suffix=".cnf", prefix="dimacs-sudoku-")
        try:
            with os.fdopen(fd, "w") as out:
                write_dimacs(chain.from_iterable(parts), num_vars, out, count=count)
            result = run_solver(self.name, path, check=False)
        finally:
            os.unlink(path)
        if result.status not in ("SAT", "UNSAT"):
            raise UnknownResult("no answer: %s gave up" % self.name)
        if result.status == "SAT" and not result.has_model:
            raise InvalidModel("solver %r answered SATISFIABLE but gave no model"
                               % self.name)
        self._last = result.status == "SAT"
        self._assumptions = tuple(assumptions)
        self._positives = frozenset(result.positives)
        self.num_vars = num_vars
        return self._last

    def model(self):
        true = self._positives
        return [v if v in true else -v for v in range(1, self.num_vars + 1)]
