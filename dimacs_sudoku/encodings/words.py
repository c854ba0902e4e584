"""What a clause of the standard-numbered CNF says, in Sudoku words.

Literals are written ``r5c5=4`` (the variable of digit 4 in r5c5 is true) and
``r1c1!=5`` (false), rows, columns and digits from 1; a variable above the cell
variables (a rule's auxiliary one) is ``x730`` / ``!x730``.

:func:`clause_words` tells the encoding's families apart by the shape of the clause
alone, as :mod:`.sudoku` writes them in the standard numbering (``v = (r*N + c)*N + d +
1``, 0-based), pairwise at-most-one:

- positive literals of one cell: that cell holds one of those digits (cell
  definedness when they are all N digits);
- positive literals of one digit over the cells of a unit: the unit needs that digit
  (unit definedness);
- two negative literals of one cell: a cell holds one digit at most (cell uniqueness);
- two negative literals of one digit in two cells: at most once in the first unit the
  cells share (unit uniqueness: the encoding forbids a pair once, in that unit);
- a single positive literal: a given.

Anything else is a variant rule's clause: named by ``rule_names`` (see
:func:`rule_clause_names`) when given.

>>> from dimacs_sudoku.core.layout import Layout
>>> lay = Layout(9)
>>> literal_text(5, 9), literal_text(-14, 9)
('r1c1=5', 'r1c2!=5')
>>> clause_words([-5, -14], lay)
'at most one 5 in row 1'
>>> clause_words([5 + 9 * k for k in range(9)], lay)
'row 1 needs a 5'
>>> clause_words(list(range(1, 10)), lay), clause_words([-1, -2], lay)
('r1c1 holds a digit', 'r1c1 holds one digit at most')
"""

from .formula import CLAUSE, LABEL


def literal_text(lit, n):
    """``r5c5=4`` or ``r1c1!=5`` for a literal of the standard numbering of an N x N
    grid; ``x730`` / ``!x730`` above the cell variables."""
    var = abs(lit)
    if var > n * n * n:
        return ("x%d" if lit > 0 else "!x%d") % var
    cell, d = divmod(var - 1, n)
    return "r%dc%d%s%d" % (cell // n + 1, cell % n + 1, "=" if lit > 0 else "!=", d + 1)


def literal_cell_digit(lit, n):
    """``(cell, digit)`` of a cell literal (cell 0-based, digit from 1), or None for an
    auxiliary variable."""
    var = abs(lit)
    if var > n * n * n:
        return None
    cell, d = divmod(var - 1, n)
    return cell, d + 1


def clause_kind(clause, layout):
    """``(kind, unit, digit, cells)`` of a clause: kind one of ``given``, ``cell``
    (some digits of one cell, at least one), ``cell-amo`` (two digits of one cell, not
    both), ``unit`` (a digit somewhere in a unit's cells), ``unit-amo`` (a digit in two
    cells of a unit, not both) and ``rule`` (anything else); ``unit`` the index in
    ``layout.units`` (or None), ``digit`` (or None), ``cells`` the 0-based cells.

    >>> from dimacs_sudoku.core.layout import Layout
    >>> clause_kind([-5, -14], Layout(9))
    ('unit-amo', 0, 5, (0, 1))
    """
    n = layout.size
    pairs = [literal_cell_digit(lit, n) for lit in clause]
    if not clause or None in pairs:
        return "rule", None, None, ()
    cells = tuple(cell for cell, _ in pairs)
    digits = {d for _, d in pairs}
    positive = all(lit > 0 for lit in clause)
    if len(clause) == 1 and positive:
        return "given", None, pairs[0][1], cells
    same_cell = len(set(cells)) == 1
    if positive and same_cell:
        return "cell", None, None, cells
    if len(clause) == 2 and all(lit < 0 for lit in clause):
        if same_cell:
            return "cell-amo", None, None, cells
        if len(digits) == 1 and cells[0] != cells[1]:
            unit = _first_common_unit(layout, cells)
            if unit is not None:
                return "unit-amo", unit, digits.pop(), cells
    if positive and len(digits) == 1 and len(set(cells)) == len(cells):
        wanted = set(cells)
        for k, (_, unit_cells) in enumerate(layout.units):
            if len(unit_cells) == len(wanted) and wanted.issuperset(unit_cells):
                return "unit", k, digits.pop(), cells
    return "rule", None, None, cells


def _first_common_unit(layout, cells):
    wanted = set(cells)
    for k, (_, unit_cells) in enumerate(layout.units):
        if wanted.issubset(unit_cells):
            return k
    return None


def clause_words(clause, layout, rule_names=None):
    """What ``clause`` says, in Sudoku words (see the module's doc); ``rule_names``
    maps ``frozenset(clause)`` to the text of the rule that made it."""
    n = layout.size
    kind, unit, digit, cells = clause_kind(clause, layout)
    name = layout.units[unit][0] if unit is not None else None
    if kind == "given":
        return "given"
    if kind == "cell":
        cell = "r%dc%d" % (cells[0] // n + 1, cells[0] % n + 1)
        if len(clause) == n:
            return "%s holds a digit" % cell
        return "%s holds one of %s" % (cell, " ".join(
            str(literal_cell_digit(lit, n)[1]) for lit in clause))
    if kind == "cell-amo":
        return "r%dc%d holds one digit at most" % (cells[0] // n + 1, cells[0] % n + 1)
    if kind == "unit-amo":
        return "at most one %d in %s" % (digit, name)
    if kind == "unit":
        return "%s needs a %d" % (name, digit)
    if rule_names:
        found = rule_names.get(frozenset(clause))
        if found:
            return "rule %s" % found
    return "a rule's clause"


def rule_clause_names(formula):
    """``frozenset(clause) -> rule text`` for the clauses of a formula's variant rules
    (those after a ``rule: ...`` label; :func:`~.encode_variant` writes them so).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.rules.registry import parse_rule
    >>> from dimacs_sudoku.encodings import encode_variant
    >>> names = rule_clause_names(encode_variant(Grid.empty(4), [parse_rule("antiknight", 4)]))
    >>> sorted(set(names.values()))
    ['antiknight']
    """
    names = {}
    current = None
    for item in formula.constraints():
        kind = item[0]
        if kind is LABEL:
            current = item[1][len("rule: "):] if item[1].startswith("rule: ") else None
        elif kind is CLAUSE and current is not None:
            names.setdefault(frozenset(item[1]), current)
    return names
