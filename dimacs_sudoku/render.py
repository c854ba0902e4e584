"""The pictures under their old name: see :mod:`dimacs_sudoku.pictures`."""

from .pictures import (cell_pixels, cell_styles, font_pixels, to_html,  # noqa: F401
                       to_svg)


def grid_svg(grid):
    """A grid as notebooks show it (``Grid._repr_svg_``)."""
    return to_svg(grid)


def grid_html(grid):
    """A grid as notebooks show it (``Grid._repr_html_``)."""
    return to_html(grid)
