"""A correct solver (pycosat), for comparison and for crashes after N calls: with
FAKE_SOLVER_COUNTER=FILE and FAKE_SOLVER_CRASH_AFTER=N, the calls after the N-th die
of SIGSEGV."""
import os
import signal
import sys
from _cnf import answer, read, solve
counter = os.environ.get("FAKE_SOLVER_COUNTER")
if counter:
    calls = int(open(counter).read()) if os.path.exists(counter) else 0
    with open(counter, "w") as out:
        out.write(str(calls + 1))
    if calls >= int(os.environ.get("FAKE_SOLVER_CRASH_AFTER", "0")):
        sys.stderr.write("fake solver: out of luck\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
num_vars, clauses = read(sys.argv[1])
model = solve(num_vars, clauses)
if model is None:
    sys.stdout.write("s UNSATISFIABLE\n")
    sys.exit(20)
answer(model)
