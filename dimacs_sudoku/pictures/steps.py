"""Pictures of explanation steps (``sudoku-explain --format svg`` / ``html-page``): one
frame per step, the grid as it stood before the step, and what the step uses and
derives, with the step's text under the grid.

A step is the dict of ``sudoku-explain --json`` (``name``, ``text``, ``derives``,
``facts``, ``clauses``, optional ``assume`` and ``steps``, ``cost``); literals are
``r5c5=4`` / ``r1c1!=5``, clauses the CNF's variable numbers (standard numbering,
``v = (r*N + c)*N + d + 1``, 0-based). A frame draws

- the givens bold and the digits placed by earlier steps in blue, the candidates still
  open in the other cells as pencil marks (grey): every digit but the eliminations
  derived by earlier steps, as the explanation knows them;
- the units whose "needs a d" clause the step uses (and the cells whose "holds a
  digit" clause it uses) shaded yellow, the cells of a variant rule's clauses lilac;
- the facts it uses outlined in blue (a placed digit's cell), or their candidate
  struck out in grey (an elimination known before);
- what it derives in green (a placed digit, large) or red (a candidate struck out),
  an assumption it refutes outlined in orange;
- its number, name and text under the grid, then its sub-steps' texts.

What the clauses mean is read from their variables alone (this layer sees only the
JSON): positive literals of one digit over a unit's cells are that unit's "needs a
d", positive literals of one cell its "holds a digit", anything else with a literal
beyond the cell variables or of several digits and cells a rule's clause; a binary
clause of two negative literals (at most one of two) is drawn by its facts alone.

>>> from dimacs_sudoku.core.grid import Grid
>>> step = {"name": "hidden single", "text": "row 1 needs a 2",
...         "derives": ["r1c2=2"], "facts": ["r2c3=2"],
...         "clauses": [[2, 6, 10, 14], [-26, -10]], "cost": 1.4}
>>> svg = step_svg(Grid.from_line("1..4" "4..." "...3" "3..1"), step)
>>> svg.count('class="derived-placement"'), svg.count('class="used-units"')
(1, 1)
"""

import re
import textwrap
from xml.sax.saxutils import escape

from ..core.notation import symbol
from .marks import FONT, Geometry, outline, pencil_marks, rule_marks
from .svg import SVG_NS, cell_pixels, to_svg

UNIT_FILL = "#fff2a8"
RULE_FILL = "#e6d7f5"
FACT_COLOUR = "#1a56b0"
DERIVED_COLOUR = "#1b8a2e"
REMOVED_COLOUR = "#d62728"
ASSUME_COLOUR = "#e07b00"
KNOWN_OUT = "#b0b0b0"
TEXT_COLOUR = "#222222"
MIN_WIDTH = 400

_LITERAL = re.compile(r"\s*r(\d+)\s*c(\d+)\s*(!=|=)\s*(\S+)\s*$", re.I)


def parse_literal(text, size, symbols=None):
    """``(cell, digit, True for =)`` of ``r1c2=5`` / ``r1c2!=5`` (cell from 0), or None
    for ``false`` and anything else.

    >>> parse_literal("r1c2!=5", 9), parse_literal("false", 9)
    ((1, 5, False), None)
    """
    found = _LITERAL.match(text)
    if not found:
        return None
    r, c, op, digit = found.groups()
    r, c = int(r) - 1, int(c) - 1
    if not (0 <= r < size and 0 <= c < size):
        return None
    d = None
    for k in range(1, size + 1):
        if symbol(k, size, symbols) == digit or str(k) == digit:
            d = k
            break
    if d is None:
        return None
    return r * size + c, d, op == "="


