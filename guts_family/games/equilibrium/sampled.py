"""The sampled equilibrium of the Guts 3-card round (3+ players): best responses on sampled EVs,
and the interval of thresholds the samples cannot separate.

The exact count by cards handles one ranged seat, not several seats out below the threshold,
so the EVs come from seeded random deals (:mod:`guts_family.games.equilibrium.sampled_evs`).
The same best-response iteration as the exact search runs on the sampled EVs' point
estimates, then its answer is checked: a threshold ``t`` is *rejected* when the samples
resolve, at :data:`~guts_family.games.equilibrium.sampled_evs.RESOLVE_Z` = 4 standard errors,
that ``t`` does not pay (EV(t | t) < 0) or that the class below it pays (EV(t - 1 | t) > 0).
The thresholds around the estimate that are not rejected form the reported interval
(``low`` .. ``high``); while a test inside it is unresolved, its class gets twice the deals
(from 65,536 up to ``samples`` a class), and the iteration reruns on the new estimates.
``resolved`` is true when one threshold is left with both tests resolved. Figures are never
called exact: ``method`` is ``"sampled"``, with the seed, the deals and the largest standard
error; the same seed gives the same result for any number of workers (not when
``max_seconds`` cuts the run).

>>> from guts_family.hands import POKER3
>>> e = sampled_equilibrium("guts321", POKER3, 3, 1.0, 3.0, None, "replay", "split", None, 1,
...                         65_536, None, None, 1, None, None)
>>> e.method, e.seed, e.low <= e.threshold <= e.high
('sampled', 1, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from guts_family.defaults import EQ_SAMPLES  # the help shows it
from guts_family.games.equilibrium.result import Equilibrium, class_label
from guts_family.games.equilibrium.sampled_evs import RESOLVE_Z, ThresholdEVs
from guts_family.games.equilibrium.search import ThresholdSearch, fixed_point
from guts_family.hands import HandOrder
from guts_family.sampling import CHUNK_SIZE, new_seed

__all__ = ["FIRST_DEALS", "EQ_SAMPLES", "SCAN_GAP", "sampled_equilibrium"]

#: deals a class gets when first sampled
FIRST_DEALS = 4 * CHUNK_SIZE
#: rejected thresholds in a row that end the scan for the interval
SCAN_GAP = 3


class _SampledSearch(ThresholdSearch):
    """Best responses on sampled EVs (point estimates); a class is sampled when first asked."""

    def __init__(self, game: str, order: HandOrder, players: int, pot: float,
                 cap: float | None, tie: str, player_tie: str, deck: Sequence[int] | None,
                 evs: ThresholdEVs, first: int):
        super().__init__(game, order, players, pot, cap, tie, player_tie, deck)
        self.evs, self.first = evs, first
        self._classes: list[int] | None = None

    def ev(self, hero_class: int, threshold: int) -> float:
        """The sampled EV's point estimate."""
        return self.estimate(hero_class, threshold)[0]

    def estimate(self, hero_class: int, threshold: int) -> tuple[float, float]:
        """(estimate, standard error), sampling the class first if it never was."""
        if hero_class not in self.evs.deals:
            self.evs.sample([hero_class], self.first)
        return self.evs.ev(hero_class, threshold)

    def sign(self, hero_class: int, threshold: int) -> int:
        """+1, -1 or 0 (unresolved at 4 standard errors), sampling the class first."""
        self.estimate(hero_class, threshold)
        return self.evs.sign(hero_class, threshold)

    def classes(self) -> list[int]:
        """The hero's classes (computed once)."""
        if self._classes is None:
            self._classes = super().classes()
        return self._classes


@dataclass(frozen=True)
class _Interval:
    """The thresholds the samples do not reject around the estimate (positions in the search's
    classes, ``len(classes)`` = never), the tests still unresolved and their largest standard
    error (of every test bounding the interval when none is open)."""

    low: int | None
    high: int | None
    open_tests: tuple[tuple[int, int], ...]   # (class, threshold)
    max_se: float
    resolved: bool
    several: bool
    kept: tuple[int, ...] = ()   # every position not rejected

    @property
    def open_classes(self) -> list[int]:
        """The classes of the unresolved tests."""
        return sorted({c for c, _ in self.open_tests})


