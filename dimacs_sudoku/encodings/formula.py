"""A CNF formula described by its constraints, counted and written without ever
holding the list of all clauses.

An encoding yields constraints, each one of

- ``(CLAUSE, lits)``: one clause;
- ``(AMO, lits, pattern)``: at most one of ``lits`` is true, written by the chosen
  at-most-one family; ``pattern`` (or None) names the pairs of positions still needing a
  clause when others were already forbidden by an earlier constraint (pairwise only);
- ``(LABEL, text)``: a comment that starts a group of clauses (``--comments full``).

The formula is walked twice: once to count clauses and auxiliary variables (from each
family's closed form, without making any clause) so the ``p cnf`` header is exact, and
once to write. Auxiliary variables are numbered above the cell variables, in order.

The counting walk is cheaper still when the constraints function has a ``shape()``
attribute: an iterator of ``(kind, length, pattern, times)`` runs that stand for the
same constraints without their literals. Writing checks the counts it used.

Writing is faster when the constraints function has a ``text()`` attribute too: an
iterator of ``(text, clauses)`` blocks, the constraints' clauses as the formula's
at-most-one family writes them, made in bulk (the reduced encoding's, pairwise).

Up to :data:`~.numerals.MAX_VARIABLES` variables the writer makes every literal's text
first (:class:`~.numerals.Numerals`) and joins them instead of formatting numbers. A
constraints function with a ``literal_texts(numerals)`` attribute then gives the same
constraints over those texts: at-most-ones as ``(AMO, negs, pattern, times)``, the
texts ``"-v "`` of the (positive) literals of ``times`` at-most-ones of one
length one after the other, and clauses as ``(TEXT, text, clauses)``, ready to
write, or as ``(CLAUSE, lits)``.

Written with ``labels=True`` (``--comments full``), a formula also says what its
variables mean and where each group of clauses is: ``full_comments`` are added to the
header comments, then the lines of ``var_comments`` (a variable map; a function is
called for them only then), then one ``lines FIRST..LAST: label`` line per group of
clauses, all before the ``p cnf`` line, since strict parsers (sat4j) take no comment
after it. The line numbers come from the same closed-form counts as the header, so the
clauses still stream.
"""

from itertools import chain

from .numerals import MAX_VARIABLES, Numerals

CLAUSE, AMO, LABEL, TEXT = "clause", "amo", "label", "text"

# Text is handed to the output stream in blocks of about this many characters: small
# enough to stay in the CPU cache and below malloc's mmap threshold (blocks of 1 MB
# made writing to /dev/null 50% slower), large enough that each write call is cheap.
BLOCK_CHARS = 1 << 16


def followed_by(first, more, more_shape=None):
    """The constraints function ``first`` followed by the clauses and labels of the
    function ``more``, keeping ``first``'s faster walks: its ``shape()`` (when
    ``more_shape`` gives the runs of ``more``) and its ``literal_texts``.

    >>> both = followed_by(lambda: iter([(CLAUSE, (1, 2))]),
    ...                    lambda: iter([(CLAUSE, (-1,))]))
    >>> list(both())
    [('clause', (1, 2)), ('clause', (-1,))]
    """
    def constraints():
        return chain(first(), more())

    shape = getattr(first, "shape", None)
    if shape is not None and more_shape is not None:
        constraints.shape = lambda: chain(shape(), more_shape())
    literal_texts = getattr(first, "literal_texts", None)
    if literal_texts is not None:
        constraints.literal_texts = lambda numerals: chain(literal_texts(numerals), more())
    return constraints


class ClauseTemplates(dict):
    """``"%d %d 0\\n"``-style templates by clause length, made when first asked for.

    >>> ClauseTemplates()[3] % (1, -2, 3)
    '1 -2 3 0\\n'
    """

    def __missing__(self, length):
        template = self[length] = "%d " * length + "0\n"
        return template


