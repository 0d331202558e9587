"""An independent reference simulator of 21 Burn: the yardstick for the simulator's speed.

A plain numba loop, written from the rule sheet (docs/rules.md, "21 Burn") and
sharing no code with ``twentyone_burn.sim``: six decks, a freshly shuffled shoe every round
(each card drawn from a uniform position among the cards not yet dealt this round, a
Fisher-Yates shuffle done card by card - the way ``twentyone_burn.sim`` deals without a cut
card), numba's own generator (``np.random``, Mersenne Twister), and a fixed simple strategy:
the infinite-deck optimum as small tables

- ``burn[up, x, y, z]``: the card burned from the sorted three cards (rank indices 0 = ace ...
  9 = ten),
- ``first[up, a, b]``: stand / hit / double on a two-card hand (kept or split hand),
- ``later[up, soft, total]``: stand / hit with three or more cards,
- ``resplit[up, pair]``: split again when a split hand draws another pair card,

read once, outside the timed loop, from the exact engine's
``optimal_tables(Rules(decks=None))`` (:func:`infinite_deck_strategy`). Per round it keeps the
net units and the units wagered, and returns their sums and the sum of squared nets (the mean
and standard error follow).

:func:`as_decision_tables` writes the same decisions as ``DecisionTables`` for six decks, so
``twentyone_burn.sim`` can play exactly this strategy for a like-for-like rate (and the two
means must agree within their standard errors).

Run: python -m benchmarks.reference_sim [--rounds N] [--processes N]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from dataclasses import dataclass

import numpy as np
from numba import njit

STAND, HIT, DOUBLE = 0, 1, 2
MAX_HANDS = 4


@dataclass(frozen=True)
class Strategy:
    """The infinite-deck strategy as four small tables (see the module docstring)."""

    burn: np.ndarray        # int8 [10, 10, 10, 10]
    first: np.ndarray       # int8 [10, 10, 10]
    later: np.ndarray       # int8 [10, 2, 22]
    resplit: np.ndarray     # bool [10, 10]


def infinite_deck_strategy() -> Strategy:
    """The engine's infinite-deck optimal decisions, reduced to tables by total and up card
    (the infinite-deck optimum depends on nothing else; checked here entry by entry)."""
    from twentyone_burn.engine.game import optimal_tables
    from twentyone_burn.rules import Rules
    from twentyone_burn.tables import hand_table

    t = optimal_tables(Rules(decks=None))
    ht = hand_table()
    first = np.zeros((10, 10, 10), dtype=np.int8)
    later = np.zeros((10, 2, 22), dtype=np.int8)
    seen = np.zeros((10, 2, 22), dtype=np.bool_)
    for up in range(10):
        for a in range(10):
            for b in range(10):
                h = ht.of((a, b))
                # a pair is never played unsplit (the split is mandatory): its row is the split
                # hand's that drew the pair card and did not resplit
                first[up, a, b] = (t.split_play[up, 0, a, 0, h] if a == b
                                   else t.play[up, 0, h])
        for h in range(len(ht.total)):
            if ht.ncards[h] >= 3:
                key = (up, int(ht.soft[h]), int(ht.total[h]))
                acts = set(t.play[up, :, h].tolist())
                if len(acts) != 1 or (seen[key] and later[key] != acts.pop()):
                    raise AssertionError("the infinite-deck strategy is not one by total")
                later[key] = t.play[up, 0, h]
                seen[key] = True
    resplit = np.zeros((10, 10), dtype=np.bool_)
    for up in range(10):
        for p in range(1, 10):
            resplit[up, p] = t.resplit[up, 0, p, 2, 1, 0, 0]
    return Strategy(np.ascontiguousarray(t.burn, dtype=np.int8), first, later, resplit)


def as_decision_tables(s: Strategy):  # -> twentyone_burn.tables.DecisionTables
    """The same decisions as ``DecisionTables`` for the standard rules (six decks)."""
    from twentyone_burn.rules import Rules
    from twentyone_burn.tables import DecisionTables, hand_table

    ht = hand_table()
    t = DecisionTables.empty(Rules(), "the infinite-deck strategy by total (reference_sim)")
    t.burn[...] = s.burn
    act = np.zeros((10, len(ht.total)), dtype=np.int8)
    pair_act = np.zeros((10, len(ht.total)), dtype=np.int8)
    for h in range(len(ht.total)):
        ranks = [r for r in range(10) for _ in range(ht.counts[h, r])]
        if len(ranks) == 2:
            act[:, h] = s.first[:, ranks[0], ranks[1]]
        elif len(ranks) >= 3:
            act[:, h] = s.later[:, int(ht.soft[h]), int(ht.total[h])]
    pair_act[...] = act
    t.play[...] = act[:, None, :]
    t.split_play[...] = pair_act[:, None, None, None, :]
    t.resplit[...] = s.resplit[:, None, :, None, None, None, None]
    return t


# -- the two generators: numba's Mersenne Twister, and xorshift64* kept in a local ----------
_MUL = np.uint64(0x2545F4914F6CDD1D)
_S12, _S25, _S27, _S32 = np.uint64(12), np.uint64(25), np.uint64(27), np.uint64(32)


@njit(inline="always")
def _seed_mt(seed):
    np.random.seed(seed)
    return np.uint64(0)


@njit(inline="always")
def _below_mt(x, n):
    """A uniform integer in [0, n) from numba's np.random (x unused): (x, value)."""
    return x, np.random.randint(0, n)


