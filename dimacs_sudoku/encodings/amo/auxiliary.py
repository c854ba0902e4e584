"""The at-most-one families with auxiliary variables (sequential, ladder, binary,
commander, product, bimander), over one :class:`Plan` of their clauses."""

import math
from functools import lru_cache

from .pairwise import _CUT, SMALL, ceil_log2, clause_text, copies, tuple_getter


class Plan:
    """One family's clauses over n literals, compiled for fast writing.

    ``form`` is the list of clauses over symbols: ``s`` in 1..n stands for the s-th
    literal, ``n + j`` for the j-th auxiliary variable; a negative symbol is negated.

    The text is made in one of two ways, whichever formats fewer numbers:

    - *template*: one ``%`` over a (bytes) template of the whole text, with the values
      picked in order of occurrence (every occurrence formatted);
    - *pieces*: each distinct piece (a literal followed by a space, or by ``0`` and a
      newline) formatted once, and the pieces joined in order of occurrence: much less
      formatting where a variable occurs often (the bits of the binary family, the
      row and column variables of the product family).

    With the numerals made beforehand (:meth:`render_negs`), nothing is formatted: the
    texts of the literals and new variables are picked in order of occurrence and joined.
    """

    __slots__ = ("n", "aux", "count", "form", "mode", "template", "pick", "join_pick",
                 "slot_picks")

    # Relative costs: formatting a number in a template, formatting and cutting out a
    # piece, joining a piece (measured on CPython 3.11).
    TEMPLATE_COST, PIECE_COST, JOIN_COST = 8, 12, 1

    def __init__(self, n, form, aux):
        self.n = n
        self.aux = aux
        self.form = [tuple(clause) for clause in form]
        self.count = len(self.form)
        self.mode = None            # how render formats, chosen when first asked
        # An input never occurs positively in an at-most-one (render_negs has only
        # the inputs' negative texts).
        if any(0 < s <= n for clause in self.form for s in clause):
            raise ValueError("an input occurs positively in an at-most-one form")
        self.slot_picks = {}

    def _compile(self):
        """Choose how :meth:`render` formats: by template or by pieces."""
        occurrences = [(s, k == len(clause) - 1)
                       for clause in self.form for k, s in enumerate(clause)]
        pieces = {}
        for occurrence in occurrences:
            pieces.setdefault(occurrence, len(pieces))
        by_template = self.TEMPLATE_COST * len(occurrences)
        by_pieces = self.PIECE_COST * len(pieces) + self.JOIN_COST * len(occurrences)
        if by_pieces < by_template:
            self.template = _CUT.join(("%d" if s > 0 else "-%d") + (" 0\n" if last else " ")
                                      for s, last in pieces)
            self.pick = tuple_getter(abs(s) - 1 for s, _ in pieces)
            self.join_pick = tuple_getter(pieces[occurrence] for occurrence in occurrences)
            self.mode = "pieces"
        else:
            # bytes: ``bytes % tuple`` then ``decode`` is about 13% faster than ``str %``.
            self.template = "".join(
                " ".join("%d" if s > 0 else "-%d" for s in clause) + " 0\n"
                for clause in self.form).encode("ascii")
            self.pick = tuple_getter(abs(s) - 1 for s, _ in occurrences)
            self.join_pick = None
            self.mode = "template"

    def values(self, lits, top):
        return [*lits, *range(top + 1, top + self.aux + 1)]

    def clauses(self, lits, top):
        values = [0, *self.values(lits, top)]
        return [[values[s] if s > 0 else -values[-s] for s in clause]
                for clause in self.form], top + self.aux

    def render(self, lits, top):
        if lits and min(lits) < 1:
            clauses, top = self.clauses(lits, top)
            return "".join(map(clause_text, clauses)), top, self.count
        if self.mode is None:
            self._compile()
        text = self.template % self.pick(self.values(lits, top))
        if self.join_pick is None:
            text = text.decode("ascii")
        else:
            text = "".join(self.join_pick(text.split(_CUT)))
        return text, top + self.aux, self.count

    def render_negs(self, negs, top, numerals, times=1):
        """As :meth:`render`, from the inputs' texts ``"-v "`` (of ``times`` at-most-ones,
        one after the other) and the :class:`Numerals` of the new variables."""
        pick = self.slot_picks.get(times) or self._slot_pick(times)
        if not self.aux:
            return "".join(pick(("0\n", *negs))), top, self.count * times
        first, top = top + 1, top + self.aux * times
        texts = ("0\n", *negs, *numerals.neg_range(first, top),
                 *numerals.pos_range(first, top))
        return "".join(pick(texts)), top, self.count * times

    def _slot_pick(self, times):
        """The item getter of :meth:`render_negs`: the text of each occurrence in order,
        out of "0\\n", the inputs' texts, the new variables' negative texts, then
        their positive ones (copy j's inputs and new variables the j-th of each)."""
        n, aux = self.n, self.aux
        # Each occurrence's index in copy 0, and how far it moves a copy.
        first, step = [], []
        for clause in self.form:
            for s in clause:
                if s < 0 and -s <= n:
                    first.append(-s)
                    step.append(n)
                else:           # a new variable's text, negative ones first
                    before = 1 + times * n + (times * aux if s > 0 else 0)
                    first.append(before + abs(s) - n - 1)
                    step.append(aux)
            first.append(0)
            step.append(0)
        pick = self.slot_picks[times] = tuple_getter(copies(first, step, times))
        return pick