def clause_highlight(clause, layout):
    """``("unit", cells)`` for a unit's "needs a d" clause, ``("cell", [cell])`` for a
    cell's "holds a digit", ``("rule", cells)`` for a variant rule's clause, None for a
    binary "not both" clause or a given (drawn by the facts).

    >>> from dimacs_sudoku.core.layout import Layout
    >>> clause_highlight([2, 6, 10, 14], Layout(4)), clause_highlight([-1, -5], Layout(4))
    (('unit', [0, 1, 2, 3]), None)
    """
    n = layout.size
    top = n ** 3
    cells, digits, aux = [], set(), False
    for lit in clause:
        v = abs(lit)
        if v > top:
            aux = True
            continue
        cell, d = divmod(v - 1, n)
        cells.append(cell)
        digits.add(d + 1)
    positive = all(lit > 0 for lit in clause)
    if not aux and positive and len(clause) > 1:
        if len(set(cells)) == 1:
            return "cell", cells[:1]
        if len(digits) == 1:
            wanted = set(cells)
            for _, unit in layout.units:
                if len(unit) == len(wanted) and wanted.issuperset(unit):
                    return "unit", sorted(wanted)
    negative = all(lit < 0 for lit in clause)
    if not aux and (len(clause) == 1 or len(clause) == 2 and negative):
        return None
    return "rule", sorted(set(cells))


def candidate_state(puzzle, steps, symbols=None, start=()):
    """For each step of ``steps`` (JSON dicts, in order), the state before it:
    ``(cells, removed)``, the digits placed (givens included; 0 blank) and the set of
    ``(cell, digit)`` known not to hold, from the puzzle (a pencil-mark puzzle's
    removed candidates too) and the literals ``start`` (texts, a partial state's
    facts). Yields one state per step.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> steps = [{"derives": ["r1c2!=1"]}, {"derives": ["r1c2=2"]}, {"derives": []}]
    >>> [(cells[1], sorted(out)) for cells, out in
    ...  candidate_state(Grid.from_line("1..4" "4..." "...3" "3..1"), steps)]
    [(0, []), (0, [(1, 1)]), (2, [(1, 1)])]
    """
    n = puzzle.size
    cells = list(puzzle.cells)
    removed = {(cell, d) for cell, mask in enumerate(puzzle.removed or ())
               for d in range(1, n + 1) if mask >> (d - 1) & 1}

    def apply(texts):
        for text in texts:
            lit = parse_literal(text, n, symbols)
            if lit is None:
                continue
            cell, d, placed = lit
            if placed:
                cells[cell] = d
            else:
                removed.add((cell, d))

    apply(start)
    for step in steps:
        yield list(cells), set(removed)
        apply(step.get("derives", ()))


def _open_candidates(puzzle, cells, removed):
    """The candidates of each blank cell as the explanation knows them: every digit
    but the eliminations derived so far (an elimination step says what a placed digit
    removes; until then its peers keep the digit)."""
    n = puzzle.size
    return [[] if cells[k] else [d for d in range(1, n + 1) if (k, d) not in removed]
            for k in range(n * n)]


