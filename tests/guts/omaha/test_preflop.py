"""The stored preflop ordering (guts_family/omaha/preflop.py, omaha/data): rebuilt from its
seed, byte for byte on a few classes; its top."""

from __future__ import annotations

import numpy as np

from guts_family.cards import parse_cards
from guts_family.omaha.preflop import build_preflop_table, quantise
from guts_family.omaha.ranges import (
    N_CLASSES,
    N_HOLDINGS,
    PREFLOP_SAMPLES,
    PREFLOP_SEED,
    hand_index,
    parse_omaha_range,
    preflop_equity,
    preflop_table,
    suit_classes,
)


def test_the_stored_table_is_the_documented_sample():
    high, hilo = preflop_equity(False), preflop_equity(True)
    assert high.shape == hilo.shape == (N_CLASSES,)
    # rebuilt from the documented seed: identical up to the 16-bit rounding, and the stored
    # 16-bit integers of the data files exactly
    some = [0, 5, 1234, 9999, N_CLASSES - 1]
    for game, table in ((False, high), (True, hilo)):
        again = build_preflop_table(game, PREFLOP_SAMPLES, PREFLOP_SEED, classes=some)
        assert np.abs(again - table[some]).max() <= 0.5 / 65535 + 1e-12
        assert (quantise(again) == preflop_table(game)[some]).all()


def test_the_ordering_puts_aakk_double_suited_at_the_top():
    cls, _ = suit_classes()
    high = preflop_equity(False)
    aakk_ds = cls[hand_index(parse_cards("AsAhKsKh"))]
    # the sampled figures near the top are within a few standard errors of each other
    assert high[aakk_ds] >= np.sort(high)[-40] and high[aakk_ds] > 0.70
    top1 = parse_omaha_range("top 1%")
    assert top1.mask[hand_index(parse_cards("AsAhKsKh"))]
    assert not top1.mask[hand_index(parse_cards("7c2d3h9s"))]
    # whole suit classes: at least the share asked, by less than one class more
    for pct in (5, 20, 50):
        r = parse_omaha_range(f"top {pct}%")
        assert pct / 100 <= r.share < pct / 100 + 24 / N_HOLDINGS
        assert r.uses_ordering and "sampled" in r.describe()
