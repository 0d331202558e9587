"""simulate: seeded Monte Carlo of the whole 21 Burn game under a strategy (numba kernel).

The simulator is the toolkit's independent second opinion: it deals real cards, one at a time,
from a shoe of ``decks x 52`` cards (or an infinite deck), and plays every round as the rule
sheet says - the player's burn, the mandatory split and resplits, hit / stand / double, the
dealer's three cards, the burn of the dealer's highest card (ace = 11) and H17 / S17 drawing.
It shares the rules and the strategy tables (:class:`~twentyone_burn.tables.DecisionTables`)
with the exact engine and nothing else: no probability code of the engine is called here.

Reproducibility: a root ``numpy.random.SeedSequence`` gives chunk ``k`` of ``chunk_size`` rounds
the stream ``SeedSequence(entropy, spawn_key=(k,))`` (the k-th child of ``root.spawn``), which
seeds a xoshiro256** generator inside the kernel. Every figure is an integer count summed over
chunks, so a result depends only on (seed, rounds, chunk size), never on the number of workers,
the executor (local processes or Dask) or the order chunks finish in.

Dealing: by default the shoe is reshuffled before every round. Instead of shuffling the whole
shoe, each card is drawn from a uniformly random position among the cards not yet dealt this
round and swapped to the end of that range (a Fisher-Yates shuffle done lazily, card by card):
the cards come out exactly as from a fully shuffled shoe. With ``penetration`` set, the shoe is
dealt round after round until that fraction of it has gone, then reshuffled (a cut card), and
also whenever fewer cards are left than one round could possibly take; each chunk starts from
a freshly shuffled shoe.

Per round the kernel records the units won, lost and pushed (a 9 x 9 x 9 count table: at most
four hands, each at most doubled), from which the net result and the total wager of every
round, their means and variances, follow exactly for any payout.

>>> from twentyone_burn.tables import DecisionTables
>>> r = simulate(DecisionTables.always_stand(Rules(decks=None)), rounds=20_000, seed=7,
...              chunk_size=10_000)
>>> r.rounds, int(r.counts.hist.sum()), -1 < r.mean < 0
(20000, 20000, True)
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import math
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

import numpy as np
from numba import njit

from .. import __version__
from ..rules import Rules
from ..shoe import NRANKS, RANKS, full_shoe
from ..tables import DOUBLE, STAND, DecisionTables, combo_index_table

__all__ = [
    "Counts", "KernelSpec", "SimResult", "SimulationError", "below_outputs", "check_tables",
    "chunk_plan", "chunk_state", "kernel_spec", "run_chunk", "simulate", "tables_hash",
    "xoshiro_outputs",
]

#: bump when the kernel's use of random numbers changes: old checkpoints then refuse to resume
KERNEL_FORMAT = 1
DEFAULT_CHUNK = 1_000_000
MAXU = 8                      # four hands, each doubled: the most units a round can put at risk
NOUT = 7                      # dealer outcomes 17, 18, 19, 20, 21, 22, 23+
OUTCOME_LABELS = ("17", "18", "19", "20", "21", "22", "23+")
Z99 = 2.5758293035489004      # two-sided 99% normal quantile

# events[] indices: what happened in a round, for the frequencies the engine gives exactly
EV_SPLIT = 0            # rounds whose kept pair was split
EV_DOUBLE = 1           # rounds whose kept (unsplit) hand doubled
EV_SPLIT_HANDS = 2      # split hands played
EV_SPLIT_DOUBLES = 3    # split hands doubled
EV_RESPLITS = 4         # resplits
EV_HANDS_WON = 5
EV_HANDS_PUSHED = 6
EV_HANDS_LOST = 7
EV_KEPT_HARD = 8
EV_KEPT_SOFT = 9
EV_KEPT_PAIR = 10
EV_SHUFFLES = 11        # shoes shuffled (1 per round without a cut card)
EV_PLAYER_CARDS = 12    # hit and double cards (split hands' second cards not included)
EV_DEALER_CARDS = 13    # cards the dealer drew to its kept two
NEVENTS = 14
EVENT_NAMES = ("split_rounds", "kept_doubled", "split_hands", "split_hands_doubled",
               "resplits", "hands_won", "hands_pushed", "hands_lost", "kept_hard", "kept_soft",
               "kept_pair", "shuffles", "player_draws", "dealer_draws")


class SimulationError(ValueError):
    """A simulation that cannot run as asked (bad option, unusable checkpoint, bad tables)."""


# -- random numbers: xoshiro256** (Blackman & Vigna), the same bits in numba and plain Python --
# The state travels as four scalars, never as an array: numba reference-counts every array a
# function touches, and those atomic counts cost more than the whole generator.
_U5 = np.uint64(5)
_U9 = np.uint64(9)
_S7 = np.uint64(7)
_S17 = np.uint64(17)
_S32 = np.uint64(32)
_S45 = np.uint64(45)
_S57 = np.uint64(57)
_S19 = np.uint64(19)
_M32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


@njit(error_model="numpy")
def xoshiro(s0, s1, s2, s3):
    """One xoshiro256** step: (new state..., output), all uint64."""
    result = ((s1 * _U5) << _S7 | (s1 * _U5) >> _S57) * _U9
    t = s1 << _S17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << _S45) | (s3 >> _S19)
    return s0, s1, s2, s3, result


@njit(error_model="numpy")
def below(s0, s1, s2, s3, n):
    """(new state..., a uniform integer in [0, n)) for 0 < n < 2**32, without bias.

    Lemire's multiply-shift on the top 32 bits of one output; the rare outputs that would
    favour some values (low word below 2**32 mod n) are rejected, so each value is exactly
    equally likely.
    """
    nn = np.uint64(n)
    s0, s1, s2, s3, x = xoshiro(s0, s1, s2, s3)
    m = (x >> _S32) * nn
    low = m & _M32
    if low < nn:
        threshold = (_TWO32 - nn) % nn
        while low < threshold:
            s0, s1, s2, s3, x = xoshiro(s0, s1, s2, s3)
            m = (x >> _S32) * nn
            low = m & _M32
    return s0, s1, s2, s3, np.int64(m >> _S32)


@njit(cache=True, error_model="numpy")
def xoshiro_outputs(state, count):
    """The first ``count`` outputs of xoshiro256** from ``state`` (for checks).

    >>> [int(x) for x in xoshiro_outputs(np.array([1, 2, 3, 4], dtype=np.uint64), 3)]
    [11520, 0, 1509978240]
    """
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    out = np.empty(count, dtype=np.uint64)
    for k in range(count):
        s0, s1, s2, s3, out[k] = xoshiro(s0, s1, s2, s3)
    return out


@njit(cache=True, error_model="numpy")
def below_outputs(state, bounds):
    """Successive ``below`` draws for the given bounds from ``state`` (for checks).

    >>> state = np.array([1, 2, 3, 4], dtype=np.uint64)
    >>> [int(x) for x in below_outputs(state, np.array([13, 312]))]
    [0, 20]
    """
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    out = np.empty(bounds.shape[0], dtype=np.int64)
    for k in range(bounds.shape[0]):
        s0, s1, s2, s3, out[k] = below(s0, s1, s2, s3, bounds[k])
    return out


# -- the shoe --------------------------------------------------------------------------------
# cards[0:top] are the undealt cards; a draw picks one uniformly and swaps it to cards[top-1].
# Written out at each place a card is dealt: a helper taking the card array would cost two
# atomic reference counts per card.

def round_card_bound(shoe: np.ndarray) -> int:
    """Most cards one round can take from this shoe (so a cut-card shoe never runs dry).

    Every player hand ends at a hard total of at most 30 (20 before its last card), there are
    at most four; the dealer ends at most at 26 and each side burns one card of at most 10
    (an ace counts 1 here). The round's cards therefore hold at most 4*30 + 26 + 2*10 hard
    points, and no more cards than the smallest cards of the shoe that fit in that.

    >>> round_card_bound(np.repeat(np.arange(10), full_shoe(1)))
    34
    """
    values = np.sort(np.asarray(shoe, dtype=np.int64) + 1)
    return int(np.searchsorted(np.cumsum(values), 4 * 30 + 26 + 2 * 10, side="right"))


# -- the dealer and the settlement: small scalar rules, inlined by LLVM ----------------------
@njit(error_model="numpy")
def burn_value(r):
    """Value for the dealer's burn: the ace is highest (11), tens 10, others their pips.

    >>> burn_value(0), burn_value(9), burn_value(4)
    (11, 10, 5)
    """
    return 11 if r == 0 else r + 1


@njit(error_model="numpy")
def dealer_outcome(hard, ace, h17):
    """Outcome index 0..6 (17..21, 22, 23+) of a dealer hand, or -1 while it must draw.

    >>> dealer_outcome(7, True, True), dealer_outcome(7, True, False)    # soft 17
    (-1, 0)
    """
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return 5 if total == 22 else 6
    if total < 17 or (total == 17 and soft and h17):
        return -1
    return total - 17


@njit(error_model="numpy")
def settle(pt, o, d22_push, ties_lose):
    """+1 win, 0 push, -1 loss of a hand with total ``pt`` (22 = bust) against outcome ``o``.

    >>> settle(22, 6, False, False), settle(20, 3, False, False), settle(12, 5, True, False)
    (-1, 0, 0)
    """
    if pt > 21:
        return -1
    if o == 5 and d22_push:
        return 0
    if o >= 5:
        return 1
    dt = o + 17
    if pt > dt:
        return 1
    if pt == dt:
        return -1 if ties_lose else 0
    return -1


# -- the round -------------------------------------------------------------------------------
# One function on purpose: a call to a helper that takes arrays costs atomic reference counts
# (~40 ns a call here), more than the rest of a round; only scalar helpers are called.

@njit(cache=True, nogil=True, error_model="numpy")
def simulate_kernel(state, rounds, shoe, infinite, cut, reserve, burn_t, play_t, split_kept_t,
                    split_play_t, resplit_t, child, two_card, total, combo, max_hands,
                    may_resplit, one_card, h17, d22_push, ties_lose, hist, dealer_counts,
                    burn_counts, split_counts, events):
    """Play ``rounds`` rounds from the xoshiro256** ``state`` and add them to the counts.

    shoe: the ranks of every card (ignored for an infinite deck); cut: cards dealt before the
    shoe is reshuffled at the end of a round (0 = reshuffle before every round); reserve: also
    reshuffle when fewer cards are left than a round could need. The tables are a
    :class:`DecisionTables`' arrays; may_resplit[p] / one_card[p] are the rules for a pair of
    rank p. hist[W, L, P] counts rounds by units won, lost and pushed.
    """
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    cards = shoe.copy()
    n = cards.shape[0]
    top = n
    deal = np.empty(6, dtype=np.int64)
    hand_tot = np.empty(4, dtype=np.int64)
    hand_w = np.empty(4, dtype=np.int64)
    for _ in range(rounds):
        if not infinite and (cut <= 0 or n - top >= cut or top < reserve):
            top = n         # every card back: draws are uniform over cards[0:n] again
            events[EV_SHUFFLES] += 1
        # the deal: three cards to the player, the dealer's up card and two concealed cards
        for k in range(6):
            if infinite:
                s0, s1, s2, s3, r = below(s0, s1, s2, s3, 13)
                r = 9 if r >= 9 else r      # A..9 one in 13 each, tens four in 13
            else:
                s0, s1, s2, s3, q = below(s0, s1, s2, s3, top)
                top -= 1
                r = np.int64(cards[q])
                cards[q] = cards[top]
                cards[top] = r
            deal[k] = r
        x, y, z, up, d1, d2 = deal[0], deal[1], deal[2], deal[3], deal[4], deal[5]
        if x > y:
            x, y = y, x
        if y > z:
            y, z = z, y
        if x > y:
            x, y = y, x
        # the player's burn
        b = np.int64(burn_t[up, x, y, z])
        burn_counts[b] += 1
        if b == x:
            k1, k2 = y, z
        elif b == y:
            k1, k2 = x, z
        else:
            k1, k2 = x, y
        split = k1 == k2 and split_kept_t[up, b, k1]
        if k1 == k2:
            events[EV_KEPT_PAIR] += 1
        elif k1 == 0:
            events[EV_KEPT_SOFT] += 1
        else:
            events[EV_KEPT_HARD] += 1
        # the player's hands, one after another; a split hand takes its second card when play
        # reaches it, and a resplit hand joins the end of the line
        p = k1
        nh = 2 if split else 1
        i = 0
        j = 0               # pair cards dealt as second cards so far
        u = 0               # non-pair second cards so far
        c = 0
        while i < nh:
            if split:
                if infinite:
                    s0, s1, s2, s3, r = below(s0, s1, s2, s3, 13)
                    r = 9 if r >= 9 else r
                else:
                    s0, s1, s2, s3, q = below(s0, s1, s2, s3, top)
                    top -= 1
                    r = np.int64(cards[q])
                    cards[q] = cards[top]
                    cards[top] = r
                if (r == p and may_resplit[p] and nh < max_hands
                        and resplit_t[up, b, p, nh, i + 1, j, u]):
                    nh += 1
                    j += 1
                    events[EV_RESPLITS] += 1
                    continue
                c = combo[j, u]
                if r == p:
                    j += 1
                else:
                    u += 1
                h = two_card[p, r]
                if one_card[p]:
                    hand_tot[i] = total[h]
                    hand_w[i] = 1
                    i += 1
                    continue
            else:
                h = two_card[k1, k2]
            w = 1
            while True:
                a = split_play_t[up, b, p, c, h] if split else play_t[up, b, h]
                if a == STAND:
                    break
                if infinite:
                    s0, s1, s2, s3, r = below(s0, s1, s2, s3, 13)
                    r = 9 if r >= 9 else r
                else:
                    s0, s1, s2, s3, q = below(s0, s1, s2, s3, top)
                    top -= 1
                    r = np.int64(cards[q])
                    cards[q] = cards[top]
                    cards[top] = r
                events[EV_PLAYER_CARDS] += 1
                h = child[h, r]
                if a == DOUBLE:
                    w = 2
                    break
                if h < 0:
                    break
            hand_tot[i] = 22 if h < 0 else total[h]
            hand_w[i] = w
            if w == 2:
                events[EV_SPLIT_DOUBLES if split else EV_DOUBLE] += 1
            i += 1
        if split:
            events[EV_SPLIT] += 1
            events[EV_SPLIT_HANDS] += nh
            split_counts[nh] += 1
        else:
            split_counts[0] += 1
        # the dealer burns the highest of its three (ace = 11) and draws to the kept two; it
        # always finishes, even when every player hand has busted, so its final totals are a
        # statistic over every round
        bu, b1, b2 = burn_value(up), burn_value(d1), burn_value(d2)
        if bu >= b1 and bu >= b2:
            da, db = d1, d2
        elif b1 >= b2:
            da, db = up, d2
        else:
            da, db = up, d1
        hard = da + db + 2
        ace = da == 0 or db == 0
        o = dealer_outcome(hard, ace, h17)
        while o < 0:
            if infinite:
                s0, s1, s2, s3, r = below(s0, s1, s2, s3, 13)
                r = 9 if r >= 9 else r
            else:
                s0, s1, s2, s3, q = below(s0, s1, s2, s3, top)
                top -= 1
                r = np.int64(cards[q])
                cards[q] = cards[top]
                cards[top] = r
            events[EV_DEALER_CARDS] += 1
            hard += r + 1
            ace = ace or r == 0
            o = dealer_outcome(hard, ace, h17)
        dealer_counts[up, o] += 1
        won = 0
        lost = 0
        pushed = 0
        for k in range(nh):
            res = settle(hand_tot[k], o, d22_push, ties_lose)
            if res > 0:
                won += hand_w[k]
                events[EV_HANDS_WON] += 1
            elif res < 0:
                lost += hand_w[k]
                events[EV_HANDS_LOST] += 1
            else:
                pushed += hand_w[k]
                events[EV_HANDS_PUSHED] += 1
        hist[won, lost, pushed] += 1


# -- counts, chunks and seeds ----------------------------------------------------------------
@dataclass
class Counts:
    """Integer tallies of simulated rounds; chunks add up exactly, in any order.

    hist[W, L, P]: rounds by units won, lost and pushed; dealer[up, o]: rounds by up card and
    dealer outcome (17..21, 22, 23+); burn[r]: rounds by the player's burned rank;
    split[k]: rounds by number of split hands (0 = no split); events: see ``EVENT_NAMES``.

    >>> c = Counts.zeros(); c.hist[1, 0, 0] = 3; (c + c).rounds
    6
    """

    hist: np.ndarray
    dealer: np.ndarray
    burn: np.ndarray
    split: np.ndarray
    events: np.ndarray

    FIELDS = ("hist", "dealer", "burn", "split", "events")

    @classmethod
    def zeros(cls) -> "Counts":
        """Empty tallies."""
        def z(*shape: int) -> np.ndarray:
            return np.zeros(shape, dtype=np.int64)
        return cls(z(MAXU + 1, MAXU + 1, MAXU + 1), z(NRANKS, NOUT), z(NRANKS), z(5),
                   z(NEVENTS))

    @property
    def rounds(self) -> int:
        """Rounds tallied."""
        return int(self.hist.sum())

    def __add__(self, other: "Counts") -> "Counts":
        return Counts(*(getattr(self, f) + getattr(other, f) for f in self.FIELDS))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counts) and all(
            np.array_equal(getattr(self, f), getattr(other, f)) for f in self.FIELDS)

    def to_json(self) -> dict[str, list]:
        """Plain nested lists (exact integers)."""
        return {f: getattr(self, f).tolist() for f in self.FIELDS}

    @classmethod
    def from_json(cls, d: dict[str, list]) -> "Counts":
        """Inverse of :meth:`to_json`; checks every shape."""
        z = cls.zeros()
        out = []
        for f in cls.FIELDS:
            a = np.array(d[f], dtype=np.int64)
            if a.shape != getattr(z, f).shape:
                raise SimulationError(f"counts field {f!r} has shape {a.shape}, "
                                      f"expected {getattr(z, f).shape}")
            out.append(a)
        return cls(*out)


def chunk_plan(rounds: int, chunk_size: int) -> list[tuple[int, int]]:
    """(chunk index, rounds) of every chunk: full chunks, then the remainder.

    >>> chunk_plan(25, 10)
    [(0, 10), (1, 10), (2, 5)]
    """
    if rounds < 1:
        raise SimulationError(f"rounds must be at least 1, not {rounds}")
    if chunk_size < 1:
        raise SimulationError(f"chunk size must be at least 1, not {chunk_size}")
    full, rest = divmod(rounds, chunk_size)
    plan = [(k, chunk_size) for k in range(full)]
    if rest:
        plan.append((full, rest))
    return plan


def chunk_state(entropy: int, chunk: int) -> np.ndarray:
    """The xoshiro256** state of chunk ``chunk``: the chunk-th child of ``SeedSequence(entropy)``.

    The child is built directly from its spawn key, so any chunk can be run on its own (resume,
    other machines) and gets the same stream as ``SeedSequence(entropy).spawn(chunk + 1)[-1]``.

    >>> a = chunk_state(42, 3)
    >>> b = np.random.SeedSequence(42).spawn(4)[3].generate_state(4, np.uint64)
    >>> bool((a == b).all()), a.dtype
    (True, dtype('uint64'))
    """
    st = np.random.SeedSequence(entropy, spawn_key=(chunk,)).generate_state(4, np.uint64)
    if not st.any():  # the one state xoshiro cannot leave; astronomically unlikely
        st[0] = 1
    return st


def tables_hash(tables: DecisionTables) -> str:
    """SHA-256 of every decision in the tables (identifies a strategy in checkpoints).

    >>> len(tables_hash(DecisionTables.always_stand(Rules())))
    64
    """
    h = hashlib.sha256()
    for name in ("burn", "play", "split_kept", "split_play", "resplit"):
        a = np.ascontiguousarray(getattr(tables, name))
        h.update(name.encode())
        h.update(str(a.shape).encode())
        h.update(a.astype(np.int8, copy=False).tobytes())
    return h.hexdigest()


@dataclass(frozen=True, eq=False)
class KernelSpec:
    """Everything a worker needs to run chunks: the kernel's arrays and the rule flags."""

    rules: Rules
    entropy: int
    penetration: float | None
    shoe: np.ndarray
    cut: int
    reserve: int
    burn: np.ndarray
    play: np.ndarray
    split_kept: np.ndarray
    split_play: np.ndarray
    resplit: np.ndarray
    child: np.ndarray
    two_card: np.ndarray
    total: np.ndarray
    combo: np.ndarray
    may_resplit: np.ndarray
    one_card: np.ndarray


