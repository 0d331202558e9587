"""The ``equilibrium`` command: symmetric equilibrium in/out thresholds per table size.

:func:`register` adds it to the ``guts-odds`` app (built in :mod:`guts_family.cli.app`).
The equilibrium, the games and numba are imported inside the command, after the options'
checks (the help's names and defaults come from :mod:`guts_family.defaults`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import typer

from guts_family._version import __version__
from guts_family.cards import quoted
from guts_family.cli.common import emit
from guts_family.cli.options import (
    PTIE_HELP,
    SEED_HELP,
    TIE_HELP,
    WORKERS_HELP,
    check_method_options,
    check_out_folder,
    parse_amount,
)
from guts_family.cli.text import aligned
from guts_family.defaults import (
    EQ_SAMPLES,
    EQUILIBRIUM_GAMES,
    FIXED_POINT_WINDOW,
    check_tie_rules,
)
from toolkit_cli.checks import check_seconds
from toolkit_cli.progress import status

if TYPE_CHECKING:
    from guts_family.games.equilibrium import Equilibrium, SwapTable, ThresholdTable

__all__ = ["register", "SAMPLE_SECONDS", "parse_players"]

#: the time limit of the sampling of one table size (seconds) when --max-seconds is not given
SAMPLE_SECONDS = 60.0
_EXACT_HELP = ("Exact counts only (the Guts 3-card round beyond 2 players is then refused, one "
               "line).")
_SAMPLE_HELP = "Guts 3-card round: sample even where the exact count answers (2 players)."
_SAMPLES_HELP = (f"Sampling: the most random deals a hand class gets (default {EQ_SAMPLES:,}); "
                 "a class is sampled further only while a sign it decides is unresolved at "
                 "4 standard errors.")
_TARGET_SE_HELP = ("Sampling: do not refine a class whose EVs' standard error is at most this "
                   "(default: refine to --samples).")
_MAX_SECONDS_HELP = "Sampling: stop refining a table size at this time (seconds)."
_ALL_HELP = (f"Exact rows: look for every pure equilibrium among all classes (default: within "
             f"{FIXED_POINT_WINDOW} classes of the one found; slower).")


def parse_players(text: str) -> list[int]:
    """Table sizes from ``"2-8"``, ``"4"`` or ``"2,4,6"`` (the ``--players`` option).

    >>> parse_players("2-5"), parse_players("3,6")
    ([2, 3, 4, 5], [3, 6])
    """
    out: list[int] = []
    for part in str(text).replace(" ", "").split(","):
        a, sep, b = part.partition("-")
        try:
            lo, hi = int(a), int(b) if sep else int(a)
        except ValueError:
            raise ValueError(f"--players takes a number, a span or a list, e.g. 2-8 or 2,4,6; "
                             f"got {str(text)[:80]!r}") from None
        if lo > hi:
            raise ValueError(f"--players {lo}-{hi}: the span runs from the smaller number")
        out += range(lo, hi + 1)
    return sorted(set(out))


def register(app: typer.Typer) -> None:
    """Add the ``equilibrium`` command to a typer app.

    >>> app = typer.Typer(); register(app); [c.name for c in app.registered_commands]
    ['equilibrium']
    """

    @app.command("equilibrium")
    def equilibrium_cmd(
        ctx: typer.Context,
        game: str = typer.Argument(..., metavar="GAME",
                                   help=f"Game: {', '.join(EQUILIBRIUM_GAMES)}."),
        players: str = typer.Option("2-8", "--players",
                                    help="Table sizes (players dealt in, the burned player "
                                         "included): 2-8, 4 or 2,4,6."),
        ante: str = typer.Option("1", "--ante", help="Each player's ante."),
        pot: str | None = typer.Option(None, "--pot",
                                       help="Pot at the decision (default: players x ante)."),
        cap: str | None = typer.Option(None, "--cap",
                                       help="Match cap: the most a loser pays (default: the "
                                            "pot)."),
        cards: int | None = typer.Option(None, "--cards",
                                         help="Round size (guts321: 2 (default), 1, or 3: the "
                                              "poker order, exact by cards for 2 players, "
                                              "sampled for 3-16)."),
        tie: str | None = typer.Option(None, "--tie", help=TIE_HELP),
        player_tie: str | None = typer.Option(None, "--player-tie", help=PTIE_HELP),
        swap_fee: str | None = typer.Option(None, "--swap-fee",
                                            help="Phoenix: model the burned player's swap "
                                                 "with the pot for this fee (default: no "
                                                 "swap)."),
        swap_timing: str | None = typer.Option(None, "--swap-timing",
                                               help="With --swap-fee: public (the others see "
                                                    "whether it swapped; default) or hidden."),
        out: str | None = typer.Option(None, "--out",
                                       help="Also write the table as CSV into this folder."),
        exact: bool = typer.Option(False, "--exact", help=_EXACT_HELP),
        sample: bool = typer.Option(False, "--sample", help=_SAMPLE_HELP),
        seed: int | None = typer.Option(None, "--seed", help=SEED_HELP),
        samples: int | None = typer.Option(None, "--samples", help=_SAMPLES_HELP),
        target_se: float | None = typer.Option(None, "--target-se", help=_TARGET_SE_HELP),
        max_seconds: float = typer.Option(SAMPLE_SECONDS, "--max-seconds",
                                          help=_MAX_SECONDS_HELP),
        workers: int | None = typer.Option(None, "--workers", help=WORKERS_HELP),
        all_thresholds: bool = typer.Option(False, "--all-thresholds", help=_ALL_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Symmetric equilibrium thresholds (go in with this hand or better): exact, but the
        Guts 3-card round beyond 2 players, sampled (Monte Carlo, with its interval)."""
        check_seconds(max_seconds)
        check_method_options(exact, sample, seed, target_se, samples, workers)
        if game not in EQUILIBRIUM_GAMES:
            raise ValueError(f"unknown game {quoted(game)}: choose one of "
                             f"{', '.join(EQUILIBRIUM_GAMES)}")
        sizes = parse_players(players)
        ante_v = parse_amount(ante, "ante")
        pot_v, cap_v = parse_amount(pot, "pot"), parse_amount(cap, "cap")
        if swap_timing is not None and swap_fee is None:
            raise ValueError("--swap-timing needs --swap-fee F (the swap is not modelled "
                             "without a fee)")
        check_tie_rules(tie, player_tie)
        if out is not None:
            check_out_folder(out)  # before the equilibrium (and numba) is imported
        from guts_family.export import write_table
        from guts_family.games import get_game
        from guts_family.games.equilibrium import SWAP_TIMINGS, threshold_table

        g = get_game(game)
        if cards is None:
            cards = g.equilibrium_cards
        if swap_fee is not None and not g.has_swap:
            raise ValueError(f"--swap-fee is a Phoenix Burn rule (the burned player's swap "
                             f"with the pot), not a rule of {game}")
        if swap_timing is not None and swap_timing not in SWAP_TIMINGS:
            raise ValueError(f"unknown --swap-timing {quoted(swap_timing)}: choose one of "
                             f"{', '.join(SWAP_TIMINGS)}")
        fee_v = parse_amount(swap_fee, "swap-fee", allow_zero=True)
        three = not g.order(cards).suit_blind  # the poker order: the only sampled round
        given = [name for name, v in (("--sample", sample), ("--seed", seed),
                                      ("--samples", samples), ("--target-se", target_se),
                                      ("--workers", workers)) if v not in (None, False)]
        if given and not three:
            raise ValueError(f"{', '.join(given)}: only the Guts 3-card round is sampled "
                             "(guts321 --cards 3); every other round is exact at every table "
                             "size")
        if fee_v is not None:
            _swap(ctx, sizes, fee_v, ante_v, pot_v, cap_v, swap_timing or "public", tie,
                  player_tie, out, as_json)
            return
        method = "exact" if exact else "sample" if sample else "auto"
        with status("equilibrium") as update:
            t = threshold_table(game, sizes, ante_v, pot_v, cap_v, cards, tie, player_tie,
                                method=method, seed=seed, samples=samples, target_se=target_se,
                                max_seconds=max_seconds if three else None, workers=workers,
                                progress=update,
                                window=None if all_thresholds else FIXED_POINT_WINDOW)
        if t.sampled:
            ctx.params["seed"] = t.meta["seed"]  # the provenance line reproduces the draw
        paths: list[str] = []
        if out is not None:
            stem = f"equilibrium-{game}" + (f"-{t.meta['cards']}card" if len(g.rounds) > 1
                                            else "")
            paths = [os.path.join(out, stem + ".csv")]
            write_table(t, csv=paths[0])
        lines = _table_text(t, ante_v, pot_v, cap_v)
        if paths:
            lines.append(f"  -> {', '.join(paths)}")
        emit({**t.meta, "rows": [r.as_dict() for r in t.rows], "files": paths,
              "version": __version__}, as_json, "\n".join(lines), ctx)


