# dimacs-sudoku: `make run` solves the example puzzle, `make test` runs the tests
# (`make test-fast` the in-process ones, under a minute).
# The first use makes a virtual environment in .venv and installs the project there.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# Extras to install: `make venv EXTRAS=test,fast` adds python-sat for sudoku-solve.
EXTRAS ?= test
STAMP := $(VENV)/.installed
# One stamp per set of extras installed since the venv was made, so that asking for
# other extras later installs them; run, test and bench need only the first install.
EXTRAS_STAMP := $(VENV)/.installed-$(EXTRAS)
PUZZLE := 8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..

.PHONY: all run test test-fast bench bench-full examples clean distclean venv
.DELETE_ON_ERROR:

all: run

venv: $(EXTRAS_STAMP)

$(STAMP): setup.cfg pyproject.toml
	$(PYTHON) -m venv $(VENV)
	rm -f $(VENV)/.installed-*
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $@
	touch $(EXTRAS_STAMP)

$(EXTRAS_STAMP): $(STAMP)
	test -e $@ || $(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $@

# Arto Inkala's "hardest Sudoku", through the three commands and the bundled solver.
run: $(STAMP)
	echo '$(PUZZLE)' | $(BIN)/sudoku2cnf | $(BIN)/cnfsolve | $(BIN)/cnf2sudoku --format grid

# One pytest worker per core (pytest-xdist, in the `test` extra); TESTFLAGS=-n0 runs
# the tests in one process, in order.
TESTFLAGS ?= -n auto

test: $(STAMP)
	$(BIN)/python -m pytest $(TESTFLAGS)

# The tests that start no process: the library, the commands run in-process, doctests.
test-fast: $(STAMP)
	$(BIN)/python -m pytest $(TESTFLAGS) -m 'not slow'

# Benchmarks print ratios against baselines timed in the same run. `make bench` is
# the quick pass (a few minutes); `make bench-full` the full tables of docs/benchmarks.md.
bench: $(STAMP)
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/emit.py --quick
	$(BIN)/python bench/batch.py --quick
	$(BIN)/python bench/variants.py --quick
	$(BIN)/python bench/certify.py --quick
	$(BIN)/python bench/analyze.py --quick
	$(BIN)/python bench/explain.py --quick
	$(BIN)/python bench/jobs.py --quick
	$(BIN)/python bench/escalate.py --quick

# BASE=DIR: another checkout (an older commit) for bench/reduce.py to time against.
bench-full: $(STAMP)
	$(BIN)/python bench/startup.py --runs 50
	$(BIN)/python bench/emit.py
	$(BIN)/python bench/batch.py
	$(BIN)/python bench/batch.py --large
	$(BIN)/python bench/variants.py
	$(BIN)/python bench/certify.py
	$(BIN)/python bench/analyze.py
	$(BIN)/python bench/explain.py
	$(BIN)/python bench/jobs.py
	$(BIN)/python bench/escalate.py
	$(if $(BASE),$(BIN)/python bench/reduce.py --base $(BASE),@echo "bench/reduce.py: give BASE=/path/to/another/checkout to compare --reduce with it")

# Pattern rules: examples/NAME.sdk -> .cnf -> .out (solver output) -> .sol (solution).
# cnfsolve exits 10 (SAT) or 20 (UNSAT) like any SAT solver; both are results.
SOLVER ?= $(BIN)/cnfsolve
SDK := $(wildcard examples/*.sdk)

examples: $(SDK:.sdk=.sol)

# Keep the CNF and the solver output beside the solution, for reading.
.PRECIOUS: examples/%.cnf examples/%.out

examples/%.cnf: examples/%.sdk | $(STAMP)
	$(BIN)/sudoku2cnf $< -o $@

examples/%.out: examples/%.cnf | $(STAMP)
	$(SOLVER) $< > $@.tmp; rc=$$?; \
	if [ $$rc -eq 10 ] || [ $$rc -eq 20 ]; then mv $@.tmp $@; else rm -f $@.tmp; exit $$rc; fi

examples/%.sol: examples/%.out examples/%.cnf | $(STAMP)
	$(BIN)/cnf2sudoku --cnf examples/$*.cnf $< --format grid -o $@

clean:
	rm -f examples/*.cnf examples/*.out examples/*.sol examples/*.tmp
	rm -rf .pytest_cache .hypothesis

distclean: clean
	rm -rf $(VENV) *.egg-info