def check_tables(tables: DecisionTables) -> None:
    """Reject tables the kernel cannot play: wrong shapes, a burn of a card not held, a double
    the rules do not allow (more than two cards, a total the rules exclude, DAS off).

    >>> check_tables(DecisionTables.always_stand(Rules()))
    >>> t = DecisionTables.always_stand(Rules(double_on="10-11"))
    >>> t.play[5, 0, t.two_card[1, 2]] = 2      # double 2-3 against a 6
    >>> check_tables(t)
    Traceback (most recent call last):
    ...
    twentyone_burn.sim.run.SimulationError: the strategy doubles a hand the rules do not let double (play[up=6, burned=A, hand 2,3])
    """
    rules = tables.rules
    ref = DecisionTables.empty(rules, "shapes")
    for name in ("burn", "play", "split_kept", "split_play", "resplit"):
        got, want = getattr(tables, name).shape, getattr(ref, name).shape
        if got != want:
            raise SimulationError(f"strategy table {name} has shape {got}, expected {want}")
    from ..tables import hand_table
    ht = hand_table()
    for c1 in range(NRANKS):
        for c2 in range(c1, NRANKS):
            for c3 in range(c2, NRANKS):
                bad = ~np.isin(tables.burn[:, c1, c2, c3], (c1, c2, c3))
                if bad.any():
                    up = int(np.argmax(bad))
                    raise SimulationError(
                        f"the strategy burns a card the player does not hold (burn[up="
                        f"{RANKS[up]}, cards {RANKS[c1]},{RANKS[c2]},{RANKS[c3]}])")
    for name, split in (("play", False), ("split_play", True)):
        acts = getattr(tables, name)
        if acts.min() < STAND or acts.max() > DOUBLE:
            raise SimulationError(f"strategy table {name} holds an action code other than "
                                  f"stand (0), hit (1) or double (2)")
        ok = np.array([ht.ncards[h] == 2 and rules.may_double(int(ht.hard[h]),
                                                             bool(ht.soft[h]), split)
                       for h in range(len(ht.ncards))])
        bad = (acts == DOUBLE) & ~ok
        if split:
            # split aces that take one card never consult the table
            for p in range(NRANKS):
                if p == 0 and rules.split_aces_one_card:
                    bad[:, :, p] = False
        if bad.any():
            idx = np.unravel_index(int(np.argmax(bad)), bad.shape)
            cards = ",".join(RANKS[r] for r in range(NRANKS) for _ in range(ht.counts[idx[-1], r]))
            where = f"{name}[up={RANKS[idx[0]]}, burned={RANKS[idx[1]]}, hand {cards}]"
            raise SimulationError(f"the strategy doubles a hand the rules do not let double "
                                  f"({where})")


