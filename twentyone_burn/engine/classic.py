"""classic: ordinary blackjack from the same engine - the proof against the field's exact values.

With ``player_cards = 2`` and ``dealer_burn = false`` the game is ordinary blackjack: two player
cards, one dealer hole card, naturals (option ``naturals``: "peek" = US hole card, "enhc" =
European no hole card, "none"), a natural paying ``natural_pays``, late surrender (option).
Every part 21 Burn shares with blackjack - the dealer trie, the composition-dependent hand
kernel, doubling, splits and resplits to four hands - is reused unchanged, so reproducing the
values that exact blackjack analysers publish proves those parts.

Strategy: every unsplit hand plays the composition-dependent optimum for its own cards and the
up card (and, with a peeking dealer, the knowledge that the dealer has no natural). Split hands
follow ``rules.post_split``, as the field defines it (Eric Farmer's analyser):

- ``cdz-``: each split hand takes the action the unsplit optimum takes for the same cards
  against the same up card - computed on the shoe less the up card and those cards only (the
  other pair card is forgotten) - among the actions a split hand may take; a pair card that
  arrives is always resplit while fewer than ``max_hands`` hands are in play.
- ``cdp1``: the same, but the action is the optimum on the shoe less the up card, both pair
  cards and the hand's cards (what the first split hand knows), applied to every split hand;
  always resplit.
- ``cdp-h``: 21 Burn's post-split strategy (``split.py``): optimal for the hand's cards, the
  pair cards dealt to the split so far and how many second cards were not pair cards;
  resplits by the higher exact EV.
Either way the chosen actions are valued exactly on the true shoe.

Peek (docs/classic.md, "Naturals and conditioning"): values are computed *unnormalised*,
E[result x 1{no dealer natural}], from a dealer trie without the natural's hole card. They
add up over draws with the plain draw probabilities and rank actions exactly as the
conditional EVs do. The per-hand EVs
reported are conditioned on no dealer natural (as the field's per-hand tables are): the
unnormalised value divided by P(no natural). The game's expected return counts every round:
a dealer natural takes the original wager (or pushes a player natural). Under ENHC the dealer's
natural takes every wager, doubles and split hands included: each standing hand is worth the
no-natural value less P(dealer natural), a bust -1, and nothing is conditioned.

>>> r = Rules(decks=None, player_cards=2, dealer_burn=False, naturals="peek",
...           mandatory_split=False, post_split="cdz-")
>>> a = analyze_classic(r)
>>> abs(a.deal_probability_total - 1) < 1e-12, -0.01 < a.expected_return < 0.01
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..rules import Rules, RulesError
from ..shoe import INFINITE_PROBS, NRANKS, RANKS, checked_shoe, draw_probability, full_shoe
from ..tables import double_allowed, hand_table, hidden_combos
from .dealer import DealerTrie, dealer_distributions, dealer_trie, trie_outcomes
from .player import natural_probs, payoff_table, play_hands
from .results import ClassicAnalysis
from .split import SplitValue, always_resplit, best_actions, reachable, split_hands, split_values
from .stand import stand_evs

__all__ = ["ACTIONS", "DEAL_COLUMNS", "MIN_SHOE_CARDS", "NO_BURN", "POST_SPLIT",
           "analyze_classic", "deal_hand", "dealer_row", "hand_evs", "HandEVs", "require_classic",
           "strategy_text", "up_values", "UpValues"]

#: no burned card (the classic deal), for :func:`~twentyone_burn.engine.stand.stand_evs`
NO_BURN = np.array([-1], dtype=np.int64)
ACTIONS = ("stand", "hit", "double", "split", "surrender", "natural")
#: the columns of :attr:`ClassicAnalysis.deals`, in order
DEAL_COLUMNS = ("up", "cards", "probability", "stand", "hit", "double", "surrender", "split",
                "action", "ev", "p_dealer_natural", "round_ev", "wager", "split_hands",
                "split_doubles")

POST_SPLIT = {
    "cdz-": "CDZ-: each split hand takes the action the unsplit composition-dependent optimum "
            "takes for the same cards against the same up card (shoe less the up card and "
            "those cards; the other pair card is forgotten), among the actions a split hand "
            "may take; a pair card is always resplit while fewer than max_hands hands are in "
            "play",
    "cdp1": "CDP1: each split hand takes the action that is optimal for the first split hand "
            "holding the same cards (shoe less the up card, both pair cards and the hand's "
            "cards), among the actions a split hand may take; always resplit",
    "cdp-h": "CDP-H: each split hand plays the composition-dependent optimum for its own cards, "
             "the up card, the pair cards dealt to the split so far and the number of earlier "
             "split hands that took a non-pair second card; resplits by the higher exact EV",
}


def strategy_text(rules: Rules) -> str:
    """The strategy every classic EV holds for, in words."""
    peek = ", given that the dealer has no natural" if rules.dealer_peeks else ""
    return ("Optimal composition-dependent play of every unsplit hand (its own cards and the up "
            f"card{peek}); split hands: " + POST_SPLIT[rules.post_split] + ". Every action is "
            "valued exactly on the true shoe.")


def require_classic(rules: Rules) -> None:
    """Raise RulesError unless the rules are the classic (two-card) deal."""
    if not rules.classic:
        raise RulesError("the classic analysis needs the two-card deal (player_cards = 2); "
                         "use --rules classic-blackjack")


@dataclass(frozen=True)
class UpValues:
    """Everything the engine knows for one up card (values unnormalised under peek).

    st / hi / db: stand, hit, double of every hand of the hand table (db = -inf where a
    two-card hand may not double); feasible: the shoe holds the hand; splits[p]: the split of
    pair p (None if the shoe cannot deal it); hole: the natural's hole-card rank (-1: none).
    """

    up: int
    st: np.ndarray
    hi: np.ndarray
    db: np.ndarray
    feasible: np.ndarray
    splits: dict[int, SplitValue | None]
    hole: int


def _natural_in_hole(rules: Rules, unseen: np.ndarray | None, hole: int) -> float:
    """P(the hole card makes a dealer natural) for these unseen cards."""
    if hole < 0:
        return 0.0
    n = np.zeros(NRANKS, np.int64) if unseen is None else unseen
    return float(natural_probs(n, np.zeros((1, NRANKS), np.int64), hole, 0,
                                rules.infinite)[0, 0])


def _hand_values(base: np.ndarray, order: np.ndarray, trie: DealerTrie, pay_h: np.ndarray,
                 hole: int, peek: int, enhc: bool, can_double: np.ndarray,
                 flat: np.ndarray | None) -> tuple[np.ndarray, ...]:
    """(st, hi, db, feasible) of the hands in ``order`` (a closed set: every hand's children
    are in it), the unseen cards being ``base`` less the hand; unnormalised under peek, and
    under ENHC every stand is less P(dealer natural)."""
    table = hand_table()
    nh = len(table.index)
    infinite = flat is not None
    stand = np.zeros(nh)
    if infinite:
        stand[order] = pay_h[order] @ flat
    else:
        dists = dealer_distributions(trie, base, table.counts[order])
        stand[order] = np.einsum("ho,ho->h", dists, pay_h[order])
    if enhc:
        # no hole card: the dealer's natural beats every standing hand
        stand[order] -= natural_probs(base, table.counts[order], hole, 0, infinite)[:, 0]
    st, hi, db, _, feas = play_hands(base, stand, order=order, infinite=infinite,
                                     can_double=can_double, forced=np.full(nh, -1, np.int8),
                                     hole=peek)
    return st, hi, db, feas


def up_values(rules: Rules, up: int, shoe: np.ndarray | None = None) -> UpValues:
    """Unsplit and split values of every hand against one up card.

    ``shoe``: the ten counts before the deal (default: the rules' full shoe; None with an
    infinite deck).

    >>> r = Rules(decks=1, player_cards=2, dealer_burn=False, hit_soft_17=False)
    >>> v = up_values(r, 5)
    >>> t = hand_table(); h = t.of((9, 9))
    >>> bool(v.st[h] > v.hi[h])   # stand on T-T against a 6
    True
    """
    require_classic(rules)
    table = hand_table()
    infinite = rules.infinite
    if shoe is None and not infinite:
        shoe = full_shoe(rules.decks)
    base = np.zeros(NRANKS, dtype=np.int64) if infinite else np.asarray(shoe, np.int64).copy()
    if not infinite:
        base[up] -= 1
    hole = rules.natural_hole(up)
    trie = dealer_trie(up, rules.hit_soft_17, rules.dealer_burn, hole)
    pay_h = payoff_table(rules)[np.minimum(table.total, 21)]
    flat = None
    if infinite:
        flat = trie_outcomes(trie, None)
    enhc = rules.natural_takes_all and hole >= 0
    peek = hole if rules.dealer_peeks else -1
    st, hi, db, feas = _hand_values(base, table.order, trie, pay_h, hole, peek, enhc,
                                    double_allowed(rules, split_hands=False), flat)
    splits = {p: _split(rules, up, p, base, trie, hole, peek, enhc, st, hi, db, flat)
              for p in range(NRANKS)}
    return UpValues(up, st, hi, db, feas, splits, hole)


def _split(rules: Rules, up: int, pair: int, base: np.ndarray, trie: DealerTrie, hole: int,
           peek: int, enhc: bool, st: np.ndarray, hi: np.ndarray, db: np.ndarray,
           flat: np.ndarray | None) -> SplitValue | None:
    """The exact value of splitting ``pair`` under the rules' post-split strategy."""
    table = hand_table()
    infinite = flat is not None
    one_card = rules.one_card_split(pair)
    order = split_hands(pair, one_card)
    payoff = payoff_table(rules)
    can_double = double_allowed(rules, split_hands=True)
    combos = hidden_combos(rules.max_hands)
    nc = len(combos.j)
    base_p = base.copy()
    if not infinite:
        base_p[pair] -= 1
        if base_p[pair] < 1 or base_p.min() < 0:
            return None
    always = forced = acts = None
    if rules.post_split in ("cdz-", "cdp1"):
        always = always_resplit(rules)
        if rules.post_split == "cdz-":
            acts = best_actions(st, hi, db, table.ncards == 2, can_double)
        else:
            # CDP1: the first split hand's optimum (shoe less the up card and both pair cards)
            st1, hi1, db1, _ = _hand_values(base_p, order, trie,
                                            payoff[np.minimum(table.total, 21)], hole, peek,
                                            enhc, can_double, flat)
            acts = best_actions(st1, hi1, db1, table.ncards == 2, can_double)
        forced = np.repeat(acts[None, None, :], nc, axis=1)
        # a fixed strategy needs the stand EVs of the hands it can reach, no more
        order = reachable(order, acts, pair, one_card)
    stand_p = None
    if infinite:
        if enhc:
            # stand = payoff . d - P(natural) with sum(d) = 1 - P(natural)
            q = INFINITE_PROBS[hole]
            payoff = payoff - q / (1.0 - q)
    else:
        stand_p = stand_evs(rules, up, base_p, order, payoff=payoff, pair=pair,
                            combos=combos, burns=NO_BURN, no_hole=hole)
        if enhc:
            stand_p[:, 0, :] -= natural_probs(base_p, table.counts[order], hole, pair, False,
                                               combos)
    return split_values(rules, pair, [-1], base_p, stand_p, flat, order, payoff, can_double,
                        forced=forced, resplit_table=always, hole=peek)[0]


