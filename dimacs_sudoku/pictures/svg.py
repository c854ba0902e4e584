"""Pictures of grids: a standalone SVG image (the HTML table is :mod:`.html`).

Givens are drawn bold in black on a light grey cell, the digits a solver filled in
regular weight in blue; box borders are thick, cell borders thin. Any size works: the
symbols are the grid's own notation (:mod:`dimacs_sudoku.core.notation`: ``1-9A-Z`` up to
35x35, numbers above, or the ``hex`` or alphabet the grid was read in), and the cells
and fonts shrink as the grid grows so that a 25x25 grid stays readable.

``givens`` is the puzzle (a Grid) whose filled cells are drawn as givens; when it is
None, the grid's own ``givens`` (a solution from :func:`dimacs_sudoku.solve` keeps its
puzzle there), else every filled cell of ``grid`` is drawn as a given (a puzzle shows
itself). This module imports nothing of the grid model; the commands reach it through
the output formats ``svg``, ``html`` and ``html-page`` of :mod:`dimacs_sudoku.formats`.

>>> from dimacs_sudoku.core.grid import Grid
>>> puzzle = Grid([1, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 1], size=4)
>>> svg = to_svg(puzzle)
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), svg.count("<text")
(True, 6)
"""

from xml.sax.saxutils import escape

from ..core.notation import symbol

SVG_NS = "http://www.w3.org/2000/svg"

GIVEN_COLOUR = "#000000"
SOLVED_COLOUR = "#1a56b0"
GIVEN_FILL = "#eeeeee"
THIN_COLOUR = "#9a9a9a"
THICK_COLOUR = "#000000"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