def kernel_spec(tables: DecisionTables, entropy: int, penetration: float | None = None,
                validate: bool = True) -> KernelSpec:
    """Turn a strategy and options into the kernel's arrays.

    ``penetration``: None = reshuffle before every round; else the fraction of the shoe
    dealt before a reshuffle (cut card), 0 < penetration <= 1.

    >>> s = kernel_spec(DecisionTables.always_stand(Rules()), 1)
    >>> s.shoe.shape, s.cut
    ((312,), 0)
    """
    rules = tables.rules
    if validate:
        check_tables(tables)
    if rules.infinite:
        if penetration is not None:
            raise SimulationError("a cut card needs a finite shoe (decks is infinite)")
        shoe = np.zeros(1, dtype=np.int8)
        cut = reserve = 0
    else:
        counts = full_shoe(rules.decks)
        shoe = np.repeat(np.arange(NRANKS, dtype=np.int8), counts)
        cut = 0
        reserve = round_card_bound(shoe)
        if penetration is not None:
            if not 0 < penetration <= 1:
                raise SimulationError(
                    f"penetration must be a fraction above 0 and at most 1, not {penetration}")
            cut = max(1, math.ceil(penetration * len(shoe)))
    from ..tables import hand_table
    ht = hand_table()
    return KernelSpec(
        rules=rules, entropy=int(entropy), penetration=penetration, shoe=shoe, cut=cut,
        reserve=reserve,
        burn=np.ascontiguousarray(tables.burn, dtype=np.int8),
        play=np.ascontiguousarray(tables.play, dtype=np.int8),
        split_kept=np.ascontiguousarray(tables.split_kept, dtype=np.bool_),
        split_play=np.ascontiguousarray(tables.split_play, dtype=np.int8),
        resplit=np.ascontiguousarray(tables.resplit, dtype=np.bool_),
        child=np.ascontiguousarray(ht.child, dtype=np.int64),
        two_card=np.ascontiguousarray(tables.two_card, dtype=np.int64),
        total=np.ascontiguousarray(ht.total, dtype=np.int64),
        combo=combo_index_table(rules.max_hands),
        may_resplit=np.array([rules.may_resplit(p) for p in range(NRANKS)], dtype=np.bool_),
        one_card=np.array([p == 0 and rules.split_aces_one_card for p in range(NRANKS)],
                          dtype=np.bool_),
    )


