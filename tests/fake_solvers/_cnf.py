"""What the fake solvers share: reading the CNF they are given, solving it honestly."""

import sys


def read(path):
    """``(num_vars, clauses)`` of a DIMACS file (clauses as lists of int)."""
    num_vars = 0
    clauses = []
    clause = []
    with open(path) as stream:
        for line in stream:
            words = line.split()
            if not words or words[0] == "c":
                continue
            if words[0] == "p":
                num_vars = int(words[2])
                continue
            for word in words:
                value = int(word)
                if value:
                    clause.append(value)
                else:
                    clauses.append(clause)
                    clause = []
    return num_vars, clauses


def solve(num_vars, clauses):
    """A real model (list of literals over 1..num_vars), or None when unsatisfiable."""
    import pycosat
    model = pycosat.solve(clauses, vars=num_vars)
    return None if model == "UNSAT" else model


def answer(model, code=10):
    """Print ``model`` in competition form and exit with ``code``."""
    sys.stdout.write("s SATISFIABLE\nv %s 0\n" % " ".join(map(str, model)))
    sys.exit(code)
