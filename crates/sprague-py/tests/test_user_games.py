"""Games written in Python, solved by the engine's solvers."""

import functools
import signal
import time

import pytest

import sprague


def kayles_moves(n):
    """Kayles on a row of n pins: knock down 1 or 2 adjacent pins."""
    return [(a, n - k - a) for k in (1, 2) for a in range(n - k + 1)]


def contest_kayles(count):
    @functools.cache
    def g(n):
        seen = {g(a) ^ g(b) for a, b in kayles_moves(n)}
        m = 0
        while m in seen:
            m += 1
        return m

    return [g(n) for n in range(count)]


def test_table_of_a_python_game_matches_builtin_and_plain_recursion():
    game = sprague.Impartial(kayles_moves)
    t = sprague.table(game, 150)
    assert t.values == contest_kayles(150) == sprague.table("kayles", 150).values
    # Kayles: period 12 from n = 71 (Guy and Smith 1956); found, not proven.
    assert (t.period.preperiod, t.period.period, t.period.proven) == (71, 12, False)


class Rows:
    """Kayles positions as tuples of rows, split into rows by components."""

    def moves(self, rows):
        return [
            tuple(sorted(rows[:i] + tuple(r for r in (a, b) if r) + rows[i + 1 :]))
            for i, n in enumerate(rows)
            for a, b in kayles_moves(n)
        ]

    def components(self, rows):
        return [(r,) for r in rows] if len(rows) != 1 else None


def test_impartial_value_with_components_and_winning_moves():
    v = sprague.value(Rows(), (10, 7))
    assert v.grundy == sprague.value("kayles", "10 7").grundy
    v = sprague.value(Rows(), (10, 6))
    assert v.grundy == 1
    for m in v.winning_moves:
        assert sprague.value(Rows(), m.position).grundy == 0
    assert v.winning_moves


class CountedRows(Rows):
    """Rows that count the calls of its methods and the positions they see."""

    def __init__(self):
        self.moves_seen, self.split_seen = [], []

    def moves(self, rows):
        self.moves_seen.append(rows)
        return super().moves(rows)

    def components(self, rows):
        self.split_seen.append(rows)
        return super().components(rows)


def test_a_batch_shares_one_search_and_splits_each_position_once():
    sums = [(9, 4), (9, 5), (9, 4, 1), (12, 9)]
    game = CountedRows()
    got = [v.grundy for v in sprague.values(game, sums)]
    assert got == [v.grundy for v in sprague.values("kayles", [list(s) for s in sums])]
    # Every component's moves are asked for once in the whole batch, besides
    # the moves of each position of the batch (for its winning moves).
    components = [p for p in game.moves_seen if len(p) == 1]
    assert len(components) == len(set(components)) == 12
    assert len(game.moves_seen) == 12 + len(sums)
    # components is asked once per position, however many options reach it.
    assert len(game.split_seen) == len(set(game.split_seen))
    # Each value reports the calls so far and the time inside them.
    fresh = CountedRows()
    last = sprague.values(fresh, sums)[-1].data["callbacks"]
    assert last["calls"] == {"moves": len(fresh.moves_seen), "components": len(fresh.split_seen)}
    assert 0 < last["seconds"] <= last["total_seconds"]
    # The answers are those of positions valued one at a time.
    for p, v in zip(sums, sprague.values(game, sums)):
        one = sprague.value(Rows(), p)
        assert v.grundy == one.grundy
        assert sorted(m.position for m in v.winning_moves) == sorted(m.position for m in one.winning_moves)


def test_misere_user_game_matches_builtin():
    nim = sprague.Impartial(
        lambda heaps: [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :])) for i, h in enumerate(heaps) for k in range(h)]
    )
    for heaps in [(1, 1), (1, 1, 1), (2, 2), (1, 2, 3), (3, 4, 5)]:
        got = sprague.value(nim, heaps, misere=True).outcome
        want = sprague.value("nim", list(heaps), misere=True).outcome
        assert got == want, heaps


