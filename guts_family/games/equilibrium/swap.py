"""Phoenix Burn's swap with the pot inside the symmetric equilibrium (``equilibrium --swap-fee``).

The burned player may exchange its hand for the pot's, paying ``fee``. The rule sheet does not
say when; the reading built in (``timing``):

- ``public`` (the default): the burned player decides after looking at its own three cards
  and before anyone else decides; the exchange is seen by the table (hands change places and a
  fee is paid in the open). The others then decide in/out knowing whether it swapped, so they
  use two thresholds: ``t_keep`` after a keep (the burned player then holds a hand its swap rule
  keeps) and ``t_swap`` after a swap (the pot then holds the hand the burned player gave up,
  the burned player a random one).
- ``hidden``: the same moment, but the others do not learn whether it swapped (one threshold
  ``t``). The two hands in play are the same two either way, so the swap then matters to the
  others only through whose hand a tie is with (the pot's or a player's).

The burned player's swap rule is its **best response**: swap iff the swap raises its EV
(EV after swapping, fee paid, > EV keeping), given how the others decide. It is a threshold
too: swap with a hand below class ``s`` (its premise, one sign change of the swap's gain along
the order, is checked in the tests). The fee is paid whatever happens and is not part of the
pot being played for (as :func:`~guts_family.games.phoenix_burn.swap`).

**Exact counts.** Every EV is a ``Fraction`` from rank counts
(:func:`~guts_family.odds.multiway.multiway_counts`): the other deciders are seats that compete
with their threshold or better and only take cards below it (one count instead of a sum over
how many go in). The burned player's EV after a swap holds a *random* hand against a known pot
hand, so it is a sum over the new hand's rank multisets (up to 455 counts, each weighted by its
number of hands; every such hand leaves the same number of deals to the others).

**The method.** The fixed point of (``s``; the others' thresholds): from the no-swap
equilibrium ``t_0``, ``s_0 = BR_burned(t_0)``; then, for the current ``s``, the others'
symmetric equilibrium (best-response iteration, as without the swap: ``t_keep`` and ``t_swap``
separately when public, one ``t`` when hidden), then ``s' = BR_burned(those)``; stop at
``s' = s`` (converged), or report the cycle. Then every class within ``CHECK_WINDOW`` classes
of ``s`` and of the others' thresholds is checked to be its own best response; where card
removal makes a gain or an EV non-monotone the exceptions are listed (``exceptions``): the
result is then an equilibrium among threshold rules only.

>>> e = swap_equilibrium(players=2, fee=4)  # a fee no swap repays (pot 2): as without it
>>> e.label, e.swap_label, e.converged
('A84', 'none', True)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from guts_family._version import __version__
from guts_family.games.equilibrium.model import check_model
from guts_family.games.equilibrium.result import class_label
from guts_family.games.equilibrium.search import MAX_ITERATIONS, ThresholdSearch, fixed_point
from guts_family.games.phoenix_burn import GAME as PHOENIX
from guts_family.hands import VALUE3, HandOrder
from guts_family.odds import FieldOdds, Seat, check_stakes
from guts_family.odds.multiway import multiway_counts

__all__ = ["SWAP_TIMINGS", "CHECK_WINDOW", "SWAP_METHOD", "SwapModel", "SwapEquilibrium",
           "swap_equilibrium", "ranked_odds"]

SWAP_TIMINGS = ("public", "hidden")
#: how many classes either side of each threshold are checked to be best responses
CHECK_WINDOW = 4
SWAP_METHOD = ("best-response iteration over (the burned player's swap threshold, the others' "
               "in/out thresholds), exact counts by ranks; see docs/guts.md")


def ranked_odds(order: HandOrder, hero: Sequence[int], specs: Sequence[tuple],
                pots: Sequence[bool], unseen: Sequence[int],
                fixed_pot: Sequence[int] | None = None) -> FieldOdds:
    """Exact odds of ``hero`` against rank-counted seats (``multiway_counts`` 6-tuples) and,
    optionally, a pot hand whose cards are all known (``fixed_pot``, the last seat).

    >>> from guts_family.cards import parse_cards
    >>> hero, pot = parse_cards("Ks Kd 7h"), parse_cards("5c 3d 2h")
    >>> unseen = [c for c in range(52) if c not in hero + pot]
    >>> o = ranked_odds(VALUE3, hero, [((), 3, 0, None, True, 0)], [False], unseen, pot)
    >>> o.total == math.comb(46, 3), o.lose_count == ranked_odds(
    ...     VALUE3, hero, [((), 3, 0, None, True, 0)], [False], unseen).lose_count
    (True, True)
    """
    t = order.class_of(list(hero))
    top = order.n_classes
    free = math.prod(math.comb(len(unseen) - order.n_cards * j, order.n_cards)
                     for j in range(len(specs)))
    restricted = any(sp[2] > 0 or (sp[3] is not None and sp[3] < top - 1) or not sp[4]
                     for sp in specs)
    total = (int(sum(multiway_counts(order, top, unseen, specs, free, pots).values()))
             if restricted and specs else free)
    seats = [Seat(f"seat {i + 1}", is_pot=bool(p)) for i, p in enumerate(pots)]
    fixed_mask: tuple[int, ...] = ()
    beaten = False
    if fixed_pot is not None:
        seats.append(Seat("pot", known=tuple(int(c) for c in fixed_pot), is_pot=True))
        fc = order.class_of(list(fixed_pot))
        beaten = fc > t
        fixed_mask = (len(specs),) if fc == t else ()
    ties: dict[tuple[int, ...], int] = {}
    if total and not beaten:
        counts = multiway_counts(order, t, unseen, specs, total, pots) if specs else {(): 1}
        for mask, count in counts.items():
            key = tuple(sorted(fixed_mask + tuple(mask)))
            ties[key] = ties.get(key, 0) + count
    return FieldOdds(order.name, tuple(int(c) for c in hero), (), tuple(seats), total,
                     total - sum(ties.values()), ties)


@dataclass
class SwapModel:
    """The EVs of one question (players, stakes, fee, timing), cached."""

    players: int
    pot: float
    cap: float | None
    tie: str
    player_tie: str
    fee: float
    deck: Sequence[int] | None = None
    order: HandOrder = VALUE3
    cache: dict[tuple, Fraction | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._search = ThresholdSearch(PHOENIX.name, self.order, self.players, self.pot, self.cap,
                               self.tie, self.player_tie, self.deck)
        self.cards = list(range(52)) if self.deck is None else sorted({int(c) for c in
                                                                      self.deck})

    def classes(self) -> list[int]:
        """The classes present in the deck in play, weakest first."""
        return self._search.classes()

    def hand(self, c: int) -> list[int]:
        """One hand of class c from the deck in play."""
        return self._search.hand(c)

    def _ev(self, o: FieldOdds) -> Fraction:
        return o.ev_exact(self.pot, self.cap, self.tie, self.player_tie)

    def _deciders(self, k: int, t: int) -> list[tuple]:
        return [((), self.order.n_cards, 0, None, True, t)] * k

    def decider(self, c: int, s: int, t: int, state: str) -> Fraction | None:
        """EV of a deciding player going in with class c when the other deciders use ``t`` and
        the burned player swaps below ``s``: after a keep (``state`` "keep"), after a swap
        ("swap"), or not knowing which ("both"). None when that state never happens."""
        key = ("d", c, s, t, state)
        if key not in self.cache:
            hero = self.hand(c)
            unseen = [x for x in self.cards if x not in hero]
            n, top = self.order.n_cards, self.order.n_classes
            rest = self._deciders(self.players - 2, t)
            parts = []
            if state in ("keep", "both") and s < top:
                parts.append(ranked_odds(self.order, hero, [((), n, 0, None, True, 0),
                                                            ((), n, s, None, True, 0), *rest],
                                         [True, False] + [False] * len(rest), unseen))
            if state in ("swap", "both") and s > 0:
                parts.append(ranked_odds(self.order, hero, [((), n, 0, s - 1, True, 0),
                                                            ((), n, 0, None, True, 0), *rest],
                                         [True, False] + [False] * len(rest), unseen))
            den = sum(o.total for o in parts)
            self.cache[key] = (sum((o.total * self._ev(o) for o in parts if o.total),
                                   Fraction(0)) / den) if den else None
        return self.cache[key]

    def keep(self, h: int, t: int) -> Fraction:
        """The burned player's EV keeping class h, the others deciding with ``t``."""
        key = ("k", h, t)
        if key not in self.cache:
            hero = self.hand(h)
            unseen = [x for x in self.cards if x not in hero]
            rest = self._deciders(self.players - 1, t)
            self.cache[key] = self._ev(ranked_odds(
                self.order, hero, [((), self.order.n_cards, 0, None, True, 0), *rest],
                [True] + [False] * len(rest), unseen))
        return self.cache[key]  # type: ignore[return-value]

    def swap(self, h: int, t: int) -> Fraction:
        """The burned player's EV swapping class h (fee paid), the others deciding with ``t``:
        the mean over its new hand (the pot's old one) of that hand's EV against the pot
        holding h and the deciders."""
        key = ("s", h, t)
        if key not in self.cache:
            given = self.hand(h)
            left = [x for x in self.cards if x not in given]
            by_rank: dict[int, list[int]] = {}
            for x in left:
                by_rank.setdefault(x >> 2, []).append(x)
            pay = Fraction(str(self.pot)) if self.cap is None else \
                min(Fraction(str(self.pot)), Fraction(str(self.cap)))
            rest = self._deciders(self.players - 1, t)
            num, den = Fraction(0), 0
            for ranks in itertools.combinations_with_replacement(sorted(by_rank), 3):
                w = math.prod(math.comb(len(by_rank[r]), ranks.count(r)) for r in set(ranks))
                if not w:
                    continue
                new = [x for r in set(ranks) for x in by_rank[r][:ranks.count(r)]]
                if self.order.class_of(new) < h:  # the pot (holding h) beats it outright
                    num -= w * pay
                else:
                    unseen = [x for x in left if x not in new]
                    num += w * self._ev(ranked_odds(self.order, new, rest,
                                                    [False] * len(rest), unseen, given))
                den += w
            self.cache[key] = num / den - Fraction(str(self.fee))
        return self.cache[key]  # type: ignore[return-value]

    def gain(self, h: int, t_keep: int, t_swap: int) -> Fraction:
        """What swapping class h adds to the burned player's EV (fee included)."""
        return self.swap(h, t_swap) - self.keep(h, t_keep)

    def swap_below(self, t_keep: int, t_swap: int, guess: int | None = None) -> int:
        """The burned player's best response: the weakest class it keeps (it swaps every
        class below; 0: never swaps), by bisection on the sign of the gain."""
        pay = self.pot if self.cap is None else min(self.pot, self.cap)
        cls = self.classes()
        if self.fee >= self.pot + pay:  # EVs lie in [-pay, pot]: a swap never pays
            return 0
        lo, hi = 0, len(cls)  # answer index in [lo, hi]; len: swaps everything
        if guess is not None and guess in cls:
            i = cls.index(guess)
            if self.gain(cls[i], t_keep, t_swap) <= 0:
                hi = i
                lo = max(0, i - 8)
                if lo and self.gain(cls[lo], t_keep, t_swap) <= 0:
                    lo = 0
            else:
                lo = i + 1
                hi = min(len(cls), i + 9)
                if hi < len(cls) and self.gain(cls[hi - 1], t_keep, t_swap) > 0:
                    hi = len(cls)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.gain(cls[mid], t_keep, t_swap) <= 0:
                hi = mid
            else:
                lo = mid + 1
        if lo == 0:
            return 0  # keeps every hand
        return cls[lo] if lo < len(cls) else self.order.n_classes


