"""The player's burn (engine/player_burn.py): the passes reused across rule variations keep
each dealer's own, and huge finite shoes converge to the infinite deck (removal effects shrink
like 1 / decks)."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.engine.player import payoff_table
from twentyone_burn.engine.player_burn import (
    kept_values,
    reuse_dealer_passes,
    split_stand_cached,
    unsplit_hands,
    unsplit_stand_cached,
)
from twentyone_burn.engine.split import split_stand_evs
from twentyone_burn.engine.stand import stand_evs
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import full_shoe


def test_reused_dealer_passes_tell_the_dealers_apart():
    """Inside one reuse block (as the report's variations run) each dealer burn gets its own
    passes: the values equal those of separate runs (one up card's kept values, one deck)."""
    rules = Rules(decks=1, max_hands=2)
    low = rules.replace(dealer_burn="lowest")
    alone = kept_values(low, 5).best
    with reuse_dealer_passes(rules):
        kept_values(rules, 5)
        shared = kept_values(low, 5).best
    ok = ~np.isnan(alone)
    assert np.array_equal(shared[ok], alone[ok])
    assert np.abs(kept_values(rules, 5).best[ok] - alone[ok]).max() > 0.01


@pytest.mark.parametrize("ties", [17, 21])
def test_a_pass_for_another_payoff_takes_the_rows_it_shares_to_the_bit(ties):
    """Ties that lose change the payoff rows of the totals from ``ties`` up: inside a reuse
    block the other totals' hands come from the first rules' pass, and the whole pass (split
    hands' and unsplit) is bit for bit a pass of its own, computed outside any block."""
    rules = Rules(decks=1)
    other = rules.replace(ties_lose_from=ties)
    base = full_shoe(1)
    base[5] -= 1
    base_p = base.copy()
    base_p[7] -= 1
    pay = payoff_table(other)
    alone_split = split_stand_evs(other, 5, 7, base_p, pay)
    alone = stand_evs(other, 5, base, unsplit_hands(), payoff=pay)[:, :, 0]
    with reuse_dealer_passes():
        split_stand_cached(rules, 5, 7, base_p, payoff_table(rules))
        unsplit_stand_cached(rules, 5, base, payoff_table(rules))
        shared_split = split_stand_cached(other, 5, 7, base_p, pay)
        shared = unsplit_stand_cached(other, 5, base, pay)
    assert shared_split.tobytes() == alone_split.tobytes()
    assert shared.tobytes() == alone.tobytes()
    assert not np.array_equal(shared, unsplit_stand_cached(rules, 5, base, payoff_table(rules)))


@pytest.mark.parametrize("up", [1, 5, 9])
def test_huge_shoe_converges_to_infinite_deck(up):
    inf = kept_values(Rules(decks=None), up)
    diffs = []
    for decks in (100, 10_000):
        kv = kept_values(Rules(decks=decks), up)
        ok = kv.possible
        d = max(np.nanmax(np.abs(kv.best[ok] - inf.best[ok])),
                np.nanmax(np.abs(kv.stand[ok] - inf.stand[ok])))
        diffs.append(d)
    assert diffs[1] < 2e-4
    assert diffs[1] < diffs[0] / 20  # removal effects shrink like 1/decks