def _interval(s: _SampledSearch, t: int, cycle: Sequence[int]) -> _Interval:
    """Scan the thresholds around ``t`` (or the cycle) outward until :data:`SCAN_GAP` rejected
    ones in a row on each side: ``t`` is rejected when EV(t | t) < 0 or EV(t - 1 | t) > 0 is
    resolved at 4 standard errors."""
    cls = s.classes()
    top = s.order.n_classes

    def pos(c: int) -> int:
        return cls.index(c) if c < top else len(cls)

    def thr(i: int) -> int:
        return cls[i] if i < len(cls) else top

    def tests(i: int) -> list[tuple[int, int, int]]:  # (class, threshold, the sign it needs)
        out = []
        if i < len(cls):
            out.append((cls[i], thr(i), 1))
        if i > 0:
            out.append((cls[i - 1], thr(i), -1))
        return out

    kept: dict[int, list[tuple[int, int, int]]] = {}

    def look(i: int) -> bool:
        ts = tests(i)
        signs = [s.sign(c, u) for c, u, _ in ts]
        if any(sg == -want for sg, (_, _, want) in zip(signs, ts)):
            return False
        kept[i] = [x for x, sg in zip(ts, signs) if sg == 0]
        return True

    span = [pos(c) for c in (cycle or [t])]
    lo, hi = min(span), max(span)
    for i in range(lo, hi + 1):
        look(i)
    for step, edge in ((1, len(cls)), (-1, 0)):
        i, gap = (hi if step > 0 else lo), 0
        while i != edge and gap < SCAN_GAP:
            i += step
            gap = 0 if look(i) else gap + 1
    if not kept:
        return _Interval(None, None, (), 0.0, False, False)
    low, high = min(kept), max(kept)
    open_tests = [x for i in kept for x in kept[i]]
    # the largest standard error of the tests still open (of every bounding test if none is)
    ses = [s.estimate(c, u)[1] for c, u, _ in open_tests] or \
        [s.estimate(c, u)[1] for i in kept for c, u, _ in tests(i)]
    resolved_each = [i for i in kept if not kept[i]]
    return _Interval(low, high, tuple(sorted({(c, u) for c, u, _ in open_tests})), max(ses),
                     low == high and not open_tests, len(resolved_each) > 1,
                     tuple(sorted(kept)))


