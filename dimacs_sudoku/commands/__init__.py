"""The command-line programs: thin Typer adapters over the library.

Each module holds one program; :mod:`.common` gives them streams, atomic output files
and the single place where errors become exit codes.
"""
