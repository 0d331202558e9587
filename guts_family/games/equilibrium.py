"""The symmetric equilibrium in/out threshold of Phoenix Burn, Guts (3-2-1) and challenge guts.

A *threshold strategy* goes in with a hand of class ``t`` or better (the game's own order,
:mod:`guts_family.hands`) and stays out below it. A **symmetric equilibrium threshold** is a
``t`` that is its own best response: when every other deciding player uses ``t``, going in pays
(EV > 0) with ``t`` and every better class, and does not pay (EV <= 0) with the class below.

The model of one round (the readings are in ``docs/guts.md``, section "Equilibrium"):

- **Guts (3-2-1)** (``guts321``): ``players`` decide at once. A lone player in plays the
  dummy (win: the pot; lose: pay; tie: the game's tie rule, default replay); two or more in
  show down (best hand takes the pot, every other one in pays); nobody in: re-ante. The 2- and
  1-card rounds at every table size, exactly; the 3-card round (the poker order, which needs
  the suits) exactly for **two players**, counted by cards (:func:`in_ev_poker3`; a class's EV
  is the mean over its hands), and **sampled** for 3 or more (up to the 16 the deck seats):
  the exact count by cards handles one ranged seat, not several seats out below the threshold,
  so the EVs come from seeded random deals (:mod:`guts_family.games.threshold_sample`) and
  the threshold is reported with the interval the samples cannot separate (see "Sampled"
  below).
- **Phoenix Burn** (``phoenix``): the burned player must play and holds a random hand; the
  other ``players - 1`` decide at once by the threshold (their face-up cards and their seat
  order are not used). The pot's hand plays everyone; ties with it go to the pot by default.
- **Challenge guts** (``challenge``): all ``players`` (the dealer too, who acts as a player
  when someone called) decide at once. A lone caller takes the pot unchallenged; two or more
  show down. When nobody calls, the dealer takes the pot with the qualifier (``--qualify``,
  ace high) or the round is re-anted: that happens only when the hero stayed out, so the
  qualifier never moves the threshold in this one-round model (it is reported beside it).

A player who goes in and does not win pays ``min(pot, cap)`` (Phoenix and Guts: every loser
in; challenge: every losing caller). Staying out is worth 0: the ante is sunk and the next
pot's value is not counted (the same convention as every EV of the package).

**Exact odds inside.** The EV of going in with class ``c`` against others using ``t`` sums,
over ``k`` = how many of the ``m`` other deciders go in, ``C(m, k)`` times the exact counts of
:func:`~guts_family.odds.multiway.multiway_odds` with ``k`` seats restricted to ``t`` or better
and ``m - k`` seats restricted below ``t`` that do not play (they only take cards): every deal
of the unseen cards is counted once, card removal included. The EV is a ``Fraction``.

**The method: best-response iteration over threshold strategies.** From ``t_0`` (the best
response to others going in with everything), ``t_{i+1} = BR(t_i)``; the best response is
found by bisection on the hero's class. Its premise is that the EV's sign changes once along
the order (checked on the full 2- and 1-card orders in the tests, and around every published
threshold); the EV itself need not rise everywhere (card removal: AK blocks the aces and
kings of players who go in with 44+). **Convergence test:** the iteration stops when
``BR(t) = t`` (a fixed point: an exact symmetric equilibrium, verified by the two EV signs
around it). If it revisits a threshold (a cycle, no pure fixed point on it) every threshold
between the cycle's ends is tried; if none is a fixed point the result says so
(``converged`` False) and reports the cycle.

**Sampled (the 3-card round, 3+ players).** The same best-response iteration on the sampled
EVs' point estimates, then a check of its answer: a threshold ``t`` is *rejected* when the
samples resolve, at :data:`~guts_family.games.threshold_sample.RESOLVE_Z` = 4 standard errors,
that ``t`` does not pay (EV(t | t) < 0) or that the class below it pays (EV(t - 1 | t) > 0).
The thresholds around the estimate that are not rejected form the reported interval
(``low`` .. ``high``); while a test inside it is unresolved, its class gets twice the deals
(from 65,536 up to ``samples`` a class), and the iteration reruns on the new estimates.
``resolved`` is true when one threshold is left with both tests resolved. Figures are never
called exact: ``method`` is ``"sampled"``, with the seed, the deals and the largest standard
error; the same seed gives the same result for any number of workers (not when
``max_seconds`` cuts the run).

>>> eq = equilibrium("guts321", players=3, cards=1)
>>> eq.label, eq.converged, eq.path
('Q', True, (9, 10))
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from guts_family._version import __version__
from guts_family.games.registry import get_game
from guts_family.games.threshold_sample import RESOLVE_Z, ThresholdEVs
from guts_family.hands import HandOrder, get_order
from guts_family.odds import FieldOdds, Seat, check_stakes, field_odds, representatives
from guts_family.odds.multiway import multiway_odds
from guts_family.sampling import CHUNK_SIZE, check_sampling, new_seed

__all__ = ["EQUILIBRIUM_GAMES", "in_ev", "in_ev_poker3", "best_response", "Equilibrium",
           "equilibrium",
           "equilibrium_table", "ThresholdTable", "threshold_table", "parse_players",
           "MAX_ITERATIONS", "METHOD", "METHOD_CARDS", "METHOD_SAMPLED", "METHODS",
           "FIRST_DEALS", "EQ_SAMPLES", "SCAN_GAP"]

METHOD = ("best-response iteration over threshold strategies (fixed point BR(t) = t), exact "
          "counts by ranks; see docs/guts.md")
#: the method of the 3-card poker order (two players), counted by cards
METHOD_CARDS = ("best-response iteration over threshold strategies (fixed point BR(t) = t), "
                "exact counts by cards (two players); see docs/guts.md")
#: the method of the 3-card poker order beyond two players (or with ``method="sample"``)
METHOD_SAMPLED = ("sampled (Monte Carlo, not exact): best-response iteration over threshold "
                  "strategies on sampled EVs (seeded random deals of the dummy and the other "
                  "hands, common random numbers), thresholds rejected at 4 standard errors; "
                  "see docs/guts.md")
#: ``method``: the exact count where it answers, else sampled; exact only; sampled
METHODS = ("auto", "exact", "sample")
#: deals a class gets when first sampled
FIRST_DEALS = 4 * CHUNK_SIZE
#: the most deals a class gets by default (``samples``)
EQ_SAMPLES = 2 ** 24
#: rejected thresholds in a row that end the scan for the interval
SCAN_GAP = 3

EQUILIBRIUM_GAMES = ("phoenix", "guts321", "challenge")
MAX_ITERATIONS = 60


def _deciders(game: str, players: int) -> int:
    """How many players besides the hero decide in/out by the threshold."""
    return players - 2 if game == "phoenix" else players - 1


def _check(game: str, players: int, order: HandOrder, sampled: bool = False) -> None:
    if game not in EQUILIBRIUM_GAMES:
        raise ValueError(f"no equilibrium model for {game!r}: choose one of "
                         f"{', '.join(EQUILIBRIUM_GAMES)}")
    if not order.suit_blind and not sampled and not (game == "guts321" and players == 2):
        raise ValueError(f"the {order.title} order (straights and flushes need the suits) is "
                         "counted exactly by cards for 2 players only (one other player, "
                         f"either in or out), got --players {players}: choose --players 2, or "
                         "drop --exact to sample it, or --cards 2 or 1 for guts321")
    lowest = 2
    pot_cards = order.n_cards if game == "guts321" or game == "phoenix" else 0
    top = (52 - pot_cards) // order.n_cards
    if not lowest <= players <= top:
        raise ValueError(f"{game} with {order.n_cards}-card hands seats 2 to {top} players "
                         f"(52 cards), got --players {players}")


def in_ev(game: str, order: HandOrder, hero: Sequence[int], players: int, threshold: int,
          pot: float, cap: float | None = None, tie: str | None = None,
          player_tie: str | None = None, deck: Sequence[int] | None = None) -> Fraction:
    """Exact EV of going in with ``hero`` when the others go in with ``threshold`` or better.

    ``threshold`` = ``order.n_classes`` means the others never go in. ``deck``: the cards in
    play (tests use small decks).

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import ONE
    >>> float(in_ev("challenge", ONE, parse_cards("Ah"), 2, ONE.n_classes, pot=1))  # alone: pot
    1.0
    """
    g = get_game(game)
    tie_r, ptie_r = g.rules(tie, player_tie)
    if not order.suit_blind:
        _check(game, players, order)
        return in_ev_poker3(order, hero, threshold, pot, cap, tie_r, ptie_r, deck)
    m = _deciders(game, players)
    top = order.n_classes
    num = Fraction(0)
    den = 0
    for k in range(m + 1):
        if (k > 0 and threshold >= top) or (k < m and threshold <= 0):
            continue  # nobody holds a hand above the top class / below the bottom one
        seats: list[Seat] = []
        if game == "phoenix":
            seats += [Seat("pot", is_pot=True), Seat("burned player")]
        elif game == "guts321":  # the dummy is dealt always, and plays a lone player only
            seats.append(Seat("dummy", is_pot=True, plays=k == 0))
        seats += [Seat(f"in {i + 1}", min_class=threshold) for i in range(k)]
        seats += [Seat(f"out {i + 1}", max_class=threshold - 1, plays=False)
                  for i in range(m - k)]
        if not seats:  # challenge heads-up, the other player out: the pot, unchallenged
            seats = [Seat("out", plays=False)]
        o = multiway_odds(order, hero, seats, deck=deck, allow_empty=True)
        if o.total == 0:  # e.g. more players above the threshold than such hands are left
            continue
        w = math.comb(m, k) * o.total
        num += w * o.ev_exact(pot, cap, tie_r, ptie_r)
        den += w
    return num / den


def _dummy_alone_counts(order: HandOrder, hero: Sequence[int], threshold: int,
                       deck: Sequence[int] | None) -> tuple[int, int, int]:
    """Win / tie / lose counts of ``hero`` against the dummy over every deal of the dummy and
    one other hand below ``threshold`` (which stays out and only takes cards), by cards.

    The other hands avoiding a dummy hand d are counted by inclusion-exclusion over d's cards:
    |G| - sum_x G(x) + sum_{x<y} G(x, y) - [d in G], G the hands below the threshold and G(..)
    those of them holding the given cards; every dummy hand is enumerated.
    """
    from itertools import combinations

    cards = list(range(52)) if deck is None else sorted({int(c) for c in deck})
    unseen = np.array([c for c in cards if c not in set(hero)], dtype=np.int64)
    combos = unseen[np.array(list(combinations(range(len(unseen)), order.n_cards)),
                             dtype=np.int64)]
    idx = np.zeros(len(combos), dtype=np.int64)
    for j in range(order.n_cards - 1, -1, -1):
        idx = idx * 52 + combos[:, j]
    cls = np.asarray(order.lookup)[idx].astype(np.int64)
    in_g = cls < threshold
    g = combos[in_g]
    g1 = np.zeros(52, dtype=np.int64)
    g2 = np.zeros((52, 52), dtype=np.int64)
    for a in range(order.n_cards):
        g1 += np.bincount(g[:, a], minlength=52)
        for b in range(a + 1, order.n_cards):
            pairs = np.bincount(g[:, a] * 52 + g[:, b], minlength=2704).reshape(52, 52)
            g2 += pairs + pairs.T
    avoid = np.full(len(combos), len(g), dtype=np.int64) - in_g
    for a in range(order.n_cards):
        avoid -= g1[combos[:, a]]
        for b in range(a + 1, order.n_cards):
            avoid += g2[combos[:, a], combos[:, b]]
    me = order.class_of(list(hero))
    return (int(avoid[cls < me].sum()), int(avoid[cls == me].sum()),
            int(avoid[cls > me].sum()))


def in_ev_poker3(order: HandOrder, hero: Sequence[int], threshold: int, pot: float,
                 cap: float | None = None, tie: str = "replay", player_tie: str = "split",
                 deck: Sequence[int] | None = None) -> Fraction:
    """Exact EV of going in with ``hero`` in a two-player Guts 3-card round (poker order) when
    the other player goes in with ``threshold`` or better, counted by cards.

    Every deal of the other player's hand and the dummy's counts once. The other player in
    (a hand of ``threshold`` or better): a showdown with them (the card engine's one ranged
    seat; the dummy's cards do not matter). The other player out: ``hero`` plays the dummy,
    whose deals are weighed by the other hands below the threshold they leave (card removal,
    see ``_dummy_alone_counts``). ``tie`` settles a tie with the dummy, ``player_tie`` one
    with the other player.

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import POKER3
    >>> ev = in_ev_poker3(POKER3, parse_cards("Ks Kd 7h"), POKER3.n_classes, pot=2)
    >>> round(float(ev), 4)  # the other player never in: K K 7 against the dummy alone
    1.5872
    """
    hero = [int(c) for c in hero]
    top = order.n_classes
    cards = 52 if deck is None else len({int(c) for c in deck})
    dummy_ways = math.comb(cards - 2 * order.n_cards, order.n_cards)
    num = Fraction(0)
    den = 0
    if threshold > 0:
        win, tied, lose = _dummy_alone_counts(order, hero, min(threshold, top), deck)
        total = win + tied + lose
        if total:
            seats = (Seat("dummy", is_pot=True), Seat("out", max_class=min(threshold, top) - 1,
                                                      plays=False))
            o = FieldOdds(order.name, tuple(hero), (), seats, total, lose,
                          {(): win, (0,): tied})
            num += total * o.ev_exact(pot, cap, tie, player_tie)
            den += total
    if threshold < top:
        o = field_odds(order, hero, [Seat("in 1", min_class=threshold)], deck=deck)
        if o.total:
            num += o.total * dummy_ways * o.ev_exact(pot, cap, tie, player_tie)
            den += o.total * dummy_ways
    return num / den


@dataclass
class _Search:
    """Best responses of one question (game, order, players, stakes), with a cache of EVs."""

    game: str
    order: HandOrder
    players: int
    pot: float
    cap: float | None
    tie: str | None
    player_tie: str | None
    deck: Sequence[int] | None = None
    cache: dict[tuple[int, int], Fraction] = field(default_factory=dict)

    def ev(self, hero_class: int, threshold: int) -> Fraction | float:
        key = (hero_class, threshold)
        if key not in self.cache:
            if self.order.suit_blind:
                hands = [(self._hand(hero_class), 1)]
            else:  # suit patterns differ (card removal on flushes): the class's mean
                hands = self._class_hands(hero_class)
            num = sum((w * in_ev(self.game, self.order, h, self.players, threshold, self.pot,
                                 self.cap, self.tie, self.player_tie, self.deck)
                       for h, w in hands), Fraction(0))
            self.cache[key] = num / sum(w for _, w in hands)
        return self.cache[key]

    def _class_hands(self, c: int) -> list[tuple[list[int], int]]:
        """The hands of class c as (hand, weight): one per suit pattern with its number of
        hands (full deck), or every hand of the class in the deck in play."""
        if self.deck is None:
            reps, cls, mult = representatives(self.order)
            return [(list(h), int(m)) for h, k, m in zip(reps.tolist(), cls.tolist(),
                                                         mult.tolist()) if k == c]
        import itertools

        return [(list(h), 1) for h in itertools.combinations(sorted(self.deck), self.order.n_cards)
                if self.order.class_of(list(h)) == c]

    def _hand(self, c: int) -> list[int]:
        if self.deck is None:
            return self.order.representative(c)
        import itertools

        for h in itertools.combinations(sorted(self.deck), self.order.n_cards):
            if self.order.class_of(list(h)) == c:
                return list(h)
        raise ValueError(f"no hand of class {self.order.label(c)} in the deck in play")

    def classes(self) -> list[int]:
        """The hero's classes available in the deck in play, weakest first."""
        if self.deck is None:
            return list(range(self.order.n_classes))
        import itertools

        return sorted({self.order.class_of(list(h))
                       for h in itertools.combinations(sorted(self.deck), self.order.n_cards)})

    def best_response(self, threshold: int, guess: int | None = None) -> int:
        """The weakest class worth going in with (bisection; ``n_classes``: never)."""
        cls = self.classes()
        lo, hi = 0, len(cls)  # answer index in [lo, hi]; hi = never
        if guess is not None:  # gallop from the guess
            i = min(range(len(cls)), key=lambda j: abs(cls[j] - guess))
            step = 1
            if self.ev(cls[i], threshold) > 0:
                hi = i
                while hi - step >= 0 and self.ev(cls[hi - step], threshold) > 0:
                    hi -= step
                    step *= 2
                lo = max(0, hi - step)
            else:
                lo = i + 1
                while lo + step - 1 < len(cls) and self.ev(cls[lo + step - 1], threshold) <= 0:
                    lo += step
                    step *= 2
                hi = min(len(cls), lo + step - 1)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.ev(cls[mid], threshold) > 0:
                hi = mid
            else:
                lo = mid + 1
        return cls[lo] if lo < len(cls) else self.order.n_classes


def best_response(game: str, players: int, threshold: int, pot: float, cap: float | None = None,
                  cards: int | None = None, tie: str | None = None,
                  player_tie: str | None = None) -> int:
    """The weakest class worth going in with when every other decider uses ``threshold``.

    >>> from guts_family.hands import ONE
    >>> ONE.label(best_response("guts321", 3, ONE.class_from_label("Q"), pot=3, cards=1))
    'Q'
    """
    order = get_game(game).order(cards)
    _check(game, players, order)
    check_stakes(pot, cap)
    return _Search(game, order, players, pot, cap, tie, player_tie).best_response(threshold)


@dataclass(frozen=True)
class Equilibrium:
    """The symmetric equilibrium threshold of one game, table size and stakes.

    Not converged (a best-response cycle): ``threshold`` is the cycle's weakest class and
    ``label`` names the cycle ("655/755"); ``note`` says so.

    Sampled (``method == "sampled"``, the 3-card round beyond two players): ``threshold`` is
    the point estimate, ``low`` .. ``high`` the span of the thresholds the samples do not
    reject (``candidates``; ``interval``: "AQ2..AQ6", or the one label when ``resolved``, with
    the candidates listed when a threshold inside the span is rejected); ``seed``, ``deals``
    (over every class sampled), ``deals_at_threshold``, ``max_se`` (the largest standard error
    of the tests still open, else of those that bound the interval), ``ev_at_se`` /
    ``ev_below_se``, ``stopped_by`` and ``seconds`` say how it was drawn. Exact rows have
    ``low == high == threshold``.
    """

    game: str
    order: str
    cards: int
    players: int
    ante: float
    pot: float
    cap: float | None
    tie: str
    player_tie: str
    threshold: int
    label: str
    converged: bool
    iterations: int
    path: tuple[int, ...]
    ev_at: float
    ev_below: float | None
    share_in: float
    note: str
    method: str = "exact"
    low: int | None = None
    high: int | None = None
    interval: str = ""
    candidates: tuple[int, ...] = ()
    resolved: bool = True
    seed: int | None = None
    deals: int | None = None
    deals_at_threshold: int | None = None
    samples: int | None = None
    max_se: float | None = None
    ev_at_se: float | None = None
    ev_below_se: float | None = None
    stopped_by: str = ""
    seconds: float | None = None

    @property
    def exact(self) -> bool:
        """True for the exact counts, False for a sampled row."""
        return self.method == "exact"

    def as_dict(self) -> dict:
        """Plain dict for JSON."""
        out = {"game": self.game, "order": self.order, "cards": self.cards,
               "players": self.players, "ante": self.ante, "pot": self.pot, "cap": self.cap,
               "tie": self.tie, "player_tie": self.player_tie, "threshold": self.label,
               "threshold_class": self.threshold, "converged": self.converged,
               "iterations": self.iterations, "path": list(self.path),
               "ev_at_threshold": self.ev_at, "ev_below_threshold": self.ev_below,
               "share_of_hands_in": self.share_in, "exact": True, "method":
               "best-response iteration over threshold strategies, exact counts by "
               + ("cards" if self.order == "poker3" else "ranks"),
               "note": self.note, "version": __version__}
        if not self.exact:
            out.update({
                "exact": False, "method": "sampled", "method_detail": METHOD_SAMPLED,
                "threshold_interval": self.interval, "threshold_low_class": self.low,
                "threshold_high_class": self.high, "resolved": self.resolved,
                "not_rejected_classes": list(self.candidates),
                "ev_at_threshold_se": self.ev_at_se, "ev_below_threshold_se": self.ev_below_se,
                "sampling": {"seed": self.seed, "deals": self.deals,
                             "deals_at_threshold": self.deals_at_threshold,
                             "samples_per_class": self.samples, "largest_se": self.max_se,
                             "resolve_z": RESOLVE_Z, "stopped_by": self.stopped_by,
                             "seconds": self.seconds}})
        return out


def equilibrium(game: str, players: int, ante: float = 1.0, pot: float | None = None,
                cap: float | None = None, cards: int | None = None, tie: str | None = None,
                player_tie: str | None = None, deck: Sequence[int] | None = None, *,
                method: str = "auto", seed: int | None = None, samples: int | None = None,
                target_se: float | None = None, max_seconds: float | None = None,
                workers: int | None = 1, progress: Callable[[str], None] | None = None,
                parallel_after: float | None = None) -> Equilibrium:
    """The symmetric equilibrium in/out threshold by best-response iteration (see the module).

    ``pot`` defaults to ``players * ante`` (the first round's pot); ``cap`` is the match limit.
    ``method``: ``"auto"`` (exact where the count answers, else sampled: the 3-card round with
    3 or more players), ``"exact"`` (refused where it cannot answer), ``"sample"`` (the 3-card
    round, sampled at any table size). Sampling options: ``seed`` (None: a fresh one, in the
    result), ``samples`` (the most deals a class, default :data:`EQ_SAMPLES`), ``target_se``
    (a class is not refined below this standard error), ``max_seconds``, ``workers``;
    ``progress`` is called with a line of status after each sampling step.

    >>> eq = equilibrium("challenge", players=2, cards=None)
    >>> eq.label, eq.converged
    ('K42', True)
    >>> eq = equilibrium("guts321", 3, cards=3, seed=1, samples=65_536)
    >>> eq.method, eq.seed, eq.resolved, eq.low <= eq.threshold <= eq.high
    ('sampled', 1, False, True)
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    g = get_game(game)
    order = g.order(cards)
    sampled = not order.suit_blind and (method == "sample" or (method == "auto" and players > 2))
    if method == "sample" and order.suit_blind:
        raise ValueError(f"--sample: the {order.title} order is counted exactly at every table "
                         "size; sampling is for the Guts 3-card round (--cards 3)")
    _check(game, players, order, sampled)
    check_stakes(ante)
    pot_v = players * ante if pot is None else pot
    check_stakes(pot_v, cap)
    tie_r, ptie_r = g.rules(tie, player_tie)
    if sampled:
        check_sampling(seed, target_se, samples, workers, max_seconds)
        return _sampled_equilibrium(game, order, players, ante, pot_v, cap, tie_r, ptie_r, deck,
                                    seed, samples, target_se, max_seconds, workers, progress,
                                    parallel_after)
    s = _Search(game, order, players, pot_v, cap, tie_r, ptie_r, deck)
    t, converged, path, note, cycle = _fixed_point(s)
    cls = s.classes()
    ev_at = float(s.ev(t, t)) if t < order.n_classes else float("nan")
    below = [c for c in cls if c < t]
    ev_below = float(s.ev(below[-1], t)) if below else None
    label = _lab(order, t)
    if cycle:  # no pure equilibrium: the threshold names the cycle, weakest first
        t, label = cycle[0], "/".join(_lab(order, c) for c in cycle)
    share = float(order.class_sizes[t:].sum() / order.class_sizes.sum())
    return Equilibrium(game, order.name, order.n_cards, players, ante, pot_v, cap, tie_r, ptie_r,
                       t, label, converged, len(path), tuple(path), ev_at, ev_below,
                       share, note, low=t, high=t, interval=label)


class _SampledSearch(_Search):
    """Best responses on sampled EVs (point estimates); a class is sampled when first asked."""

    def __init__(self, game: str, order: HandOrder, players: int, pot: float,
                 cap: float | None, tie: str, player_tie: str, deck: Sequence[int] | None,
                 evs: ThresholdEVs, first: int):
        super().__init__(game, order, players, pot, cap, tie, player_tie, deck)
        self.evs, self.first = evs, first
        self._classes: list[int] | None = None

    def ev(self, hero_class: int, threshold: int) -> float:
        return self.estimate(hero_class, threshold)[0]

    def estimate(self, hero_class: int, threshold: int) -> tuple[float, float]:
        """(estimate, standard error), sampling the class first if it never was."""
        if hero_class not in self.evs.deals:
            self.evs.sample([hero_class], self.first)
        return self.evs.ev(hero_class, threshold)

    def sign(self, hero_class: int, threshold: int) -> int:
        self.estimate(hero_class, threshold)
        return self.evs.sign(hero_class, threshold)

    def classes(self) -> list[int]:
        if self._classes is None:
            self._classes = super().classes()
        return self._classes


@dataclass(frozen=True)
class _Interval:
    """The thresholds the samples do not reject around the estimate (positions in the search's
    classes, ``len(classes)`` = never), the tests still unresolved and their largest standard
    error (of every test bounding the interval when none is open)."""

    low: int | None
    high: int | None
    open_tests: tuple[tuple[int, int], ...]   # (class, threshold)
    max_se: float
    resolved: bool
    several: bool
    kept: tuple[int, ...] = ()   # every position not rejected

    @property
    def open_classes(self) -> list[int]:
        """The classes of the unresolved tests."""
        return sorted({c for c, _ in self.open_tests})


def _interval(s: _SampledSearch, t: int, cycle: Sequence[int]) -> _Interval:
    """Scan the thresholds around ``t`` (or the cycle) outward until :data:`SCAN_GAP` rejected
    ones in a row on each side: ``t`` is rejected when EV(t | t) < 0 or EV(t - 1 | t) > 0 is
    resolved at 4 standard errors."""
    cls = s.classes()
    top = s.order.n_classes

    def pos(c: int) -> int:
        return cls.index(c) if c < top else len(cls)

    def thr(i: int) -> int:
        return cls[i] if i < len(cls) else top

    def tests(i: int) -> list[tuple[int, int, int]]:  # (class, threshold, the sign it needs)
        out = []
        if i < len(cls):
            out.append((cls[i], thr(i), 1))
        if i > 0:
            out.append((cls[i - 1], thr(i), -1))
        return out

    kept: dict[int, list[tuple[int, int, int]]] = {}

    def look(i: int) -> bool:
        ts = tests(i)
        signs = [s.sign(c, u) for c, u, _ in ts]
        if any(sg == -want for sg, (_, _, want) in zip(signs, ts)):
            return False
        kept[i] = [x for x, sg in zip(ts, signs) if sg == 0]
        return True

    span = [pos(c) for c in (cycle or [t])]
    lo, hi = min(span), max(span)
    for i in range(lo, hi + 1):
        look(i)
    for step, edge in ((1, len(cls)), (-1, 0)):
        i, gap = (hi if step > 0 else lo), 0
        while i != edge and gap < SCAN_GAP:
            i += step
            gap = 0 if look(i) else gap + 1
    if not kept:
        return _Interval(None, None, (), 0.0, False, False)
    low, high = min(kept), max(kept)
    open_tests = [x for i in kept for x in kept[i]]
    # the largest standard error of the tests still open (of every bounding test if none is)
    ses = [s.estimate(c, u)[1] for c, u, _ in open_tests] or \
        [s.estimate(c, u)[1] for i in kept for c, u, _ in tests(i)]
    resolved_each = [i for i in kept if not kept[i]]
    return _Interval(low, high, tuple(sorted({(c, u) for c, u, _ in open_tests})), max(ses),
                     low == high and not open_tests, len(resolved_each) > 1,
                     tuple(sorted(kept)))


def _sampled_equilibrium(game: str, order: HandOrder, players: int, ante: float, pot: float,
                         cap: float | None, tie: str, player_tie: str,
                         deck: Sequence[int] | None, seed: int | None, samples: int | None,
                         target_se: float | None, max_seconds: float | None,
                         workers: int | None, progress: Callable[[str], None] | None,
                         parallel_after: float | None) -> Equilibrium:
    """The sampled equilibrium (see the module, "Sampled")."""
    start = time.perf_counter()
    seed = new_seed() if seed is None else int(seed)
    most = EQ_SAMPLES if samples is None else int(samples)
    most = -(-most // CHUNK_SIZE) * CHUNK_SIZE
    evs = ThresholdEVs(order, players, pot, cap, tie, player_tie, deck, seed, workers,
                       parallel_after)
    s = _SampledSearch(game, order, players, pot, cap, tie, player_tie, deck, evs,
                       min(FIRST_DEALS, most))
    t, converged, path, note, cycle = _fixed_point(s)
    stopped = ""
    while True:
        iv = _interval(s, t, cycle)
        if progress is not None:
            where = "none" if iv.low is None or iv.high is None else \
                _span(order, s.classes(), iv.low, iv.high)
            progress(f"{players} players: {len(evs.deals)} classes, "
                     f"{evs.total_deals / 1e6:.1f} M deals, {where}")
        if not iv.open_classes:
            stopped = "resolved" if iv.low is not None else "samples"
            break
        todo = [c for c in iv.open_classes if evs.deals[c] < most and
                (target_se is None or max(evs.ev(c, u)[1] for d, u in iv.open_tests
                                          if d == c) > target_se)]
        if not todo:
            stopped = "samples" if any(evs.deals[c] >= most for c in iv.open_classes) \
                else "target-se"
            break
        left = None if max_seconds is None else max_seconds - (time.perf_counter() - start)
        if left is not None and left <= 0:
            stopped = "max-seconds"
            break
        for n in sorted({min(2 * evs.deals[c], most) for c in todo}):
            group = [c for c in todo if min(2 * evs.deals[c], most) == n]
            if evs.sample(group, n, left) == "max-seconds":
                stopped = "max-seconds"
        t, converged, more, note, cycle = _fixed_point(s, t)
        path += [x for x in more if not path or x != path[-1]]
        if stopped == "max-seconds":
            iv = _interval(s, t, cycle)
            break
    cls = s.classes()
    ev_at, ev_at_se = s.estimate(t, t) if t < order.n_classes else (float("nan"), None)
    below = [c for c in cls if c < t]
    ev_below, ev_below_se = s.estimate(below[-1], t) if below else (None, None)
    label = _lab(order, t)
    t_point = t
    if cycle:
        t, label = cycle[0], "/".join(_lab(order, c) for c in cycle)
    if iv.low is None or iv.high is None:
        low = high = None
        interval = "none consistent at 4 SE"
    else:
        low, high = _thr(order, cls, iv.low), _thr(order, cls, iv.high)
        interval = _span(order, cls, iv.low, iv.high)
    share = float(order.class_sizes[t:].sum() / order.class_sizes.sum())
    total = evs.total_deals
    candidates = tuple(_thr(order, cls, i) for i in iv.kept)
    if iv.low is not None and iv.high is not None and len(iv.kept) < iv.high - iv.low + 1:
        interval += " (not rejected: " + ", ".join(_lab(order, c) for c in candidates) + ")"
    notes = [note] if note else []
    if not iv.resolved:
        notes.append(f"threshold {interval}: unresolved at {RESOLVE_Z:g} SE after "
                     f"{max(evs.deals.values()):,} deals a class at most (seed {seed}, largest "
                     f"SE {iv.max_se:.2g}, stopped by {stopped})")
    if iv.several:
        notes.append("several thresholds resolved as equilibria at 4 SE")
    if t_point < order.n_classes:  # the bisection's premise, on the classes sampled
        signs = {c: evs.sign(c, t_point) for c in evs.deals}
        pays = [c for c, sg in signs.items() if sg > 0]
        not_pays = [c for c, sg in signs.items() if sg < 0]
        if pays and not_pays and min(pays) < max(not_pays):
            notes.append(f"premise check: {_lab(order, max(not_pays))} does not pay though "
                         f"{_lab(order, min(pays))} below it does, at 4 SE (card removal: the "
                         "best response is not a threshold there; one sign change assumed)")
    note = "; ".join(notes)
    return Equilibrium(game, order.name, order.n_cards, players, ante, pot, cap, tie,
                       player_tie, t, label, converged, len(path), tuple(path), ev_at,
                       ev_below, share, note, method="sampled", low=low, high=high,
                       interval=interval, candidates=candidates, resolved=iv.resolved,
                       seed=seed, deals=total,
                       deals_at_threshold=evs.deals.get(t), samples=most, max_se=iv.max_se,
                       ev_at_se=ev_at_se, ev_below_se=ev_below_se, stopped_by=stopped,
                       seconds=time.perf_counter() - start)


def _thr(order: HandOrder, cls: Sequence[int], i: int) -> int:
    return cls[i] if i < len(cls) else order.n_classes


def _span(order: HandOrder, cls: Sequence[int], i: int, j: int) -> str:
    """'AQ4' or 'AQ2..AQ6': the labels of positions i and j of the classes."""
    a, b = _lab(order, _thr(order, cls, i)), _lab(order, _thr(order, cls, j))
    return a if i == j else f"{a}..{b}"



def _fixed_point(s: _Search, start: int = 0
                 ) -> tuple[int, bool, list[int], str, list[int]]:
    """Best-response iteration from BR(``start``): (threshold, converged, path, note, cycle)."""
    order = s.order
    t = s.best_response(start)
    path = [t]
    seen = {t}
    converged = False
    note = ""
    cycle: list[int] = []
    for _ in range(MAX_ITERATIONS):
        nxt = s.best_response(t, guess=t)
        if nxt == t:
            converged = True
            break
        if nxt in seen:  # a cycle: look for a fixed point between its ends
            cyc = path[path.index(nxt):]
            lo, hi = min(cyc), max(cyc)
            for cand in s.classes():
                if lo <= cand <= hi and s.best_response(cand, guess=cand) == cand:
                    t, converged = cand, True
                    path.append(cand)
                    break
            if not converged:
                note = (f"best responses cycle through {', '.join(_lab(order, c) for c in cyc)}"
                        ": no pure symmetric threshold equilibrium between them")
                cycle = sorted(set(cyc))
            break
        t = nxt
        path.append(t)
        seen.add(t)
    else:
        note = f"no fixed point within {MAX_ITERATIONS} iterations"
    return t, converged, path, note, cycle


def _lab(order: HandOrder, c: int) -> str:
    return order.label(c) if c < order.n_classes else "none"


def equilibrium_table(game: str, players: Sequence[int], ante: float = 1.0,
                      pot: float | None = None, cap: float | None = None,
                      cards: int | None = None, tie: str | None = None,
                      player_tie: str | None = None, *, method: str = "auto",
                      seed: int | None = None, samples: int | None = None,
                      target_se: float | None = None, max_seconds: float | None = None,
                      workers: int | None = 1, progress: Callable[[str], None] | None = None,
                      parallel_after: float | None = None) -> list[Equilibrium]:
    """One :class:`Equilibrium` per table size; sampled rows share one seed (drawn once when
    not given). Every table size is checked before any work.

    >>> [e.label for e in equilibrium_table("guts321", [2, 3], cards=1)]
    ['J', 'Q']
    """
    g = get_game(game)
    order = g.order(cards)
    for n in players:  # bad input is refused before the first row is computed
        _check(game, n, order, not order.suit_blind and method != "exact")
    if seed is None and not order.suit_blind:
        seed = new_seed()
    out = []
    for i, n in enumerate(players):
        step = None if progress is None else \
            (lambda text, i=i: progress(f"{i + 1}/{len(players)}, {text}"))
        out.append(equilibrium(game, n, ante, pot, cap, cards, tie, player_tie, method=method,
                               seed=seed, samples=samples, target_se=target_se,
                               max_seconds=max_seconds, workers=workers, progress=step,
                               parallel_after=parallel_after))
    return out


def parse_players(text: str) -> list[int]:
    """Table sizes from ``"2-8"``, ``"4"`` or ``"2,4,6"``.

    >>> parse_players("2-5"), parse_players("3,6")
    ([2, 3, 4, 5], [3, 6])
    """
    out: list[int] = []
    for part in str(text).replace(" ", "").split(","):
        a, sep, b = part.partition("-")
        try:
            lo, hi = int(a), int(b) if sep else int(a)
        except ValueError:
            raise ValueError(f"--players takes a number, a span or a list, e.g. 2-8 or 2,4,6; "
                             f"got {str(text)[:80]!r}") from None
        if lo > hi:
            raise ValueError(f"--players {lo}-{hi}: the span runs from the smaller number")
        out += range(lo, hi + 1)
    return sorted(set(out))


@dataclass(frozen=True)
class ThresholdTable:
    """Equilibrium thresholds by table size, as a table file (meta lines and a frame).

    A table with sampled rows (the 3-card round beyond two players) adds the columns
    ``method``, ``threshold_low`` / ``threshold_high`` (the interval the samples do not
    reject), ``resolved``, the standard errors, ``largest_se``, ``seed``, ``deals`` and
    ``stopped_by``.
    """

    meta: dict
    rows: tuple[Equilibrium, ...]

    @property
    def sampled(self) -> bool:
        """Some row is sampled."""
        return any(not r.exact for r in self.rows)

    @property
    def frame(self):  # noqa: ANN201 - a pandas DataFrame (pandas is imported lazily)
        """One row per table size."""
        import pandas as pd

        cols: dict[str, list] = {
            "players": [r.players for r in self.rows],
            "pot": [r.pot for r in self.rows],
            "threshold": [r.label for r in self.rows],
            "threshold_class": [r.threshold for r in self.rows],
            "share_of_hands_in": [r.share_in for r in self.rows],
            "converged": [r.converged for r in self.rows],
            "iterations": [r.iterations for r in self.rows],
            "ev_at_threshold": [r.ev_at for r in self.rows],
            "ev_below_threshold": [r.ev_below for r in self.rows],
        }
        if self.sampled:
            o = get_order(next(r.order for r in self.rows if not r.exact))
            cols.update({
                "method": [r.method for r in self.rows],
                "threshold_low": [_lab(o, r.low) if r.low is not None else "" for r in self.rows],
                "threshold_high": [_lab(o, r.high) if r.high is not None else ""
                                   for r in self.rows],
                "resolved": [r.resolved for r in self.rows],
                "ev_at_threshold_se": [r.ev_at_se if not r.exact else 0.0 for r in self.rows],
                "ev_below_threshold_se": [r.ev_below_se if not r.exact else 0.0
                                          for r in self.rows],
                "largest_se": [r.max_se if not r.exact else 0.0 for r in self.rows],
                "seed": [r.seed if not r.exact else "" for r in self.rows],
                "deals": [r.deals if not r.exact else "" for r in self.rows],
                "deals_at_threshold": [r.deals_at_threshold if not r.exact else ""
                                       for r in self.rows],
                "stopped_by": [r.stopped_by for r in self.rows],
            })
        cols["note"] = [r.note for r in self.rows]
        return pd.DataFrame(cols)


def threshold_table(game: str, players: Sequence[int], ante: float = 1.0,
                    pot: float | None = None, cap: float | None = None,
                    cards: int | None = None, tie: str | None = None,
                    player_tie: str | None = None, *, method: str = "auto",
                    seed: int | None = None, samples: int | None = None,
                    target_se: float | None = None, max_seconds: float | None = None,
                    workers: int | None = 1, progress: Callable[[str], None] | None = None,
                    parallel_after: float | None = None) -> ThresholdTable:
    """The equilibrium thresholds of ``game`` for each table size, with their provenance
    (sampled rows: the seed, the deals a class, how the sampling stopped; ``exact`` False).

    >>> t = threshold_table("guts321", [2, 3], cards=1)
    >>> list(t.frame["threshold"]), t.meta["pot"]
    (['J', 'Q'], 'players x ante')
    >>> t = threshold_table("guts321", [3, 4], cards=3, seed=5, samples=65_536)
    >>> list(t.frame["method"]), t.meta["exact"], t.meta["seed"], t.meta["sampled_players"]
    (['sampled', 'sampled'], False, 5, '3-4')
    """
    g = get_game(game)
    if seed is None and not g.order(cards).suit_blind and method != "exact":
        seed = new_seed()
    rows = tuple(equilibrium_table(game, players, ante, pot, cap, cards, tie, player_tie,
                                   method=method, seed=seed, samples=samples,
                                   target_se=target_se, max_seconds=max_seconds,
                                   workers=workers, progress=progress,
                                   parallel_after=parallel_after))
    order = g.order(cards)
    exact_rows = [r.players for r in rows if r.exact]
    sampled_rows = [r.players for r in rows if not r.exact]
    if not sampled_rows:
        how = METHOD if order.suit_blind else METHOD_CARDS
    elif not exact_rows:
        how = METHOD_SAMPLED
    else:
        how = (f"players {_sizes(exact_rows)}: {METHOD_CARDS}; players {_sizes(sampled_rows)}: "
               f"{METHOD_SAMPLED}")
    meta = {"game": g.name, "title": g.title, "rule_sheet": g.rule_sheet,
            "cards": order.n_cards, "order": order.name, "ante": ante,
            "pot": "players x ante" if pot is None else pot, "cap": cap,
            "tie": rows[0].tie if rows else tie, "player_tie": rows[0].player_tie if rows
            else player_tie, "method": how, "exact": not sampled_rows,
            "package": "guts_family"}
    if sampled_rows:
        meta.update({
            "sampled_players": _sizes(sampled_rows), "seed": seed,
            "samples_per_class": next(r.samples for r in rows if not r.exact),
            "first_deals_per_class": FIRST_DEALS, "resolve_z": RESOLVE_Z,
            "target_se": target_se, "max_seconds": max_seconds,
            "deals": sum(r.deals or 0 for r in rows),
            "streams": "every class and table size: chunks 0, 1, ... of "
                       "SeedSequence(seed, spawn_key=(chunk,)), 16,384 deals a chunk"})
    meta["version"] = __version__
    return ThresholdTable(meta, rows)


def _sizes(players: Sequence[int]) -> str:
    """'3-8' for a run of table sizes, else '2, 4, 6'.

    >>> _sizes([3, 4, 5]), _sizes([2, 4])
    ('3-5', '2, 4')
    """
    ps = sorted(players)
    if len(ps) > 1 and ps == list(range(ps[0], ps[-1] + 1)):
        return f"{ps[0]}-{ps[-1]}"
    return ", ".join(str(p) for p in ps)
