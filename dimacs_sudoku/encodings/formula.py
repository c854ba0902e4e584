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
"""

CLAUSE, AMO, LABEL = "clause", "amo", "label"

# Text is handed to the output stream in blocks of about this many characters.
BLOCK_CHARS = 1 << 20


class Formula:
    """A CNF formula: header facts and a way to make its constraints again.

    ``constraints`` is a function returning a fresh iterator of constraints;
    ``base_vars`` is the highest variable before auxiliary ones (N³ for the standard
    numbering); ``amo`` an at-most-one family from :mod:`.amo`.
    """

    def __init__(self, constraints, base_vars, amo, comments=(), var_comments=()):
        self.constraints = constraints
        self.base_vars = base_vars
        self.amo = amo
        self.comments = list(comments)
        self.var_comments = var_comments
        self._counts = None

    def _count(self):
        if self._counts is None:
            size = self.amo.size
            clauses = aux = 0
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

    def header(self):
        """The comment lines and the ``p cnf`` line, as text."""
        lines = ["c %s\n" % line if line else "c\n" for line in self.comments]
        lines.append("p cnf %d %d\n" % (self.num_vars, self.num_clauses))
        return "".join(lines)

    def write(self, out, labels=False):
        """Write the whole formula to the text stream ``out``, in large blocks.

        ``labels`` adds a comment line before each group of clauses.
        """
        num_clauses = self.num_clauses
        out.write(self.header())
        for line in self.var_comments:
            out.write("c %s\n" % line)
        render = self.amo.render
        top = self.base_vars
        block = []
        size = 0
        written = 0
        for item in self.constraints():
            kind = item[0]
            if kind is CLAUSE:
                text = " ".join(map(str, item[1])) + " 0\n"
                written += 1
            elif kind is AMO:
                text, top, count = render(item[1], top, item[2])
                written += count
            elif labels:
                text = "c %s\n" % item[1]
            else:
                continue
            block.append(text)
            size += len(text)
            if size >= BLOCK_CHARS:
                out.write("".join(block))
                block = []
                size = 0
        out.write("".join(block))
        if written != num_clauses or top != self.num_vars:
            raise AssertionError("clause or variable count changed while writing "
                                 "(%d/%d clauses, %d/%d vars)"
                                 % (written, num_clauses, top, self.num_vars))

    def to_text(self, labels=False):
        """The whole formula as one string (for small formulas and tests)."""
        import io
        out = io.StringIO()
        self.write(out, labels=labels)
        return out.getvalue()