def test_any_hashable_positions():
    # A game on strings: remove one character; the value is the length mod 2.
    game = sprague.Impartial(lambda s: {s[:i] + s[i + 1 :] for i in range(len(s))})
    assert [sprague.value(game, "abcde"[:k]).grundy for k in range(6)] == [0, 1, 0, 1, 0, 1]


class Cutcake:
    """Cutcake (Winning Ways ch. 2): Left cuts vertically, Right horizontally."""

    def left_moves(self, p):
        w, h = p
        return [((a, h), (w - a, h)) for a in range(1, w)]

    def right_moves(self, p):
        w, h = p
        return [((w, a), (w, h - a)) for a in range(1, h)]

    def components(self, p):
        return list(p) if isinstance(p[0], tuple) else None


def test_partizan_user_game_matches_builtin_cutcake():
    for w, h in [(1, 1), (2, 1), (1, 2), (3, 2), (4, 1), (2, 2), (5, 3)]:
        mine = sprague.canonical(Cutcake(), (w, h))
        builtin = sprague.value("cutcake", f"{w}x{h}").canonical
        assert mine == builtin, (w, h, mine, builtin)
    v = sprague.value(Cutcake(), (4, 1))
    assert v.value == "3" and v.outcome == "L"


def test_loopy_user_game_win_lose_draw_and_remoteness():
    # A token on 0..5: from v move to v+1 or v+2 (5 is a dead end); 6 <-> 7 cycle.
    succ = {0: [1, 2], 1: [2, 3], 2: [3, 4], 3: [4, 5], 4: [5], 5: [], 6: [7], 7: [6, 0]}
    game = sprague.Loopy(lambda v: succ[v])
    outcomes, remoteness = sprague.solve_graph(8, [(a, b) for a in succ for b in succ[a]])
    for v in succ:
        got = sprague.value(game, v)
        assert got.outcome == outcomes[v] and got.remoteness == remoteness[v], v
    assert sprague.value(game, 4).winning_moves[0].position == 5


def test_user_exceptions_propagate_with_the_position():
    def moves(n):
        if n == 3:
            raise ZeroDivisionError("boom")
        return range(n)

    with pytest.raises(ZeroDivisionError, match="boom") as e:
        sprague.value(sprague.Impartial(moves), 10)
    assert any("moves(3)" in note for note in getattr(e.value, "__notes__", ["moves(3)"]))
    with pytest.raises(ZeroDivisionError):
        sprague.table(sprague.Impartial(moves), 10)
    with pytest.raises(ZeroDivisionError):
        sprague.value(sprague.Loopy(moves), 10)


def test_user_game_bad_returns_are_type_errors():
    with pytest.raises(TypeError):
        sprague.value(sprague.Impartial(lambda n: 5), 3)
    with pytest.raises(TypeError):
        sprague.value(sprague.Impartial(lambda n: [[1]]), 3)  # unhashable position
    with pytest.raises(TypeError):
        sprague.table(sprague.Impartial(lambda n: ["x"]), 3)
    with pytest.raises(ValueError, match="not smaller"):
        sprague.table(sprague.Impartial(lambda n: [n]), 3)
    with pytest.raises(TypeError):
        sprague.value(object(), 3)


def test_user_game_budget():
    chain = sprague.Impartial(lambda n: [n - 1] if n else [])
    with pytest.raises(sprague.BudgetError, match="max_states"):
        sprague.value(chain, 10_000, max_states=100)
    with pytest.raises(sprague.BudgetError):
        sprague.value(sprague.Loopy(lambda n: [n + 1]), 0, max_states=1000)


def interrupt_after(seconds):
    signal.signal(signal.SIGALRM, signal.default_int_handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)


@pytest.fixture
def alarm():
    old = signal.getsignal(signal.SIGALRM)
    yield interrupt_after
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, old)


def test_ctrl_c_stops_a_builtin_search_promptly(alarm):
    alarm(0.2)
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        # A search of many seconds (12 x 12 Chomp), stopped by the signal.
        sprague.value("chomp", " ".join(["12"] * 12), max_states=10**9)
    assert time.perf_counter() - start < 2


