"""Encodings of Sudoku into CNF, one module per family.

:func:`encode` is the entry point: a grid and the chosen options in, a
:class:`~.formula.Formula` out, whose header comments describe how it was made, so that
``cnf2sudoku --cnf`` can decode a model of it.

>>> from dimacs_sudoku.core.grid import Grid
>>> f = encode(Grid.empty(9))
>>> f.num_vars, f.num_clauses
(729, 10530)
>>> f.header().splitlines()[-1]
'p cnf 729 10530'

With ``labels`` (``sudoku2cnf --comments full``) the file also carries a variable map
for people reading it: one line per cell, one line per group of auxiliary variables
naming the constraint family that made them, and the lines of each group of clauses,
all before the ``p cnf`` line (strict parsers such as sat4j take no comment after it).

>>> f = encode(Grid.empty(4), amo="sequential")
>>> text = f.to_text(labels=True)
>>> print(text[:text.index("1 2 3 4 0")], end="")   # doctest: +ELLIPSIS
c dimacs-sudoku ... sudoku2cnf
c size: 4
c box: 2x2
c encoding: extended
c amo: sequential
c numbering: standard
c variables: v = (r*N + c)*N + d + 1 for 0-based row r, column c, digit d
c auxiliary variables: 65..256 (sequential at-most-one)
c givens: 0
c puzzle: ................
c variable map: below, "rRcC: FIRST..LAST" for each cell ...
c r1c1: 1..4
c r1c2: 5..8
...
c r4c4: 61..64
c aux 65..112: cell uniqueness, sequential at-most-one, 3 per cell, in cell order ...
c aux 113..160: row uniqueness, sequential at-most-one, 3 per (row, digit), row by row, ...
c aux 161..208: column uniqueness, ...
c aux 209..256: box uniqueness, ...
c lines 37..52: cell definedness: each cell holds at least one digit
c lines 53..180: cell uniqueness: each cell holds at most one digit
c lines 181..564: unit uniqueness: each digit at most once per row, column, box
c lines 565..612: unit definedness: each digit at least once per row, column, box
p cnf 256 576
"""

from ..core.variables import numbering as make_numbering
from ..errors import NoSolution
from .amo import family
from .formula import CLAUSE, LABEL, Formula, followed_by
from .header import header_comments
from .sudoku import ENCODINGS, sudoku_constraints, sudoku_formula

__all__ = ["encode", "puzzle_formula", "encode_variant", "write_cnf", "Formula", "ENCODINGS",
           "header_comments"]


def encode(grid, encoding="extended", amo="pairwise", numbering="standard", source=None,
           reduce=False, propagate=False):
    """The CNF formula of ``grid``: its rules in ``encoding`` plus its givens.

    ``amo`` names the at-most-one family and ``numbering`` the cell-variable numbering.
    A grid with variant rules (``grid.rules``) gets their clauses too, and a
    ``c rule:`` header line for each (:func:`encode_variant`). With ``reduce`` or
    ``propagate``, the reduced CNF of the open candidates instead
    (:func:`~.reduced.reduced_formula`).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> puzzle = Grid.from_line("1..4" "4..." "...3" "3..1")
    >>> encode(puzzle).num_vars, encode(puzzle, amo="sequential").num_vars
    (64, 256)
    >>> encode(puzzle, reduce=True).num_vars, encode(puzzle, propagate=True).num_vars
    (20, 0)
    """
    from ..core.grid import grid_argument
    grid_argument(grid, "encode")
    if reduce or propagate:
        from .reduced import reduced_formula
        return reduced_formula(grid, encoding=encoding, amo=amo, numbering=numbering,
                               propagate=propagate, source=source)
    if grid.rules:
        return encode_variant(grid, grid.rules, encoding, amo, numbering, source)
    if encoding not in ENCODINGS:
        from ..errors import UsageError
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    numbers = make_numbering(numbering, grid.size)
    comments = header_comments(grid, encoding, amo, numbering, source)
    amo_family = family(amo)
    formula = sudoku_formula(grid, encoding, amo_family, numbers, comments)
    base, top = numbers.max_var, formula.num_vars
    where = next(i for i, line in enumerate(comments) if line.startswith("variables:"))
    formula.comments.insert(where + 1, "auxiliary variables: %s" % (
        "%d..%d (%s at-most-one)" % (base + 1, top, amo_family.name) if top > base
        else "none"))
    formula.full_comments = [
        'variable map: below, "rRcC: FIRST..LAST" for each cell (rows and '
        'columns from 1; digit d is FIRST + d - 1)'
        + ('; then "aux FIRST..LAST: ..." for each group of auxiliary variables'
           if top > base else "")
        + '; then "lines FIRST..LAST: ..." for each group of clauses, by line of this file']
    formula.var_comments = lambda: variable_map(grid.layout, encoding, amo_family, numbers)
    return formula


