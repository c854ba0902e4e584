"""The model of a puzzle: notation, layout, the grid value, variable numberings and
the one checker. It imports nothing of the package above errors, streams and argument
checks; every other layer builds on it."""
