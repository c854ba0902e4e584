"""Everything DIMACS-shaped: the strict CNF reader and writer (:mod:`.cnf`), the
solver-output reader (:mod:`.output`), the competition ``s``/``v`` writer
(:mod:`.competition`), the clause-level model check (:mod:`.check`) and the grid
written in a CNF's header comments (:mod:`.decode`)."""
