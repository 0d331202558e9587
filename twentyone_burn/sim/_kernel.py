"""_kernel: the compiled code - xoshiro256** and one whole round of 21 Burn, in numba.

Private to ``sim``: callers go through typed wrappers - :func:`.spec.run_chunk` plays a chunk
(the one place the kernel's long argument list is unpacked) and :mod:`.rng` checks the
generator.

The simulator's own copy of the rules, on purpose: the dealer's burn (:func:`burn_value` and
the ``dealer_start`` table of each round's call), its drawing rule (:func:`dealer_outcome`)
and the settlement of a hand (:func:`settle`) are written here again, from the rule sheet,
instead of asking the ``Rules`` predicates the exact engine asks (``Rules.dealer_keeps``,
``dealer_draws``, ``payoff``): a mistake in one of those would otherwise reach both, and the
simulator would confirm it. Only the rule options arrive from ``Rules``, as plain numbers
(:func:`.spec.run_chunk`: ``DEALER_BURN_CODES``, the bust that pushes, the tie that loses),
with the player's options as arrays (``spec.compact_strategy``: which pairs may resplit,
which take one card).

Dealing: by default the shoe is reshuffled before every round. Instead of shuffling the whole
shoe, each card is drawn from a uniformly random position among the cards not yet dealt this
round and swapped to the end of that range (a Fisher-Yates shuffle done lazily, card by card):
the cards come out exactly as from a fully shuffled shoe. With a cut card, the shoe is dealt
round after round until that many cards have gone, then reshuffled, and also whenever the
cards left could not finish the longest possible round (they hold at most ROUND_POINTS hard
points): a deep cut card deals as deep as it says; each chunk starts from a freshly
shuffled shoe.

Per round the kernel records the units won, lost and pushed (a 9 x 9 x 9 count table: at most
four hands, each at most doubled), from which the net result and the total wager of every
round, their means and variances, follow exactly for any payout.

Everything numba compiles for the simulator lives in this one file on purpose, the event
indices it writes included: numba's on-disk cache (``cache=True``) checks only the source file
of the cached function, so a jitted helper or a constant kept in another file could change while
the cached kernel went on running the old one. The action codes ``STAND`` / ``DOUBLE`` come from
:mod:`twentyone_burn.tables`; after changing them, touch this file.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..tables import DOUBLE, STAND

__all__ = [
    "DEALER_STATES", "DEAL_BURN_SHIFT", "DEAL_HAND_MASK", "DEAL_KIND_SHIFT", "DEAL_PAIR_SHIFT",
    "DEAL_SPLIT_SHIFT", "EVENT_NAMES", "EV_DEALER_CARDS", "EV_DOUBLE", "EV_HANDS_LOST",
    "EV_HANDS_PUSHED", "EV_HANDS_WON", "EV_KEPT_HARD", "EV_KEPT_PAIR", "EV_KEPT_SOFT",
    "EV_PLAYER_CARDS", "EV_RESPLITS", "EV_SHUFFLES", "EV_SPLIT", "EV_SPLIT_DOUBLES",
    "EV_SPLIT_HANDS", "KERNEL_FORMAT", "NEVENTS", "ROUND_POINTS", "TC_MAX", "below",
    "below_many", "burn_value",
    "dealer_outcome", "settle", "simulate_kernel", "xoshiro", "xoshiro_many",
]

#: bump when the kernel's use of random numbers changes: old checkpoints then refuse to resume
KERNEL_FORMAT = 3

#: the most hard points (ace 1) one round's cards can hold: four hands ending at 30 at most,
#: the dealer at 26, two burned cards of at most 10 (see ``spec.round_card_bound``)
ROUND_POINTS = 4 * 30 + 26 + 2 * 10

#: true counts are clamped to -TC_MAX..TC_MAX (the tallies by true count have 2 TC_MAX + 1 rows)
TC_MAX = 10


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
def xoshiro_many(state, count):
    """The first ``count`` outputs of xoshiro256** from ``state`` (for checks)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    out = np.empty(count, dtype=np.uint64)
    for k in range(count):
        s0, s1, s2, s3, out[k] = xoshiro(s0, s1, s2, s3)
    return out


