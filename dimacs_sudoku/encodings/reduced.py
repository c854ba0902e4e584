"""The given-driven reduced encoding of Kwon & Jain, "Optimized CNF encoding for Sudoku
puzzles" (LPAR 2006).

Every variable that a given fixes is dropped: the given's cell (all its digits) and the
given's digit in every peer. Every clause that a given satisfies is dropped too (the
unit's definedness for a digit already placed in it, a cell's definedness for a filled
cell); what is left speaks only of open candidates: each open cell holds one of its
candidates, each digit missing from a unit goes to one of its places there, at most
once. With ``propagate`` the naked and hidden singles are placed first
(:mod:`dimacs_sudoku.reasoning.propagate`), and what they place is dropped the same way.

The open candidates are numbered 1..K, cell by cell in increasing digit order, and the
at-most-one families number their auxiliary variables above K. Header comments make
the CNF decodable on its own (:class:`dimacs_sudoku.dimacs.decode.CnfInfo`):

- ``c varmap: v1 v2 ...``: compact variable i stands for the cell variable
  ``varmap[i-1]`` of the chosen numbering; the list runs over as many ``c varmap:``
  lines as it needs (about 100 characters each);
- ``c fixed: ...``: the cell variables true by a given or by propagation, also spread
  over lines.

A puzzle that propagation solves gives ``p cnf 0 0``, which every solver tried
(picosat, minisat, cadical, cryptominisat5) answers SATISFIABLE with an empty model.

>>> from dimacs_sudoku.core.grid import Grid
>>> f = reduced_formula(Grid.from_line("1..4" "4..." "...3" "3..1"))
>>> f.num_vars, f.num_clauses
(20, 72)
>>> [line for line in f.comments if line.startswith(("reduced", "fixed"))]
['reduced: yes (Kwon & Jain 2006): 10 open cells, 20 candidates', 'fixed: 1 16 20 47 51 61']
>>> reduced_formula(Grid.from_line("1..4" "4..." "...3" "3..1"), propagate=True).num_vars
0
"""

import re
from array import array
try:
    from _collections import _count_elements as count_elements
except ImportError:                                     # not CPython
    def count_elements(counts, items):
        for item in items:
            counts[item] = counts.get(item, 0) + 1
from bisect import bisect_left
from collections import Counter, deque
from itertools import accumulate, chain, compress, groupby, repeat
from math import comb
from operator import sub

from ..errors import UsageError
from ..reasoning.reduction import reduce_grid, rule_clauses, rule_groups, variable_map
from ..core.variables import numbering as make_numbering
from .amo.pairwise import SMALL, Pairs
from .amo import family
from .formula import AMO, CLAUSE, LABEL, Formula
from .header import header_comments
from .reduced_text import pairwise_text
from .sudoku import ENCODINGS

# What a group of places writes (see reduced_constraints).
NOTHING, AMO_FULL, AMO_PATTERN, SMALL_PAIRS = range(4)

# Numbers per ``c varmap:`` / ``c fixed:`` line are packed up to this many characters.
LINE_CHARS = 100


def number_lines(key, numbers, width=LINE_CHARS):
    """``key: n1 n2 ...`` comment lines of at most about ``width`` characters (each as
    full as it can be; a number longer than the line gets a line of its own).

    >>> number_lines("fixed", [1, 22, 333], width=12)
    ['fixed: 1 22', 'fixed: 333']
    """
    prefix = key + ": "
    room = max(1, width - len(prefix))
    # Greedy packing by one regular expression over the whole text: the longest run
    # of at most ``room`` characters that ends before a space (every number has one
    # after it). The text is made by one format (twice as fast as joining ``str`` of
    # each number); the numbers' copy is let go before the lines are made (the
    # varmap of a 400x400 puzzle has half a million).
    numbers = tuple(numbers)
    text = "%d " * len(numbers) % numbers
    del numbers
    return [prefix + line for line in re.findall(r"(.{1,%d}|\S+) " % room, text)]


def _unit_order(layout):
    """Boxes first, then rows, columns and any extra units. After the boxes, the places
    of a digit in a row or column that share a box are consecutive, so the pairs still
    needing a clause are those across boxes (:meth:`Pairs.across`)."""
    n = layout.size
    if getattr(layout, "latin", False):     # no boxes: rows, columns, extra units
        return list(range(len(layout.units)))
    return [*range(2 * n, 3 * n), *range(2 * n), *range(3 * n, len(layout.units))]