def step_svg(puzzle, step, state=None, number=None, symbols=None):
    """One frame: the SVG image of ``step`` (a JSON dict) on ``puzzle`` (a Grid, its
    givens), ``state`` the ``(cells, removed)`` before it (see :func:`candidate_state`;
    None: the puzzle's givens, nothing removed), ``number`` the step's number in the
    title. One string, no trailing newline."""
    n = puzzle.size
    symbols = symbols or getattr(puzzle, "symbols", None)
    layout = puzzle.layout
    cells, removed = state if state is not None else (list(puzzle.cells), set())
    cell = cell_pixels(n)
    rules = getattr(puzzle, "rules", ())
    outside = any(getattr(rule, "outside", False) for rule in rules)
    pad = cell if outside else 0
    geometry = Geometry(n, cell, 4 + pad)
    layers = [rule_marks(rules, geometry)] if rules else []

    unit_cells, rule_cells = set(), set()
    for clause in step.get("clauses", ()):
        found = clause_highlight(clause, layout)
        if found is not None:
            (rule_cells if found[0] == "rule" else unit_cells).update(found[1])
    if unit_cells:
        layers.append(geometry.shade(sorted(unit_cells), UNIT_FILL, "used-units"))
    if rule_cells - unit_cells:
        layers.append(geometry.shade(sorted(rule_cells - unit_cells), RULE_FILL,
                                     "used-rules"))

    def lits(key):
        found = (parse_literal(text, n, symbols) for text in step.get(key, ()) or ())
        return [lit for lit in found if lit is not None]

    facts, derived, assumed = lits("facts"), lits("derives"), lits("assume")
    fact_cells = sorted({c for c, _, placed in facts if placed})
    fact_out = {(c, d) for c, d, placed in facts if not placed}
    placed_now = {c: d for c, d, placed in derived if placed}
    out_now = {(c, d) for c, d, placed in derived if not placed}
    assumed_cells = sorted({c for c, _, _ in assumed})

    candidates = _open_candidates(puzzle, cells, removed)
    marks = {k: {} for k in range(n * n)}          # cell -> digit -> class
    for k, digits in enumerate(candidates):
        if k not in placed_now:
            for d in digits:
                marks[k][d] = "open"
    for c, d in fact_out:
        if not cells[c]:
            marks[c][d] = "known-out"
    for c, d, _ in assumed:
        if not cells[c] and c not in placed_now:
            marks[c][d] = "assumed"
    for c, d in out_now:                  # a refuted assumption: struck out in red
        if not cells[c]:
            marks[c][d] = "removed"
    colours = {"open": "#8a8a8a", "known-out": KNOWN_OUT, "removed": REMOVED_COLOUR,
               "assumed": ASSUME_COLOUR}
    for kind in ("open", "known-out", "removed", "assumed"):
        for k in range(n * n):
            labels = [(d, symbol(d, n, symbols)) for d, what in sorted(marks[k].items())
                      if what == kind]
            if labels:
                layer = pencil_marks(geometry, k, labels)
                layer = layer.replace('class="pencil-marks"',
                                      'class="pencil-marks %s"' % kind)
                layer = layer.replace('fill="#555555"', 'fill="%s"' % colours[kind])
                layers.append(layer)
                if kind in ("known-out", "removed"):
                    layers.append(_strikes(geometry, k, [d for d, _ in labels],
                                           colours[kind], kind))
    if fact_cells:
        layers.append(outline(geometry, fact_cells, FACT_COLOUR, "facts"))
    if assumed_cells:
        layers.append(outline(geometry, assumed_cells, ASSUME_COLOUR, "assumed", width=4))
    if placed_now:
        layers.append(_big_digits(geometry, placed_now, DERIVED_COLOUR, symbols,
                                  "derived-placement"))
        layers.append(outline(geometry, sorted(placed_now), DERIVED_COLOUR,
                              "derived-cells"))
    picture = puzzle.copy(cells)
    picture.symbols = symbols
    grid_svg = to_svg(picture, puzzle, marks="\n".join(layers),
                      boxes=not any(rule.replaces_boxes for rule in rules), pad=pad)
    return _with_caption(grid_svg, _caption(step, number))