def run_chunk(spec: KernelSpec, chunk: int, rounds: int) -> Counts:
    """Play one chunk of rounds from its own stream; the same (spec, chunk, rounds) always
    gives the same counts, on any machine or worker.

    >>> spec = kernel_spec(DecisionTables.always_stand(Rules()), 5)
    >>> run_chunk(spec, 0, 1000) == run_chunk(spec, 0, 1000)
    True
    """
    c = Counts.zeros()
    r = spec.rules
    simulate_kernel(chunk_state(spec.entropy, chunk), int(rounds), spec.shoe, r.infinite,
                    spec.cut, spec.reserve, spec.burn, spec.play, spec.split_kept, spec.split_play,
                    spec.resplit, spec.child, spec.two_card, spec.total, spec.combo,
                    r.max_hands, spec.may_resplit, spec.one_card, r.hit_soft_17,
                    r.dealer_22_pushes, r.ties_lose, c.hist, c.dealer, c.burn, c.split, c.events)
    return c


# -- results ---------------------------------------------------------------------------------
@dataclass
class SimResult:
    """A finished simulation: its identity, the exact tallies and the figures derived from them.

    ``seconds`` and ``rounds_run`` cover the chunks this invocation played (not those resumed
    from a checkpoint); they give ``rounds_per_second`` and are not part of the result.
    """

    rules: Rules
    strategy: str
    strategy_hash: str
    seed_entropy: int
    chunk_size: int
    rounds: int
    penetration: float | None
    counts: Counts
    seconds: float = 0.0
    rounds_run: int = 0
    workers: int = 1
    executor: str = "local"
    version: str = __version__

    # exact integer moments of the net result W*win - L and the total wager W + L + P
    def _moments(self) -> tuple[int, int, int, int, int, int, int, int]:
        h = self.counts.hist
        w, l, p = np.indices(h.shape)
        c = [int(x) for x in h.ravel()]
        W, L, P = w.ravel().tolist(), l.ravel().tolist(), p.ravel().tolist()
        sw = sum(ci * a for ci, a in zip(c, W))
        sl = sum(ci * a for ci, a in zip(c, L))
        sp = sum(ci * a for ci, a in zip(c, P))
        sww = sum(ci * a * a for ci, a in zip(c, W))
        sll = sum(ci * a * a for ci, a in zip(c, L))
        swl = sum(ci * a * b for ci, a, b in zip(c, W, L))
        t = [a + b + d for a, b, d in zip(W, L, P)]
        stt = sum(ci * x * x for ci, x in zip(c, t))
        return sw, sl, sp, sww, sll, swl, sw + sl + sp, stt

    @property
    def mean(self) -> float:
        """Mean net result per round, in initial wagers (the player's expected return)."""
        sw, sl, *_ = self._moments()
        return (self.rules.win_amount * sw - sl) / self.rounds

    @property
    def sd(self) -> float:
        """Standard deviation of the net result of one round."""
        n = self.rounds
        if n < 2:
            return float("nan")
        sw, sl, _, sww, sll, swl, _, _ = self._moments()
        a = self.rules.win_amount
        s1 = a * sw - sl
        s2 = a * a * sww - 2 * a * swl + sll
        return math.sqrt(max(0.0, (s2 - s1 * s1 / n) / (n - 1)))

    @property
    def se(self) -> float:
        """Standard error of :attr:`mean`."""
        return self.sd / math.sqrt(self.rounds)

    @property
    def interval99(self) -> tuple[float, float]:
        """99% confidence interval of the expected return (normal approximation)."""
        return self.mean - Z99 * self.se, self.mean + Z99 * self.se

    @property
    def average_total_wager(self) -> float:
        """Mean amount wagered per round (initial + split + double wagers)."""
        return self._moments()[6] / self.rounds

    @property
    def wager_se(self) -> float:
        """Standard error of :attr:`average_total_wager`."""
        n = self.rounds
        *_, st, stt = self._moments()
        var = max(0.0, (stt - st * st / n) / (n - 1)) if n > 1 else float("nan")
        return math.sqrt(var / n)

    def net_distribution(self) -> dict[float, float]:
        """Probability of each net result per round (units of the initial wager)."""
        a = self.rules.win_amount
        out: dict[float, float] = {}
        for (w, l, _), c in np.ndenumerate(self.counts.hist):
            if c:
                x = round(a * w - l, 9)
                out[x] = out.get(x, 0.0) + int(c)
        return {k: v / self.rounds for k, v in sorted(out.items())}

    @property
    def frequencies(self) -> dict[str, float]:
        """Fraction of rounds the player won, pushed and lost (by the sign of the net result)."""
        d = self.net_distribution()
        return {"win": sum(v for k, v in d.items() if k > 0),
                "push": d.get(0.0, 0.0),
                "loss": sum(v for k, v in d.items() if k < 0)}

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of wall time by this invocation."""
        return self.rounds_run / self.seconds if self.seconds > 0 else float("nan")

    def dealer_table(self) -> dict[str, dict[str, float]]:
        """Observed dealer final totals by up card (17..21 and bust), as fractions."""
        out = {}
        for up in range(NRANKS):
            row = self.counts.dealer[up]
            n = int(row.sum())
            d = {str(17 + i): (int(row[i]) / n if n else float("nan")) for i in range(5)}
            d["bust"] = int(row[5] + row[6]) / n if n else float("nan")
            out[RANKS[up]] = d
        return out

    def event(self, name: str) -> int:
        """One event tally by name (see ``EVENT_NAMES``)."""
        return int(self.counts.events[EVENT_NAMES.index(name)])

    def identity(self) -> dict[str, Any]:
        """What the tallies depend on; two runs with equal identities have equal tallies."""
        return run_identity(self.rules, self.strategy_hash, self.seed_entropy, self.rounds,
                            self.chunk_size, self.penetration)

    def to_json_dict(self) -> dict[str, Any]:
        """Every figure and the run's identity as plain JSON values."""
        lo, hi = self.interval99
        freq = self.frequencies
        n = self.rounds
        return {
            "rules": self.rules.to_dict(),
            "rules_hash": self.rules.rules_hash,
            "version": self.version,
            "strategy": self.strategy,
            "strategy_hash": self.strategy_hash,
            "seed_entropy": self.seed_entropy,
            "chunk_size": self.chunk_size,
            "rounds": n,
            "dealing": ("full reshuffle every round" if self.penetration is None
                        else f"cut card at penetration {self.penetration}"),
            "penetration": self.penetration,
            "mean_return": self.mean,
            "standard_error": self.se,
            "interval99": [lo, hi],
            "sd_per_round": self.sd,
            "average_total_wager": self.average_total_wager,
            "average_total_wager_se": self.wager_se,
            "win": freq["win"], "push": freq["push"], "loss": freq["loss"],
            "net_distribution": {_fmt_units(k): v for k, v in self.net_distribution().items()},
            "hands_per_round": (self.event("split_hands") + int(self.counts.split[0])) / n,
            "hand_results": {k: self.event("hands_" + k) / n
                             for k in ("won", "pushed", "lost")},
            "split_rounds": self.event("split_rounds") / n,
            "kept_doubled": self.event("kept_doubled") / n,
            "burned": {RANKS[r]: int(self.counts.burn[r]) / n for r in range(NRANKS)},
            "dealer": self.dealer_table(),
            "counts": self.counts.to_json(),
            "rounds_per_second": self.rounds_per_second,
            "seconds": self.seconds,
            "rounds_run": self.rounds_run,
            "workers": self.workers,
            "executor": self.executor,
        }