def _table_text(t: ThresholdTable, ante: float, pot: float | None, cap: float | None
                ) -> list[str]:
    """The text of an equilibrium table: a heading, the method, one line per table size
    (sampled rows: the estimate with its standard error, the interval, the seed and deals)."""
    from guts_family.games.equilibrium import sizes_text

    exact_rows = [r.players for r in t.rows if r.exact]
    sampled_rows = [r.players for r in t.rows if not r.exact]
    if not sampled_rows:
        how = "exact"
    elif not exact_rows:
        how = "sampled (Monte Carlo, not exact)"
    else:
        how = (f"exact for {sizes_text(exact_rows)} players, sampled (Monte Carlo, not exact) "
               f"for {sizes_text(sampled_rows)} players")
    lines = [f"{t.meta['title']}, {t.meta['cards']}-card hands, symmetric equilibrium "
             f"threshold (ante {ante:g}, pot {'players x ante' if pot is None else f'{pot:g}'}"
             f", cap {'none' if cap is None else f'{cap:g}'}, ties "
             f"{t.meta['tie']}/{t.meta['player_tie']}); {how}",
             f"  method: {t.meta['method']}"]
    if sampled_rows:
        secs = sum(r.seconds or 0.0 for r in t.rows)
        lines.append(f"  sampled: seed {t.meta['seed']}, at most {t.meta['samples_per_class']:,}"
                     f" random deals a hand class (first {t.meta['first_deals_per_class']:,}), "
                     f"signs resolved at {t.meta['resolve_z']:g} standard errors; "
                     f"{t.meta['deals']:,} deals in {secs:.1f} s")
        lines += aligned(["players", "pot", "go in with", "hands in", "EV at threshold",
                          "(s.e.)", "converged", "method"],
                         [_sampled_row(r) for r in t.rows], right=[0, 1, 3, 4, 5])
        return lines + [_equilibria_line(r) for r in t.rows]
    lines += aligned(["players", "pot", "go in with", "hands in", "EV at threshold", "converged"],
                     [[f"{r.players:d}", f"{r.pot:g}", (r.label or "none") + " or better",
                       f"{100 * r.share_in:.2f}%", f"{r.ev_at:+.6f}",
                       "yes" if r.converged else "no: " + r.note] for r in t.rows],
                     right=[0, 1, 3, 4])
    return lines + [_equilibria_line(r) for r in t.rows]


