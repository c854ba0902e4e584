"""What a setter asks of a puzzle, answered on one incremental SAT solver: how many
solutions (up to a cap), the true candidates of every cell, the backbone, the givens
and rule instances that do nothing, a subset-minimal set of givens, and for a puzzle
with no solution a minimal clash and the fewest givens to remove.

The puzzle is encoded once (:class:`Analyzer`): every cell one digit, every unit of
rows, columns and boxes (or a jigsaw's regions) each digit once; each rule instance (a
cage, a thermometer, a dot, the diagonals) has its clauses guarded by a selector
variable, and each given is the literal of its digit. Every question is then a solve
under assumptions (the givens and selectors kept), and a "which ones" answer is the
solver's failed-assumption core, shrunk to a subset-minimal one. A solution is ruled
out by a clause guarded by one more selector, so that "exactly one solution" is "no
model with it blocked". Every grid used is checked against the rules and givens by
the project's checker.

>>> from dimacs_sudoku.core.grid import Grid
>>> report = analyze(Grid.from_line("1..4" "4..." "...3" "3..1"))
>>> report.solutions, report.capped, len(report.redundant_givens)
(1, False, 4)
>>> report.to_json()["candidates"]["r1c2"]
['2']
>>> clash = analyze(Grid.from_line("12.." ".1.." "...." "...."))
>>> clash.solutions, clash.to_json()["core"], len(clash.fewest_givens_to_remove)
(0, ['r1c1=1', 'r2c2=1'], 1)
"""

from .. import arguments
from ..errors import InvalidModel
from .generate import DEFAULT_BUDGET, UNBOUNDED_MAX_SIZE
from ..core.layout import Layout
from ..core.grid import check_grid_size, grid_argument
from ..core.notation import symbol
from ..sat import Solver, backend
from ..core.check import check_cells
from ..core.check import check_variant, removed_violation
from ..rules.base import Rule, cell_text

# The largest grid analysed: a 25x25 with half its cells given (100+ solutions, each
# candidate one solve) takes 31 s and 110 MB with MiniCard; such a 36x36 ran past
# 400 s and 1.7 GB, an empty 49x49 past 5 minutes, and an empty 400x400 took 3.5 GB
# before failing (2026-11-29).
MAX_ANALYZE_SIZE = 25
# Solutions counted by default: enough to tell "a few" from "many" on every grid size
# at a cost of one solve each; the true candidates never need more (each further
# candidate is one solve under its assumption).
DEFAULT_CAP = 100
# The most givens fewest_givens_to_remove looks for by default.
MAX_REMOVE = 5
# Why fewest_givens_to_remove is None for a puzzle with no solution.
NOT_FOUND = ("rules_clash_alone", "more_than_max_remove", "budget")


def check_size(grid):
    """``grid`` when analysis takes its size (up to :data:`MAX_ANALYZE_SIZE`), else a
    PuzzleError naming its file and line, before anything is built."""
    return check_grid_size(grid, MAX_ANALYZE_SIZE, "analysis")


def given_text(size, cell, digit, symbols=None):
    """``r3c5=7``: a given as a setter writes it, in the puzzle's notation.

    >>> given_text(16, 0, 16, "hex")
    'r1c1=F'
    """
    return "%s=%s" % (cell_text(size, cell), symbol(digit, size, symbols))