def cell_pixels(size):
    """The side of one cell in pixels: 48 at 9x9, 32 at 25x25, at least 14."""
    if size <= 9:
        return 48
    if size <= 16:
        return 40
    if size <= 25:
        return 32
    if size <= 36:
        return 28
    return max(14, 1000 // size)


def font_pixels(size, cell, symbols=None):
    """The font size for a cell of ``cell`` pixels in an N x N grid: smaller when the
    symbols are numbers of two or three digits."""
    width = len(symbol(size, size, symbols))
    return round(cell * (0.6, 0.5, 0.4, 0.32)[min(width, 4) - 1], 1)


def cell_styles(grid, givens=None):
    """For each cell: None (blank), True (a given) or False (a solved digit)."""
    if givens is None:
        givens = getattr(grid, "givens", None)
    if givens is None:
        return [bool(d) or None for d in grid.cells]
    return [None if not d else bool(g) for d, g in zip(grid.cells, givens.cells)]


def picture_title(grid, givens):
    """The title of a picture: its size, boxes, givens and solved cells."""
    n = grid.size
    filled = grid.givens_count()
    shown = givens.givens_count() if givens is not None else filled
    if getattr(grid.layout, "latin", False):
        text = "Latin square %dx%d, %d givens" % (n, n, shown)
    else:
        text = "Sudoku %dx%d, boxes %dx%d, %d givens" % (n, n, grid.layout.box[0],
                                                        grid.layout.box[1], shown)
    if givens is not None:
        text += ", %d cells solved" % (filled - sum(1 for g, d in zip(givens.cells, grid.cells)
                                                    if g and d))
    return text


def picture_rules(grid, givens):
    """The variant rules a picture draws: the grid's, else its puzzle's."""
    rules = getattr(grid, "rules", ())
    if not rules and givens is not None:
        rules = getattr(givens, "rules", ())
    if not rules and getattr(grid, "givens", None) is not None:
        rules = getattr(grid.givens, "rules", ())
    return rules


def to_svg(grid, givens=None, marks=None, boxes=True, pad=0):
    """A standalone SVG image of ``grid`` (one string, no trailing newline).

    The ``<text>`` elements of the givens are in the group ``class="givens"``
    (``font-weight="bold"``), those of the solved cells in ``class="solved"``.

    A grid with variant rules (``grid.rules``) is drawn with them, by
    :func:`variant_svg`, through these hooks: ``marks`` (SVG elements drawn over the
    lines and under the digits), ``boxes=False`` (no box borders: a jigsaw draws its
    regions) and ``pad`` (pixels of room around the grid for clues outside it).
    """
    if marks is None:
        rules = picture_rules(grid, givens)
        if rules:
            return variant_svg(grid, rules, givens)
    n = grid.size
    br, bc = grid.layout.box
    cell = cell_pixels(n)
    margin = 4 + pad
    side = n * cell
    total = side + 2 * margin
    font = font_pixels(n, cell, getattr(grid, "symbols", None))
    thin = 1
    thick = 3 if n <= 25 else 2
    givens = givens if givens is not None else getattr(grid, "givens", None)
    styles = cell_styles(grid, givens)
    title = picture_title(grid, givens)
    symbols = getattr(grid, "symbols", None)

    out = ['<svg xmlns="%s" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" '
           'role="img" aria-label="%s">' % (SVG_NS, total, total, total, total, escape(title)),
           "<title>%s</title>" % escape(title),
           '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (total, total)]
    shaded = [cell_index for cell_index, style in enumerate(styles) if style]
    if shaded:
        out.append('<g class="given-cells" fill="%s">' % GIVEN_FILL)
        out.extend('<rect x="%d" y="%d" width="%d" height="%d"/>'
                   % (margin + (k % n) * cell, margin + (k // n) * cell, cell, cell)
                   for k in shaded)
        out.append("</g>")
    # Thin lines between cells, then thick ones between boxes and around the grid.
    thin_lines = []
    thick_lines = []
    for k in range(n + 1):
        at = margin + k * cell
        row_line = (at, margin, at, margin + side)      # vertical line at column k
        col_line = (margin, at, margin + side, at)      # horizontal line at row k
        (thick_lines if k % bc == 0 and boxes else thin_lines).append(row_line)
        (thick_lines if k % br == 0 and boxes else thin_lines).append(col_line)
    out.append('<g class="cell-lines" stroke="%s" stroke-width="%d">' % (THIN_COLOUR, thin))
    out.extend('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % line for line in thin_lines)
    out.append("</g>")
    if thick_lines:
        out.append('<g class="box-lines" stroke="%s" stroke-width="%d" '
                   'stroke-linecap="square">' % (THICK_COLOUR, thick))
        out.extend('<line x1="%d" y1="%d" x2="%d" y2="%d"/>' % line for line in thick_lines)
        out.append("</g>")
    if marks:
        out.append(marks)
    # Digits: the baseline sits 0.35 em below the centre, which centres digits in
    # every renderer without relying on dominant-baseline.
    drop = round(font * 0.35, 1)
    for kind, weight, colour in (("givens", "bold", GIVEN_COLOUR),
                                 ("solved", "normal", SOLVED_COLOUR)):
        wanted = kind == "givens"
        items = [k for k, style in enumerate(styles) if style is wanted]
        if not items:
            continue
        out.append('<g class="%s" font-family="%s" font-size="%s" font-weight="%s" '
                   'fill="%s" text-anchor="middle">' % (kind, FONT, font, weight, colour))
        for k in items:
            r, c = divmod(k, n)
            x = margin + c * cell + cell / 2
            y = margin + r * cell + cell / 2 + drop
            out.append('<text x="%g" y="%g">%s</text>'
                       % (x, y, escape(symbol(grid.cells[k], n, symbols))))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def variant_svg(grid, rules, givens=None):
    """A standalone SVG image of a variant puzzle (or its solution, with ``givens`` the
    puzzle, as :func:`to_svg`) with every rule drawn (the marks of
    :mod:`dimacs_sudoku.pictures.marks`): the marks go over the grid lines and under the
    digits, a jigsaw's regions replace the box borders, and clues outside the grid get
    a cell of room on every side.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> from dimacs_sudoku.rules.registry import parse_rule
    >>> rules = [parse_rule("killer 3 r1c1 r1c2", 4), parse_rule("sandwich 2 r1", 4)]
    >>> svg = variant_svg(Grid.empty(4), rules)
    >>> svg.startswith("<svg"), svg.count('class="cage"'), svg.count('class="clue"')
    (True, 1, 1)
    """
    from .marks import Geometry, rule_marks
    n = grid.size
    outside = any(getattr(rule, "outside", False) for rule in rules)
    pad = cell_pixels(n) if outside else 0
    layer = rule_marks(rules, Geometry(n, cell_pixels(n), 4 + pad))
    return to_svg(grid, givens, marks=layer,
                  boxes=not any(rule.replaces_boxes for rule in rules), pad=pad)


REDUNDANT_COLOUR = "#e07b00"
CORE_COLOUR = "#d62728"


def analysis_svg(grid, candidates, redundant=(), core_cells=(), symbols=None):
    """A standalone SVG image of an analysed puzzle (:mod:`dimacs_sudoku.tasks.analyze`):
    ``grid`` the puzzle (its rules drawn with their own marks), ``candidates`` the
    true candidates of each cell; a cell with one is drawn with that digit in blue
    (the backbone), one with several with them as pencil marks; ``redundant`` cells
    are outlined in orange (class ``redundant``), ``core_cells`` in red (``core``).

    >>> from dimacs_sudoku.core.grid import Grid
    >>> svg = analysis_svg(Grid.from_line("1..." + "." * 12), [[1]] + [[2, 3]] * 15,
    ...                    redundant=[0])
    >>> svg.count('class="pencil-marks"'), svg.count('class="redundant"')
    (15, 1)
    """
    from .marks import Geometry, outline, pencil_marks, rule_marks
    n = grid.size
    symbols = symbols or getattr(grid, "symbols", None)
    rules = getattr(grid, "rules", ())
    outside = any(getattr(rule, "outside", False) for rule in rules)
    pad = cell_pixels(n) if outside else 0
    geometry = Geometry(n, cell_pixels(n), 4 + pad)
    layers = [rule_marks(rules, geometry)] if rules else []
    cells = list(grid.cells)
    for cell, digits in enumerate(candidates):
        if not cells[cell] and len(digits) == 1:
            cells[cell] = digits[0]
        elif not cells[cell] and digits:
            layers.append(pencil_marks(geometry, cell,
                                       [(d, symbol(d, n, symbols)) for d in digits]))
    if redundant:
        layers.append(outline(geometry, redundant, REDUNDANT_COLOUR, "redundant"))
    if core_cells:
        layers.append(outline(geometry, core_cells, CORE_COLOUR, "core"))
    picture = grid.copy(cells)
    picture.symbols = symbols
    return to_svg(picture, grid, marks="\n".join(layers),
                  boxes=not any(rule.replaces_boxes for rule in rules), pad=pad)
