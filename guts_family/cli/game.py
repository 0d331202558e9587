"""The ``game`` command: complete match-the-pot games simulated, per table size - how many deals a
game lasts, how big the pot gets, how often nobody stays in, what each seat wins or loses.

:func:`register` adds it to the ``guts-odds`` app (built in :mod:`guts_family.cli.app`).
Every option is checked, for every table size, before any work; the options that need no game
before the games (and numba) are imported, the simulation, pandas and matplotlib only then.
"""

from __future__ import annotations

import os
from pathlib import Path

import typer

from guts_family._version import __version__
from guts_family.cards import quoted
from guts_family.cli.common import TOOL, emit
from guts_family.cli.equilibrium import parse_players
from guts_family.cli.options import PTIE_HELP, TIE_HELP, check_out_folder, parse_amount
from guts_family.defaults import GAME_NAMES, check_tie_rules
from toolkit_cli.checks import check_scheduler, parse_count
from toolkit_cli.progress import status

__all__ = ["register", "DEFAULT_GAMES", "summary_text"]

#: games a table size when --games is not given
DEFAULT_GAMES = 100_000
_FIGURES = ("svg", "png")


def _rounds(text: str | None) -> tuple[int, ...] | None:
    """``--rounds 3,2,1`` as round sizes."""
    if text is None:
        return None
    try:
        sizes = tuple(int(p) for p in text.replace(" ", "").split(",") if p)
    except ValueError:
        raise ValueError(f"--rounds takes round sizes in the order dealt, e.g. 3,2,1 or 1; "
                         f"got {quoted(text)}") from None
    if not sizes:
        raise ValueError("--rounds is empty: give the round sizes dealt in turn, e.g. 3,2,1")
    return sizes


