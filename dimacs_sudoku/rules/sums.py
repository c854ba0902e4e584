"""Sum constraints where digits may repeat (arrows, little killers, sandwiches): a
running-sum encoding over the cells in order.

Layer i maps each partial sum t of the first i cells to a literal p(i, t): layer 1 is
the first cell's own variables, and for every later cell, digit d and partial sum t

    -p(i-1, t) ∨ -x(cᵢ, d) ∨ p(i, t + d)

so the literal of the real partial sum is forced true at every layer (the encoding
states "if", which is all a fixed or a circle's total needs: any other true literal
of the last layer is forbidden there). A partial sum that can no longer reach the
allowed totals gets no variable; its transition becomes the binary clause
``-p(i-1, t) ∨ -x(cᵢ, d)`` (a unit clause in layer 1).

Size: with k cells and totals up to T, at most k·T new variables and k·T·N clauses;
far fewer in practice, since only sums that can still reach the totals are kept
(a 9x9 little killer of 5 cells summing to 20 has 43 new variables and 343 clauses).

>>> var = lambda cell, d: cell * 4 + d
>>> counter = [64]
>>> def new_var():
...     counter[0] += 1
...     return counter[0]
>>> final, clauses = sum_layers(var, new_var, 4, [0, 5], 3, 3)   # r1c1 + r2c2 = 3
>>> final, clauses
({3: 65}, [[-3], [-4], [-1, -21], [-1, -22, 65], [-1, -23], [-1, -24], [-2, -21, 65], [-2, -22], [-2, -23], [-2, -24]])
"""


def sum_layers(var, new_var, size, cells, low, high):
    """``(last, clauses)``: the running-sum encoding of ``cells`` whose digits must
    add up to a total in ``low..high``; ``last`` maps each such total to the literal
    forced true when the digits add up to it."""
    k = len(cells)

    def viable(i, t):
        rest = k - i
        return t + rest <= high and t + rest * size >= low

    clauses = []
    layer = {}
    for d in range(1, size + 1):
        if viable(1, d):
            layer[d] = var(cells[0], d)
        else:
            clauses.append([-var(cells[0], d)])
    for i in range(2, k + 1):
        cell = cells[i - 1]
        new = {}
        for t in sorted(layer):
            lit = layer[t]
            for d in range(1, size + 1):
                u = t + d
                if viable(i, u):
                    if u not in new:
                        new[u] = new_var()
                    clauses.append([-lit, -var(cell, d), new[u]])
                else:
                    clauses.append([-lit, -var(cell, d)])
        layer = new
    return layer, clauses


def running_sums(var, new_var, size, cells, cap):
    """``(layers, clauses)``: for i = 1..len(cells), ``layers[i-1] = (sums, over)`` where
    ``sums`` maps each partial sum t <= ``cap`` of the first i cells to a literal forced
    true when their digits add up to t, and ``over`` is a literal forced true when they
    add up to more than ``cap`` (None when they cannot)."""
    clauses = []
    layers = []
    sums, over = {}, None
    for i, cell in enumerate(cells):
        new, new_over = {}, None
        sources = [(0, None)] if i == 0 else sorted(sums.items())
        if over is not None:
            new_over = new_var()
            clauses.append([-over, new_over])
        for t, lit in sources:
            for d in range(1, size + 1):
                u = t + d
                head = [] if lit is None else [-lit]
                if u <= cap:
                    if i == 0:
                        new[u] = var(cell, d)
                        continue
                    if u not in new:
                        new[u] = new_var()
                    clauses.append(head + [-var(cell, d), new[u]])
                else:
                    if new_over is None:
                        new_over = new_var()
                    clauses.append(head + [-var(cell, d), new_over])
        sums, over = new, new_over
        layers.append((sums, over))
    return layers, clauses


def equal_sums(var, new_var, size, groups, distinct=False):
    """The clauses making the digits of every group of cells add up to one common
    total (a region sum line's segments, a zipper line's mirrored pairs and centre).

    Each group gets the running sums of :func:`sum_layers`, kept within the totals
    every group can reach (``distinct``: each group's digits differ, as in one box).
    The smallest group is the hub: for each other group and total t, ``-p(t) ∨ hub(t)``
    (``-p(t)`` when the hub cannot make t), and at most one of the hub's totals holds
    (pairwise; nothing to add when the hub is one cell, whose totals are its digits).

    >>> var = lambda cell, d: cell * 4 + d
    >>> counter = [64]
    >>> def new_var():
    ...     counter[0] += 1
    ...     return counter[0]
    >>> list(equal_sums(var, new_var, 4, [[0], [5]]))     # r1c1 = r2c2
    [[-21, 1], [-22, 2], [-23, 3], [-24, 4]]
    """
    def bounds(k):
        if distinct:
            return k * (k + 1) // 2, k * (2 * size - k + 1) // 2
        return k, k * size

    low = max(bounds(len(group))[0] for group in groups)
    high = min(bounds(len(group))[1] for group in groups)
    if low > high:
        yield from ([-var(groups[0][0], d)] for d in range(1, size + 1))
        return
    hub = min(range(len(groups)), key=lambda k: len(groups[k]))
    lasts = []
    for group in groups:
        last, clauses = sum_layers(var, new_var, size, group, low, high)
        yield from clauses
        lasts.append(last)
    top = lasts[hub]
    if len(groups[hub]) > 1:
        totals = sorted(top)
        for i, t in enumerate(totals):
            yield from ([-top[t], -top[u]] for u in totals[i + 1:])
    for k, last in enumerate(lasts):
        if k != hub:
            yield from ([-lit, top[t]] if t in top else [-lit]
                        for t, lit in sorted(last.items()))