@njit(inline="always")
def _seed_xorshift(seed):
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)
    return x if x != np.uint64(0) else np.uint64(1)


@njit(inline="always")
def _below_xorshift(x, n):
    """xorshift64* (Vigna) and a multiply-shift to [0, n) (bias below n / 2**32): (x, value)."""
    x ^= x >> _S12
    x ^= x << _S25
    x ^= x >> _S27
    return x, np.int64(((x * _MUL) >> _S32) * np.uint64(n) >> _S32)


@njit(inline="always")
def _dealer_value(r):
    return 11 if r == 0 else r + 1


def _make_kernel(seed_rng, below):
    """The round loop over the generator ``below`` (one compiled kernel per generator)."""

    @njit(inline="always")
    def card(cards, top, x):
        """Deal one card from the undealt cards[0:top]: (rank, new top, generator)."""
        x, q = below(x, top)
        top -= 1
        r = cards[q]
        cards[q] = cards[top]
        cards[top] = r
        return r, top, x

    @njit(inline="always")
    def play_hand(cards, top, x, up, a, b, first, later, totals, bets, i):
        """Play the two-card hand (a, b) by the tables; its total (22 = bust) and bet to
        slot i."""
        hard = a + b + 2
        ace = a == 0 or b == 0
        act = first[up, a, b]
        bet = 1
        while act != STAND:
            r, top, x = card(cards, top, x)
            hard += r + 1
            ace = ace or r == 0
            if act == DOUBLE:
                bet = 2
                break
            if hard > 21:
                break
            if ace and hard <= 11:
                act = later[up, 1, hard + 10]
            else:
                act = later[up, 0, hard]
        if hard > 21:
            totals[i] = 22
        else:
            totals[i] = hard + 10 if ace and hard <= 11 else hard
        bets[i] = bet
        return top, x

    @njit
    def play_rounds(seed, rounds, decks, burn, first, later, resplit):
        """Play ``rounds`` rounds from a shoe of ``decks`` decks reshuffled every round:
        (sum of nets, sum of squared nets, sum of wagers), in units."""
        x = seed_rng(seed)
        cards = np.empty(52 * decks, dtype=np.int8)
        for i in range(52 * decks):
            r = (i // decks) % 13           # 4 x decks of each of 13 ranks; J, Q, K are tens
            cards[i] = 9 if r >= 9 else r
        n = cards.shape[0]
        totals = np.zeros(MAX_HANDS, dtype=np.int64)
        bets = np.zeros(MAX_HANDS, dtype=np.int64)
        net_sum = 0
        net_sq = 0
        wagered = 0
        for _ in range(rounds):
            top = n                                  # a fresh shuffle
            c1, top, x = card(cards, top, x)
            c2, top, x = card(cards, top, x)
            c3, top, x = card(cards, top, x)
            up, top, x = card(cards, top, x)
            h1, top, x = card(cards, top, x)
            h2, top, x = card(cards, top, x)
            # the player's burn: the table names the burned rank of the sorted three
            lo, mid, hi = c1, c2, c3
            if lo > mid:
                lo, mid = mid, lo
            if mid > hi:
                mid, hi = hi, mid
            if lo > mid:
                lo, mid = mid, lo
            b = burn[up, lo, mid, hi]
            if b == lo:
                a1, a2 = mid, hi
            elif b == mid:
                a1, a2 = lo, hi
            else:
                a1, a2 = lo, mid
            # the player's hands: a kept pair is split (mandatory), a split hand that draws the
            # pair card again may split once more up to four hands; split aces take one card
            if a1 == a2:
                nh = 2
                i = 0
                while i < nh:
                    r, top, x = card(cards, top, x)
                    if r == a1 and a1 != 0 and nh < MAX_HANDS and resplit[up, a1]:
                        nh += 1
                        continue
                    if a1 == 0:
                        totals[i] = 12 if r == 0 else r + 12
                        bets[i] = 1
                    else:
                        top, x = play_hand(cards, top, x, up, a1, r, first, later, totals, bets, i)
                    i += 1
            else:
                nh = 1
                top, x = play_hand(cards, top, x, up, a1, a2, first, later, totals, bets, 0)
            # the dealer burns its highest card (ace 11), keeps two and hits soft 17
            vu, v1, v2 = _dealer_value(up), _dealer_value(h1), _dealer_value(h2)
            if vu >= v1 and vu >= v2:
                d1, d2 = h1, h2
            elif v1 >= v2:
                d1, d2 = up, h2
            else:
                d1, d2 = up, h1
            hard = d1 + d2 + 2
            ace = d1 == 0 or d2 == 0
            while True:
                soft = ace and hard <= 11
                dt = hard + 10 if soft else hard
                if dt > 17 or (dt == 17 and not soft):
                    break
                r, top, x = card(cards, top, x)
                hard += r + 1
                ace = ace or r == 0
            net = 0
            wager = 0
            for k in range(nh):
                t = totals[k]
                w = bets[k]
                wager += w
                if t > 21:
                    net -= w
                elif dt > 21 or t > dt:
                    net += w
                elif t < dt:
                    net -= w
            net_sum += net
            net_sq += net * net
            wagered += wager
        return net_sum, net_sq, wagered

    return play_rounds


#: the round loop on each generator: "xorshift" (the fast one, the yardstick) and "mt"
KERNELS = {"xorshift": _make_kernel(_seed_xorshift, _below_xorshift),
           "mt": _make_kernel(_seed_mt, _below_mt)}


def run(s: Strategy, rounds: int, seed: int, rng: str = "xorshift") -> tuple[int, int, int]:
    """(sum of nets, sum of squared nets, sum of wagers) of ``rounds`` rounds."""
    a, b, c = KERNELS[rng](seed, rounds, 6, s.burn, s.first, s.later, s.resplit)
    return int(a), int(b), int(c)


_STRATEGY: Strategy | None = None


def _part(args: tuple[int, int, str]) -> tuple[int, int, int]:
    assert _STRATEGY is not None
    return run(_STRATEGY, *args)


def run_processes(s: Strategy, rounds: int, seed: int, processes: int, rng: str = "xorshift"
                  ) -> tuple[tuple[int, int, int], float]:
    """The rounds split over ``processes`` forked processes (seeds seed, seed + 1, ...):
    the summed tallies and the wall seconds, process start-up included."""
    global _STRATEGY
    _STRATEGY = s
    run(s, 10, 0, rng)                              # compiled before the fork
    parts = [(rounds // processes + (k < rounds % processes), seed + k, rng)
             for k in range(processes)]
    t0 = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        got = pool.map(_part, parts)
    secs = time.perf_counter() - t0
    return (sum(g[0] for g in got), sum(g[1] for g in got), sum(g[2] for g in got)), secs


def summary(tally: tuple[int, int, int], rounds: int) -> tuple[float, float, float]:
    """(mean net per round, its standard error, mean wager per round)."""
    s, sq, w = tally
    mean = s / rounds
    var = sq / rounds - mean * mean
    return mean, (var / rounds) ** 0.5, w / rounds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20_000_000)
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    s = infinite_deck_strategy()
    for rng in KERNELS:
        run(s, 10, 0, rng)
        t0 = time.perf_counter()
        tally = run(s, args.rounds, args.seed, rng)
        secs = time.perf_counter() - t0
        mean, se, wager = summary(tally, args.rounds)
        print(f"reference ({rng}), one process: {args.rounds / secs:14,.0f} rounds/s; "
              f"mean {mean:+.5f} (SE {se:.5f}), wager {wager:.4f}")
        tally, secs = run_processes(s, args.rounds, args.seed, args.processes, rng)
        mean, se, wager = summary(tally, args.rounds)
        print(f"reference ({rng}), {args.processes} processes: {args.rounds / secs:14,.0f} "
              f"rounds/s; mean {mean:+.5f} (SE {se:.5f})")


if __name__ == "__main__":
    main()
