#!/bin/sh
# One line per CNF and solver, for benchmarking many CNFs with many solvers:
#   FILE <TAB> SOLVER <TAB> STATUS <TAB> SECONDS <TAB> CHECKED
# STATUS is cnfsolve's answer (SATISFIABLE, UNSATISFIABLE, UNKNOWN) or FAILED (a
# solver that crashed or gave a model breaking a clause: cnfsolve's exit 7);
# SECONDS its wall-clock time; CHECKED says what vouches for the answer: "model"
# (cnfsolve checked the model against every clause), "proof" (a DRAT proof of
# UNSAT checked; cadical and kissat write one), "no" (UNSAT without a proof).
# Usage: cnf-line.sh FILE.cnf SOLVER [TIMEOUT]   (see docs/scaling.md)
file=$1 solver=$2 timeout=${3:-600}
proof=
case "$solver" in
  cadical|kissat|pysat:cadical*) proof=$(mktemp) ;;
esac
answer=$(cnfsolve "$file" --solver "$solver" --timeout "$timeout" ${proof:+--proof "$proof"} 2>&1 |
         grep -v '^v')
[ -n "$proof" ] && rm -f "$proof"
status=$(printf '%s\n' "$answer" | sed -n 's/^s //p' | head -1)
seconds=$(printf '%s\n' "$answer" | sed -n 's/^c cnfsolve: .*, \([0-9.]*\) seconds$/\1/p' | head -1)
case "$status" in
  SATISFIABLE) checked=model ;;
  UNSATISFIABLE)
    if printf '%s\n' "$answer" | grep -q '^c cnfsolve: proof .* verified'; then
      checked=proof
    else
      checked=no
    fi ;;
  UNKNOWN) checked=- ;;
  *) status=FAILED checked=- ;;
esac
printf '%s\t%s\t%s\t%s\t%s\n' "$file" "$solver" "$status" "${seconds:--}" "$checked"
