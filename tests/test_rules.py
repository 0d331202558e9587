"""The rules object (twentyone_burn/rules.py): TOML round trip and hash, bad values named,
the post-split option and the standard hash; and its rule predicates - each clause of the rule
sheet the engine asks - against the reference written from the rule sheet
(tests/reference/engine.py)."""

from __future__ import annotations

import itertools

import pytest

from tests.reference import engine as ref
from twentyone_burn.rules import Rules, RulesError


def test_rules_round_trip_and_hash(tmp_path):
    r = Rules(decks=2, hit_soft_17=False, max_hands=3, double_on="9-11")
    f = tmp_path / "r.toml"
    f.write_text(r.to_toml())
    back = Rules.from_toml(f)
    assert back == r and hash(back) == hash(r)
    assert back.rules_hash == r.rules_hash != Rules().rules_hash
    assert Rules.from_dict({"decks": "inf"}).to_dict()["decks"] == "inf"


@pytest.mark.parametrize("data,needle", [
    ({"decks": 0}, "decks"), ({"decks": "six"}, "decks"), ({"max_hands": 5}, "max_hands"),
    ({"double_on": "8-11"}, "double_on"), ({"colour": "red"}, "unknown rules key"),
    ({"commission": 1.5}, "commission"), ({"hit_soft_17": "yes"}, "hit_soft_17"),
])
def test_bad_rules_name_the_problem(data, needle):
    with pytest.raises(RulesError, match=needle):
        Rules.from_dict(data)


STANDARD_HASH = "e4f96ba9c93632778c9afa69d3ab699a2a54abde3ff46dfc46453e6064f5b661"


def test_standard_rules_hash_is_unchanged():
    assert Rules().rules_hash == STANDARD_HASH
    assert Rules(post_split="cdp-h").rules_hash == STANDARD_HASH
    assert "post_split" not in Rules().to_dict()


@pytest.mark.parametrize("name", ["cdz-", "cdp1"])
def test_a_non_default_post_split_is_in_the_json_and_the_hash(name):
    r = Rules(post_split=name)
    assert r.to_dict()["post_split"] == name
    assert r.rules_hash != STANDARD_HASH
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict({"post_split": name}).rules_hash == r.rules_hash


def test_classic_deal_json_keeps_post_split():
    r = Rules(player_cards=2, dealer_burn=False, naturals="peek", mandatory_split=False)
    assert r.to_dict()["post_split"] == "cdp-h"
    with pytest.raises(RulesError, match="post_split must be one of"):
        Rules(post_split="cdp")
    with pytest.raises(RulesError, match="naturals is an option of the two-card deal"):
        Rules(naturals="peek", dealer_burn="none")


# -- the rule predicates --------------------------------------------------------------------------
VARIANTS = [Rules(), Rules(max_hands=2), Rules(max_hands=3, resplit_aces=True),
            Rules(split_aces_one_card=False, mandatory_split=False),
            Rules(dealer_bust_push=23, ties_lose_from=19, win_pays="4:5", commission=0.05),
            Rules(dealer_bust_push=22, ties_lose_from=17)]


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_split_predicates_are_the_references(rules):
    for pair in range(10):
        assert rules.one_card_split(pair) == ref.one_card(rules, pair)
        for hands in range(2, 5):
            assert rules.may_resplit(pair, hands) == ref.may_resplit(rules, pair, hands)
        # a kept pair must be split (by the option); any other two cards never
        for other in range(10):
            assert rules.must_split(pair, other) == (pair == other and rules.mandatory_split)


@pytest.mark.parametrize("rules", VARIANTS)
def test_payoff_is_the_references_result(rules):
    for total, dealer in itertools.product(range(4, 27), range(17, 27)):
        assert rules.payoff(total, dealer) == ref.result(total, min(dealer, 24) - 17, rules)


def test_naturals_and_surrender_follow_their_options():
    burn, peek = Rules(), Rules(player_cards=2, dealer_burn="none", naturals="peek",
                                surrender="late", natural_pays="6:5")
    enhc = peek.replace(naturals="enhc", surrender="none")
    # 21 Burn: a two-card 21 is an ordinary 21, no peek, no natural, no surrender
    assert not any(burn.is_natural(a, c) for a in range(10) for c in range(10))
    assert (burn.dealer_peeks, burn.natural_takes_all, burn.may_surrender()) == \
        (False, False, False)
    assert [burn.natural_hole(up) for up in range(10)] == [-1] * 10
    naturals = {(a, c) for a in range(10) for c in range(10) if peek.is_natural(a, c)}
    assert naturals == {(0, 9), (9, 0)}
    assert peek.natural_amount == 1.2 and enhc.natural_amount == 1.2
    assert [peek.natural_hole(up) for up in (0, 9, 5)] == [9, 0, -1]
    assert (peek.dealer_peeks, peek.natural_takes_all, peek.may_surrender(),
            peek.may_surrender(split_hand=True)) == (True, False, True, False)
    assert (enhc.dealer_peeks, enhc.natural_takes_all, enhc.may_surrender()) == \
        (False, True, False)


@pytest.mark.parametrize("double_on", ["any", "9-11", "10-11"])
@pytest.mark.parametrize("das", [True, False])
def test_may_double_is_the_references(double_on, das):
    rules = Rules(double_on=double_on, double_after_split=das)
    for a, c in itertools.combinations_with_replacement(range(10), 2):
        hard = ref.VALUE[a] + ref.VALUE[c]
        for split_hand in (False, True):
            assert rules.may_double(hard, ref.is_soft((a, c)), split_hand) == \
                ref.may_double(rules, (a, c), split_hand), (a, c, split_hand)
