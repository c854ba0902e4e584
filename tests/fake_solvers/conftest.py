"""The fake solvers are programs run by the tests, not modules to import."""

collect_ignore_glob = ["*.py"]