class Analysis:
    """The report of :func:`analyze` on one puzzle. Cells are indices (row by row from
    0), digits 1..N; :meth:`to_json` writes them as a setter does.

    - ``solutions``: the number of solutions, up to ``cap``; ``capped``: whether more
      may exist;
    - ``candidates``: per cell, the sorted digits of at least one solution;
      ``counts``: per cell a dict digit -> number of solutions holding it, up to the
      cap (with ``counts=True``, else None);
    - ``backbone``: ``{cell: digit}`` of the cells (givens included) with the same digit
      in every solution (None when there is none);
    - ``redundant_givens``, ``minimal_givens``: lists of ``(cell, digit)``;
      ``redundant_rules``: rules (exactly one solution only: None when there are
      several, more than the cap, or none);
    - ``core``: givens ``(cell, digit)`` and rules that together have no solution, and
      ``fewest_givens_to_remove`` (no solution only, else None); when the latter is
      None for a puzzle with no solution, ``fewest_not_found`` says why: one of
      :data:`NOT_FOUND` (the rules clash without any given, more than
      ``max_remove`` givens would go, a search ran out of its ``budget``);
      ``max_remove``: that bound;
    - ``solver_calls``: the searches made; ``undecided``: the removals of the
      minimal givens that the budget could not decide (their givens were kept: the
      set still forces the solution, but may not be minimal).
    """

    solutions = 0
    capped = False
    max_remove = MAX_REMOVE
    undecided = 0
    candidates = counts = backbone = None
    redundant_givens = redundant_rules = minimal_givens = None
    core = fewest_givens_to_remove = fewest_not_found = None
    solver_calls = 0

    def __init__(self, grid):
        self.puzzle = grid

    def to_json(self, symbols=None):
        """A dict with the keys of the report: cells as ``r1c1``, digits in the
        puzzle's notation (``symbols``, default its own), givens as ``r1c1=5``, rules
        as their text lines."""
        grid = self.puzzle
        n = grid.size
        symbols = symbols or grid.symbols

        def digit(d):
            return symbol(d, n, symbols)

        def given(pair):
            return given_text(n, pair[0], pair[1], symbols)

        def items(found):
            if found is None:
                return None
            return [given(item) if isinstance(item, tuple) else item.to_line()
                    for item in found]

        out = {"solutions": self.solutions, "capped": self.capped,
               "candidates": {cell_text(n, cell): [digit(d) for d in digits]
                              for cell, digits in enumerate(self.candidates)},
               "backbone": None if self.backbone is None else {
                   cell_text(n, cell): digit(d)
                   for cell, d in sorted(self.backbone.items())},
               "redundant_givens": items(self.redundant_givens),
               "redundant_rules": items(self.redundant_rules),
               "minimal_givens": items(self.minimal_givens),
               "core": items(self.core),
               "fewest_givens_to_remove": items(self.fewest_givens_to_remove),
               "fewest_not_found": self.fewest_not_found,
               "solver_calls": self.solver_calls}
        if self.counts is not None:
            out["counts"] = {cell_text(n, cell): {digit(d): k
                                                  for d, k in sorted(found.items())}
                             for cell, found in enumerate(self.counts)}
        return out