def encode_variant(grid, rules, encoding="extended", amo="pairwise", numbering="standard",
                   source=None):
    """The CNF :class:`~.formula.Formula` of a variant puzzle: the classic
    encoding over its layout (rows, columns, boxes or jigsaw regions, extra units),
    the givens, then each rule's clauses.

    The rules' auxiliary variables come right after the cell variables; those of the
    at-most-one family after them. Each rule is a ``rule:`` line of the header.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.rules.registry import parse_rule
    >>> f = encode_variant(Grid.empty(4), [parse_rule("antiknight", 4)])
    >>> f.num_vars, f.num_clauses
    (64, 480)
    """
    from ..errors import UsageError
    from .rules import make_rule_clauses, rule_clauses
    from ..rules.registry import variant_grid
    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    for rule in rules:
        rule.link(rules)            # rules made one by one, not through a reader
    grid = variant_grid(grid, rules)
    layout = grid.layout
    numbers = make_numbering(numbering, grid.size)
    groups, base = rule_clauses(rules, layout, numbers.var, numbers.max_var)
    amo_family = family(amo)
    classic = sudoku_constraints(grid, encoding, numbers, amo_family.reads_patterns)

    def rule_constraints():
        for rule, first, _ in groups:
            yield LABEL, "rule: " + rule.to_line()
            for clause in make_rule_clauses(rule, layout, numbers.var, first):
                yield CLAUSE, clause

    def rule_shape():
        for _, _, count in groups:
            yield CLAUSE, 0, None, count

    constraints = followed_by(classic, rule_constraints, rule_shape)
    extra = ["rule: " + rule.to_line() for rule in rules]
    if base > numbers.max_var:
        extra.append("rule variables: %d..%d (auxiliary, for the rules)"
                     % (numbers.max_var + 1, base))
    comments = header_comments(grid, encoding, amo, numbering, source, extra)
    return Formula(constraints, base, amo_family, comments)



