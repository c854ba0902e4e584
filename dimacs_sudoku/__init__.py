"""dimacs-sudoku: Sudoku as SAT, through DIMACS CNF.

The library under the six commands. Importing it loads nothing heavy: each name of
:data:`__all__` loads its module on first use.

>>> import dimacs_sudoku as ds
>>> grid = ds.parse_puzzle("1..4" "4..." "...3" "3..1")
>>> ds.solve(grid).to_line()
'1234431221433421'
>>> ds.count_solutions(grid)
1
>>> ds.analyze(grid).to_json()["redundant_givens"]      # what a setter can leave out
['r1c4=4', 'r2c1=4', 'r3c4=3', 'r4c1=3']
>>> result = ds.solve_cnf(ds.encode(grid))          # the full CNF, the bundled solver
>>> ds.decode(result.positives, size=4, givens=grid).to_line()
'1234431221433421'
"""

__version__ = "0.1.0"

# Each public name and the module that holds it, in the order a user meets them.
_EXPORTS = {
    # puzzles in and out
    "Grid": "core.grid", "Layout": "core.grid",
    "parse_puzzle": "formats", "read_puzzles": "formats",
    "puzzles_from_text": "formats", "puzzles_from_file": "formats",
    "write_grid": "formats", "parse_rule": "rules.registry",
    # solving, counting, making and grading puzzles
    "solve": "tasks", "count_solutions": "tasks", "solve_many": "tasks",
    "generate": "tasks.generate", "grade": "tasks.grade", "analyze": "tasks.analyze",
    "explain": "tasks.explain", "hint": "tasks.explain",
    # the DIMACS route, step by step
    "encode": "encodings", "Formula": "encodings.formula", "write_cnf": "encodings",
    "read_dimacs": "dimacs.cnf", "solve_cnf": "sat", "run_solver": "sat",
    "read_result": "dimacs.output", "Result": "dimacs.output", "decode": "dimacs.decode",
}

__all__ = list(_EXPORTS)


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError("module 'dimacs_sudoku' has no attribute %r" % name)
    import importlib
    value = getattr(importlib.import_module("." + module, __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(__all__)