def _pairs_left(places, earlier):
    """For an extra unit: the :class:`Pairs` of places that share no earlier unit
    (``earlier(cell)``: the set of them), or None when no two share one."""
    sets = [earlier(c) for c in places]
    m = len(sets)
    keep = [(i, j) for i in range(m) for j in range(i + 1, m) if sets[i].isdisjoint(sets[j])]
    return None if len(keep) == m * (m - 1) // 2 else Pairs(keep)


def reduced_constraints(reduction, encoding, pairwise):
    """The constraints of the reduced ``encoding``. ``pairwise`` leaves out pairs an
    earlier unit already forbids.

    The formula is walked twice (counted, then written), so what the walks need is
    kept, compactly: the groups of places of each kind of unit in flat arrays
    (:class:`_PlaceGroups`), and the counts, which the function's ``shape()`` gives
    (so counting walks nothing). With ``pairwise`` the function also has ``text()``:
    the same clauses as DIMACS text, a unit at a time (what :meth:`Formula.write`
    uses). A 400x400 puzzle's 11 million clauses are held in about 20 MB.
    """
    if encoding not in ENCODINGS:
        raise UsageError("unknown encoding %r (choose from %s)"
                         % (encoding, ", ".join(ENCODINGS)))
    layout = reduction.layout
    n = layout.size
    if len(layout.units) != 3 * n or layout.regions is not None:
        return _constraints_by_unit(reduction, encoding, pairwise)
    first, cell_of = reduction.first, reduction.cell_of
    lengths = list(map(sub, first[1:], first))
    open_lengths = [m for m in lengths if m]
    box_of = array("I", map(layout.box_of_cell().__getitem__, cell_of))
    # Boxes first, then rows and columns: the pairs left in a row or column are those
    # across boxes (runs of places in one box, ``runs``).
    rows, cols = layout.box
    cells = n * n
    box_corners = [top * n + left for top in range(0, n, rows) for left in range(0, n, cols)]
    kinds = [_PlaceGroups(reduction, ((first[corner:corner + rows * n:n],
                                       first[corner + cols:corner + cols + rows * n:n])
                                      for corner in box_corners)),
             _PlaceGroups(reduction, (((first[r * n],), (first[r * n + n],)) for r in range(n)),
                          box_of),
             _PlaceGroups(reduction, ((first[c:cells:n], first[c + 1:cells + 1:n])
                                      for c in range(n)), box_of)]
    boxes = kinds[0]
    clauses = len(open_lengths)                     # cell definedness
    amo_runs = Counter()                            # AMOs without a pattern, by length
    small = {}                                      # other families: pairs of small groups
    if pairwise:
        if encoding != "minimal":
            clauses += sum(map(comb, open_lengths, repeat(2)))
        for kind in kinds:
            clauses += sum(map(comb, kind.sizes, repeat(2)))
            if kind is not boxes:
                clauses -= sum(map(comb, kind.run_sizes, repeat(2)))
    else:
        if encoding != "minimal":
            amo_runs.update(m for m in open_lengths if m > 1)
        seen_pairs = set()
        for k, kind in enumerate(kinds):
            flat = kind.flat
            for g, (start, m) in enumerate(zip(kind.starts, kind.sizes)):
                if m > SMALL:
                    amo_runs[m] += 1
                elif m > 1:
                    fresh = []
                    lits = flat[start:start + m]
                    for i, a in enumerate(lits):
                        for b in lits[i + 1:]:
                            if (a, b) not in seen_pairs:
                                seen_pairs.add((a, b))
                                fresh.append((-a, -b))
                    small[k, g] = fresh
                    clauses += len(fresh)
        del seen_pairs
    if encoding == "extended":
        _mark_defined(kinds, [v for v, m in zip(first, lengths) if m == 1])
        clauses += sum(kind.defined.count(1) for kind in kinds)

    def constraints():
        yield from _cell_constraints(first, lengths, encoding)
        yield LABEL, "unit uniqueness: each missing digit at most once per unit"
        for k, kind in enumerate(kinds):
            flat, runs, run_sizes = kind.flat, kind.runs, kind.run_sizes
            r = 0
            for g, (start, m) in enumerate(zip(kind.starts, kind.sizes)):
                if m < 2:
                    pass
                elif not pairwise:
                    if m > SMALL:
                        yield AMO, flat[start:start + m], None
                    else:
                        for pair in small[k, g]:
                            yield CLAUSE, pair
                elif kind is boxes or runs[g] == m:
                    yield AMO, flat[start:start + m], None
                elif runs[g] > 1:
                    yield AMO, flat[start:start + m], Pairs.across(
                        tuple(run_sizes[r:r + runs[g]]))
                if runs is not None:
                    r += runs[g]
        if encoding == "extended":
            yield LABEL, "unit definedness: each missing digit somewhere in each unit"
            for kind in kinds:
                flat = kind.flat
                for start, m, write in zip(kind.starts, kind.sizes, kind.defined):
                    if write:
                        yield CLAUSE, flat[start:start + m]

    def shape():
        yield CLAUSE, 1, None, clauses
        for m, times in amo_runs.items():
            yield AMO, m, None, times

    constraints.shape = shape
    if pairwise:
        constraints.text = lambda: pairwise_text(open_lengths, encoding, kinds)
    return constraints


