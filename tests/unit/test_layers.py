"""The package's import graph: no circle, each layer imports only the layers below
it (core < rules < formats, dimacs, pictures < encodings, reasoning < sat < tasks <
cli), no old module name is left, and only the SAT package (``dimacs_sudoku.sat``)
imports a SAT solver's Python package.

Every import counts, those inside functions too: a function-local import is for
start-up time, never a way to hide a circle or an upward import.
"""
import ast
from pathlib import Path

import dimacs_sudoku

PACKAGE = Path(dimacs_sudoku.__file__).resolve().parent
# The module names the layered tree replaced: none may come back.
OLD_NAMES = ("puzzle", "render", "grid", "notation", "variables", "variants", "commands",
             "checkout", "model", "decoding", "sat.check", "sat.competition",
             "formats.grid", "formats.pictures", "propagate", "batch", "generator",
             "grading", "analysis", "certificates")
# The layers, bottom to top: each module's layer is its first name under the package.
# A layer imports its own layer and those below it only. The modules still at the top
# level that the tree moves later sit in the layer they are moving to.
LAYERS = (
    # the package's __init__ holds the version and names its public API by strings
    ("base", {"", "errors", "streams", "arguments", "forks"}),
    ("core", {"core"}),
    ("rules", {"rules"}),
    ("formats, dimacs, pictures", {"formats", "dimacs", "pictures"}),
    ("encodings, reasoning", {"encodings", "reasoning"}),
    ("sat", {"sat"}),
    ("tasks", {"tasks"}),
    ("cli", {"cli"}),
    ("python -m", {"__main__"}),
)
# The upward imports left, each with its reason.
UPWARD = {
    # A notebook shows a grid as a picture (Grid._repr_svg_, _repr_html_): the one
    # drawing, loaded when a notebook asks.
    ("dimacs_sudoku.core.grid", "dimacs_sudoku.pictures.svg"),
    ("dimacs_sudoku.core.grid", "dimacs_sudoku.pictures.html"),
}
# The Python packages of in-process SAT solvers (pysolvers: python-sat's C module).
SAT_PACKAGES = ("pycosat", "pysat", "pysolvers")


def module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(outside=False):
    """``{module: {module it imports}}`` over the package's own modules; with
    ``outside``, the top-level names of the other packages each imports instead."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in files.items():
        anchor = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = anchor[:len(anchor) - (node.level - 1)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                # "from PACKAGE import module" imports the module, not the whole package
                found = [module + "." + alias.name for alias in node.names]
                if not all(name in files for name in found):
                    found.append(module)
            else:
                continue
            if outside:
                if not getattr(node, "level", 0):
                    targets.update(target.split(".")[0] for target in found)
                continue
            for target in found:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def circles(graph):
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_circle():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_old_module_name_is_left():
    graph = import_graph()
    assert sorted(set(graph) & {"dimacs_sudoku." + name for name in OLD_NAMES}) == []


def layer(module):
    """The rank of ``module``'s layer in :data:`LAYERS` (0: the bottom)."""
    first = module.split(".")[1] if "." in module else ""
    for rank, (_, names) in enumerate(LAYERS):
        if first in names:
            return rank
    raise KeyError("%s is in no layer of LAYERS" % module)


def upward_imports(graph):
    """``(importer, imported)`` where the imported module's layer is above the
    importer's."""
    return sorted((name, target) for name, targets in graph.items() for target in targets
                  if layer(target) > layer(name))


def test_each_layer_imports_only_the_layers_below_it():
    assert [pair for pair in upward_imports(import_graph()) if pair not in UPWARD] == []


def test_every_upward_exception_is_still_needed():
    assert set(upward_imports(import_graph())) >= UPWARD


def test_the_layer_check_finds_an_upward_import():
    graph = {"dimacs_sudoku.core.grid": {"dimacs_sudoku.rules.killer"},
             "dimacs_sudoku.cli.cnfsolve": {"dimacs_sudoku.sat", "dimacs_sudoku.errors"},
             "dimacs_sudoku.formats.line": {"dimacs_sudoku.pictures.svg"}}
    assert upward_imports(graph) == [("dimacs_sudoku.core.grid", "dimacs_sudoku.rules.killer")]


def sat_users(graph):
    """The modules outside ``dimacs_sudoku.sat`` that import a SAT solver's package."""
    return sorted(name for name, targets in graph.items()
                  if targets & set(SAT_PACKAGES)
                  and not (name + ".").startswith("dimacs_sudoku.sat."))


def test_only_the_sat_package_imports_a_sat_solver():
    graph = import_graph(outside=True)
    assert sat_users(graph) == []
    assert {"dimacs_sudoku.sat.pycosat_backend", "dimacs_sudoku.sat.pysat_backend"} <= \
        {name for name, targets in graph.items() if targets & set(SAT_PACKAGES)}


def test_the_sat_user_finder_finds_one():
    graph = {"dimacs_sudoku.batch": {"pysat", "os"}, "dimacs_sudoku.sat": {"pycosat"},
             "dimacs_sudoku.satire": {"pycosat"}, "dimacs_sudoku.sat.x": {"pysolvers"}}
    assert sat_users(graph) == ["dimacs_sudoku.batch", "dimacs_sudoku.satire"]
