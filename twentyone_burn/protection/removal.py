"""removal: the effects of removal - what one card of each rank gone from the shoe is worth to
the player, exactly, and the linear model a counter's figures rest on.

The effect of removal (EoR) of rank r is ``ER(shoe less one r) - ER(full shoe)``: both
expected returns are the exact engine's (complete enumeration, probabilities summing to 1
within 1e-12), the player's per initial wager. Under optimal play (``tables=None``) play is
re-optimised for the depleted shoe, so an EoR says what a perfect player gains; with fixed
``tables`` (a printed chart) the same decisions are played on both shoes, so it says what the
chart's player gains. The classic (two-card) deal takes optimal play only.

The sum rule (:attr:`EoRTable.sum_rule`): sum_r f_r EoR_r, f the ranks' shares of the shoe,
is exactly 0 for a fixed strategy and at least 0 under optimal play.

The linear model predicts the ER of the full shoe less a multiset of cards (``counts[r]``
cards of rank r) as ``ER(full) + sum_r counts[r] * EoR[r]``; :func:`linear_check` sets it
beside the exact ER of that shoe. Its error is second order in the cards removed (the EoRs
themselves change as the shoe changes); the measured errors are in docs/protection.md.

>>> t = EoRTable(rules=Rules(decks=1), strategy="optimal", base=0.01,
...              removed=tuple(0.01 + 0.001 * r for r in range(10)))
>>> round(t.eor[4], 6), round(t.predict([0, 0, 0, 0, 2, 0, 0, 0, 0, 0]), 6)
(0.004, 0.018)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from .._version import __version__
from ..rules import Rules, RulesError
from ..shoe import NRANKS, RANKS, full_shoe

if TYPE_CHECKING:  # pragma: no cover
    from ..tables import DecisionTables

__all__ = ["EoRTable", "LinearCheck", "effects_of_removal", "exact_return", "linear_check",
           "one_deck"]


@dataclass(frozen=True)
class EoRTable:
    """The exact effects of removal for one rules object and strategy.

    ``base``: the ER of the rules' full shoe; ``removed[r]``: the ER of the full shoe less one
    card of rank r (A, 2, ..., 9, T); ``strategy``: "optimal" (re-optimised for every shoe) or
    the fixed chart's name; ``meta``: anything else a reader needs (rules hash, version).
    """

    rules: Rules
    strategy: str
    base: float
    removed: tuple[float, ...]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def eor(self) -> tuple[float, ...]:
        """EoR[r] = ER(shoe less one r) - ER(full shoe), per initial wager."""
        return tuple(x - self.base for x in self.removed)

    @property
    def cards(self) -> int:
        """The cards in the full shoe."""
        return 52 * int(self.rules.decks or 0)

    def predict(self, counts: Sequence[int] | np.ndarray) -> float:
        """The linear model's ER of the full shoe less ``counts[r]`` cards of each rank r."""
        return self.base + float(np.dot(np.asarray(counts, float), self.eor))

    def to_json_dict(self) -> dict[str, Any]:
        """The table as plain JSON values (with rules, rules hash and version)."""
        return {"rules": self.rules.to_dict(), "rules_hash": self.rules.rules_hash,
                "version": __version__, "game": _game(self.rules), "strategy": self.strategy,
                "decks": self.rules.decks, "expected_return_full_shoe": self.base,
                "effects_of_removal": {RANKS[r]: self.eor[r] for r in range(NRANKS)},
                "expected_return_less_one": {RANKS[r]: self.removed[r]
                                             for r in range(NRANKS)},
                "sum_rule": self.sum_rule, **self.meta}

    @property
    def sum_rule(self) -> float:
        """sum_r f_r EoR_r with f the share of each rank in the full shoe (tens 4/13).

        Exactly 0 for a fixed strategy (a card burned unseen at random leaves the rest of the
        shoe in random order, so ER(n) = sum_r (n_r / N) ER(n less one r)); at least 0 under
        optimal play (each depleted shoe is played at least as well as the full shoe's
        optimal strategy would play it): the value of knowing which card is gone."""
        f = full_shoe(1) / 52.0
        return float(np.dot(f, self.eor))

    def to_csv(self) -> str:
        """rank, ER less one card, EoR (per wager and in %), with a provenance header."""
        lines = [f"# {_game(self.rules)} effects of removal; rules {self.rules.canonical_json()}; "
                 f"rules hash {self.rules.rules_hash}; version {__version__}; strategy: "
                 f"{self.strategy}; full-shoe expected return {self.base!r}",
                 "rank,expected_return_less_one,eor,eor_percent"]
        for r in range(NRANKS):
            lines.append(f"{RANKS[r]},{self.removed[r]!r},{self.eor[r]!r},"
                         f"{100 * self.eor[r]!r}")
        return "\n".join(lines) + "\n"