class _PlaceGroups:
    """The groups of places of one kind of unit (boxes, rows or columns), in unit
    order, each unit's by increasing digit, each group's places in the unit's cell
    order: their compact variables one after the other in ``flat``; ``sizes``,
    ``starts`` (in ``flat``) and ``digits`` by group; ``unit_groups[u]`` the first group
    of unit u (and the number of groups last).

    With ``box_of`` (the box of each compact variable), ``runs`` is the number of
    runs of places in one box in each group, and ``run_sizes`` their sizes, group
    after group (the places of a box in a row or column are consecutive: boxes,
    not jigsaw regions). ``units`` gives each unit's compact variables in its cell
    order, as ranges: ``(starts, ends)``, one range from each start to its end.
    ``defined`` (a byte per group) is set by :func:`_mark_defined`.
    """

    def __init__(self, reduction, units, box_of=None):
        digit_of = reduction.digit_of
        self.flat = flat = array("I")
        self.sizes = sizes = array("I")
        self.digits = digits = array("I")
        self.unit_groups = unit_groups = array("I", [0])
        runs, run_sizes = [], []                    # lists while they grow
        self.defined = None
        self.box_of = box_of
        box = None if box_of is None else box_of.__getitem__
        more_runs = runs.append
        more_run_sizes = run_sizes.extend
        # A list per digit, emptied after each unit, filled through its bound append
        # (a list index and a call a place: cheaper than a dict's list and its method).
        lists = [[] for _ in range(reduction.size + 1)]
        appends = [places.append for places in lists]
        numbers = range(len(lists))
        clear = list.clear
        for starts, ends in units:
            for a, b in zip(starts, ends):
                if a != b:
                    for v, d in zip(range(a, b), digit_of[a:b]):
                        appends[d](v)
            groups = list(filter(None, lists))
            flat.extend(chain.from_iterable(groups))
            sizes.extend(map(len, groups))
            digits.extend(compress(numbers, lists))
            unit_groups.append(len(sizes))
            if box is not None:
                for lits in groups:
                    counted = {}
                    count_elements(counted, map(box, lits))
                    more_runs(len(counted))
                    more_run_sizes(counted.values())
            deque(map(clear, groups), 0)
        self.starts = array("I", accumulate(sizes, initial=0))
        self.runs = None if box is None else array("I", runs)
        self.run_sizes = None if box is None else array("I", run_sizes)


def _mark_defined(kinds, singles):
    """Set each group's ``defined`` byte: 1 when its unit definedness clause is
    written, 0 when an earlier clause is the same (``singles``: the variables of the
    cells with one candidate, whose definedness clause has that variable alone).

    Boxes come first, so a row's or column's places of a digit can repeat a box's
    (all of them in that box) or, alone, any earlier single place."""
    seen = set(singles)
    boxes = kinds[0]
    for kind in kinds:
        flat, sizes, starts = kind.flat, kind.sizes, kind.starts
        kind.defined = defined = bytearray(b"\x01") * len(sizes)
        for g in compress(range(len(sizes)), map((1).__eq__, sizes)):
            v = flat[starts[g]]
            if v in seen:
                defined[g] = 0
            else:
                seen.add(v)
        if kind.runs is None:
            continue
        for g in compress(range(len(sizes)), map((1).__eq__, kind.runs)):
            m = sizes[g]
            if m < 2:
                continue
            lits = flat[starts[g]:starts[g] + m]
            b = kind.box_of[lits[0]]
            lo, hi = boxes.unit_groups[b], boxes.unit_groups[b + 1]
            i = bisect_left(boxes.digits, kind.digits[g], lo, hi)
            if i < hi and boxes.sizes[i] == m and \
                    boxes.flat[boxes.starts[i]:boxes.starts[i] + m] == lits:
                defined[g] = 0


