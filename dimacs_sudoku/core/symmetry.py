"""The symmetries of a puzzle's pattern of givens: rotations and mirrors of the N x N
square, the orbits of cells each one makes, and whether a grid's givens follow one
(``sudoku-gen --symmetry``).

>>> symmetry_orbits(2, "diagonal")
[(0,), (1, 2), (3,)]
"""

from ..errors import UsageError

SYMMETRIES = ("none", "rotational", "quarter", "diagonal", "antidiagonal",
              "horizontal", "vertical", "dihedral")


def symmetry_maps(size, symmetry):
    """The maps ``(r, c) -> (r, c)`` that generate ``symmetry`` on an N x N grid
    (UsageError for an unknown name)."""
    m = size - 1
    rot180 = lambda r, c: (m - r, m - c)           # noqa: E731
    rot90 = lambda r, c: (c, m - r)                # noqa: E731
    table = {
        "none": [],
        "rotational": [rot180],
        "quarter": [rot90],
        "diagonal": [lambda r, c: (c, r)],
        "antidiagonal": [lambda r, c: (m - c, m - r)],
        "horizontal": [lambda r, c: (m - r, c)],
        "vertical": [lambda r, c: (r, m - c)],
        "dihedral": [rot90, lambda r, c: (c, r)],
    }
    try:
        return table[symmetry]
    except KeyError:
        raise UsageError("unknown symmetry %r (choose from %s)"
                         % (symmetry, ", ".join(SYMMETRIES))) from None


def symmetry_orbits(size, symmetry="none"):
    """The cells of an N x N grid grouped into orbits of ``symmetry``, each orbit a
    sorted tuple, the orbits in order of their first cell.

    >>> symmetry_orbits(3, "rotational")
    [(0, 8), (1, 7), (2, 6), (3, 5), (4,)]
    >>> len(symmetry_orbits(9, "quarter")), len(symmetry_orbits(9, "dihedral"))
    (21, 15)
    """
    maps = symmetry_maps(size, symmetry)
    seen = [False] * (size * size)
    orbits = []
    for start in range(size * size):
        if seen[start]:
            continue
        orbit = {start}
        todo = [start]
        while todo:
            cell = todo.pop()
            r, c = divmod(cell, size)
            for f in maps:
                rr, cc = f(r, c)
                image = rr * size + cc
                if image not in orbit:
                    orbit.add(image)
                    todo.append(image)
        for cell in orbit:
            seen[cell] = True
        orbits.append(tuple(sorted(orbit)))
    return orbits


def is_symmetric(grid, symmetry):
    """Do the givens of ``grid`` form a pattern with ``symmetry``?"""
    cells = grid.cells
    return all(len({bool(cells[k]) for k in orbit}) == 1
               for orbit in symmetry_orbits(grid.size, symmetry))
