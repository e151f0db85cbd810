"""Kayles by the same rules as examples/rules/kayles.rhai, in plain Python
with memoisation: G(n) = mex over every option (knock down 1 or 2 pins,
leaving rows a and b), options valued by nim-sum of memoised rows.

Usage: python3 kayles.py N  -> prints `seconds checksum options cpu_seconds`
(wall seconds, and user + system CPU seconds of the tabulation)."""
import sys
import time


def main():
    n_max = int(sys.argv[1])
    memo = {}

    def options(n):
        out = []
        for take in (1, 2):
            if take > n:
                break
            for a in range(0, (n - take) // 2 + 1):
                b = n - take - a
                out.append(sorted(x for x in (a, b) if x > 0))
        return out

    count = 0

    def grundy(row):
        nonlocal count
        if row in memo:
            return memo[row]
        seen = set()
        for q in options(row):
            count += 1
            x = 0
            for h in q:
                x ^= grundy(h)
            seen.add(x)
        g = 0
        while g in seen:
            g += 1
        memo[row] = g
        return g

    start = time.perf_counter()
    cpu = time.process_time()
    values = [grundy(n) for n in range(n_max)]
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    a = b = 0
    for v in values:
        a = (a + v) % 65521
        b = (b + a) % 65521
    print(f"{elapsed:.6f} {(b << 16) | a} {count} {cpu:.6f}")


if __name__ == "__main__":
    main()
