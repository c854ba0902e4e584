#!/bin/sh
# A script solver that leaves a child running when it ends: the child writes its pid
# to $FAKE_SOLVER_PIDS/child.pid. The script answers (a real model, from honest.py).
sh -c 'echo $$ > "$FAKE_SOLVER_PIDS/child.pid"; exec sleep 300' &
while [ ! -s "$FAKE_SOLVER_PIDS/child.pid" ]; do sleep 0.05; done
exec "$FAKE_SOLVER_PYTHON" "$(dirname "$0")/honest.py" "$1"
