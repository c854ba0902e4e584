"""The clauses of a puzzle's variant rules over any variable map: which rules have
clauses of their own, and their clauses counted first and made again with the same
auxiliary numbers (never held in memory all at once)."""


def clause_rules(rules, layout):
    """The rules that have clauses of their own, beyond the units of ``layout``
    (diagonals, windoku, disjoint groups, a jigsaw and an extra region of N cells
    have none: the layout holds them)."""
    def var(cell, d):
        return 1

    def new_var():
        return 1
    return [rule for rule in rules
            if next(iter(rule.clauses(var, new_var, layout)), None) is not None]


def rule_clauses(rules, layout, var, top):
    """``(groups, top)``: for each rule, ``(line, first, count)``: its text line, the
    last variable before its auxiliary ones, and its number of clauses; ``top`` is the
    last auxiliary variable. The clauses are counted here and made again, with the
    same numbers, by :func:`make_rule_clauses`: never held in memory all at once."""
    groups = []
    for rule in rules:
        first = top
        counter = [top]

        def new_var():
            counter[0] += 1
            return counter[0]

        count = 0
        for clause in rule.clauses(var, new_var, layout):
            if not clause:
                raise AssertionError("rule %s made an empty clause" % rule.to_line())
            count += 1
        top = counter[0]
        groups.append((rule, first, count))
    return groups, top


def make_rule_clauses(rule, layout, var, first):
    """The clauses of ``rule`` with its auxiliary variables numbered from ``first + 1``."""
    counter = [first]

    def new_var():
        counter[0] += 1
        return counter[0]

    return rule.clauses(var, new_var, layout)
