"""Playing games (guts_family/games/whole_game/play.py): a game depends only on its own seed;
money is conserved (the seats' results and the pot left on the table add up to zero); the
cut, the antes and the rules of nobody in give the amounts worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from guts_family.games.whole_game import _kernel as K
from guts_family.games.whole_game.play import game_seeds, play_chunk, play_games
from guts_family.games.whole_game.setting import game_setting
from guts_family.games.whole_game.thresholds import PotThresholds


def _play(game, players, seeds, **kw):
    s = game_setting(game, players, **kw)
    return s, play_games(s, PotThresholds(s), seeds)


def test_a_game_depends_only_on_its_own_seed():
    seeds = game_seeds(3, 1, 200)
    _, whole = _play("phoenix", 4, seeds, cap=6, thresholds="AK2")
    _, part = _play("phoenix", 4, seeds[50:70], cap=6, thresholds="AK2")
    assert whole.deals[50:70].tolist() == part.deals.tolist()
    assert np.array_equal(whole.nets[50:70], part.nets)
    assert game_seeds(3, 1, 200).tolist() == seeds.tolist() != game_seeds(3, 2, 200).tolist()


@pytest.mark.parametrize("game, kw", [
    ("phoenix", {"cap": 5, "swap_fee": 1.0, "swap_below": "Q32", "tie": "split",
                 "thresholds": "A32"}),
    ("guts321", {"cap": 4, "chicken_fee": 0.5, "thresholds": "3=K98,2=A2,1=Q",
                 "tie": "split"}),
    ("challenge", {"cap": 7, "tie": "split", "ante": 0.5, "thresholds": "KQ2"}),
])
def test_money_is_conserved_in_every_game(game, kw):
    _, g = _play(game, 4, game_seeds(9, 0, 3000), max_deals=12, **kw)
    total = g.nets.sum(axis=1) + g.pot  # what the seats won or lost, and what is left
    assert np.abs(total).max() < 1e-9 and (g.pot[g.status == K.ENDED] == 0).all()
    assert (g.status == K.CUT).sum() == (g.pot > 0).sum() > 0   # some games are cut at 12


def test_nobody_ever_in_cuts_every_game_with_the_antes_in_the_pot():
    """Guts, thresholds 'none': nobody ever goes in; every player re-antes after each deal
    and pays the chicken fee (not after the last deal, which is cut): 5 antes and 4 fees."""
    s, g = _play("guts321", 3, game_seeds(1, 0, 50), thresholds="3=none,2=none,1=none",
                 max_deals=5, chicken_fee=0.5)
    assert (g.status == K.CUT).all() and (g.deals == 5).all()
    assert np.allclose(g.nets, -(5 * 1.0 + 4 * 0.5)) and np.allclose(g.pot, 3 * 7.0)
    assert (g.events[:, K.NOBODY_IN] == 5).all() and (g.events[:, K.CARRIED] == 5).all()


def test_everyone_always_in_ends_a_two_player_game_only_by_a_shared_pot():
    """Guts one-card rounds, two players who always go in: a showdown every deal; the winner
    takes the pot and the loser's match (the pot, at most the cap) is the next pot, with no
    ante, so only a tie (the pot split, nothing carried) ends the game."""
    s, g = _play("guts321", 2, game_seeds(4, 0, 400), rounds=(1,), thresholds="1=2",
                 max_deals=60, cap=1.5)
    ended = g.status == K.ENDED
    assert (g.deals[g.status == K.CUT] == 60).all() and (g.winner[ended] == -1).all()
    first = g.deals == 1
    assert np.allclose(g.nets[first], 0.0) and (g.last_pot[first] == 2.0).all()
    assert set(g.last_pot[ended & ~first].tolist()) == {1.5}
    assert (g.events[:, K.NOBODY_IN] == 0).all() and (g.events[:, K.CARRIED] == 0).all()


def test_a_chunk_tally_counts_its_games():
    s = game_setting("challenge", 3, cap=5)
    t = play_chunk(s, PotThresholds(s), 5, 0, 300)
    assert t.games == 300 == int(t.deals_hist.sum()) and t.imbalance < 1e-9
    assert int(t.winners.sum()) + t.shared + t.cut == 300
