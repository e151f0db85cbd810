"""Domineering written plainly as a Python class, the same rules as
`crates/sprague-script/tests/scripts/domineering-plain.rhai`: a bitmask board
`(w, h, bits)` (bit `r * w + c` set for an empty cell), loops over cells, no
components. Compares `sprague.canonical` over this class with the rules
script through the command line, both on the empty 5-wide, 4-high board.

Usage: python bench/python/domineering_plain.py SPRAGUE_BINARY [--repeat N]
(the `sprague` Python package installed; run from the repository root).
"""
import os, resource, subprocess, sys, time

import sprague


class Domineering:
    def left_moves(self, p):
        w, h, bits = p
        out = []
        for r in range(h - 1):
            for c in range(w):
                a = 1 << (r * w + c)
                b = 1 << ((r + 1) * w + c)
                if bits & a and bits & b:
                    out.append((w, h, bits ^ (a | b)))
        return out

    def right_moves(self, p):
        w, h, bits = p
        out = []
        for r in range(h):
            for c in range(w - 1):
                a = 1 << (r * w + c)
                b = 1 << (r * w + c + 1)
                if bits & a and bits & b:
                    out.append((w, h, bits ^ (a | b)))
        return out


def python_class(w, h):
    start = time.process_time()
    g = sprague.canonical(Domineering(), (w, h, (1 << (w * h)) - 1))
    return time.process_time() - start, str(g)


def script(binary, w, h):
    board = "|".join(["." * w] * h)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [binary, "value", "--rules", "crates/sprague-script/tests/scripts/domineering-plain.rhai", board],
        check=True, capture_output=True, text=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    value = next(line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("value"))
    return after.ru_utime - before.ru_utime, value


def main():
    binary = sys.argv[1]
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    py, sc = [], []
    for _ in range(repeat):  # alternating runs
        t, v = python_class(5, 4)
        py.append(t)
        u, w = script(binary, 5, 4)
        sc.append(u)
        assert v == w, (v, w)
    py.sort()
    sc.sort()
    print(f"Domineering 5x4 = {v}")
    print(f"python class: median {py[len(py) // 2]:.3f} s CPU ({', '.join(f'{t:.3f}' for t in py)})")
    print(f"rules script: median {sc[len(sc) // 2]:.3f} s user ({', '.join(f'{t:.3f}' for t in sc)})")
    print(f"script / python class: {sc[len(sc) // 2] / py[len(py) // 2]:.2f}")


if __name__ == "__main__":
    main()
