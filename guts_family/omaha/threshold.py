"""Omaha Burn burn thresholds: which hands should burn at the turn, for a pot, cap and table.

:mod:`~guts_family.omaha.decision` says what burning one given hand is worth against given (or
random) burners. This module turns that into a rule a player can use at the table: **burn when
your equity at the turn is at least e\\***, where a hand's *equity* is its expected share of the
pot against ``players - 1`` random hands (what ``guts-odds omaha HAND --board B --opponents K``
prints), and e\\* depends on the pot, the cap and the number of players.

Two rules, both computed here:

* the **myopic** rule (:func:`break_even_equity`, exact): burning is worth
  ``equity * pot - lose * match`` (``match = min(pot, cap)``); for a hand that takes the whole
  pot or loses, ``lose = 1 - equity`` and burning breaks even at ``match / (pot + match)``.
  It treats the other players as burning with random hands - which they do not: the ones who
  burn are the ones with strong hands.
* the **equilibrium** rule (:func:`burn_threshold`, *sampled*, never exact): the symmetric
  threshold e\\* such that, when every other player burns exactly when their equity is at least
  e\\*, a hand of equity e\\* is indifferent between burning and folding (and stronger hands gain
  by burning). It is found by iterating best responses on a seeded, sampled population of turn
  situations (:func:`turn_population`), with standard errors from batch means.

The model, stated:

* all ``players`` players reach the burn (no one folded earlier; the betting rounds before and
  the river round after are not modelled); high only (not the eight-or-better split);
* at the turn each player knows their four hole cards and the four board cards, not the others'
  cards; the decisions are simultaneous (closed fists), so a player's rule can depend on their
  own cards only - here through their equity against random hands;
* a player who folds gets 0 (the ante is already in the pot); a burner who gets no part of the
  pot pays ``match``; a burner who ties for the best hand splits the pot and pays nothing (as in
  :mod:`~guts_family.omaha.decision`); a lone burner takes the pot uncontested; if no one burns
  the pot carries forward, which is worth 0 to every folder;
* what a loser pays goes into the next pot, which is not credited back.

In the sampled population each player's equity is itself *estimated*, from ``index_deals``
random completions (the other hands and the river) of that player's view of the deal; the rule is
applied to that estimate, so near the threshold a player misjudges their equity by about its
standard error (at most ``0.5 / sqrt(index_deals)``). Averaging over the hands close to a
threshold (a local linear fit within ``window``) brings a bias of the order of the window.

>>> break_even_equity(30, 10)
Fraction(1, 4)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

# the defaults the help shows (DEFAULT_SITUATIONS, DEFAULT_INDEX_DEALS, DEFAULT_WINDOW)
from guts_family.defaults import DEFAULT_INDEX_DEALS, DEFAULT_SITUATIONS, DEFAULT_WINDOW
from guts_family.omaha.decision import match_pot
from guts_family.omaha.evaluator import omaha_high_many
from guts_family.omaha.exact import MAX_PLAYERS
from guts_family.omaha.text import check_burn_players
from guts_family.sampling import chunk_rng, new_seed

__all__ = ["CHUNK", "DEFAULT_SITUATIONS", "DEFAULT_INDEX_DEALS", "DEFAULT_WINDOW", "BATCHES",
           "break_even_equity", "check_threshold_input", "TurnPopulation", "turn_population",
           "field_evs", "local_value", "best_response", "Threshold", "solve_threshold",
           "burn_threshold"]

#: situations per random stream (part of what a seed reproduces)
CHUNK = 64
#: batches of situations the standard errors come from (batch means)
BATCHES = 10


def break_even_equity(pot: float | Fraction, cap: float | Fraction | None = None) -> Fraction:
    """The myopic break-even equity ``match / (pot + match)``, ``match = min(pot, cap)``:
    where ``equity * pot - (1 - equity) * match`` (burning's EV for a hand that takes the whole
    pot or loses, :func:`~guts_family.omaha.decision.burn_decision`) is 0.

    >>> break_even_equity(10, 10), break_even_equity(100, 10), break_even_equity(60)
    (Fraction(1, 2), Fraction(1, 11), Fraction(1, 2))
    """
    p, _, m = match_pot(pot, cap)
    return m / (p + m)


def check_threshold_input(players: int, pot: float | Fraction, cap: float | Fraction | None,
                          ante: float | Fraction = 1) -> tuple[Fraction, Fraction]:
    """(pot, match) after checking a threshold question: 2 to 11 players, a positive pot, a cap
    at least the ante (the ante is in the pot already; a cap below it is a typo); a one-line
    ValueError saying what to change otherwise.

    >>> check_threshold_input(3, 30, 10)
    (Fraction(30, 1), Fraction(10, 1))
    >>> check_threshold_input(1, 30, 10)
    Traceback (most recent call last):
    ...
    ValueError: --players must be 2 to 11 (a burn needs at least two players), got 1
    """
    check_burn_players(players)
    a = Fraction(ante)
    if a <= 0:
        raise ValueError(f"--ante must be more than 0, got {ante}")
    if Fraction(pot) <= 0:
        raise ValueError(f"--pot must be more than 0, got {pot}: give the pot at the burn, "
                         "e.g. --pot 30")
    if cap is not None and Fraction(cap) < a:
        raise ValueError(f"--limit {cap} is below the ante {ante}: give a match limit of at "
                         "least the ante, or none (a loser matches the whole pot)")
    p, _, m = match_pot(pot, cap)
    return p, m


@dataclass(frozen=True)
class TurnPopulation:
    """Sampled turn situations: ``index[m, i]`` is player i's estimated equity in situation m
    (against ``players - 1`` random hands, from player i's view), ``value[m, i]`` their high
    value once the river (drawn with the situation) is out; ``deal[m]`` the cards: the four
    turn cards, the river, then each player's four. The seed and counts reproduce it."""

    players: int
    index: np.ndarray  # (situations, players) float64
    value: np.ndarray  # (situations, players) int16, larger is better
    seed: int
    index_deals: int
    deal: np.ndarray  # (situations, 5 + 4 * players) uint8 card indices

    @property
    def situations(self) -> int:
        """How many turn situations were sampled."""
        return len(self.index)


def _fisher_yates(deck: np.ndarray, k: int, rng: np.random.Generator) -> None:
    """Move a uniform random k-subset (in random order) of each row into its first k columns."""
    rows, n = deck.shape
    r = np.arange(rows)
    u = rng.random((rows, k))
    for i in range(k):
        j = i + (u[:, i] * (n - i)).astype(np.int64)
        a, b = deck[r, i].copy(), deck[r, j]
        deck[r, i] = b
        deck[r, j] = a


def _shares(mine: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Pot share of a hand valued ``mine`` (n,) against ``others`` (n, k): 1 / (1 + ties)
    when no other is higher, else 0."""
    top = others.max(axis=1)
    ties = (others == mine[:, None]).sum(axis=1)
    return np.where(mine > top, 1.0, np.where(mine == top, 1.0 / (1 + ties), 0.0))


def _chunk(players: int, n: int, index_deals: int, rng: np.random.Generator
           ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n situations of one random stream: (index (n, players), value (n, players), deal)."""
    k = players - 1
    order = np.argsort(rng.random((n, 52)), axis=1).astype(np.uint8)
    board = order[:, :5]  # the turn's four cards, then the river
    hands = order[:, 5:5 + 4 * players].reshape(n, players, 4)
    value = omaha_high_many(hands.reshape(-1, 4), np.repeat(board, players, axis=0))
    # each player's view: their hole cards and the turn board known, the other 44 cards unseen
    known = np.concatenate((hands, np.repeat(board[:, None, :4], players, axis=1)), axis=2)
    rows = n * players
    seen = np.zeros((rows, 52), dtype=bool)
    seen[np.repeat(np.arange(rows), 8), known.reshape(-1)] = True
    unseen = np.nonzero(~seen)[1].astype(np.uint8).reshape(rows, 44)
    deck = np.repeat(unseen, index_deals, axis=0)
    _fisher_yates(deck, 4 * k + 1, rng)
    rep = rows * index_deals
    full = np.concatenate((np.repeat(board[:, :4], players * index_deals, axis=0),
                           deck[:, 4 * k:4 * k + 1]), axis=1)
    mine = omaha_high_many(np.repeat(hands.reshape(-1, 4), index_deals, axis=0), full)
    opp = omaha_high_many(deck[:, :4 * k].reshape(-1, 4), np.repeat(full, k, axis=0))
    share = _shares(mine, opp.reshape(rep, k))
    index = share.reshape(n, players, index_deals).mean(axis=2)
    return index, value.reshape(n, players), order[:, :5 + 4 * players]


def turn_population(players: int, situations: int = DEFAULT_SITUATIONS,
                    index_deals: int = DEFAULT_INDEX_DEALS, seed: int | None = None,
                    progress: Callable[[int, int], None] | None = None) -> TurnPopulation:
    """Sample ``situations`` random turn situations at a table of ``players`` (whole deals: the
    board to the turn, the river, every hand) and estimate each player's equity against
    ``players - 1`` random hands from ``index_deals`` completions of that player's view.

    Situations come in chunks of :data:`CHUNK`, chunk c drawn from
    ``chunk_rng(seed, c)``, so the same seed gives the same population however it is split
    (a run of fewer situations is a prefix of a longer one). ``progress(done, total)`` is
    called after each chunk.

    >>> p = turn_population(2, situations=100, index_deals=50, seed=1)
    >>> p.index.shape, p.value.dtype.name, bool(((p.index >= 0) & (p.index <= 1)).all())
    ((100, 2), 'int16', True)
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be 2 to {MAX_PLAYERS}, got {players}")
    if situations < 1 or index_deals < 1:
        raise ValueError("situations and index_deals must be at least 1")
    seed = new_seed() if seed is None else seed
    idx, val, deals = [], [], []
    for c, start in enumerate(range(0, situations, CHUNK)):
        n = min(CHUNK, situations - start)
        i, v, d = _chunk(players, CHUNK, index_deals, chunk_rng(seed, c))
        idx.append(i[:n])
        val.append(v[:n])
        deals.append(d[:n])
        if progress is not None:
            progress(start + n, situations)
    return TurnPopulation(players, np.concatenate(idx), np.concatenate(val), seed, index_deals,
                          np.concatenate(deals))


def field_evs(index: np.ndarray, value: np.ndarray, t: float, pot: float, match: float
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per (situation, player): (EV of burning, pot share, no other burner) when every *other*
    player burns exactly when their index is at least ``t``.

    Player 0 (index 0.9) burns; player 1 (0.2) does not. So 0 would take the pot alone, and
    1, if it burned, would lose to 0's better hand:

    >>> ev, share, alone = field_evs(np.array([[0.9, 0.2]]), np.array([[9, 5]]), 0.5, 10, 4)
    >>> ev.tolist(), share.tolist(), alone.tolist()
    ([[10.0, -4.0]], [[1.0, 0.0]], [[True, False]])
    """
    burns = index >= t
    v = np.where(burns, value.astype(np.int64), -1)
    m, n = index.shape
    ev = np.empty((m, n))
    share = np.empty((m, n))
    alone = np.empty((m, n), dtype=bool)
    mine_all = value.astype(np.int64)
    for i in range(n):
        others = np.delete(v, i, axis=1)
        mine = mine_all[:, i]
        top = others.max(axis=1)
        ties = (others == mine[:, None]).sum(axis=1)
        s = np.where(mine > top, 1.0, np.where(mine == top, 1.0 / (1 + ties), 0.0))
        share[:, i] = s
        alone[:, i] = top < 0
        ev[:, i] = s * pot - (mine < top) * match
    return ev, share, alone


def _intercept(n: float, sd: float, sy: float, sdd: float, sdy: float) -> float:
    """The intercept of the least-squares line y = a + b d from the sums over the points:
    n, sum d, sum y, sum d^2, sum d y (nan when fewer than 3 points or no spread in d)."""
    den = n * sdd - sd * sd
    if n < 3 or den <= 1e-12 * n * n:
        return float("nan")
    return (sy * sdd - sd * sdy) / den


def local_value(x: np.ndarray, y: np.ndarray, at: float, window: float) -> float:
    """The local linear fit of y on x at ``at``, from the points within ``window`` of it (nan
    when fewer than 3 points or no spread).

    >>> x = np.linspace(0, 1, 101); round(local_value(x, 2 * x + 1, 0.5, 0.1), 12)
    2.0
    """
    near = np.abs(x - at) <= window
    d, v = x[near] - at, y[near]
    return _intercept(float(len(d)), float(d.sum()), float(v.sum()), float((d * d).sum()),
                      float((d * v).sum()))


class _LocalFit:
    """:func:`local_value` at many points of the same (x, y), each in O(log n): the points
    are sorted once and the fit's sums come from cumulative sums (the window's sums of
    (x - at)^k expanded in powers of x)."""

    def __init__(self, x: np.ndarray, y: np.ndarray) -> None:
        order = np.argsort(x, kind="stable")
        self.x = x[order]
        xs, ys = self.x, y[order]
        self.cum = np.zeros((4, len(xs) + 1))
        for k, col in enumerate((xs, ys, xs * xs, xs * ys)):
            np.cumsum(col, out=self.cum[k, 1:])

    def __call__(self, at: float, window: float) -> float:
        # local_value's |x - at| <= window, up to rounding at the window's edges
        lo = int(np.searchsorted(self.x, at - window, side="left"))
        hi = int(np.searchsorted(self.x, at + window, side="right"))
        sx, sy, sxx, sxy = self.cum[:, hi] - self.cum[:, lo]
        n = hi - lo
        return _intercept(n, sx - n * at, sy, sxx - 2 * at * sx + n * at * at, sxy - at * sy)


def best_response(index: np.ndarray, value: np.ndarray, t: float, pot: float, match: float,
                  window: float = DEFAULT_WINDOW) -> float:
    """The best-response threshold to a field burning at index >= t: the index at which the
    local EV of burning crosses 0 (bisection on [0, 1]; 0 when even the weakest hands gain by
    burning, 1 when no hand does).

    Heads-up, hands that are their own final rank, pot 10, match 10: against a field burning at
    0.3 a hand s is worth 3 + 10 (s - 0.3) - 10 (1 - s) = 20 s - 10, so BR(0.3) = 0.5:

    >>> rng = np.random.default_rng(0); q = rng.random((4000, 2))
    >>> round(best_response(q, (q * 1000).astype(np.int16), 0.3, 10, 10), 1)
    0.5
    """
    ev = field_evs(index, value, t, pot, match)[0].ravel()
    x = index.ravel()
    fit = _LocalFit(x, ev)

    def h(s: float) -> float:
        return fit(s, window)

    lo, hi = float(x.min()) + window / 2, float(x.max()) - window / 2
    hlo, hhi = h(lo), h(hi)
    if hlo >= 0:
        return 0.0
    if hhi <= 0:
        return 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if h(mid) < 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-6:
            break
    return (lo + hi) / 2


def _solve(index: np.ndarray, value: np.ndarray, pot: float, match: float, window: float,
           start: float) -> tuple[float, int, float]:
    """The fixed point t = BR(t) of the best response: (threshold, best responses computed,
    residual BR(t) - t at the end).

    Best responses are iterated from ``start`` first; burning is a game of strategic
    substitutes (the more the others burn, the stronger the hand one needs), so BR falls as t
    rises and the plain iteration can oscillate. Then ``BR(t) - t``, which falls from >= 0 at
    t = 0 to <= 0 at t = 1, is bisected: the fixed point is unique.
    """
    lo, hi = 0.0, 1.0
    t, count = start, 0
    for _ in range(4):  # plain iteration: narrows the bracket when it settles fast
        b = best_response(index, value, t, pot, match, window)
        count += 1
        if b > t:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if abs(b - t) < 1e-6:
            return t, count, b - t
        t = b
    while hi - lo > 1e-6:
        mid = (lo + hi) / 2
        b = best_response(index, value, mid, pot, match, window)
        count += 1
        if b > mid:
            lo = mid
        else:
            hi = mid
    t = (lo + hi) / 2
    return t, count, best_response(index, value, t, pot, match, window) - t


@dataclass(frozen=True)
class Threshold:
    """The symmetric equilibrium burn threshold of one (players, pot, cap) question, sampled.

    equity: e*, the threshold on a hand's equity against ``players - 1`` random hands;
    burn_rate: the chance a hand burns (equity >= e*); share_vs_field: the marginal hand's
    expected pot share against the burning field; alone: its chance no one else burns;
    myopic: the break-even equity against burners with random hands (exact); residual:
    BR(e*) - e* where the search stopped (0 up to the index's discreteness); iterations: best
    responses computed. Each sampled figure has its standard error (``*_se``, batch means
    over :data:`BATCHES` batches).
    """

    players: int
    pot: Fraction
    cap: Fraction | None
    match: Fraction
    equity: float
    equity_se: float
    burn_rate: float
    burn_rate_se: float
    share_vs_field: float
    share_vs_field_se: float
    alone: float
    alone_se: float
    myopic: Fraction
    residual: float
    iterations: int
    seed: int
    situations: int
    index_deals: int
    window: float
    batch_equity: tuple[float, ...] = field(default=(), repr=False)

    def as_dict(self) -> dict[str, object]:
        """Plain numbers for JSON; ``exact`` is False, ``method`` "sampled".

        >>> p = turn_population(2, situations=256, index_deals=40, seed=3)
        >>> d = solve_threshold(p, 10, 10, window=0.1).as_dict()
        >>> d["exact"], d["method"], d["seed"], d["myopic_equity"]
        (False, 'sampled', 3, 0.5)
        """
        return {"players": self.players, "pot": float(self.pot),
                "cap": None if self.cap is None else float(self.cap),
                "match": float(self.match), "exact": False, "method": "sampled",
                "equity": self.equity, "equity_se": self.equity_se,
                "burn_rate": self.burn_rate, "burn_rate_se": self.burn_rate_se,
                "share_vs_field": self.share_vs_field,
                "share_vs_field_se": self.share_vs_field_se,
                "alone": self.alone, "alone_se": self.alone_se,
                "myopic_equity": float(self.myopic), "myopic_equity_exact": str(self.myopic),
                "residual": self.residual, "best_responses": self.iterations,
                "seed": self.seed, "situations": self.situations,
                "index_deals": self.index_deals, "window": self.window}


def _figures(index: np.ndarray, value: np.ndarray, pot: float, match: float, window: float,
             start: float) -> tuple[float, float, float, float, int, float]:
    t, it, res = _solve(index, value, pot, match, window, start)
    _, share, alone = field_evs(index, value, t, pot, match)
    x = index.ravel()
    return (t, float((index >= t).mean()), local_value(x, share.ravel(), t, window),
            local_value(x, alone.ravel().astype(float), t, window), it, res)


def solve_threshold(population: TurnPopulation, pot: float | Fraction,
                    cap: float | Fraction | None = None,
                    window: float = DEFAULT_WINDOW) -> Threshold:
    """The symmetric equilibrium threshold on the sampled population, with batch-means
    standard errors (the population is cut into :data:`BATCHES` batches of situations, each
    solved alone; the SE is their standard deviation / sqrt(batches)).

    >>> p = turn_population(2, situations=256, index_deals=40, seed=3)
    >>> r = solve_threshold(p, 30, 10, window=0.1)
    >>> r.myopic, abs(r.residual) < 0.05, 0 < r.equity < 1, r.equity_se > 0
    (Fraction(1, 4), True, True, True)
    """
    p, c, m = match_pot(pot, cap)
    pf, mf = float(p), float(m)
    myopic = m / (p + m)
    full = _figures(population.index, population.value, pf, mf, window, float(myopic))
    batches = [_figures(ib, vb, pf, mf, window, full[0]) for ib, vb in
               zip(np.array_split(population.index, BATCHES),
                   np.array_split(population.value, BATCHES), strict=True)]

    def se(k: int) -> float:
        vals = np.array([b[k] for b in batches], dtype=float)
        vals = vals[np.isfinite(vals)]
        return float(vals.std(ddof=1) / np.sqrt(len(vals))) if len(vals) > 1 else float("nan")

    return Threshold(population.players, p, c, m, full[0], se(0), full[1], se(1), full[2],
                     se(2), full[3], se(3), myopic, full[5], full[4], population.seed,
                     population.situations, population.index_deals, window,
                     tuple(b[0] for b in batches))


def burn_threshold(players: int, pot: float | Fraction, cap: float | Fraction | None = None,
                   *, ante: float | Fraction = 1, situations: int = DEFAULT_SITUATIONS,
                   index_deals: int = DEFAULT_INDEX_DEALS, seed: int | None = None,
                   window: float = DEFAULT_WINDOW,
                   progress: Callable[[int, int], None] | None = None) -> Threshold:
    """The sampled symmetric equilibrium burn threshold for one table: checks the input
    (:func:`check_threshold_input`), samples the population, solves it.

    >>> r = burn_threshold(3, 30, 10, situations=128, index_deals=30, seed=2, window=0.1)
    >>> r.players, r.seed, r.situations, float(r.myopic)  # doctest: +SKIP
    (3, 2, 128, 0.25)
    """
    check_threshold_input(players, pot, cap, ante)
    pop = turn_population(players, situations, index_deals, seed, progress)
    return solve_threshold(pop, pot, cap, window)
