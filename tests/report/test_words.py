"""report/words and report/results: the rules in words, the rounding policy, the file stem."""

from __future__ import annotations

from twentyone_burn.report import ROUNDING, describe_rules, report_stem
from twentyone_burn.rules import Rules

from .conftest import BASE


def test_rules_in_words_and_names():
    words = " ".join(describe_rules(Rules(decks=2, hit_soft_17=False, max_hands=2,
                                          double_on="10-11", double_after_split=False,
                                          mandatory_split=False, commission=0.05,
                                          dealer_bust_push=22, ties_lose_from=17)))
    for needle in ("Two 52-card decks", "stands on all 17s", "No resplits", "10 or 11 only",
                   "no doubling after a split", "may be split", "commission of 5%",
                   "22 pushes", "ties lose"):
        assert needle in words
    assert report_stem(Rules()) == "21burn-standard"
    assert report_stem(BASE) == "21burn-" + BASE.rules_hash[:12]
    assert "float64" in ROUNDING
