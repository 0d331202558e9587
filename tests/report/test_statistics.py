"""report/statistics: the dealer and burn tables of a report, against plain recursions of the
dealer and the sums the tables must make."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.shoe import INFINITE_PROBS, RANKS, UP_ORDER

#: the dealer's burn values: the ace is the highest card (11)
BURN_VALUE = [11, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def _plain_dealer(up: int, burn: bool) -> list[float]:
    """An H17 dealer on an infinite deck, by plain recursion (17..21, 22, 23+): the ordinary
    dealer takes one hole card; the 21 Burn dealer takes two and burns the highest of its
    three cards (the rule sheet), then draws."""
    out = [0.0] * 7

    def draw(cards: list[int], p: float) -> None:
        total, aces = sum(c + 1 for c in cards), cards.count(0)
        soft = aces > 0 and total + 10 <= 21
        best = total + 10 if soft else total
        if best > 21:
            out[5 if best == 22 else 6] += p
            return
        if best > 17 or (best == 17 and not soft):
            out[best - 17] += p
            return
        for r in range(10):
            draw(cards + [r], p * INFINITE_PROBS[r])

    if not burn:
        draw([up], 1.0)
        return out
    for c1 in range(10):
        for c2 in range(10):
            three = sorted([up, c1, c2], key=lambda c: BURN_VALUE[c])
            draw(three[:2], INFINITE_PROBS[c1] * INFINITE_PROBS[c2])
    return out


@pytest.mark.parametrize("dealer", ["21 Burn", "ordinary"])
def test_dealer_comparison(inf_report, dealer):
    d = inf_report.dealer
    assert np.allclose(d[["17", "18", "19", "20", "21", "bust"]].sum(axis=1), 1.0, atol=1e-12)
    rows = d[d.dealer == dealer].set_index("up")
    for up in RANKS:
        ref = _plain_dealer(RANKS.index(up), burn=dealer == "21 Burn")
        got = [rows.loc[up, k] for k in ("17", "18", "19", "20", "21", "22", "23+")]
        assert got == pytest.approx(ref, abs=1e-12), up
        assert rows.loc[up, "bust"] == pytest.approx(rows.loc[up, "22"] + rows.loc[up, "23+"],
                                                     abs=1e-15)
    o = inf_report.dealer_overall.set_index("dealer")
    assert o.loc[dealer, "bust"] == pytest.approx(
        sum(INFINITE_PROBS[i] * rows.loc[u, "bust"] for i, u in enumerate(RANKS)), abs=1e-14)


def test_burn_statistics_add_up_to_the_reports_probabilities(inf_report):
    b = inf_report.burn
    p = inf_report.probabilities
    er = inf_report.summary["expected_return"]
    burned = dict(zip(b["burned"]["rank"], b["burned"]["probability"]))
    for r in RANKS:
        assert burned[r] == pytest.approx(p[f"burn_{r}"], abs=1e-15)
    assert np.allclose(b["burned_by_up"].sum(axis=1), 1.0, atol=1e-12)
    kept = b["kept"].set_index(["kept", "action"])
    for kind in ("hard", "soft", "pair"):
        assert kept.loc[(kind, "all"), "probability"] == pytest.approx(p[f"kept_{kind}"],
                                                                      abs=1e-15)
    assert kept.loc[("hard", "double"), "probability"] + kept.loc[("soft", "double"),
                                                                  "probability"] \
        == pytest.approx(p["double"], abs=1e-14)
    pairs = b["pairs"]
    assert pairs["split"].sum() == pytest.approx(p["forced_split"], abs=1e-14)
    assert pairs["contribution"].sum() == pytest.approx(
        kept.loc[("pair", "all"), "contribution"], abs=1e-14)
    assert (pairs["unavoidable"] <= pairs["split"]).all()
    by_up = b["by_up"]
    assert by_up["contribution"].sum() == pytest.approx(er, abs=1e-14)
    # rows in the printed up-card order (ace last)
    assert list(by_up["up"]) == list(UP_ORDER)
    assert by_up.set_index("up")["probability"][list(RANKS)].to_numpy() == \
        pytest.approx(INFINITE_PROBS, abs=1e-14)
    v = b["burn_value"]
    assert v["best_burn"] == er
    assert v["best_burn"] > v["random_burn"] > v["worst_burn"]
    assert 0 < v["chance_of_a_choice"] < 1 and v["gain_over_second_best"] > 0