def _game(rules: Rules) -> str:
    return "classic blackjack" if rules.classic else "21 Burn"


def exact_return(rules: Rules, shoe: np.ndarray | None = None,
                 tables: DecisionTables | None = None) -> float:
    """The exact ER of the game dealt from ``shoe`` (None: the rules' full shoe): 21 Burn's
    engine or the classic deal's, under optimal play or the fixed ``tables`` (21 Burn only).

    >>> from twentyone_burn.rules import load_rules
    >>> round(exact_return(load_rules("classic-blackjack").replace(decks=None)), 4)
    -0.0073
    """
    if rules.classic:
        if tables is not None:
            raise RulesError("the classic deal is analysed under optimal play only; a fixed "
                             "chart is 21 Burn's")
        from ..engine.classic import analyze_classic
        return analyze_classic(rules, shoe=shoe).expected_return
    from ..engine.game import analyze
    return analyze(rules, tables=tables, shoe=shoe).expected_return


def _finite(rules: Rules) -> int:
    if rules.decks is None:
        raise RulesError("effects of removal need a finite shoe: give decks = 1 to 8")
    return int(rules.decks)


def effects_of_removal(rules: Rules, tables: DecisionTables | None = None,
                       progress: Callable[[int], None] | None = None,
                       base: float | None = None,
                       ranks: Sequence[int] | None = None) -> EoRTable:
    """The exact EoR of every rank for ``rules`` (any decks 1-8): under optimal play, or with
    ``tables`` (21 Burn only) every decision held fixed as the chart prints it.

    ``progress`` is called with the analyses finished (11: the full shoe and ten depleted
    ones); ``base``: the full shoe's ER when already known (it is not recomputed);
    ``ranks``: only these ranks' EoRs (the others NaN), for a quick look at a few.

    A six-deck table takes about twenty seconds, so the example is not run here
    (tests/protection/test_removal.py runs it):

    >>> t = effects_of_removal(Rules())                     # doctest: +SKIP
    >>> round(100 * t.eor[4], 3)      # one 5 gone, six decks    # doctest: +SKIP
    0.4
    """
    _finite(rules)
    if base is None:
        base = exact_return(rules, None, tables)
    if progress is not None:
        progress(1)
    shoe = full_shoe(rules.decks)
    removed = []
    wanted = set(range(NRANKS) if ranks is None else ranks)
    for r in range(NRANKS):
        if r not in wanted:
            removed.append(float("nan"))
            continue
        s = shoe.copy()
        s[r] -= 1
        removed.append(exact_return(rules, s, tables))
        if progress is not None:
            progress(r + 2)
    name = "optimal" if tables is None else tables.name
    return EoRTable(rules, name, float(base), tuple(removed),
                    meta={"how": "exact: each ER by complete enumeration on its shoe"})


@dataclass(frozen=True)
class LinearCheck:
    """The linear model's ER for the full shoe less ``counts`` beside the exact one."""

    counts: tuple[int, ...]
    predicted: float
    exact: float

    @property
    def error(self) -> float:
        """predicted - exact, per initial wager."""
        return self.predicted - self.exact

    def to_json_dict(self) -> dict[str, Any]:
        """The check as plain JSON values."""
        return {"removed": {RANKS[r]: self.counts[r] for r in range(NRANKS) if self.counts[r]},
                "predicted": self.predicted, "exact": self.exact, "error": self.error}


def one_deck() -> tuple[int, ...]:
    """One deck's counts (4 of each of A-9, 16 tens): removing it from N+1 decks leaves N.

    >>> one_deck()
    (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    """
    return tuple(int(x) for x in full_shoe(1))


def linear_check(table: EoRTable, counts: Sequence[int],
                 tables: DecisionTables | None = None) -> LinearCheck:
    """The linear model against the exact ER of the full shoe less ``counts[r]`` cards of
    each rank r (``tables``: the fixed chart the table was made with, None for optimal).

    >>> from twentyone_burn.rules import load_rules       # doctest: +SKIP
    >>> r = load_rules("classic-blackjack").replace(decks=2)   # doctest: +SKIP
    >>> c = linear_check(effects_of_removal(r), one_deck())    # doctest: +SKIP
    >>> abs(c.error) < 0.001                                # doctest: +SKIP
    True
    """
    c = np.asarray(counts, np.int64)
    if c.shape != (NRANKS,) or c.min() < 0:
        raise RulesError("the cards removed are ten counts A, 2, ..., 9, T, none negative")
    shoe = full_shoe(_finite(table.rules)) - c
    if shoe.min() < 0:
        r = int(np.argmin(shoe))
        raise RulesError(f"more {RANKS[r]} cards removed than the shoe holds")
    return LinearCheck(tuple(int(x) for x in c), table.predict(c),
                       exact_return(table.rules, shoe, tables))