def _constraints_by_unit(reduction, encoding, pairwise):
    """:func:`reduced_constraints` for a layout with extra units, one group of places
    at a time.

    The formula is walked twice (counted, then written), so what the walks need is
    kept, compactly: each unit's groups of places in one flat array with a byte of
    what to write for each, and the counts, which the function's ``shape()`` gives.
    """
    first = reduction.first
    cell_of = reduction.cell_of
    layout = reduction.layout
    n = layout.size
    # Open cells: (first, last + 1) of their variables.
    lengths = list(map(sub, first[1:], first))
    open_lengths = [m for m in lengths if m]
    clauses = len(open_lengths)                     # cell definedness
    amo_runs = Counter()                            # AMOs without a pattern, by length
    if encoding != "minimal":
        amo_runs.update(m for m in open_lengths if m > 1)
    order = _unit_order(layout)
    flat = array("I")
    ends = array("I")
    # What each group writes: NOTHING, a full AMO, an AMO with the next pattern, or
    # the pairs it adds to earlier small groups (other families, SMALL places or fewer).
    what = bytearray()
    patterns = []
    small = {}
    # A Latin square has no boxes: its rows and columns write every pair, and its
    # extra units start at 2N.
    latin = getattr(layout, "latin", False)
    extra = 2 * n if latin else 3 * n
    if pairwise:
        box = array("I", map(layout.box_of_cell().__getitem__, cell_of)).__getitem__
        member = layout.units_of_cell() if len(layout.units) > extra else None
        rank = {k: i for i, k in enumerate(order)}
    seen_pairs = None if pairwise else set()
    # Unit definedness: two units whose places of a digit shrank to the same cells (a
    # row's places all inside one box), or a unit's single place that is also its
    # cell's only candidate, would give the same clause twice: only the first is
    # written. Two units share at most max(R, C) cells (a row and a box), so only
    # clauses that short are remembered, unless extra units can share more.
    defined = bytearray()
    longest = max(layout.box) if len(layout.units) == 3 * n else n
    seen = {(v,) for v, m in zip(first, lengths) if m == 1}
    pattern_clauses = 0
    for g, (k, _, lits) in enumerate(reduction.unit_groups(order)):
        flat.extend(lits)
        ends.append(len(flat))
        m = len(lits)
        if m <= longest:
            key = tuple(lits)
            if key in seen:
                defined.append(0)
            else:
                seen.add(key)
                defined.append(1)
        else:
            defined.append(1)
        todo = AMO_FULL
        if m < 2:
            todo = NOTHING
        elif seen_pairs is not None and m <= SMALL:
            fresh = []
            for i, a in enumerate(lits):
                for b in lits[i + 1:]:
                    if (a, b) not in seen_pairs:
                        seen_pairs.add((a, b))
                        fresh.append((-a, -b))
            small[g] = fresh
            todo = SMALL_PAIRS
        elif pairwise and k < 2 * n and not latin:
            # After the boxes, the places sharing a box are consecutive (unless a
            # jigsaw region is met twice): runs of them, counted in C (a dict keeps
            # the boxes in their order of occurrence).
            runs = {}
            count_elements(runs, map(box, lits))
            if len(runs) < m:
                if len(runs) == 1:
                    todo = NOTHING
                else:
                    if sum(1 for _ in groupby(map(box, lits))) == len(runs):
                        pattern = Pairs.across(tuple(runs.values()))
                    else:
                        # A jigsaw region met twice, places of another between.
                        boxes = list(map(box, lits))
                        pattern = Pairs((i, j) for i in range(m) for j in range(i + 1, m)
                                        if boxes[i] != boxes[j])
                    patterns.append(pattern)
                    pattern_clauses += pattern.count
                    todo = AMO_PATTERN
        elif pairwise and k >= extra:
            pattern = _pairs_left([cell_of[v] for v in lits], lambda c: frozenset(
                j for j in member[c] if rank[j] < rank[k]))
            if pattern is not None:
                if pattern.count:
                    patterns.append(pattern)
                    pattern_clauses += pattern.count
                    todo = AMO_PATTERN
                else:
                    todo = NOTHING
        what.append(todo)
        if todo == AMO_FULL:
            amo_runs[m] += 1
    del seen, seen_pairs
    clauses += pattern_clauses + sum(map(len, small.values()))
    if encoding == "extended":
        clauses += defined.count(1)

    def constraints():
        yield from _cell_constraints(first, lengths, encoding)
        yield LABEL, "unit uniqueness: each missing digit at most once per unit"
        more = iter(patterns)
        start = 0
        for g, (end, todo) in enumerate(zip(ends, what)):
            if todo == AMO_FULL:
                yield AMO, flat[start:end], None
            elif todo == AMO_PATTERN:
                yield AMO, flat[start:end], next(more)
            elif todo == SMALL_PAIRS:
                for pair in small[g]:
                    yield CLAUSE, pair
            start = end
        if encoding == "extended":
            yield LABEL, "unit definedness: each missing digit somewhere in each unit"
            start = 0
            for end, write in zip(ends, defined):
                if write:
                    yield CLAUSE, flat[start:end]
                start = end

    def shape():
        yield CLAUSE, 1, None, clauses
        for m, times in amo_runs.items():
            yield AMO, m, None, times

    constraints.shape = shape
    return constraints


