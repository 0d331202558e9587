"""report/variations: the list of rule variations, and the table's wiring (one analysis per
distinct rules object, the base reused) with a recording fake engine."""

from __future__ import annotations

from types import SimpleNamespace

from twentyone_burn.report import VariationSpec, variation_specs
from twentyone_burn.report.variations import variation_table
from twentyone_burn.rules import Rules


def test_variation_list_covers_every_rule_the_issue_names():
    specs = variation_specs(Rules())
    changes = [s.changes for s in specs]
    for d in (1, 2, 4, 6, 8, None):
        assert {"decks": d} in changes
    for c in ({"hit_soft_17": False}, {"max_hands": 2}, {"max_hands": 3},
              {"resplit_aces": True}, {"double_after_split": False}, {"double_on": "9-11"},
              {"double_on": "10-11"}, {"mandatory_split": False}):
        assert c in changes
    # against other base rules the yes/no rows flip to the other side
    other = [s.changes for s in variation_specs(Rules(hit_soft_17=False, mandatory_split=False))]
    assert {"hit_soft_17": True} in other and {"mandatory_split": True} in other
    # every variation is valid rules
    for s in specs:
        s.apply(Rules())


def test_one_analysis_per_distinct_rules_and_the_base_reused():
    base = Rules(decks=None)
    calls = []

    def fake(spec, rules):
        calls.append(rules)
        er = {1: -0.5, 2: -0.25}[rules.decks]     # a figure only this rules object gives
        return SimpleNamespace(expected_return=er, house_edge=-er, element_of_risk=-er / 2,
                               average_total_wager=2.0)

    specs = [VariationSpec("decks", "1 deck", {"decks": 1}),
             VariationSpec("decks", "2 decks", {"decks": 2}),
             VariationSpec("decks", "infinite deck", {"decks": None}),
             VariationSpec("decks", "one deck again", {"decks": 1})]
    base_analysis = SimpleNamespace(expected_return=0.25, house_edge=-0.25,
                                    element_of_risk=-0.125, average_total_wager=2.0)
    t = variation_table(base, base_analysis, specs, fake)
    assert calls == [Rules(decks=1), Rules(decks=2)]        # each once, the base never
    assert list(t.expected_return) == [-0.5, -0.25, 0.25, -0.5]
    assert list(t.change) == [-0.75, -0.5, 0.0, -0.75]
    assert list(t.is_base) == [False, False, True, False]
    assert list(t.rules_hash) == [Rules(decks=d).rules_hash for d in (1, 2, None, 1)]
    assert t.changes[2] == {"decks": "inf"}
