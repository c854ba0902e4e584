"""From a solver's model back to a grid, checked against the rules and the givens.

>>> decode([1, 4, 6, 7], size=2, box=(1, 2)).to_line()
'1221'
"""

import json

from ..errors import InputError, InvalidModel, NoSolution, UnknownResult, UsageError
from ..core.grid import Grid
from ..core.layout import Layout, check_size, parse_box
from ..core.variables import model_cells, model_shape, numbering as make_numbering


class CnfInfo:
    """What a CNF written by ``sudoku2cnf`` says of itself in its header comments.

    >>> info = CnfInfo.from_comments(["size: 4", "box: 2x2", "puzzle: 1..44......33..1"])
    >>> info.size, info.box, info.givens.givens_count(), info.symbols
    (4, (2, 2), 6, None)
    """

    def __init__(self):
        self.size = None
        self.box = None
        self.encoding = None
        self.numbering = "standard"
        self.givens = None
        self.varmap = None          # reduced encodings: compact variable -> cell variable
        self.fixed = None           # reduced encodings: cell variables fixed true
        self.symbols = None         # the puzzle's notation (``c symbols: hex``)
        self.rules = []             # variant rules: the text of each ``c rule:`` line
        self.fields = {}

    @classmethod
    def from_comments(cls, comments, source=None):
        info = cls()
        rows = []
        numbers = {"varmap": [], "fixed": []}     # the texts of their lines
        for text in comments:
            key, sep, value = text.partition(":")
            if not sep:
                continue
            key, value = key.strip(), value.strip()
            if key == "puzzle-row":
                rows.append(value)
            elif key in numbers:
                numbers[key].append(value)
            elif key == "rule":
                info.rules.append(value)
            else:
                info.fields.setdefault(key, value)
        fields = info.fields
        try:
            if "size" in fields:
                info.size = check_size(int(fields["size"]))
            if "box" in fields:
                info.box = parse_box(fields["box"], info.size)
        except ValueError:
            raise InputError("the CNF's header comments name no valid size or box",
                             source) from None
        except UsageError as error:
            raise InputError("the CNF's header comments name no valid size or box: %s"
                             % error.message, source) from None
        info.encoding = fields.get("encoding")
        info.numbering = fields.get("numbering", "standard")
        info.symbols = fields.get("symbols") or None
        if info.symbols and info.size:
            from ..core.notation import check_symbols
            try:
                info.symbols = check_symbols(info.symbols, info.size)
            except ValueError as error:
                raise InputError("the CNF's 'c symbols:' comment: %s" % error,
                                 source) from None
        if info.size:
            if "puzzle" in fields:
                from ..formats import parse_puzzle
                info.givens = parse_puzzle(fields["puzzle"], size=info.size, box=info.box,
                                           fmt="line", source=source)
            elif rows:
                info.givens = Grid(_numbers(rows, "puzzle-row", "digit", source),
                                   size=info.size, box=info.box, source=source)
            if info.givens is not None and "candidates" in fields:
                from ..core.grid import removed_from_line
                try:
                    removed = removed_from_line(fields["candidates"], info.size)
                except ValueError as error:
                    raise InputError("the CNF's 'c candidates:' comment: %s" % error,
                                     source) from None
                info.givens = info.givens.copy()
                info.givens.removed = removed
            if info.givens is not None and info.symbols:
                info.givens.symbols = info.symbols
            if info.givens is not None and info.rules:
                info.givens = _with_rules(info.givens, info.rules, source)
        varmap, fixed = (_numbers(numbers[key], key, "variable", source)
                         for key in ("varmap", "fixed"))
        if varmap or fixed or fields.get("reduced", "").startswith("yes"):
            # A reduced CNF; with no varmap at all, propagation solved the puzzle.
            info.varmap = varmap
            info.fixed = fixed
        return info

    @classmethod
    def read(cls, stream, source=None):
        """Read the comments before the ``p`` line of a CNF stream, and stop there."""
        comments = []
        for line in stream:
            if line.startswith("c"):
                comments.append(line[1:].strip())
            elif line.strip():
                break
        return cls.from_comments(comments, source)


_NOT_A_NUMBER = str.maketrans("", "", " 0123456789")   # deletes all but those


