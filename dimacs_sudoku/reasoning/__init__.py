"""What follows from the givens without SAT: propagation and the reduction."""