def _cell_constraints(first, lengths, encoding):
    """Each open cell's definedness (one clause over its candidates, the compact
    variables ``first .. first + length - 1``) and, but for the minimal encoding, its
    uniqueness (an at-most-one): where every reduced CNF starts."""
    def spans():
        return (range(a, a + m) for a, m in zip(first, lengths) if m)
    yield LABEL, "cell definedness: each open cell holds one of its candidates"
    for lits in spans():
        yield CLAUSE, lits
    if encoding != "minimal":
        yield LABEL, "cell uniqueness: each open cell holds at most one candidate"
        for lits in spans():
            if len(lits) > 1:
                yield AMO, lits, None


# The most open candidates (after the givens) of a reduced CNF: its tables and groups
# take some 200 bytes a candidate (the public 400x400 puzzle: 485,081 in 110 MB); an
# empty 400x400's 64 million grew past 3 GB before a line was written.
MAX_REDUCED_CANDIDATES = 4000000


def _bounded(grid):
    """The ``bound`` of :func:`reduce_grid` for ``grid``: TooLarge above
    MAX_REDUCED_CANDIDATES, naming its file and line."""
    def bound(candidates):
        if candidates > MAX_REDUCED_CANDIDATES:
            from ..errors import TooLarge
            raise TooLarge("a %dx%d grid with %s open candidates after its givens is too "
                           "large for --reduce and --propagate (at most %s): its full CNF "
                           "streams out (sudoku2cnf without them)"
                           % (grid.size, grid.size, format(candidates, ","),
                              format(MAX_REDUCED_CANDIDATES, ",")), grid.source, grid.line)
    return bound