@dataclass(frozen=True)
class HandEVs:
    """The EV of every play of one two-card hand against one up card.

    Conditioned on no dealer natural when the dealer peeks (as the field's per-hand tables
    are); unconditional otherwise. double: -inf where not allowed; surrender / split: nan where
    not allowed. ``round_ev``: the best play's expected return over every round of this deal
    (dealer naturals included). ``wager``: the expected total wager of the round.
    """

    up: int
    cards: tuple[int, int]
    stand: float
    hit: float
    double: float
    surrender: float
    split: float
    best: float
    action: str
    natural: bool
    p_dealer_natural: float
    round_ev: float
    wager: float
    split_value: SplitValue | None


def deal_hand(rules: Rules, v: UpValues, cards: tuple[int, int],
              shoe: np.ndarray | None) -> HandEVs | None:
    """:class:`HandEVs` of one deal from the up card's values (None if the shoe cannot deal
    it)."""
    table = hand_table()
    a, c = sorted(cards)
    h = table.of((a, c))
    if not v.feasible[h]:
        return None
    unseen = None
    if not rules.infinite:
        unseen = np.asarray(shoe, np.int64).copy()
        for r in (v.up, a, c):
            unseen[r] -= 1
    q = _natural_in_hole(rules, unseen, v.hole)
    played = 1.0 - q if rules.dealer_peeks else 1.0
    if rules.is_natural(a, c):
        u = rules.natural_amount * (1.0 - q)    # a dealer natural pushes it
        ev_cond = u / played
        return HandEVs(v.up, (a, c), ev_cond, np.nan, -np.inf, np.nan, np.nan, ev_cond,
                       "natural", True, q, u, 1.0, None)
    opts: list[tuple[float, str, float | None]] = [(v.st[h], "stand", 1.0),
                                                   (v.hi[h], "hit", 1.0)]
    if np.isfinite(v.db[h]):
        opts.append((v.db[h], "double", 2.0))
    sur = np.nan
    if rules.may_surrender():
        sur = -0.5 * played
        opts.append((sur, "surrender", 1.0))
    sv = v.splits.get(a) if a == c else None
    spl = np.nan
    if sv is not None:
        spl = sv.ev
        if rules.must_split(a, c):
            opts = []
        opts.append((sv.ev, "split", None))
    best, action, wg = max(opts, key=lambda o: o[0])  # first of equal EVs wins
    lost = q if rules.dealer_peeks else 0.0
    if wg is None:
        assert sv is not None  # only the split has no fixed wager
        wager = lost + sv.wager
    else:
        wager = lost + played * wg
    cond = (lambda x: x / played) if played > 0 else (lambda x: np.nan)
    return HandEVs(v.up, (a, c), cond(v.st[h]), cond(v.hi[h]),
                   cond(v.db[h]) if np.isfinite(v.db[h]) else -np.inf, cond(sur), cond(spl),
                   cond(best), action, False, q, best - lost, wager, sv)


