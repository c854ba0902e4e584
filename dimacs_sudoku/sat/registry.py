"""The known external SAT solvers: one entry each, saying how to run it and read it.

Each entry was checked against the Debian binary where installed (``note`` says what
was seen). ``codes`` maps each exit code that means an answer to the status it must
come with (None: any status); any other exit code is a failure.

>>> KNOWN["cadical"].argv()
['cadical', '-q', '{cnf}']
>>> KNOWN["clasp"].codes[30]
'SAT'
"""

from ..dimacs.output import SAT, UNKNOWN, UNSAT
from .pysat_backend import PROOF, PYSAT

COMPETITION_CODES = {10: SAT, 20: UNSAT, 0: UNKNOWN}


class KnownSolver:
    """One solver: ``program`` + ``quiet`` + ``args``, where ``{cnf}`` is the DIMACS file
    and ``{model}`` a private file the solver writes its model to (``model="file"``);
    otherwise the model is read from standard output. ``proof``: the arguments that
    make it write a DRAT proof to the file ``{proof}`` (empty: it writes none)."""

    __slots__ = ("name", "program", "quiet", "args", "model", "codes", "note", "proof")

    def __init__(self, name, program=None, quiet=(), args=("{cnf}",), model="stdout",
                 codes=COMPETITION_CODES, note="", proof=()):
        self.name = name
        self.program = program or name
        self.quiet = tuple(quiet)
        self.args = tuple(args)
        self.model = model
        self.codes = dict(codes)
        self.note = note
        self.proof = tuple(proof)

    def argv(self, proof=False):
        """The command line; with ``proof``, the one that also writes a proof.

        >>> KNOWN["cadical"].argv(proof=True)
        ['cadical', '-q', '{cnf}', '{proof}']
        """
        return [self.program, *self.quiet, *(self.proof if proof else self.args)]

    def __getitem__(self, key):          # the old dict form: spec["codes"]
        return getattr(self, key)

    def __repr__(self):
        return "KnownSolver(%r)" % self.name


KNOWN = {}


def register(solver):
    """Add a :class:`KnownSolver` to :data:`KNOWN`; returns it."""
    KNOWN[solver.name] = solver
    return solver


register(KnownSolver(
    "picosat",
    note="picosat 965: v lines of <= 80 chars over all header variables; a parse error "
         "is printed on stdout with exit code 0"))
register(KnownSolver(
    "minisat", quiet=("-verb=0",), args=("{cnf}", "{model}"), model="file",
    note="minisat 2.2: statistics on stdout, the model only in the result file (SAT + "
         "one line of literals up to the largest variable used, UNSAT, INDET); exit 3 "
         "on a parse error, 1 on a missing file"))
register(KnownSolver(
    "cadical", quiet=("-q",), proof=("{cnf}", "{proof}"),
    note="cadical: unknown is printed as 'c UNKNOWN' with exit code 0; exit 1 on a "
         "parse error; 'cadical CNF PROOF' writes binary DRAT (--no-binary: text; "
         "checked with cadical sc2021)"))
register(KnownSolver("kissat", quiet=("-q",), proof=("{cnf}", "{proof}"),
                     note="kissat: not in Debian, untested; 'kissat CNF PROOF' writes "
                          "binary DRAT"))
register(KnownSolver(
    "cryptominisat5", quiet=("--verb", "0"), codes={10: SAT, 20: UNSAT, 15: UNKNOWN},
    note="cryptominisat 5.11: unknown is 's INDETERMINATE' with exit code 15; exit 255 "
         "on a parse error, 1 on a missing file"))
register(KnownSolver(
    "clasp", codes={10: SAT, 20: UNSAT, 30: SAT, 0: UNKNOWN},
    note="clasp 3.3.5: the v lines come before 's SATISFIABLE'; exit 30 (SAT, and every "
         "model found) on a formula with no clauses; a parse error is 's UNKNOWN' with "
         "exit code 65"))
register(KnownSolver(
    "sat4j",
    note="sat4j 2.3.5: /usr/bin/sat4j is the jar itself (it runs under 'java -jar' when "
         "the system cannot execute it); a parse error is 's UNKNOWN' with exit code 0"))
register(KnownSolver(
    "z3", args=("-dimacs", "{cnf}"), codes={0: None},
    note="z3 4.8: exit code 0 whatever the answer; the model ends without its final 0; "
         "a parse error prints an error and then 's SATISFIABLE' with a model, which "
         "the check against the CNF refuses"))
register(KnownSolver(
    "glucose", quiet=("-verb=0",), args=("-model", "{cnf}"),
    note="glucose 4 (not in Debian; from its source): the model only with -model, on "
         "one v line; unknown is 's INDETERMINATE'"))
register(KnownSolver(
    "lingeling", quiet=("-q",),
    note="lingeling (not in Debian; from its source): unknown is 'c s UNKNOWN' with "
         "exit code 0"))

# The dict the project used before the registry: name -> entry (read-only use).
SOLVERS = KNOWN


def proof_writers():
    """The ``--solver`` names that write DRAT proofs: python-sat's in this process,
    then the programs.

    >>> proof_writers()[0], proof_writers()[-2:]
    ('pysat:cadical195', ['cadical', 'kissat'])
    """
    return [PYSAT + name for name in PROOF] + [name for name, spec in KNOWN.items()
                                               if spec.proof]


def proof_writers_text():
    """The solvers that write DRAT proofs, in words, for a refusal."""
    return "these do: " + ", ".join(proof_writers())