def reduced_formula(grid, encoding="extended", amo="pairwise", numbering="standard",
                    propagate=False, source=None, comments=True):
    """The reduced CNF :class:`Formula` of ``grid``, with its varmap and fixed cells
    in the header comments (``comments=False`` leaves every comment out, which makes
    the CNF undecodable by ``cnf2sudoku --cnf``).

    A grid with variant rules (``grid.rules``) gets each rule's clauses over the
    compact variables (:func:`~dimacs_sudoku.reasoning.reduction.restrict`), its auxiliary variables numbered right after
    the open candidates (the at-most-one family's come above them), and a ``rule:``
    line per rule. When a rule has no way left to hold, the CNF is a plain
    contradiction (``1 0`` and ``-1 0``), which any solver answers UNSATISFIABLE.

    >>> from dimacs_sudoku.formats import parse_puzzle
    >>> grid = parse_puzzle("1..4" "4..." "...3" "3..1" "\\nkiller 5 r1c2 r1c3")
    >>> f = reduced_formula(grid)
    >>> f.base_vars, f.num_vars, f.num_clauses
    (22, 22, 85)
    >>> f = reduced_formula(parse_puzzle("1..4" "4..." "...3" "3..1" "\\nkiller 4 r1c1 r1c4"))
    >>> f.to_text().splitlines()[-3:]
    ['p cnf 20 2', '1 0', '-1 0']
    """
    family_ = family(amo)
    reduction = reduce_grid(grid, propagate, _bounded(grid))
    numbers = make_numbering(numbering, grid.size)
    constraints = reduced_constraints(reduction, encoding,
                                      getattr(family_, "name", "") == "pairwise")
    varmap, fixed = variable_map(reduction, numbers)
    base = reduction.num_vars
    rules = list(grid.rules or ())
    empty = None
    if rules:
        from .rules import clause_rules
        rules = clause_rules(rules, grid.layout)
    if rules:
        layout = grid.layout
        var = reduction.literal()
        groups, base, empty = rule_groups(rules, layout, var, base)
        units = constraints
        if empty is not None:
            base = max(1, base)

            def constraints():
                yield LABEL, "rule: %s: no way left to hold it" % empty.to_line()
                yield CLAUSE, (1,)
                yield CLAUSE, (-1,)

            def shape():
                yield CLAUSE, 1, None, 2
        else:
            def constraints():
                yield from units()
                for rule, first, _ in groups:
                    yield LABEL, "rule: " + rule.to_line()
                    yield from zip(repeat(CLAUSE),
                                   rule_clauses(rule, layout, var, first))

            def shape():
                yield from units.shape()
                for _, _, count in groups:
                    yield CLAUSE, 0, None, count

            units_text = getattr(units, "text", None)
            if units_text is not None:          # the units' fast writer, then the rules'
                def text():
                    yield from units_text()
                    for rule, first, count in groups:
                        yield "".join(" ".join(map(str, clause)) + " 0\n" for clause in
                                      rule_clauses(rule, layout, var, first)), count
                constraints.text = text
        constraints.shape = shape
    lines = []
    if comments:
        placed = grid.cells.count(0) - reduction.num_open
        extra = ["reduced: yes (Kwon & Jain 2006): %d open cells, %d candidates"
                 % (reduction.num_open, reduction.num_vars),
                 "propagated: %s" % ("yes (naked and hidden singles placed %d digits)"
                                     % placed if propagate else "no"),
                 "compact variables: 1..%d are open candidates (see varmap), "
                 "auxiliary ones above" % reduction.num_vars]
        extra += ["rule: " + rule.to_line() for rule in grid.rules]
        if base > reduction.num_vars and empty is None:
            extra.append("rule variables: %d..%d (auxiliary, for the rules)"
                         % (reduction.num_vars + 1, base))
        if empty is not None:
            extra.append("no solution: the rule %r cannot hold" % empty.to_line())
        lines = header_comments(grid, encoding, amo, numbering, source, extra)
        lines += number_lines("fixed", fixed)
        lines += number_lines("varmap", varmap)
    return Formula(constraints, base, family_, lines)


def contradiction_formula(grid, reason, encoding="extended", amo="pairwise",
                          numbering="standard", propagate=False, source=None):
    """The reduced CNF of a puzzle the reduction finds no solution to (``reason``
    says why, from ``no solution:``): the reduced header, without a varmap, over the
    plain contradiction ``1 0`` and ``-1 0``. Every solver answers it UNSATISFIABLE;
    an empty clause would do too, but some tools (proof checkers) trip on one.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> text = contradiction_formula(Grid([1, 1] + [0] * 14), "no solution: r1").to_text()
    >>> text.splitlines()[-4:]
    ['c no solution: r1', 'p cnf 1 2', '1 0', '-1 0']
    """
    def constraints():
        yield LABEL, reason
        yield CLAUSE, (1,)
        yield CLAUSE, (-1,)

    def shape():
        yield CLAUSE, 1, None, 2

    constraints.shape = shape
    extra = ["reduced: yes (Kwon & Jain 2006): no solution, no open candidate numbered",
             "propagated: %s" % ("yes" if propagate else "no")]
    extra += ["rule: " + rule.to_line() for rule in grid.rules or ()]
    lines = header_comments(grid, encoding, amo, numbering, source, extra) + [reason]
    return Formula(constraints, 1, family(amo), lines)