@njit(cache=True, error_model="numpy")
def below_many(state, bounds):
    """Successive ``below`` draws for the given bounds from ``state`` (for checks)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    out = np.empty(bounds.shape[0], dtype=np.int64)
    for k in range(bounds.shape[0]):
        s0, s1, s2, s3, out[k] = below(s0, s1, s2, s3, bounds[k])
    return out


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
    """Outcome index 0..7 (17..21, 22, 23, 24+) of a dealer hand, or -1 while it must draw.

    >>> dealer_outcome(7, True, True), dealer_outcome(7, True, False)    # soft 17
    (-1, 0)
    """
    soft = ace and hard + 10 <= 21
    total = hard + 10 if soft else hard
    if total > 21:
        return min(total, 24) - 17
    if total < 17 or (total == 17 and soft and h17):
        return -1
    return total - 17


@njit(error_model="numpy")
def settle(pt, o, push_to, ties_from):
    """+1 win, 0 push, -1 loss of a hand with total ``pt`` (22 = bust) against outcome ``o``;
    a dealer bust on a total up to ``push_to`` pushes (0: none), a tie on ``ties_from`` or more
    loses (99: none).

    >>> settle(22, 6, 0, 99), settle(20, 3, 0, 99), settle(12, 5, 22, 99), settle(12, 6, 22, 99)
    (-1, 0, 0, 1)
    >>> settle(19, 2, 0, 20), settle(20, 3, 0, 20)
    (0, -1)
    """
    if pt > 21:
        return -1
    dt = o + 17
    if dt > 21:
        return 0 if dt <= push_to else 1
    if pt > dt:
        return 1
    if pt == dt:
        return -1 if dt >= ties_from else 0
    return -1


# -- the round -------------------------------------------------------------------------------
# One function on purpose: a call to a helper that takes arrays costs atomic reference counts
# (~40 ns a call here), more than the rest of a round; only scalar helpers are called.
# cards[0:top] are the undealt cards; a draw picks one uniformly and swaps it to cards[top-1].
# Written out at each place a card is dealt: a helper taking the card array would cost two
# atomic reference counts per card.
#
# Speed comes from fewer unpredictable branches and cache misses, never from other random
# numbers: the strategy arrives compacted by :func:`.spec.compact_strategy` (the same
# decisions; hands renumbered so that two- and three-card hands share a few cache lines of a
# row, identical action rows stored once), the burn of a deal is one packed lookup instead of
# a sort and a search, and the dealer's burn (its starting state from its three cards), its
# drawing rule and the settlement become small tables at the start of each call, built from
# the scalar helpers above. The round's tallies go to local arrays first. numba's code for
# this loop is sensitive to small rewrites (arrays sized from the inputs' shapes, the action
# row chosen in each branch, numba.literally on ``infinite``, a buffered generator each made
# it 20 % to 2x slower; the deal's loop keeps a constant trip count): time a change with
# benchmarks/simulate.py before keeping it.

DEAL_HAND_MASK = 0xFFF      # deal_t[...]: the kept two-card hand (renumbered) in bits 0-11,
DEAL_PAIR_SHIFT = 12        # the lower kept rank (the pair's rank) in bits 12-15,
DEAL_BURN_SHIFT = 16        # the burned rank in bits 16-19,
DEAL_SPLIT_SHIFT = 20       # 1 if the kept pair is split in bit 20,
DEAL_KIND_SHIFT = 21        # the kept hand's kind from bit 21: 0 hard, 1 soft, 2 pair
DEALER_STATES = 64          # a dealer state: 2 x hard total, + 1 when it holds an ace


@njit(cache=True, nogil=True, error_model="numpy")
def simulate_kernel(state, rounds, shoe, infinite, cut, reserve, deal_t, play_row, split_row,
                    acts, resplit_row, resplit_t, child, total, two_card, combo, max_hands,
                    may_resplit, one_card, h17, dealer_burn, push_to, ties_from, hist,
                    dealer_counts, burn_counts, split_counts, events, tags, tc_mult, tc_den,
                    tc_round, tc_hist, samples, sample_every):
    """Play ``rounds`` rounds from the xoshiro256** ``state`` and add them to the counts.

    shoe: the ranks of every card (ignored for an infinite deck); cut: cards dealt before the
    shoe is reshuffled at the end of a round (0 = reshuffle before every round); reserve: with
    fewer cards left than that (the most a round could take from the full shoe), also
    reshuffle if the cards left hold at most ROUND_POINTS hard points (a round could need
    them all). The strategy, compacted (see
    :func:`.spec.compact_strategy`): deal_t[up * 1000 + c1 * 100 + c2 * 10 + c3] packs the
    burn of the three cards as dealt (``DEAL_*``); acts holds action rows over the renumbered
    hands (child[h * 10 + r]: hand h after drawing r, -1 = bust; total[h] its total;
    two_card[a * 10 + c] a two-card hand), play_row[up * 10 + burned] and split_row[((up * 10
    + burned) * 10 + pair) * combos + combo] their offsets; resplit_row[(up * 10 + burned) * 10
    + pair] offsets a flat [hands_in_play, hand_number, j, u] row of resplit_t;
    may_resplit[p] / one_card[p] are the rules for a pair of rank p; dealer_burn: 0 the
    dealer burns its highest card, 1 its lowest, 2 none (it takes one concealed card);
    push_to, ties_from: see :func:`settle`. hist[W, L, P] (9 x 9 x 9) counts rounds by units
    won, lost and pushed; dealer_counts is 10 x 8.

    Counting (a finite shoe and ``tags`` of length 10; an empty ``tags`` counts nothing): the
    running count is the sum of ``tags`` over the cards dealt since the shuffle - every card
    of a round (the player's three including the burned one, hit, split and double cards, the
    dealer's up card, both concealed cards and its draws) is seen by the end of the round, so
    the count before a round is that of every card dealt before it. The true count before the
    round is running count x tc_mult[top] / tc_den[top] (top: cards left), rounded by
    ``tc_round`` (0 floor, 1 toward zero, 2 nearest, halves away from zero) and clamped to
    -TC_MAX..TC_MAX; the round's hist cell is also counted in tc_hist[tc + TC_MAX]. Every
    ``sample_every``-th round of the chunk (0: none), while rows are left, a row of
    ``samples`` gets the ten rank counts left in the shoe, the clamped true count and the
    running count, in that order (unused rows keep what they held).
    """
    combos = split_row.shape[0] // 1000
    dealer_l = np.zeros((10, 8), dtype=np.int64)
    burn_l = np.zeros(10, dtype=np.int64)
    split_l = np.zeros(5, dtype=np.int64)
    # the dealer's outcome (or -1: it draws) in every state; the settlement of a hand total
    # (22 = bust) against an outcome (0 lost, 1 pushed, 2 won), and the step one unit of each
    # takes in the flat hist[W, L, P]; tallies of the rounds in local arrays
    dout = np.empty(DEALER_STATES, dtype=np.int64)
    for st in range(DEALER_STATES):
        dout[st] = dealer_outcome(st >> 1, (st & 1) == 1, h17)
    # the dealer's state after its burn, by (up, first, second concealed card): one lookup
    # instead of comparisons whose outcome the processor cannot predict
    dealer_start = np.empty(1000, dtype=np.int64)
    for up in range(10):
        for d1 in range(10):
            for d2 in range(10):
                if dealer_burn == 2:
                    da, db = up, d1
                else:
                    bu, b1, b2 = burn_value(up), burn_value(d1), burn_value(d2)
                    if dealer_burn == 1:    # the lowest: negated values, the same comparisons
                        bu, b1, b2 = -bu, -b1, -b2
                    if bu >= b1 and bu >= b2:
                        da, db = d1, d2
                    elif b1 >= b2:
                        da, db = up, d2
                    else:
                        da, db = up, d1
                dealer_start[up * 100 + d1 * 10 + d2] = \
                    2 * (da + db + 2) + (1 if da == 0 or db == 0 else 0)
    settle_t = np.empty(23 * 8, dtype=np.int64)
    for pt in range(23):
        for o in range(8):
            settle_t[pt * 8 + o] = settle(pt, o, push_to, ties_from) + 1
    unit = np.empty(3, dtype=np.int64)
    unit[0] = 9
    unit[1] = 1
    unit[2] = 81
    hist_f = np.zeros(729, dtype=np.int64)
    r1 = max_hands + 1                      # resplit_t's dimensions after hands_in_play
    r2 = 2 * max_hands
    r3 = max_hands + 1
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    cards = shoe.copy()
    n = cards.shape[0]
    top = n
    deal = np.zeros(6, dtype=np.int64)
    ndeal = 5 if dealer_burn == 2 else 6
    hand_tot = np.empty(4, dtype=np.int64)
    hand_w = np.empty(4, dtype=np.int64)
    counting = tags.shape[0] == 10 and not infinite
    ntc = 2 * TC_MAX + 1
    tc_f = np.zeros(ntc * 729 if counting else 1, dtype=np.int64)
    rc = 0              # the running count (scaled tags) of the cards dealt since the shuffle
    tci = 0
    start = top
    nsamp = 0
    for rnd in range(rounds):
        shuffle = not infinite and (cut <= 0 or n - top >= cut)
        if not infinite and not shuffle and top < reserve:
            # fewer cards left than the full shoe's smallest cards a round could take: look
            # at the cards actually left - a round holds at most ROUND_POINTS hard points, so
            # it cannot run the shoe dry while the cards left hold more
            pts = 0
            for q in range(top):
                pts += cards[q] + 1
            shuffle = pts <= ROUND_POINTS
        if shuffle:
            top = n         # every card back: draws are uniform over cards[0:n] again
            events[EV_SHUFFLES] += 1
            rc = 0
        if counting:
            # integer arithmetic only: the same true count on every machine
            num = rc * tc_mult[top]
            den = tc_den[top]
            if tc_round == 0:
                tc = num // den
            elif tc_round == 1:
                tc = abs(num) // den
                tc = -tc if num < 0 else tc
            else:
                tc = (2 * abs(num) + den) // (2 * den)
                tc = -tc if num < 0 else tc
            tc = min(max(tc, -TC_MAX), TC_MAX)
            tci = tc + TC_MAX
            start = top
            if sample_every > 0 and rnd % sample_every == 0 and nsamp < samples.shape[0]:
                for r in range(10):
                    samples[nsamp, r] = 0
                for q in range(top):
                    samples[nsamp, cards[q]] += 1
                samples[nsamp, 10] = tc
                samples[nsamp, 11] = rc
                nsamp += 1
        # the deal: three cards to the player, the dealer's up card and two concealed cards
        # (one when it burns none; the draw is written out at each of its four places on
        # purpose: a shared draw() function measured 8 % slower inlined and 40 % slower called)
        for k in range(6):
            if k == ndeal:
                break
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
        up, d1, d2 = deal[3], deal[4], deal[5]
        info = np.int64(deal_t[up * 1000 + deal[0] * 100 + deal[1] * 10 + deal[2]])
        b = (info >> DEAL_BURN_SHIFT) & 15
        burn_l[b] += 1
        k1 = (info >> DEAL_PAIR_SHIFT) & 15
        events[EV_KEPT_HARD + (info >> DEAL_KIND_SHIFT)] += 1   # hard, soft, pair in a row
        split = ((info >> DEAL_SPLIT_SHIFT) & 1) == 1
        hk = info & DEAL_HAND_MASK
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
                        and resplit_t[resplit_row[(up * 10 + b) * 10 + p]
                                      + ((nh * r1 + i + 1) * r2 + j) * r3 + u]):
                    nh += 1
                    j += 1
                    events[EV_RESPLITS] += 1
                    continue
                c = combo[j, u]
                if r == p:
                    j += 1
                else:
                    u += 1
                h = np.int64(two_card[p * 10 + r])
                if one_card[p]:
                    hand_tot[i] = total[h]
                    hand_w[i] = 1
                    i += 1
                    continue
            else:
                h = hk
            w = 1
            row = (split_row[((up * 10 + b) * 10 + p) * combos + c] if split
                   else play_row[up * 10 + b])
            while True:
                a = acts[row + h]
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
                h = np.int64(child[h * 10 + r])
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
            split_l[nh] += 1
        else:
            split_l[0] += 1
        # the dealer burns the highest of its three (ace = 11; or the lowest, or none) and
        # draws to the kept two; it always finishes, even when every player hand has busted,
        # so its final totals are a statistic over every round
        st = np.int64(dealer_start[up * 100 + d1 * 10 + d2])       # a DEALER_STATES state
        o = dout[st]
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
            st = (st + 2 * r + 2) | (1 if r == 0 else 0)   # hard total + r + 1; an ace
            o = dout[st]
        dealer_l[up, o] += 1
        cell = 0
        for k in range(nh):
            sr = settle_t[hand_tot[k] * 8 + o]
            cell += hand_w[k] * unit[sr]
            events[EV_HANDS_LOST - sr] += 1            # lost, pushed, won in a row
        hist_f[cell] += 1
        if counting:
            tc_f[tci * 729 + cell] += 1
            for q in range(top, start):     # the round's cards, all seen by now
                rc += tags[cards[q]]
    hist += hist_f.reshape((9, 9, 9))
    if counting:
        tc_hist += tc_f.reshape((ntc, 9, 9, 9))
    dealer_counts += dealer_l
    burn_counts += burn_l
    split_counts += split_l

