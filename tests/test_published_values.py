"""The engine's split machinery against a value the field publishes for ordinary blackjack.

Exact blackjack combinatorial analysers agree on this figure: one deck, dealer stands on soft
17, double on any two cards, no double after split, no resplit, strategy CDZ-: splitting 2-2
against a 6 is worth 0.1189818683947885 per initial wager (full shoe less the 2, 2 and 6).
It is the value Eric Farmer's analyser prints, and it is quoted as the reference case in the
classic-mode issue of this project.

CDZ-, as the field computes it, plays every split hand the way the composition-dependent
optimum plays an *unsplit* hand holding the same cards against the same up card (it forgets the
other pair card); the split is then valued exactly on the true shoe. Here the decisions come
from the unsplit hand kernel and are valued by the same split code that values 21 Burn's
forced splits, with the ordinary two-card dealer; the burned-card axis of the stand-EV kernel is
neutralised exactly by adding one phantom card and removing it again.
"""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.dealer import dealer_batch, dealer_trie, pair_bins, payoff_weights, stand_batch
from twentyone_burn.player import MONEY, double_allowed, hand_table, payoff_table, play_hands
from twentyone_burn.rules import Rules
from twentyone_burn.shoe import INFINITE_PROBS, full_shoe
from twentyone_burn.split import hidden_combos, split_hands, split_values

PUBLISHED_2_2_V_6 = 0.1189818683947885


def classic_split_cdz(rules: Rules, up: int, pair: int) -> float:
    table = hand_table()
    nh = len(table.index)
    trie = dealer_trie(up, rules.hit_soft_17, burn=False)
    payoff = payoff_table(rules)
    # CDZ- decisions: the unsplit optimum for the hand's cards (unseen = shoe - up - hand)
    base_model = full_shoe(rules.decks)
    base_model[up] -= 1
    dists = np.zeros((nh, 7))
    dealer_batch(base_model, table.counts, trie.parent, trie.rank, trie.before, trie.depth,
                 trie.weight, dists)
    stand = np.einsum("ho,ho->h", dists, payoff[np.minimum(table.total, 21)])
    st, hi, db, va = (np.zeros(nh) for _ in range(4))
    feas = np.zeros(nh, dtype=np.bool_)
    play_hands(base_model, table.counts, table.total, table.ncards, table.child, table.order,
               stand, 0, 0, 0, False, INFINITE_PROBS, np.zeros(nh, dtype=np.bool_),
               np.full(nh, -1, dtype=np.int8), MONEY, st, hi, db, va, feas)
    actions = np.where(hi > st, 1, 0).astype(np.int8)  # no double after split
    # the split, valued exactly on the true shoe (phantom ace in the burned-card slot)
    order = split_hands(pair, False)
    cj, cu = hidden_combos(rules.max_hands)
    base_p = full_shoe(rules.decks)
    base_p[up] -= 1
    base_p[pair] -= 1
    base_p[0] += 1
    binid, bk, bm = pair_bins(up, rules.hit_soft_17, pair, burn=False)
    out = np.zeros((len(order), 10, len(cj)))
    stand_batch(base_p, table.counts[order], np.minimum(table.total[order], 21), pair, cj, cu,
                trie.parent, trie.rank, trie.before, trie.depth, payoff_weights(trie, payoff),
                trie.is_class, binid, bk, bm, trie.nz_ptr, trie.nz_rank, trie.nz_count, out)
    forced = np.repeat(actions[None, None, :], len(cj), axis=1)
    sv = split_values(rules, pair, [0], base_p, out[:, [0], :], None, order, payoff,
                      double_allowed(rules, split_hands=True), forced=forced)[0]
    return sv.ev


def test_split_2_2_v_6_matches_the_published_cdz_value():
    rules = Rules(decks=1, hit_soft_17=False, max_hands=2, double_after_split=False)
    ev = classic_split_cdz(rules, up=5, pair=1)
    assert ev == pytest.approx(PUBLISHED_2_2_V_6, rel=1e-12, abs=0)
