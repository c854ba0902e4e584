"""The marks of variant rules in a picture (cages, thermometers, arrows, dots, lines,
shaded cells, clues outside the grid, jigsaw borders instead of boxes), which
:func:`dimacs_sudoku.pictures.svg.variant_svg` draws over the grid; this module draws
no grid and calls nothing of the pictures.

Each rule draws itself through a :class:`Geometry`, which knows where cells are; the
elements go between the grid lines and the digits, so the digits stay readable.

>>> from dimacs_sudoku.rules.registry import parse_rule
>>> rules = [parse_rule("killer 3 r1c1 r1c2", 4), parse_rule("sandwich 2 r1", 4)]
>>> layer = rule_marks(rules, Geometry(4, 48, 52))
>>> layer.startswith('<g class="rules">'), layer.count('class="cage"'), layer.count('class="clue"')
(True, 1, 1)
"""

from math import isqrt
from xml.sax.saxutils import escape

INK = "#555555"
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"


class Geometry:
    """Where the cells of an N x N grid are: ``cell`` pixels a side, the grid's
    top-left corner at (``margin``, ``margin``). Rows and columns from 0; a position
    outside the grid (row -1) is where clues go."""

    def __init__(self, size, cell, margin):
        self.size = size
        self.cell = cell
        self.margin = margin

    def corner(self, r, c):
        return self.margin + c * self.cell, self.margin + r * self.cell

    def centre(self, cell):
        r, c = divmod(cell, self.size)
        return self.at(r, c)

    def at(self, r, c):
        x, y = self.corner(r, c)
        return x + self.cell / 2, y + self.cell / 2

    def font(self, scale=0.28):
        return round(self.cell * scale, 1)

    # ---- shapes ------------------------------------------------------------------------

    def shade(self, cells, colour, what):
        rects = "".join('<rect x="%g" y="%g" width="%g" height="%g"/>'
                        % (self.corner(*divmod(k, self.size)) + (self.cell, self.cell))
                        for k in cells)
        return '<g class="%s" fill="%s" opacity="0.55">%s</g>' % (what, colour, rects)

    def region_borders(self, region_of):
        """Thick lines between cells of different regions, and around the grid."""
        n, side = self.size, self.cell * self.size
        lines = []
        for r in range(n):
            for c in range(n):
                k = r * n + c
                x, y = self.corner(r, c)
                if c + 1 < n and region_of[k] != region_of[k + 1]:
                    lines.append((x + self.cell, y, x + self.cell, y + self.cell))
                if r + 1 < n and region_of[k] != region_of[k + n]:
                    lines.append((x, y + self.cell, x + self.cell, y + self.cell))
        m = self.margin
        lines += [(m, m, m + side, m), (m, m + side, m + side, m + side),
                  (m, m, m, m + side), (m + side, m, m + side, m + side)]
        return ('<g class="regions" stroke="#000000" stroke-width="3" stroke-linecap="square">'
                + "".join('<line x1="%g" y1="%g" x2="%g" y2="%g"/>' % line for line in lines)
                + "</g>")

    def cage(self, cells, label):
        """A dashed outline just inside the cage's border, its total in the top-left."""
        n, size, inset = self.size, self.cell, max(3, self.cell // 10)
        members = set(cells)

        def inside(r, c):
            return 0 <= r < n and 0 <= c < n and r * n + c in members

        lines = []
        for k in cells:
            r, c = divmod(k, n)
            x, y = self.corner(r, c)
            # Each side: (the neighbour across it, the cells along it before and after,
            # the cells diagonally beyond those), as row/column steps.
            for (dr, dc) in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if inside(r + dr, c + dc):
                    continue
                ends = []
                for s in (-1, 1):
                    ar, ac = (r, c + s) if dr else (r + s, c)
                    if inside(ar, ac):
                        ends.append(size / 2 + (inset if inside(ar + dr, ac + dc) else 0))
                    else:
                        ends.append(size / 2 - inset)
                cx, cy = x + size / 2, y + size / 2
                if dr:
                    yy = cy + dr * (size / 2 - inset)
                    lines.append((cx - ends[0], yy, cx + ends[1], yy))
                else:
                    xx = cx + dc * (size / 2 - inset)
                    lines.append((xx, cy - ends[0], xx, cy + ends[1]))
        out = ['<g class="cage" stroke="%s" stroke-width="1" stroke-dasharray="3,2">' % INK]
        out += ['<line x1="%g" y1="%g" x2="%g" y2="%g"/>' % line for line in lines]
        out.append("</g>")
        if label:
            top = min(cells)
            x, y = self.corner(*divmod(top, n))
            out.append('<text class="cage-total" x="%g" y="%g" font-size="%s" font-family="%s" '
                       'fill="%s">%s</text>' % (x + inset + 1, y + inset + self.font(0.22),
                                                 self.font(0.22), FONT, INK, escape(label)))
        return "".join(out)

    def polyline(self, cells, colour, what, width=0.15):
        points = " ".join("%g,%g" % self.centre(k) for k in cells)
        return ('<polyline class="%s" points="%s" fill="none" stroke="%s" stroke-width="%g" '
                'stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>'
                % (what, points, colour, self.cell * width))

    def circle(self, cell, radius, fill, stroke, what):
        x, y = self.centre(cell)
        return ('<circle class="%s" cx="%g" cy="%g" r="%g" fill="%s" stroke="%s" '
                'stroke-width="1.5"/>' % (what, x, y, self.cell * radius, fill, stroke))

    def thermo(self, cells):
        return (self.circle(cells[0], 0.38, "#bbbbbb", "none", "thermo-bulb")
                .replace('"/>', '" opacity="0.7"/>')
                + self.polyline(cells, "#bbbbbb", "thermo", width=0.3))

    def arrow(self, circle, cells):
        out = [self.circle(k, 0.4, "none", INK, "arrow-circle") for k in circle]
        start = min(circle, key=lambda k: self._distance(k, cells[0]))
        (x0, y0), (x1, y1) = self.centre(start), self.centre(cells[0])
        length = max(1e-9, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
        gap = self.cell * 0.4
        begin = (x0 + (x1 - x0) * gap / length, y0 + (y1 - y0) * gap / length)
        points = [begin] + [self.centre(k) for k in cells]
        out.append('<polyline class="arrow" points="%s" fill="none" stroke="%s" '
                   'stroke-width="1.5"/>' % (" ".join("%g,%g" % p for p in points), INK))
        (ax, ay), (bx, by) = points[-2], points[-1]
        length = max(1e-9, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        ux, uy = (bx - ax) / length, (by - ay) / length
        head = self.cell * 0.18
        for sx, sy in ((-uy, ux), (uy, -ux)):
            out.append('<line class="arrow-head" x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" '
                       'stroke-width="1.5"/>' % (bx, by, bx - head * (ux - sx * 0.6),
                                                 by - head * (uy - sy * 0.6), INK))
        return "".join(out)

    def _distance(self, a, b):
        (ra, ca), (rb, cb) = divmod(a, self.size), divmod(b, self.size)
        return abs(ra - rb) + abs(ca - cb)

    def dot(self, cells, colour, label):
        """A kropki dot (white or black), or an X/V letter, between two cells."""
        (x1, y1), (x2, y2) = (self.centre(k) for k in cells)
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        out = ""
        if colour:
            out = ('<circle class="dot" cx="%g" cy="%g" r="%g" fill="%s" stroke="#000000" '
                   'stroke-width="1"/>' % (x, y, self.cell * 0.12, colour))
        if label:
            fill = "#ffffff" if colour == "black" else "#000000"
            out += ('<text class="dot-label" x="%g" y="%g" font-size="%s" font-family="%s" '
                    'font-weight="bold" text-anchor="middle" fill="%s">%s</text>'
                    % (x, y + self.font(0.2) * 0.35, self.font(0.2 if colour else 0.3), FONT,
                       fill, escape(label)))
        return out

    def cell_mark(self, cell, kind):
        """A grey circle (odd), square (even), or inward (minimum) or outward (maximum)
        chevrons on the cell's sides."""
        x, y = self.centre(cell)
        half = self.cell / 2
        if kind == "circle":
            return self.circle(cell, 0.4, "#dddddd", "none", "odd")
        if kind == "square":
            side = self.cell * 0.8
            return ('<rect class="even" x="%g" y="%g" width="%g" height="%g" fill="#dddddd"/>'
                    % (x - side / 2, y - side / 2, side, side))
        tip = 0.72 if kind == "minimum" else 0.92
        base = 0.92 if kind == "minimum" else 0.72
        w = 0.12
        marks = []
        for ux, uy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            px, py = -uy, ux
            marks.append("%g,%g %g,%g %g,%g" % (
                x + ux * half * base + px * half * w, y + uy * half * base + py * half * w,
                x + ux * half * tip, y + uy * half * tip,
                x + ux * half * base - px * half * w, y + uy * half * base - py * half * w))
        return '<g class="%s" fill="none" stroke="%s">%s</g>' % (
            kind, INK, "".join('<polyline points="%s"/>' % m for m in marks))

    def quadruple(self, top_left, digits):
        x, y = self.corner(*divmod(top_left, self.size))
        x, y = x + self.cell, y + self.cell
        return ('<g class="quadruple"><circle cx="%g" cy="%g" r="%g" fill="#ffffff" '
                'stroke="#000000" stroke-width="1"/><text x="%g" y="%g" font-size="%s" '
                'font-family="%s" text-anchor="middle">%s</text></g>'
                % (x, y, self.cell * 0.24, x, y + self.font(0.17) * 0.35, self.font(0.17),
                   FONT, escape(" ".join(map(str, digits)))))

    def clue_frame(self, position, shape, what):
        """A circle (X-sums) or a square (skyscrapers) around the clue in the cell
        position (row, column) outside the grid, marking which kind of clue it is."""
        x, y = self.at(*position)
        half = self.cell * 0.34
        if shape == "circle":
            return ('<circle class="%s" cx="%g" cy="%g" r="%g" fill="none" stroke="%s" '
                    'stroke-width="1"/>' % (what, x, y, half, INK))
        return ('<rect class="%s" x="%g" y="%g" width="%g" height="%g" fill="none" '
                'stroke="%s" stroke-width="1"/>' % (what, x - half, y - half, 2 * half,
                                                    2 * half, INK))

    def outside_clue(self, position, label, direction):
        """A clue in the cell position (row, column) just outside the grid, with a
        small diagonal arrow when ``direction`` (a row/column step) is given."""
        x, y = self.at(*position)
        out = ('<text class="clue" x="%g" y="%g" font-size="%s" font-family="%s" '
               'text-anchor="middle" fill="#000000">%s</text>'
               % (x, y + self.font(0.3) * 0.35, self.font(0.3), FONT, escape(label)))
        if direction:
            dr, dc = direction
            near, far = self.cell * 0.28, self.cell * 0.45
            out += ('<line class="clue-arrow" x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" '
                    'stroke-width="1"/>' % (x + dc * near, y + dr * near, x + dc * far,
                                            y + dr * far, INK))
        return out


def rule_marks(rules, geometry):
    """The ``<g class="rules">`` layer of every rule's marks, drawn on ``geometry``."""
    marks = [rule.svg(geometry) for rule in rules]
    return '<g class="rules">\n%s\n</g>' % "\n".join(m for m in marks if m)


def rule_cells(rule):
    """The cells a rule's mark lies on, where it names them (a cage's, a line's, an
    arrow's circle and shaft, a dot's pair); empty for a rule of the whole grid or of
    clues outside it."""
    found = list(getattr(rule, "circle", ()) or ())
    cells = getattr(rule, "cells", ())
    if isinstance(cells, (list, tuple)):
        found += [cell for cell in cells if isinstance(cell, int)]
    return found


def pencil_marks(geometry, cell, labels):
    """Small ``labels`` (the digits' texts, at most one per digit of the grid) in
    ``cell``, in the slots of digits 1..N (a near-square block, digit 1 top left)."""
    n = geometry.size
    across = isqrt(n - 1) + 1
    down = -(-n // across)
    x0, y0 = geometry.corner(*divmod(cell, n))
    step_x, step_y = geometry.cell / across, geometry.cell / down
    font = round(min(step_x, step_y) * 0.78, 1)
    out = []
    for digit, label in labels:
        row, col = divmod(digit - 1, across)
        out.append('<text x="%g" y="%g">%s</text>'
                   % (x0 + (col + 0.5) * step_x, y0 + (row + 0.5) * step_y + font * 0.35,
                      escape(label)))
    return ('<g class="pencil-marks" font-size="%s" font-family="%s" fill="%s" '
            'text-anchor="middle">%s</g>' % (font, FONT, INK, "".join(out)))


def outline(geometry, cells, colour, what, width=3):
    """A square drawn just inside each of ``cells`` (group class ``what``)."""
    inset = width / 2 + 1
    side = geometry.cell - 2 * inset
    rects = "".join('<rect x="%g" y="%g" width="%g" height="%g"/>'
                    % (geometry.corner(*divmod(k, geometry.size))[0] + inset,
                       geometry.corner(*divmod(k, geometry.size))[1] + inset, side, side)
                    for k in cells)
    return '<g class="%s" fill="none" stroke="%s" stroke-width="%g">%s</g>' % (
        what, colour, width, rects)
