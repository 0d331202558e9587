"""results: the plain dataclasses the exact engine returns (the types exporters read).

:class:`Analysis` is 21 Burn's whole game, :class:`ClassicAnalysis` the classic deal's; both
carry their rules, the strategy their figures hold for, and the package version, and share
the headline figures of :class:`HeadlineFigures`.

>>> outcome_dict(np.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.2, 0.3]))["bust"]
0.5
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .._version import __version__
from ..rules import Rules

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from .player_burn import KeptValues

__all__ = ["DEALER_KEYS", "POST_SPLIT_STRATEGY", "POST_SPLIT_WORDS", "STRATEGY", "Analysis",
           "ClassicAnalysis", "HeadlineFigures", "outcome_dict", "post_split_strategy",
           "strategy_text"]

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


#: 21 Burn's post-split strategies in words, by ``rules.post_split`` (the classic deal's, which
#: know no burned card, are ``classic.POST_SPLIT``)
POST_SPLIT_WORDS = {
    "cdp-h": POST_SPLIT_STRATEGY,
    "cdz-": "CDZ-: each split hand takes the action (stand / hit / double) that the unsplit "
            "composition-dependent optimum takes for the same cards against the same up card, "
            "computed on the shoe less the up card, the burned card and the hand's own cards "
            "only (the other pair card is forgotten), among the actions a split hand may take "
            "(split aces take one card; doubling after a split as the rules allow). A pair "
            "card that arrives is always resplit while fewer than max_hands hands are in play. "
            "The chosen actions are valued exactly on the true shoe.",
    "cdp1": "CDP1: every split hand takes the action that is optimal for the first split hand "
            "holding the same cards, computed on the shoe less the up card, the burned card, "
            "both pair cards and the hand's own cards, among the actions a split hand may take "
            "(split aces take one card; doubling after a split as the rules allow). A pair "
            "card that arrives is always resplit while fewer than max_hands hands are in play. "
            "The chosen actions are valued exactly on the true shoe.",
}


def post_split_strategy(rules: Rules) -> str:
    """The named post-split strategy of 21 Burn's split EVs under these rules, in words.

    >>> post_split_strategy(Rules(post_split="cdz-"))[:5]
    'CDZ-:'
    """
    return POST_SPLIT_WORDS[rules.post_split]


def strategy_text(rules: Rules) -> str:
    """The strategy every optimal-play EV of :func:`analyze` holds for, in words.

    >>> strategy_text(Rules()) == STRATEGY
    True
    """
    return STRATEGY.replace(POST_SPLIT_STRATEGY, post_split_strategy(rules))



class HeadlineFigures:
    """The headline figures every analysis (21 Burn's or the classic mode's) reports, from its
    ``rules``, ``expected_return``, ``average_total_wager``, ``deal_probability_total``,
    ``dealer``, ``probabilities``, ``version`` and ``strategy``."""

    rules: Rules
    expected_return: float
    average_total_wager: float
    deal_probability_total: float
    dealer: dict[str, dict[str, float]]
    probabilities: dict[str, float]
    version: str
    strategy: str

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
    hit, double, split where legal) and the best action after that burn. Both are held as
    plain columns (``deal_columns``, ``burn_columns``: name -> one value per row) and built as
    DataFrames on first use, so a caller that only wants the headline figures
    (``twentyone-burn analyze``) never imports pandas.
    """

    rules: Rules
    expected_return: float
    average_total_wager: float
    probabilities: dict[str, float]
    dealer: dict[str, dict[str, float]]
    deal_columns: dict[str, list] = field(repr=False)
    burn_columns: dict[str, list] = field(repr=False)
    deal_probability_total: float
    kept: dict[int, KeptValues] = field(repr=False)
    version: str = __version__
    strategy: str = STRATEGY
    #: the ten counts dealt from, when not the rules' full shoe (a depleted shoe)
    shoe: tuple[int, ...] | None = None

    def to_json_dict(self) -> dict:
        """Every headline figure as plain JSON values (with the shoe, when one was given)."""
        out = super().to_json_dict()
        if self.shoe is not None:
            out["shoe"] = list(self.shoe)
        return out

    @functools.cached_property
    def deals(self) -> pd.DataFrame:
        """One row per deal (see the class docstring), built once from ``deal_columns``."""
        import pandas as pd  # heavy: only when the table is asked for

        return pd.DataFrame(self.deal_columns)

    @functools.cached_property
    def burns(self) -> pd.DataFrame:
        """One row per distinct burn of every deal, built once from ``burn_columns``."""
        import pandas as pd

        return pd.DataFrame(self.burn_columns)


#: the keys of :func:`outcome_dict`, in order
DEALER_KEYS = ("17", "18", "19", "20", "21", "bust")


def outcome_dict(d: np.ndarray) -> dict[str, float]:
    """The 8 outcome probabilities as {"17".."21", "bust"} (bust = 22 and over)."""
    res = {str(17 + i): float(d[i]) for i in range(5)}
    res["bust"] = float(sum(d[5:]))
    return res



@dataclass(frozen=True)
class ClassicAnalysis(HeadlineFigures):
    """The exact analysis of a classic game (the same headline figures as 21 Burn's).

    expected_return counts every round, dealer naturals included. deals: one row per deal
    (two-card hand, up card) with its probability, the EV of every play (conditioned on no
    dealer natural under peek), the best action, and the round's EV and expected wager.
    ``deal_columns`` holds the same table as plain columns (name -> one value per deal); the
    DataFrame ``deals`` is built from them on first use, so a caller that only wants the
    headline figures (``twentyone-burn analyze``) never imports pandas.
    """

    rules: Rules
    expected_return: float
    average_total_wager: float
    probabilities: dict[str, float]
    dealer: dict[str, dict[str, float]]
    deal_columns: dict[str, list] = field(repr=False)
    deal_probability_total: float
    strategy: str
    version: str = __version__
    #: the ten counts dealt from, when not the rules' full shoe (a depleted shoe)
    shoe: tuple[int, ...] | None = None

    def to_json_dict(self) -> dict:
        """Every headline figure as plain JSON values (with the shoe, when one was given)."""
        out = super().to_json_dict()
        if self.shoe is not None:
            out["shoe"] = list(self.shoe)
        return out

    @functools.cached_property
    def deals(self) -> pd.DataFrame:
        """One row per deal (see the class docstring), built once from ``deal_columns``."""
        import pandas as pd  # heavy: only when the table is asked for

        return pd.DataFrame(self.deal_columns)


