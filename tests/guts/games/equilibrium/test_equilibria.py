"""Every pure symmetric equilibrium (``fixed_points``) and the mixed one at a cycle."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from guts_family.games import get_game
from guts_family.games.equilibrium import (
    ThresholdSearch,
    equilibrium,
    fixed_points,
    scan_span,
)
from guts_family.hands import ONE
from tests.reference.guts import SMALL1, in_ev_naive


def _br_naive(game: str, order, players: int, t: int, pot: float, tie: str, ptie: str,
              deck) -> int:
    """The best response by brute force: every class's EV by the card-by-card twin, the
    weakest class from which every better class pays (no bisection, no premise)."""
    cls = sorted({order.class_of([c]) for c in deck})
    pays = {c: in_ev_naive(game, order, [next(x for x in deck if order.class_of([x]) == c)],
                           players, t, pot, None, tie, ptie, deck) > 0 for c in cls}
    out = order.n_classes
    for c in reversed(cls):
        if not pays[c]:
            break
        out = c
    return out


@pytest.mark.parametrize("players, pot", [
    (3, 3.0),
    pytest.param(3, 20.0, marks=pytest.mark.slow),
    pytest.param(4, 4.0, marks=pytest.mark.slow)])
def test_fixed_points_match_brute_force_on_a_small_deck(players, pot):
    """Every class t with BR(t) = t, against best responses played out card by card (every
    class scanned, no window)."""
    for game in ("guts321",):
        tie, ptie = get_game(game).rules(None, None)
        s = ThresholdSearch(game, ONE, players, pot, None, tie, ptie, SMALL1)
        first, last = scan_span(s, 0, ONE.n_classes - 1, None)
        got = fixed_points(s, first, last)
        want = [t for t in s.classes()
                if _br_naive(game, ONE, players, t, pot, tie, ptie, SMALL1) == t]
        assert got == want, (game, players, pot)


@pytest.mark.slow
def test_several_pure_equilibria_listed():
    """The brief's case: the Guts 3-card round, 2 players, pot 100, cap 1: the iteration meets
    974 first, 975 and 976 are fixed points too (exact EVs by cards); the two signs checked
    here on the search's fractions."""
    eq = equilibrium("guts321", 2, pot=100, cap=1, cards=3)
    assert eq.label == "974" and eq.converged
    assert eq.equilibria_labels == ["974", "975", "976"]
    o = get_game("guts321").order(3)
    s = ThresholdSearch("guts321", o, 2, 100.0, 1.0, "replay", "split")
    cls = s.classes()
    for t in eq.equilibria:  # the fixed-point condition, re-read from the exact EVs
        i = cls.index(t)
        assert s.ev(t, t) > 0 >= s.ev(cls[i - 1], t)
        assert isinstance(s.ev(t, t), Fraction)
    d = eq.as_dict()
    assert d["threshold"] == "974" and d["equilibria"] == ["974", "975", "976"]
    assert "3 pure equilibria" in eq.note


def test_scan_span_window():
    s = ThresholdSearch("guts321", ONE, 3, 3.0, None, "replay", "split")
    assert scan_span(s, 10, 10, 0) == (10, 10)
    assert scan_span(s, 1, 11, 3) == (0, 12)
    with pytest.raises(ValueError, match="0 or more"):
        scan_span(s, 1, 1, -1)


# ----------------------------------------------------------------------------------------------
# the mixed equilibrium


def _mixed_in_ev_naive(game: str, order, hero, players: int, boundary: int, q: Fraction,
                       pot: Fraction, tie: str, ptie: str, deck) -> Fraction:
    """Card-by-card twin of ``mixed_in_ev_poly`` at one ``q``: every deal of the other hands
    played out (the rules read from the reference's ``ROUNDS``, not the ``Game`` attributes),
    each decider holding ``boundary`` in with probability ``q``, every subset of them weighed."""
    import itertools

    from tests.reference.guts import ROUNDS, _showdown

    rules = ROUNDS[game]
    unseen = [c for c in deck if c not in hero]
    n = order.n_cards
    m = players - 1 - rules.burned
    fixed = rules.house + rules.burned
    me = order.class_of(list(hero))
    total, deals = Fraction(0), 0

    def deal(i: int, avail: list[int], classes: list[int]) -> None:
        nonlocal total, deals
        if i == fixed + m:
            deals += 1
            house, rest = (classes[0], classes[1:]) if rules.house else (None, classes)
            burned, deciders = (rest[:1], rest[1:]) if rules.burned else ([], rest)
            sure = [c for c in deciders if c > boundary]
            mixed = [c for c in deciders if c == boundary]
            for k in range(len(mixed) + 1):
                w = math.comb(len(mixed), k) * q ** k * (1 - q) ** (len(mixed) - k)
                ins = burned + sure + mixed[:k]
                if ins:
                    v = _showdown(me, ins, house if rules.house_vs_all else None, pot, pot,
                                  tie, ptie)
                elif house is not None:
                    v = _showdown(me, [], house, pot, pot, tie, ptie)
                else:
                    v = pot
                total += w * v
            return
        for hand in itertools.combinations(avail, n):
            left = [c for c in avail if c not in hand]
            deal(i + 1, left, classes + [order.class_of(list(hand))])

    deal(0, unseen, [])
    return total / deals


