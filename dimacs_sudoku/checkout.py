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

DEPENDENCIES = ("typer", "pycosat")
EXIT_BROKEN_INSTALL = 1


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
    sys.exit(EXIT_BROKEN_INSTALL)
