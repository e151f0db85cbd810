"""Python classes solved by sprague against a plain memoised Python solution
of the same class (run by `bench/run python`, or alone: `python
bench/python/classes.py [--repeat N]` with the package installed).

Two games, each a class with `moves` and `components` on plain Python values:

(a) Kayles sums: positions are sorted tuples of row lengths (the `Rows` class
    of docs/python.md), 40 random sums of three rows of 1 to 600 pins;
(b) Cram: positions are `(w, h, bitmask of empty cells)`
    (crates/sprague-py/examples/cram.py), the 21 empty boards w x h with
    w <= 5, h <= 4, and 4 x 5;
(c) the same boards as `sprague.Board` positions of the `CramOnBoard` class
    (moves and regions one native call each).

Each is solved (i) by `sprague.values(game, positions)` and (ii) by the plain
solution a Python programmer writes: one memo dict over every position met,
a position's value the nim-sum of its components' values, a component's value
the mex of its options' values. Both give what `values` gives: every
position's Grundy value and its winning moves (the options of value 0). The
answers must agree, and the values agree with the built-in rulesets.

Reported per solver, in CPU time of this thread (`time.thread_time`), best
of --repeat runs, the two solvers run in turn (a slow spell of a shared
machine then falls on both); the speed ratio best against best and in the
median of the alternating pairs:
- total: the whole solve, with the class's methods unwrapped;
- callbacks: the time the class's methods take on the calls the solver
  made: every call (method and position) is recorded in a second run, then
  replayed in a plain loop, 256 calls at a time, each chunk's answers kept
  until its time is read (the solver frees them, so freeing is not counted),
  less the same loop calling an empty method; best of --repeat replays. A timer around each call (the older measure, printed
  below the table) costs more than most calls (a thread-time read is a
  system call), and taking an estimate of it off each of 10^5 calls moved
  the figure by a quarter from run to run;
- calls of `moves` and of `components`;
- Python's cycle collector is off while timing (`--gc` keeps it on): it runs
  at allocation counts wherever the allocation happens, which blurs the split
  between callbacks and solver (no game here makes cycles);
- engine share = (total - callbacks) / callbacks: what the solver itself
  costs beside the user's code (the target for sprague: below 20%).
"""

import argparse
import gc
import pathlib
import random
import sys
import time

import sprague

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "crates" / "sprague-py" / "examples"))
from cram import Cram, CramOnBoard  # noqa: E402

clock = time.thread_time_ns


def kayles(n):
    return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]


class Rows:
    """Kayles positions as sorted tuples of row lengths."""

    def moves(self, rows):
        return [
            tuple(sorted(rows[:i] + tuple(r for r in pair if r) + rows[i + 1 :]))
            for i, n in enumerate(rows)
            for pair in kayles(n)
        ]

    def components(self, rows):
        return None if len(rows) == 1 else [(r,) for r in rows]


def plain_values(game, positions):
    """The plain memoised solution over the same class."""
    sys.setrecursionlimit(100_000)
    memo = {}
    moves, components = game.moves, game.components

    def grundy(p):
        v = memo.get(p)
        if v is not None:
            return v
        parts = components(p)
        if parts is None or (len(parts) == 1 and parts[0] == p):
            seen = {grundy(q) for q in moves(p)}
            v = 0
            while v in seen:
                v += 1
        else:
            v = 0
            for c in parts:
                v ^= grundy(c)
        memo[p] = v
        return v

    # What sprague.values gives: each position's value and its winning moves.
    return [(grundy(p), sorted((q for q in moves(p) if grundy(q) == 0), key=repr)) for p in positions]


def sprague_values(game, positions):
    return [(v.grundy, sorted((m.position for m in v.winning_moves), key=repr)) for v in sprague.values(game, positions)]


class Timed:
    """A game whose methods count their calls and the time spent inside."""

    def __init__(self, game):
        self.calls = {"moves": 0, "components": 0}
        self.ns = 0
        for name in self.calls:
            setattr(self, name, self._wrap(name, getattr(game, name)))

    def _wrap(self, name, f):
        calls = self.calls

        def timed(p):
            start = clock()
            r = f(p)
            self.ns += clock() - start
            calls[name] += 1
            return r

        return timed


class Recorded:
    """A game whose methods record each call: (the class's method, position)."""

    def __init__(self, game):
        self.calls = []
        self.counts = {"moves": 0, "components": 0}
        for name in self.counts:
            setattr(self, name, self._wrap(name, getattr(game, name)))

    def _wrap(self, name, f):
        calls, counts = self.calls, self.counts

        def recorded(p):
            calls.append((f, p))
            counts[name] += 1
            return f(p)

        return recorded


class _Empty:
    def method(self, p):
        return None


def replay_ns(calls, gc_on, chunk=256):
    """The time of `calls` made in a plain loop, less the same loop calling an
    empty method: what the methods themselves cost. The loop runs `chunk`
    calls at a time and keeps their answers until the chunk's time is read,
    so freeing the answers is not counted (the solver frees them), while
    memory is reused as in a solve (keeping every answer would count the
    interpreter's growing its heap)."""
    empty = _Empty().method
    if not gc_on:
        gc.collect()
        gc.disable()
    spent = 0
    try:
        for at in range(0, len(calls), chunk):
            part = calls[at : at + chunk]
            kept, spare = [], []
            keep, keep_spare = kept.append, spare.append
            start = clock()
            for f, p in part:
                keep(f(p))
            middle = clock()
            for _, p in part:
                keep_spare(empty(p))
            end = clock()
            spent += (middle - start) - (end - middle)
            del kept, spare
    finally:
        gc.enable()
    return spent


