"""Timings of the guts_family exact odds against the issue's targets, with in-process ratios.

Targets (issue 6): the full table of one game (every hand class against the pot, exact) in
under 2 s; a single hand against the pot and two opponents, exact, in under 1 s. Issue 16:
exact Phoenix Burn odds against the pot and 7 other players in under 1 s warm (the multiway
count by ranks, ``guts_family.odds.multiway``).

The baseline is the plain-Python twin (``field_odds_naive`` of ``tests/reference/guts.py``)
enumerating one hand against the pot (18,424 deals), run in this same process: ratios against it
compare machines fairly, and the naive time of the big cases is extrapolated from its per-deal cost.

Section 8 times the whole game (issue 28): complete games a second, against the plain twin of
its kernel (``play_game_naive``) in the same process.

Run from the repository root: ``nice python -m benchmarks.guts`` (add ``--quick`` to skip the
cold-start numbers; ``--whole-game`` runs section 8 alone).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

from guts_family import __version__
from guts_family.cards import parse_cards
from guts_family.games import get_game
from guts_family.games.phoenix_burn import last_card_up
from guts_family.hands import POKER3, VALUE3
from guts_family.odds import Seat, field_odds
from guts_family.odds.multiway import multiway_odds
from tests.reference.guts import field_odds_naive


def timed(fn: Callable[[], object], repeat: int = 3) -> tuple[float, float, object]:
    """(first call seconds, best of the following calls, result)."""
    t0 = time.perf_counter()
    result = fn()
    first = time.perf_counter() - t0
    best = first
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return first, best, result


def main() -> None:
    quick = "--quick" in sys.argv
    if "--whole-game" in sys.argv:
        whole_game(quick)
        return
    print(f"guts_family {__version__} benchmarks (first call includes building lookup tables "
          f"and loading numba kernels)\n")

    hero = parse_cards("As Kd Qh")
    pot = [Seat("pot", is_pot=True)]
    _, base, naive = timed(lambda: field_odds_naive(VALUE3, hero, pot), repeat=1)
    per_deal = base / naive.total
    print(f"baseline: plain-Python twin, As Kd Qh vs the pot, {naive.total:,} deals: "
          f"{base:.3f} s ({per_deal * 1e6:.2f} us per deal)\n")

    print("1. full table of one game (every hand class vs the pot / dummy, exact); target < 2 s")
    print(f"   {'game':10} {'cards':>5} {'classes':>7} {'first s':>8} {'warm s':>7} "
          f"{'x base':>7} {'naive est. s':>12} {'target':>7}")
    for name, cards in (("phoenix", 3), ("guts321", 3), ("guts321", 2), ("guts321", 1),
                        ("challenge", 3)):
        g = get_game(name)
        first, warm, t = timed(partial(g.table, cards, pot=1.0), repeat=1 if quick else 2)
        deals = int(t.frame["total"].sum())
        print(f"   {name:10} {cards:>5} {len(t.frame):>7} {first:8.3f} {warm:7.3f} "
              f"{warm / base:7.2f} {deals * per_deal:12.0f} {'ok' if first < 2 else 'MISSED':>7}")

    print("\n2. one hand vs the pot and two opponents (exact); target < 1 s")
    cases = [
        ("phoenix  As Kd Qh vs pot + 2 players", VALUE3, hero,
         [Seat("pot", is_pot=True), Seat("player 2"), Seat("player 3")]),
        ("phoenix  Qs Qd 5c vs pot + burned (Ah up) + 1", VALUE3, parse_cards("Qs Qd 5c"),
         [Seat("pot", is_pot=True), Seat("burned", known=(parse_cards("Ah")[0],)), Seat("p3")]),
        ("poker3   As Ks Qs vs dummy + 2 players (worst case)", POKER3, parse_cards("As Ks Qs"),
         [Seat("dummy", is_pot=True), Seat("player 2"), Seat("player 3")]),
        ("guts321  As Ks Qs vs 2 players (the rule: no dummy)", POKER3, parse_cards("As Ks Qs"),
         [Seat("player 2"), Seat("player 3")]),
    ]
    for label, order, h, seats in cases:
        first, warm, o = timed(partial(field_odds, order, h, seats), repeat=1 if quick else 3)
        print(f"   {label:52} first {first:6.3f} s  warm {warm:6.3f} s  x base {warm / base:6.2f}"
              f"  deals {o.total:.3e} (naive est. {o.total * per_deal / 86400 / 365:,.0f} years)"
              f"  {'ok' if first < 1 else 'MISSED'}")

    print("\n3. Phoenix Burn, last card up, burned player's a-priori odds (rank-level kernel)")
    for players in (3, 6, 10):
        first, warm, o = timed(partial(last_card_up, players), repeat=1)
        print(f"   {players:2} players: first {first:6.3f} s  warm {warm:6.3f} s   "
              f"win {o.win:.4f}  tie {o.tie:.4f}  lose {o.lose:.4f}")

    print("\n4. many players, exact, counted by ranks (multiway); target < 1 s warm for Phoenix "
          "vs pot + 7")
    ups = [[c] for c in parse_cards("Jc 9d 7h 5s 3c 2d 8c")]
    phx, guts, chal = get_game("phoenix"), get_game("guts321"), get_game("challenge")
    kk9 = parse_cards("Ks Kd 9c")
    multi = [
        ("phoenix  As Kd Qh vs pot + 7 showing up cards", True,
         partial(phx.odds, hero, (), 7, ups)),
        ("phoenix  7s 7d 4h vs pot + 7 showing up cards", True,
         partial(phx.odds, parse_cards("7s 7d 4h"), (), 7,
                 [[c] for c in parse_cards("Tc 9d 6h 5s 3c 2d Ac")])),
        ("phoenix  As Kd Qh vs pot + 7 unseen (no card shown)", True,
         partial(phx.odds, hero, (), 7)),
        ("phoenix  Js 8d 5h vs pot + 15 unseen (a full deck)", False,
         partial(phx.odds, parse_cards("Js 8d 5h"), (), 15)),
        ("challenge Ks Kd 9c vs dealer + 7 challengers", False,
         partial(chal.odds, kk9, (), 8)),
        ("guts321  Jh 8d vs 9 players (2-card round)", False,
         partial(guts.odds, parse_cards("Jh 8d"), (), 9)),
        ("guts321  Kh Kd vs 25 players (2-card round)", False,
         partial(guts.odds, parse_cards("Kh Kd"), (), 25)),
        ("guts321  9h vs 51 players (1-card round)", False,
         partial(guts.odds, parse_cards("9h"), (), 51)),
    ]
    for label, target, fn in multi:
        first, warm, o = timed(fn, repeat=1 if quick else 3)
        verdict = ("ok" if warm < 1 else "MISSED") if target else ""
        print(f"   {label:52} first {first:6.3f} s  warm {warm:6.3f} s  x base {warm / base:7.2f}"
              f"  deals {o.total:.3e}  win {o.win:.6f}  {verdict}")
    print("   where both routes run (pot + 2 players), the rank count against the card count:")
    for label, order, h in (("phoenix  As Kd Qh", VALUE3, hero),
                            ("phoenix  Qs Qd 5c", VALUE3, parse_cards("Qs Qd 5c"))):
        seats = [Seat("pot", is_pot=True), Seat("player 2"), Seat("player 3")]
        _, w_card, a = timed(partial(field_odds, order, h, seats), repeat=1 if quick else 3)
        _, w_rank, b = timed(partial(multiway_odds, order, h, seats), repeat=1 if quick else 3)
        assert (a.ties, a.lose_count, a.total) == (b.ties, b.lose_count, b.total)
        print(f"   {label:52} cards {w_card:6.3f} s  ranks {w_rank:6.3f} s  (same counts)")

    print("\n5. tables beyond two opponents: exact by ranks (Phoenix, one call per class) and "
          "sampled (Guts 3-card, poker order, seed 1, 8,192 deals a suit pattern)")
    for label, fn in (
            ("phoenix  table vs pot + 3 players (exact)", partial(phx.table, 3, 3, pot=1.0)),
            ("phoenix  table vs pot + 7 players (exact)", partial(phx.table, 3, 7, pot=1.0)),
            ("guts321  3-card table vs 5 players (sampled)",
             partial(guts.sampled_table, 3, 5, pot=1.0, seed=1))):
        first, warm, t = timed(fn, repeat=0 if quick else 1)
        se = f"  largest p_win s.e. {t.frame['p_win_se'].max():.4f}" if not t.meta["exact"] else ""
        print(f"   {label:52} first {first:6.2f} s  warm {warm:6.2f} s  threshold "
              f"{t.meta['weakest_hand_worth_going_in']}{se}")

    print("\n6. equilibrium, Guts 3-card round (poker order; two players exact by cards, 3 and 8 "
          "sampled)")
    from guts_family.games.equilibrium import equilibrium

    first, warm, e = timed(partial(equilibrium, "guts321", 2, cards=3), repeat=0 if quick else 1)
    print(f"   guts321 3-card, 2 players: {e.label} (converged {e.converged}, path {e.path}) "
          f"first {first:6.2f} s  warm {warm:6.2f} s")
    from guts_family.games.equilibrium import EQ_SAMPLES

    print(f"   sampled (seed 1, one worker, at most {EQ_SAMPLES:,} deals a class, signs at 4 SE;"
          " 'x base' is the time over the baseline's):")
    for n in (3, 8):
        first, _, e = timed(partial(equilibrium, "guts321", n, cards=3, seed=1, workers=1),
                            repeat=0)
        print(f"   guts321 3-card, {n} players: {e.label} in {e.interval} "
              f"({'resolved' if e.resolved else 'unresolved'}, largest SE {e.max_se:.2g}) "
              f"{e.deals:,} deals  {first:6.2f} s  x base {first / base:7.1f}  "
              f"({e.deals / first / 1e6:.1f} M deals/s)")

    print("\n7. equilibrium, Phoenix Burn with the burned player's swap (fee 1, public, exact)")
    from guts_family.games.equilibrium import swap_equilibrium

    for n in (2, 8) if quick else (2, 5, 8):
        first, _, se = timed(partial(swap_equilibrium, n, 1.0), repeat=0)
        print(f"   phoenix, {n} players: swaps with {se.swap_label} or worse, others in with "
              f"{se.keep_label} after a keep / {se.swap_state_label} after a swap "
              f"(converged {se.converged})  {first:6.2f} s")

    whole_game(quick)


def whole_game(quick: bool) -> None:
    """Section 8: complete games a second (issue 28), the kernel against its plain twin in this
    process; the thresholds are fixed so that only the play is timed, and the thresholds of a
    capped table (the equilibrium of every pot met) are timed apart."""
    from guts_family.games.whole_game import (
        PotThresholds,
        game_seeds,
        game_setting,
        play_games,
        simulate_games,
    )
    from tests.reference.guts import play_game_naive

    print("\n8. the whole game, simulated: complete games a second (thresholds fixed; 'x base' "
          "is the twin's time per game over the kernel's)")
    for game, fixed in (("phoenix", "AK2"), ("guts321", "3=K98,2=A2,1=Q"),
                        ("challenge", "KQ2")):
        for n in (3, 8):
            s = game_setting(game, n, cap=10, thresholds=fixed)
            rules = PotThresholds(s)
            play_games(s, rules, game_seeds(1, 0, 64))  # the kernel loaded
            games = 20_000 if quick else 100_000
            t0 = time.perf_counter()
            r = simulate_games(s, games, seed=1, thresholds=rules)
            kernel = (time.perf_counter() - t0) / games

            def rule(cards: int, pot: float, rules: PotThresholds = rules
                     ) -> tuple[int, float, int]:
                d = rules.rule(cards, pot)
                return d.threshold, d.mix, d.challenge

            twin_games = 200
            t0 = time.perf_counter()
            for state in game_seeds(1, 0, twin_games).tolist():
                play_game_naive(game, n, s.ante, s.cap, rule, state, rounds=s.cycle)
            twin = (time.perf_counter() - t0) / twin_games
            print(f"   {game:9} {n} players: {1 / kernel:10,.0f} games/s ({r.deals.mean.value:.2f}"
                  f" deals a game)   twin {1 / twin:7,.0f} games/s   x base {twin / kernel:6.0f}")
    if not quick:
        s = game_setting("phoenix", 6, cap=10)
        t0 = time.perf_counter()
        r = simulate_games(s, 20_000, seed=1)
        print(f"   phoenix 6 players, cap 10, the equilibrium of every pot: {len(r.rules)} pots "
              f"in {r.threshold_seconds:.1f} s, 20,000 games in "
              f"{time.perf_counter() - t0 - r.threshold_seconds:.2f} s more")


if __name__ == "__main__":
    main()