class Formula:
    """A CNF formula: header facts and a way to make its constraints again.

    ``constraints`` is a function returning a fresh iterator of constraints;
    ``base_vars`` is the highest variable before auxiliary ones (N³ for the standard
    numbering); ``amo`` an at-most-one family from :mod:`.amo`. ``comments`` are the
    header comment lines; ``full_comments`` more of them and ``var_comments`` (lines,
    or a function returning them) the variable map, both written only with labels.

    :func:`~dimacs_sudoku.encodings.encode` makes one; :meth:`to_cnf` gives its clauses
    as a :class:`~dimacs_sudoku.dimacs.cnf.Cnf`, which ``solve_cnf`` takes (so does the
    Formula itself).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.encodings import encode
    >>> formula = encode(Grid.from_line("1..4" "4..." "...3" "3..1"))
    >>> formula.num_vars, formula.num_clauses, next(formula.clauses())
    (64, 390, [1, 2, 3, 4])
    """

    def __init__(self, constraints, base_vars, amo, comments=(), var_comments=(),
                 full_comments=()):
        self.constraints = constraints
        self.base_vars = base_vars
        self.amo = amo
        self.comments = list(comments)
        self.var_comments = var_comments
        self.full_comments = list(full_comments)
        self._counts = None

    def _count(self):
        if self._counts is None:
            size = self.amo.size
            clauses = aux = 0
            shape = getattr(self.constraints, "shape", None)
            if shape is not None:
                for kind, length, pattern, times in shape():
                    if kind is CLAUSE:
                        clauses += times
                    elif kind is AMO:
                        more_clauses, more_aux = size(length, pattern)
                        clauses += more_clauses * times
                        aux += more_aux * times
            else:
                for item in self.constraints():
                    kind = item[0]
                    if kind is CLAUSE:
                        clauses += 1
                    elif kind is AMO:
                        more_clauses, more_aux = size(len(item[1]), item[2])
                        clauses += more_clauses
                        aux += more_aux
            self._counts = (clauses, self.base_vars + aux)
        return self._counts

    @property
    def num_clauses(self):
        return self._count()[0]

    @property
    def num_vars(self):
        return self._count()[1]

    def clauses(self):
        """Every clause as a list of ints, in the order they are written."""
        top = self.base_vars
        make = self.amo.clauses
        for item in self.constraints():
            kind = item[0]
            if kind is CLAUSE:
                yield list(item[1])
            elif kind is AMO:
                more, top = make(item[1], top, item[2])
                yield from more

    def sourced_clauses(self):
        """Every clause of :meth:`clauses`, in the same order, as ``(label, k,
        clause)``: the LABEL of its group (None before the first) and the number of
        the constraint within that group that made it (from 0: a cell, or a unit and
        digit, in the order the encoding yields them). Explanations name a step's
        clauses in Sudoku words from these; the CNF written is the same.

        >>> from dimacs_sudoku.core.grid import Grid
        >>> from dimacs_sudoku.encodings import encode
        >>> found = list(encode(Grid.empty(4)).sourced_clauses())
        >>> found[0], found[16][:2], found[-1]
        (('cell definedness: each cell holds at least one digit', 0, [1, 2, 3, 4]), \
('cell uniqueness: each cell holds at most one digit', 0), \
('unit definedness: each digit at least once per row, column, box', 47, [44, 48, 60, 64]))
        """
        top = self.base_vars
        make = self.amo.clauses
        label, k = None, -1
        for item in self.constraints():
            kind = item[0]
            if kind is CLAUSE:
                k += 1
                yield label, k, list(item[1])
            elif kind is AMO:
                k += 1
                more, top = make(item[1], top, item[2])
                for clause in more:
                    yield label, k, clause
            elif kind is LABEL:
                label, k = item[1], -1

    def to_cnf(self):
        """The formula as a :class:`~dimacs_sudoku.dimacs.cnf.Cnf`: its header comments and
        its clauses in a list, as :func:`~dimacs_sudoku.dimacs.cnf.read_dimacs` reads them.

        >>> from dimacs_sudoku.core.grid import Grid
        >>> from dimacs_sudoku.encodings import encode
        >>> encode(Grid.from_line("1..4" "4..." "...3" "3..1")).to_cnf()
        Cnf(num_vars=64, num_clauses=390)
        """
        from ..dimacs.cnf import Cnf     # here: writing a CNF never needs the reader
        return Cnf(self.num_vars, list(self.clauses()), self.comments)

    def header(self, labels=False):
        """The comment lines and the ``p cnf`` line, as text (with ``labels``, the
        ``full_comments`` too)."""
        comments = self.comments + self.full_comments if labels else self.comments
        lines = ["c %s\n" % line if line else "c\n" for line in comments]
        lines.append("p cnf %d %d\n" % (self.num_vars, self.num_clauses))
        return "".join(lines)

    def groups(self):
        """``(label, clauses)`` for each LABEL of the constraints, in order: the number
        of clauses up to the next one, counted from the families' closed forms."""
        size = self.amo.size
        found = []
        count = 0
        for item in self.constraints():
            kind = item[0]
            if kind is CLAUSE:
                count += 1
            elif kind is AMO:
                count += size(len(item[1]), item[2])[0]
            else:
                if found:
                    found[-1][1] = count
                found.append([item[1], 0])
                count = 0
        if found:
            found[-1][1] = count
        return [tuple(group) for group in found]

    def group_lines(self, start):
        """The ``lines FIRST..LAST: label`` comments of :meth:`groups`, for a file whose
        first clause is on line ``start`` (clauses before the first label are on their
        own, unnamed).

        >>> from dimacs_sudoku.encodings.amo import family
        >>> f = Formula(lambda: iter([(CLAUSE, (1, 2)), (LABEL, "a"), (CLAUSE, (1,)),
        ...                           (CLAUSE, (2,)), (LABEL, "none"), (LABEL, "b"),
        ...                           (AMO, (1, 2), None)]), 2, family("pairwise"))
        >>> f.group_lines(10)
        ['lines 11..12: a', 'no lines: none', 'lines 13..13: b']
        """
        groups = self.groups()
        line = start + self.num_clauses - sum(count for _, count in groups)
        lines = []
        for label, count in groups:
            if count:
                lines.append("lines %d..%d: %s" % (line, line + count - 1, label))
            else:
                lines.append("no lines: %s" % label)
            line += count
        return lines

    def variable_map(self):
        """The lines of the variable map (empty when the formula has none)."""
        lines = self.var_comments
        return lines() if callable(lines) else lines

    def write(self, out, labels=False):
        """Write the whole formula to the text stream ``out``, in blocks of text.

        ``labels`` adds the variable map and the line range of each group of clauses,
        before the ``p cnf`` line. Nothing but the current block (about
        :data:`BLOCK_CHARS` characters) is held in memory.
        """
        num_clauses = self.num_clauses
        if labels:
            comments = self.comments + self.full_comments + list(self.variable_map())
            # The p line follows the comments and the group lines, one per label.
            comments += self.group_lines(len(comments) + len(self.groups()) + 2)
            for start in range(0, len(comments), 1024):
                out.write("".join("c %s\n" % line if line else "c\n"
                                  for line in comments[start:start + 1024]))
            out.write("p cnf %d %d\n" % (self.num_vars, num_clauses))
        else:
            out.write(self.header())
        top = self.base_vars
        written = 0
        text = getattr(self.constraints, "text", None)
        if text is not None:
            blocks = text()
            try:
                for block, count in blocks:
                    if block.__class__ is str:
                        out.write(block)
                    else:
                        _write_ascii(out, block)
                    written += count
            finally:
                close = getattr(blocks, "close", None)
                if close is not None:       # a generator ends its helpers at once
                    close()
        else:
            written, top = self._write_clauses(out)
        if written != num_clauses or top != self.num_vars:
            raise AssertionError("clause or variable count changed while writing "
                                 "(%d/%d clauses, %d/%d vars)"
                                 % (written, num_clauses, top, self.num_vars))

    def _write_clauses(self, out):
        """Write the clauses of the constraints one by one; return the number written
        and the last auxiliary variable.

        Up to :data:`~.numerals.MAX_VARIABLES` variables, every literal's text is made
        first and the clauses of positive literals are joined from those texts;
        otherwise (and for negative literals) numbers are formatted as they come.
        """
        render = self.amo.render
        render_negs = self.amo.render_negs
        templates = ClauseTemplates()
        numerals = Numerals(self.num_vars) if self.num_vars <= MAX_VARIABLES else None
        literal_texts = getattr(self.constraints, "literal_texts", None)
        negs_given = numerals is not None and literal_texts is not None
        items = literal_texts(numerals) if negs_given else self.constraints()
        # The numerals' whole lists are made only when first picked from at random
        # (literal_texts cuts ranges instead).
        positive = negated = None
        top = self.base_vars
        block = []
        add = block.append
        size = 0
        written = 0
        for item in items:
            kind = item[0]
            if kind is AMO:
                lits = item[1]
                if negs_given:
                    text, top, count = render_negs(lits, top, item[2], numerals, item[3])
                elif numerals is not None and lits and min(lits) > 0:
                    if negated is None:
                        negated = numerals.neg.__getitem__
                    text, top, count = render_negs(map(negated, lits), top, item[2],
                                                   numerals)
                else:
                    text, top, count = render(lits, top, item[2])
                written += count
            elif kind is TEXT:
                text = item[1]
                written += item[2]
            elif kind is CLAUSE:
                lits = item[1]
                if numerals is not None and lits and min(lits) > 0:
                    if positive is None:
                        positive = numerals.pos.__getitem__
                    text = "".join([*map(positive, lits), "0\n"])
                else:
                    text = templates[len(lits)] % tuple(lits)
                written += 1
            else:
                continue
            size += len(text)
            if size > BLOCK_CHARS and block:
                out.write("".join(block))
                block.clear()
                size = len(text)
            add(text)
        out.write("".join(block))
        return written, top

    def to_text(self, labels=False):
        """The whole formula as one string (for small formulas and tests)."""
        import io
        out = io.StringIO()
        self.write(out, labels=labels)
        return out.getvalue()


def _write_ascii(out, data):
    """Write ASCII bytes (a block of clauses already encoded: the reduced encoder's
    helper's) to the text stream ``out``: to its binary buffer when it has one, as
    they are, else decoded."""
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode("ascii"))
    else:
        out.flush()
        buffer.write(data)