def _numbers(texts, key, what, source):
    """The numbers of the texts of the ``c KEY:`` lines, in order (``what`` names
    them in the error).

    >>> _numbers(["3 1", "22"], "varmap", "variable", None)
    [3, 1, 22]
    """
    numbers = []
    # A C-level parse of a thousand lines at a time (a 400x400 puzzle has half a
    # million numbers; the texts stay small).
    for start in range(0, len(texts), 1024):
        text = " ".join(texts[start:start + 1024])
        if not text.translate(_NOT_A_NUMBER):
            try:
                numbers += json.loads("[" + text.replace(" ", ",") + "]")
                continue
            except ValueError:          # blanks in a row, leading zeros: one by one
                pass
        try:
            numbers += map(int, text.split())
        except ValueError:
            raise InputError("the CNF's '%s:' comment holds something that is not a %s"
                             % (key, what), source) from None
    return numbers


def _with_rules(givens, lines, source):
    """The givens with the rules of the CNF's ``c rule:`` lines (and their layout)."""
    from ..errors import PuzzleError
    from ..rules.registry import with_rule_lines
    try:
        return with_rule_lines(givens, [(None, text) for text in lines])
    except PuzzleError as error:
        raise InputError("the CNF's 'c rule:' comment: %s" % error.message, source) from None


def decode(positives, size=None, box=None, numbering=None, givens=None, varmap=None,
           fixed=None, check=True, source=None, line=None, max_var=0):
    """The grid that the true literals ``positives`` describe, checked against the
    rules and ``givens`` (a Grid) by :mod:`dimacs_sudoku.core.check`.

    ``size`` is inferred when not given; ``numbering`` is ``standard`` or ``decimal``
    (inferred when None). ``varmap`` translates the compact variables of a reduced
    CNF back to cell variables; ``fixed`` lists cell variables that the reduction
    decided were true. Errors name ``source`` and ``line`` (the model's);
    ``max_var``, the largest variable the model assigns, helps infer the size.

    >>> decode([1, 4, 6, 7], size=2, box=(1, 2)).to_line()
    '1221'
    """
    from ..arguments import iterable
    iterable(positives, "decode", "the model's true variables (ints)")
    if varmap is not None:
        top = len(varmap)
        positives = [varmap[v - 1] for v in positives if v <= top]
        positives.extend(fixed or ())
    if numbering is None or size is None:
        found = model_shape(positives, size, numbering, max_var)
        if found is not None:
            numbering, size = found
        elif size is None:
            raise InputError("cannot infer the grid size from the model; "
                             "give --size N or --cnf FILE", source, line)
        else:
            numbering = "standard"
    numbers = make_numbering(numbering, size)
    try:
        layout = givens.layout if givens is not None else Layout(size, box)
    except UsageError:
        if box is not None:
            raise
        # A prime N: the regions that replace its boxes are in the CNF or the puzzle.
        raise UsageError("a %dx%d grid has no box shape (N is prime): its regions are in "
                         "the CNF or the puzzle; give --cnf FILE or --puzzle FILE"
                         % (size, size)) from None
    cells = model_cells(positives, numbers, source, line)
    if check:
        from ..core.check import check_cells
        check_cells(cells, layout, givens, source, line)
    grid = Grid(cells, layout=layout, rules=givens.rules if givens is not None else None)
    if givens is not None:
        # The solution remembers its puzzle: pictures tell givens from solved digits,
        # and output speaks the notation the puzzle was read in.
        grid.givens, grid.symbols = givens, givens.symbols
    return grid


def decode_result(result, source=None, **options):
    """The checked grid of a solver :class:`~dimacs_sudoku.dimacs.output.Result`; raise
    :class:`NoSolution` or :class:`UnknownResult` when there is none. Errors name
    ``source`` and the line where the answer began."""
    line = result.line
    if result.status == "UNSAT":
        raise NoSolution("no solution: the solver proved the puzzle unsatisfiable",
                         source, line)
    if result.status != "SAT":
        raise UnknownResult("no answer: the solver reported UNKNOWN", source, line)
    if not result.has_model:
        from ..errors import ModelError
        raise ModelError("the solver answered SATISFIABLE but gave no model", source, line)
    return decode(result.positives, source=source, line=line, max_var=result.max_var,
                  **options)
