#!/bin/sh
# orphan.sh, but the child it leaves running has left the solver's process group and
# session (setsid): it writes its pid to $FAKE_SOLVER_PIDS/child.pid. The script
# answers (a real model, from honest.py).
setsid sh -c 'echo $$ > "$FAKE_SOLVER_PIDS/child.pid"; exec sleep 300' &
while [ ! -s "$FAKE_SOLVER_PIDS/child.pid" ]; do sleep 0.05; done
exec "$FAKE_SOLVER_PYTHON" "$(dirname "$0")/honest.py" "$1"