def register(app: typer.Typer) -> None:
    """Add the ``game`` command to a typer app.

    >>> app = typer.Typer(); register(app); [c.name for c in app.registered_commands]
    ['game']
    """

    @app.command("game")
    def game_cmd(
        ctx: typer.Context,
        game: str = typer.Argument(..., metavar="GAME", help=f"Game: {', '.join(GAME_NAMES)}."),
        players: str = typer.Option("4", "--players",
                                    help="Table sizes (players dealt in): 6, 3-8 or 3,6,8."),
        ante: str = typer.Option("1", "--ante", help="Each player's ante."),
        cap: str | None = typer.Option(None, "--cap",
                                       help="Match cap: the most a loser pays (default: the "
                                            "whole pot)."),
        games: str = typer.Option(f"{DEFAULT_GAMES:_}", "--games",
                                  help="Complete games a table size (e.g. 100000 or 1e6)."),
        max_deals: str = typer.Option("1000", "--max-deals",
                                      help="Deals after which a game is cut (and counted as "
                                           "cut)."),
        thresholds: str | None = typer.Option(
            None, "--thresholds",
            help="Play these thresholds at every pot instead of the equilibrium: a hand "
                 "(AQ8), or one per round size (3=AQ4,2=K5,1=J); 'none' = never in."),
        cycle_rule: str = typer.Option("mixed", "--cycle-rule",
                                       help="A pot whose equilibrium is a best-response "
                                            "cycle: play its mixed equilibrium (mixed, the "
                                            "default), its weakest (low) or strongest (high) "
                                            "threshold."),
        tie: str | None = typer.Option(None, "--tie", help=TIE_HELP),
        player_tie: str | None = typer.Option(None, "--player-tie", help=PTIE_HELP),
        reante: str | None = typer.Option(None, "--reante",
                                          help="Who antes again: every (each deal), unwon "
                                               "(after a pot not taken), never (default: "
                                               "the game's, see docs/guts.md)."),
        chicken_fee: str = typer.Option("0", "--chicken-fee",
                                        help="What every player adds after a deal nobody "
                                             "played (Guts' house rule)."),
        rounds: str | None = typer.Option(None, "--rounds",
                                          help="Guts: the round sizes dealt in turn "
                                               "(default 3,2,1; 1 = one-card rounds only)."),
        burn_tie: str | None = typer.Option(None, "--burn-tie",
                                            help="Phoenix: two face-up cards tie for highest: "
                                                 "suit (default) or redeal."),
        swap_fee: str | None = typer.Option(None, "--swap-fee",
                                            help="Phoenix: the burned player may swap with "
                                                 "the pot for this fee (with --swap-below)."),
        swap_below: str | None = typer.Option(None, "--swap-below",
                                              help="Phoenix: the burned player swaps every "
                                                   "hand below this one (e.g. Q94)."),
        dealer_min: str | None = typer.Option(None, "--dealer-min",
                                              help="Challenge: the weakest hand the dealer "
                                                   "calls guts with when nobody else did "
                                                   "(default any hand)."),
        eq_seed: int = typer.Option(16, "--eq-seed",
                                    help="Guts 3-card round beyond 2 players: the seed of "
                                         "its sampled equilibrium EVs."),
        eq_deals: str = typer.Option("65_536", "--eq-deals",
                                     help="Guts 3-card round beyond 2 players: the random deals "
                                          "each hand class gets in its sampled equilibrium EVs."),
        seed: int | None = typer.Option(None, "--seed",
                                        help="The seed (default: a fresh one, printed); the "
                                             "same seed gives the same figures for any "
                                             "--workers or --scheduler."),
        workers: int | None = typer.Option(1, "--workers",
                                           help="Local worker processes (0: every CPU)."),
        scheduler: str | None = typer.Option(None, "--scheduler", metavar="HOST:PORT",
                                             help="Dask scheduler address: run the games' "
                                                  "chunks on its workers."),
        out: str | None = typer.Option(None, "--out",
                                       help="Also write the summary (CSV) and the figure "
                                            "into this folder."),
        figure: str = typer.Option("svg", "--figure", help="The figure's format: svg or png."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Complete games, simulated (Monte Carlo, with standard errors): deals per game, the
        final pot, how often nobody stays in, each seat's net result."""
        if game not in GAME_NAMES:
            raise ValueError(f"unknown game {quoted(game)}: choose one of "
                             f"{', '.join(GAME_NAMES)}")
        sizes = parse_players(players)
        n_games = parse_count(games, "--games", high=10 ** 10)
        deals_cap = parse_count(max_deals, "--max-deals", high=10 ** 6)
        eq_n = parse_count(eq_deals, "--eq-deals", high=2 ** 30)
        if figure not in _FIGURES:
            raise ValueError(f"unknown --figure {quoted(figure)}: choose svg or png")
        if workers is not None and not 0 <= workers <= 256:
            raise ValueError(f"--workers must be 0 (every CPU) to 256, got {workers}")
        if seed is not None and not 0 <= seed < 2 ** 63:
            raise ValueError(f"--seed must be a whole number from 0 to 2^63 - 1, got {seed}")
        check_scheduler(scheduler)
        if scheduler is not None and workers not in (None, 1):
            raise ValueError("--workers and --scheduler exclude each other: the Dask "
                             "scheduler's workers run the games")
        ante_v, cap_v = parse_amount(ante, "ante"), parse_amount(cap, "cap")
        chicken_v = parse_amount(chicken_fee, "chicken-fee", allow_zero=True)
        round_sizes = _rounds(rounds)
        swap_v = parse_amount(swap_fee, "swap-fee", allow_zero=True)
        check_tie_rules(tie, player_tie)
        if out is not None:
            check_out_folder(out)  # before the games (and numba) are imported
        from guts_family.games.whole_game.setting import game_setting

        settings = [game_setting(
            game, n, ante_v, cap_v,
            max_deals=deals_cap or 1000, tie=tie, player_tie=player_tie, reante=reante,
            chicken_fee=chicken_v, rounds=round_sizes, burn_tie=burn_tie, swap_fee=swap_v,
            swap_below=swap_below, dealer_min=dealer_min, thresholds=thresholds,
            cycle_rule=cycle_rule, eq_seed=eq_seed, eq_deals=eq_n or 1) for n in sizes]
        _run(ctx, settings, n_games or 1, seed, None if workers == 0 else workers, scheduler,
             out, figure, as_json)


def _run(ctx: typer.Context, settings: list, games: int, seed: int | None,
         workers: int | None, scheduler: str | None, out: str | None, figure: str,
         as_json: bool) -> None:
    """Simulate every table size (one seed for all), then print and write the answers."""
    from guts_family.games.whole_game.run import simulate_games
    from guts_family.sampling import new_seed

    seed = new_seed() if seed is None else seed
    ctx.params["seed"] = seed  # the provenance line reproduces the run
    results = []
    with status("game") as update:
        for s in settings:
            def step(done: int, total: int, n: int = s.players) -> None:
                if update is not None:
                    update(f"{n} players: {done:,} of {total:,} games")
            results.append(simulate_games(s, games, seed=seed, workers=workers,
                                          scheduler=scheduler, progress=step))
    paths: list[str] = []
    if out is not None:
        paths = _write(out, results, figure, ctx)
    lines = summary_text(results)
    if paths:
        lines.append(f"  -> {', '.join(paths)}")
    emit({"game": settings[0].game, "title": settings[0].rules.title, "exact": False,
          "method": "sampled", "seed": seed, "games": games,
          "rows": [r.as_dict() for r in results], "files": paths, "version": __version__},
         as_json, "\n".join(lines), ctx)


def _write(out: str, results: list, fmt: str, ctx: typer.Context) -> list[str]:
    """The summary table (CSV, its options as meta lines) and the figure, all or none."""
    from types import SimpleNamespace

    import pandas as pd

    from guts_family.export import csv_text
    from guts_family.games.whole_game.figure import game_figure
    from toolkit_cli.provenance import command_line
    from twentyone_burn.io import write_files

    s = results[0].setting
    rows = []
    for r in results:
        d, p, none = r.deals, r.final_pot, r.per_deal("nobody_in")
        row = {"players": r.setting.players, "games": r.games, "seed": r.seed,
               "deals_mean": d.mean.value, "deals_se": d.mean.se}
        row.update({f"deals_q{q:g}": x for q, x in zip((50, 90, 99), d.quantiles)})
        row.update({"deals_max": d.high, "final_pot_mean": p.mean.value,
                    "final_pot_se": p.mean.se})
        row.update({f"final_pot_q{q:g}": x for q, x in zip((50, 90, 99), p.quantiles)})
        row.update({"final_pot_max": p.high, "nobody_in_per_deal": none.value,
                    "nobody_in_se": none.se, "cut_games": r.tally.cut})
        for i in range(r.setting.players):
            e = r.seat_net(i)
            row[f"seat{i}_net"], row[f"seat{i}_net_se"] = e.value, e.se
        rows.append(row)
    meta = {k: v for k, v in s.as_dict().items() if k != "players"}
    meta.update({"exact": False, "method": "sampled (Monte Carlo, not exact): complete games",
                 "seed": results[0].seed, "games_per_table_size": results[0].games,
                 "chunk_size": results[0].chunk_size, "version": __version__})
    table = SimpleNamespace(meta=meta, frame=pd.DataFrame(rows))
    stem = os.path.join(out, f"game-{s.game}")
    provenance = command_line(TOOL, ctx)[0]
    files: dict[str | Path, bytes | str] = {stem + ".csv": csv_text(table),
             stem + f".{fmt}": game_figure(results, fmt, provenance)}
    write_files(files)
    return [str(p) for p in files]


def _money(x: float) -> str:
    return f"{x:,.4g}" if abs(x) < 1e5 else f"{x:,.0f}"


def _groups(rules: list, capped: bool, challenge: bool = False) -> str:
    """The thresholds by pot, runs of equal ones merged: 'up to the cap: AQ8; 12-14: 662'
    (``challenge``: the challenge rule's instead)."""
    parts: list[list] = []
    for r in rules:
        label = r.challenge_label if challenge else \
            r.label + (" (cycle)" if "cycle" in r.source else "")
        where = ("up to the cap" if capped else "any pot") if r.pot is None else r.pot
        if parts and parts[-1][2] == label and r.pot is not None and parts[-1][1] is not None:
            parts[-1][1] = r.pot
        else:
            parts.append([where, where if r.pot is not None else None, label])
    shown = []
    for lo, hi, label in parts[:8]:
        span = lo if isinstance(lo, str) else (f"{lo:g}" if hi in (None, lo) else
                                               f"{lo:g}-{hi:g}")
        shown.append(f"{span}: {label}")
    more = "" if len(parts) <= 8 else f"; ... ({len(parts) - 8} more runs, all in --json)"
    return "; ".join(shown) + more


def summary_text(results: list) -> list[str]:
    """The printed answer: the setting, then per table size the deals per game, the final pot,
    how often nobody stays in, the games cut, then each seat's net result and the thresholds
    played."""
    from guts_family.games import get_game

    s = results[0].setting
    g = get_game(s.game)
    cap = "none" if s.cap is None else f"{s.cap:g}"
    lines = [f"{g.title}, the whole game (ante {s.ante:g}, cap {cap}, rounds "
             f"{'-'.join(str(c) for c in s.cycle)}, ties {s.tie}/{s.player_tie}, antes again: "
             f"{s.reante}{', chicken fee ' + format(s.chicken_fee, 'g') if s.chicken_fee else ''}"
             f"); sampled (Monte Carlo, not exact): {results[0].games:,} games a table size, "
             f"seed {results[0].seed}",
             "  means (standard errors); quantiles 50% / 90% / 99% / max",
             f"  {'players':>7}  {'deals per game':34}  {'final pot (what is taken)':40}  "
             f"{_event_name(g) + ' (per deal)':26}  cut at {s.max_deals}"]
    for r in results:
        d, p, e = r.deals, r.final_pot, r.per_deal("nobody_in")
        dq = " / ".join(f"{x:g}" for x in (*d.quantiles, d.high))
        pq = " / ".join(_money(x) for x in (*p.quantiles, p.high))
        deals = f"{d.mean.value:.3f} ({d.mean.se:.3f})  {dq}"
        pot = f"{_money(p.mean.value)} ({p.mean.se:.3g})  {pq}"
        none = f"{100 * e.value:.2f}% ({100 * e.se:.2f})"
        lines.append(f"  {r.setting.players:7d}  {deals:34}  {pot:40}  {none:26}  "
                     f"{r.tally.cut:,}")
    lines.append("  net result per game by seat (0 = the dealer, 1 on its left, ...), mean "
                 "(s.e.):")
    for r in results:
        seats = "  ".join(f"{i}: {r.seat_net(i).value:+.3f} ({r.seat_net(i).se:.3f})"
                          for i in range(r.setting.players))
        lines.append(f"  {r.setting.players:7d}  {seats}")
    extra = _extra_events(g, results)
    lines += extra
    lines.append("  thresholds played (go in with this or better), by pot:")
    for r in results:
        how = _sources(r.rules)
        lines.append(f"  {r.setting.players:7d}  {_by_round(r.rules, s.cap is not None)}  [{how}; "
                     f"{r.threshold_seconds:.1f} s]")
    if s.rules.dealer_challenge:
        lines.append("  the dealer's challengers challenge with this or better, by pot:")
        for r in results:
            lines.append(f"  {r.setting.players:7d}  "
                         f"{_groups(r.rules, s.cap is not None, challenge=True)}")
    if any(r.tally.imbalance > 1e-9 * max(1.0, r.final_pot.high) for r in results):
        lines.append("  WARNING: money not conserved (see money_imbalance in --json)")
    return lines


def _event_name(g: object) -> str:
    if getattr(g, "must_play", ()):
        return "nobody came in"
    if getattr(g, "dealer_challenge", False):
        return "nobody called"
    return "nobody in"


def _extra_events(g: object, results: list) -> list[str]:
    """The game's own events per deal (the dealer's call and the challenges, swaps, redeals)."""
    out = []
    names = []
    if getattr(g, "dealer_challenge", False):
        names = [("dealer_calls", "the dealer called alone"), ("challenged", "was challenged"),
                 ("nobody_played", "nobody played (re-ante)")]
    elif getattr(g, "must_play", ()):
        names = [("swap", "swaps"), ("void", "void deals (burn tie)")]
    elif results[0].setting.chicken_fee:
        names = [("nobody_played", "chicken fees")]
    shown = [(k, w) for k, w in names if any(r.tally.events_sum[_index(k)] for r in results)]
    if shown:
        out.append("  per deal: " + ", ".join(w for _, w in shown))
        for r in results:
            out.append(f"  {r.setting.players:7d}  " + "  ".join(
                f"{100 * r.per_deal(k).value:.2f}% ({100 * r.per_deal(k).se:.2f})"
                for k, _ in shown))
    return out


def _index(event: str) -> int:
    from guts_family.games.whole_game.results import EVENTS

    return EVENTS.index(event)


def _by_round(rules: list, capped: bool) -> str:
    sizes = list(dict.fromkeys(r.cards for r in rules))
    if len(sizes) == 1:
        return _groups(rules, capped)
    return " | ".join(f"{c}-card: " + _groups([r for r in rules if r.cards == c], capped)
                      for c in sizes)


def _sources(rules: list) -> str:
    kinds = sorted({"given" if r.source == "given" else
                    "sampled equilibrium" if r.source.startswith("sampled") else "equilibrium"
                    for r in rules})
    cycles = [r for r in rules if "cycle" in r.source]
    played = f", {len(cycles)} cycle (played {cycles[0].source.split('played ')[-1]})" \
        if cycles else ""
    return ", ".join(kinds) + f", {len(rules)} pots{played}"