class Analyzer:
    """One puzzle on one incremental solver, with a selector per rule instance.

    Variables: digit d of cell c is ``c * N + d``; then each rule's selector and
    auxiliary variables. Rules that replace the boxes (a jigsaw) are the grid's shape,
    always on; every other rule, unit rules (diagonals, windoku, extra regions)
    included, can be switched off. A rule's clauses are made against the rows, columns
    and boxes alone, so that switching one rule off never drops a clause another rule
    left to it. A rule that looks at the others (a negative constraint exempts the
    dotted pairs) gets, for each rule whose removal changes its clauses, the clauses it
    has without that rule, under a selector of their own, used in that removal's test.
    """

    def __init__(self, grid, engine="auto"):
        self.grid = grid
        n = self.size = grid.size
        self.top = n ** 3
        layout = grid.layout
        self.base = Layout(n, layout.box, regions=layout.regions)
        self.rules = list(grid.rules)
        for rule in self.rules:
            rule.link(self.rules)
        self.sat = Solver(engine, self.top)
        sat = self.sat

        def var(cell, d):
            return cell * n + d

        self.var = var
        sat.add_clauses([[var(cell, d) for d in range(1, n + 1)] for cell in range(n * n)])
        sat.add_atmosts([var(cell, d) for d in range(1, n + 1)] for cell in range(n * n))
        for _, cells in self.base.units:
            sat.add_clauses([[var(cell, d) for cell in cells] for d in range(1, n + 1)])
            sat.add_atmosts([var(cell, d) for cell in cells] for d in range(1, n + 1))
        if grid.removed:
            # a pencil-mark puzzle's removed candidates hold always, as the units do
            sat.add_clauses([[-var(cell, d)] for cell, mask in enumerate(grid.removed)
                             for d in range(1, n + 1) if mask >> (d - 1) & 1])
        self.givens = [(cell, d) for cell, d in enumerate(grid.cells) if d]
        self.selector = {}              # rule index -> its selector
        self.instead = {}               # rule index -> {looking rule index: selector}
        for k, rule in enumerate(self.rules):
            if not rule.replaces_boxes:
                self.selector[k] = self._guarded(self._rule_clauses(rule))
        self._looking()

    def _new_var(self):
        self.top += 1
        return self.top

    def _rule_clauses(self, rule):
        """The clauses of ``rule`` alone: its own, and its extra units' (each digit at
        most once, and at least once in a unit of N cells)."""
        n, var = self.size, self.var
        clauses = list(rule.clauses(var, self._new_var, self.base))
        for _, cells in rule.extra_units(n, self.base.box):
            cells = list(cells)
            for d in range(1, n + 1):
                clauses.append([var(cell, d) for cell in cells])
                clauses.extend([-var(a, d), -var(b, d)] for i, a in enumerate(cells)
                               for b in cells[i + 1:])
        return clauses

    def _guarded(self, clauses):
        """A new selector, and ``clauses`` added on condition that it is assumed."""
        selector = self._new_var()
        self.sat.add_clauses([clause + [-selector] for clause in clauses])
        return selector

    def _looking(self):
        """The alternative clauses of the rules that look at the others."""
        looking = [k for k, rule in enumerate(self.rules)
                   if type(rule).link is not Rule.link and k in self.selector]
        if not looking:
            return
        top = self.top

        def fixed_clauses(rule):
            # Auxiliary variables numbered alike each time, for a comparison.
            counter = [top]

            def new_var():
                counter[0] += 1
                return counter[0]
            return sorted(map(sorted, rule.clauses(self.var, new_var, self.base)))

        for k in looking:
            rule = self.rules[k]
            full = fixed_clauses(rule)
            for j in self.selector:
                if j == k:
                    continue
                rule.link([other for i, other in enumerate(self.rules) if i != j])
                if fixed_clauses(rule) != full:
                    self.instead.setdefault(j, {})[k] = self._guarded(
                        self._rule_clauses(rule))
            rule.link(self.rules)

    # ---- solving -----------------------------------------------------------------

    def assumptions(self, givens=None, without_rule=None, extra=()):
        """The literals of ``givens`` (default: all), the selectors of the rules but
        ``without_rule`` (an index), and ``extra``."""
        givens = self.givens if givens is None else givens
        lits = [self.var(cell, d) for cell, d in givens]
        swap = self.instead.get(without_rule, {})
        lits += [swap.get(k, selector) for k, selector in self.selector.items()
                 if k != without_rule]
        lits.extend(extra)
        return lits

    def solve(self, assumptions, budget=None):
        return self.sat.solve(assumptions, budget)

    def cells(self, model=None):
        """The grid of ``model`` (default: the last model)."""
        n, top = self.size, self.size ** 3
        cells = [0] * (n * n)
        for lit in self.sat.model() if model is None else model:
            if 0 < lit <= top:
                cell, d = divmod(lit - 1, n)
                cells[cell] = d + 1
        return cells

    def checked(self, givens=None, without_rule=None, model=None):
        """The grid of ``model`` (default: the last model), checked against the rules
        (all, or all but ``without_rule``) and ``givens`` (default: the puzzle's) by the
        project's checker: InvalidModel if it breaks one."""
        cells = self.cells(model)
        grid = self.grid
        if givens is None and without_rule is None:
            check_cells(cells, grid.layout, grid, grid.source, grid.line,
                        "the solver's model")
            return cells
        n = self.size
        given_cells = [0] * (n * n)
        for cell, d in (self.givens if givens is None else givens):
            given_cells[cell] = d
        rules = [rule for k, rule in enumerate(self.rules) if k != without_rule]
        try:
            problems = check_variant(cells, n, grid.layout.box, rules, given_cells)
            removed = removed_violation(cells, grid.removed, n)
            if removed:
                problems.append(removed)
        finally:
            for rule in self.rules:
                rule.link(self.rules)
        if problems:
            raise InvalidModel("the solver's model breaks a rule: %s" % problems[0],
                               grid.source, grid.line)
        return cells

    def block(self, cells):
        """A selector that, assumed, rules out the grid ``cells``."""
        selector = self._new_var()
        self.sat.add_clauses([[-selector] + [-self.var(cell, d)
                                             for cell, d in enumerate(cells)]])
        return selector

    def delete(self):
        self.sat.delete()