def variable_map(layout, encoding, amo, numbers):
    """The lines of the variable map of ``--comments full``: one per cell, then one per
    group of auxiliary variables, in the order :mod:`.sudoku` numbers them.

    >>> from dimacs_sudoku.core.grid import Layout
    >>> from dimacs_sudoku.core.variables import Decimal
    >>> lines = variable_map(Layout(9), "minimal", family("binary"), Decimal(9))
    >>> lines[0], lines[80]
    ('r1c1: 111..119', 'r9c9: 991..999')
    >>> head, tail = lines[81].split(", row by row")
    >>> head
    'aux 1000..1323: row uniqueness, binary at-most-one, 4 per (row, digit)'
    >>> tail
    ', digits in order (row 1 d1 1000..1003, row 1 d2 1004..1007, ...)'
    """
    n = layout.size
    lines = []
    for cell in range(n * n):
        first, last = numbers.var(cell, 1), numbers.var(cell, n)
        name = "r%dc%d" % (cell // n + 1, cell % n + 1)
        if last - first == n - 1:
            lines.append("%s: %d..%d" % (name, first, last))
        else:
            lines.append("%s: %s" % (name, " ".join(str(numbers.var(cell, d))
                                                    for d in range(1, n + 1))))
    top = numbers.max_var

    def group(what, count, per, unit, order, names):
        nonlocal top
        if not per or not count:
            return
        start = top + 1
        top += count * per
        examples = ", ".join("%s %d..%d" % (name, start + k * per, start + (k + 1) * per - 1)
                             for k, name in enumerate(names[:count]))
        lines.append("aux %d..%d: %s, %s at-most-one, %d per %s, %s (%s%s)"
                     % (start, top, what, amo.name, per, unit, order, examples,
                        ", ..." if count > len(names) else ""))

    if encoding != "minimal":
        group("cell uniqueness", n * n, amo.size(n)[1], "cell", "in cell order",
              ["r1c1", "r1c2"][:n * n])
    # The units of one kind (rows, columns, boxes, extra ones) follow each other.
    kinds = []
    for name, cells in layout.units:
        words = name.split()
        kind = words[0] if len(words) == 2 and words[1].isdigit() else name
        if kinds and kinds[-1][0] == kind and kinds[-1][2] == len(cells):
            kinds[-1][1].append(name)
        else:
            kinds.append((kind, [name], len(cells)))
    for kind, names, length in kinds:
        # The pairwise family's patterns never add variables; the others ignore them.
        group("%s uniqueness" % kind, len(names) * n, amo.size(length)[1],
              "(%s, digit)" % kind, "%s by %s, digits in order" % (kind, kind),
              ["%s d%d" % (names[0], d) for d in range(1, min(2, n) + 1)])
    return lines


def write_cnf(formula, out, labels=False):
    """Write ``formula`` as strict DIMACS to the text stream ``out``.

    >>> import io
    >>> from dimacs_sudoku.core.grid import Grid
    >>> out = io.StringIO()
    >>> write_cnf(encode(Grid.from_line("1..4" "4..." "...3" "3..1")), out)
    >>> [line for line in out.getvalue().splitlines() if line.startswith("p ")]
    ['p cnf 64 390']
    """
    from .. import arguments
    arguments.having(formula, "write", "write_cnf", "a Formula (from encode)")
    arguments.having(out, "write", "write_cnf", "an open text stream to write to")
    formula.write(out, labels=labels)


def puzzle_formula(grid, source, encoding="extended", amo="pairwise", numbering="standard",
                   comments="header", reduce=False, propagate=False, exclude=None):
    """The Formula that sudoku2cnf writes for ``grid``, read from ``source`` (named in
    its header with the grid's line), with these options; ``exclude``: a function
    ``grid -> complete grids`` whose grids --exclude forbids (asked for once the
    givens are checked). Write it with ``formula.write(out, labels=comments == "full")``.

    A puzzle seen to have no solution (givens that clash; with ``reduce`` or
    ``propagate``, a cell or a digit the reduction leaves no place) still gets its
    CNF, an unsatisfiable one: the full encoding, whose givens' unit clauses contradict
    the rules, or the reduced header over ``1 0`` and ``-1 0`` (which every solver
    reads). ``formula.clash`` is then the NoSolution saying why, at the puzzle's file
    and line (None for a puzzle not seen to clash); nothing is excluded.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> grid = Grid([1, 0, 0, 0] + [0] * 12, source="p.txt", line=3)
    >>> puzzle_formula(grid, "p.txt").comments[-3:]
    ['source: p.txt:3', 'givens: 1', 'puzzle: 1...............']
    >>> clash = puzzle_formula(Grid([1, 1] + [0] * 14, source="p.txt", line=3), "p.txt")
    >>> str(clash.clash)
    'p.txt:3: no solution: contradictory givens: r1c1 and r1c2 both hold 1 in row 1 (and 1 more clashes)'
    >>> clash.to_cnf().clauses[-2:]
    [[1], [5]]
    """
    where = "%s:%d" % (source, grid.line) if grid.line else source
    clash = None
    # The reduced encoding's candidates fail on clashing givens (every unit's givens
    # counted): then, not before, they are looked for (some 15 ms at 400x400).
    checked = not reduce or propagate or bool(grid.removed)
    if checked:
        try:
            grid.check_givens()         # named at the clashing row's line
        except NoSolution as error:
            clash = error
    try:
        formula = encode(grid, encoding=encoding, amo=amo, numbering=numbering,
                         source=where, reduce=reduce, propagate=propagate)
    except NoSolution as error:
        if not checked:
            try:
                grid.check_givens()
            except NoSolution as found:
                clash = found
        if clash is None:
            error.source, error.line = source, grid.line
            clash = error
        from .reduced import contradiction_formula
        formula = contradiction_formula(grid, clash.message, encoding, amo, numbering,
                                        propagate, where)
    else:
        if clash is not None:
            formula.comments.append(clash.message)
    formula.clash = clash
    if exclude is not None and clash is None:
        from .exclude import exclude_solutions
        exclude_solutions(formula, exclude(grid), numbering)
    if comments == "none":
        formula.comments = []
    return formula
