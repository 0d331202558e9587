"""analysis: the whole game - expected return, house edge, element of risk and frequencies.

Every one of the 2,200 deals (220 three-card rank multisets x 10 up cards) is weighted by its
exact probability and played by the engine's strategy: the burn with the highest EV, then
composition-dependent play of the kept hand (stand / hit / double), or the forced split under
the post-split strategy of ``split.py``.

>>> a = analyze(Rules(decks=None))
>>> abs(a.deal_probability_total - 1) < 1e-12 and a.expected_return > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import pandas as pd

from . import __version__
from .burn import KeptValues, burn_choices, kept_values
from .dealer import dealer_distribution
from .player import ACTION_NAMES, SPLIT
from .rules import Rules, RulesError
from .shoe import NRANKS, RANKS, deal_probability, full_shoe, three_card_multisets

POST_SPLIT_STRATEGY = (
    "CDP-H: each split hand plays the composition-dependent optimum for its own cards, the "
    "burned card, the up card, the pair cards dealt to the split so far and the number of "
    "earlier split hands that took a non-pair second card (not their ranks); other split "
    "hands' hit cards are not used. A split hand that draws a pair card resplits (while fewer "
    "than max_hands hands are in play) when that gives the higher exact EV."
)
STRATEGY = (
    "Optimal composition-dependent play: the burn with the highest EV; stand / hit / double on "
    "the kept hand by the exact EV given every card seen (the player's three cards and the up "
    "card); forced splits under the post-split strategy. " + POST_SPLIT_STRATEGY
)


class HeadlineFigures:
    """The headline figures every analysis (21 Burn's or the classic mode's) reports, from its
    ``rules``, ``expected_return``, ``average_total_wager``, ``deal_probability_total``,
    ``dealer``, ``probabilities``, ``version`` and ``strategy``."""

    @property
    def house_edge(self) -> float:
        """The house's expected win per initial wager (the negative of the expected return)."""
        return -self.expected_return

    @property
    def element_of_risk(self) -> float:
        """House edge per unit of the expected total amount wagered."""
        return self.house_edge / self.average_total_wager

    def to_json_dict(self) -> dict:
        """Every headline figure as plain JSON values."""
        return {
            "rules": self.rules.to_dict(),
            "rules_hash": self.rules.rules_hash,
            "version": self.version,
            "strategy": self.strategy,
            "expected_return": self.expected_return,
            "house_edge": self.house_edge,
            "element_of_risk": self.element_of_risk,
            "average_total_wager": self.average_total_wager,
            "deal_probability_total": self.deal_probability_total,
            "dealer": self.dealer,
            "probabilities": self.probabilities,
        }


@dataclass(frozen=True)
class Analysis(HeadlineFigures):
    """The exact analysis of one rules object (see module docstring for the strategy).

    deals: one row per deal (player rank multiset, up card) with its probability and the play
    chosen; burns: one row per distinct burn of every deal with the EV of each play (stand,
    hit, double, split where legal) and the best action after that burn.
    """

    rules: Rules
    expected_return: float
    average_total_wager: float
    probabilities: dict[str, float]
    dealer: dict[str, dict[str, float]]
    deals: pd.DataFrame
    burns: pd.DataFrame
    deal_probability_total: float
    kept: dict[int, KeptValues] = field(repr=False)
    version: str = __version__
    strategy: str = STRATEGY


def dealer_table(rules: Rules) -> dict[str, dict[str, float]]:
    """Dealer outcome probabilities by up card, for the full shoe less that up card."""
    out = {}
    for up in range(NRANKS):
        if rules.infinite:
            d = dealer_distribution(rules, up)
        else:
            unseen = full_shoe(rules.decks)
            unseen[up] -= 1
            d = dealer_distribution(rules, up, unseen)
        out[RANKS[up]] = outcome_dict(d)
    return out


def outcome_dict(d: np.ndarray) -> dict[str, float]:
    """The 7 outcome probabilities as {"17".."21", "bust"} (bust = 22 and over)."""
    res = {str(17 + i): float(d[i]) for i in range(5)}
    res["bust"] = float(d[5] + d[6])
    return res


def kept_kind(a: int, c: int) -> str:
    """'pair', 'soft' (one ace) or 'hard' for a kept two-card hand."""
    if a == c:
        return "pair"
    return "soft" if 0 in (a, c) else "hard"


