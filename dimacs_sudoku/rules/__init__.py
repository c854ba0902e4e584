"""Variant Sudoku: rules beyond rows, columns and boxes, one module of this package
per rule (its parsing, clauses, check and drawing marks), the rule protocol in
:mod:`.base` and the registry that names them in :mod:`.registry`.

The layers above use the rules through :class:`.base.Rule`: the readers and writers
(:mod:`dimacs_sudoku.formats.variant`, :mod:`dimacs_sudoku.formats.fpuzzles`), the
checker (:func:`dimacs_sudoku.core.check.rule_violations`), the CNF
(:mod:`dimacs_sudoku.encodings.rules`), the bundled solver
(:func:`dimacs_sudoku.sat.pycosat_backend.solve_variant`) and the pictures
(:mod:`dimacs_sudoku.pictures.marks`). Importing this package loads no rule.
"""
