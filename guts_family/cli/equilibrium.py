"""The ``equilibrium`` command: symmetric equilibrium in/out thresholds per table size.

:func:`register` adds it to the ``guts-odds`` app (built in :mod:`guts_family.cli.app`).
"""

from __future__ import annotations

import os

import typer

from guts_family._version import __version__
from guts_family.cards import quoted
from guts_family.cli.common import PTIE_HELP, TIE_HELP, check_out_folder, emit, parse_amount
from guts_family.export import write_table
from guts_family.games.equilibrium import EQUILIBRIUM_GAMES, parse_players, threshold_table
from guts_family.games.swap_equilibrium import SWAP_TIMINGS, SwapTable, swap_threshold_table

__all__ = ["register"]


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
                                         help="Round size (guts321: 2 (default), 1, or 3 "
                                              "with --players 2: the poker order, counted by "
                                              "cards)."),
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
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Symmetric equilibrium thresholds (go in with this hand or better), exact."""
        if game not in EQUILIBRIUM_GAMES:
            raise ValueError(f"unknown game {quoted(game)}: choose one of "
                             f"{', '.join(EQUILIBRIUM_GAMES)}")
        if game == "guts321" and cards is None:
            cards = 2
        sizes = parse_players(players)
        ante_v = parse_amount(ante, "ante")
        pot_v, cap_v = parse_amount(pot, "pot"), parse_amount(cap, "cap")
        if swap_timing is not None and swap_fee is None:
            raise ValueError("--swap-timing needs --swap-fee F (the swap is not modelled "
                             "without a fee)")
        if swap_fee is not None and game != "phoenix":
            raise ValueError(f"--swap-fee is a Phoenix Burn rule (the burned player's swap "
                             f"with the pot), not a rule of {game}")
        if swap_timing is not None and swap_timing not in SWAP_TIMINGS:
            raise ValueError(f"unknown --swap-timing {quoted(swap_timing)}: choose one of "
                             f"{', '.join(SWAP_TIMINGS)}")
        fee_v = parse_amount(swap_fee, "swap-fee", allow_zero=True)
        if out is not None:
            check_out_folder(out)  # before any work
        if fee_v is not None:
            _swap(ctx, sizes, fee_v, ante_v, pot_v, cap_v, swap_timing or "public", tie,
                  player_tie, out, as_json)
            return
        t = threshold_table(game, sizes, ante_v, pot_v, cap_v, cards, tie, player_tie)
        paths: list[str] = []
        if out is not None:
            stem = f"equilibrium-{game}" + (f"-{t.meta['cards']}card" if game == "guts321" else "")
            paths = [os.path.join(out, stem + ".csv")]
            write_table(t, csv=paths[0])
        lines = [f"{t.meta['title']}, {t.meta['cards']}-card hands, symmetric equilibrium "
                 f"threshold (ante {ante_v:g}, pot "
                 f"{'players x ante' if pot_v is None else f'{pot_v:g}'}, cap "
                 f"{'none' if cap_v is None else f'{cap_v:g}'}, ties "
                 f"{t.meta['tie']}/{t.meta['player_tie']}); exact",
                 f"  method: {t.meta['method']}",
                 "  players  pot        go in with   hands in  EV at threshold  converged"]
        for r in t.rows:
            lines.append(f"  {r.players:7d}  {r.pot:<9g}  {(r.label or 'none') + ' or better':12} "
                         f"{100 * r.share_in:7.2f}%  {r.ev_at:+15.6f}  "
                         f"{'yes' if r.converged else 'no: ' + r.note}")
        if paths:
            lines.append(f"  -> {', '.join(paths)}")
        emit({**t.meta, "rows": [r.as_dict() for r in t.rows], "files": paths,
              "version": __version__}, as_json, "\n".join(lines), ctx)


def _swap(ctx: typer.Context, sizes: list[int], fee: float, ante: float, pot: float | None,
          cap: float | None, timing: str, tie: str | None, player_tie: str | None,
          out: str | None, as_json: bool) -> None:
    """Print (and write) Phoenix Burn's equilibrium with the burned player's swap."""
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
             f"  method: {t.meta['method']}",
             f"  players  pot        burned swaps with   swapped  others go in with {after}"
             "  converged"]
    for r in t.rows:
        swaps = r.swap_label + (" or worse" if r.swap_label != "none" else "")
        others = (f"{r.keep_label} / {r.swap_state_label}" if timing == "public"
                  else r.keep_label)
        lines.append(f"  {r.players:7d}  {r.pot:<9g}  {swaps:18} {100 * r.share_swapped:7.2f}%"
                     f"  {others:20}  {_status(r.converged, r.note)}")
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