def sampled_equilibrium(game: str, order: HandOrder, players: int, ante: float, pot: float,
                         cap: float | None, tie: str, player_tie: str,
                         deck: Sequence[int] | None, seed: int | None, samples: int | None,
                         target_se: float | None, max_seconds: float | None,
                         workers: int | None, progress: Callable[[str], None] | None,
                         parallel_after: float | None) -> Equilibrium:
    """The sampled equilibrium of a question already checked: the iteration on sampled EVs,
    the interval, more deals for its unresolved tests until it is resolved or a limit stops
    it (see the module)."""
    start = time.perf_counter()
    seed = new_seed() if seed is None else int(seed)
    most = EQ_SAMPLES if samples is None else int(samples)
    most = -(-most // CHUNK_SIZE) * CHUNK_SIZE
    evs = ThresholdEVs(order, players, pot, cap, tie, player_tie, deck, seed, workers,
                       parallel_after)
    s = _SampledSearch(game, order, players, pot, cap, tie, player_tie, deck, evs,
                       min(FIRST_DEALS, most))
    t, converged, path, note, cycle = fixed_point(s)
    stopped = ""
    while True:
        iv = _interval(s, t, cycle)
        if progress is not None:
            where = "none" if iv.low is None or iv.high is None else \
                _span(order, s.classes(), iv.low, iv.high)
            progress(f"{players} players: {len(evs.deals)} classes, "
                     f"{evs.total_deals / 1e6:.1f} M deals, {where}")
        if not iv.open_classes:
            stopped = "resolved" if iv.low is not None else "samples"
            break
        todo = [c for c in iv.open_classes if evs.deals[c] < most and
                (target_se is None or max(evs.ev(c, u)[1] for d, u in iv.open_tests
                                          if d == c) > target_se)]
        if not todo:
            stopped = "samples" if any(evs.deals[c] >= most for c in iv.open_classes) \
                else "target-se"
            break
        left = None if max_seconds is None else max_seconds - (time.perf_counter() - start)
        if left is not None and left <= 0:
            stopped = "max-seconds"
            break
        for n in sorted({min(2 * evs.deals[c], most) for c in todo}):
            group = [c for c in todo if min(2 * evs.deals[c], most) == n]
            if evs.sample(group, n, left) == "max-seconds":
                stopped = "max-seconds"
        t, converged, more, note, cycle = fixed_point(s, t)
        path += [x for x in more if not path or x != path[-1]]
        if stopped == "max-seconds":
            iv = _interval(s, t, cycle)
            break
    cls = s.classes()
    ev_at, ev_at_se = s.estimate(t, t) if t < order.n_classes else (float("nan"), None)
    below = [c for c in cls if c < t]
    ev_below, ev_below_se = s.estimate(below[-1], t) if below else (None, None)
    label = class_label(order, t)
    t_point = t
    if cycle:
        t, label = cycle[0], "/".join(class_label(order, c) for c in cycle)
    if iv.low is None or iv.high is None:
        low = high = None
        interval = "none consistent at 4 SE"
    else:
        low, high = _thr(order, cls, iv.low), _thr(order, cls, iv.high)
        interval = _span(order, cls, iv.low, iv.high)
    share = float(order.class_sizes[t:].sum() / order.class_sizes.sum())
    total = evs.total_deals
    candidates = tuple(_thr(order, cls, i) for i in iv.kept)
    if iv.low is not None and iv.high is not None and len(iv.kept) < iv.high - iv.low + 1:
        interval += " (not rejected: " + ", ".join(class_label(order, c) for c in candidates) + ")"
    notes = [note] if note else []
    if not iv.resolved:
        notes.append(f"threshold {interval}: unresolved at {RESOLVE_Z:g} SE after "
                     f"{max(evs.deals.values()):,} deals a class at most (seed {seed}, largest "
                     f"SE {iv.max_se:.2g}, stopped by {stopped})")
    if iv.several:
        notes.append("several thresholds resolved as equilibria at 4 SE")
    if t_point < order.n_classes:  # the bisection's premise, on the classes sampled
        signs = {c: evs.sign(c, t_point) for c in evs.deals}
        pays = [c for c, sg in signs.items() if sg > 0]
        not_pays = [c for c, sg in signs.items() if sg < 0]
        if pays and not_pays and min(pays) < max(not_pays):
            notes.append(f"premise check: {class_label(order, max(not_pays))} does not pay "
                         f"though {class_label(order, min(pays))} below it does, at 4 SE (card "
                         "removal: the best response is not a threshold there; one sign change "
                         "assumed)")
    note = "; ".join(notes)
    return Equilibrium(game, order.name, order.n_cards, players, ante, pot, cap, tie,
                       player_tie, t, label, converged, len(path), tuple(path), ev_at,
                       ev_below, share, note, method="sampled", low=low, high=high,
                       interval=interval, candidates=candidates, resolved=iv.resolved,
                       seed=seed, deals=total,
                       deals_at_threshold=evs.deals.get(t), samples=most, max_se=iv.max_se,
                       ev_at_se=ev_at_se, ev_below_se=ev_below_se, stopped_by=stopped,
                       seconds=time.perf_counter() - start)


def _thr(order: HandOrder, cls: Sequence[int], i: int) -> int:
    return cls[i] if i < len(cls) else order.n_classes


def _span(order: HandOrder, cls: Sequence[int], i: int, j: int) -> str:
    """'AQ4' or 'AQ2..AQ6': the labels of positions i and j of the classes."""
    a, b = class_label(order, _thr(order, cls, i)), class_label(order, _thr(order, cls, j))
    return a if i == j else f"{a}..{b}"
