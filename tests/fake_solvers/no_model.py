"""Says SATISFIABLE and gives no model."""
import sys
sys.stdout.write("c thinking hard\ns SATISFIABLE\n")
sys.exit(10)
