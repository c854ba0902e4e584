"""Why, step by step: explanations a learner can follow and a program can check.

A *step* derives new facts (placements ``r5c5=4``, eliminations ``r1c1!=5``) from
facts already known (the givens, or what earlier steps derived) and a few clauses of
the puzzle's own CNF, the one ``sudoku2cnf PUZZLE`` writes (extended encoding,
pairwise at-most-one, standard numbering): unit propagation over exactly those
clauses and facts derives it, and no clause or fact can be left out. Where no such
step exists, a step *refutes an assumption*: assuming one literal, its sub-steps end
in a conflict (``"derives": ["false"]``), so the literal's negation holds.

Steps are found cheapest first (:data:`WEIGHTS`: facts, clauses by kind, assumptions),
named where their shape is a known technique (hidden and naked singles, locked
candidates, naked and hidden subsets, fish, XY-wing) and otherwise by the rules they
use. The clause-level propagation with reasons is :class:`~..sat.dpll.TracingPropagator`;
each derivation it traces is shrunk by deletion to a subset-minimal one.

>>> from dimacs_sudoku.core.grid import Grid
>>> steps = explain(Grid.from_line("1..4" "4..." "...3" "3..1"))
>>> steps[0].to_json()["name"], steps[0].to_json()["derives"][:3]
('elimination', ['r1c1!=2', 'r1c1!=3', 'r1c1!=4'])
>>> [step.name for step in steps if step.placements()][:3]
['hidden single', 'hidden single', 'hidden single']
>>> hint(Grid.from_line("1..4" "4..." "...3" "3..1")).name
'elimination'
"""

from .. import arguments
from ..core.grid import check_grid_size, grid_argument
from ..core.notation import symbol
from ..rules.base import cell_text
from ..sat.dpll import TracingPropagator

# The largest grid explained (beyond it a step search over N³ candidates, each probe
# over ~N⁴ clauses, takes minutes).
MAX_SIZE = 16

# The cost of a step: the sum of the weights of its facts and clauses, plus ASSUME for
# each level of assumption. A placement's eliminations are nearly free; a unit's
# "needs a d" (hidden single) costs least in a box, more in a line; a cell's "holds a
# digit" (naked single) more, as Sudoku Explainer rates them (1.2 / 1.5 / 2.3).
WEIGHTS = {
    "fact": 0.1,
    "amo": 0.03,            # a binary at-most-one clause: two digits of a cell, a unit
    "box": 1.0,             # a box's "each digit at least once" clause
    "line": 1.4,            # a row's, a column's or another unit's
    "cell": 2.0,            # a cell's "holds at least one digit" clause
    "rule": 1.0,            # a clause of a variant rule (binary ones: rule-binary)
    "rule-binary": 0.3,
    "assume": 1.0,
}

FALSE = "false"

# How many derivations of one round are shrunk to subset-minimal before the cheapest
# is taken (the others keep the cost of their traced, unshrunk form).
SHRINK_BEST = 3

# How many assumptions a nested refutation tries at each depth (three times as many
# are first checked by PROBE_ROUNDS rounds of failed-literal probing).
NESTED_TRIES = 12
PROBE_ROUNDS = 3

# How deep trials may go, each an assumption whose refutation may need a trial.
TRIAL_LEVELS = 2

# The work of failed-literal probing (unit propagations from one assumed literal) one
# explanation may do: the literals its probes set, per cell variable (a measure of
# time that does not depend on the machine). Where the steps need more (variant rules
# read through auxiliary variables propagate weakly, and nested refutations then do the
# work), the explanation stops with status "stopped" (sudoku-explain: exit 5) after the
# steps found. 9x9: 43.7 million literals, some 30 s; the slowest explanation that
# ended, arrow-sugarroad's, set 36.8 million. None or 0: no budget.
PROBE_BUDGET = 60_000

# Whether failed-literal probing skips a literal that an assumption found no clash
# under implied in the same state (it cannot clash either); off only to measure.
SKIP_IMPLIED = True

# A refutation left from an earlier probing round and dearer than this is probed
# again when a digit has been placed since (a cheaper one may have opened).
REPROBE_COST = 4.0