PHOENIX_DECK = [c for c in range(52) if c >> 2 >= 10]  # Q K A, four of each: 12 cards


@pytest.mark.parametrize("game, players, deck_name", [
    ("guts321", 3, "small1"), ("challenge", 3, "phoenix"), ("phoenix", 3, "phoenix")])
def test_mixed_ev_polynomial_against_cards_played_out(game, players, deck_name):
    """The exact polynomial EV at q = 1/3 and 5/7 against every deal played out card by card
    (small decks; Phoenix and challenge guts with 3-card hands on 12 cards)."""
    from guts_family.games.equilibrium import mixed_in_ev_poly, poly_value

    g = get_game(game)
    order = g.order(1 if game == "guts321" else None)
    deck = SMALL1 if deck_name == "small1" else PHOENIX_DECK
    tie, ptie = g.rules(None, None)
    s = ThresholdSearch(game, order, players, 3.0, None, tie, ptie, deck)
    cls = s.classes()
    for boundary in (cls[len(cls) // 2], cls[-2]):
        hero = s.hand(cls[-1] if boundary != cls[-1] else cls[0])
        num, den = mixed_in_ev_poly(game, order, hero, players, boundary, 3.0, None, tie, ptie,
                                    deck)
        for q in (Fraction(1, 3), Fraction(5, 7)):
            got = poly_value(num, q) / poly_value(den, q)
            want = _mixed_in_ev_naive(game, order, hero, players, boundary, q, Fraction(3),
                                      tie, ptie, deck)
            assert got == want, (game, boundary, q)


def test_mixed_equilibrium_at_the_one_card_cycle():
    """The 1-card round at 7 players cycles K/A; at q the boundary class K is indifferent:
    EV(in) at the bracket's ends has opposite signs, the bracket is 1e-12 wide, q is the only
    root in [0, 1], and the endpoints q = 0 / 1 are the pure thresholds A / K of ``in_ev``
    (a second path: the threshold model's own count)."""
    from guts_family.games.equilibrium import (
        mixed_equilibrium,
        mixed_in_ev_poly,
        poly_value,
    )

    eq = equilibrium("guts321", 7, cards=1, window=0)
    assert not eq.converged and eq.equilibria == () and eq.mixed is not None
    m = eq.mixed
    assert ONE.label(m.boundary) == "K" and 0 < m.q < 1 and m.checked and m.roots == 1
    assert m.ev_in_low > 0 >= m.ev_in_high and m.q_high - m.q_low <= Fraction(1, 10 ** 12)
    assert abs(m.ev_in) < 1e-9
    s = ThresholdSearch("guts321", ONE, 7, 7.0, None, "replay", "split")
    num, den = mixed_in_ev_poly("guts321", ONE, s.hand(m.boundary), 7, m.boundary, 7.0, None,
                                "replay", "split")
    assert poly_value(num, Fraction(0)) / poly_value(den, Fraction(0)) == s.ev(11, 12)
    assert poly_value(num, Fraction(1)) / poly_value(den, Fraction(1)) == s.ev(11, 11)
    assert mixed_equilibrium(s, ONE.class_from_label("Q")) is None  # no sign change there
    d = eq.as_dict()["mixed"]
    assert d["boundary"] == "K" and d["exact"] and d["roots_in_0_1"] == 1
    assert Fraction(d["q_bracket"][0]) == m.q_low


def test_sturm_count():
    from guts_family.games.equilibrium import sturm_roots

    p = [Fraction(-3, 16), Fraction(1), Fraction(-1)]  # -(x - 1/4)(x - 3/4)
    assert sturm_roots(p, Fraction(0), Fraction(1)) == 2
    assert sturm_roots(p, Fraction(1, 2), Fraction(1)) == 1
    assert sturm_roots([Fraction(1), Fraction(0), Fraction(1)], Fraction(0), Fraction(1)) == 0


@pytest.mark.slow
def test_cli_lists_the_equilibria_and_the_mixed_q(capsys):
    """Text and JSON of a cycling row: no pure equilibrium, q printed; the old fields kept."""
    import json

    from tests.guts.cli.test_omaha import run

    code, out, _ = run(capsys, "equilibrium", "guts321", "--cards", "1", "--players", "7",
                       "--json")
    row = json.loads(out)["rows"][0]
    assert code == 0 and row["threshold"] == "K/A" and row["converged"] is False
    assert row["equilibria"] == [] and row["mixed"]["boundary"] == "K"
    assert abs(row["mixed"]["q"] - 0.8383275335941107) < 1e-12
    code, out, _ = run(capsys, "equilibrium", "guts321", "--cards", "1", "--players", "7")
    assert "mixed equilibrium: in with A or better, with K with probability q = 0.8383275" in out
