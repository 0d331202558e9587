"""The exact split (engine/split.py, CDP-H) against brute force that deals every card of the
whole split for real, in table order (tests/reference/engine.py), on small shoes rich in the
pair rank so that resplits to four hands are frequent; under the rule sheet and each
game-design knob. The post-split strategies CDZ- and CDP1: test_split_strategies.py."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.cases import KNOBS, SPLIT_CASES, engine_strategy
from tests.reference import engine as ref
from twentyone_burn.engine.split import split_on_shoe
from twentyone_burn.rules import Rules


def _check_split(pair, burned, up, shoe, rules):
    """The engine's split EV and wager against every card sequence of the split, dealt for
    real and played by the engine's own decisions."""
    sv = split_on_shoe(rules, up, burned, pair, shoe, keep_tables=True)
    unseen = list(shoe)
    for x in (up, burned, pair, pair):
        unseen[x] -= 1
    decide, resplit = engine_strategy(sv)
    ev, wager = ref.split_ev(tuple(int(x) for x in unseen), pair, up, rules, decide, resplit)
    assert sv.ev == pytest.approx(ev, abs=1e-12)
    assert sv.wager == pytest.approx(wager, abs=1e-12)


@pytest.mark.parametrize("pair,burned,up,shoe,rules", SPLIT_CASES)
def test_split_ev_matches_every_card_sequence(pair, burned, up, shoe, rules):
    _check_split(pair, burned, up, shoe, rules)


@pytest.mark.parametrize("knobs", KNOBS[:4])
def test_split_ev_matches_every_card_sequence_under_the_design_knobs(knobs):
    _check_split(7, 2, 5, np.array([1, 1, 2, 1, 2, 2, 1, 7, 1, 5]), Rules(decks=1, **knobs))