class Step:
    """One step of an explanation: ``derives`` (literals, or ``[FALSE]``) from
    ``facts`` and ``clauses`` (of the puzzle's CNF), or, with ``assume``, the
    negation of the assumption from sub-steps ``steps`` that end in a conflict.

    Literals are the CNF's: ``v = cell*N + d`` (cell from 0, digit from 1), negative
    for "not"; :meth:`to_json` writes them as ``r1c1=5`` / ``r1c1!=5``.
    """

    def __init__(self, size, name, text, derives, facts, clauses, cost, assume=None,
                 steps=(), symbols=None):
        self.size = size
        self.name = name
        self.text = text
        self.derives = list(derives)
        self.facts = sorted(facts, key=abs)
        self.clauses = [list(clause) for clause in clauses]
        self.cost = round(cost, 2)
        self.assume = list(assume) if assume else None
        self.steps = list(steps)
        self.symbols = symbols

    def placements(self):
        """The cells and digits this step places, ``(cell, digit)``."""
        n = self.size
        return [((lit - 1) // n, (lit - 1) % n + 1) for lit in self.derives
                if lit != FALSE and lit > 0]

    def to_json(self):
        """The step as the dict of ``sudoku-explain --json``."""
        def lits(found):
            return [literal_text(self.size, lit, self.symbols) for lit in found]

        out = {"name": self.name, "text": self.text, "derives": lits(self.derives),
               "facts": lits(self.facts), "clauses": self.clauses}
        if self.assume:
            out["assume"] = lits(self.assume)
            out["steps"] = [step.to_json() for step in self.steps]
        out["cost"] = self.cost
        return out

    def __repr__(self):
        return "Step(%r, %r)" % (self.name, self.text)


def literal_text(size, lit, symbols=None):
    """``r1c1=5`` for a cell variable, ``r1c1!=5`` for its negation, ``false``.

    >>> literal_text(9, 5), literal_text(9, -86), literal_text(9, FALSE)
    ('r1c1=5', 'r2c1!=5', 'false')
    """
    if lit == FALSE:
        return FALSE
    v = abs(lit)
    cell, d = (v - 1) // size, (v - 1) % size + 1
    return "%s%s%s" % (cell_text(size, cell), "=" if lit > 0 else "!=",
                       symbol(d, size, symbols))


def parse_literal(text, size, symbols=None):
    """The CNF literal of ``r1c1=5`` / ``r1c1!=5`` (digits in the puzzle's notation).

    >>> parse_literal("r2c1!=5", 9), parse_literal("R1C1 = 5", 9)
    (-86, 5)
    """
    import re
    from ..core.notation import alphabet
    found = re.fullmatch(r"\s*r(\d+)\s*c(\d+)\s*(!=|<>|=)\s*(\S+)\s*", text, re.I)
    if not found:
        raise ValueError("not a fact like r1c1=5 or r1c1!=5: %r" % text.strip())
    r, c, digit = int(found.group(1)), int(found.group(2)), found.group(4)
    chars = alphabet(size, symbols)
    if digit.isdigit() and (chars is None or digit not in chars):
        d = int(digit)
    else:
        d = chars.index(digit.upper()) + 1 if chars and digit.upper() in chars else 0
    if not (1 <= r <= size and 1 <= c <= size) or not d or not 1 <= d <= size:
        raise ValueError("no such cell or digit in a %dx%d grid: %r"
                         % (size, size, text.strip()))
    v = ((r - 1) * size + c - 1) * size + d
    return v if found.group(3) == "=" else -v


# ---- the clauses, and what made each ----------------------------------------------

FACT_KINDS = ("given", "removed")


class PuzzleClauses:
    """The clauses of ``sudoku2cnf PUZZLE``'s CNF (default options), each with its
    kind (``cell``, ``cell-amo``, ``unit``, ``unit-amo``, ``given``, ``removed``,
    ``rule``) and where it comes from (a cell, a unit and digit, a rule), from
    :meth:`~..encodings.formula.Formula.sourced_clauses`. The unit clauses of the
    givens and of a pencil-mark puzzle's removed candidates are facts from the start
    (:meth:`start`), never a step's clauses."""

    def __init__(self, grid):
        from ..encodings import encode
        self.grid = grid
        n = self.size = grid.size
        if grid.rules:
            from ..rules.registry import variant_grid
            layout = variant_grid(grid, grid.rules).layout
        else:
            layout = grid.layout
        self.layout = layout
        self.units = layout.units
        formula = encode(grid)
        self.num_vars = formula.num_vars
        self.cell_vars = n ** 3
        self.clauses, self.kinds, self.where = [], [], []
        rule_index = -1
        kinds = {"cell definedness": "cell", "cell uniqueness": "cell-amo",
                 "unit uniqueness": "unit-amo", "unit definedness": "unit",
                 "givens": "given", "removed candidates": "removed"}
        label_kind = {}
        for label, k, clause in formula.sourced_clauses():
            kind = label_kind.get(label)
            if kind is None:
                head = (label or "").split(":")[0]
                if head == "rule":
                    rule_index += 1
                    kind = label_kind[label] = ("rule", rule_index)
                else:
                    kind = label_kind[label] = (kinds.get(head, "other"), None)
            kind, rule = kind
            if kind in ("unit", "unit-amo"):
                where = (k // n, k % n + 1)
            elif kind == "rule":
                where = rule
            else:
                where = k
            self.clauses.append(tuple(clause))
            self.kinds.append(kind)
            self.where.append(where)
        self.rules = list(grid.rules)
        self.weight = [self._weight(i) for i in range(len(self.clauses))]

    def start(self):
        """The facts known from the start: the givens and a pencil-mark puzzle's
        removed candidates (the literals of their unit clauses)."""
        return {clause[0] for clause, kind in zip(self.clauses, self.kinds)
                if kind in FACT_KINDS}

    def _weight(self, i):
        kind = self.kinds[i]
        if kind in ("cell-amo", "unit-amo"):
            return WEIGHTS["amo"]
        if kind == "cell":
            return WEIGHTS["cell"]
        if kind == "unit":
            name = self.units[self.where[i][0]][0]
            return WEIGHTS["box" if name.startswith("box") else "line"]
        if kind == "rule":
            return WEIGHTS["rule-binary" if len(self.clauses[i]) <= 2 else "rule"]
        return WEIGHTS["rule"]

    def scan_tables(self):
        """``(amo, scan, aux)``, made once: for each literal, the binary at-most-one
        clauses that its truth makes unit, ``(clause, other literal)``; the other
        clauses over cell variables alone (givens left out); whether some clause has
        an auxiliary variable."""
        found = getattr(self, "_scan", None)
        if found is None:
            top = self.cell_vars
            amo, scan, aux = {}, [], False
            for i, (clause, kind) in enumerate(zip(self.clauses, self.kinds)):
                if kind in ("cell-amo", "unit-amo") and len(clause) == 2:
                    a, b = clause
                    amo.setdefault(-a, []).append((i, b))
                    amo.setdefault(-b, []).append((i, a))
                elif kind not in FACT_KINDS and clause:
                    if all(abs(lit) <= top for lit in clause):
                        scan.append(i)
                    else:
                        aux = True
            found = self._scan = (amo, scan, aux)
        return found

    def clash_words(self, i):
        """What it means that the clause ``i`` has no true literal left."""
        kind, where, n = self.kinds[i], self.where[i], self.size
        if kind == "cell":
            return "%s has no digit left" % cell_text(n, where)
        if kind == "unit":
            return "%s has no place for %s" % (self.units[where[0]][0],
                                               a_digit(where[1], n))
        if kind == "rule":
            return "%s is broken" % self.rules[where].to_line()
        if len(self.clauses[i]) == 2:
            a, b = (literal_text(n, -lit) for lit in self.clauses[i])
            return "%s and %s clash" % (a, b)
        return "a clause fails"

    def describe(self, i):
        """The clause in Sudoku words."""
        kind, where, n = self.kinds[i], self.where[i], self.size
        if kind == "cell":
            return "%s holds a digit" % cell_text(n, where)
        if kind == "unit":
            return "%s needs %s" % (self.units[where[0]][0], a_digit(where[1], n))
        if kind == "rule":
            return self.rules[where].to_line()
        a, b = (literal_text(n, -lit) for lit in self.clauses[i])
        return "not both %s and %s" % (a, b)


# ---- unit propagation over a few clauses ----------------------------------------------

def propagate(clauses, facts):
    """Unit propagation over ``clauses`` (literal tuples) from ``facts``: ``(true
    literals, conflict clause or None)``. Small sets only (a step's)."""
    true = set(facts)
    if any(-lit in true for lit in true):
        return true, ()
    changed = True
    while changed:
        changed = False
        for clause in clauses:
            free = None
            count = 0
            for lit in clause:
                if lit in true:
                    break
                if -lit not in true:
                    count += 1
                    free = lit
            else:
                if count == 0:
                    return true, clause
                if count == 1:
                    true.add(free)
                    changed = True
    return true, None


def derives(clauses, facts, targets):
    """Whether unit propagation over ``clauses`` from ``facts`` derives every literal
    of ``targets`` (``[FALSE]``: a conflict)."""
    true, conflict = propagate(clauses, facts)
    if targets == [FALSE]:
        return conflict is not None
    return conflict is None and all(lit in true for lit in targets)


def shrink(table, clause_ids, facts, targets, keep=()):
    """A subset-minimal part of ``clause_ids`` and ``facts`` (``keep`` stays) from
    which unit propagation still derives ``targets``: each item is dropped when the
    rest still does, the dearest first."""
    clauses = list(clause_ids)
    facts = list(facts)
    items = [(table.weight[i], 0, i) for i in clauses] + \
        [(WEIGHTS["fact"], 1, lit) for lit in facts if lit not in keep]
    items.sort(key=lambda item: (-item[0], item[1], abs(item[2])))
    have_clauses, have_facts = set(clauses), set(facts)
    for _, is_fact, item in items:
        if is_fact:
            have_facts.discard(item)
        else:
            have_clauses.discard(item)
        if not derives([table.clauses[i] for i in have_clauses], have_facts, targets):
            (have_facts if is_fact else have_clauses).add(item)
    return sorted(have_clauses), sorted(have_facts, key=abs)


def cost_of(table, clause_ids, facts, assumed=0):
    return (sum(table.weight[i] for i in clause_ids) + WEIGHTS["fact"] * len(facts)
            + WEIGHTS["assume"] * assumed)


# ---- the explainer -------------------------------------------------------------------

class OutOfBudget(Exception):
    """The work of :data:`PROBE_BUDGET` is spent (caught by the explainer that
    holds the budget)."""


class Explainer:
    """The steps of one puzzle (or partial state), found one at a time.

    ``known``: the literals known (givens, or a state's facts); ``solution``: the
    cells of one solution (None when there is none), which tells which candidates
    a refutation may remove (only those false in every solution can be, and those are
    false in this one).
    """

    def __init__(self, table, known, solution=None, depth=2, prop=None, budget=None):
        """``budget``: the literals probes may set per cell variable (None:
        :data:`PROBE_BUDGET`, 0: no budget), or the list of what is left that an
        explainer above this one holds."""
        self.table = table
        n = self.size = table.size
        # the probes left, shared with the explainers under assumptions (a list); the
        # one that made it stops when it is spent
        self.top = budget is None or isinstance(budget, int)
        if self.top:
            per_var = PROBE_BUDGET if budget is None else budget
            budget = [per_var * table.cell_vars if per_var else None]
        self.budget = budget
        self.stopped = False
        self.known = set(known)
        self.solution = solution
        self.depth = depth
        self.placed = [lit for lit in sorted(self.known, key=abs) if lit > 0]
        self.cleared = set()               # placements whose eliminations are done
        self.prop = prop or TracingPropagator(
            table.clauses, table.num_vars,
            skip={i for i, kind in enumerate(table.kinds) if kind in FACT_KINDS})
        self.amo, self.scan, self.aux = table.scan_tables()
        self.conflict = None
        self.pending = []
        self.probed = 0
        self.trial = 0          # trial levels left (-1: none, under a nested refutation)
        self.n = n

    # -- the steps in order

    def steps(self, limit=None):
        """Steps until the grid is full, a conflict is shown, or no step is found."""
        found = []
        while limit is None or len(found) < limit:
            if self.done():
                if self.conflict is None and self.aux:
                    # Every cell placed; a rule read through auxiliary variables may
                    # still be broken (under an assumption).
                    step = self.propagation()
                    if step is not None and step.derives == [FALSE]:
                        self.apply(step)
                        found.append(step)
                break
            try:
                step = self.next_step()
            except OutOfBudget:
                if not self.top:
                    raise
                self.stopped = True
                break
            if step is None:
                break
            self.apply(step)
            found.append(step)
            if step.derives == [FALSE]:
                break
        return found

    def spend(self, probes):
        """Count ``probes`` literals set by failed-literal probes against the budget;
        OutOfBudget when it is spent."""
        left = self.budget[0]
        if left is not None:
            left -= probes
            self.budget[0] = left
            if left < 0:
                raise OutOfBudget()

    def done(self):
        return self.conflict is not None or len(self.placed) == self.n * self.n

    def apply(self, step):
        if step.derives == [FALSE]:
            self.conflict = step
            return
        for lit in step.derives:
            if lit not in self.known:
                self.known.add(lit)
                if lit > 0:
                    self.placed.append(lit)
        if step.name == "elimination":
            self.cleared.add(step.facts[0])

    def next_step(self):
        """The cheapest step from the known facts, or None."""
        step = self.elimination()
        if step is None:
            step = self.single()
        if step is None and self.aux:
            step = self.propagation()
        if step is None:
            step = self.refutation()
        if step is None and self.depth > 1:
            step = self.nested()
        if step is None and (self.trial > 0 or self.solution is not None
                             and self.trial == 0):
            step = self.trial_step()
        return step

    def trial_step(self):
        """The last resort, a trial: assume a candidate that the solution does not
        hold (or, under an assumption already refuted, any open one: each is), and
        refute it by steps under it that may be trials themselves (a DPLL search,
        each branch explained), :data:`TRIAL_LEVELS` deep at most. None where no
        candidate is open or the trial ends in no clash."""
        options = [lit for lit in self.candidates() if lit > 0]
        if not options:
            return None
        n = self.n
        counts = {}
        for lit in options:
            counts[(lit - 1) // n] = counts.get((lit - 1) // n, 0) + 1
        lit = min(options, key=lambda lit: (counts[(lit - 1) // n], lit))
        step = self._nested_step(lit, 1, trial=(self.trial or TRIAL_LEVELS) - 1)
        if step is not None:
            step.name = "trial"
        return step

    # -- direct steps

    def elimination(self):
        """The eliminations of the earliest placement not yet done (or its clash)."""
        known, n = self.known, self.n
        for p in self.placed:
            if p in self.cleared:
                continue
            pairs = self.amo.get(p, ())
            for i, other in pairs:
                if -other in known:         # both true: a clash
                    return self._conflict_step([i], [p, -other])
            ids = [i for i, other in pairs if other not in known]
            derived = [other for i, other in pairs if other not in known]
            if not ids:
                self.cleared.add(p)
                continue
            return Step(n, "elimination", self._elimination_text(p, derived),
                        sorted(derived, key=abs), [p],
                        [self.table.clauses[i] for i in ids],
                        cost_of(self.table, ids, [p]))
        return None

    def _elimination_text(self, p, derived):
        n = self.n
        cell, d = (p - 1) // n, (p - 1) % n + 1
        others = [lit for lit in derived if (-lit - 1) // n != cell]
        mine = len(derived) - len(others)
        parts = []
        if mine:
            parts.append("%s holds no other digit" % cell_text(n, cell))
        if others:
            parts.append("no other %s in %s" % (symbol(d, n), " ".join(
                cell_text(n, (-lit - 1) // n) for lit in sorted(others, key=abs))))
        return "%s: %s" % (literal_text(n, p), "; ".join(parts))

    def single(self):
        """The cheapest clause over cell variables with one literal left (a hidden or
        naked single, or a rule's consequence), or a clause with none (a clash)."""
        known, table = self.known, self.table
        best = None
        ruled = []
        for i in self.scan:
            clause = table.clauses[i]
            free = None
            count = 0
            for lit in clause:
                if lit in known:
                    break
                if -lit not in known:
                    count += 1
                    free = lit
                    if count > 1:
                        break
            else:
                if count == 0:
                    return self._conflict_step([i], [-lit for lit in clause])
                cost = table.weight[i] + WEIGHTS["fact"] * (len(clause) - 1)
                if best is None or cost < best[0]:
                    best = (cost, i, free)
                if table.kinds[i] == "rule":
                    ruled.append((i, free))
        if best is None:
            return None
        cost, i, lit = best
        clause = table.clauses[i]
        facts = [-other for other in clause if other != lit]
        if table.kinds[i] == "rule":
            return self._rule_group(i, lit, facts, ruled)
        name, text = self._single_words(i, lit)
        return Step(self.n, name, text, [lit], facts, [clause], cost)

    def _rule_group(self, i, lit, facts, ruled):
        """What one rule instance forces from the same facts, clause by clause, as one
        step (a cage's digits out of reach, a thermometer's bulb and its cells)."""
        table, n = self.table, self.n
        where, wanted = table.where[i], set(facts)
        ids, derived = [], []
        for j, free in ruled:
            if table.where[j] != where or free in derived:
                continue
            if {-other for other in table.clauses[j] if other != free} == wanted:
                ids.append(j)
                derived.append(free)
        rule = table.rules[where]
        text = "%s: %s%s" % (rule.to_line(), " ".join(literal_text(n, f) for f in facts)
                             + " so " if facts else "",
                             " ".join(literal_text(n, d) for d in sorted(derived, key=abs)))
        return Step(n, rule.name, text, sorted(derived, key=abs), facts,
                    [table.clauses[j] for j in ids], cost_of(table, ids, facts))

    def _single_words(self, i, lit):
        table, n = self.table, self.n
        kind, where = table.kinds[i], table.where[i]
        said = literal_text(n, lit)
        if kind == "unit":
            unit = table.units[where[0]][0]
            return "hidden single", "%s needs %s and only %s can hold it" % (
                unit, a_digit(where[1], n), cell_text(n, (lit - 1) // n))
        if kind == "cell":
            return "naked single", "%s can only be %s" % (cell_text(n, where),
                                                          symbol((lit - 1) % n + 1, n))
        rule = table.rules[where] if kind == "rule" else None
        name = rule.name if rule is not None else kind
        return name, "%s: %s" % (rule.to_line() if rule is not None else kind, said)

    def _conflict_step(self, ids, facts):
        table = self.table
        what = "; ".join(table.clash_words(i) for i in ids)
        return Step(self.n, "clash", "%s (%s)" % (
            what, " ".join(literal_text(self.n, lit) for lit in sorted(facts, key=abs))),
            [FALSE], facts, [table.clauses[i] for i in ids], cost_of(table, ids, facts))

    def load(self):
        """The propagator at the known facts; False on a conflict."""
        prop = self.prop
        prop.reset()
        return prop.ok and prop.assume(sorted(self.known, key=abs))

    def propagation(self):
        """A rule's consequence through its auxiliary variables: unit propagation from
        the known facts, each new cell literal traced back and shrunk; the cheapest."""
        prop, table = self.prop, self.table
        if not self.load():
            if prop.conflict is not None:
                facts, ids = prop.trace(conflict=prop.conflict)
            else:           # a fact found false while the facts were set
                bad = next((lit for lit in sorted(self.known, key=abs)
                            if prop.value[prop.num_vars + lit] < 0), None)
                if bad is None:
                    return None
                facts, ids = prop.trace([-bad])
                facts.add(bad)
            ids, facts = shrink(table, ids, facts, [FALSE])
            return self._named_conflict(ids, facts)
        top = table.cell_vars
        found = []
        for lit in prop.trail:
            if abs(lit) <= top and lit not in self.known:
                facts, ids = prop.trace([lit])
                found.append((cost_of(table, ids, facts), lit, ids, facts))
        if not found:
            return None
        found.sort(key=lambda item: (item[0], abs(item[1])))
        best = None
        for _, lit, ids, facts in found[:SHRINK_BEST]:
            ids, facts = shrink(table, ids, facts, [lit])
            cost = cost_of(table, ids, facts)
            if best is None or cost < best[0]:
                best = (cost, lit, ids, facts)
        cost, lit, ids, facts = best
        rules = self._rule_names(ids)
        text = "%s: %s, so %s" % ("; ".join(self._rule_lines(ids)) or "the rules",
                                  " ".join(literal_text(self.n, f) for f in facts) or
                                  "from the rule alone", literal_text(self.n, lit))
        return Step(self.n, rules or "propagation", text, [lit], facts,
                    [table.clauses[i] for i in ids], cost)

    def _named_conflict(self, ids, facts):
        return Step(self.n, "clash", "a clash of %s" % "; ".join(
            self.table.describe(i) for i in ids), [FALSE], facts,
            [self.table.clauses[i] for i in ids], cost_of(self.table, ids, facts))

    def _rule_lines(self, ids):
        table = self.table
        seen = []
        for i in ids:
            if table.kinds[i] == "rule":
                line = table.rules[table.where[i]].to_line()
                if line not in seen:
                    seen.append(line)
        return seen

    def _rule_names(self, ids):
        table = self.table
        names = []
        for i in ids:
            if table.kinds[i] == "rule":
                name = table.rules[table.where[i]].name
                if name not in names:
                    names.append(name)
        return " + ".join(names)

    # -- refutations

    def candidates(self):
        """The literals a refutation may assume: a candidate the solution does not
        hold (or any open candidate when there is no solution), and the negation of
        the solution's digit in an open cell."""
        n, known, solution = self.n, self.known, self.solution
        found = []
        for cell in range(n * n):
            base = cell * n
            if any(base + d in known for d in range(1, n + 1)):
                continue
            for d in range(1, n + 1):
                v = base + d
                if -v in known:
                    continue
                if solution is None or solution[cell] != d:
                    found.append(v)
                else:
                    found.append(-v)
        return found

    def refutation(self):
        """The cheapest assumption whose unit propagation clashes (failed-literal
        probing over the known facts), shrunk to subset-minimal.

        One probing round finds every such assumption; the others wait in
        :attr:`pending` (a refutation stays valid as facts are added) and are taken,
        cheapest first, whenever no direct step is open, before probing again."""
        known = self.known
        pending = [item for item in self.pending
                   if item[1] not in known and -item[1] not in known]
        if not pending or (pending[0][0] > REPROBE_COST and len(self.placed) > self.probed):
            pending = self.probe()
        if not pending:
            self.pending = []
            return None
        _, lit, ids, facts = pending[0]
        ids, facts = shrink(self.table, ids, facts, [FALSE], keep=(lit,))
        self.pending = pending[1:]
        return self._refutation_step(lit, ids, facts, cost_of(self.table, ids, facts, 1))

    def probe(self):
        """Every refutation from the known facts by one failed-literal probe, as
        ``(cost, literal, clauses, facts)`` of its traced derivation, cheapest first."""
        prop, table = self.prop, self.table
        self.probed = len(self.placed)
        if not self.load():
            return []
        found = []
        value, n = prop.value, prop.num_vars
        for lit in self.candidates():
            if value[n + lit]:
                continue
            mark = len(prop.trail)
            if not prop.assume((lit,)):
                facts, ids = prop.trace(conflict=prop.conflict)
                facts.add(lit)
                found.append((cost_of(table, ids, facts, 1), lit, ids, facts))
            self.spend(len(prop.trail) - mark)
            prop.undo(mark)
        found.sort(key=lambda item: (item[0], item[1] < 0, abs(item[1])))
        return found

    def _refutation_step(self, lit, ids, facts, cost):
        n, table = self.n, self.table
        clauses = [table.clauses[i] for i in ids]
        given = [f for f in facts if f != lit]
        _, conflict = propagate(clauses, facts)
        where = (table.clash_words(ids[[table.clauses[i] for i in ids].index(conflict)])
                 if conflict else "a clash")
        sub = Step(n, "clash", where, [FALSE], facts, clauses, cost - WEIGHTS["assume"])
        name = self._technique(lit, ids)
        said = self._technique_words(name, lit, ids)
        text = "%s, so %s" % (said, literal_text(n, -lit)) if said else \
            "if %s then %s (by %s), so %s" % (literal_text(n, lit), where,
                                              self._used_words(ids), literal_text(n, -lit))
        return Step(n, name, text, [-lit], given, clauses, cost, assume=[lit],
                    steps=[sub])

    def _open_cells(self, cells, d):
        """The cells of ``cells`` where digit ``d`` is not yet ruled out."""
        n, known = self.n, self.known
        return [cell for cell in cells if -(cell * n + d) not in known]

    def _lines_of(self, cells):
        """The names of the units holding every one of ``cells``."""
        member = self.table.layout.units_of_cell()
        common = set(member[cells[0]])
        for cell in cells[1:]:
            common &= set(member[cell])
        return [self.table.units[u][0] for u in sorted(common)]

    def _technique_words(self, name, lit, ids):
        """A technique's own sentence (before ", so r1c1!=5"), or None."""
        table, n = self.table, self.n
        units = [table.where[i] for i in ids if table.kinds[i] == "unit"]
        cells = [table.where[i] for i in ids if table.kinds[i] == "cell"]
        if name.startswith("locked candidates") and len(units) == 1:
            u, d = units[0]
            unit_name, members = table.units[u]
            where = self._open_cells(members, d)
            lines = [line for line in self._lines_of(where) if line != unit_name] \
                if where else []
            if lines:
                return "%s needs %s and its places all lie in %s" % (
                    unit_name, a_digit(d, n), lines[0])
        if name in ("X-wing", "swordfish", "jellyfish"):
            d = units[0][1]
            names = [table.units[u][0] for u, _ in units]
            across = 1 if names[0].startswith("row") else 0
            spots = {c for u, _ in units for c in self._open_cells(table.units[u][1], d)}
            others = sorted({divmod(c, n)[across] + 1 for c in spots})
            return "the %ss of %s lie in %s %s" % (
                symbol(d, n), listed(names), "columns" if across else "rows",
                listed([str(k) for k in others]))
        if name.startswith("naked ") and cells:
            digits = sorted({(abs(lit) - 1) % n + 1 for i in ids
                             if table.kinds[i] == "cell" for lit in table.clauses[i]
                             if -lit not in self.known})
            return "%s hold %s between them (%s)" % (
                listed([cell_text(n, c) for c in cells]),
                listed([symbol(d, n) for d in digits]), self._lines_of(cells)[0])
        if name.startswith("hidden ") and units:
            unit_name, members = table.units[units[0][0]]
            spots = sorted({c for _, d in units for c in self._open_cells(members, d)})
            return "in %s, %s can only go in %s" % (
                unit_name, listed([symbol(d, n) for _, d in units]),
                listed([cell_text(n, c) for c in spots]))
        return None

    def _used_words(self, ids):
        table = self.table
        words = []
        for i in ids:
            kind = table.kinds[i]
            if kind in ("cell", "unit") or kind == "rule":
                words.append(table.describe(i))
        return "; ".join(dict.fromkeys(words)) or "the placements' exclusions"

    def _technique(self, lit, ids):
        """The name of a refutation's shape."""
        table = self.table
        cells = [table.where[i] for i in ids if table.kinds[i] == "cell"]
        units = [table.where[i] for i in ids if table.kinds[i] == "unit"]
        rules = self._rule_names(ids)
        if lit < 0:
            return "contradiction" + (" (%s)" % rules if rules else "")
        if rules:
            return rules
        size_name = {2: "pair", 3: "triple", 4: "quad"}
        unit_names = [table.units[u][0] for u, _ in units]
        if not cells and len(units) == 1:
            unit = unit_names[0]
            return "locked candidates (%s)" % ("pointing" if unit.startswith("box")
                                              else "claiming")
        if not cells and len(units) > 1:
            if len({d for _, d in units}) == 1 and all(
                    name.split()[0] in ("row", "column") for name in unit_names) and \
                    len({name.split()[0] for name in unit_names}) == 1:
                return {2: "X-wing", 3: "swordfish", 4: "jellyfish"}.get(
                    len(units), "fish")
            if len({u for u, _ in units}) == 1 and len(units) in size_name:
                return "hidden " + size_name[len(units)]
        if cells and not units:
            common = set(table.layout.units_of_cell()[cells[0]])
            for cell in cells[1:]:
                common &= set(table.layout.units_of_cell()[cell])
            if common and len(cells) in size_name:
                return "naked " + size_name[len(cells)]
            if len(cells) == 3:
                return "XY-wing"
            return "forcing chain"
        return "forcing chain"

    def nested(self):
        """A refutation whose sub-steps are themselves steps (and refutations) under
        the assumption, the cells with fewest candidates first. First with one-level
        refutations inside (tried only where failed-literal probing to a fixpoint
        under the assumption clashes), then deeper, a few assumptions at most."""
        n = self.n
        options = self.candidates()
        counts = {}
        for lit in options:
            cell = (abs(lit) - 1) // n
            counts[cell] = counts.get(cell, 0) + 1
        options.sort(key=lambda lit: (counts[(abs(lit) - 1) // n], lit < 0, abs(lit)))
        for depth in range(1, self.depth):
            tried = options if depth > 1 else self._probe_clashes(options)
            for lit in tried[:NESTED_TRIES]:
                step = self._nested_step(lit, depth)
                if step is not None:
                    return step
        return None

    def _probe_clashes(self, options):
        """The assumptions among the first of ``options`` under which failed-literal
        probing of the open candidates (a few rounds) ends in a clash, in order."""
        prop = self.prop
        if not self.load():
            return []
        value, top = prop.value, prop.num_vars
        cells = range(1, self.table.cell_vars + 1)
        found = []
        cell_vars = self.table.cell_vars
        trail = prop.trail
        for lit in options[:NESTED_TRIES * 3]:
            if value[top + lit]:
                continue
            mark = len(trail)
            clash = not prop.assume((lit,))
            probes = 0
            for _ in range(PROBE_ROUNDS):
                if clash:
                    break
                changed = False
                implied = set()     # no clash under them (see SKIP_IMPLIED)
                for v in cells:
                    if value[top + v] or v in implied:
                        continue
                    inner = len(trail)
                    if prop.assume((v,)):
                        probes += len(trail) - inner
                        if SKIP_IMPLIED:
                            implied.update(u for u in trail[inner + 1:]
                                           if 0 < u <= cell_vars)
                        prop.undo(inner)
                        continue
                    probes += len(trail) - inner
                    prop.undo(inner)
                    changed = True
                    implied = set()
                    if not prop.assume((-v,)):
                        clash = True
                        break
                if not changed:
                    break
            probes += len(trail) - mark
            prop.undo(mark)
            self.spend(probes)
            if clash:
                found.append(lit)
        return found

    def _nested_step(self, lit, depth, trial=-1):
        n = self.n
        inner = Explainer(self.table, self.known | {lit}, None, depth, self.prop,
                          self.budget)
        inner.trial = trial
        inner.placed = list(self.placed) + ([lit] if lit > 0 else [])
        inner.cleared = set(self.cleared)
        sub = inner.steps(limit=4 * n * n)
        if not sub or sub[-1].derives != [FALSE]:
            return None
        sub = needed(sub, self.known | {lit})
        cost = sum(step.cost for step in sub) + WEIGHTS["assume"] * (depth + 1)
        facts = sorted({f for step in sub for f in step.facts if f in self.known},
                       key=abs)
        clauses = []
        for step in sub:
            for clause in step.clauses:
                if clause not in clauses:
                    clauses.append(clause)
        return Step(n, "nested forcing chain",
                    "if %s then %d steps end in a clash (%s), so %s" % (
                        literal_text(n, lit), len(sub), sub[-1].text,
                        literal_text(n, -lit)),
                    [-lit], facts, clauses, cost, assume=[lit], steps=sub)


def a_digit(d, size):
    """``a 5``, ``an 8``, ``an 11``: a digit with its article.

    >>> a_digit(8, 9), a_digit(5, 9), a_digit(11, 16)
    ('an 8', 'a 5', 'a B')
    """
    text = symbol(d, size)
    sound = text[0] in "8AEFHILMNORSX" or text in ("11", "18")
    return ("an " if sound else "a ") + text


def listed(words):
    """``a``, ``a and b``, ``a, b and c``.

    >>> listed(["r1c1", "r1c4", "r2c2"])
    'r1c1, r1c4 and r2c2'
    """
    words = list(words)
    return words[0] if len(words) == 1 else "%s and %s" % (", ".join(words[:-1]),
                                                           words[-1])


def needed(steps, known):
    """The steps that the last one needs, in order: each kept step derives a fact
    that a later kept step uses."""
    wanted = set()
    kept = []
    for step in reversed(steps):
        if step is steps[-1] or any(lit in wanted for lit in step.derives):
            kept.append(step)
            wanted.update(f for f in step.facts if f not in known)
    kept.reverse()
    return kept


# ---- the verbs ---------------------------------------------------------------------------

class Explanation:
    """The steps of one puzzle, its solution and its rating (the cost of the hardest
    step); ``status`` is ``solved``, ``several`` (the steps stop where the solutions
    branch), ``none`` (no solution: ``core`` names the minimal clash), ``wrong`` (a
    fact of the state contradicts the solution: the one step shows it), ``stuck``
    (no step found within the bounds), ``partial`` (stopped at a limit), ``stopped``
    (the work of :data:`PROBE_BUDGET` spent) or ``hint``."""

    def __init__(self, grid, steps, solution, status, core=None, known=()):
        self.grid = grid
        self.steps = steps
        self.solution = solution
        self.status = status
        self.core = core
        self.known = set(known)
        self.wrong = None
        self.rating = round(max((step.cost for step in steps), default=0.0), 2)
        for step in steps:
            _set_symbols(step, grid.symbols)

    def to_json(self):
        """The dict of ``sudoku-explain --json``."""
        from ..formats import puzzle_line
        found = {"puzzle": puzzle_line(self.grid),
                 "solution": (self.solution.to_line(self.grid.symbols)
                              if self.solution is not None else None),
                 "rating": self.rating,
                 "steps": [step.to_json() for step in self.steps]}
        if self.status == "stopped":
            found["stopped"] = True         # the probe budget ran out
        return found

    def grid_reached(self):
        """The grid of the placements known after the steps (givens included),
        checked against the solution (a complete one against the rules too)."""
        from ..errors import InvalidModel
        n = self.grid.size
        cells = list(self.grid.cells)
        for lit in self.known:
            if 0 < lit <= n ** 3:
                cells[(lit - 1) // n] = (lit - 1) % n + 1
        reached = self.grid.copy(cells)
        if self.solution is not None and self.status != "wrong":
            if any(d and d != s for d, s in zip(cells, self.solution.cells)):
                raise InvalidModel("an explanation placed a digit the solution does "
                                   "not hold", self.grid.source, self.grid.line)
            if reached.is_complete():
                reached.check_solution(self.grid)
        return reached

    def to_text(self):
        """One line per step, what the steps reached, and the grid."""
        from ..formats import puzzle_line
        lines = ["puzzle: %s" % puzzle_line(self.grid)]
        width = len(str(len(self.steps)))
        for k, step in enumerate(self.steps, 1):
            lines.append("%*d. %s: %s" % (width, k, step.name, step.text))
        count = len(self.steps)
        said = {
            "solved": "solved in %d steps, rating %s" % (count, self.rating),
            "several": "several solutions: the steps stop where they branch",
            "none": "no solution%s" % (": the minimal clash is %s" % " ".join(self.core)
                                       if self.core else ""),
            "wrong": "the state holds a wrong fact: %s" % (
                literal_text(self.grid.size, self.wrong, self.grid.symbols)
                if self.wrong is not None else "?"),
            "stuck": "no further step found within the bounds of the search",
            "partial": "stopped after %d steps" % count,
            "stopped": "stopped: the search for the next step went past its probe "
                       "budget (docs/explain.md)",
            "hint": "the next step" if count else "nothing left to explain",
        }[self.status]
        lines.append(said)
        if self.status not in ("hint", "wrong"):
            lines.append(self.grid_reached().to_text())
        return "\n".join(lines) + "\n\n"


def _set_symbols(step, symbols):
    step.symbols = symbols
    for sub in step.steps:
        _set_symbols(sub, symbols)


def explain_puzzle(grid, state=(), limit=None, depth=3, budget=None):
    """The :class:`Explanation` of ``grid`` from its givens and the literals ``state``.
    ``limit``: at most this many steps; ``budget``: the literals failed-literal probes
    may set per cell variable (None: :data:`PROBE_BUDGET`; 0: no budget)."""
    check_grid_size(grid, MAX_SIZE, "explanation")
    solution, several = _solution(grid)
    table = PuzzleClauses(grid)
    n = grid.size
    known = table.start() | set(state)
    # Whatever is refutable is false in every solution, so in this one too.
    cells = solution.cells if solution is not None else None
    if several:
        depth = 1           # a candidate of another solution never clashes: no nesting
    wrong = None if several else _wrong_fact(state, cells, n)
    if wrong is not None:
        work = Explainer(table, known - {wrong}, cells, budget=budget)
        step = _refute(work, wrong)
        result = Explanation(grid, [step] if step else [], solution, "wrong")
        result.wrong = wrong
        return result
    work = Explainer(table, known, cells, depth, budget=budget)
    if several:
        work.trial = -1     # a candidate of another solution never clashes
    steps = work.steps(limit)
    core = None
    if solution is None:
        status = "none"
        from .analyze import analyze
        core = analyze(grid, cap=1, redundancy=False).to_json()["core"]
    elif work.done():
        status = "solved" if work.conflict is None else "none"
    elif work.stopped:
        status = "stopped"
    elif limit is not None and len(steps) >= limit:
        status = "partial"
    else:
        status = "several" if several else "stuck"
    return Explanation(grid, steps, solution, status, core, work.known)


def _solution(grid):
    """``(solution, several)``: the solution sudoku-solve prints (None if there is
    none) and whether there are others."""
    from . import count_solutions, solve
    from ..errors import NoSolution
    try:
        return solve(grid), count_solutions(grid, 2) > 1
    except NoSolution:
        return None, False


def _wrong_fact(facts, solution, n):
    """The first fact that ``solution`` (cells) contradicts, or None."""
    if solution is None:
        return None
    for lit in facts:
        v = abs(lit)
        if (lit > 0) != (solution[(v - 1) // n] == (v - 1) % n + 1):
            return lit
    return None


def explain(grid):
    """The steps from ``grid``'s givens to its solution, cheapest first, as
    :class:`Step` objects (``.to_json()`` for the dict of ``sudoku-explain --json``).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> steps = explain(Grid.from_line("1..4" "4..." "...3" "3..1"))
    >>> steps[1].to_json()["text"]
    'r1c4=4: r1c4 holds no other digit; no other 4 in r1c2 r1c3 r2c3 r2c4 r3c4 r4c4'
    >>> steps[6].text
    'box 2 needs a 1 and only r2c3 can hold it'
    """
    grid_argument(grid, "explain")
    return explain_puzzle(grid).steps


def hint(grid, state=None):
    """The next step from ``grid``'s givens and ``state`` (facts: ``"r1c1=5"`` or
    ``"r1c1!=5"`` strings, or CNF literals), or None when the grid is full. A state
    that contradicts the solution gives the step that shows it wrong.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> hint(Grid.from_line("1..4" "4..." "...3" "3..1"), ["r1c2=3"]).text[:60]
    'r1c2=3 is wrong: assuming it, 9 steps end in a clash (r2c4 h'
    """
    grid_argument(grid, "hint")
    facts = state_literals(grid, state, "hint")
    return next_hint(grid, facts).step


class Hint:
    """The next step (or None), the solution and, for a state with a wrong fact,
    that fact."""

    def __init__(self, step, solution=None, wrong=None):
        self.step = step
        self.solution = solution
        self.wrong = wrong
        self.stopped = False        # the probe budget ran out before a step was found


def next_hint(grid, facts, budget=None):
    """The :class:`Hint` from ``grid`` and the literals ``facts``: a wrong fact (one
    the solution contradicts) is shown wrong by the refutation of it."""
    check_grid_size(grid, MAX_SIZE, "explanation")
    table = PuzzleClauses(grid)
    n = grid.size
    givens = table.start()
    solved, several = _solution(grid)
    solution = solved.cells if solved is not None else None
    wrong = None if several else _wrong_fact(facts, solution, n)
    if wrong is not None:
        work = Explainer(table, givens | {f for f in facts if f != wrong}, solution,
                         budget=budget)
        return Hint(_refute(work, wrong), solved, wrong)
    work = Explainer(table, givens | set(facts), solution, 1 if several else 2,
                     budget=budget)
    if several:
        work.trial = -1
    if work.done():
        return Hint(None, solved)
    try:
        return Hint(work.next_step(), solved)
    except OutOfBudget:
        found = Hint(None, solved)
        found.stopped = True
        return found


def _refute(work, lit):
    """The step that shows ``lit`` wrong: unit propagation from it clashes (a
    refutation), or else an explanation under it ends in a clash."""
    n = work.n
    prop, table = work.prop, work.table
    if work.load():
        if prop.value[prop.num_vars + lit] < 0:
            pass                    # unit propagation alone refutes it: said below
        elif not prop.assume((lit,)):
            facts, ids = prop.trace(conflict=prop.conflict)
            facts.add(lit)
            ids, facts = shrink(table, ids, facts, [FALSE], keep=(lit,))
            step = work._refutation_step(lit, ids, facts, cost_of(table, ids, facts, 1))
            step.name = "wrong fact"
            step.text = "%s is wrong: %s" % (literal_text(n, lit), step.text)
            return step
    inner = Explainer(work.table, work.known | {lit}, None, 2, work.prop, work.budget)
    inner.placed = [f for f in sorted(work.known | {lit}, key=abs) if f > 0]
    try:
        sub = inner.steps(limit=8 * n * n)
    except OutOfBudget:
        return None
    if not sub or sub[-1].derives != [FALSE]:
        return None
    sub = needed(sub, work.known | {lit})
    facts = sorted({f for step in sub for f in step.facts if f in work.known}, key=abs)
    clauses = []
    for step in sub:
        for clause in step.clauses:
            if clause not in clauses:
                clauses.append(clause)
    return Step(n, "wrong fact", "%s is wrong: assuming it, %d steps end in a clash (%s), "
                "so %s" % (literal_text(n, lit), len(sub), sub[-1].text,
                           literal_text(n, -lit)), [-lit], facts,
                clauses, sum(step.cost for step in sub) + WEIGHTS["assume"],
                assume=[lit], steps=sub)


def state_literals(grid, state, function="hint"):
    """The literals of ``state``: None, CNF literals or ``r1c1=5`` texts."""
    if state is None:
        return []
    n = grid.size
    found = []
    for item in arguments.iterable(state, function, "facts (r1c1=5 texts or literals)"):
        if isinstance(item, int) and not isinstance(item, bool):
            if not 1 <= abs(item) <= n ** 3:
                raise ValueError("%s(): no cell variable %d in a %dx%d grid"
                                 % (function, item, n, n))
            found.append(item)
        elif isinstance(item, str):
            found.append(parse_literal(item, n, grid.symbols))
        else:
            raise TypeError("%s(): state holds facts like 'r1c1=5', not %r"
                            % (function, item))
    return found
