"""bounds: rule sets proved outside the tolerance without being valued, by payoff dominance.

Two rule sets that differ only in the payoff (``win_pays``, ``commission``,
``dealer_bust_push``, ``ties_lose_from``: the fields :meth:`~twentyone_burn.rules.Rules.payoff`
reads) are played from the same deals against the same dealer with the same choices; only
what each finished hand pays differs. If one pays at least as much as the other for every
player total and dealer outcome (its payoff table is entrywise at least the other's), then
under optimal play its expected return is at least the other's: every strategy's return is a
sum of payoffs with non-negative weights (probabilities, wagers), so it cannot fall when no
payoff falls, and the optimum of each decision (the burn, stand / hit / double, the split, a
split hand's play and its resplits under CDP-H: each the best of its actions) is then at least
as high too. So a rule set that pays no more than one whose house edge is above the tolerance
is above it too, and one that pays no less than one below the tolerance is below it too: such
rule sets are left out of the table without their valuation, and the table is the same, row
for row and bit for bit, as the one of every rule set valued (``tests/design/test_bounds.py``
checks it against rule sets valued one by one). The argument needs every decision to be the
engine's best, so only CDP-H split hands (the default) are bounded; CDZ- and CDP1 fix split
hands' actions by another hand's optimum, and their rule sets are all valued.

Which rule sets to value first (:meth:`Bounds.probes`): rule sets that differ only in the win
(``win_pays`` and ``commission``) form a chain, ordered by what a win pays; its house edge
falls as the win rises. The most-paying member of each chain is valued first, then the
members whose house edge, interpolated along the chain from those valued (or extrapolated
with :data:`EDGE_PER_WIN` from one), lies within the tolerance, and the nearest one beyond
each side of it; the dominance proofs then settle the rest, or the next round corrects the
estimate. The estimates only choose what is valued: a rule set is left out only on a proof.

>>> from fractions import Fraction
>>> from twentyone_burn.rules import Rules
>>> b = Bounds([Rules(), Rules(win_pays=Fraction(4, 5))], 0.01, 0.05)
>>> four_fifths = Rules(win_pays=Fraction(4, 5))
>>> side, by = b.outside(Rules(), {four_fifths.rules_hash: {"house_edge": -0.3}})
>>> side, by == four_fifths      # pays more than a rule set below 1 %: below too
('below', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from ..rules import Rules

__all__ = ["EDGE_PER_WIN", "PROOF_MARGIN", "Bounds", "chain_key", "pays_no_less",
           "payoff_class"]

#: how far beyond the tolerance's edge a valued house edge must lie to prove another rule set
#: outside (the dominance holds in exact arithmetic; this covers the engine's rounding, some
#: 1e-15, and a burn tie, ``player_burn.TIE`` = 1e-12, many times over)
PROOF_MARGIN = 1e-9
#: the house edge's rise per unit less paid on a win, to extrapolate from one valued member of
#: a chain (about the expected winning wager a round: 0.76 on six decks; only a guess for
#: which member to value next)
EDGE_PER_WIN = 0.75

_PAYOFF_FIELDS = {"win_pays": Fraction(1), "commission": 0.0, "dealer_bust_push": None,
                  "ties_lose_from": None}


def payoff_class(rules: Rules) -> Rules | None:
    """The rules with the payoff fields at the rule sheet's values: rule sets of one class
    differ only in what a finished hand pays; None where no bound is drawn (the classic deal,
    split hands other than CDP-H).

    >>> payoff_class(Rules(win_pays="4:5", ties_lose_from=20)) == Rules()
    True
    >>> payoff_class(Rules(post_split="cdz-")) is None
    True
    """
    if rules.classic or rules.post_split != "cdp-h":
        return None
    return rules.replace(**_PAYOFF_FIELDS)


def chain_key(rules: Rules) -> Rules:
    """The rules with the win at even money and no commission: a chain's members differ only
    in what a win pays.

    >>> chain_key(Rules(win_pays="4:5", commission=0.05, ties_lose_from=20)) == Rules(
    ...     ties_lose_from=20)
    True
    """
    return rules.replace(win_pays=Fraction(1), commission=0.0)


def pays_no_less(a: Rules, b: Rules) -> bool:
    """Does ``a`` pay at least what ``b`` pays on every player total and dealer outcome (the
    engine's payoff tables), the two of one :func:`payoff_class`?

    >>> pays_no_less(Rules(), Rules(win_pays="4:5", dealer_bust_push=22))
    True
    >>> pays_no_less(Rules(win_pays="4:5"), Rules(dealer_bust_push=22))    # neither
    False
    """
    from ..engine.player import payoff_table
    c = payoff_class(a)
    return c is not None and c == payoff_class(b) and \
        bool((payoff_table(a) >= payoff_table(b)).all())


class Bounds:
    """The dominance proofs and the choice of what to value next, for the rule sets of one
    search and its tolerance interval [``lo``, ``hi``] of house edges."""

    def __init__(self, rules: Iterable[Rules], lo: float, hi: float) -> None:
        from ..engine.player import payoff_table
        self.lo, self.hi = lo, hi
        self.rules = list(dict.fromkeys(rules))
        self._class = {r: payoff_class(r) for r in self.rules}
        self._pay = {r: payoff_table(r) for r in self.rules if self._class[r] is not None}
        self._members: dict[Rules, list[Rules]] = {}
        self._chains: dict[Rules, list[Rules]] = {}
        for r in self.rules:
            c = self._class[r]
            if c is not None:
                self._members.setdefault(c, []).append(r)
                self._chains.setdefault(chain_key(r), []).append(r)
        for chain in self._chains.values():     # the most-paying first
            chain.sort(key=lambda r: (-r.win_amount, r.rules_hash))

    def outside(self, rules: Rules, valued: Mapping[str, Mapping[str, Any]]
                ) -> tuple[str, Rules] | None:
        """("above" or "below", the valued rule set that proves it) when ``rules``' house
        edge is proved outside the tolerance by one of ``valued`` (figures by rules hash),
        else None."""
        c = self._class.get(rules)
        if c is None:
            return None
        mine = self._pay[rules]
        for other in self._members[c]:
            f = valued.get(other.rules_hash)
            if other == rules or f is None:
                continue
            edge = f["house_edge"]
            # paying no more than a rule set above the tolerance: above it too
            if edge > self.hi + PROOF_MARGIN and bool((self._pay[other] >= mine).all()):
                return "above", other
            # paying no less than one below it: below it too
            if edge < self.lo - PROOF_MARGIN and bool((mine >= self._pay[other]).all()):
                return "below", other
        return None

    def probes(self, pending: Iterable[Rules], valued: Mapping[str, Mapping[str, Any]]
               ) -> list[Rules]:
        """The rule sets of ``pending`` (none valued, none proved outside) to value next: those
        no bound applies to; of each chain with none valued, its most-paying member; of the
        others, the members estimated within the tolerance and the nearest one estimated
        beyond each side (at least one a chain)."""
        pending = list(dict.fromkeys(pending))
        out: list[Rules] = []
        by_chain: dict[Rules, list[Rules]] = {}
        for r in pending:
            if self._class.get(r) is None:
                out.append(r)
            else:
                by_chain.setdefault(chain_key(r), []).append(r)
        for key, todo in by_chain.items():
            chain = self._chains[key]
            known = [(r.win_amount, valued[r.rules_hash]["house_edge"]) for r in chain
                     if r.rules_hash in valued]
            wait = set(todo)
            waiting = [r for r in chain if r in wait]     # the chain's order
            if not known:
                out.append(waiting[0])
                continue
            est = {r: _estimate(known, r.win_amount) for r in waiting}
            inside = [r for r in waiting if self.lo <= est[r] <= self.hi]
            below = [r for r in waiting if est[r] < self.lo]
            above = [r for r in waiting if est[r] > self.hi]
            pick = inside + ([max(below, key=lambda r: est[r])] if below else []) + \
                ([min(above, key=lambda r: est[r])] if above else [])
            chosen = set(pick)
            out.extend(r for r in waiting if r in chosen)
        return out


def _estimate(known: list[tuple[float, float]], x: float) -> float:
    """A chain's house edge at win amount ``x``, linear between the valued points (win amount,
    house edge), extrapolated from the nearest two (from one: :data:`EDGE_PER_WIN`).

    >>> _estimate([(1.0, -0.28)], 0.6), _estimate([(1.0, -0.2), (0.5, 0.2)], 0.75)
    (0.02, 0.0)
    """
    pts = sorted(dict(known).items())
    if len(pts) == 1:
        (x0, e0), = pts
        return round(e0 + EDGE_PER_WIN * (x0 - x), 15)
    if x <= pts[0][0]:
        (x0, e0), (x1, e1) = pts[0], pts[1]
    elif x >= pts[-1][0]:
        (x0, e0), (x1, e1) = pts[-2], pts[-1]
    else:
        i = next(k for k in range(1, len(pts)) if pts[k][0] >= x)
        (x0, e0), (x1, e1) = pts[i - 1], pts[i]
    return round(e0 + (e1 - e0) * (x - x0) / (x1 - x0), 15)