def analyze(rules: Rules, progress: Callable[[int], None] | None = None,
            tables=None, valuation=None) -> Analysis:
    """Analyse the game exactly under the engine's strategy, or under a fixed strategy.

    ``tables``: a :class:`~twentyone_burn.strategy.DecisionTables` (e.g. a printed chart) whose
    every decision is followed and valued exactly; None for optimal composition-dependent play.
    ``progress`` is called with the number of up cards finished (for a progress bar).
    ``valuation``: with fixed ``tables``, count events instead of money (see
    :func:`return_table`); the "expected return" is then the expected count.
    """
    if rules.classic:
        raise RulesError("analyze() is 21 Burn's three-card deal; the classic deal is "
                         "classic.analyze_classic()")
    kept: dict[int, KeptValues] = {}
    rows = []
    burn_rows = []
    multisets = three_card_multisets()
    for up in range(NRANKS):
        kv = kept_values(rules, up, tables, valuation)
        kept[up] = kv
        for cards in multisets:
            prob = deal_probability(rules, cards, up)
            if prob == 0.0:
                continue
            choices = burn_choices(kv, cards,
                                   None if tables is None else int(tables.burn[up][cards]))
            best = choices[0]
            for n, ch in enumerate(choices):
                burn_rows.append({
                    "up": RANKS[up], "cards": "".join(RANKS[x] for x in cards),
                    "probability": prob, "burn": RANKS[ch.burn],
                    "kept": RANKS[ch.kept[0]] + RANKS[ch.kept[1]],
                    "kind": kept_kind(*ch.kept), "stand": ch.stand, "hit": ch.hit,
                    "double": ch.double, "split": ch.split,
                    "action": ACTION_NAMES[ch.action], "ev": ch.ev, "best": n == 0,
                })
            a, c = best.kept
            sp = kv.splits.get((best.burn, a)) if best.action == SPLIT else None
            rows.append({
                "up": RANKS[up],
                "cards": "".join(RANKS[x] for x in cards),
                "probability": prob,
                "burn": RANKS[best.burn],
                "kept": RANKS[a] + RANKS[c],
                "kind": kept_kind(a, c),
                "action": ACTION_NAMES[best.action],
                "ev": best.ev,
                "wager": best.wager,
                "split_hands": sp.hands if sp else 0.0,
                "split_doubles": sp.doubles if sp else 0.0,
                "choices": len(choices),
                "ev_second": choices[1].ev if len(choices) > 1 else np.nan,
            })
        if progress is not None:
            progress(up + 1)
    deals = pd.DataFrame(rows)
    p = deals["probability"].to_numpy()
    total = float(p.sum())
    er = float(p @ deals["ev"].to_numpy())
    wager = float(p @ deals["wager"].to_numpy())
    probs: dict[str, float] = {
        "forced_split": float(p[(deals["action"] == "split").to_numpy()].sum()),
        "kept_hard": float(p[(deals["kind"] == "hard").to_numpy()].sum()),
        "kept_soft": float(p[(deals["kind"] == "soft").to_numpy()].sum()),
        "kept_pair": float(p[(deals["kind"] == "pair").to_numpy()].sum()),
        "double": float(p[(deals["action"] == "double").to_numpy()].sum()),
        "split_hands_doubled_per_round": float(p @ deals["split_doubles"].to_numpy()),
        "split_hands_per_round": float(p @ deals["split_hands"].to_numpy()),
    }
    if not rules.mandatory_split:
        probs["split"] = probs.pop("forced_split")
    for r in range(NRANKS):
        probs[f"burn_{RANKS[r]}"] = float(p[(deals["burn"] == RANKS[r]).to_numpy()].sum())
    return Analysis(rules, er, wager, probs, dealer_table(rules), deals,
                    pd.DataFrame(burn_rows), total, kept,
                    strategy=STRATEGY if tables is None else
                    f"{tables.name} (every decision fixed by the strategy's tables; split hands "
                    "valued exactly as in CDP-H)")


def return_table(rules: Rules, analysis: Analysis | None = None) -> pd.DataFrame:
    """The test-lab return table under optimal play: event | pays | probability | contribution.

    Unsplit rounds: the probability that the kept hand wins, pushes or loses, doubled or not.
    Split rounds: the expected number of split hands per round with each result. Each row is
    an exact linear valuation of the engine's fixed optimal decisions with an indicator payoff,
    so the contributions add up to the expected return.

    >>> t = return_table(Rules(decks=None))
    >>> bool(abs(t.contribution.sum() - analyze(Rules(decks=None)).expected_return) < 1e-12)
    True
    """
    from .burn import reuse_dealer_passes
    from .player import Valuation, payoff_table
    from .strategy import optimal_tables

    with reuse_dealer_passes():
        a = analysis if analysis is not None else analyze(rules)
        tables = optimal_tables(rules, a.kept)
        pay = payoff_table(rules)
        rows = []
        for name, indicator, bust, unit in (("win", pay > 0, 0.0, rules.win_amount),
                                            ("push", pay == 0, 0.0, 0.0),
                                            ("lose", pay < 0, 1.0, -1.0)):
            for doubled in (False, True):
                scale = np.array([0.0, 1.0, bust] if doubled else [1.0, 0.0, bust])
                ev = analyze(rules, tables=tables,
                             valuation=Valuation(indicator.astype(float), scale))
                d = ev.deals
                split = (d["action"] == "split").to_numpy()
                mass = (d["probability"] * d["ev"]).to_numpy()
                pays = unit * (2.0 if doubled else 1.0)
                label = name + (" doubled" if doubled else "")
                rows.append(("kept hand (unsplit round)", label, pays, float(mass[~split].sum())))
                rows.append(("split hands (expected number per round)", label, pays,
                             float(mass[split].sum())))
    t = pd.DataFrame(rows, columns=["hands", "event", "pays", "probability"])
    t = t.sort_values(["hands", "pays"], ascending=[True, False], kind="stable")
    t["contribution"] = t["pays"] * t["probability"]
    return t.reset_index(drop=True)
