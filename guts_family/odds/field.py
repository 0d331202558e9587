"""Exact odds of one hand against a field of opposing hands, by complete enumeration.

The field is a list of :class:`Seat` s: the pot's (dummy) hand and other players' hands, each
with some known cards (possibly none) and the rest dealt from the unseen cards. Every deal of
the unseen cards to the seats is counted once; the result holds the integer counts.

How it counts. The first random seat is enumerated card by card. The other random seats (at
most two) are counted by inclusion-exclusion over shared cards: the number of hands of a family
(all hands below the hero's class, or equal to it) that avoid a set ``R`` of cards is
``sum over r subset of R of (-1)^|r| X_r`` where ``X_r`` counts the family's hands containing
``r``; for two seats at once, the number of disjoint pairs ``(x, y)`` is
``sum over card sets s of (-1)^|s| X_s Y_s``. The numba kernels (``guts_family.odds._kernels``)
do that; the plain nested-loop twin that the tests compare against is ``field_odds_naive`` in
``tests/reference/guts.py``.

>>> from guts_family.cards import parse_cards
>>> from guts_family.hands import VALUE3
>>> odds = field_odds(VALUE3, parse_cards("As Ad Kh"), [Seat("pot", is_pot=True)])
>>> odds.win_count, odds.tie_count, odds.lose_count, odds.total
(18376, 3, 45, 18424)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb

import numpy as np

from guts_family.cards import cards_str
from guts_family.hands import HandOrder
from guts_family.odds._kernels import NO_SUMS, count_field, same3_sums
from guts_family.odds.deal import validate
from guts_family.odds.multiway import multiway_odds
from guts_family.odds.outcome import MAX_FORMULA_SEATS, FieldOdds, Seat

__all__ = ["field_odds", "exact_refusal", "validate"]

_COMBOS: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}


def _all_combos(m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All m-card subsets of the 52 cards (sorted, as in itertools), their card bitmasks and
    rank-pattern keys (cached)."""
    if m not in _COMBOS:
        combos = np.array(list(itertools.combinations(range(52), m)), dtype=np.int64)
        combos = combos.reshape(-1, m)
        masks = np.zeros(len(combos), dtype=np.int64)
        key = np.zeros(len(combos), dtype=np.int64)
        for i in range(m):
            masks |= np.left_shift(np.int64(1), combos[:, i])
            key = key * 13 + (combos[:, i] >> 2)  # cards sorted, so ranks are non-decreasing
        _COMBOS[m] = (combos, masks, key)
    return _COMBOS[m]


