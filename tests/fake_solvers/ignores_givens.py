"""Answers a real model of the CNF without its unit clauses (the givens): a valid grid
that ignores the puzzle."""
import sys
from _cnf import answer, read, solve
num_vars, clauses = read(sys.argv[1])
answer(solve(num_vars, [c for c in clauses if len(c) > 1]))
