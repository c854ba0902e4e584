"""The run of the bundled DPLL on a puzzle's CNF, said in Sudoku words: for a course
that encodes Sudoku for Davis-Putnam or DPLL and wants to compare with its own run.

The CNF is the one ``sudoku2cnf PUZZLE`` writes (the extended encoding by default,
pairwise at-most-one, standard numbering ``v = (r*N + c)*N + d + 1``); the procedure is
:meth:`~dimacs_sudoku.sat.dpll.ClausePropagator.search`, the search of
``sudoku-grade``: the givens' unit clauses are asserted and propagated, then each
decision sets the first free literal of the open clause with the fewest free literals,
unit propagation follows, and a conflict undoes the last open decision and asserts its
negation (chronological backtracking, no learning). It stops at the first solution.

Each :class:`Event` is one of

``given``      a given's unit clause;
``propagate``  a literal forced by a clause all of whose other literals are false;
``decide``     a decision (``level`` is the number of open decisions);
``conflict``   a clause all of whose literals are false;
``backtrack``  the last open decision undone and its negation asserted;
``solution``   the first solution (checked), or ``none`` when there is none;
``stopped``    the limit was reached.

Lines are indented by decision level (two spaces a level, at most 20 levels); a
variant rule's auxiliary variable is written ``x730`` (true) or ``!x730`` (false).

>>> from dimacs_sudoku.core.grid import Grid
>>> lines = list(trace(Grid.from_line("1..4" "4..." "...3" "3..1")))
>>> lines[0]
'given r1c1=1  [1]'
>>> [line for line in lines if "[-1 -5]" in line]
['r1c1=1 forces r1c2!=1  [-1 -5]  (at most one 1 in row 1)']
>>> lines[-1]
'solution after 0 decisions: 1234431221433421'
>>> list(trace(Grid.from_line("1..4" "4..." "...3" "3..1"), limit=2))[-1]
'stopped after 2 events (raise --trace-limit to see more)'
"""

from collections import namedtuple

from ..core.check import check_cells
from ..core.grid import check_grid_size, grid_argument
from ..core.notation import symbol
from ..core.variables import Standard, model_cells
from ..rules.base import cell_text
from ..sat.dpll import TracingPropagator
from .explain import MAX_SIZE, PuzzleClauses, literal_text

DEFAULT_LIMIT = 1000

# Lines are indented two spaces a decision level, up to this many levels.
MAX_INDENT = 20

Event = namedtuple("Event", "kind lit clause level text")
Event.__doc__ = """One step of the run: ``kind`` (see the module's doc), the literal
set (or None), the clause that forced it or clashed (a tuple of DIMACS literals, or
None), the decision level, and the line that says it."""


class _Enough(Exception):
    """Raised inside the search once the limit is reached."""


def trace_events(grid, limit=None):
    """The :class:`Event` s of the run on ``grid`` (at most ``limit`` and then one
    ``stopped`` event; no limit when None). Grids above 16x16 (the explanations'
    :data:`~.explain.MAX_SIZE`) are refused with a PuzzleError naming the puzzle's
    file and line (a batch's error line for it).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> [e.kind for e in trace_events(Grid.from_line("1..4" "4..." "...3" "3..1"))][-1]
    'solution'
    """
    grid_argument(grid, "trace")
    check_grid_size(grid, MAX_SIZE, "the trace")
    table = PuzzleClauses(grid)
    n = table.size
    prop = TracingPropagator(table.clauses, table.num_vars)   # its reset asserts the givens
    events = []
    decisions = [0]

    def lit_text(lit):
        if abs(lit) > table.cell_vars:            # a rule's auxiliary variable
            return ("x%d" if lit > 0 else "!x%d") % abs(lit)
        return literal_text(n, lit, grid.symbols)

    def emit(kind, lit, clause, level, text):
        if limit is not None and len(events) >= limit:
            raise _Enough
        events.append(Event(kind, lit, clause, level, "  " * min(level, MAX_INDENT) + text))

    def emit_assigned(start, level, ok):
        """The literals of ``trail[start:]`` with their clauses, then the conflict."""
        reason = prop.reason
        for lit in prop.trail[start:]:
            i = reason[abs(lit)]
            clause = table.clauses[i] if i >= 0 else (lit,)
            if i < 0 or table.kinds[i] == "given":
                emit("given", lit, clause, level, "given %s  %s" % (lit_text(lit),
                                                                    _ints(clause)))
            else:
                emit("propagate", lit, clause, level,
                     _forcing(lit, clause, lit_text, _words(table, i)))
        if not ok:
            i = prop.conflict
            if i is None:
                emit("conflict", None, None, level, "conflict")
            else:
                clause = table.clauses[i]
                emit("conflict", None, clause, level, "conflict  %s  (%s: %s)" % (
                    _ints(clause), _words(table, i), table.clash_words(i)))

    def on_assign(kind, lit, depth, mark, ok):
        if kind == "decide":
            decisions[0] += 1
            emit("decide", lit, None, depth, "decide %s  (decision %d, level %d)"
                 % (lit_text(lit), decisions[0], depth))
        else:
            emit("backtrack", lit, None, depth, "backtrack to level %d: %s fails, so %s"
                 % (depth, lit_text(-lit), lit_text(lit)))
        emit_assigned(mark + 1, depth, ok)

    try:
        ok = prop.ok
        emit_assigned(0, 0, ok)
        found = []
        if ok:
            prop.search(limit=1, on_solution=found.append, on_assign=on_assign)
        if found:
            cells = model_cells(found[0], Standard(n))
            check_cells(cells, table.layout, grid, grid.source, grid.line)
            emit("solution", None, None, 0, "solution after %d decisions: %s"
                 % (decisions[0], grid.copy(cells).to_line()))
        else:
            emit("none", None, None, 0, "no solution: %s" % (
                "every branch ends in a conflict" if decisions[0]
                else "unit propagation from the givens ends in a conflict"))
    except _Enough:
        events.append(Event("stopped", None, None, 0,
                            "stopped after %d events (raise --trace-limit to see more)"
                            % limit))
    return iter(events)


def trace(grid, limit=DEFAULT_LIMIT):
    """The lines of the run on ``grid`` (see the module's doc), at most ``limit``
    events and then a line saying it stopped; ``limit`` None for all."""
    for event in trace_events(grid, limit):
        yield event.text


def _ints(clause):
    """``[-5 -14]``: a clause as the CNF writes it."""
    return "[%s]" % " ".join(map(str, clause))


def _words(table, i):
    """The clause ``i`` of ``table`` in words: an at-most-one by its unit or cell."""
    kind, where = table.kinds[i], table.where[i]
    if kind == "unit-amo":
        unit, digit = where
        return "at most one %s in %s" % (symbol(digit, table.size), table.units[unit][0])
    if kind == "cell-amo":
        return "%s holds one digit at most" % cell_text(table.size, where)
    if kind == "rule":
        return "rule " + table.describe(i)
    return table.describe(i)


def _forcing(lit, clause, lit_text, words):
    """The line of a propagation: ``r1c1=5 forces r1c2!=5 [-5 -14] (at most one 5 in
    row 1)`` for a binary clause, ``r1c3=5, the last one left  [...] (row 1 needs a
    5)`` for a longer one."""
    others = [other for other in clause if other != lit]
    if len(others) == 1:
        head = "%s forces %s" % (lit_text(-others[0]), lit_text(lit))
    elif not others:
        head = "%s (a unit clause)" % lit_text(lit)
    else:
        head = "%s, the last one left" % lit_text(lit)
    return "%s  %s  (%s)" % (head, _ints(clause), words)