def _completions(order: HandOrder, known: Sequence[int], unseen: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All completions of a seat from the unseen cards, the class of each full hand, and each
    completion's rank-pattern key."""
    m = order.n_cards - len(known)
    combos, masks, keys = _all_combos(m)
    seen = (1 << 52) - 1
    for c in unseen.tolist():
        seen ^= 1 << c
    sel = (masks & np.int64(seen)) == 0
    combos, keys = combos[sel], keys[sel]
    if not known:
        return np.ascontiguousarray(combos), order.all_hands[1][sel], keys
    idx = np.zeros(len(combos), dtype=np.int64)
    w = 1
    for c in known:
        idx += c * w
        w *= 52
    for i in range(m):
        idx += combos[:, i] * w
        w *= 52
    return np.ascontiguousarray(combos), order.lookup[idx].astype(np.int64), keys


def _group_by_ranks(combos: np.ndarray, classes: np.ndarray, keys: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One hand per rank pattern, with the number of hands it stands for.

    Valid when the order is suit-blind: unseen cards of equal rank are then interchangeable.
    """
    if combos.shape[1] == 0:
        return combos, classes, np.ones(len(classes), dtype=np.int64)
    counts = np.bincount(keys, minlength=13 ** combos.shape[1])
    first = np.full(len(counts), -1, dtype=np.int64)
    first[keys[::-1]] = np.arange(len(keys) - 1, -1, -1)
    present = np.flatnonzero(counts)
    pick = first[present]
    return (np.ascontiguousarray(combos[pick]), np.ascontiguousarray(classes[pick]),
            counts[present].astype(np.int64))


def exact_refusal(order: HandOrder, seats: Sequence[Seat]) -> str | None:
    """Why the exact count cannot answer this field (one line), or None when it can.

    Only the three-card poker order is ever refused (its suits make the rank count inexact):
    beyond three opposing hands with unseen cards, several calling ranges, a range bounded
    above or a seat that stays out. Those are sampled
    (:func:`~guts_family.odds.sample.field_sample`, ``guts-odds vs-pot --sample``).

    >>> from guts_family.hands import POKER3, VALUE3
    >>> seats = [Seat(f"p{i}") for i in range(4)]
    >>> exact_refusal(VALUE3, seats) is None, exact_refusal(POKER3, seats[:3]) is None
    (True, True)
    >>> print(exact_refusal(POKER3, seats))  # doctest: +NORMALIZE_WHITESPACE
    exact three-card poker odds (straights and flushes need the suits) cover at most 3 opposing
    hands with unseen cards and one calling range, got 4 hands: seat fewer players, or use a
    sampled estimate (guts-odds vs-pot --sample)
    """
    if order.suit_blind:
        return None
    n_random = sum(1 for s in seats if len(s.known) < order.n_cards)
    n_ranges = sum(1 for s in seats if len(s.known) < order.n_cards and s.restricted)
    bounded = any(s.max_class is not None or not s.plays for s in seats)
    if not (n_random > 1 + MAX_FORMULA_SEATS or n_ranges > 1 or bounded):
        return None
    what = f"{n_random} hands" if n_random > 1 + MAX_FORMULA_SEATS else \
        f"{n_ranges} ranges" if n_ranges > 1 else "a range bounded above or a seat out"
    return (f"exact {order.title} odds (straights and flushes need the suits) cover at most "
            f"{1 + MAX_FORMULA_SEATS} opposing hands with unseen cards and one calling "
            f"range, got {what}: seat fewer players, or use a sampled estimate "
            "(guts-odds vs-pot --sample)")


_FAST_PAIRS: bool | None = None  # None: automatic; tests force True / False to compare paths
_FAST_PAIRS_MIN_HANDS = 1500


def field_odds(order: HandOrder, hero: Sequence[int], seats: Sequence[Seat],
               dead: Sequence[int] = (), deck: Sequence[int] | None = None) -> FieldOdds:
    """Exact win / tie / lose counts of ``hero`` against ``seats``; unseen cards dealt every way.

    ``dead`` cards are seen and out of play; ``deck`` (default the 52 cards) is the set of
    cards in play, smaller in tests. Up to three seats with unseen cards (and one calling
    range) are counted here by card inclusion-exclusion; more seats, in the suit-blind orders,
    by ranks (:func:`~guts_family.odds.multiway.multiway_odds`). The three-card poker order
    is refused beyond three random seats (its suits make the rank count inexact).

    >>> from guts_family.cards import parse_cards
    >>> from guts_family.hands import TWO
    >>> o = field_odds(TWO, parse_cards("Kh Kd"), [Seat("dummy", is_pot=True), Seat("player 2")])
    >>> o.total == comb(50, 2) * comb(48, 2), round(o.win, 4)
    (True, 0.9886)
    """
    hero, unseen = validate(order, hero, seats, dead, deck)
    refusal = exact_refusal(order, seats)
    if refusal is not None:
        raise ValueError(refusal)
    n_random = sum(1 for s in seats if len(s.known) < order.n_cards)
    n_ranges = sum(1 for s in seats if len(s.known) < order.n_cards and s.restricted)
    bounded = any(s.max_class is not None or not s.plays for s in seats)
    if n_random > 1 + MAX_FORMULA_SEATS or n_ranges > 1 or bounded:
        return multiway_odds(order, hero, seats, dead, deck)
    t = order.class_of(hero)
    n = order.n_cards
    seats = tuple(seats)
    fixed_mask: tuple[int, ...] = ()
    beaten = False
    random_idx: list[int] = []
    for i, s in enumerate(seats):
        if len(s.known) == n:
            c = order.class_of(list(s.known))
            if c < s.min_class:
                raise ValueError(f"{s.name}'s hand {cards_str(s.known)} is outside its range")
            if c > t:
                beaten = True
            elif c == t:
                fixed_mask += (i,)
        else:
            random_idx.append(i)
    restricted = [i for i in random_idx if seats[i].min_class > 0]
    ties: dict[tuple[int, ...], int] = {}
    if not random_idx:
        total = 1
        if not beaten:
            ties[tuple(sorted(fixed_mask))] = 1
        return _result(order, hero, dead, seats, total, ties)
    # the explicitly enumerated seat: the restricted one, else the one with most unseen cards
    explicit = restricted[0] if restricted else \
        max(random_idx, key=lambda i: n - len(seats[i].known))
    formula = [i for i in random_idx if i != explicit]
    e_cards, e_cls, e_keys = _completions(order, seats[explicit].known, unseen)
    if seats[explicit].min_class > 0:
        keep = e_cls >= seats[explicit].min_class
        e_cards, e_cls, e_keys = np.ascontiguousarray(e_cards[keep]), e_cls[keep], e_keys[keep]
    me = e_cards.shape[1]
    n_explicit = len(e_cls)
    if order.suit_blind:
        e_cards, e_cls, e_weight = _group_by_ranks(e_cards, e_cls, e_keys)
    else:
        e_weight = np.ones(len(e_cls), dtype=np.int64)
    ms = np.array([n - len(seats[i].known) for i in formula] + [0] * (2 - len(formula)),
                  dtype=np.int64)
    total = n_explicit
    left = len(unseen) - me
    for m in ms[:len(formula)]:
        total *= comb(left, int(m))
        left -= int(m)
    nf = len(formula)
    tab0 = np.zeros((2, 2), np.int64)
    tab1 = np.zeros((2, 2, 52), np.int64)
    tab2 = np.zeros((2, 2, 52, 52), np.int64)
    for f, i in enumerate(formula):
        combos, cls, _ = _completions(order, seats[i].known, unseen)
        for fam, sel in enumerate((cls < t, cls == t)):
            chosen = combos[sel]
            tab0[f, fam] = len(chosen)
            for a in range(chosen.shape[1]):
                tab1[f, fam] += np.bincount(chosen[:, a], minlength=52)
                for b in range(a + 1, chosen.shape[1]):
                    pairs = np.bincount(chosen[:, a] * 52 + chosen[:, b], minlength=2704)
                    pairs = pairs.reshape(52, 52)
                    tab2[f, fam] += pairs + pairs.T
    same = nf == 2 and seats[formula[0]].known == seats[formula[1]].known
    fast = bool(same and ms[0] == 3 and ms[1] == 3)
    if fast:  # automatic: the O(N) pair term pays for its set-up on big loops
        fast = int((e_cls <= t).sum()) > _FAST_PAIRS_MIN_HANDS if _FAST_PAIRS is None \
            else _FAST_PAIRS
    sums = same3_sums(order.lookup, t, unseen, tab2) if fast else NO_SUMS
    out = np.zeros(8, np.int64) if beaten else \
        count_field(order.lookup, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same,
                    unseen, fast, sums)
    order_of_bits = [explicit, *formula]
    for bits in range(8):
        if out[bits]:
            mask = tuple(sorted(fixed_mask + tuple(order_of_bits[b] for b in range(3)
                                                   if (bits >> b) & 1)))
            ties[mask] = ties.get(mask, 0) + int(out[bits])
    return _result(order, hero, dead, seats, total, ties)


def _result(order: HandOrder, hero: Sequence[int], dead: Sequence[int], seats: tuple[Seat, ...],
            total: int, ties: dict[tuple[int, ...], int]) -> FieldOdds:
    lose = total - sum(ties.values())
    return FieldOdds(order.name, tuple(hero), tuple(int(c) for c in dead), seats, total, lose, ties)
