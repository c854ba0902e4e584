"""The puzzle readers under their old name: see :mod:`dimacs_sudoku.formats`.

>>> parse_puzzle("1..4" "4..." "...3" "3..1").to_line()
'1..44......33..1'
"""
from .formats import (FORMATS, detect_format, parse_puzzle, puzzles_from_file,  # noqa: F401
                      puzzles_from_text, read_puzzles, read_puzzles_lenient)
from .formats.cells import BLANKS  # noqa: F401
