"""count_field (guts_family/odds/_kernels.py) gives each table size its own path, so a first run
compiles only what it calls: no kernel against the pot alone (numpy sums), a kernel without the
pair counts for one formula seat. Each is checked here against the one kernel that takes every
table size, ``_field_kernel``, on the whole deck (the naive twin checks them all on small decks:
test_field.py)."""

from __future__ import annotations

import numpy as np
import pytest

import guts_family.odds.field as field
from guts_family.cards import parse_cards
from guts_family.hands import POKER3, TWO, VALUE3
from guts_family.odds import Seat, _kernels, field_odds

POT = Seat("pot", is_pot=True)


def _through_the_one_kernel(table, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same,
                            unseen, fast, sums):
    out = np.zeros(8, np.int64)
    _kernels._field_kernel(table, t, e_cards, e_cls, e_weight, nf, tab0, tab1, tab2, ms, same,
                           unseen, out, fast, *sums)
    return out


@pytest.mark.parametrize("order, hero, seats, dead", [
    (VALUE3, "As Kd Qh", [POT], ""),
    (POKER3, "7c 7d 2h", [POT], "Ks"),
    (TWO, "Kh Kd", [Seat("dealer", is_pot=True, min_class=40)], ""),
    (VALUE3, "As Kd Qh", [POT, Seat("p2")], ""),
    (POKER3, "Jc Tc 9c", [POT, Seat("p2", known=tuple(parse_cards("Ah")))], "2d"),
], ids=["value3 pot", "poker3 pot, a dead card", "two-card, a calling range", "value3 pot + 1",
        "poker3 pot + a shown card"])
def test_each_table_size_s_path_gives_the_one_kernel_s_counts(order, hero, seats, dead,
                                                               monkeypatch):
    args = (order, parse_cards(hero), seats, parse_cards(dead) if dead else ())
    got = field_odds(*args)
    monkeypatch.setattr(field, "count_field", _through_the_one_kernel)
    want = field_odds(*args)
    assert (got.ties, got.lose_count, got.total) == (want.ties, want.lose_count, want.total)
    assert sum(got.ties.values()) > 0 and got.lose_count > 0