def _fmt_units(x: float) -> str:
    return f"{x:+g}" if x else "0"


def run_identity(rules: Rules, strategy_hash: str, entropy: int, rounds: int, chunk_size: int,
                 penetration: float | None) -> dict[str, Any]:
    """The inputs a result depends on (the header of a checkpoint file)."""
    return {"kernel_format": KERNEL_FORMAT, "version": __version__,
            "rules": rules.canonical_json(), "strategy_hash": strategy_hash,
            "seed_entropy": str(entropy), "rounds": rounds, "chunk_size": chunk_size,
            "penetration": penetration}


# -- checkpoints -----------------------------------------------------------------------------
class Checkpoint:
    """An append-only JSON-lines file: a header with the run identity, then one finished chunk
    per line, flushed and synced as it lands. A line cut short by a kill is dropped on resume.
    """

    def __init__(self, path: str | Path, identity: dict[str, Any]):
        self.path = Path(path)
        self.identity = identity
        self.done: dict[int, Counts] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            self._load()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "w") as f:
                f.write(json.dumps({"header": identity}) + "\n")
                f.flush()
                os.fsync(f.fileno())

    def _load(self) -> None:
        raw = self.path.read_bytes()
        good = raw.rfind(b"\n") + 1   # everything after the last newline is a torn write
        lines = raw[:good].decode().splitlines()
        try:
            header = json.loads(lines[0])["header"]
        except (IndexError, ValueError, KeyError, TypeError):
            raise SimulationError(f"checkpoint {self.path} has no header line; "
                                  f"delete it or choose another file") from None
        if header != self.identity:
            diff = sorted(k for k in set(header) | set(self.identity)
                          if header.get(k) != self.identity.get(k))
            raise SimulationError(
                f"checkpoint {self.path} belongs to another run (differs in: {', '.join(diff)}); "
                f"use the same options or another checkpoint file")
        for line in lines[1:]:
            d = json.loads(line)
            k = int(d["chunk"])
            c = Counts.from_json(d["counts"])
            if k in self.done and not self.done[k] == c:
                raise SimulationError(f"checkpoint {self.path} holds chunk {k} twice, differently")
            self.done[k] = c
        if good < len(raw):
            with open(self.path, "r+b") as f:
                f.truncate(good)

    def add(self, chunk: int, rounds: int, counts: Counts, seconds: float) -> None:
        """Record a finished chunk durably."""
        self.done[chunk] = counts
        line = json.dumps({"chunk": chunk, "rounds": rounds, "seconds": round(seconds, 4),
                           "counts": counts.to_json()}, separators=(",", ":"))
        with open(self.path, "a") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())


