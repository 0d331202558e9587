"""statistics: the report's tables computed from engine and simulator results.

The dealer with and without the burn, the player's burn and kept hands, the headline figures of
an analysis, and the per-round figures of a simulation. Exact here means: from the engine's
complete enumeration, in float64, nothing rounded before the printed figure. The per-round
figures (:func:`simulated_figures`) are *simulated* (split hands are correlated through the
dealer, so the engine gives their sums exactly but not their joint distribution) and always
carry their number of rounds, seed and standard errors.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from ..engine.dealer import dealer_distribution
from ..engine.results import Analysis, outcome_dict
from ..rules import Rules
from ..shoe import RANK_INDEX, RANKS, UP_ORDER, full_shoe, up_card_probabilities
from ..sim import SimResult
from .results import SimulatedFigures

__all__ = ["burn_statistics", "dealer_comparison", "dealer_overall", "headline_figures",
           "simulated_figures"]


def headline_figures(a: Analysis) -> dict[str, float]:
    """The four headline figures of an analysis, as the summary and the variation rows hold them.

    >>> from types import SimpleNamespace as NS
    >>> headline_figures(NS(expected_return=-0.1, house_edge=0.1, element_of_risk=0.08,
    ...                     average_total_wager=1.25))["element_of_risk"]
    0.08
    """
    return {"expected_return": a.expected_return, "house_edge": a.house_edge,
            "element_of_risk": a.element_of_risk,
            "average_total_wager": a.average_total_wager}


# -- the dealer, with and without the burn -----------------------------------------------------
def dealer_comparison(rules: Rules) -> pd.DataFrame:
    """Dealer final totals by up card: the rules' dealer beside an ordinary two-card dealer.

    One row per (up card, dealer), for the full shoe less the up card; columns 17..21, 22, 23+
    (22 apart, for the dealer-bust-push knob) and bust (= 22 + 23+). "21 Burn" is the game's
    dealer under these rules (``dealer_burn``: it burns its highest card as the rule sheet
    says, or its lowest, or none); the ordinary dealer takes one hole card and burns nothing;
    both follow the rules' soft-17 rule.

    >>> d = dealer_comparison(Rules(decks=None))
    >>> list(d.columns)
    ['up', 'dealer', '17', '18', '19', '20', '21', '22', '23+', 'bust']
    >>> b = d.set_index(["dealer", "up"]).bust
    >>> (bool(b["21 Burn", "A"] > 2 * b["ordinary", "A"]),
    ...  bool(b["21 Burn", "6"] < b["ordinary", "6"]))
    (True, True)
    """
    dealers = (("21 Burn", rules.dealer_burn), ("ordinary", "none"))
    rows = []
    for up in (RANK_INDEX[u] for u in UP_ORDER):    # printed tables: up cards ace last
        unseen = None
        if rules.decks is not None:   # a finite shoe
            unseen = full_shoe(rules.decks)
            unseen[up] -= 1
        for name, burn in dealers:
            d = dealer_distribution(rules, up, unseen, burn=burn)
            o = outcome_dict(d)
            rows.append({"up": RANKS[up], "dealer": name,
                         **{k: o[k] for k in ("17", "18", "19", "20", "21")},
                         "22": float(d[5]), "23+": float(d[6:].sum()), "bust": o["bust"]})
    return pd.DataFrame(rows)


def dealer_overall(rules: Rules, dealer: pd.DataFrame) -> pd.DataFrame:
    """Each dealer's final totals over all up cards (weighted by the up card's probability).

    >>> o = dealer_overall(Rules(decks=None), dealer_comparison(Rules(decks=None)))
    >>> list(o.dealer), bool(abs(o.iloc[0, 1:-1].sum() - 1) < 1e-12)
    (['21 Burn', 'ordinary'], True)
    """
    w = up_card_probabilities(rules)
    cols = ["17", "18", "19", "20", "21", "22", "23+", "bust"]
    rows = []
    for name in ("21 Burn", "ordinary"):
        sub = dealer[dealer["dealer"] == name]
        weights = np.array([w[u] for u in sub["up"]])
        rows.append({"dealer": name, **{c: float(weights @ sub[c].to_numpy()) for c in cols}})
    return pd.DataFrame(rows)


# -- the player's burn --------------------------------------------------------------------------
def burn_statistics(analysis: Analysis) -> dict[str, Any]:
    """The player's burn and kept hands, from the analysis' per-deal and per-burn tables.

    Returns DataFrames ``burned`` (rank, probability), ``burned_by_up`` (P(burned rank | up
    card), rows = up card), ``kept`` (kept-hand kind x first action: probability, EV given it,
    contribution), ``pairs`` (kept pairs by rank: probability, how often split, how often
    unavoidable, EV of the round, split hands, doubled split hands, and the EV the split gains
    over playing the pair as one hand with the same burn), and ``by_up`` (expected return by up
    card); and dict ``burn_value`` (expected return with the best, a random and the worst
    burn, each followed by optimal play, and how often the burn is a real choice).

    >>> from twentyone_burn.engine.game import analyze
    >>> s = burn_statistics(analyze(Rules(decks=None)))
    >>> round(float(s["burned"].probability.sum()), 12), sorted(s["burn_value"])[:2]
    (1.0, ['best_burn', 'chance_of_a_choice'])
    """
    d = analysis.deals
    p = d["probability"].to_numpy()
    total = p.sum()
    burned = pd.DataFrame({"rank": list(RANKS),
                           "probability": [float(p[(d["burn"] == r).to_numpy()].sum())
                                           for r in RANKS]})
    by_up = {}
    for up in UP_ORDER:
        m = (d["up"] == up).to_numpy()
        pu = p[m].sum()
        by_up[up] = [float(p[m & (d["burn"] == r).to_numpy()].sum() / pu) for r in RANKS]
    burned_by_up = pd.DataFrame.from_dict(by_up, orient="index", columns=list(RANKS))
    burned_by_up.index.name = "up"

    rows = []
    for kind in ("hard", "soft", "pair"):
        mk = (d["kind"] == kind).to_numpy()
        for action in ("all", "stand", "hit", "double", "split"):
            m = mk if action == "all" else mk & (d["action"] == action).to_numpy()
            pm = float(p[m].sum())
            if pm == 0.0:
                continue
            contrib = float(p[m] @ d["ev"].to_numpy()[m])
            rows.append({"kept": kind, "action": action, "probability": pm,
                         "ev": contrib / pm, "contribution": contrib})
    kept = pd.DataFrame(rows)

    b = analysis.burns
    best_pair = b[b["best"].to_numpy() & (b["kind"] == "pair").to_numpy()]
    unsplit = best_pair[["stand", "hit", "double"]].max(axis=1).to_numpy()
    split_gain = best_pair["split"].to_numpy() - unsplit
    rows = []
    for r in RANKS:
        m = ((d["kind"] == "pair") & (d["kept"].str[0] == r)).to_numpy()
        pm = float(p[m].sum())
        if pm == 0.0:
            continue
        ms = m & (d["action"] == "split").to_numpy()
        ps = float(p[ms].sum())
        mb = (best_pair["kept"].str[0] == r).to_numpy()
        pb = best_pair["probability"].to_numpy()[mb]
        contrib = float(p[m] @ d["ev"].to_numpy()[m])
        rows.append({
            "pair": r + r, "probability": pm, "split": ps,
            "unavoidable": float(p[m & (d["choices"] == 1).to_numpy()].sum()),
            "ev": contrib / pm, "contribution": contrib,
            "split_hands": float(p[ms] @ d["split_hands"].to_numpy()[ms]) / ps if ps else 0.0,
            "split_hands_doubled": (float(p[ms] @ d["split_doubles"].to_numpy()[ms]) / ps
                                    if ps else 0.0),
            "split_gain": float(pb @ split_gain[mb] / pb.sum()),
        })
    pairs = pd.DataFrame(rows)

    rows = []
    for up in UP_ORDER:
        m = (d["up"] == up).to_numpy()
        pm = float(p[m].sum())
        contrib = float(p[m] @ d["ev"].to_numpy()[m])
        rows.append({"up": up, "probability": pm, "ev": contrib / pm, "contribution": contrib,
                     "average_total_wager": float(p[m] @ d["wager"].to_numpy()[m]) / pm})
    by_up_card = pd.DataFrame(rows)

    # A random burn picks each of the three cards with chance 1/3: a burn of a rank held
    # twice has weight 2/3.
    mult = np.array([cards.count(burn) for cards, burn in zip(b["cards"], b["burn"])])
    ev_b = b["ev"].to_numpy()
    worst = b.groupby(["up", "cards"], sort=False).agg(probability=("probability", "first"),
                                                     ev=("ev", "min"))
    choice = (d["choices"] > 1).to_numpy()
    burn_value = {
        "best_burn": analysis.expected_return,
        "random_burn": float(b["probability"].to_numpy() @ (mult / 3.0 * ev_b)),
        "worst_burn": float(worst["probability"].to_numpy() @ worst["ev"].to_numpy()),
        "chance_of_a_choice": float(p[choice].sum() / total),
        "gain_over_second_best": float(p[choice] @ (d["ev"].to_numpy()[choice]
                                                    - d["ev_second"].to_numpy()[choice])),
    }
    return {"burned": burned, "burned_by_up": burned_by_up, "kept": kept, "pairs": pairs,
            "by_up": by_up_card, "burn_value": burn_value}


# -- simulated figures -------------------------------------------------------------------------
def simulated_figures(sim: SimResult, seed: int | None) -> SimulatedFigures:
    """The report's per-round figures from a :class:`~twentyone_burn.sim.SimResult`.

    >>> from twentyone_burn.sim import Counts, SimResult
    >>> c = Counts.zeros(); c.hist[1, 0, 0] = 3; c.hist[0, 1, 0] = 1
    >>> f = simulated_figures(SimResult(Rules(), "x", "h", 7, 4, 4, None, c), 7)
    >>> f.mean, list(f.net.net), list(f.frequencies.probability)
    (0.5, [-1.0, 1.0], [0.75, 0.0, 0.25])
    """
    n = sim.rounds
    dist = sim.net_distribution()
    x = np.array(list(dist.keys()), dtype=np.float64)
    px = np.array(list(dist.values()), dtype=np.float64)
    m = float(px @ x)
    m2 = float(px @ (x - m) ** 2)
    m4 = float(px @ (x - m) ** 4)
    sd = sim.sd
    sd_se = math.sqrt(max(0.0, m4 - m2 * m2) / n) / (2 * sd) if sd > 0 else float("nan")

    def se(q: float) -> float:
        return math.sqrt(q * (1 - q) / n)

    net = pd.DataFrame({"net": x, "probability": px, "se": [se(q) for q in px]})
    fr = sim.frequencies
    freq = pd.DataFrame({"result": ["win", "push", "loss"],
                         "probability": [fr["win"], fr["push"], fr["loss"]]})
    freq["se"] = [se(q) for q in freq["probability"]]
    js = sim.to_json_dict()
    return SimulatedFigures(n, seed, int(sim.seed_entropy), int(sim.chunk_size), sim.strategy,
                            sim.strategy_hash, js["dealing"], sim.mean, sim.se, sd, sd_se,
                            sim.average_total_wager, sim.wager_se, freq, net,
                            float(js["hands_per_round"]))