def _equilibria_line(r: Equilibrium) -> str:
    """One row's every pure equilibrium (with the classes searched, or a sampled row's
    candidates) and, at a cycle, its mixed equilibrium."""
    from guts_family.games import get_game
    from guts_family.games.equilibrium import class_label

    o = get_game(r.game).order(r.cards)
    found = ", ".join(r.equilibria_labels) or "none"
    if not r.exact:
        return (f"  {r.players} players: pure equilibria the samples leave (not rejected at "
                f"4 SE): {found}")
    span = ("" if r.scan_first is None or r.scan_last is None else
            f" (every class {class_label(o, r.scan_first)} to {class_label(o, r.scan_last)} "
            "searched)")
    line = f"  {r.players} players: pure equilibria {found}{span}"
    m = r.mixed
    if m is not None:
        above = class_label(o, next(c for c in range(m.boundary + 1, o.n_classes + 1)))
        line += (f"; mixed equilibrium: in with {above} or better, with "
                 f"{class_label(o, m.boundary)} with probability q = {m.q:.12f} (exact "
                 f"bracket, width {float(m.q_high - m.q_low):.0e}; EV in {m.ev_in:+.2e} = EV "
                 f"out 0; {'checked' if m.checked else 'NOT an equilibrium: see JSON'})")
    return line