def timer_cost_ns():
    """Time the wrapper's interval reads when the method does nothing."""
    t = Timed(type("Empty", (), {"moves": lambda self, p: None, "components": lambda self, p: None})())
    n = 200_000
    for _ in range(n):
        t.moves(0)
    return t.ns / n


def timed_run(solve, game, positions, gc_on):
    """`solve(game, positions)` and its CPU time, Python's cycle collector off
    unless `gc_on` (it runs at allocation counts, inside whichever code
    allocates: in the callbacks, mostly, for both solvers)."""
    if not gc_on:
        gc.collect()
        gc.disable()
    try:
        start = clock()
        got = solve(game, positions)
        return got, clock() - start
    finally:
        gc.enable()


def measure(name, game, positions, want, repeat, overhead, gc_on):
    """The two solvers in alternating runs (sprague, plain, sprague, ...), so
    that a slow spell of a shared machine falls on both: the best of each,
    and the median of the run-by-run ratios."""
    solvers = (("sprague.values", sprague_values), ("plain memoised Python", plain_values))
    best = [float("inf")] * 2
    pairs = []
    answers = None
    for _ in range(repeat):
        times = []
        for k, (label, solve) in enumerate(solvers):
            got, t = timed_run(solve, game, positions, gc_on)
            best[k] = min(best[k], t)
            times.append(t)
            assert [g for g, _ in got] == want, f"{name}: {label} gives other values"
            if answers is None:
                answers = got
            assert got == answers, f"{name}: {label} gives other winning moves"
        pairs.append(times[1] / times[0])
    cb_best = [float("inf")] * 2
    timer_best = [float("inf")] * 2
    calls = [None, None]
    for _ in range(repeat):
        for k, (_, solve) in enumerate(solvers):
            timed = Timed(game)
            timed_run(solve, timed, positions, gc_on)
            timer_best[k] = min(timer_best[k], timed.ns - overhead * sum(timed.calls.values()))
    for k, (_, solve) in enumerate(solvers):
        recorded = Recorded(game)
        timed_run(solve, recorded, positions, gc_on)
        calls[k] = recorded.counts
        for _ in range(repeat):
            cb_best[k] = min(cb_best[k], replay_ns(recorded.calls, gc_on))
    print(f"{name}:")
    print(f"  {'solver':24} {'total CPU':>10} {'callbacks':>10} {'moves':>8} {'components':>11} {'engine share':>13}")
    rows = []
    for k, (label, _) in enumerate(solvers):
        total, cb = best[k] / 1e9, cb_best[k] / 1e9
        m, c = calls[k]["moves"], calls[k]["components"]
        rows.append((label, total, cb, m, c))
        print(f"  {label:24} {total:9.3f}s {cb:9.3f}s {m:8} {c:11} {100 * (total - cb) / cb:12.1f}%")
    for k, (label, _) in enumerate(solvers):
        t = timer_best[k] / 1e9
        print(f"  ({label}: callbacks {t:.3f}s, engine share {100 * (best[k] / 1e9 - t) / t:.1f}%"
              " by a timer around each call, its estimated cost taken off)")
    pairs.sort()
    print(f"  sprague is {best[1] / best[0]:.2f}x the speed of the plain solution, best against best;"
          f" {pairs[len(pairs) // 2]:.2f}x in the median of {len(pairs)} alternating pairs"
          f" ({pairs[0]:.2f}-{pairs[-1]:.2f}; >1: faster)")
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--gc", action="store_true", help="keep Python's cycle collector on while timing")
    args = ap.parse_args()
    overhead = timer_cost_ns()
    print(f"timer cost inside each wrapped call: {overhead:.0f} ns (taken off the callback time)")

    rng = random.Random(34)
    sums = [tuple(sorted(rng.randint(1, 600) for _ in range(3))) for _ in range(40)]
    want = [v.grundy for v in sprague.values("kayles", [list(s) for s in sums])]
    measure("(a) Kayles, 40 sums of three rows of 1-600 pins (Rows class)", Rows(), sums, want, args.repeat, overhead, args.gc)

    sizes = [(w, h) for h in range(1, 5) for w in range(1, 6)] + [(4, 5)]
    boards = [Cram.board(f"{w}x{h}") for w, h in sizes]
    want = [sprague.value("cram", f"{w}x{h}").grundy for w, h in sizes]
    measure(f"(b) Cram, the {len(sizes)} empty boards up to 5x4 and 4x5 (Cram class)", Cram(), boards, want,
            args.repeat, overhead, args.gc)
    blocks = [sprague.Board(f"{w}x{h}", cells=".--#") for w, h in sizes]
    measure("(c) the same boards, Cram on the board block (CramOnBoard class)", CramOnBoard(), blocks, want,
            args.repeat, overhead, args.gc)


if __name__ == "__main__":
    main()
