"""Numbers beyond the dyadics (Surreal): the engine's ordinals, rationals and
surreal numbers, checked against published facts."""

from fractions import Fraction

import pytest

import sprague
from sprague import Surreal, omega


def test_published_values():
    # (omega+1)(omega-1) = omega^2 - 1 (Conway, On Numbers and Games, ch. 3).
    x = (omega + 1) * (omega - 1)
    assert str(x) == "omega^2-1"
    assert x == Surreal("omega^2") - 1
    assert not x.is_ordinal and x.game is None and x.sign == 1
    # 1/omega is positive but below every positive rational (ONAG ch. 3).
    eps = Surreal("1/omega")
    assert eps > 0 and eps.outcome == "L"
    for k in (1, 10, 10**6, 10**18):
        assert eps < Fraction(1, k)
    # omega is above every integer; omega - omega is 0.
    assert omega > 10**30 and omega - omega == 0
    assert (omega - omega).outcome == "P" and (-omega).outcome == "R"


def test_text_int_fraction_and_float_mix_in():
    third = sprague.surreal("1/3")
    assert third + Fraction(1, 6) == Fraction(1, 2) == 0.5
    assert 1 - third == Fraction(2, 3) and 2 * third == Surreal("2/3")
    assert third / 2 == Fraction(1, 6) and 1 / third == 3
    assert third**-2 == 9 and Surreal(2) ** 10 == 1024
    assert Surreal(0.75) == Fraction(3, 4) and Surreal(sprague.Game("3/4")) == 0.75
    assert Surreal("omega") == "w" and Surreal("ω") == omega
    assert -third == Fraction(-1, 3) and abs(-third) == third and +third == third
    assert bool(Surreal(0)) is False and bool(omega) is True


def test_order_sorts_and_hashes_agree_with_equality():
    xs = [Surreal(t) for t in ["omega", "1/omega", "-omega", "omega^2", "1/3", "omega+1", "0", "-1/omega"]]
    assert [str(x) for x in sorted(xs)] == [
        "-omega", "-1/omega", "0", "1/omega", "1/3", "omega", "omega+1", "omega^2"
    ]
    # Equal numbers written differently hash alike, and like ints and Fractions.
    a = Surreal("(omega^2-1)/(omega-1)")
    assert a == omega + 1 and hash(a) == hash(omega + 1)
    assert hash(Surreal("1/2")) == hash(Fraction(1, 2)) and hash(Surreal(7)) == hash(7)
    assert {Surreal(3): "three"}[3] == "three"
    assert Surreal("1/3") != "omega" and not (Surreal("1/3") == "not a number +")


def test_ordinals_and_their_report():
    x = Surreal("w^2*3 + w")
    assert x.is_ordinal and x.cantor_normal_form == "omega^2*3+omega"
    assert Surreal("-omega").cantor_normal_form is None
    assert Surreal("1/3").fraction == Fraction(1, 3) and omega.fraction is None
    assert Surreal("1/3 + 1/6").game == sprague.Game("1/2")
    q = Surreal("(omega^omega)/(omega+1)")
    assert str(q) == "(omega^omega)/(omega+1)" and repr(q) == "Surreal('(omega^omega)/(omega+1)')"
    assert q.data == {
        "value": "(omega^omega)/(omega+1)",
        "outcome": "L",
        "sign": 1,
        "ordinal": None,
        "short_game": None,
    }


def test_ordinal_nim_arithmetic():
    # Conway, ONAG ch. 6: omega (x) omega = omega^2 and omega^3 = 2 in nim powers;
    # nim-sums add the coefficients of equal powers bitwise.
    assert omega.nim_mul(omega) == Surreal("omega^2")
    assert sprague.ordinal_nim_mul("omega^2", omega) == 2
    assert sprague.ordinal_nim_add("omega*3+1", "omega+3") == Surreal("omega*2+2")
    assert sprague.ordinal_nim_mul(5, 3) == int(sprague.Nimber(5) * sprague.Nimber(3))
    with pytest.raises(ValueError, match="not one"):
        Surreal("1/3").nim_add(1)
    with pytest.raises(ValueError, match="omega"):
        sprague.ordinal_nim_mul("omega^(omega^3)", omega)


def test_errors():
    with pytest.raises(sprague.NotationError) as e:
        Surreal("omega + y")
    assert e.value.column == 9 and isinstance(e.value, ValueError)
    assert "omega + y" in str(e.value)
    with pytest.raises(ValueError, match="division by zero"):
        Surreal("1/(omega-omega)")
    with pytest.raises(ZeroDivisionError):
        omega / 0
    with pytest.raises(TypeError):
        Surreal([1])
    with pytest.raises(TypeError):
        omega + [1]
    with pytest.raises(TypeError):
        omega ** Fraction(1, 2)