def _strikes(geometry, cell, digits, colour, what):
    """A short diagonal stroke over each of ``digits``' pencil-mark slot in ``cell``."""
    from math import isqrt
    n = geometry.size
    across = isqrt(n - 1) + 1
    down = -(-n // across)
    x0, y0 = geometry.corner(*divmod(cell, n))
    sx, sy = geometry.cell / across, geometry.cell / down
    lines = []
    for d in digits:
        row, col = divmod(d - 1, across)
        cx, cy = x0 + (col + 0.5) * sx, y0 + (row + 0.5) * sy
        h = min(sx, sy) * 0.38
        lines.append('<line x1="%g" y1="%g" x2="%g" y2="%g"/>'
                     % (cx - h, cy + h, cx + h, cy - h))
    return '<g class="strike %s" stroke="%s" stroke-width="1.5">%s</g>' % (
        what, colour, "".join(lines))


def _big_digits(geometry, placed, colour, symbols, what):
    font = round(geometry.cell * 0.6, 1)
    drop = round(font * 0.35, 1)
    texts = "".join('<text x="%g" y="%g">%s</text>'
                    % (geometry.centre(k)[0], geometry.centre(k)[1] + drop,
                       escape(symbol(d, geometry.size, symbols)))
                    for k, d in sorted(placed.items()))
    return ('<g class="%s" font-family="%s" font-size="%s" font-weight="bold" fill="%s" '
            'text-anchor="middle">%s</g>' % (what, FONT, font, colour, texts))


def _caption(step, number):
    """The lines under the grid: number, name and text, then the sub-steps."""
    head = "%s%s: %s" % ("Step %d, " % number if number is not None else "",
                         step.get("name", "step"), step.get("text", ""))
    lines = [(head, True)]
    for k, sub in enumerate(step.get("steps", ()) or (), 1):
        lines.append(("%d. %s: %s" % (k, sub.get("name", "step"), sub.get("text", "")),
                      False))
    derived = list(step.get("derives", ()))
    if derived:
        more = len(derived) - 12
        lines.append(("derives " + ", ".join(derived[:12])
                      + (" and %d more" % more if more > 0 else ""), False))
    return lines


def _with_caption(grid_svg, lines):
    """``grid_svg`` with ``lines`` ((text, bold) pairs) wrapped under it."""
    inner = int(re.search(r'width="(\d+)"', grid_svg).group(1))
    height = int(re.search(r'height="(\d+)"', grid_svg).group(1))
    width = max(inner, MIN_WIDTH)                 # room for the text of a small grid
    font = 14
    chars = max(20, int((width - 12) / (font * 0.62)))
    wrapped = []
    for text, bold in lines:
        for part in textwrap.wrap(text, chars - (4 if bold else 0)) or [""]:
            wrapped.append((part, bold))
    line_height = round(font * 1.35)
    total = height + 8 + line_height * len(wrapped) + 6
    title = re.search(r"<title>(.*?)</title>", grid_svg)
    out = ['<svg xmlns="%s" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" '
           'role="img">' % (SVG_NS, width, total, width, total),
           "<title>%s</title>" % escape(lines[0][0] if lines else
                                        (title.group(1) if title else "step")),
           '<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (width, total),
           grid_svg.replace('<svg xmlns="%s" ' % SVG_NS,
                            '<svg x="%d" y="0" ' % ((width - inner) // 2), 1),
           '<g class="caption" font-family="%s" font-size="%d" fill="%s">' % (
               FONT, font, TEXT_COLOUR)]
    y = height + 8 + font
    for text, bold in wrapped:
        out.append('<text x="6" y="%d"%s>%s</text>' % (
            y, ' font-weight="bold"' if bold else "", escape(text)))
        y += line_height
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def steps_section(puzzle, steps, title, symbols=None, start=()):
    """An HTML ``<section class="puzzle">``: the heading ``title``, then one frame
    (:func:`step_svg`) per step of ``steps`` (JSON dicts, in order), each in a
    ``<figure class="step">``; ``start`` as for :func:`candidate_state`."""
    frames = []
    states = candidate_state(puzzle, steps, symbols, start)
    for k, (step, state) in enumerate(zip(steps, states), 1):
        frames.append('<figure class="step">\n%s\n</figure>'
                      % step_svg(puzzle, step, state, k, symbols))
    return '<section class="puzzle">\n<h2>%s</h2>\n%s\n</section>' % (
        escape(title), "\n".join(frames))


def steps_html(puzzle, steps, title=None, symbols=None, start=()):
    """A complete HTML page of one :func:`steps_section`.

    >>> from dimacs_sudoku.core.grid import Grid
    >>> page = steps_html(Grid.from_line("1..4" "4..." "...3" "3..1"),
    ...                   [{"name": "a", "text": "b", "derives": ["r1c2!=1"]}] * 2)
    >>> page.count('<figure class="step"'), page.startswith("<!DOCTYPE html>")
    (2, True)
    """
    title = title or "Sudoku explained step by step"
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>%s</title>\n</head>\n<body>\n%s\n</body>\n</html>"
            % (escape(title), steps_section(puzzle, steps, title, symbols, start)))