def test_ctrl_c_stops_a_user_search_promptly(alarm):
    game = sprague.Impartial(lambda n: [n - 1] if n else [])
    alarm(0.2)
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        sprague.value(game, 10**8, max_states=10**9)
    assert time.perf_counter() - start < 2


def test_table_options_from_numpy_arrays():
    np = pytest.importorskip("numpy")

    def moves(n):
        rows = [np.arange(0, n - k + 1) for k in (1, 2)]
        return np.concatenate([np.stack([a, n - k - a], axis=1) for k, a in zip((1, 2), rows)])

    assert sprague.table(sprague.Impartial(moves), 120).values == sprague.table("kayles", 120).values
    # A 1-D array lists single heaps: Nim's heap n moves to every smaller heap.
    assert sprague.table(sprague.Impartial(lambda n: np.arange(n)), 20).values == list(range(20))
    with pytest.raises(ValueError, match="not from 0"):
        sprague.table(sprague.Impartial(lambda n: np.array([n])), 5)
    with pytest.raises(ValueError, match="kind"):
        sprague.table(sprague.Impartial(lambda n: np.zeros(n)), 5)


def test_huge_user_table_is_a_budget_error():
    with pytest.raises(sprague.BudgetError):
        sprague.table(sprague.Impartial(kayles_moves), 10**12)
    with pytest.raises(sprague.BudgetError):
        sprague.table(sprague.Impartial(kayles_moves), 101, max_states=100)


class Counted:
    """A game with an optional board symmetry that counts its move calls."""

    def __init__(self, symmetry=None):
        self.symmetry = symmetry
        self.calls = 0


class BoardDomineering(Counted):
    """Domineering on the board block: Left places vertical dominoes."""

    def left_moves(self, b):
        self.calls += 1
        return b.place("#|#", "#")

    def right_moves(self, b):
        self.calls += 1
        return b.place("##", "#")

    def components(self, b):
        return b.regions(".", "orthogonal", 2)


class BoardCram(Counted):
    def moves(self, b):
        self.calls += 1
        return b.place("#|#", "#") + b.place("##", "#")


def random_boards(seed, count, cells=".#"):
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        w, h = rng.randint(1, 4), rng.randint(1, 4)
        rows = ["".join(cells[0] if rng.random() < 0.8 else cells[-1] for _ in range(w)) for _ in range(h)]
        out.append("|".join(rows))
    return out


def test_board_symmetry_keys_a_board_by_its_least_image():
    # Domineering: the mirrors keep the value, the transposes negate it.
    texts = random_boards(7, 60) + ["3x2", "2x3", "4x3", "3x4"]
    plain, sym = BoardDomineering(), BoardDomineering("mirrors transpose-negates")
    for text in texts:
        b = sprague.Board(text, cells=".--#")
        builtin = sprague.value("domineering", text).canonical
        assert sprague.canonical(plain, b) == builtin, text
        assert sprague.canonical(sym, b) == builtin, text
    # The images of a board are searched once: fewer calls.
    assert sym.calls < plain.calls
    # Cram: every image is the same game; Grundy values and misère outcomes.
    plain, sym = BoardCram(), BoardCram("all")
    boards = [sprague.Board(t, cells=".--#") for t in texts]
    assert [v.grundy for v in sprague.values(sym, boards)] == [v.grundy for v in sprague.values(plain, boards)]
    for text in texts[:20]:
        b = sprague.Board(text, cells=".--#")
        assert sprague.value(sym, b, misere=True).outcome == sprague.value("cram", text, misere=True).outcome, text
    assert sym.calls < plain.calls


def test_a_bad_board_symmetry_is_refused_with_its_column():
    with pytest.raises(sprague.NotationError) as e:
        sprague.value(BoardCram("all flips"), sprague.Board("2x2", cells=".--#"))
    assert "symmetry" in str(e.value) and e.value.column == 5
    with pytest.raises(TypeError):
        sprague.value(BoardCram(8), sprague.Board("2x2", cells=".--#"))


class NativeDomineering:
    """Domineering split natively by a `regions` attribute."""

    symmetry = "mirrors transpose-negates"
    regions = (".", "orthogonal", 2)

    def left_moves(self, b):
        return b.place("#|#", "#")

    def right_moves(self, b):
        return b.place("##", "#")