class _StateSearch(ThresholdSearch):
    """The deciders' best responses in one information state, the swap rule fixed."""

    def __init__(self, model: SwapModel, s: int, state: str):
        super().__init__(PHOENIX.name, model.order, model.players, model.pot, model.cap,
                         model.tie, model.player_tie, model.deck)
        self.model, self.s, self.state = model, s, state

    def ev(self, hero_class: int, threshold: int) -> Fraction:
        """A decider's EV in this state (0 where the state never happens)."""
        v = self.model.decider(hero_class, self.s, threshold, self.state)
        return Fraction(0) if v is None else v


def _inner(model: SwapModel, s: int, state: str) -> tuple[int, str, str]:
    """The deciders' symmetric equilibrium in one state: (threshold, label, note); a cycle is
    labelled by its classes ("655/755") and its weakest class is returned."""
    t, ok, _, note, cycle = fixed_point(_StateSearch(model, s, state))
    if cycle:
        return cycle[0], "/".join(class_label(model.order, c) for c in cycle), note
    return t, class_label(model.order, t), "" if ok else note


@dataclass(frozen=True)
class SwapEquilibrium:
    """The symmetric equilibrium of Phoenix Burn with the swap, for one table size.

    ``swap_below``: the weakest class the burned player keeps (it swaps every class below it;
    ``swap_label`` names the strongest hand it swaps, "none" if it never swaps). ``t_keep`` /
    ``t_swap``: the others' thresholds after a keep / a swap (public); hidden: both are ``t``.
    """

    players: int
    ante: float
    pot: float
    cap: float | None
    fee: float
    timing: str
    tie: str
    player_tie: str
    swap_below: int
    swap_label: str
    share_swapped: float
    t_keep: int | None
    t_swap: int | None
    keep_label: str
    swap_state_label: str
    converged: bool
    path: tuple[int, ...]
    note: str
    exceptions: tuple[str, ...] = ()

    @property
    def best_response_checked(self) -> bool:
        """True when, within the checked window around s and the others' thresholds, every
        class's decision is its own best response (no exception to the threshold rules)."""
        return not self.exceptions

    @property
    def label(self) -> str:
        """The others' threshold after a keep (the hidden reading: the one threshold)."""
        return self.keep_label

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        return {"players": self.players, "ante": self.ante, "pot": self.pot, "cap": self.cap,
                "swap_fee": self.fee, "swap_timing": self.timing, "tie": self.tie,
                "player_tie": self.player_tie, "swaps_with": self.swap_label,
                "keeps_from_class": self.swap_below,
                "keeps_from": class_label(VALUE3, self.swap_below),
                "share_swapped": self.share_swapped,
                "threshold_after_keep": self.keep_label,
                "threshold_after_swap": self.swap_state_label,
                "converged": self.converged, "exceptions": list(self.exceptions),
                "best_response_checked": self.best_response_checked, "keeps_from_path": [
                    class_label(VALUE3, c) for c in self.path], "exact": True,
                "method": SWAP_METHOD,
                "note": self.note, "version": __version__}


