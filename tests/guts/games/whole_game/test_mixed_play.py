"""The whole game at a best-response cycle plays the mixed equilibrium (``cycle_rule="mixed"``,
the default): the rule's mix is the exact q of the one-round model, and the kernel plays the
mixed decisions as its plain twin does, bit for bit."""

from __future__ import annotations

from guts_family.games.whole_game.play import game_seeds, play_games
from guts_family.games.whole_game.setting import game_setting
from guts_family.games.whole_game.thresholds import PotThresholds
from tests.reference.guts import play_game_naive


def test_a_cycle_is_played_mixed_by_default_and_like_the_twin():
    s = game_setting("guts321", 7, rounds=(1,), max_deals=30)
    assert s.cycle_rule == "mixed"
    rules = PotThresholds(s)
    r = rules.rule(1, 7.0)
    # q of the one-round table (guts-odds equilibrium guts321 --cards 1 --players 7; its
    # indifference is checked in tests/guts/games/equilibrium/test_equilibria.py)
    assert r.label == "A" and abs(r.mix - 0.8383275335941107) < 1e-12
    assert r.source.startswith("equilibrium cycle K/A, played mixed: K in with probability")
    seeds = game_seeds(5, 4, 30)
    g = play_games(s, rules, seeds)

    def rule(cards, pot):
        x = rules.rule(cards, pot)
        return x.threshold, x.mix, x.challenge

    for i, state in enumerate(seeds.tolist()):
        o = play_game_naive("guts321", 7, s.ante, s.cap, rule, state, max_deals=s.max_deals,
                            tie=s.tie, player_tie=s.player_tie, reante=s.reante,
                            chicken_fee=s.chicken_fee, rounds=s.cycle, burn_tie=s.burn_tie,
                            swap_fee=s.swap_fee, swap_below=s.swap_below,
                            dealer_min=s.dealer_min)
        assert (int(g.deals[i]), int(g.winner[i]), float(g.pot[i])) == \
            (o.deals, o.winner, o.pot_left), i
        assert g.nets[i].tolist() == o.nets


def test_a_capped_pot_mixes_with_the_q_of_that_pot():
    """Phoenix Burn, 3 players, pot 75, cap 10 cycles: the rule at that pot plays the mixed
    equilibrium of the one-round model at the same stakes (the model's table row)."""
    from guts_family.games.equilibrium import equilibrium

    e = equilibrium("phoenix", 3, pot=75.0, cap=10, window=0)
    assert not e.converged and e.mixed is not None
    r = PotThresholds(game_setting("phoenix", 3, cap=10)).rule(3, 75.0)
    assert r.threshold == e.mixed.boundary + 1 and abs(r.mix - e.mixed.q) < 1e-12
