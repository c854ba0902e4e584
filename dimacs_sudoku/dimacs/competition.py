"""Writing answers in SAT competition form: ``s`` status line, the model on ``v`` lines.

>>> import io
>>> from dimacs_sudoku.dimacs.output import Result
>>> out = io.StringIO()
>>> write_result(Result.from_literals([-1, 2]), out)
1
>>> print(out.getvalue(), end="")
s SATISFIABLE
v -1 2 0
"""

import io

from .output import COMPETITION_WORDS, SAT, Result, model_blocks

LINE_WIDTH = 78             # v lines we format are at most this long, like picosat's
MAX_LINE = 4096             # the competition's limit, for solver lines copied as they are


def byte_writer(out):
    """A function writing bytes to ``out``, a binary or a text stream."""
    if isinstance(out, (io.RawIOBase, io.BufferedIOBase)):
        return out.write
    buffer = getattr(out, "buffer", None)
    if buffer is not None:
        out.flush()
        return buffer.write
    return lambda data: out.write(data.decode("ascii"))


class ModelLines:
    """Writes a model as ``v`` lines of at most LINE_WIDTH chars, the final 0 on the
    last line when it fits; whole clean lines of a solver (``raw``) are copied."""

    def __init__(self, write):
        self.write = write
        self.pending = None         # the last line, held back for the final 0

    def add(self, values, raw=None):
        if raw is not None and (len(raw) <= MAX_LINE or
                                max(map(len, raw.split(b"\n"))) < MAX_LINE):
            self._flush()
            self.write(raw)
            return
        if not values:
            return
        tokens = list(map(str, values))
        if len(tokens) <= 1024:
            lines = _fill(tokens)
        else:
            # Many literals: a fixed number per line, sized for the widest, is faster.
            width = len(str(max(max(values), -min(values)))) + 1
            per_line = max(1, (LINE_WIDTH - 1) // (width + 1))
            lines = ["v " + " ".join(tokens[i:i + per_line])
                     for i in range(0, len(tokens), per_line)]
        self._flush()
        if len(lines) > 1:
            self.write(("\n".join(lines[:-1]) + "\n").encode("ascii"))
        self.pending = lines[-1]

    def end(self):
        if self.pending is not None and len(self.pending) + 2 <= LINE_WIDTH:
            self.write((self.pending + " 0\n").encode("ascii"))
            self.pending = None
        else:
            self._flush()
            self.write(b"v 0\n")

    def _flush(self):
        if self.pending is not None:
            self.write((self.pending + "\n").encode("ascii"))
            self.pending = None


def _fill(tokens):
    """``v`` lines holding as many tokens as fit in LINE_WIDTH."""
    lines = []
    line = ["v"]
    length = 1
    for token in tokens:
        if length + 1 + len(token) > LINE_WIDTH and len(line) > 1:
            lines.append(" ".join(line))
            line = ["v"]
            length = 1
        line.append(token)
        length += 1 + len(token)
    lines.append(" ".join(line))
    return lines


def write_result(results, out):
    """Write one Result, or each of an iterable of them, to ``out`` (binary or text)
    in SAT competition form: ``s SATISFIABLE`` and the full model on ``v`` lines of at
    most 78 characters ending with ``0`` (variables 1..max_var; one the model left out
    is written false), ``s UNSATISFIABLE`` or ``s UNKNOWN``. Returns how many results
    were written.
    """
    if isinstance(results, Result):
        results = (results,)
    write = byte_writer(out)
    count = 0
    for result in results:
        write(b"s %s\n" % COMPETITION_WORDS[result.status].encode("ascii"))
        if result.status == SAT and result.has_model:
            lines = ModelLines(write)
            for block in model_blocks(result):
                lines.add(block)
            lines.end()
        count += 1
    return count
