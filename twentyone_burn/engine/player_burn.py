"""player_burn: the player's burn - every kept two-card hand's value, and the burn of every deal.

The player's burn is the player's one decision before play: which of three cards to give up
(the rule sheet's "player burn"). The dealer's burn, a fixed rule, is ``Rules.dealer_keeps``,
applied in ``dealer.py``. For one up card, :func:`kept_values` computes, for every burned rank
b and kept pair (a, c), the EVs of stand, hit and double (composition-dependent: the unseen
cards are the shoe less the three player cards and the up card) and, for a pair, the exact
value of the split (``split.py``), split when ``Rules.must_split`` says so or when it is worth
more. :func:`burn_choices` then values the (up to three) burns of one deal.

>>> from twentyone_burn.rules import Rules
>>> kv = kept_values(Rules(decks=None), 9)
>>> round(float(kv.best[9, 9, 9]), 6) == round(float(kv.split[9, 9, 9]), 6)   # T-T must split
True
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..rules import Rules
from ..shoe import NRANKS, full_shoe
from ..tables import (
    DOUBLE,
    HIT,
    SPLIT,
    STAND,
    DecisionTables,
    double_allowed,
    hand_table,
    hidden_combos,
)
from .dealer import current_exposure, dealer_distribution, dealer_trie, trie_outcomes
from .player import MONEY, HandValues, Valuation, choose, payoff_table, play_hands
from .split import (
    SplitValue,
    best_actions,
    post_split_forced,
    split_hands,
    split_stand_evs,
    split_values,
)
from .stand import stand_evs

__all__ = ["TIE", "burn_choices", "BurnChoice", "given_kept_values", "kept_values",
           "kept_values_for_shoe", "KeptValues", "pass_group", "reuse_dealer_passes",
           "split_stand_cached", "unsplit_hands", "unsplit_stand_cached", "unsplit_stand_evs"]


@dataclass(frozen=True)
class KeptValues:
    """Values of kept hands for one up card; arrays indexed [burned rank, card 1, card 2].

    stand / hit / double: EV per initial wager (double = -inf where not allowed; for a pair
    these are the values of playing it unsplit). split: EV of the split (nan for non-pairs).
    best / action / wager: the EV, action and expected total wager of the play the engine
    chooses (a pair is split when the split is mandatory). splits[(b, p)]: the SplitValue.
    possible[b, a, c]: the shoe holds these cards.
    play_actions[b, h]: the action of every unsplit hand h (STAND / HIT / DOUBLE, int8).
    """

    up: int
    stand: np.ndarray
    hit: np.ndarray
    double: np.ndarray
    split: np.ndarray
    best: np.ndarray
    action: np.ndarray
    wager: np.ndarray
    possible: np.ndarray
    splits: dict[tuple[int, int], SplitValue]
    play_actions: np.ndarray


#: the open blocks' passes, outermost first: (passes, the rules whose passes the block keeps,
#: None: every rules')
_PASS_LAYERS: list[tuple[dict, Rules | None]] = []


@contextlib.contextmanager
def reuse_dealer_passes(only_like: Rules | None = None) -> Iterator[None]:
    """Within this block, dealer passes (which do not depend on the strategy) are computed
    once per rules and up card and reused - for work that values many strategies.

    ``only_like``: keep only the passes of rules whose dealer passes are those of these rules
    (same shoe, dealer rule and payoff; e.g. rule variations that change only doubling or
    splitting), so a long series of rule sets holds one set of passes in memory, not one per
    rule set. A block inside a block keeps what the outer one keeps; one for rules whose
    passes no open block keeps (``only_like`` of another pass group, e.g. a rule variation's
    chart derived inside the base rules' block) keeps those rules' passes too, until it ends,
    and reads the outer ones.

    >>> r = Rules(decks=1)
    >>> base = full_shoe(1) - np.eye(10, dtype=np.int64)[9]
    >>> with reuse_dealer_passes(r):
    ...     x = unsplit_stand_cached(r, 9, base, payoff_table(r))
    ...     das = r.replace(double_after_split=not r.double_after_split)
    ...     y = unsplit_stand_cached(das, 9, base, payoff_table(das))
    ...     ties = r.replace(ties_lose_from=20)    # the rows of 20 and 21 alone are new
    ...     z = unsplit_stand_cached(ties, 9, base, payoff_table(ties))
    >>> x is y, bool((z == unsplit_stand_evs(ties, 9, base, payoff_table(ties))).all())
    (True, True)
    >>> with reuse_dealer_passes():    # another dealer is another pass
    ...     x = unsplit_stand_cached(r, 9, base, payoff_table(r))
    ...     low = r.replace(dealer_burn="lowest")
    ...     y = unsplit_stand_cached(low, 9, base, payoff_table(low))
    >>> x is y, bool(abs(x - y).max() > 0.01)
    (False, True)
    >>> with reuse_dealer_passes(r):
    ...     with reuse_dealer_passes(low):      # inside: the lowest-burn dealer's are kept
    ...         y = unsplit_stand_cached(low, 9, base, payoff_table(low))
    ...         again = unsplit_stand_cached(low, 9, base, payoff_table(low))
    ...     after = unsplit_stand_cached(low, 9, base, payoff_table(low))
    >>> again is y, after is y, bool((after == y).all())
    (True, False, True)
    """
    new = only_like if not _PASS_LAYERS else _new_group(only_like)
    opened = not _PASS_LAYERS or new is not None
    if opened:
        _PASS_LAYERS.append(({}, new))
    try:
        yield
    finally:
        if opened:
            _PASS_LAYERS.pop()


def _new_group(rules: Rules | None) -> Rules | None:
    """``rules`` when no open block keeps their passes, else None."""
    if rules is None:
        return None
    keeps = [keep for _, keep in _PASS_LAYERS]
    return None if any(k is None or _same_passes(rules, k) for k in keeps) else rules


def _pass_lookup(key: tuple) -> Any:
    for passes, _ in reversed(_PASS_LAYERS):
        hit = passes.get(key)
        if hit is not None:
            return hit
    return None


def _pass_home(rules: Rules) -> dict | None:
    """The innermost open block that keeps the passes of ``rules`` (None: none does)."""
    for passes, keep in reversed(_PASS_LAYERS):
        if keep is None or _same_passes(rules, keep):
            return passes
    return None


#: kept values already computed for one strategy's tables (``given_kept_values``)
_GIVEN: tuple[DecisionTables, dict[int, KeptValues]] | None = None


@contextlib.contextmanager
def given_kept_values(tables: DecisionTables, kept: dict[int, KeptValues]) -> Iterator[None]:
    """Within this block :func:`kept_values` of these very ``tables`` (the same object, money
    valued on their rules' full shoe) returns ``kept[up]``: values computed already, e.g. by
    the chart derivation that found the tables, which then values its chart without
    computing them again.

    >>> r = Rules(decks=None)
    >>> t = DecisionTables.always_stand(r)
    >>> kv = kept_values(r, 5, t)
    >>> with given_kept_values(t, {5: kv}):
    ...     kept_values(r, 5, t) is kv, kept_values(r, 5, DecisionTables.always_stand(r)) is kv
    (True, False)
    """
    global _GIVEN
    old, _GIVEN = _GIVEN, (tables, kept)
    try:
        yield
    finally:
        _GIVEN = old


def pass_group(rules: Rules) -> tuple:
    """What the dealer passes of a rules object depend on (the shoe, the dealer rule, the split
    hands and the payoff): rules with the same key share every pass, e.g. rule sets that
    differ only in doubling, the split choice or resplitting aces.

    >>> pass_group(Rules()) == pass_group(Rules(double_on="10-11", mandatory_split=False))
    True
    >>> pass_group(Rules()) == pass_group(Rules(win_pays="4:5"))
    False
    """
    return (rules.decks, rules.hit_soft_17, rules.dealer_burn, rules.max_hands,
            rules.split_aces_one_card, payoff_table(rules).tobytes())


def _same_passes(a: Rules, b: Rules) -> bool:
    return pass_group(a) == pass_group(b)


def _passes(rules: Rules, up: int, pair: int, base: np.ndarray, payoff: np.ndarray,
            hands: np.ndarray, compute: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """The stand EVs of ``hands`` (the result's rows; ``compute(some of them)`` gives theirs),
    reused inside :func:`reuse_dealer_passes`: a pass already computed for these rules is
    returned as it is, and one for another payoff takes the hands whose total has the same
    payoff row from a pass that had it (e.g. ties that lose from 20 change only the rows of
    20 and 21): only the others are computed. A hand's stand EV depends on its own total's
    row alone (the kernel's lanes, and the equal rows of two payoff tables' weights, give the
    same bits), so the numbers are those of a whole pass."""
    if not _PASS_LAYERS:
        return compute(hands)
    key = _pass_key(rules, up, pair, base, payoff)
    whole = _pass_lookup(key)
    if whole is not None:
        return whole
    rows = _total_rows(hands)
    found = {t: _pass_lookup(key[:-1] + (t, payoff[t].tobytes())) for t in rows}
    if not any(found.values()):
        value = compute(hands)
    else:
        missing = [t for t in rows if found[t] is None]
        some = next(ref for ref in found.values() if ref is not None)
        value = np.empty((len(hands), *some[0].shape[1:]))
        for t, ref in found.items():
            if ref is not None:
                value[rows[t]] = ref[0][ref[1]]
        if missing:
            sel = np.concatenate([rows[t] for t in missing])
            value[sel] = compute(hands[sel])
    home = _pass_home(rules)
    if home is not None:
        home[key] = value
        for t, idx in rows.items():
            home.setdefault(key[:-1] + (t, payoff[t].tobytes()), (value, idx))
    return value


def _total_rows(hands: np.ndarray) -> dict[int, np.ndarray]:
    """The positions in ``hands`` of the hands of each total (the payoff table's row)."""
    totals = np.minimum(hand_table().total[hands], 21)
    return {int(t): np.nonzero(totals == t)[0] for t in np.unique(totals)}


def _pass_key(rules: Rules, up: int, pair: int, base: np.ndarray, payoff: np.ndarray) -> tuple:
    # everything a pass depends on: the dealer (its soft-17 rule and its burn), the hands
    # (max hands, one-card split aces), the shoe and the payoff (last: a row's key replaces it)
    # (and the concealed cards the dealer is conditioned on: engine/dealer.exposed_concealed)
    return (rules.hit_soft_17, rules.dealer_burn, rules.max_hands, rules.split_aces_one_card,
            current_exposure(), up, pair, base.tobytes(), payoff.tobytes())


@functools.cache
def unsplit_hands() -> np.ndarray:
    """Hands of two or more cards: the keys of the unsplit stand EVs."""
    t = hand_table()
    return np.nonzero(t.ncards >= 2)[0].astype(np.int64)


def unsplit_stand_evs(rules: Rules, up: int, base_up: np.ndarray,
                      payoff: np.ndarray) -> np.ndarray:
    """stand[k, b]: stand EV of hand ``unsplit_hands()[k]`` with burned rank b, for unseen
    cards ``base_up`` (the shoe less the up card) less the hand and the burned card."""
    return stand_evs(rules, up, base_up, unsplit_hands(), payoff=payoff)[:, :, 0]


def kept_values(rules: Rules, up: int, tables: DecisionTables | None = None,
                valuation: Valuation | None = None, *,
                shoe: np.ndarray | None = None) -> KeptValues:
    """Values of every kept hand for one up card, on the rules' full shoe (see
    :class:`KeptValues`), or on ``shoe`` (ten counts before the deal) when given.

    ``tables``: a strategy whose fixed actions are valued instead of the best ones (None:
    optimal composition-dependent play). ``valuation``: count events instead of money (with
    fixed ``tables`` only).

    >>> kv = kept_values(Rules(decks=None), 5)
    >>> int(kv.action[9, 9, 9]) == SPLIT, bool(kv.best[4, 9, 9] == kv.split[4, 9, 9])
    (True, True)
    """
    given = _GIVEN
    if given is not None and tables is given[0] and valuation is None and shoe is None \
            and rules == tables.rules and up in given[1]:
        return given[1][up]
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    return kept_values_for_shoe(rules, up, shoe, tables=tables, valuation=valuation)


def kept_values_for_shoe(rules: Rules, up: int, shoe: np.ndarray | None, *,
                         tables: DecisionTables | None = None,
                         valuation: Valuation | None = None,
                         no_hole: int = -1) -> KeptValues:
    """:func:`kept_values` from any starting shoe: ``shoe`` holds the ten counts before the
    deal (None for the infinite deck, whose rules say ``decks = "inf"``); the brute-force
    checks use small shoes.

    ``no_hole`` >= 0: the player knows the dealer's first concealed card is *not* of this
    rank (hole-card exposure, ``engine/exposed.py``). Every value is then unnormalised,
    E[result x 1{that card is not of rank no_hole}], as a peeking dealer's are in the classic
    deal (``player.py``): such values add over draws with the plain draw probabilities and
    rank actions, and the burns of one deal, as the conditional values do. Optimal play
    under the CDP-H post-split strategy, or a fixed strategy (``tables``), only.

    >>> shoe = np.array([2, 2, 2, 2, 2, 2, 2, 2, 2, 6])
    >>> kv = kept_values_for_shoe(Rules(decks=1), 3, shoe)
    >>> bool(kv.possible[9, 5, 4]), bool(kv.possible[0, 0, 0])   # no three aces in it
    (True, False)
    """
    if no_hole >= 0 and tables is None and rules.post_split != "cdp-h":
        raise ValueError("a concealed card known not to be of a rank is valued under optimal "
                         "play with CDP-H split hands, or a fixed strategy, only")
    if (shoe is None) != rules.infinite:
        raise ValueError("give a shoe of ten counts for a finite deck, None for the infinite "
                         "deck (decks = \"inf\")")
    table = hand_table()
    nh = len(table.index)
    payoff = payoff_table(rules) if valuation is None else valuation.payoff
    scale = MONEY if valuation is None else valuation.scale
    infinite = shoe is None
    # the infinite deck's draws ignore the counts: zeros keep the arrays' shapes
    shoe = np.zeros(NRANKS, dtype=np.int64) if shoe is None else np.asarray(shoe, np.int64)
    shape = (NRANKS, NRANKS, NRANKS)
    stand = np.full(shape, np.nan)
    hit = np.full(shape, np.nan)
    double = np.full(shape, -np.inf)
    split = np.full(shape, np.nan)
    best = np.full(shape, np.nan)
    action = np.full(shape, -1, dtype=np.int64)
    wager = np.full(shape, np.nan)
    possible = np.zeros(shape, dtype=np.bool_)
    splits: dict[tuple[int, int], SplitValue] = {}
    play_actions = np.zeros((NRANKS, nh), dtype=np.int8)

    base_up = shoe.copy()
    base_up[up] -= 1
    two_card = [(a, c) for a in range(NRANKS) for c in range(a, NRANKS)]

    # -- unsplit hands ---------------------------------------------------------------------------
    if infinite:
        flat = (dealer_distribution(rules, up) if no_hole < 0 else
                trie_outcomes(dealer_trie(up, rules.hit_soft_17, rules.dealer_burn, no_hole),
                              None))
        flat_stand = payoff[np.minimum(table.total, 21)] @ flat
    else:
        hands = unsplit_hands()
        stand_kb = (unsplit_stand_cached(rules, up, base_up, payoff) if no_hole < 0 else
                    stand_evs(rules, up, base_up, hands, payoff=payoff,
                              no_hole=no_hole)[:, :, 0])
    can_double = double_allowed(rules, split_hands=False)
    can_double_split = double_allowed(rules, split_hands=True)
    # CDZ-'s split-hand actions: these unsplit hands' optimum, among a split hand's actions
    cdz = np.zeros((NRANKS, nh), dtype=np.int8) \
        if tables is None and rules.post_split == "cdz-" else None
    no_force = np.full(nh, -1, dtype=np.int8)
    vals = HandValues.empty()
    for b in range(NRANKS):
        base = base_up.copy()
        base[b] -= 1
        if not infinite and base.min() < 0:
            continue
        if infinite:
            sv = flat_stand
        else:
            sv = np.zeros(nh)
            sv[hands] = stand_kb[:, b]
        forced = no_force if tables is None else tables.play[up, b]
        st, hi, db, va, feas = play_hands(base, sv, infinite=infinite, can_double=can_double,
                                          forced=forced, scale=scale, hole=no_hole, out=vals)
        if tables is None:
            acts = np.where(hi > st, HIT, STAND)
            acts[(table.ncards == 2) & (db > np.maximum(st, hi))] = DOUBLE
        else:
            acts = np.where((forced == DOUBLE) & ~((table.ncards == 2) & can_double), HIT, forced)
        play_actions[b] = acts
        if cdz is not None:
            cdz[b] = best_actions(st, hi, db, table.ncards == 2, can_double_split)
        for a, c in two_card:
            h = table.of((a, c))
            if not feas[h]:
                continue
            for x, y in ((a, c), (c, a)):
                possible[b, x, y] = True
                stand[b, x, y], hit[b, x, y], double[b, x, y] = st[h], hi[h], db[h]

    # -- splits ---------------------------------------------------------------------------------
    for p in range(NRANKS):
        order = split_hands(p, rules.one_card_split(p))
        base_p = base_up.copy()
        base_p[p] -= 1
        if not infinite:
            if base_p.min() < 0:
                continue
            stand_p = (split_stand_cached(rules, up, p, base_p, payoff) if no_hole < 0 else
                       stand_evs(rules, up, base_p, order, payoff=payoff, pair=p,
                                 combos=hidden_combos(rules.max_hands), no_hole=no_hole))
        split_forced: np.ndarray | None
        resplit: np.ndarray | None
        if tables is not None:
            split_forced, resplit = tables.split_play[up, :, p], tables.resplit[up, :, p]
        else:  # the rules' post-split strategy (CDP-H: None, None - the best actions)
            split_forced, resplit = post_split_forced(
                rules, p, list(range(NRANKS)), base_p, None if infinite else stand_p,
                flat if infinite else None, order, can_double_split, cdz, payoff)
        values = split_values(
            rules, p, list(range(NRANKS)), base_p, None if infinite else stand_p,
            flat if infinite else None, order, payoff, can_double_split,
            forced=split_forced, resplit_table=resplit, scale=scale, hole=no_hole)
        for b, sv_ in enumerate(values):
            if sv_ is not None:
                splits[(b, p)] = sv_
                split[b, p, p] = sv_.ev

    # -- the play of each kept hand: the best, or the fixed strategy's -------------------------
    for b in range(NRANKS):
        for a, c in two_card:
            if not possible[b, a, c]:
                continue
            h = table.of((a, c))
            fixed = -1 if tables is None else int(play_actions[b, h])
            ev, act = choose(stand[b, a, c], hit[b, a, c], double[b, a, c], fixed)
            wg = 2.0 if act == DOUBLE else 1.0
            if a == c:
                sp = splits.get((b, a))
                if sp is None:
                    continue
                take = (rules.must_split(a, c) or
                        (sp.ev > ev if tables is None else bool(tables.split_kept[up, b, a])))
                if take:
                    ev, act, wg = sp.ev, SPLIT, sp.wager
            for x, y in ((a, c), (c, a)):
                best[b, x, y], action[b, x, y], wager[b, x, y] = ev, act, wg
    return KeptValues(up, stand, hit, double, split, best, action, wager, possible, splits,
                      play_actions)


@dataclass(frozen=True)
class BurnChoice:
    """One burn of a deal: the burned rank, the kept pair and the engine's play of it."""

    burn: int
    kept: tuple[int, int]
    stand: float
    hit: float
    double: float | None
    split: float | None
    action: int
    ev: float
    wager: float


#: burns whose EVs differ by less than this are tied (e.g. 6-7-8 v 2: every kept hand stands
#: on a stiff total against the same removed cards); ties burn the lowest card, so results do
#: not depend on rounding in the last bit.
TIE = 1e-12


def burn_choices(kv: KeptValues, player: tuple[int, int, int],
                 burn: int | None = None) -> list[BurnChoice]:
    """The distinct burns of a three-card deal, best first.

    Burns within ``TIE`` of the best EV count as tied; the lowest burned rank is then chosen.
    ``burn``: a fixed strategy's burn, put first whatever its EV.

    >>> from twentyone_burn.rules import Rules
    >>> kv = kept_values(Rules(decks=None), 5)
    >>> [c.burn for c in burn_choices(kv, (9, 9, 4))][:1]   # T T 5 v 6: burn the 5, split tens
    [4]
    """
    out = []
    seen = set()
    for i in range(3):
        b = player[i]
        if b in seen:
            continue
        seen.add(b)
        a, c = sorted(player[k] for k in range(3) if k != i)
        dbl = kv.double[b, a, c]
        sp = kv.split[b, a, c]
        out.append(BurnChoice(b, (a, c), float(kv.stand[b, a, c]), float(kv.hit[b, a, c]),
                              float(dbl) if np.isfinite(dbl) else None,
                              float(sp) if a == c and np.isfinite(sp) else None,
                              int(kv.action[b, a, c]), float(kv.best[b, a, c]),
                              float(kv.wager[b, a, c])))
    best = max(ch.ev for ch in out)
    out.sort(key=lambda ch: (0 if ch.ev >= best - TIE else 1, ch.burn if ch.ev >= best - TIE
                             else -ch.ev))
    if burn is not None:
        out.sort(key=lambda ch: ch.burn != burn)
    return out


def unsplit_stand_cached(rules: Rules, up: int, base_up: np.ndarray,
                         payoff: np.ndarray) -> np.ndarray:
    """:func:`unsplit_stand_evs`, reused inside :func:`reuse_dealer_passes`."""
    return _passes(rules, up, -1, base_up, payoff, unsplit_hands(),
                   lambda hands: stand_evs(rules, up, base_up, hands, payoff=payoff)[:, :, 0])


def split_stand_cached(rules: Rules, up: int, pair: int, base_p: np.ndarray,
                       payoff: np.ndarray) -> np.ndarray:
    """:func:`split.split_stand_evs`, reused inside :func:`reuse_dealer_passes`."""
    order = split_hands(pair, rules.one_card_split(pair))

    def compute(hands: np.ndarray) -> np.ndarray:
        if hands.shape == order.shape:
            return split_stand_evs(rules, up, pair, base_p, payoff)
        return stand_evs(rules, up, base_p, hands, payoff=payoff, pair=pair,
                         combos=hidden_combos(rules.max_hands))
    return _passes(rules, up, pair, base_p, payoff, order, compute)
