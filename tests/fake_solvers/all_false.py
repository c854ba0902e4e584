"""Answers SATISFIABLE with every variable false."""
import sys
from _cnf import answer, read
num_vars, _ = read(sys.argv[1])
answer(range(-1, -num_vars - 1, -1))