def _sampled_row(r: Equilibrium) -> list[str]:
    """The cells of one row of a table with sampled rows; the method last, with the interval
    if sampled."""
    se = "exact" if r.exact else ("" if r.ev_at_se is None else f"{r.ev_at_se:.6f}")
    head = [f"{r.players:d}", f"{r.pot:g}", (r.label or "none") + " or better",
            f"{100 * r.share_in:.2f}%", f"{r.ev_at:+.6f}", f"({se})",
            "yes" if r.converged else "no"]
    if r.exact:
        return [*head, "exact" + ("" if r.converged else f": {r.note}")]
    state = ("resolved at 4 SE" if r.resolved
             else f"interval {r.interval}, unresolved at 4 SE (largest SE {r.max_se:.2g})")
    return [*head, f"sampled, seed {r.seed}: {state}; {r.deals_at_threshold or 0:,} deals at "
            f"the threshold, {r.deals or 0:,} in all, {r.seconds or 0.0:.1f} s"
            + ("" if r.stopped_by in ("resolved", "samples") else f"; stopped by "
               f"{r.stopped_by}")]


def _swap(ctx: typer.Context, sizes: list[int], fee: float, ante: float, pot: float | None,
          cap: float | None, timing: str, tie: str | None, player_tie: str | None,
          out: str | None, as_json: bool) -> None:
    """Print (and write) Phoenix Burn's equilibrium with the burned player's swap."""
    from guts_family.export import write_table
    from guts_family.games.equilibrium import swap_threshold_table

    t: SwapTable = swap_threshold_table(sizes, fee, ante, pot, cap, timing, tie, player_tie)
    paths: list[str] = []
    if out is not None:
        paths = [os.path.join(out, "equilibrium-phoenix-swap.csv")]
        write_table(t, csv=paths[0])
    after = ("after a keep / after a swap" if timing == "public"
             else "(one threshold: the swap is not seen)")
    lines = [f"{t.meta['title']}, symmetric equilibrium with the burned player's swap (fee "
             f"{fee:g}, decided before the others, {timing}; ante {ante:g}, pot "
             f"{'players x ante' if pot is None else f'{pot:g}'}, cap "
             f"{'none' if cap is None else f'{cap:g}'}, ties {t.meta['tie']}/"
             f"{t.meta['player_tie']}); exact",
             f"  method: {t.meta['method']}"]
    lines += aligned(
        ["players", "pot", "burned swaps with", "swapped", f"others go in with {after}",
         "converged"],
        [[f"{r.players:d}", f"{r.pot:g}",
          r.swap_label + (" or worse" if r.swap_label != "none" else ""),
          f"{100 * r.share_swapped:.2f}%",
          f"{r.keep_label} / {r.swap_state_label}" if timing == "public" else r.keep_label,
          _status(r.converged, r.note)] for r in t.rows], right=[0, 1, 3])
    if paths:
        lines.append(f"  -> {', '.join(paths)}")
    emit({**t.meta, "rows": [r.as_dict() for r in t.rows], "files": paths,
          "version": __version__}, as_json, "\n".join(lines), ctx)


def _status(converged: bool, note: str) -> str:
    """'yes', 'yes; <note>' (converged, with exceptions found by the check) or 'no: <note>'.

    >>> _status(True, ""), _status(False, "a cycle")
    ('yes', 'no: a cycle')
    """
    if not converged:
        return "no: " + note
    return "yes" + (f"; {note}" if note else "")
