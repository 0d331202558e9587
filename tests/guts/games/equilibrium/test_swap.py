"""Phoenix Burn's swap inside the equilibrium (guts_family/games/equilibrium/swap.py): exact EVs
against the card-by-card twins that play the rules out (the swap included), best responses
by full scans of the twins, limits."""

from __future__ import annotations

import itertools

import pytest

from guts_family.cards import parse_cards
from guts_family.games.equilibrium import equilibrium
from guts_family.games.equilibrium.swap import CHECK_WINDOW, SwapModel, swap_equilibrium
from guts_family.games.phoenix_burn import swap as swap_alone
from guts_family.hands import VALUE3
from tests.reference.guts import (
    SMALL3,
    SMALL16,
    swap_burned_naive,
    swap_decider_naive,
)


def _classes(deck):
    return sorted({VALUE3.class_of(list(h)) for h in itertools.combinations(deck, 3)})


@pytest.mark.parametrize("tie,player_tie", [
    ("pot", "split"),
    pytest.param("split", "replay", marks=pytest.mark.slow),
    pytest.param("replay", "split", marks=pytest.mark.slow)])
def test_evs_match_the_rules_played_out_three_players(tie, player_tie, request):
    deck = SMALL3
    slow = request.node.get_closest_marker("slow") is not None
    m = SwapModel(3, 4.0, 3.0, tie, player_tie, 0.5, deck)
    cls = _classes(deck)
    hands = [parse_cards(h) for h in (["Jc Jd Qh", "Kc Qd Jh", "Ac Kc Qd", "Qc Qd Qh"] if slow
                                      else ["Jc Jd Qh", "Ac Kc Qd"])]
    for h in hands:
        c = VALUE3.class_of(h)
        combos = [(cls[3], cls[5]), (c, c)] + ([(cls[0], cls[2]), (VALUE3.n_classes, cls[4])]
                                               if slow else [])
        for s, t in combos:
            for state in ("keep", "swap", "both"):
                never = (state == "keep" and s >= VALUE3.n_classes) or \
                    (state == "swap" and s <= cls[0])  # nobody keeps / nobody swaps
                want = None if never else swap_decider_naive(m.hand(c), 3, s, t, state, 4, 3, tie,
                                                        player_tie, deck)
                assert m.decider(c, s, t, state) == want, (h, s, t, state)
        for t in (cls[0], c, VALUE3.n_classes) if slow else (c,):
            assert m.keep(c, t) == swap_burned_naive(m.hand(c), 3, t, False, 0.5, 4, 3, tie,
                                                player_tie, deck)
            assert m.swap(c, t) == swap_burned_naive(m.hand(c), 3, t, True, 0.5, 4, 3, tie,
                                                player_tie, deck)
    # a state that never happens (nobody kept / nobody swapped) has no EV
    assert m.decider(cls[1], VALUE3.n_classes, cls[1], "keep") is None
    assert m.decider(cls[1], 0, cls[1], "swap") is None


@pytest.mark.parametrize("timing,deck,one_sign_change", [
    ("public", SMALL3, False),
    pytest.param("public", SMALL16, True, marks=pytest.mark.slow),
    pytest.param("hidden", SMALL16, False, marks=pytest.mark.slow)])
def test_the_equilibrium_is_a_fixed_point_of_the_twins_best_responses(timing, deck,
                                                                      one_sign_change):
    """Two players on a small deck: each decider's threshold is the full scan of the twin's EV
    in its state, and the swap rule is the twin's best threshold response: the swap pays with
    the deck's class just below s and not with s. Swapping exactly the classes whose gain is
    positive is a threshold rule with public swaps on the 16-card deck, not in the other two
    cases (hidden, 16 cards: AKQ, gain -0.010, sits below QJJ, +0.078): card removal in tiny
    decks. docs/guts.md, Equilibrium, says where the premise was checked on the full deck."""
    fee, pot = 0.5, 2
    e = swap_equilibrium(2, fee, timing=timing, deck=deck)
    assert e.converged and e.swap_label != "none" and e.swap_below < VALUE3.n_classes
    model = SwapModel(2, pot, None, "pot", "split", fee, deck)
    cls = _classes(deck)
    gains = {c: swap_burned_naive(model.hand(c), 2, e.t_swap, True, fee, pot, None, "pot", "split",
                             deck) - swap_burned_naive(model.hand(c), 2, e.t_keep, False, fee, pot,
                                                  None, "pot", "split", deck) for c in cls}
    below = max(c for c in cls if c < e.swap_below)
    assert gains[below] > 0 >= gains[e.swap_below]
    assert all((gains[c] > 0) == (c < e.swap_below) for c in cls) == one_sign_change
    # the result lists an exception iff the twin finds a class near s that gains from breaking
    # the swap rule (the deciders' rules hold on every class, checked next)
    near = [c for c in cls if abs(c - e.swap_below) <= CHECK_WINDOW]
    assert e.best_response_checked == all((gains[c] > 0) == (c < e.swap_below) for c in near)
    states = ["keep", "swap"] if timing == "public" else ["both"]
    for state, t in zip(states, [e.t_keep, e.t_swap]):
        evs = {c: swap_decider_naive(model.hand(c), 2, e.swap_below, t, state, pot, None, "pot",
                                "split", deck) for c in cls}
        assert all((evs[c] > 0) == (c >= t) for c in cls), state


def test_limits():
    # a fee no swap can repay (EVs lie in [-pay, pot]; just below that bound, so the gains
    # are computed): nobody swaps and the thresholds are those without the swap
    deck = SMALL16
    no_swap = equilibrium("phoenix", 2, deck=deck)
    e = swap_equilibrium(2, fee=3.99, deck=deck)
    assert e.swap_label == "none" and e.swap_below == 0
    assert e.t_keep == no_swap.threshold and e.swap_state_label == "-"
    # the others never in: keeping and swapping are the burned player alone against the pot,
    # as the swap command counts it by cards
    m = SwapModel(2, 10.0, None, "pot", "split", 1.0)
    h = parse_cards("Jd 8c 4h")
    c = VALUE3.class_of(h)
    alone = swap_alone(h, pot=10, fee=1)
    assert m.keep(c, VALUE3.n_classes) == alone.keep.ev_exact(10)
    assert m.swap(c, VALUE3.n_classes) == alone.swap.ev_exact(10) - 1


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_full_deck_huge_fee_keeps_the_published_thresholds(players):
    e = swap_equilibrium(players, fee=2 * players - 0.01)
    assert e.swap_label == "none" and e.keep_label == equilibrium("phoenix", players).label
