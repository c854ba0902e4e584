"""``json`` (output only): one object per line, ``size``, ``box``, ``grid`` rows of
numbers, ``line``, and ``givens`` (the puzzle's line) for a solution.

>>> from .line import read_one
>>> write(read_one("1..44......33..1"))[:40]
'{"size":4,"box":[2,2],"grid":[[1,0,0,4],'
"""
NAME = "json"
DESCRIPTION = "one JSON object per line: size, box, grid, line, givens"


def write(grid, givens=None, symbols=None):
    import json
    return json.dumps(grid.to_json(givens), separators=(",", ":"))