class NativeSnort:
    regions = ".xo"

    def left_moves(self, g):
        return g.mark(".x", "xx##")

    def right_moves(self, g):
        return g.mark(".o", "o#o#")


def test_regions_split_boards_and_graphs_natively():
    for text in random_boards(11, 60) + ["4x4", "5x3"]:
        b = sprague.Board(text, cells=".--#")
        v = sprague.value(NativeDomineering(), b)
        assert v.canonical == sprague.value("domineering", text).canonical, text
        assert "components" not in v.data["callbacks"]["calls"]
    for text in ["0-1 1-2 2-3 3-0 4-5", "0-1 1-2 3-4 : .x..o", "0-1 2-3 4-5 6-7"]:
        assert sprague.canonical(NativeSnort(), sprague.GraphBoard(text)) == sprague.value("snort", text).canonical


def test_bad_regions_are_refused():
    class Both(NativeSnort):
        def components(self, g):
            return None

    with pytest.raises(ValueError, match="not both"):
        sprague.value(Both(), sprague.GraphBoard("0-1"))

    class Wrong(NativeSnort):
        regions = 3

    with pytest.raises(TypeError, match="regions"):
        sprague.value(Wrong(), sprague.GraphBoard("0-1"))

    class Letter(NativeSnort):
        regions = ".z"

    with pytest.raises(ValueError, match="`z`"):
        sprague.value(Letter(), sprague.GraphBoard("0-1 1-2 3-4"))


class EncodedNim:
    """Nim on tuples of heaps, each heap written by `encode` (read back by
    `decode`), split into one-heap positions by `components` when `split`.
    Positions of small ints are keyed by their ints, natively; the others by
    Python's hash and ==. Each method checks that it is given a position
    equal to one it made, of the types it made."""

    def __init__(self, encode, decode, split):
        self.encode, self.decode, self.split = encode, decode, split

    def check(self, p):
        assert type(p) is tuple, p
        assert all(type(x) is type(self.encode(self.decode(x))) for x in p), p

    def moves(self, p):
        self.check(p)
        heaps = [self.decode(x) for x in p]
        return [
            tuple(self.encode(k) if j == i else x for j, x in enumerate(p))
            for i, h in enumerate(heaps)
            for k in range(h)
        ]

    def components(self, p):
        self.check(p)
        return [(x,) for x in p] if self.split and len(p) > 1 else None


ENCODINGS = {
    "ints": (lambda h: h, lambda x: x),
    "negative ints": (lambda h: -h, lambda x: -x),
    "ints above 32 bits": (lambda h: h + 2**40, lambda x: x - 2**40),
    "ints above 64 bits": (lambda h: h + 2**70, lambda x: x - 2**70),
    "bools and ints": (lambda h: True if h == 1 else h, lambda x: int(x)),
    "strings": (lambda h: "x" * h, lambda x: len(x)),
    # Heaps 0 to 5 put the ints on both sides of a packing's bound: some
    # positions pack and some are keyed by Python's hash.
    "ints across 2**31": (lambda h: 2**31 - 3 + h, lambda x: x - (2**31 - 3)),
    "ints across -2**31": (lambda h: -(2**31) + 2 - h, lambda x: -(2**31) + 2 - x),
    "ints across 2**15": (lambda h: 2**15 - 3 + h, lambda x: x - (2**15 - 3)),
    "ints across -2**15": (lambda h: -(2**15) + 2 - h, lambda x: -(2**15) + 2 - x),
}


