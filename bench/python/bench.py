"""Benchmarks of the Python package (run by `bench/run python`).

1. Kayles written as a Python `moves` function, tabulated to n = 2000 by
   `sprague.table`, against the plain solution a contest programmer writes
   (`functools.cache` recursion and a set-based mex); the values must agree.
2. `sprague.values("nim", ...)` on three-heap positions: time per position in
   a batch, and the overhead of one `sprague.value` call.

Times are the best of several runs on this machine; ratios are what to quote.
"""

import functools
import random
import sys
import time

import sprague

N = 2001  # G(0) .. G(2000)


def best_of(runs, f):
    best = float("inf")
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = f()
        best = min(best, time.perf_counter() - start)
    return best, result


def contest_kayles(halved=False):
    """The plain solution: memoised recursion, mex over a set (`halved`: each
    split once)."""
    sys.setrecursionlimit(10_000)

    @functools.cache
    def g(n):
        seen = set()
        for k in (1, 2):
            for a in range((n - k) // 2 + 1 if halved else n - k + 1):
                seen.add(g(a) ^ g(n - k - a))
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(n) for n in range(N)]


def kayles_moves(n):
    """Kayles: knock down 1 or 2 adjacent pins, leaving rows a and b."""
    return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]


def kayles_moves_halved(n):
    """The same moves, each split listed once (rows a <= b)."""
    return [(a, n - k - a) for k in (1, 2) for a in range((n - k) // 2 + 1)]


def kayles_moves_numpy(n):
    """Every split as the rows of a NumPy array."""
    import numpy as np

    parts = []
    for k in (1, 2):
        a = np.arange(n - k + 1)
        parts.append(np.stack([a, n - k - a], axis=1))
    return np.concatenate(parts)


def kayles_bench():
    t_contest, want = best_of(3, contest_kayles)
    t_contest_half, want_half = best_of(3, lambda: contest_kayles(halved=True))
    t_full, got_full = best_of(3, lambda: sprague.table(sprague.Impartial(kayles_moves), N).values)
    t_half, got_half = best_of(3, lambda: sprague.table(sprague.Impartial(kayles_moves_halved), N).values)
    assert got_full == want and got_half == want and want_half == want, "values differ"
    assert want == sprague.table("kayles", N).values
    print(f"kayles to n = {N - 1}: values identical to the plain solution and the built-in")
    print(f"  plain Python (functools.cache + set mex):        {t_contest * 1e3:8.1f} ms")
    print(f"  plain Python, each split once:                   {t_contest_half * 1e3:8.1f} ms")
    print(f"  sprague.table, moves listing every split:        {t_full * 1e3:8.1f} ms   {t_contest / t_full:5.2f}x faster")
    print(f"  sprague.table, moves listing each split once:    {t_half * 1e3:8.1f} ms   {t_contest / t_half:5.2f}x faster"
          f" ({t_contest_half / t_half:4.2f}x the plain solution that halves too)")
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("  (NumPy not installed: the array-returning moves are skipped)")
        return
    t_np, got_np = best_of(3, lambda: sprague.table(sprague.Impartial(kayles_moves_numpy), N).values)
    assert got_np == want, "values differ"
    print(f"  sprague.table, moves as a NumPy array of splits: {t_np * 1e3:8.1f} ms   {t_contest / t_np:5.2f}x faster")


def nim_bench():
    rng = random.Random(12)
    batch = 1000
    positions = [[rng.randrange(64), rng.randrange(64), rng.randrange(64)] for _ in range(batch)]
    texts = [f"{a} {b} {c}" for a, b, c in positions]
    vs = sprague.values("nim", positions)
    assert [v.grundy for v in vs] == [a ^ b ^ c for a, b, c in positions]
    del vs

    def per_position(f, runs=30):
        return best_of(runs, f)[0] / batch * 1e6

    t_lists = per_position(lambda: sprague.values("nim", positions))
    t_texts = per_position(lambda: sprague.values("nim", texts))
    t_single = per_position(lambda: [sprague.value("nim", p) for p in texts])
    t_loop = per_position(lambda: [len(p) for p in texts])
    big = positions * 200
    t_big = best_of(3, lambda: sprague.values("nim", big))[0] / len(big) * 1e6
    print(f"nim, three heaps (best of 30 batches of {batch} positions):")
    print(f"  values() batch, positions as lists: {t_lists:6.2f} µs per position")
    print(f"  values() batch, positions as text:  {t_texts:6.2f} µs per position")
    print(f"  value() one call per position:      {t_single - t_loop:6.2f} µs per call (loop overhead taken off)")
    print(f"  values() on {len(big)} positions at once: {t_big:6.2f} µs per position (200 000 results held in memory)")


if __name__ == "__main__":
    kayles_bench()
    nim_bench()
