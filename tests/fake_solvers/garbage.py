"""Prints what no solver prints: MODE is text, nul, huge31, huge63, longline."""
import sys
mode = sys.argv[1]
out = sys.stdout.buffer
if mode == "text":
    out.write(b"Segmentation fault (core dumped)\nhello 42\n")
elif mode == "nul":
    out.write(b"s SATISFIABLE\nv 1 " + b"\0" * (1 << 20))
elif mode == "huge31":
    out.write(b"s SATISFIABLE\nv 1 -2 2147483648 0\n")
elif mode == "huge63":
    out.write(b"s SATISFIABLE\nv 1 -9223372036854775807 0\n")
elif mode == "longline":
    out.write(b"c " + b"x" * (3 << 20))
elif mode == "unknown10":
    out.write(b"s UNKNOWN\n")
sys.exit(10)
