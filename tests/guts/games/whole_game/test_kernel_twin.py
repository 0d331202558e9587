"""The whole game's kernel (guts_family/games/whole_game/_kernel.py) against its plain twin
(tests/reference/guts.py:play_game_naive): the same games, bit for bit, from the same seeds -
every game, the options that change a rule (ties, the burn tie's redeal, the swap, the
dealer's qualifier, fixed thresholds, the chicken fee, re-antes, round sizes, a short cut)."""

from __future__ import annotations

import pytest

from guts_family.games.whole_game.play import game_seeds, play_games
from guts_family.games.whole_game.setting import game_setting
from guts_family.games.whole_game.thresholds import PotThresholds
from tests.reference.guts import play_game_naive

CASES = [
    ("phoenix", 4, {"cap": 5}),
    ("phoenix", 5, {"cap": 4, "burn_tie": "redeal", "swap_fee": 1.0, "swap_below": "Q32",
                    "tie": "split", "thresholds": "KQ2"}),
    ("phoenix", 3, {"tie": "replay", "player_tie": "replay", "thresholds": "A32",
                    "reante": "every", "ante": 0.5}),
    ("guts321", 3, {"cap": 6, "chicken_fee": 1.0, "thresholds": "3=K98"}),
    ("guts321", 4, {"cap": 5, "rounds": (2, 1), "tie": "split", "player_tie": "replay",
                    "thresholds": "2=Q2,1=T"}),
    ("guts321", 2, {"rounds": (1,), "tie": "pot", "reante": "never", "max_deals": 3}),
    ("challenge", 4, {"cap": 8}),
    ("challenge", 5, {"cap": 3, "dealer_min": "A", "tie": "pot", "thresholds": "K32"}),
    ("challenge", 3, {"cap": 3, "tie": "split", "reante": "unwon", "chicken_fee": 2.0}),
]


@pytest.mark.parametrize("game, players, kwargs", CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_the_kernel_plays_the_twins_games_bit_for_bit(game, players, kwargs):
    s = game_setting(game, players, max_deals=kwargs.pop("max_deals", 40), **kwargs)
    rules = PotThresholds(s)
    seeds = game_seeds(11, 3, 40)
    g = play_games(s, rules, seeds)

    def rule(cards, pot):
        r = rules.rule(cards, pot)
        return r.threshold, r.mix, r.challenge

    events = 0
    for i, state in enumerate(seeds.tolist()):
        o = play_game_naive(game, players, s.ante, s.cap, rule, state, max_deals=s.max_deals,
                            tie=s.tie, player_tie=s.player_tie, reante=s.reante,
                            chicken_fee=s.chicken_fee, rounds=s.cycle, burn_tie=s.burn_tie,
                            swap_fee=s.swap_fee, swap_below=s.swap_below,
                            dealer_min=s.dealer_min)
        assert (int(g.deals[i]), g.status[i] == 1, int(g.winner[i]), float(g.pot[i])) == \
            (o.deals, o.ended, o.winner, o.pot_left), i
        assert g.nets[i].tolist() == o.nets and g.events[i].tolist() == list(o.events.values())
        assert g.last_pot[i] == o.last_pot or not o.ended
        events += sum(o.events.values())
    assert events > 0


def test_the_twin_sees_a_mixed_decision_as_the_kernel_does():
    """The kernel reads a mixing probability for the class below the threshold (none of the
    equilibria mix yet): a rule that mixes is played the same by both."""
    from guts_family.games.whole_game import _kernel as K
    from guts_family.games.whole_game.play import kernel_arrays

    s = game_setting("guts321", 3, rounds=(1,), max_deals=30)
    ispec, fspec, cycle, (l3, l2, l1) = kernel_arrays(s)
    seeds = game_seeds(2, 0, 30)
    import numpy as np

    n = len(seeds)
    rng, pot = seeds.copy(), np.full(n, 3.0)
    deals, nets = np.zeros(n, np.int64), np.full((n, 3), -1.0)
    status, last, winner = np.zeros(n, np.int8), np.zeros(n), np.full(n, -1, np.int64)
    events = np.zeros((n, K.N_EVENTS), np.int64)
    active = np.arange(n)
    while len(active):
        k = len(active)
        K._play_deal(active, ispec, fspec, cycle, l3, l2, l1, np.full(k, 10), np.full(k, 0.5),
                     np.zeros(k, np.int64), np.full(k, 13), rng, pot, deals, nets, status,
                     last, winner, events)
        active = active[status[active] == 0]
    for i, state in enumerate(seeds.tolist()):
        o = play_game_naive("guts321", 3, 1.0, None, lambda c, p: (10, 0.5, 13), state,
                            max_deals=30, rounds=(1,))
        assert (int(deals[i]), nets[i].tolist()) == (o.deals, o.nets)
