"""A grid as a self-contained HTML table, with the sizes, colours and title of its
SVG picture (:mod:`.svg`), which stands in for the table when the grid has variant
rules.

>>> from dimacs_sudoku.core.grid import Grid
>>> puzzle = Grid([1, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1], size=4)
>>> to_html(puzzle).startswith('<table class="dimacs-sudoku"')
True
"""

from xml.sax.saxutils import escape

from ..core.notation import symbol
from .svg import (FONT, GIVEN_COLOUR, GIVEN_FILL, SOLVED_COLOUR, THICK_COLOUR, THIN_COLOUR,
                  cell_pixels, cell_styles, font_pixels, picture_rules, picture_title, to_svg)


def to_html(grid, givens=None, page=False):
    """A self-contained HTML ``<table>`` of ``grid`` with inline styles only (no
    ``<style>`` block, no scripts), so that it can be pasted into any page or shown in a
    notebook. ``page`` wraps it in a complete HTML5 document.

    Given cells are ``<td class="given">`` in bold, solved ones ``<td class="solved">``.
    A grid with variant rules is its SVG picture instead (a table cannot draw cages,
    lines or dots), inline in a ``<div class="dimacs-sudoku">``.
    """
    if picture_rules(grid, givens):
        title = picture_title(grid, givens if givens is not None else getattr(grid, "givens", None))
        body = '<div class="dimacs-sudoku" title="%s">\n%s\n</div>' % (
            escape(title), to_svg(grid, givens))
        if not page:
            return body
        return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                "<title>%s</title>\n</head>\n<body>\n%s\n</body>\n</html>"
                % (escape(title), body))
    n = grid.size
    br, bc = grid.layout.box
    cell = cell_pixels(n)
    font = font_pixels(n, cell, getattr(grid, "symbols", None))
    thick = "%dpx solid %s" % (3 if n <= 25 else 2, THICK_COLOUR)
    thin = "1px solid %s" % THIN_COLOUR
    givens = givens if givens is not None else getattr(grid, "givens", None)
    styles = cell_styles(grid, givens)
    title = picture_title(grid, givens)
    symbols = getattr(grid, "symbols", None)
    rows = ['<table class="dimacs-sudoku" title="%s" style="border-collapse:collapse;'
            'border:%s;font-family:%s;font-size:%spx;text-align:center;'
            'table-layout:fixed;margin:0">' % (escape(title), thick, FONT, font)]
    base = "width:%dpx;height:%dpx;padding:0;vertical-align:middle;line-height:1" % (
        cell - 1, cell - 1)
    for r in range(n):
        parts = ["<tr>"]
        for c in range(n):
            k = r * n + c
            style = styles[k]
            border = "border-top:%s;border-left:%s;border-right:%s;border-bottom:%s" % (
                thick if r % br == 0 else thin, thick if c % bc == 0 else thin,
                thick if (c + 1) % bc == 0 else thin, thick if (r + 1) % br == 0 else thin)
            if style is None:
                parts.append('<td style="%s;%s"></td>' % (base, border))
            elif style:
                parts.append('<td class="given" style="%s;%s;font-weight:bold;color:%s;'
                             'background:%s">%s</td>'
                             % (base, border, GIVEN_COLOUR, GIVEN_FILL,
                                escape(symbol(grid.cells[k], n, symbols))))
            else:
                parts.append('<td class="solved" style="%s;%s;color:%s">%s</td>'
                             % (base, border, SOLVED_COLOUR,
                                escape(symbol(grid.cells[k], n, symbols))))
        parts.append("</tr>")
        rows.append("".join(parts))
    rows.append("</table>")
    table = "\n".join(rows)
    if not page:
        return table
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>%s</title>\n</head>\n<body>\n%s\n</body>\n</html>"
            % (escape(title), table))