def analyze(grid, cap=DEFAULT_CAP, counts=False, engine="auto", max_remove=MAX_REMOVE,
            redundancy=True, minimal=True, budget=None):
    """The :class:`Analysis` of ``grid`` (a Grid, variant rules included): solutions
    up to ``cap``, true candidates (with ``counts``, how many solutions hold each, up
    to the cap), backbone; for a puzzle with one solution its redundant givens and
    rules (``redundancy``) and a subset-minimal set of givens (``minimal``: one
    solve per given, each as hard as proving a puzzle with fewer givens unique,
    which on a 25x25 grid takes seconds: above 16x16 each has a ``budget`` of
    propagations, default that of ``sudoku-gen``, 0 for none, and a removal it cannot
    decide keeps its given, counted in ``undecided``); for one with none a minimal
    core and the fewest givens to remove (up to ``max_remove``, each search under the
    same ``budget``; ``fewest_not_found`` says why there are none). ``engine``: the
    in-process SAT back end (``auto``, ``pysat``, ``pycosat``, ``pysat:NAME``).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> report = analyze(Grid.empty(4), cap=1000, counts=True)
    >>> report.solutions, report.capped, report.candidates[0], report.counts[0][1]
    (288, False, [1, 2, 3, 4], 72)
    """
    check_size(grid_argument(grid, "analyze"))
    cap = arguments.whole(cap, "analyze", "cap", least=1)
    for name, value in (("counts", counts), ("redundancy", redundancy),
                        ("minimal", minimal)):
        arguments.flag(value, "analyze", name)
    arguments.named(engine, "analyze", "engine", backend)
    max_remove = arguments.whole(max_remove, "analyze", "max_remove")
    budget = arguments.whole(budget, "analyze", "budget", none=True)
    report = Analysis(grid)
    report.max_remove = max_remove
    work = Analyzer(grid, engine)
    try:
        blocked = _solutions(work, report, cap, counts)
        if budget is None and grid.size > UNBOUNDED_MAX_SIZE:
            budget = DEFAULT_BUDGET
        if report.solutions == 0:
            _core(work, report, max_remove, budget or None)
        elif report.solutions == 1 and not report.capped and redundancy:
            _redundancy(work, report, blocked, minimal, budget or None)
        report.solver_calls = work.sat.solves
    finally:
        work.delete()
    return report


def _solutions(work, report, cap, counts):
    """Solutions up to ``cap``, each blocked under one selector; then every candidate
    no solution found so far holds, one solve under its assumption (each model found
    marks all its digits); with ``counts``, more solutions under each candidate until
    it has ``cap`` or none is left. Returns the selector that blocks the solutions
    found."""
    n = work.size
    enumerate_selector = work._new_var()
    assumptions = work.assumptions(extra=[enumerate_selector])
    seen = [set() for _ in range(n * n)]
    tally = [dict() for _ in range(n * n)] if counts else None

    def take(count, under):
        # the façade's enumeration, each grid blocked while enumerate_selector is assumed
        models = work.sat.models(count, project=n ** 3, positives=True, assumptions=under,
                                 guard=enumerate_selector)
        for model in models:
            for cell, d in enumerate(work.checked(model=model)):
                seen[cell].add(d)
                if tally is not None:
                    tally[cell][d] = tally[cell].get(d, 0) + 1
        return len(models)

    found = take(cap, assumptions)
    report.solutions = found
    report.capped = found >= cap and work.solve(assumptions) is True
    if found == 0:
        report.candidates = [[] for _ in range(n * n)]
        if counts:
            report.counts = [{} for _ in range(n * n)]
        return enumerate_selector
    if report.capped:
        plain = work.assumptions()
        for cell in range(n * n):
            for d in range(1, n + 1):
                if d not in seen[cell] and work.solve(plain + [work.var(cell, d)]):
                    for other, e in enumerate(work.checked()):
                        seen[other].add(e)
    report.candidates = [sorted(digits) for digits in seen]
    report.backbone = {cell: digits[0] for cell, digits in enumerate(report.candidates)
                       if len(digits) == 1}
    if tally is not None:
        if report.capped:
            for cell in range(n * n):
                for d in report.candidates[cell]:
                    if tally[cell].get(d, 0) < cap:
                        take(cap - tally[cell].get(d, 0), assumptions + [work.var(cell, d)])
        report.counts = [{d: min(k, cap) for d, k in found_here.items()}
                         for found_here in tally]
    return enumerate_selector


