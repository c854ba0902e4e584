"""Every argument of the library's verbs (analyze, solve, count_solutions, solve_many,
generate, grade), misused: a wrong type is a TypeError, a value out of range an
ArgumentError (a ValueError), each naming the function and the argument, raised at
the call, before any work."""

import pytest
from hypothesis import given, settings, strategies as st

import dimacs_sudoku as ds
from dimacs_sudoku.errors import ArgumentError, UsageError

GRID = ds.parse_puzzle("1..4" "4..." "...3" "3..1")

CALLS = {
    "analyze": lambda **k: ds.analyze(GRID, **k),
    "solve": lambda **k: ds.solve(GRID, **k),
    "count_solutions": lambda **k: ds.count_solutions(GRID, **k),
    "solve_many": lambda **k: ds.solve_many([GRID], **k),
    "generate": lambda **k: ds.generate(**{"size": 4, **k}),
    "grade": lambda **k: ds.grade(GRID, **k),
}

# The kind of each argument: what it takes, the values of that type it refuses.
INT, OPTIONAL_INT, FLAG, NAME, OPTIONAL_NAME = "int", "int or None", "bool", "str", \
    "str or None"
ARGUMENTS = {
    "analyze": {"cap": (INT, [0]), "counts": (FLAG, []), "engine": (NAME, ["nonsense"]),
                "max_remove": (INT, [-1]), "redundancy": (FLAG, []),
                "minimal": (FLAG, []), "budget": (OPTIONAL_INT, [-1])},
    "solve": {"solver": (OPTIONAL_NAME, ["", "  "]), "engine": (NAME, ["nonsense"])},
    "count_solutions": {"cap": (INT, [0]), "solver": (OPTIONAL_NAME, [""]),
                        "engine": (NAME, ["nonsense"])},
    "solve_many": {"count": (INT, [0]), "solver": (OPTIONAL_NAME, [""]),
                   "engine": (NAME, ["nonsense"])},
    "generate": {"count": (INT, [-1]), "size": (OPTIONAL_INT, [0, 1000]),
                 "symmetry": (NAME, ["spiral"]), "clues": (OPTIONAL_INT, [-1]),
                 "minimal": (FLAG, []), "full": (FLAG, []),
                 "attempts": (OPTIONAL_INT, [0]), "budget": (OPTIONAL_INT, [-1]),
                 "killer": (FLAG, [])},
    "grade": {"encoding": (NAME, ["nonsense"])},
}

class Opaque:
    """An object of no useful type, with one repr in every pytest-xdist worker (a
    plain object()'s repr holds its address, and the workers must collect the same
    test ids)."""

    def __repr__(self):
        return "Opaque()"


WRONG_TYPES = {
    INT: ["5", 1.5, None, [], True, Opaque()],
    OPTIONAL_INT: ["5", 1.5, [], False, Opaque()],
    FLAG: [None, 1, "yes", 1.5, []],
    NAME: [None, 5, 1.5, [], b"auto"],
    OPTIONAL_NAME: [5, 1.5, [], b"minisat"],
}


def cases(kind_of_value):
    for function, arguments in sorted(ARGUMENTS.items()):
        for name, (kind, out_of_range) in sorted(arguments.items()):
            values = WRONG_TYPES[kind] if kind_of_value == "type" else out_of_range
            for value in values:
                yield pytest.param(function, name, value,
                                   id="%s-%s-%r" % (function, name, value))


@pytest.mark.parametrize("function, name, value", list(cases("type")))
def test_a_wrong_type_is_a_type_error_naming_the_function_and_argument(
        function, name, value):
    with pytest.raises(TypeError, match=r"^%s\(\) takes %s as .*, not %s$"
                       % (function, name, type(value).__name__)):
        CALLS[function](**{name: value})


@pytest.mark.parametrize("function, name, value", list(cases("range")))
def test_a_value_out_of_range_is_a_value_error_naming_the_function_and_argument(
        function, name, value):
    with pytest.raises(ValueError, match=r"^%s\(\): %s[: ]" % (function, name)) as caught:
        CALLS[function](**{name: value})
    # the commands pass their options on: the same error is a usage error (exit 2)
    assert isinstance(caught.value, ArgumentError) and isinstance(caught.value, UsageError)


@pytest.mark.parametrize("function", sorted(ARGUMENTS))
def test_every_argument_of_each_verb_is_covered(function):
    import inspect
    target = {"analyze": ds.analyze, "solve": ds.solve, "count_solutions":
              ds.count_solutions, "solve_many": ds.solve_many, "generate": ds.generate,
              "grade": ds.grade}[function]
    names = set(inspect.signature(target).parameters) - {"grid", "grids"}
    others = {"generate": {"box", "seed", "progress", "counter", "rules"}}
    assert names == set(ARGUMENTS[function]) | others.get(function, set())


@pytest.mark.parametrize("name, value, error", [
    ("box", 5, TypeError), ("box", "2x2", TypeError), ("box", [], TypeError),
    ("box", (2, 2, 1), TypeError), ("box", (2.0, 2), TypeError),
    ("box", (0, 4), ValueError),
    ("seed", [], TypeError), ("seed", Opaque(), TypeError),
    ("progress", 5, TypeError), ("progress", "print", TypeError),
    ("counter", 5, TypeError), ("counter", [], TypeError),
    ("rules", 5, TypeError), ("rules", "antiking", TypeError), ("rules", [5], TypeError),
    ("rules", ["nonsense"], ValueError),
])
def test_generate_checks_its_other_arguments(name, value, error):
    with pytest.raises(error, match=r"^generate\(\)(:)? (takes )?%s" % name):
        ds.generate(**{"size": 4, name: value})


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted((f, n) for f, a in ARGUMENTS.items() for n in a)),
       st.one_of(st.text(max_size=3), st.floats(), st.lists(st.integers(), max_size=2),
                 st.none(), st.binary(max_size=2), st.integers(-3, 3), st.booleans()))
def test_any_value_is_accepted_or_refused_by_type_or_value_error_naming_both(pair, value):
    function, name = pair
    try:
        result = CALLS[function](**{name: value})
        if function in ("solve_many", "generate"):
            next(iter(result), None)
    except (TypeError, ValueError) as error:
        assert str(error).startswith(("%s() takes %s " % (function, name),
                                      "%s(): %s" % (function, name))), error
    except ds.errors.NotInstalled:
        pass                            # pysat:NAME without python-sat: a solver error
    except ds.errors.SolverError:
        pass                            # a solver command that is not installed
