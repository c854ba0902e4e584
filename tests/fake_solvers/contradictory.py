"""A real model, plus the negation of its first true variable."""
import sys
from _cnf import answer, read, solve
num_vars, clauses = read(sys.argv[1])
model = solve(num_vars, clauses)
first = next(v for v in model if v > 0)
answer(model + [-first])