# -- executors -------------------------------------------------------------------------------
_WORKER_SPEC: KernelSpec | None = None


def _worker_init(spec: KernelSpec) -> None:
    global _WORKER_SPEC
    _WORKER_SPEC = spec
    # Ctrl-C is the parent's to handle: it stops handing out chunks and keeps what finished
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_chunk(chunk: int, rounds: int) -> tuple[int, int, Counts, float]:
    t0 = time.perf_counter()
    c = run_chunk(_WORKER_SPEC, chunk, rounds)
    return chunk, rounds, c, time.perf_counter() - t0


def _timed_chunk(spec: KernelSpec, chunk: int, rounds: int) -> tuple[int, int, Counts, float]:
    t0 = time.perf_counter()
    c = run_chunk(spec, chunk, rounds)
    return chunk, rounds, c, time.perf_counter() - t0


def _run_local(spec: KernelSpec, todo: list[tuple[int, int]], workers: int
               ) -> Iterable[tuple[int, int, Counts, float] | None]:
    """Finished chunks as they come; a first None once the workers are running."""
    if workers <= 1 or len(todo) <= 1:
        yield None
        for k, n in todo:
            yield _timed_chunk(spec, k, n)
        return
    # fork where the platform has it: the workers inherit the compiled kernel and the tables
    # (spawning costs each worker ~1.5 s of imports and 57 MB of pickled tables). simulate()
    # starts the pool before it first reports progress, so no progress-bar thread is forked.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with cf.ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=ctx,
                                initializer=_worker_init, initargs=(spec,)) as pool:
        futs = [pool.submit(_worker_chunk, k, n) for k, n in todo]
        yield None      # the workers are running
        try:
            for f in cf.as_completed(futs):
                yield f.result()
        finally:
            for f in futs:
                f.cancel()