def swap_equilibrium(players: int, fee: float, ante: float = 1.0, pot: float | None = None,
                     cap: float | None = None, timing: str = "public", tie: str | None = None,
                     player_tie: str | None = None, deck: Sequence[int] | None = None,
                     window: int = CHECK_WINDOW) -> SwapEquilibrium:
    """Phoenix Burn's symmetric equilibrium with the burned player's swap (see the module).

    ``window``: after convergence every class within ``window`` classes of s and of the
    others' thresholds is checked to be its own best response (swap iff the gain is positive;
    in iff the EV is positive); the classes that are not are listed in ``exceptions`` (the
    threshold rules' premise, one sign change, fails there).

    >>> deck = [c for c in range(52) if c >> 2 >= 9][:13]  # J J J J Q Q Q Q K K K K A
    >>> e = swap_equilibrium(players=2, fee=0.5, deck=deck)
    >>> e.swap_label, e.keep_label, e.swap_state_label, e.converged
    ('QJJ', 'KKJ', 'QQJ', True)
    """
    if timing not in SWAP_TIMINGS:
        raise ValueError(f"unknown swap timing {timing!r}: choose one of "
                         f"{', '.join(SWAP_TIMINGS)}")
    order = PHOENIX.order(None)
    g = check_model(PHOENIX.name, players, order)
    check_stakes(ante)
    pot_v = players * ante if pot is None else pot
    check_stakes(pot_v, cap, fee)
    tie_r, ptie_r = g.rules(tie, player_tie)
    model = SwapModel(players, pot_v, cap, tie_r, ptie_r, float(fee), deck, order)
    top = order.n_classes
    t0, *_ = fixed_point(_StateSearch(model, 0, "keep"))
    s = model.swap_below(t0, t0)
    path = [s]
    converged = False
    notes: list[str] = []
    tk: int | None = t0
    ts: int | None = t0
    labels = {"keep": "-", "swap": "-"}
    for _ in range(MAX_ITERATIONS):
        notes = []
        if timing == "public":
            tk = ts = None
            if s < top:
                tk, labels["keep"], nk = _inner(model, s, "keep")
                notes += [f"after a keep: {nk}"] if nk else []
            if s > 0:
                ts, labels["swap"], ns = _inner(model, s, "swap")
                notes += [f"after a swap: {ns}"] if ns else []
            tk_b = tk if tk is not None else ts
            ts_b = ts if ts is not None else tk
        else:
            tk, labels["keep"], nb = _inner(model, s, "both")
            ts, labels["swap"] = tk, labels["keep"]
            notes += [nb] if nb else []
            tk_b = ts_b = tk
        assert tk_b is not None and ts_b is not None
        nxt = model.swap_below(tk_b, ts_b, guess=s)
        if nxt == s:
            converged = not notes
            break
        if nxt in path:
            notes.append("the swap rule cycles through "
                         + ", ".join(class_label(order, c) for c in path[path.index(nxt):]))
            break
        s = nxt
        path.append(s)
    else:
        notes.append(f"no fixed point within {MAX_ITERATIONS} iterations")
    exceptions: list[str] = []
    if converged and window > 0:
        exceptions = _exceptions(model, s, tk, ts, timing, window)
        if exceptions:
            notes.append("not a best response at " + ", ".join(exceptions))
    sizes = order.class_sizes
    share = float(sizes[:s].sum() / sizes.sum())
    swapped = [c for c in model.classes() if c < s]
    return SwapEquilibrium(players, ante, pot_v, cap, float(fee), timing, tie_r, ptie_r, s,
                           class_label(order, swapped[-1]) if swapped else "none", share, tk, ts,
                           labels["keep"] if tk is not None else "-",
                           labels["swap"] if ts is not None else "-", converged,
                           tuple(path), "; ".join(notes), tuple(exceptions))