@pytest.mark.parametrize("name", sorted(ENCODINGS))
@pytest.mark.parametrize("split", [False, True])
def test_positions_of_every_shape_get_the_values_of_the_definition(name, split):
    encode, decode = ENCODINGS[name]
    game = EncodedNim(encode, decode, split)
    rng = __import__("random").Random(sum(map(ord, name)) + split)
    # 1 to 10 heaps: tuples of up to 4 ints fit in 32 bits each, of 5 to 8 in
    # 16 bits, and longer ones are keyed by Python's hash.
    positions = [tuple(encode(rng.randint(0, 3 if n > 4 else 5)) for _ in range(n)) for n in range(1, 11) for _ in range(2)]
    # Eight heaps, the first four empty: positions alike in their first word.
    positions += [tuple(encode(h) for h in (0, 0, 0, 0, a, b, c, d)) for a in range(3) for b in range(3) for c in range(3) for d in range(3)]
    values = sprague.values(game, positions)
    for p, v in zip(positions, values):
        heaps = [decode(x) for x in p]
        total = functools.reduce(lambda a, b: a ^ b, heaps, 0)
        assert v.grundy == total, (name, p)
        want = sorted(
            (q for q in game.moves(p) if functools.reduce(lambda a, b: a ^ b, map(decode, q), 0) == 0), key=repr
        )
        got = sorted((m.position for m in v.winning_moves), key=repr)
        assert got == want, (name, p)
        for m in v.winning_moves:
            assert m.to == repr(m.position)


def test_bare_int_positions_and_their_winning_moves():
    # Subtraction {1, 2, 5} on one heap, positions as bare ints (negative
    # heaps written as they are): Grundy values by the definition.
    game = sprague.Impartial(lambda n: [n - s for s in (1, 2, 5) if n - s >= 0])
    want = []
    for n in range(60):
        seen = {want[n - s] for s in (1, 2, 5) if n - s >= 0}
        want.append(min(set(range(4)) - seen))
    got = sprague.values(game, list(range(60)))
    assert [v.grundy for v in got] == want
    for n, v in enumerate(got):
        want_moves = sorted(n - s for s in (1, 2, 5) if n - s >= 0 and want[n - s] == 0)
        assert sorted(m.position for m in v.winning_moves) == want_moves
        assert all(m.to == str(m.position) for m in v.winning_moves)


@pytest.mark.parametrize("offset", [-(2**63), 2**63 - 30, -(2**31) - 30])
def test_bare_ints_at_the_edges_of_64_and_32_bits(offset):
    # Subtraction {1, 2, 5} on heaps written n + offset: near the least
    # 64-bit int, across the greatest (positions beyond it are keyed by
    # Python's hash) and across the least 32-bit one.
    game = sprague.Impartial(lambda x: [x - s for s in (1, 2, 5) if x - s >= offset])
    want = []
    for n in range(60):
        seen = {want[n - s] for s in (1, 2, 5) if n - s >= 0}
        want.append(min(set(range(4)) - seen))
    got = sprague.values(game, [n + offset for n in range(60)])
    assert [v.grundy for v in got] == want
    for n, v in enumerate(got):
        want_moves = sorted(n + offset - s for s in (1, 2, 5) if n - s >= 0 and want[n - s] == 0)
        assert sorted(m.position for m in v.winning_moves) == want_moves
        assert all(m.to == repr(m.position) for m in v.winning_moves)


class _SubtractionMoves:
    """The moves of subtraction {1, 2, 3} as a callable object."""

    def __call__(self, n):
        return [n - s for s in (1, 2, 3) if n >= s]


class _ByClass:
    @classmethod
    def moves(cls, n):
        return [n - s for s in (1, 2, 3) if n >= s]


class _ByStatic:
    @staticmethod
    def moves(n):
        return [n - s for s in (1, 2, 3) if n >= s]


class _ByOther:
    def __init__(self):
        self.moves = _ByStatic().moves  # a plain function, set on the instance
        self.split = _Helper().components  # a method bound to another object

    def components(self, p):
        return self.split(p)


class _Helper:
    def components(self, p):
        return None


def test_methods_of_every_kind_are_called_alike():
    # Subtraction {1, 2, 3}: n mod 4 (Winning Ways ch. 4).
    for game in [_ByClass(), _ByStatic(), _ByOther(), sprague.Impartial(_SubtractionMoves()), sprague.Impartial(lambda n: [n - s for s in (1, 2, 3) if n >= s])]:
        assert [v.grundy for v in sprague.values(game, list(range(12)))] == [n % 4 for n in range(12)], game
