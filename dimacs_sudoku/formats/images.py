"""``svg``, ``html`` and ``html-page`` (output only): pictures of one grid, givens bold
on grey, solved digits in blue (:mod:`dimacs_sudoku.pictures.svg` draws them).

``svg`` is a standalone image of one grid; ``html`` a ``<table>`` fragment to paste
into a page, one per grid; ``html-page`` the same tables inside one complete HTML5
document (:func:`dimacs_sudoku.formats.document` gives its head and tail).

>>> from .line import read_one
>>> write_page(read_one("1..44......33..1")).startswith("<!DOCTYPE html>")
True
"""
NAMES = ("svg", "html", "html-page")
DESCRIPTIONS = {"svg": "an SVG image of one grid",
                "html": "an HTML <table> fragment per grid",
                "html-page": "a standalone HTML page per grid"}


def _drawn(grid, symbols):
    if symbols and symbols != grid.symbols:
        grid = grid.copy()
        grid.symbols = symbols
    return grid


def write_svg(grid, givens=None, symbols=None):
    from ..pictures.svg import to_svg
    return to_svg(_drawn(grid, symbols), givens)


def write_html(grid, givens=None, symbols=None):
    from ..pictures.html import to_html
    return to_html(_drawn(grid, symbols), givens)


def write_page(grid, givens=None, symbols=None):
    from ..pictures.html import to_html
    return to_html(_drawn(grid, symbols), givens, page=True)