def _run_dask(spec: KernelSpec, todo: list[tuple[int, int]], address: Any
              ) -> Iterable[tuple[int, int, Counts, float] | None]:
    """Finished chunks from a Dask cluster as they come; a first None once submitted."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise SimulationError("--scheduler needs dask.distributed: pip install "
                              "'twentyone-burn[dist]'") from None
    client = address if isinstance(address, Client) else Client(address)
    try:
        [remote] = client.scatter([spec], broadcast=True)
        futs = [client.submit(_timed_chunk, remote, k, n, pure=False) for k, n in todo]
        yield None
        for f in as_completed(futs):
            yield f.result()
    finally:
        if client is not address:
            client.close()


def simulate(tables: DecisionTables, rounds: int, seed: int | None = None,
             chunk_size: int = DEFAULT_CHUNK, workers: int = 1, scheduler: Any = None,
             checkpoint: str | Path | None = None, penetration: float | None = None,
             progress: Callable[[int, int], None] | None = None) -> SimResult:
    """Simulate ``rounds`` rounds of the game played by ``tables``.

    seed: any integer (None = fresh entropy, recorded in the result). workers: local worker
    processes. scheduler: a Dask scheduler address or ``Client`` (runs the same chunks on a
    cluster). checkpoint: a file that finished chunks are appended to; if it exists with the
    same run identity its chunks are reused. progress(rounds done, rounds total) is called once
    the workers run and as chunks finish; an exception it raises (or Ctrl-C) stops the run,
    and the checkpoint keeps every chunk that finished.

    >>> from twentyone_burn.tables import DecisionTables
    >>> t = DecisionTables.always_stand(Rules(decks=1))
    >>> a = simulate(t, 3000, seed=1, chunk_size=1000)
    >>> b = simulate(t, 3000, seed=1, chunk_size=1000)
    >>> a.counts == b.counts, a.rounds
    (True, 3000)
    """
    if workers < 1:
        raise SimulationError(f"workers must be at least 1, not {workers}")
    try:
        ss = np.random.SeedSequence(seed)
    except (TypeError, ValueError):
        raise SimulationError(f"seed must be a whole number 0 or above, not {seed!r}") from None
    entropy = int(ss.entropy)
    plan = chunk_plan(int(rounds), int(chunk_size))
    spec = kernel_spec(tables, entropy, penetration)
    th = tables_hash(tables)
    identity = run_identity(tables.rules, th, entropy, int(rounds), int(chunk_size), penetration)
    cp = Checkpoint(checkpoint, identity) if checkpoint is not None else None
    done: dict[int, Counts] = dict(cp.done) if cp else {}
    todo = [(k, n) for k, n in plan if k not in done]
    finished = sum(n for k, n in plan if k in done)
    run_now = 0
    t0 = time.perf_counter()
    if todo:
        source = (_run_dask(spec, todo, scheduler) if scheduler is not None
                  else _run_local(spec, todo, workers))
        try:
            for item in source:
                if item is None:
                    if progress:
                        progress(finished, rounds)
                    continue
                k, n, c, secs = item
                done[k] = c
                if cp:
                    cp.add(k, n, c, secs)
                run_now += n
                finished += n
                if progress:
                    progress(finished, rounds)
        finally:
            close = getattr(source, "close", None)
            if close:
                close()
    seconds = time.perf_counter() - t0
    total = Counts.zeros()
    for k, _ in plan:
        total = total + done[k]
    return SimResult(tables.rules, tables.name, th, entropy, int(chunk_size), int(rounds),
                     penetration, total, seconds, run_now,
                     workers if scheduler is None else 0,
                     "local" if scheduler is None else "dask")


def warm_up() -> None:
    """Compile (or load from cache) the kernel with a tiny run, so timings exclude the JIT.

    >>> warm_up()
    """
    from ..tables import DecisionTables as _DT
    run_chunk(kernel_spec(_DT.always_stand(Rules(decks=1)), 0), 0, 10)
    run_chunk(kernel_spec(_DT.always_stand(Rules(decks=None)), 0), 0, 10)