def hand_evs(rules: Rules, up: int, cards: tuple[int, int],
             shoe: np.ndarray | None = None) -> HandEVs:
    """The EV of every play of one deal (two player cards and an up card).

    >>> r = Rules(decks=1, player_cards=2, dealer_burn=False, hit_soft_17=False,
    ...           max_hands=2, double_after_split=False, post_split="cdz-")
    >>> print(f"{hand_evs(r, 5, (1, 1)).split:.15f}")   # 2-2 v 6: the field's 0.1189818683947885
    0.118981868394789
    """
    require_classic(rules)
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    out = deal_hand(rules, up_values(rules, up, shoe), cards, shoe)
    if out is None:
        raise RulesError("the shoe cannot deal these cards")
    return out


def analyze_classic(rules: Rules, shoe: np.ndarray | None = None,
                    progress: Callable[[int], None] | None = None) -> ClassicAnalysis:
    """Every two-card deal against every up card, weighted by its exact probability.

    ``shoe``: ten counts before the deal (default: the rules' full shoe): a depleted shoe is
    dealt from as exactly as the full one, optimal play re-optimised for it. A shoe given is
    checked (ten whole counts, none negative, at least
    :data:`MIN_SHOE_CARDS` cards, a finite deck) and recorded in the analysis.
    """
    require_classic(rules)
    given = _checked_shoe(rules, shoe)
    if shoe is None and not rules.infinite:
        shoe = full_shoe(rules.decks)
    elif given is not None:
        shoe = given
    cols: dict[str, list] = {name: [] for name in DEAL_COLUMNS}
    dealer: dict[str, dict[str, float]] = {}
    for up in range(NRANKS):
        if shoe is not None and shoe[up] <= 0:
            # an up card the shoe does not hold deals nothing (and has no dealer row)
            if progress is not None:
                progress(up + 1)
            continue
        v = up_values(rules, up, shoe)
        dealer[RANKS[up]] = dealer_row(rules, up, shoe)
        for a in range(NRANKS):
            for c in range(a, NRANKS):
                prob = _deal_probability(rules, shoe, a, c, up)
                if prob == 0.0:
                    continue
                e = deal_hand(rules, v, (a, c), shoe)
                if e is None:
                    continue
                sv = e.split_value if e.action == "split" else None
                for name, x in zip(DEAL_COLUMNS, (
                        RANKS[up], RANKS[a] + RANKS[c], prob, e.stand, e.hit,
                        e.double if np.isfinite(e.double) else np.nan, e.surrender, e.split,
                        e.action, e.best, e.p_dealer_natural, e.round_ev, e.wager,
                        sv.hands if sv else 0.0, sv.doubles if sv else 0.0)):
                    cols[name].append(x)
        if progress is not None:
            progress(up + 1)
    p = np.array(cols["probability"], dtype=np.float64)

    def column(name: str) -> np.ndarray:
        return np.array(cols[name], dtype=np.float64)

    er = float(p @ column("round_ev"))
    wager = float(p @ column("wager"))
    act = np.array(cols["action"], dtype=object)
    probs = {name: float(p[act == name].sum()) for name in ACTIONS}
    probs["dealer_natural"] = float(p @ column("p_dealer_natural"))
    probs["split_hands_per_round"] = float(p @ column("split_hands"))
    probs["split_hands_doubled_per_round"] = float(p @ column("split_doubles"))
    return ClassicAnalysis(rules, er, wager, probs, dealer, cols, float(p.sum()),
                           strategy_text(rules),
                           shoe=None if given is None else tuple(int(x) for x in given))