def _exceptions(model: SwapModel, s: int, tk: int | None, ts: int | None, timing: str,
                window: int) -> list[str]:
    """The classes near the thresholds whose threshold-rule decision is not a best response."""
    cls = model.classes()
    near = (lambda x: [c for c in cls if abs(c - x) <= window])  # noqa: E731
    k_t = tk if tk is not None else ts
    s_t = ts if ts is not None else tk
    assert k_t is not None and s_t is not None
    out = []
    pay = model.pot if model.cap is None else min(model.pot, model.cap)
    for c in near(s) if model.fee < model.pot + pay else ():  # else no gain is positive
        g = model.gain(c, k_t, s_t)
        if (g > 0) != (c < s):
            out.append(f"burned {'swaps' if g > 0 else 'keeps'} {class_label(model.order, c)} "
                       f"(gain {float(g):+.4f})")
    states = [("keep", tk), ("swap", ts)] if timing == "public" else [("both", tk)]
    for state, t in states:
        if t is None:
            continue
        for c in near(t):
            v = model.decider(c, s, t, state)
            if v is not None and (v > 0) != (c >= t):
                where = "" if state == "both" else f" after a {state}"
                out.append(f"{'in' if v > 0 else 'out'} with {class_label(model.order, c)}{where} "
                           f"(EV {float(v):+.4f})")
    return out
