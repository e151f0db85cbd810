"""Built-in rulesets through the registry: values, batches, tables, catalog."""

import pytest

import sprague


def test_nim_value_is_the_nim_sum_with_its_winning_move():
    v = sprague.value("nim", "3 4 5")
    assert (v.outcome, v.grundy) == ("N", 3 ^ 4 ^ 5)
    assert [m.to for m in v.winning_moves] == ["1 4 5"]
    assert v.winning_moves[0].position == (1, 4, 5)
    assert "grundy=2" in repr(v)
    assert v.data["ruleset"] == "nim"


def test_positions_may_be_ints_or_sequences():
    assert sprague.value("kayles", [10, 7]).grundy == sprague.value("kayles", "10 7").grundy
    assert sprague.value("nim", 9).grundy == 9


def test_kayles_values_match_published_table():
    # Kayles (octal 0.77), Winning Ways ch. 4: 0 1 2 3 1 4 3 2 1 4 2 6.
    got = [sprague.value("kayles", n).grundy for n in range(12)]
    assert got == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_grundys_game_beyond_the_small_tables():
    # No period is known for Grundy's game: heap 70000 is valued from a table
    # of every heap up to it (the sparse-space engine, as `table` uses), and
    # the state budget (one state a value) bounds that table.
    t = sprague.table("grundy", 70001)
    v = sprague.value("grundy", 70000)
    assert v.grundy == t[70000]
    assert all(t[a] == t[70000 - a] for a in (int(m.to.split()[0]) for m in v.winning_moves))
    with pytest.raises(ValueError, match="state budget of 50000"):
        sprague.value("grundy", 70000, max_states=50000)


def test_misere_nim():
    # Misère Nim: heaps of ones only, the player to move wins with an even count.
    assert sprague.value("nim", "1 1", misere=True).outcome == "N"
    assert sprague.value("nim", "1 1 1", misere=True).outcome == "P"
    assert sprague.value("nim", "1 1", misere=True).misere


def test_misere_quotient_of_nim_heaps_one_and_two():
    # Plambeck and Siegel 2008: heaps 1 and 2 of misère Nim give the quotient
    # T2 = <a, b | a^2 = 1, b^3 = b> of order 6 with P-portion {a, b^2}.
    q = sprague.misere_quotient("subtraction:1,2", 2, sum="2 2")
    assert q.data["order"] == 6
    assert sorted(q.data["p_portion"]) == ["a", "b^2"]
    assert q.data["sum"]["outcome"] == "P"
    with pytest.raises(ValueError, match="passed 4 elements"):
        sprague.misere_quotient("octal:0.07", 30, max_order=4)


def test_misere_games_in_star_bracket_notation():
    # Conway, On Numbers and Games ch. 12: *1 + *1 = 0 in misère play, while
    # {*2} is not 0; the mate of 0 is *1.
    assert sprague.misere_game("*[1] + *[1]").data["value"] == "*[0]"
    assert sprague.misere_game("*[2#]").data["value"] == "*[2#]"
    assert sprague.misere_game("*[0]").data["mate"] == "*[1]"
    g = sprague.misere_game("*[2#,0]")
    assert (g.data["genus"], g.data["tame"], g.data["restive"]) == ("1^20", False, True)
    # Misère Nim: *2 + *2 is a P-position, *1 + *1 an N-position.
    assert sprague.misere_game("*[2] + *[2]").outcome == "P"
    assert sprague.misere_game("*[1] + *[1]").outcome == "N"
    with pytest.raises(ValueError, match="column"):
        sprague.misere_game("*[2#,")


def test_loopy_games_and_their_sides():
    # Winning Ways ch. 11: on + off = dud, tis = 1 & 0; over = {0 | pass} > 0.
    assert sprague.loopy_game("on + off").data["value"] == "dud"
    tis = sprague.loopy_game("tis")
    assert (tis.data["onside"], tis.data["offside"]) == ("1", "0")
    over = sprague.loopy_game("{0|pass}")
    assert over.data["stopper"] and over.data["compared_with_zero"] == ">"
    assert sprague.loopy_game("dud").data["outcome"] == "D"
    with pytest.raises(ValueError, match="column"):
        sprague.loopy_game("a{0|")


