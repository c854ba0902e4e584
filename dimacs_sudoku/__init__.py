"""dimacs-sudoku: Sudoku as SAT, through DIMACS CNF.

The library under the commands ``sudoku2cnf``, ``cnfsolve`` and ``cnf2sudoku``.
Importing it loads nothing heavy; each part is imported where it is used.

>>> import dimacs_sudoku as ds
>>> grid = ds.parse_puzzle("1..4" "4..." "...3" "3..1")
>>> solution = ds.solve(grid)
>>> solution.to_line()
'1234431221433421'
"""

__version__ = "0.1.0"

_EXPORTS = {
    "Grid": "grid", "Layout": "grid",
    "parse_puzzle": "formats", "read_puzzles": "formats",
    "puzzles_from_text": "formats", "puzzles_from_file": "formats", "write_grid": "formats",
    "encode": "encodings", "write_cnf": "encodings",
    "read_dimacs": "dimacs",
    "read_result": "model", "Result": "model",
    "solve_cnf": "sat", "run_solver": "sat",
    "decode": "decoding", "solve": "decoding",
}


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError("module 'dimacs_sudoku' has no attribute %r" % name)
    import importlib
    value = getattr(importlib.import_module("." + module, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(list(globals()) + list(_EXPORTS))
