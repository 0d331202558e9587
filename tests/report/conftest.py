"""One small report of the infinite-deck game, shared by the report tests (built once)."""

from __future__ import annotations

import pytest

from twentyone_burn.engine.game import analyze
from twentyone_burn.report import VariationSpec, build_report
from twentyone_burn.rules import Rules

BASE = Rules(decks=None)
#: a cheap subset of the rule variations: two real ones and one equal to the base rules
VARIATIONS = [VariationSpec("dealer", "dealer stands on soft 17", {"hit_soft_17": False}),
              VariationSpec("splits", "at most 2 hands (no resplits)", {"max_hands": 2}),
              VariationSpec("decks", "infinite deck", {"decks": None})]
SEED = 5
SIM_ROUNDS = 400_000


@pytest.fixture(scope="session")
def base_analysis():
    return analyze(BASE)


@pytest.fixture(scope="session")
def inf_report():
    return build_report(BASE, variations=VARIATIONS, sim_rounds=SIM_ROUNDS, seed=SEED,
                        workers=2)
