"""The player's burn (engine/player_burn.py): the passes reused across rule variations keep
each dealer's own, and huge finite shoes converge to the infinite deck (removal effects shrink
like 1 / decks)."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.engine.player_burn import kept_values, reuse_dealer_passes
from twentyone_burn.rules import Rules


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
