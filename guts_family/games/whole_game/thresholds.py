"""The decisions of each deal: the equilibrium threshold of the deal's round size and pot (or the
user's), computed once per pot and kept, and challenge guts' challenge rule.

A deal is played by the symmetric equilibrium of the one-round model
(:mod:`guts_family.games.equilibrium`) at the pot the deal is played for: every decider goes
in with the threshold class or better. The pot changes from deal to deal, so the thresholds
are a table by pot, filled as the simulation meets new pots:

- **No cap, or a pot at most the cap:** a loser pays the pot, so every EV of the model is the
  pot times a number that does not depend on the pot, and the threshold is the same for
  every such pot: one equilibrium serves them all (a test checks it at several pots).
- **A pot above the cap:** EV(c | t) = pot * A(c, t) - cap * B(c, t), where A (the pot won,
  and the tied shares) and B (the chance of paying) do not depend on the stakes. A and B of a
  pair (c, t) are kept, so the equilibrium of a new pot - the same best-response iteration
  (:func:`~guts_family.games.equilibrium.fixed_point`) on the same exact EVs as
  :func:`~guts_family.games.equilibrium.equilibrium` at that pot (a test checks it) -
  reuses the pairs of the pots before it. Both parts come from ONE exact EV, at pot 1 and
  the cap ``EPSILON`` = 10^-300: that EV is A - 10^-300 B, and A is its closest fraction with
  a denominator of at most 10^149 (A's denominator divides the model's number of deals
  weighted by who goes in, times the tied shares' denominators: below 10^80 for every
  table), so B = (A - EV) 10^300; a test checks both against the EVs at two stakes (pot 1,
  no cap: A - B; pot 2, cap 1: 2A - B), which are used instead if the parts are not
  probabilities.
- **The Guts 3-card round beyond two players** has no exact count: its A and B come from the
  sampled EVs (:class:`~guts_family.games.equilibrium.ThresholdEVs`, every threshold at once,
  seed ``eq_seed``, ``eq_deals`` deals a hand class, sampled when first asked), and the
  threshold is the best-response fixed point on their point estimates (labelled sampled).
- **A best-response cycle** (no pure symmetric threshold equilibrium at that pot, e.g.
  Phoenix Burn's 882/883 at 7 players): by default (``cycle_rule="mixed"``) the deal is
  played by the cycle's symmetric mixed equilibrium
  (:func:`~guts_family.games.equilibrium.mixed_equilibrium`, exact, on this pot's stakes): the
  threshold is the cycle's stronger class and ``mix`` = q, the probability of going in with
  the boundary class below it. Where there is none (a sampled round, a cycle of classes not
  neighbours) the weakest class is played and the source says why; ``"low"`` / ``"high"``
  play the cycle's weakest / strongest class. The table says which.

Every rule carries ``mix``, the probability of also going in with the class just below the
threshold (0 for pure thresholds); the kernel draws one uniform per player each deal from the
game's own stream, so the mixed decision is seeded and the same for any number of workers.

**Challenge guts' challenge.** When nobody but the dealer called guts and the dealer called
(with ``dealer_min`` or better), each other player challenges at 2-1 when challenging the
dealer alone pays: its class's exact EV against a dealer holding a hand of its calling range
(``pot`` won, two bets of ``min(pot, cap)`` lost, ``tie`` for a tie; the other challengers
are not counted) is positive for that class and every stronger one.

>>> from guts_family.games.whole_game.setting import game_setting
>>> p = PotThresholds(game_setting("guts321", 3, cap=5, rounds=(1,)))
>>> r = p.rule(1, 3.0); r.label, r.source
('Q', 'equilibrium')
>>> p.rule(1, 50.0).label
'8'
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from guts_family.games.equilibrium import (
    ThresholdEVs,
    ThresholdSearch,
    class_label,
    counted_by_cards,
    fixed_point,
    mixed_equilibrium,
)
from guts_family.games.whole_game.setting import GameSetting
from guts_family.hands import HandOrder
from guts_family.odds import FieldOdds, Seat, field_odds, representatives

__all__ = ["DealRule", "PotThresholds", "CHALLENGE_LOSS", "EPSILON", "split_parts"]

#: a challenger risks two bets, each matching the pot (2-1)
CHALLENGE_LOSS = 2
#: the cap of the one exact EV that holds both parts of the EV (see the module)
EPSILON = 1e-300
_MAX_DENOMINATOR = 10 ** 149

Parts = Callable[[int, int], tuple[Fraction | float, Fraction | float]]


@dataclass(frozen=True)
class DealRule:
    """How a deal of ``cards``-card hands at pot ``pot`` is played: every decider goes in with
    class ``threshold`` or better (``n_classes``: never) and with the class just below with
    probability ``mix``; ``challenge`` (challenge guts) is the weakest class worth
    challenging the dealer with. ``pot`` is None for the rule of every pot up to the cap.
    ``source``: ``given``, ``equilibrium``, ``sampled equilibrium``, or the cycle it
    broke (``equilibrium cycle 882/883, played low``)."""

    cards: int
    pot: float | None
    threshold: int
    mix: float
    label: str
    source: str
    challenge: int
    challenge_label: str

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"cards": self.cards, "pot": "up to the cap" if self.pot is None else self.pot,
                "threshold": self.label, "threshold_class": self.threshold, "mix": self.mix,
                "source": self.source, "challenge_with": self.challenge_label or None}


def split_parts(ev: Fraction) -> tuple[Fraction, Fraction] | None:
    """(A, B) of an EV ``A - B * EPSILON`` taken at pot 1 and cap :data:`EPSILON`, or None
    when they are not probabilities (then the two-stake route answers).

    >>> a, b = Fraction(2, 7), Fraction(3, 11)
    >>> split_parts(a - b * Fraction(str(EPSILON))) == (a, b)
    True
    """
    tiny = Fraction(str(EPSILON))
    a = ev.limit_denominator(_MAX_DENOMINATOR)
    b = (a - ev) / tiny
    return (a, b) if 0 <= a <= 1 and 0 <= b <= 1 else None


class _PotSearch(ThresholdSearch):
    """Best responses at one pot from the kept parts of the EV: pot * A - pay * B."""

    def __init__(self, base: ThresholdSearch, parts: Parts, pot: Fraction | float,
                 pay: Fraction | float):
        super().__init__(base.game, base.order, base.players, float(pot), float(pay),
                         base.tie, base.player_tie)
        self.parts, self.scale = parts, (pot, pay)

    def ev(self, hero_class: int, threshold: int) -> Fraction | float:
        """EV(c | t) at this pot."""
        a, b = self.parts(hero_class, threshold)
        return self.scale[0] * a - self.scale[1] * b


class _Round:
    """The EV parts of one round size, kept across pots: exact (two searches at two stakes)
    or sampled (two sampled-EV tables from the same seed, so the same deals)."""

    def __init__(self, s: GameSetting, order: HandOrder):
        self.order = order
        self.sampled = not order.suit_blind and not counted_by_cards(s.rules, s.players)
        self.base = ThresholdSearch(s.game, order, s.players, 1.0, None, s.tie, s.player_tie)
        self.deals = s.eq_deals
        self.parts: dict[tuple[int, int], tuple[Fraction | float, Fraction | float]] = {}
        if self.sampled:
            self.evs = tuple(ThresholdEVs(order, s.players, pot, cap, s.tie, s.player_tie,
                                          seed=s.eq_seed) for pot, cap in ((1.0, None),
                                                                            (2.0, 1.0)))
        else:
            self.tiny = ThresholdSearch(s.game, order, s.players, 1.0, EPSILON, s.tie,
                                        s.player_tie)
            self.exact = (self.base, ThresholdSearch(s.game, order, s.players, 2.0, 1.0, s.tie,
                                                     s.player_tie))

    def part(self, c: int, t: int) -> tuple[Fraction | float, Fraction | float]:
        """(A, B) of going in with class ``c`` against others in with ``t`` or better."""
        key = (c, t)
        if key not in self.parts:
            if self.sampled:
                for evs in self.evs:
                    evs.sample([c], self.deals)
                e1, e2 = (evs.ev(c, t)[0] for evs in self.evs)
                self.parts[key] = (e2 - e1, e2 - 2 * e1)
            else:
                self.parts[key] = split_parts(Fraction(self.tiny.ev(c, t))) or \
                    self.two_stakes(c, t)
        return self.parts[key]

    def two_stakes(self, c: int, t: int) -> tuple[Fraction, Fraction]:
        """(A, B) from the exact EVs at two stakes (the check of :func:`split_parts`)."""
        e1, e2 = (Fraction(s.ev(c, t)) for s in self.exact)
        return e2 - e1, e2 - 2 * e1

    def search(self, pot: float, pay: float) -> _PotSearch:
        """The best responses at ``pot`` (a loser pays ``pay``)."""
        if self.sampled:
            return _PotSearch(self.base, self.part, pot, pay)
        return _PotSearch(self.base, self.part, Fraction(str(pot)), Fraction(str(pay)))


class PotThresholds:
    """The rule of every deal by round size and pot, computed when first asked and kept.

    Picklable: a worker process given it starts from the pots already computed.
    """

    def __init__(self, setting: GameSetting):
        self.setting = setting
        self._rounds: dict[int, _Round] = {}
        self._rules: dict[tuple[int, float | None], DealRule] = {}
        self._challenge: list[FieldOdds] | None = None
        #: seconds spent computing rules (the equilibria, the challenge counts)
        self.seconds = 0.0

    def key(self, pot: float) -> float | None:
        """The table's key of a pot: None for every pot the threshold does not depend on (no
        cap, or at most the cap), else the pot."""
        cap = self.setting.cap
        return None if cap is None or pot <= cap else float(pot)

    def rule(self, cards: int, pot: float) -> DealRule:
        """The rule of a deal of ``cards``-card hands played for ``pot``."""
        k = (cards, self.key(pot))
        if k not in self._rules:
            t0 = time.perf_counter()
            self._rules[k] = self._compute(cards, k[1])
            self.seconds += time.perf_counter() - t0
        return self._rules[k]

    def arrays(self, cards: int, pots: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The kernel's rule arrays (threshold, mix, challenge) of deals at ``pots``."""
        uniq, inv = np.unique(pots, return_inverse=True)
        rules = [self.rule(cards, float(p)) for p in uniq]
        thr = np.array([r.threshold for r in rules], dtype=np.int64)[inv]
        mix = np.array([r.mix for r in rules], dtype=np.float64)[inv]
        chal = np.array([r.challenge for r in rules], dtype=np.int64)[inv]
        return thr, mix, chal

    def table(self) -> list[DealRule]:
        """Every rule computed so far, by round size (as dealt) and pot (None first)."""
        order = {c: i for i, c in enumerate(dict.fromkeys(self.setting.cycle))}
        return sorted(self._rules.values(),
                      key=lambda r: (order[r.cards], r.pot is not None, r.pot or 0.0))

    def _round(self, cards: int) -> _Round:
        if cards not in self._rounds:
            self._rounds[cards] = _Round(self.setting, self.setting.order(cards))
        return self._rounds[cards]

    def _compute(self, cards: int, pot: float | None) -> DealRule:
        s = self.setting
        order = s.order(cards)
        chal, chal_label = self._challenge_rule(pot if pot is not None else 1.0,
                                                pot is None) if s.rules.dealer_challenge \
            else (order.n_classes, "")
        given = s.given(cards)
        if given is not None:
            return DealRule(cards, pot, given, 0.0, class_label(order, given), "given", chal,
                            chal_label)
        rnd = self._round(cards)
        stake = 1.0 if pot is None else pot
        search = rnd.search(stake, stake if pot is None else s.pay(stake))
        t, converged, _path, note, cycle = fixed_point(search)
        source = "sampled equilibrium" if rnd.sampled else "equilibrium"
        mix = 0.0
        if cycle:
            names = "/".join(class_label(order, c) for c in cycle)
            t = cycle[0] if s.cycle_rule == "low" else cycle[-1]
            played = s.cycle_rule
            if s.cycle_rule == "mixed":
                cls = search.classes()
                m = None
                if not rnd.sampled and len(cycle) == 2 \
                        and cls.index(cycle[1]) == cls.index(cycle[0]) + 1:
                    m = mixed_equilibrium(search, cycle[0])
                if m is None:
                    t = cycle[0]
                    played = "low (no mixed equilibrium of one boundary class here)"
                else:
                    t, mix = cycle[1], m.q
                    played = (f"mixed: {class_label(order, cycle[0])} in with probability "
                              f"q = {m.q:.9f}")
            source += f" cycle {names}, played {played}"
        elif not converged:
            source += f" ({note}; the last threshold played)"
        return DealRule(cards, pot, t, mix, class_label(order, t), source, chal, chal_label)

    def _challenge_rule(self, pot: float, up_to_cap: bool) -> tuple[int, str]:
        """The weakest class from which every class pays to challenge the dealer at 2-1."""
        s = self.setting
        order = s.order(s.cycle[0])
        if self._challenge is None:
            reps, cls, _ = representatives(order)
            first: dict[int, list[int]] = {}
            for hand, c in zip(reps.tolist(), cls.tolist()):
                first.setdefault(c, hand)
            dealer = [Seat("dealer", is_pot=True, min_class=s.dealer_min)]
            self._challenge = [field_odds(order, first[c], dealer)
                               for c in range(order.n_classes)]
        pay = None if up_to_cap else s.cap
        best = order.n_classes
        for c in range(order.n_classes - 1, -1, -1):
            o = self._challenge[c]
            if o.total and o.ev_exact(pot, pay, s.tie, "split", CHALLENGE_LOSS) > 0:
                best = c
            else:
                break
        return best, class_label(order, best)


def _labels(order: HandOrder, classes: Sequence[int]) -> str:
    return "/".join(class_label(order, c) for c in classes)
