"""The whole game's kernel (numba, private): one deal of every game still running, over integer
and float arrays, with each game's own random stream (SplitMix64).

:func:`guts_family.games.whole_game.play.play_chunk` is its typed wrapper: it sets the
game's options in ``ispec`` / ``fspec`` (indices below) and, before each call, the rule of
every running game's deal from its pot (``thr``, ``mix``, ``chal``). The plain-Python twin is
``tests/reference/guts.py:play_game_naive``, which reads the same uniforms the same way and
plays the rules from its own reading of the sheets.

Per deal and game, the uniforms are read in this order: the cards (a partial Fisher-Yates
shuffle of the 52 cards: draw ``j`` swaps card ``j`` with card ``j + floor(u * (52 - j))``,
``(players + pot hand) * cards`` draws; seat ``i`` holds cards ``i*cards .. i*cards+cards-1``,
the pot's hand follows the players'), then one uniform per player (its mixed decision).
"""

from __future__ import annotations

import numba
import numpy as np

__all__: list[str] = []

# ispec: the game's integer options
N, HAS_POT, POT_WITH_OTHERS, BURNED, REDEAL, SWAP, DEALER_CHALLENGE, FREE_RIDE, REANTE, TIE, \
    PTIE, MAX_DEALS, DEALER_MIN, N_CYCLE = range(14)
# fspec: its amounts
ANTE, CAP, CHICKEN, SWAP_FEE = range(4)
# reante codes, tie codes (with the pot's / dummy / dealer's hand), player tie codes
EVERY, UNWON, NEVER = 0, 1, 2
TIE_POT, TIE_SPLIT, TIE_REPLAY = 0, 1, 2
PTIE_SPLIT, PTIE_REPLAY = 0, 1
# status of a game
PLAYING, ENDED, CUT = 0, 1, 2
# events counted per game
NOBODY_IN, VOID, SWAPS, DEALER_CALLS, CHALLENGED, NOBODY_PLAYED, CARRIED = range(7)
N_EVENTS = 7

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_TO_UNIT = 1.0 / 9007199254740992.0  # 2^-53


