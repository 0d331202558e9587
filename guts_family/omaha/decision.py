"""The burn decision: what burning is worth against folding, from exact or sampled odds.

*Burning* is Omaha Burn's word for staying in for the river: every player declares at once,
after the turn, whether they burn; a burner who then gets no part of the pot must match it, up
to the agreed cap, into the next pot; a player who folds pays nothing more (the ante is already
in the pot). So burning is worth ``equity * pot - lose * min(pot, cap)`` and folding 0, in pot
units, where ``lose`` is the exact (or sampled) chance of getting no part of the pot - split
pots count as not losing. The odds come from :mod:`~guts_family.omaha.exact` (every deal) or
:mod:`~guts_family.omaha.sample` (seeded random deals, with error bars).

The rule sheet's example at the burn (A: As 3s Jh Td, B: Qc Qh 5c 6d, board Ks Qs 7d 2s):

>>> from guts_family.omaha.exact import omaha_equity
>>> d = burn_decision(omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s"), pot=60, cap=10,
...                   player=1)
>>> d.ev_burn, d.burn
(Fraction(15, 2), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

from guts_family.omaha.exact import OmahaEquity
from guts_family.omaha.sample import SampledOmahaEquity
from guts_family.sampling import CONFIDENCE_Z, Estimate

__all__ = ["BurnDecision", "burn_decision", "SampledBurnDecision", "sampled_burn_decision",
           "match_pot"]


def match_pot(pot: float | Fraction, cap: float | Fraction | None
              ) -> tuple[Fraction, Fraction | None, Fraction]:
    """(pot, cap, match): what a losing burner pays, ``min(pot, cap)``, as exact fractions;
    a ValueError for a pot that is not positive or a negative cap.

    >>> match_pot(60, 10)
    (Fraction(60, 1), Fraction(10, 1), Fraction(10, 1))
    """
    p = Fraction(pot)
    if p <= 0:
        raise ValueError(f"pot must be positive, got {pot}")
    c = None if cap is None else Fraction(cap)
    if c is not None and c < 0:
        raise ValueError(f"cap must be 0 or more, got {cap}")
    return p, c, p if c is None else min(p, c)


@dataclass(frozen=True)
class BurnDecision:
    """What burning (staying in for the river) is worth to one player, in pot units.

    Burning wins equity * pot on average and costs match = min(pot, cap) whenever the player
    gets no part of the pot (probability lose); folding is worth 0 (the ante is already in the
    pot). break_even_equity = match / (pot + match) is the equity at which burning breaks even
    for a hand that either takes the whole pot or loses; the decision itself uses the exact
    chance of losing, so split pots are counted correctly.
    """

    player: str
    pot: Fraction
    cap: Fraction | None
    match: Fraction
    equity: Fraction
    lose: Fraction
    ev_burn: Fraction
    ev_fold: Fraction
    break_even_equity: Fraction

    @property
    def burn(self) -> bool:
        """True when burning is worth more than folding."""
        return self.ev_burn > self.ev_fold

    def as_dict(self) -> dict[str, object]:
        """Plain numbers for JSON.

        >>> from guts_family.omaha.exact import omaha_equity
        >>> r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s")
        >>> burn_decision(r, 60, 10).as_dict()["ev_burn"]
        42.5
        """
        return {"player": self.player, "pot": float(self.pot),
                "cap": None if self.cap is None else float(self.cap), "match": float(self.match),
                "equity": float(self.equity), "lose": float(self.lose),
                "ev_burn": float(self.ev_burn), "ev_fold": float(self.ev_fold),
                "break_even_equity": float(self.break_even_equity), "burn": self.burn}


def burn_decision(result: OmahaEquity, pot: float | Fraction, cap: float | Fraction | None = None,
                  player: int = 0) -> BurnDecision:
    """EV of burning versus folding for one player, the others in `result` being the burners.

    Build `result` with the player's hand and the other burners: their known hands, or
    `opponents=K` unknown hands (burners assumed to hold random cards).

    >>> from guts_family.omaha.exact import omaha_equity
    >>> r = omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s")
    >>> d = burn_decision(r, pot=60, player=1)  # no cap: a loser matches the whole pot
    >>> d.equity, d.lose, d.match, d.ev_burn, d.burn, d.break_even_equity
    (Fraction(1, 4), Fraction(3, 4), Fraction(60, 1), Fraction(-30, 1), False, Fraction(1, 2))
    """
    if not 0 <= player < len(result.players):
        raise ValueError(f"player must be 0..{len(result.players) - 1}, got {player}")
    p, c, match = match_pot(pot, cap)
    odds = result.players[player]
    ev = odds.equity * p - odds.lose * match
    return BurnDecision(odds.hand, p, c, match, odds.equity, odds.lose, ev, Fraction(0),
                        match / (p + match))


@dataclass(frozen=True)
class SampledBurnDecision:
    """What burning is worth to one player, from sampled odds, in pot units (see
    :class:`BurnDecision` for the exact one).

    ev_burn = equity * pot - lose * match, with its standard error: in one deal a player who
    loses gets no share, so the covariance of share and lose is -equity * lose and
    ``Var = pot^2 Var(share) + match^2 Var(lose) + 2 pot match equity lose`` per deal.
    clear: the 99 % interval of ev_burn excludes 0 (the decision is not down to noise).
    """

    player: str
    pot: Fraction
    cap: Fraction | None
    match: Fraction
    equity: Estimate
    lose: Estimate
    ev_burn: Estimate
    break_even_equity: Fraction

    @property
    def burn(self) -> bool:
        """True when burning's estimated EV is above folding's (0)."""
        return self.ev_burn.value > 0

    @property
    def clear(self) -> bool:
        """True when the 99 % interval of the EV of burning lies on one side of 0."""
        return self.ev_burn.low > 0 or self.ev_burn.high < 0

    def as_dict(self) -> dict[str, object]:
        """Plain numbers for JSON (``ev_burn_se``, ``ev_burn_99``, ``clear``)."""
        return {"player": self.player, "pot": float(self.pot),
                "cap": None if self.cap is None else float(self.cap), "match": float(self.match),
                "equity": self.equity.value, "lose": self.lose.value,
                "ev_burn": self.ev_burn.value, "ev_burn_se": self.ev_burn.se,
                "ev_burn_99": [self.ev_burn.low, self.ev_burn.high], "ev_fold": 0.0,
                "break_even_equity": float(self.break_even_equity), "burn": self.burn,
                "clear": self.clear}


def sampled_burn_decision(result: SampledOmahaEquity, pot: float | Fraction,
                          cap: float | Fraction | None = None,
                          player: int = 0) -> SampledBurnDecision:
    """EV of burning versus folding for one known player, from sampled odds, with its error.

    >>> from guts_family.omaha.sample import omaha_sample
    >>> r = omaha_sample(["AsAhKsKh"], "Qd7c2h3s", opponents=2, seed=1, samples=20_000)
    >>> d = sampled_burn_decision(r, pot=60, cap=10)
    >>> d.match, d.burn, d.clear, round(d.ev_burn.se, 2)
    (Fraction(10, 1), True, True, 0.24)
    """
    n_known = len(result.hands)
    if not 0 <= player < n_known:
        raise ValueError(f"player must be 0..{n_known - 1} (a known hand), got {player}")
    p, c, match = match_pot(pot, cap)
    odds = result.players[player]
    eq, lo = odds.equity, odds.lose
    pf, mf = float(p), float(match)
    n = result.run.samples
    value = eq.value * pf - lo.value * mf
    # per-deal variances from the standard errors; sample covariance -n/(n-1) * equity * lose
    var_s, var_l = eq.se ** 2 * n, lo.se ** 2 * n
    cov = -eq.value * lo.value * n / max(n - 1, 1)
    var = max(pf * pf * var_s + mf * mf * var_l - 2 * pf * mf * cov, 0.0)
    se = sqrt(var / n)
    ev = Estimate(value, se, value - CONFIDENCE_Z * se, value + CONFIDENCE_Z * se)
    return SampledBurnDecision(odds.hand, p, c, match, eq, lo, ev, match / (p + match))