def _redundancy(work, report, blocked, minimal=True, budget=None):
    """Redundant givens and rules, and a minimal set of givens, of a puzzle with one
    solution: with that solution blocked (``blocked`` assumed), "still one solution"
    is "no model"."""
    givens = work.givens
    redundant = []
    for k, given in enumerate(givens):
        rest = givens[:k] + givens[k + 1:]
        if work.solve(work.assumptions(rest, extra=[blocked])):
            work.checked(rest)          # a second solution without this given
        else:
            redundant.append(given)
    report.redundant_givens = redundant
    rules = []
    for k in work.selector:
        if k in work.instead:
            # Without it another rule means more (a negative constraint no longer
            # exempts its pair): the solution may go, so count afresh.
            assumptions = work.assumptions(without_rule=k)
            if not work.solve(assumptions):
                continue
            other = work.block(work.checked(without_rule=k))
            if work.solve(assumptions + [other]):
                work.checked(without_rule=k)
            else:
                rules.append(work.rules[k])
        elif work.solve(work.assumptions(without_rule=k, extra=[blocked])):
            work.checked(without_rule=k)
        else:
            rules.append(work.rules[k])
    report.redundant_rules = rules
    if not minimal:
        return
    keep = list(givens)
    for given in givens:
        if given not in keep:
            continue
        rest = [other for other in keep if other != given]
        answer = work.solve(work.assumptions(rest, extra=[blocked]), budget)
        if answer is None:
            report.undecided += 1
        elif answer:
            work.checked(rest)
        else:
            # The givens outside the solver's core are not needed either.
            core = set(work.sat.core(minimal=False))
            keep = [other for other in rest if work.var(*other) in core]
    report.minimal_givens = keep


def _core(work, report, max_remove, budget=None):
    """A subset-minimal clash of givens and rules, and the fewest givens to remove."""
    work.solve(work.assumptions())
    found = set(work.sat.core())
    report.core = [given for given in work.givens if work.var(*given) in found] + [
        work.rules[k] for k, selector in work.selector.items() if selector in found]
    report.fewest_givens_to_remove, report.fewest_not_found = fewest_removals(
        work, max_remove, budget)


def fewest_removals(work, max_remove=MAX_REMOVE, budget=None):
    """The fewest givens whose removal makes the puzzle of ``work`` (an
    :class:`Analyzer`, whose puzzle has no solution) solvable, the rules kept:
    ``(givens, None)`` with the givens as sorted ``(cell, digit)`` pairs, or
    ``(None, why)``, ``why`` one of :data:`NOT_FOUND`.

    Each given g may be dropped by a relaxation variable r (the clause ``g or r``);
    the façade's counter over the r bounds how many are dropped, and the bound is
    raised from 1 until a solve finds a model (its dropped givens are then a fewest
    set: no smaller bound had one; the grid is checked) or the bound passes
    ``max_remove``. ``budget`` bounds each solve (propagations).
    """
    rules_only = work.assumptions([])
    answer = work.solve(rules_only, budget)
    if answer is None:
        return None, "budget"
    if not answer:
        return None, "rules_clash_alone"
    givens = work.givens
    most = min(max_remove, len(givens))
    relax = [work._new_var() for _ in givens]
    work.sat.add_clauses([[work.var(*given), r] for given, r in zip(givens, relax)])
    above = work.sat.add_counter(relax, most, work._new_var)
    for bound in range(1, most + 1):
        answer = work.solve(rules_only + [-above[bound]], budget)
        if answer is None:
            return None, "budget"
        if answer:
            cells = work.cells()
            removed = [given for given in givens if cells[given[0]] != given[1]]
            work.checked([given for given in givens if given not in removed])
            return sorted(removed), None
    return None, "more_than_max_remove"
