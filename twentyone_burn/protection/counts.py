"""counts: how well a card count's tags track a game's effects of removal - the betting
correlation of the field's counts, and the best count with whole tags of level 1, 2 and 3.

The betting correlation (BC) of tags t against effects of removal e is their correlation over
the thirteen card faces of a deck, each equally likely (so the ranks A, 2, ..., 9 weigh 1/13
each and the ten-valued rank 4/13):

    BC = sum f_r (t_r - t') (e_r - e') / sqrt(sum f_r (t_r - t')^2 * sum f_r (e_r - e')^2)

with t' = sum f_r t_r and e' = sum f_r e_r. That is Griffin's ("The Theory of Blackjack",
the betting correlation of a point count) and the one every published table uses; the
centring is what lets an unbalanced count (KO, t' = 1/13) be compared with a balanced one
(e' is the sum rule of :mod:`.removal`, about 0). A BC is pure arithmetic on an EoR table:
exact when the table is. It is unchanged by scaling the tags by a positive factor or adding a
constant to all of them.

>>> e = [-.61, .38, .44, .55, .69, .46, .28, .00, -.18, -.51]   # Griffin, one deck
>>> round(betting_correlation(COUNTS["hi-lo"], e), 2)
0.97
>>> best_count(e, 1).tags            # KO's tags: the best level-1 count for this table
(-1, 1, 1, 1, 1, 1, 1, 0, 0, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..card_counts import COUNTS
from ..shoe import NRANKS, RANKS

__all__ = ["COUNTS", "BestCount", "best_count", "betting_correlation", "count_table"]

#: the share of each rank among a deck's faces (tens 4/13)
_F = np.array([1.0] * (NRANKS - 1) + [4.0]) / 13.0


def betting_correlation(tags: Sequence[float], eor: Sequence[float]) -> float:
    """The frequency-weighted, centred correlation of ``tags`` with ``eor`` (see the module's
    notes); nan when the tags are all equal.

    >>> round(betting_correlation([0] * 9 + [-1], [0] * 9 + [-1]), 12)
    1.0
    """
    t = np.asarray(tags, float)
    e = np.asarray(eor, float)
    tc = t - _F @ t
    ec = e - _F @ e
    den = float(np.sqrt((_F @ (tc * tc)) * (_F @ (ec * ec))))
    return float(_F @ (tc * ec)) / den if den > 0 else float("nan")


@dataclass(frozen=True)
class BestCount:
    """The best whole tags of a level (every |tag| <= level) for an EoR table and their BC."""

    level: int
    tags: tuple[int, ...]
    bc: float

    def to_json_dict(self) -> dict[str, object]:
        """The count as plain JSON values (tags by rank)."""
        return {"level": self.level, "tags": {RANKS[r]: self.tags[r] for r in range(NRANKS)},
                "bc": self.bc}


#: ranks enumerated per block in :func:`best_count` (the others vary inside a block)
_SPLIT = 5


def best_count(eor: Sequence[float], level: int) -> BestCount:
    """The whole tags t (|t_r| <= ``level``) with the highest betting correlation against
    ``eor``, by exhaustive search over all (2 level + 1)^10 tag vectors (level 3: 282
    million, a few seconds in blocks of numpy arithmetic).

    Among tags of equal BC (adding a constant to every tag does not change it) the most
    nearly balanced wins: the search maximises BC - 1e-9 |sum f_r t_r|, which can prefer a
    balanced count over one whose BC is higher by less than 1e-8.

    >>> b = best_count([-.61, .38, .44, .55, .69, .46, .28, .00, -.18, -.51], 1)
    >>> b.tags, round(b.bc, 3)
    ((-1, 1, 1, 1, 1, 1, 1, 0, 0, -1), 0.977)
    """
    if level < 1 or level > 4:
        raise ValueError("a count's level is 1 to 4")
    e = np.asarray(eor, float)
    if e.shape != (NRANKS,) or not np.isfinite(e).all():
        raise ValueError("an EoR table is ten finite numbers, A, 2, ..., 9, T")
    ec = e - _F @ e
    values = np.arange(-level, level + 1, dtype=float)
    head = _grid(values, _SPLIT)              # the first ranks' tags, one row a vector
    tail = _grid(values, NRANKS - _SPLIT)     # the rest
    fh, ft = _F[:_SPLIT], _F[_SPLIT:]
    # the three sums BC needs, each split into its head and tail parts (adding them row by
    # row gives every vector's): sum f t e_c, sum f t, sum f t^2
    hn, tn = head @ (fh * ec[:_SPLIT]), tail @ (ft * ec[_SPLIT:])
    h1, t1 = head @ fh, tail @ ft
    h2, t2 = (head * head) @ fh, (tail * tail) @ ft
    norm_e = float(np.sqrt(_F @ (ec * ec)))
    best = (-np.inf, 0, 0)
    block = max(1, 2_000_000 // len(tail))
    for start in range(0, len(head), block):
        sl = slice(start, start + block)
        num = hn[sl, None] + tn[None, :]
        m1 = h1[sl, None] + t1[None, :]
        var = h2[sl, None] + t2[None, :] - m1 * m1
        with np.errstate(divide="ignore", invalid="ignore"):
            bc = np.where(var > 1e-12, num / np.sqrt(np.maximum(var, 1e-300)), -np.inf)
        key = bc / norm_e - 1e-9 * np.abs(m1)
        i = int(np.argmax(key))
        if key.flat[i] > best[0]:
            best = (float(key.flat[i]), start + i // len(tail), i % len(tail))
    tags = tuple(int(x) for x in np.concatenate([head[best[1]], tail[best[2]]]))
    return BestCount(level, tags, betting_correlation(tags, eor))


def _grid(values: np.ndarray, n: int) -> np.ndarray:
    """Every vector of ``n`` entries drawn from ``values``, one a row."""
    return np.stack(np.meshgrid(*[values] * n, indexing="ij"), -1).reshape(-1, n)


def count_table(eor: Sequence[float]) -> dict[str, float]:
    """The BC of each of the field's :data:`COUNTS` against ``eor``.

    >>> t = count_table([-.61, .38, .44, .55, .69, .46, .28, .00, -.18, -.51])
    >>> {k: round(v, 2) for k, v in t.items()}["wong-halves"]
    0.99
    """
    return {name: betting_correlation(tags, eor) for name, tags in COUNTS.items()}