@numba.njit(cache=True)
def _uniform(state):
    """SplitMix64: the next state and a uniform in [0, 1) from its top 53 bits."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    z = z ^ (z >> _S31)
    return state, float(z >> _S11) * _TO_UNIT


@numba.njit(cache=True)
def _hand_class(deck, start, cards, lut3, lut2, lut1):
    if cards == 3:
        return lut3[deck[start] + 52 * deck[start + 1] + 2704 * deck[start + 2]]
    if cards == 2:
        return lut2[deck[start] + 52 * deck[start + 1]]
    return lut1[deck[start]]


@numba.njit(cache=True)
def _showdown(cls, ins, mult, house, house_seat, stake, pay, tie, ptie, g, nets):
    """Settle a showdown of the players ``ins`` and, when ``house >= 0``, the house hand (the
    pot's hand, or the dealer's at ``house_seat`` in a challenge). A player in below the best
    hand (or tied with the house, under the tie rule ``pot``) pays ``mult * pay``; returns
    (the next pot: the payments in seat order, then the dealer's, then what is kept of
    ``stake``; whether some of ``stake`` is carried over; the seat that took it alone, or
    -1)."""
    n = cls.shape[0]
    best = house
    for i in range(n):
        if ins[i] and cls[i] > best:
            best = cls[i]
    house_best = house >= 0 and house == best
    loses_tie = house_best and tie == TIE_POT
    k = 0
    paid = 0.0
    for i in range(n):
        if ins[i] and cls[i] == best:
            k += 1
        if ins[i] and (cls[i] < best or (cls[i] == best and loses_tie)):
            nets[g, i] -= mult[i] * pay
            paid += mult[i] * pay
    if house_seat >= 0 and not house_best:
        nets[g, house_seat] -= pay
        paid += pay
    winner = -1
    kept = 0.0
    if house_best and (k == 0 or tie == TIE_POT):  # the house wins
        if house_seat >= 0:
            nets[g, house_seat] += stake
            winner = house_seat
        else:
            kept = stake
    elif house_best and tie == TIE_SPLIT:  # shared with the house; its share stays
        part = stake / (k + 1)
        for i in range(n):
            if ins[i] and cls[i] == best:
                nets[g, i] += part
        if house_seat >= 0:
            nets[g, house_seat] += part
        else:
            kept = part
    elif house_best:  # replay: the tied hands neither win nor pay
        kept = stake
    elif k == 1:
        for i in range(n):
            if ins[i] and cls[i] == best:
                nets[g, i] += stake
                winner = i
    elif ptie == PTIE_SPLIT:
        part = stake / k
        for i in range(n):
            if ins[i] and cls[i] == best:
                nets[g, i] += part
    else:
        kept = stake
    return paid + kept, kept > 0.0, winner


@numba.njit(cache=True)
def _play_deal(active, ispec, fspec, cycle, lut3, lut2, lut1, thr, mix, swap_below, chal,
               rng, pot, deals, nets, status, last_pot, winner, events):
    """One deal of every game in ``active`` (their rules at index a of thr / mix / chal)."""
    n = ispec[N]
    has_pot = ispec[HAS_POT]
    hands = n + has_pot
    cap = fspec[CAP]
    deck = np.empty(52, np.int64)
    cls = np.empty(n, np.int64)
    um = np.empty(n, np.float64)
    ins = np.zeros(n, np.bool_)
    mult = np.ones(n, np.float64)
    for a in range(active.shape[0]):
        g = active[a]
        s = rng[g]
        cards = cycle[deals[g] % ispec[N_CYCLE]]
        for j in range(52):
            deck[j] = j
        for j in range(hands * cards):
            s, u = _uniform(s)
            k = j + int(u * (52 - j))
            tmp = deck[j]
            deck[j] = deck[k]
            deck[k] = tmp
        for i in range(n):
            s, um[i] = _uniform(s)
            cls[i] = _hand_class(deck, i * cards, cards, lut3, lut2, lut1)
            ins[i] = False
            mult[i] = 1.0
        rng[g] = s
        house = _hand_class(deck, n * cards, cards, lut3, lut2, lut1) if has_pot else -1
        stake = pot[g]
        pay = min(stake, cap)
        last_pot[g] = stake
        deals[g] += 1
        t = thr[a]
        q = mix[a]
        nxt = 0.0
        carried = False
        won = -1
        deciders = 0
        played = True
        void = False
        house_seat = -1
        if ispec[BURNED]:
            b = 0
            for i in range(1, n):
                if deck[i * cards + cards - 1] > deck[b * cards + cards - 1]:
                    b = i
            top = deck[b * cards + cards - 1] >> 2
            if ispec[REDEAL]:
                same = 0
                for i in range(n):
                    if deck[i * cards + cards - 1] >> 2 == top:
                        same += 1
                void = same > 1
            if not void:
                if ispec[SWAP] and cls[b] < swap_below[a]:
                    tmp = cls[b]
                    cls[b] = house
                    house = tmp
                    nets[g, b] -= fspec[SWAP_FEE]
                    stake += fspec[SWAP_FEE]
                    events[g, SWAPS] += 1
                for i in range(n):
                    if i != b and (cls[i] >= t or (cls[i] == t - 1 and um[i] < q)):
                        ins[i] = True
                        deciders += 1
                ins[b] = True
        else:
            for i in range(n):
                if cls[i] >= t or (cls[i] == t - 1 and um[i] < q):
                    ins[i] = True
                    deciders += 1
        if void:
            events[g, VOID] += 1
            nxt = stake
            carried = True
            played = False
        elif ispec[DEALER_CHALLENGE]:
            others = deciders - (1 if ins[0] else 0)
            if others > 0:
                if deciders == 1:  # one player besides the dealer: the pot, unchallenged
                    for i in range(n):
                        if ins[i]:
                            nets[g, i] += stake
                            won = i
                else:
                    nxt, carried, won = _showdown(cls, ins, mult, -1, -1, stake, pay,
                                                  ispec[TIE], ispec[PTIE], g, nets)
            else:  # nobody called up to the dealer
                events[g, NOBODY_IN] += 1
                ins[0] = False
                if cls[0] >= ispec[DEALER_MIN]:
                    events[g, DEALER_CALLS] += 1
                    challengers = 0
                    for i in range(1, n):
                        if cls[i] >= chal[a]:
                            ins[i] = True
                            mult[i] = 2.0
                            challengers += 1
                    if challengers == 0:
                        nets[g, 0] += stake
                        won = 0
                    else:
                        events[g, CHALLENGED] += 1
                        nxt, carried, won = _showdown(cls, ins, mult, cls[0], 0, stake, pay,
                                                      ispec[TIE], ispec[PTIE], g, nets)
                    for i in range(1, n):  # challengers called no guts: a free ride
                        ins[i] = False
                    ins[0] = True  # the dealer called guts: no free ride
                else:
                    events[g, NOBODY_PLAYED] += 1
                    nxt = stake
                    carried = True
                    played = False
        elif deciders == 0 and not ispec[BURNED]:
            events[g, NOBODY_IN] += 1
            events[g, NOBODY_PLAYED] += 1
            nxt = stake
            carried = True
            played = False
        else:
            if deciders == 0:
                events[g, NOBODY_IN] += 1
            alone = deciders + ispec[BURNED] == 1
            h = house if has_pot and (ispec[POT_WITH_OTHERS] or alone) else -1
            nxt, carried, won = _showdown(cls, ins, mult, h, house_seat, stake, pay,
                                          ispec[TIE], ispec[PTIE], g, nets)
        if carried:
            events[g, CARRIED] += 1
        if nxt == 0.0 and not carried:
            status[g] = ENDED
            pot[g] = 0.0
            winner[g] = won
            continue
        if deals[g] >= ispec[MAX_DEALS]:
            status[g] = CUT
            pot[g] = nxt
            continue
        if void:
            pot[g] = nxt
            continue
        reante = ispec[REANTE]
        for i in range(n):
            antes = reante == EVERY or (reante == UNWON and carried)
            if antes and ispec[FREE_RIDE] and played and not ins[i]:
                antes = False  # stayed out while others played: a free ride
            if antes:
                nets[g, i] -= fspec[ANTE]
                nxt += fspec[ANTE]
            if not played and fspec[CHICKEN] > 0.0:
                nets[g, i] -= fspec[CHICKEN]
                nxt += fspec[CHICKEN]
        pot[g] = nxt