def test_values_batch_agrees_with_single_calls():
    positions = [[a, b, c] for a in range(4) for b in range(4) for c in range(4)]
    batch = sprague.values("nim", positions)
    assert [v.grundy for v in batch] == [a ^ b ^ c for a, b, c in positions]


def test_partizan_builtin_gives_canonical_form_and_both_players_moves():
    v = sprague.value("domineering", "...|...|...")
    assert v.value == "+-1" and v.outcome == "N"
    assert v.canonical == sprague.Game("{1|-1}")
    assert len(v.left_winning_moves) == 2 and len(v.right_winning_moves) == 2


def test_partizan_variants_are_rulesets_too():
    # Cram is impartial Domineering: 2×2 is a second-player win.
    assert sprague.value("impartial:domineering", "..|..").grundy == 0
    assert sprague.value("dicotic:domineering", "...|...").value == "^"
    twisted = sprague.value("twisted:clobber", "xoxo")
    assert twisted.value == "*2"
    assert [m.to for m in twisted.left_winning_moves] == ["-(xx.o)"]
    with pytest.raises(ValueError, match="variants do not nest"):
        sprague.value("twisted:dicotic:clobber", "xo")


def test_loopy_builtin_has_remoteness_field():
    v = sprague.value("tic-tac-toe", "X..|.O.|...")
    assert v.outcome in ("W", "L", "D")
    assert hasattr(v, "to_move")


def test_table_dawson_period_proven():
    # Dawson's Kayles (octal 0.07): period 34 from n = 53, Winning Ways ch. 4.
    t = sprague.table("octal:0.07", 200)
    assert len(t) == 200 and t[0] == 0 and t[-1] == t.values[199]
    p = t.period
    assert (p.preperiod, p.period, p.saltus, p.proven) == (53, 34, 0, True)
    assert t.value_at(10**12) == t.values[53 + (10**12 - 53) % 34]


def test_games_catalog_and_docs():
    names = [g.name for g in sprague.games()]
    assert "nim" in names and "kayles" in names
    ran = 0
    for info in sprague.games():
        if info.example_value:
            # Every example that values a position runs (a small budget keeps it quick).
            spec, position = info.example_value
            try:
                sprague.value(spec, position, max_states=200_000)
            except sprague.BudgetError:
                pass
            ran += 1
    assert ran > 20
    assert "Kayles" in sprague.doc("kayles")


def test_bad_notation_is_a_value_error_naming_the_column():
    with pytest.raises(sprague.NotationError) as e:
        sprague.value("nim", "3 x 5")
    assert isinstance(e.value, ValueError)
    assert e.value.column == 3 and "column 3" in str(e.value)


def test_unknown_ruleset_is_a_value_error():
    with pytest.raises(ValueError, match="did you mean"):
        sprague.value("kayls", "3")


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        sprague.value("nim", 3.5)
    with pytest.raises(TypeError):
        sprague.value("nim", ["a"])
    with pytest.raises(TypeError):
        sprague.values("nim", "3 4 5")
    with pytest.raises(TypeError):
        sprague.table("nim", "ten")
    with pytest.raises(OverflowError):
        sprague.value("nim", -1)


def test_table_of_a_game_without_tables_is_a_value_error():
    with pytest.raises(ValueError):
        sprague.table("domineering", 10)


def test_budget_is_a_budget_error_saying_how_to_raise_it():
    with pytest.raises(sprague.BudgetError, match="max_states") as e:
        sprague.value("chomp", "8 8 8 8 8 8 8 8", max_states=100)
    assert e.value.max_states == 100
    assert isinstance(e.value, sprague.SpragueError)


def test_values_batch_leaves_the_cycle_collector_as_it_was():
    import gc

    assert gc.isenabled()
    sprague.values("nim", ["1 2", "3 4"])
    assert gc.isenabled()
    with pytest.raises(ValueError):
        sprague.values("nim", ["1 2", "x"])
    assert gc.isenabled()
    gc.disable()
    try:
        sprague.values("nim", ["1 2"])
        assert not gc.isenabled()
    finally:
        gc.enable()
