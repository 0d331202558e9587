"""One small report of the infinite-deck game, shared by the report and export tests (built
once a run, by one process: the ``inf_report`` fixture of ``tests/conftest.py``)."""

from __future__ import annotations

from twentyone_burn.report import Report, VariationSpec, build_report
from twentyone_burn.rules import Rules

BASE = Rules(decks=None)
#: a cheap subset of the rule variations: two real ones and one equal to the base rules
VARIATIONS = [VariationSpec("dealer", "dealer stands on soft 17", {"hit_soft_17": False}),
              VariationSpec("splits", "at most 2 hands (no resplits)", {"max_hands": 2}),
              VariationSpec("decks", "infinite deck", {"decks": None})]
SEED = 5
SIM_ROUNDS = 400_000


def infinite_deck_report() -> Report:
    """The shared report (optimal play, the variations above, a seeded simulation)."""
    return build_report(BASE, variations=VARIATIONS, sim_rounds=SIM_ROUNDS, seed=SEED,
                        workers=2)
