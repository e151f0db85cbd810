"""The example games of `examples/` (Cram, Snort and Konane written in plain
Python, and on the board and graph blocks) against the built-in rulesets of the same names, on random positions."""

import pathlib
import random
import sys

import pytest

import sprague

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))

from cram import Cram, CramOnBoard  # noqa: E402
from konane import Konane, KonaneOnBoard  # noqa: E402
from snort import Snort, SnortOnGraph  # noqa: E402


def random_board(rng, w, h, cells):
    return "|".join("".join(rng.choice(cells) for _ in range(w)) for _ in range(h))


def test_cram_matches_the_builtin():
    rng = random.Random(34)
    game = Cram()
    for _ in range(60):
        w, h = rng.randint(1, 5), rng.randint(1, 4)
        text = random_board(rng, w, h, "....#")
        p = Cram.board(text)
        assert sprague.value(game, p).grundy == sprague.value("cram", text).grundy, text
        mine = sprague.value(game, p, misere=True).outcome
        assert mine == sprague.value("cram", text, misere=True).outcome, text
    # Whole boards, through one batch that shares what it has solved.
    sizes = [(w, h) for w in range(1, 5) for h in range(1, 5)]
    got = [v.grundy for v in sprague.values(game, [Cram.board(f"{w}x{h}") for w, h in sizes])]
    assert got == [sprague.value("cram", f"{w}x{h}").grundy for w, h in sizes]


def test_cram_components_are_cropped_regions():
    game = Cram()
    # A region of two cells and a lone cell (dropped) on a 3 x 3 board.
    assert game.components(Cram.board("..#|###|#.#")) == [(2, 1, 0b11)]
    # One region, cropped to its two columns: rows 11, 10 and 11 (bit 0 first).
    assert game.components(Cram.board("..#|#.#|..#")) == [(2, 3, 0b11_10_11)]
    # A board that is its own cropped region is one component.
    assert game.components((2, 1, 0b11)) is None
    assert game.components(Cram.board("#.#|###")) == []


def random_tinted_graph(rng):
    n = rng.randint(1, 7)
    edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 1 / 3]
    states = "".join(rng.choice("...xo#") for _ in range(n))
    text = " ".join(f"{a}-{b}" for a, b in edges) + f" n={n} : {states}"
    return n, edges, states, text


def test_snort_matches_the_builtin():
    rng = random.Random(35)
    for _ in range(80):
        n, edges, states, text = random_tinted_graph(rng)
        mine = sprague.value(Snort(n, edges), states)
        theirs = sprague.value("snort", text)
        assert sprague.Game(mine.value) == sprague.Game(theirs.value), text
        assert mine.outcome == theirs.outcome, text


def test_konane_matches_the_builtin():
    rng = random.Random(36)
    for _ in range(80):
        w, h = rng.randint(1, 5), rng.randint(1, 4)
        text = random_board(rng, w, h, "..xxoo#")
        mine = sprague.value(Konane(), Konane.board(text))
        theirs = sprague.value("konane", text)
        assert sprague.Game(mine.value) == sprague.Game(theirs.value), text
        assert mine.outcome == theirs.outcome, text


@pytest.mark.parametrize("name", ["cram", "snort", "konane"])
def test_the_examples_docstrings_run(name):
    import doctest

    module = __import__(name)
    failures, tried = doctest.testmod(module)
    assert tried >= 1 and failures == 0


def test_cram_on_the_board_block_matches_the_builtin():
    rng = random.Random(37)
    for _ in range(60):
        w, h = rng.randint(1, 5), rng.randint(1, 4)
        text = random_board(rng, w, h, "....#")
        b = sprague.Board(text, cells=".--#")
        assert str(b) == text
        assert sprague.value(CramOnBoard(), b).grundy == sprague.value("cram", text).grundy, text
        # The same options as the class on bitmasks, board by board.
        mine = sorted(Cram.board(str(q)) for q in CramOnBoard().moves(b))
        assert mine == sorted(Cram().moves(Cram.board(text))), text


def test_konane_on_the_board_block_matches_the_builtin():
    rng = random.Random(38)
    for _ in range(80):
        w, h = rng.randint(2, 5), rng.randint(2, 4)
        text = random_board(rng, w, h, "..xxoo#")
        mine = sprague.value(KonaneOnBoard(), sprague.Board(text))
        theirs = sprague.value("konane", text)
        assert sprague.Game(mine.value) == sprague.Game(theirs.value), text
        plain = sprague.value(Konane(), Konane.board(text))
        assert sprague.Game(plain.value) == sprague.Game(mine.value), text


def test_boards_hash_and_compare_by_value_and_refuse_bad_input():
    a, b = sprague.Board("x.o|..."), sprague.Board("x.o|...")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != sprague.Board("o.x|...")
    assert (a.width, a.height, a.count("x"), a.count(".")) == (3, 2, 1, 4)
    with pytest.raises(ValueError):
        sprague.Board("x.z")
    with pytest.raises(ValueError):
        a.jumps("x", "sideways", "o")
    with pytest.raises(ValueError):
        a.place("##", "q")


def test_snort_on_the_graph_block_matches_the_builtin():
    rng = random.Random(39)
    for _ in range(80):
        n, edges, states, text = random_tinted_graph(rng)
        mine = sprague.value(SnortOnGraph(), sprague.GraphBoard(text))
        theirs = sprague.value("snort", text)
        assert sprague.Game(mine.value) == sprague.Game(theirs.value), text
        assert mine.outcome == theirs.outcome, text
    g = sprague.GraphBoard("0-1 1-2 : .x.")
    assert g == sprague.GraphBoard("0-1 1-2 : .x.") and len({g, sprague.GraphBoard("0-1 1-2 : .x.")}) == 1
    with pytest.raises(ValueError):
        g.mark(".x", "xx#")
