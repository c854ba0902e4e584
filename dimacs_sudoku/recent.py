"""What is made once per layout and kept for the next puzzles (reducers, checkers, the
layouts of rules): a few of them, the least recently used going first."""


class Recent:
    """At most ``size`` values by key. ``get(key, make)`` gives the value of ``key``,
    made by ``make()`` when it is not kept; when full, the value asked for longest
    ago goes.

    >>> kept = Recent(2)
    >>> kept.get("a", lambda: 1), kept.get("b", lambda: 2), kept.get("a", lambda: 0)
    (1, 2, 1)
    >>> kept.get("c", lambda: 3), sorted(kept.values)
    (3, ['a', 'c'])
    """

    __slots__ = ("size", "values")

    def __init__(self, size=16):
        self.size = size
        self.values = {}

    def get(self, key, make):
        values = self.values
        # A dict keeps insertion order: a key asked for again moves to the end.
        if key in values:
            found = values[key] = values.pop(key)
            return found
        found = make()
        if len(values) >= self.size:
            del values[next(iter(values))]
        values[key] = found
        return found