class Family:
    """Base of the families with auxiliary variables.

    A subclass gives ``_size(n)`` (its closed form, for n > SMALL) and ``_build(symbols,
    new_var, out)`` (its clauses over positive symbols, appended to ``out``; ``new_var()``
    makes the next auxiliary symbol). Over n ≤ SMALL literals it writes pairwise.
    """

    name = None
    reads_patterns = False      # the full form, whatever the pattern

    def __init__(self):
        self._plans = {}

    def size(self, n, pattern=None):
        if n <= SMALL:
            return n * (n - 1) // 2, 0
        return self._size(n)

    def form(self, n):
        """The clauses over symbols 1..n (and n+1.. for new variables), and the number
        of new variables."""
        counter = [n]

        def new_var():
            counter[0] += 1
            return counter[0]

        out = []
        self.build(list(range(1, n + 1)), new_var, out)
        return out, counter[0] - n

    def build(self, symbols, new_var, out):
        if len(symbols) <= SMALL:
            out.extend((-a, -b) for i, a in enumerate(symbols) for b in symbols[i + 1:])
        else:
            self._build(symbols, new_var, out)

    def plan(self, n):
        plan = self._plans.get(n)
        if plan is None:
            form, aux = self.form(n)
            plan = self._plans[n] = Plan(n, form, aux)
        return plan

    def clauses(self, lits, top, pattern=None):
        return self.plan(len(lits)).clauses(lits, top)

    def render(self, lits, top, pattern=None):
        return self.plan(len(lits)).render(lits, top)

    def render_negs(self, negs, top, pattern=None, numerals=None, times=1):
        negs = tuple(negs)
        return self.plan(len(negs) // times).render_negs(negs, top, numerals, times)


class Sequential(Family):
    """Sinz's sequential counter for k = 1 (C. Sinz, "Towards an optimal CNF encoding
    of Boolean cardinality constraints", CP 2005).

    New variables s₁..sₙ₋₁, sᵢ meaning "one of x₁..xᵢ is true":
    ``-x₁ s₁``; for 1 < i < n: ``-xᵢ sᵢ``, ``-sᵢ₋₁ sᵢ``, ``-xᵢ -sᵢ₋₁``; ``-xₙ -sₙ₋₁``.
    3n - 4 clauses and n - 1 new variables (for n ≥ 4; pairwise below).

    >>> Sequential().clauses([1, 2, 3, 4], 4)
    ([[-1, 5], [-2, 6], [-5, 6], [-2, -5], [-3, 7], [-6, 7], [-3, -6], [-4, -7]], 7)
    """

    name = "sequential"

    def _size(self, n):
        return 3 * n - 4, n - 1

    def _build(self, x, new_var, out):
        s = [new_var() for _ in x[:-1]]
        out.append((-x[0], s[0]))
        for i in range(1, len(x) - 1):
            out.append((-x[i], s[i]))
            out.append((-s[i - 1], s[i]))
            out.append((-x[i], -s[i - 1]))
        out.append((-x[-1], -s[-1]))


class Ladder(Family):
    """The ladder encoding (I. P. Gent and P. Nightingale, "A new encoding of
    AllDifferent into SAT", ModRef 2004), its at-most-one half.

    New variables y₁..yₙ₋₁ form a ladder, ``-yᵢ yᵢ₋₁`` (yᵢ meaning "the true literal,
    if any, comes after position i"); each literal fixes its rung: ``-x₁ -y₁``; for
    1 < i < n: ``-xᵢ yᵢ₋₁``, ``-xᵢ -yᵢ``; ``-xₙ yₙ₋₁``. 3n - 4 clauses and n - 1 new
    variables (for n ≥ 4; pairwise below): the sequential counter with its variables
    negated.

    >>> Ladder().clauses([1, 2, 3, 4], 4)
    ([[-1, -5], [-6, 5], [-2, 5], [-2, -6], [-7, 6], [-3, 6], [-3, -7], [-4, 7]], 7)
    """

    name = "ladder"

    def _size(self, n):
        return 3 * n - 4, n - 1

    def _build(self, x, new_var, out):
        y = [new_var() for _ in x[:-1]]
        out.append((-x[0], -y[0]))
        for i in range(1, len(x) - 1):
            out.append((-y[i], y[i - 1]))
            out.append((-x[i], y[i - 1]))
            out.append((-x[i], -y[i]))
        out.append((-x[-1], y[-1]))


class Binary(Family):
    """The binary (bitwise) encoding (A. M. Frisch, T. J. Peugniez, A. J. Doggett,
    P. W. Nightingale, "Solving non-Boolean satisfiability problems with stochastic
    local search", 2005; A. Frisch and P. Giannaros, "SAT encodings of the at-most-k
    constraint", 2010).

    New bits b₀..bₖ₋₁, k = ⌈log₂ n⌉: the i-th literal (from 0) forces the bits to spell
    i, ``-xᵢ bⱼ`` or ``-xᵢ -bⱼ`` by bit j of i, so two true literals would need two
    codes. n·k clauses and k new variables (for n ≥ 4; pairwise below).

    >>> Binary().clauses([1, 2, 3, 4], 4)
    ([[-1, -5], [-1, -6], [-2, 5], [-2, -6], [-3, -5], [-3, 6], [-4, 5], [-4, 6]], 6)
    """

    name = "binary"

    def _size(self, n):
        k = ceil_log2(n)
        return n * k, k

    def _build(self, x, new_var, out):
        bits = [new_var() for _ in range(ceil_log2(len(x)))]
        for i, xi in enumerate(x):
            for j, b in enumerate(bits):
                out.append((-xi, b if i >> j & 1 else -b))


class Commander(Family):
    """The commander encoding for at-most-one (W. Klieber and G. Kwon, "Efficient CNF
    encoding for selecting 1 from N objects", CFV 2007), groups of 3.

    The literals are cut into groups of 3 in order (the last one may have 1 or 2). A
    group of two or three gets a commander c: pairwise at-most-one inside the group
    and ``-x c`` for each member (a true member makes its commander true); a group of
    one is its own commander. Then at most one commander, by the same encoding,
    recursively, down to pairwise at 3 or fewer. (The paper's exactly-one form also
    has ``-c x₁ x₂ x₃``; at-most-one does not need it.)

    With q, r = divmod(n, 3) and m = q + [r > 0] commanders:
    S(n) = 6q + 3·[r = 2] + S(m) clauses and A(n) = q + [r = 2] + A(m) new variables,
    S(n) = C(n, 2) and A(n) = 0 for n ≤ 3.

    >>> Commander().clauses([1, 2, 3, 4], 4)
    ([[-1, -2], [-1, -3], [-2, -3], [-1, 5], [-2, 5], [-3, 5], [-5, -4]], 5)
    """

    name = "commander"
    group = 3

    def _size(self, n):
        return _commander_size(n, self.group)

    def _build(self, x, new_var, out):
        commanders = []
        for start in range(0, len(x), self.group):
            members = x[start:start + self.group]
            if len(members) == 1:
                commanders.append(members[0])
                continue
            c = new_var()
            out.extend((-a, -b) for i, a in enumerate(members) for b in members[i + 1:])
            out.extend((-a, c) for a in members)
            commanders.append(c)
        self.build(commanders, new_var, out)


@lru_cache(maxsize=None)
def _commander_size(n, group):
    if n <= SMALL:
        return n * (n - 1) // 2, 0
    q, r = divmod(n, group)
    clauses, aux = _commander_size(q + (r > 0), group)
    # A full group: its pairs and one clause a member; a last group of one: nothing.
    full = group * (group - 1) // 2 + group
    last = r * (r - 1) // 2 + r if r > 1 else 0
    return q * full + last + clauses, q + (r > 1) + aux


class Product(Family):
    """Chen's 2-product encoding (J. Chen, "A new SAT encoding of the at-most-one
    constraint", ModRef 2010), recursive.

    The literals are laid out row by row on a p × q grid, q = ⌈√n⌉ columns and
    p = ⌈n/q⌉ rows, with new variables u₁..uₚ (rows) and v₁..v_q (columns): each xᵢ
    implies its row and its column variable, ``-xᵢ u_r``, ``-xᵢ v_c``; then at most one
    u and at most one v, by the same encoding, recursively (pairwise at 3 or fewer).
    S(n) = 2n + S(p) + S(q) clauses, A(n) = p + q + A(p) + A(q) new variables.

    >>> Product().size(9), Product().size(100)
    ((24, 6), (266, 42))
    """

    name = "product"

    def _size(self, n):
        return _product_size(n)

    def _build(self, x, new_var, out):
        q = math.isqrt(len(x) - 1) + 1
        p = -(-len(x) // q)
        rows = [new_var() for _ in range(p)]
        cols = [new_var() for _ in range(q)]
        for i, xi in enumerate(x):
            r, c = divmod(i, q)
            out.append((-xi, rows[r]))
            out.append((-xi, cols[c]))
        self.build(rows, new_var, out)
        self.build(cols, new_var, out)


@lru_cache(maxsize=None)
def _product_size(n):
    if n <= SMALL:
        return n * (n - 1) // 2, 0
    q = math.isqrt(n - 1) + 1
    p = -(-n // q)
    rows, rows_aux = _product_size(p)
    cols, cols_aux = _product_size(q)
    return 2 * n + rows + cols, p + q + rows_aux + cols_aux


class Bimander(Family):
    """The bimander encoding (V.-H. Nguyen and S. T. Mai, "A new method to encode the
    at-most-one constraint into SAT", SoICT 2015), with groups of 2 ("half").

    The literals are cut into m = ⌈n/2⌉ groups of two in order (the last one may be
    alone); pairwise inside each group, and the binary encoding between groups: with
    k = ⌈log₂ m⌉ new bits, every member of group g forces the bits to spell g.
    ⌊n/2⌋ + n·k clauses and k new variables (for n ≥ 4; pairwise below).

    >>> print(Bimander().render([1, 2, 3, 4], 4)[0], end="")
    -1 -2 0
    -1 -5 0
    -2 -5 0
    -3 -4 0
    -3 5 0
    -4 5 0
    """

    name = "bimander"
    group = 2

    def _size(self, n):
        g = self.group
        k = ceil_log2(-(-n // g))
        q, r = divmod(n, g)
        return q * (g * (g - 1) // 2) + r * (r - 1) // 2 + n * k, k

    def _build(self, x, new_var, out):
        g = self.group
        groups = [x[start:start + g] for start in range(0, len(x), g)]
        bits = [new_var() for _ in range(ceil_log2(len(groups)))]
        for index, members in enumerate(groups):
            out.extend((-a, -b) for i, a in enumerate(members) for b in members[i + 1:])
            for a in members:
                for j, b in enumerate(bits):
                    out.append((-a, b if index >> j & 1 else -b))
