"""strategy: the checks a strategy's decision tables must pass, and their fingerprint.

The simulator plays any :class:`~twentyone_burn.tables.DecisionTables`; these functions refuse
tables the kernel cannot play and name a strategy by the hash of its decisions (checkpoints
and records carry it).
"""

from __future__ import annotations

import hashlib

import numpy as np

from ..shoe import NRANKS, RANKS
from ..tables import DOUBLE, STAND, DecisionTables, hand_table
from .errors import SimulationError

__all__ = ["check_tables", "tables_hash"]


def tables_hash(tables: DecisionTables) -> str:
    """SHA-256 of every decision in the tables (identifies a strategy in checkpoints).

    >>> from twentyone_burn.rules import Rules
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


def check_tables(tables: DecisionTables) -> None:
    """Reject tables the kernel cannot play: wrong shapes, a burn of a card not held, a double
    the rules do not allow (more than two cards, a total the rules exclude, DAS off).

    >>> from twentyone_burn.rules import Rules
    >>> check_tables(DecisionTables.always_stand(Rules()))
    >>> t = DecisionTables.always_stand(Rules(double_on="10-11"))
    >>> t.play[5, 0, t.two_card[1, 2]] = 2      # double 2-3 against a 6
    >>> check_tables(t)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    twentyone_burn.sim.errors.SimulationError: the strategy doubles a hand ... hand 2,3])
    """
    rules = tables.rules
    ref = DecisionTables.empty(rules, "shapes")
    for name in ("burn", "play", "split_kept", "split_play", "resplit"):
        got, want = getattr(tables, name).shape, getattr(ref, name).shape
        if got != want:
            raise SimulationError(f"strategy table {name} has shape {got}, expected {want}")
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
                if rules.one_card_split(p):
                    bad[:, :, p] = False
        if bad.any():
            idx = np.unravel_index(int(np.argmax(bad)), bad.shape)
            cards = ",".join(RANKS[r] for r in range(NRANKS) for _ in range(ht.counts[idx[-1], r]))
            where = f"{name}[up={RANKS[idx[0]]}, burned={RANKS[idx[1]]}, hand {cards}]"
            raise SimulationError(f"the strategy doubles a hand the rules do not let double "
                                  f"({where})")

