#!/bin/sh
# stubborn.sh, but the child has left the solver's process group and session
# (setsid). Both ignore SIGTERM; each writes its pid to a file in $FAKE_SOLVER_PIDS
# (the test counts the survivors), then they wait.
trap '' TERM HUP INT
setsid sh -c 'trap "" TERM HUP INT; echo $$ > "$FAKE_SOLVER_PIDS/child.pid"; while :; do sleep 1; done' &
echo $$ > "$FAKE_SOLVER_PIDS/parent.pid"
wait