#: the fewest cards a shoe given to :func:`analyze_classic` may hold: the smallest shoes the
#: brute-force reference checks the whole classic game on (17 cards,
#: tests/engine/test_classic_bruteforce.py), below which no check vouches for the figures
MIN_SHOE_CARDS = 17


def _checked_shoe(rules: Rules, shoe: np.ndarray | None) -> np.ndarray | None:
    """``shoe`` checked for this engine (:func:`~twentyone_burn.shoe.checked_shoe`)."""
    return checked_shoe(rules, shoe, MIN_SHOE_CARDS)


def _deal_probability(rules: Rules, shoe: np.ndarray | None, a: int, c: int, up: int) -> float:
    """P(player cards a, c and up card ``up``), dealt player, up, player."""
    s = None if rules.infinite else np.asarray(shoe, np.int64)
    p = draw_probability(s, (a, up, c))
    return p if a == c else p + draw_probability(s, (c, up, a))


def dealer_row(rules: Rules, up: int, shoe: np.ndarray | None) -> dict[str, float]:
    """Unconditional dealer outcomes for ``shoe`` (before the up card) less the up card, with
    a dealer natural as its own outcome.

    >>> r = Rules(decks=1, player_cards=2, dealer_burn=False, naturals="peek")
    >>> row = dealer_row(r, 0, full_shoe(1))
    >>> round(row["natural"], 6), round(sum(row.values()), 12)
    (0.313725, 1.0)
    """
    hole = rules.natural_hole(up)
    trie = dealer_trie(up, rules.hit_soft_17, rules.dealer_burn, hole)
    unseen = None
    if not rules.infinite:
        unseen = np.asarray(shoe, np.int64).copy()
        unseen[up] -= 1
    # the batch kernel with one row (bit for bit the same as trie_outcomes, one dispatcher
    # fewer to load from numba's cache)
    d = trie_outcomes(trie, None) if unseen is None else \
        dealer_distributions(trie, unseen, np.zeros((1, NRANKS), np.int64))[0]
    out = {str(17 + i): float(d[i]) for i in range(5)}
    out["bust"] = float(d[5:].sum())
    if rules.naturals != "none":
        out["natural"] = _natural_in_hole(rules, unseen, hole)
    return out
