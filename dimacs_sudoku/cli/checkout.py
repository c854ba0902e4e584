"""Running the commands from a checkout (``bin/``) rather than an installed package.

The scripts in ``bin/`` start with ``#!/usr/bin/env python3``, so they run with
whatever ``python3`` comes first on PATH. :func:`ensure_dependencies` makes that work
on a machine whose system Python lacks the project's dependencies: it runs the script
again with the checkout's ``.venv`` (made by ``make venv``), or says what to install.

>>> missing_dependencies(("os", "no_such_module_here"))
['no_such_module_here']
"""

import os
import sys
from importlib.util import find_spec

from ..errors import EXIT_SOLVER_FAILED

DEPENDENCIES = ("typer", "pycosat")
# A missing dependency is software to install, as a missing solver is.
EXIT_NOT_INSTALLED = EXIT_SOLVER_FAILED


def missing_dependencies(names=DEPENDENCIES):
    """The modules of ``names`` that this interpreter cannot import."""
    return [name for name in names if find_spec(name) is None]


def ensure_dependencies(root, prog):
    """Return when the dependencies can be imported; otherwise re-run this script with
    ``root/.venv/bin/python``, or exit with one line saying what is missing."""
    missing = missing_dependencies()
    if not missing:
        return
    venv_python = os.path.join(root, ".venv", "bin", "python")
    if os.access(venv_python, os.X_OK) and \
            os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(root, ".venv")):
        os.execv(venv_python, [venv_python, sys.argv[0], *sys.argv[1:]])
    sys.stderr.write("%s: %s cannot import %s; run `make venv` in %s, or "
                     "`pip install .` there\n"
                     % (prog, sys.executable, " and ".join(missing), root))
    sys.exit(EXIT_NOT_INSTALLED)


def require_dependencies(prog):
    """Return when the dependencies can be imported; otherwise exit with one line
    naming what to install (for ``python -m dimacs_sudoku``, which has no checkout's
    .venv to fall back to)."""
    missing = missing_dependencies()
    if missing:
        sys.stderr.write("%s: %s cannot import %s; install %s: %s -m pip install %s\n"
                         % (prog, sys.executable, " and ".join(missing),
                            "them" if len(missing) > 1 else "it", sys.executable,
                            " ".join(missing)))
        sys.exit(EXIT_NOT_INSTALLED)
