"""The guts games' commands: vs-pot, table, threshold, swap, last-card-up, lone, challenge, qualify.

:func:`register` adds them to the ``guts-odds`` app (built in :mod:`guts_family.cli.app`).
The games, the odds and numba are imported inside the commands, after the options' checks:
``--help`` and a usage error need only :mod:`guts_family.defaults` and the cards.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import typer

from guts_family._version import __version__
from guts_family.cards import cards_str, parse_cards, quoted
from guts_family.cli.common import emit, renamed
from guts_family.cli.options import (
    GAME_HELP,
    LIMIT_HELP,
    PTIE_HELP,
    SAMPLE_HELP,
    SAMPLES_HELP,
    SEED_HELP,
    TARGET_SE_HELP,
    TIE_HELP,
    WORKERS_HELP,
    check_game,
    check_method_options,
    check_out_folder,
    parse_amount,
    parse_opponent_cards,
)
from guts_family.cli.text import odds_text, pct, sampling_summary
from guts_family.defaults import GAME_NAMES, RANGE_HELP, TABLE_SAMPLES, check_tie_rules
from toolkit_cli.checks import check_seconds

if TYPE_CHECKING:
    from guts_family.games import Game
    from guts_family.odds import SampledFieldOdds

__all__ = ["register", "DEFAULT_TABLE_DIR"]

DEFAULT_TABLE_DIR = os.path.join("strategy_tables", "guts")
#: the dealer's three cards must come from the cards left
_DEALER_CARDS = 3
#: the time limit of a sampling run (seconds) when --max-seconds is not given
SAMPLE_SECONDS = 60.0
_EXACT_HELP = ("Exact count only (refused, one line, where it cannot answer: the poker order "
               "beyond 3 opposing hands or with several ranges).")
_MAX_SECONDS_HELP = "Sampling stops at this time (the exact count is never cut)."


def _sampled_text(title: str, r: SampledFieldOdds, why: str = "") -> str:
    """The text block of one hand's sampled odds: each figure with its standard error and 99 %
    interval, the run that drew them (seed, samples) and why it was sampled."""
    against = ", ".join(s.name + (" showing " + cards_str(s.known) if s.known else "")
                        for s in r.seats)
    lines = [title, f"  against: {against}" + (f"; dead: {cards_str(r.dead)}" if r.dead else "")]
    if why:
        lines.append(f"  {why}")
    lines.append("  " + sampling_summary(r.run, "random deals"))
    if r.acceptance < 1:
        lines.append(f"  ranges by rejection: {100 * r.acceptance:.3g}% of the deals drawn met "
                     "every range")
    run = r.run
    if run.stopped_by == "max-seconds" and run.target_se is not None \
            and r.worst_se > run.target_se:
        lines.append(f"  the target standard error {run.target_se:g} was not reached (largest "
                     f"{r.worst_se:.2g}): allow more --max-seconds or --workers")
    lines.append(f"  {'':5}{'estimate':>9}  {'s.e.':>8}   99% interval")
    for name in ("win", "tie", "lose", "share"):
        e = getattr(r, name)
        lines.append(f"  {name:<5}{pct(e.value)}  {100 * e.se:7.4f}%   {100 * e.low:.3f}-"
                     f"{100 * e.high:.3f}%")
    lines.append("  every figure is a sampled estimate (Monte Carlo, not exact); share: the pot "
                 "share with ties split")
    return "\n".join(lines)


def _game(name: str) -> Game:
    """The game called ``name`` (the games, and numba, imported now); an unknown name is
    echoed cut to 80 characters."""
    from guts_family.games import get_game

    return get_game(check_game(name))


def register(app: typer.Typer) -> None:
    """Add the guts games' commands to a typer app.

    >>> app = typer.Typer(); register(app); [c.name for c in app.registered_commands][:3]
    ['vs-pot', 'table', 'threshold']
    """

    @app.command("vs-pot")
    def vs_pot(
        ctx: typer.Context,
        hand: str = typer.Argument(..., metavar="HAND",
                                   help="Your hand, e.g. \"As Kd Qh\" (1-3 cards)."),
        game: str = typer.Option("phoenix", "--game", help=GAME_HELP),
        dead: str = typer.Option("", "--dead", help="Seen cards out of play (face-up cards)."),
        opponents: int | None = typer.Option(
            None, "--opponents", help="Other players in, as many as the deck seats (phoenix "
                                      "0-15; guts321 3-card 0-16, 2-card 0-25, 1-card 0-51; "
                                      "challenge 1-16). Exact, but guts321 3-card rounds "
                                      "(poker order) beyond 3: sampled."),
        opponent_cards: list[str] | None = typer.Option(
            None, "--opponent-cards", help="Shown cards of an opponent who is in; repeat per "
                                           "opponent (e.g. the burned player's face-up card)."),
        pot: str | None = typer.Option(None, "--pot", help="Pot size: adds the EV of going in."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        tie: str | None = typer.Option(None, "--tie", help=TIE_HELP),
        player_tie: str | None = typer.Option(None, "--player-tie", help=PTIE_HELP),
        hand_range: str | None = typer.Option(None, "--range", help=RANGE_HELP),
        max_seconds: float = typer.Option(SAMPLE_SECONDS, "--max-seconds",
                                          help=_MAX_SECONDS_HELP),
        exact: bool = typer.Option(False, "--exact", help=_EXACT_HELP),
        sample: bool = typer.Option(False, "--sample", help=SAMPLE_HELP),
        target_se: float | None = typer.Option(None, "--target-se", help=TARGET_SE_HELP),
        samples: int | None = typer.Option(None, "--samples", help=SAMPLES_HELP),
        seed: int | None = typer.Option(None, "--seed", help=SEED_HELP),
        workers: int | None = typer.Option(None, "--workers", help=WORKERS_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Win / tie / lose of a hand against the pot (dummy) and other players: exact where
        the count can answer, else sampled with error bars (the poker order beyond 3 hands)."""
        check_seconds(max_seconds)
        check_method_options(exact, sample, seed, target_se, samples, workers)
        check_game(game)
        cards = parse_cards(hand)
        # every usage error the options show by themselves, before the games and numba load
        check_tie_rules(tie, player_tie)
        pot_v, limit_v = parse_amount(pot, "pot"), parse_amount(limit, "limit")
        if pot_v is None and limit_v is not None:
            raise ValueError("--limit needs --pot: give e.g. --pot 10 --limit 5")
        dead_cards = parse_cards(dead)
        shown = parse_opponent_cards(opponent_cards)
        from guts_family.odds import Seat, exact_refusal, field_odds, field_sample
        from guts_family.ranges import parse_range

        g = _game(game)
        order = g.order(len(cards))
        rng = None if hand_range is None else parse_range(hand_range, order)
        seats = g.seats(opponents, shown, order.n_cards)
        if rng is not None:
            if not any(not s.is_pot for s in seats):
                raise ValueError("--range restricts the players who came in: give --opponents")
            high = None if rng.high == order.n_classes - 1 else rng.high
            seats = [s if s.is_pot else Seat(s.name, s.known, False, rng.low, high)
                     for s in seats]
        tie_r, ptie_r = g.rules(tie, player_tie)
        refusal = exact_refusal(order, seats)
        if sample or (refusal is not None and not exact):
            why = "" if sample or refusal is None else \
                f"exact count refused ({refusal.split(': seat')[0]}): sampled instead"
            r = field_sample(order, cards, seats, dead_cards, seed=seed, target_se=target_se,
                             samples=samples, max_seconds=max_seconds, workers=workers)
            ctx.params["seed"] = r.run.seed  # the provenance line reproduces the draw
            sdata = {"game": g.name, **r.as_dict(), "tie_rule": tie_r, "player_tie_rule": ptie_r,
                     "range": None if rng is None else rng.as_dict(), "version": __version__}
            if why:
                sdata["why_sampled"] = why
            stext = _sampled_text(f"{g.title}: {cards_str(cards)}", r, why)
            if rng is not None:
                stext += f"\n  players in hold {rng.describe()} (sampled)"
            if pot_v is not None:
                sev = r.ev(pot_v, limit_v, tie_r, ptie_r)
                clear = sev.low > 0 or sev.high < 0
                sdata.update({"pot": pot_v, "limit": limit_v, "ev_in": sev.value,
                              "ev_in_se": sev.se, "ev_in_99": [sev.low, sev.high],
                              "ev_out": 0.0, "go_in": sev.value > 0, "clear": clear})
                stext += (f"\n  EV of going in (sampled): {sev.value:+.6f} (s.e. {sev.se:.6f}, "
                          f"99% {sev.low:+.4f} to {sev.high:+.4f}; pot {pot_v:g}, pays "
                          f"{min(pot_v, limit_v) if limit_v else pot_v:g} on a loss; ties: "
                          f"{tie_r}/{ptie_r}) -> {'go in' if sev.value > 0 else 'stay out'}"
                          + ("" if clear else " - too close to call at 99 %: sample more"))
            emit(sdata, as_json, stext, ctx)
            return
        o = field_odds(order, cards, seats, dead_cards)
        data = {"game": g.name, **o.as_dict(), "tie_rule": tie_r, "player_tie_rule": ptie_r,
                "range": None if rng is None else rng.as_dict(), "method": "exact",
                "version": __version__}
        text = odds_text(f"{g.title}: {cards_str(cards)}", o)
        if rng is not None:
            text += f"\n  players in hold {rng.describe()} (exact count)"
        if pot_v is not None:
            ev = o.ev(pot_v, limit_v, tie_r, ptie_r)
            data.update({"pot": pot_v, "limit": limit_v, "ev_in": ev, "ev_out": 0.0,
                         "go_in": ev > 0})
            text += (f"\n  EV of going in: {ev:+.6f} (pot {pot_v:g}, pays "
                     f"{min(pot_v, limit_v) if limit_v else pot_v:g} on a loss; ties: "
                     f"{tie_r}/{ptie_r}) -> {'go in' if ev > 0 else 'stay out'}")
        emit(data, as_json, text, ctx)

    @app.command("table")
    def table(
        ctx: typer.Context,
        game: str = typer.Option("phoenix", "--game", help=GAME_HELP),
        cards: int | None = typer.Option(None, "--cards", help="Round size (guts321: 3, 2, 1)."),
        opponents: int | None = typer.Option(None, "--opponents", help="Other players in."),
        pot: str = typer.Option("1", "--pot", help="Pot size for the EV column."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        fee: str = typer.Option("0", "--fee", help="Phoenix swap fee for the swap columns."),
        tie: str | None = typer.Option(None, "--tie", help=TIE_HELP),
        player_tie: str | None = typer.Option(None, "--player-tie", help=PTIE_HELP),
        fmt: str = typer.Option("csv", "--format", help="csv, xlsx or both."),
        out: str = typer.Option(DEFAULT_TABLE_DIR, "--out",
                                help="Output folder (created if missing); the files are "
                                     "written into it."),
        seed: int | None = typer.Option(None, "--seed", help="Sampled tables: the seed "
                                        "(default: a fresh one, printed)."),
        samples: int = typer.Option(TABLE_SAMPLES, "--samples",
                                    help="Sampled tables: random deals per suit pattern."),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Every hand class with its exact odds and EV, written as CSV / xlsx; where the exact
        count refuses (Guts 3-card rounds against 4+ players), sampled with standard errors."""
        if fmt not in ("csv", "xlsx", "both"):
            raise ValueError(f"unknown --format {quoted(fmt)}: choose csv, xlsx or both")
        check_out_folder(out)  # before any work
        pot_v, limit_v = parse_amount(pot, "pot"), parse_amount(limit, "limit")
        fee_v = parse_amount(fee, "fee", allow_zero=True)
        check_game(game)
        check_tie_rules(tie, player_tie)
        from guts_family.export import write_table

        g = _game(game)
        extra = {"fee": fee_v} if g.has_swap else {}
        refusal = g.table_refusal(cards, opponents)
        if refusal is None:
            t = g.table(cards, opponents, pot_v, limit_v, tie, player_tie, **extra)
        else:
            t = g.sampled_table(cards, opponents, pot_v, limit_v, tie, player_tie, seed,
                                samples)
            ctx.params["seed"] = t.meta["seed"]  # the provenance line reproduces the draw
        stem = f"{g.name}-{t.meta['cards']}card"
        if t.meta["opponents"] != g.default_opponents:
            stem += f"-{t.meta['opponents']}opp"
        csv = os.path.join(out, stem + ".csv") if fmt in ("csv", "both") else None
        xlsx = os.path.join(out, stem + ".xlsx") if fmt in ("xlsx", "both") else None
        write_table(t, csv=csv, xlsx=xlsx)  # both files or neither
        paths = [p for p in (csv, xlsx) if p is not None]
        meta = {**t.meta, "files": paths}
        lines = [f"{g.title}, {t.meta['cards']}-card hands, against {t.meta['seats']}: "
                 f"{len(t.frame)} hand classes -> {', '.join(paths)}"]
        if refusal is not None:
            lines.append(f"sampled (Monte Carlo, not exact): {t.meta['samples_per_pattern']:,} "
                         f"random deals per suit pattern ({t.meta['patterns']:,} patterns), "
                         f"seed {t.meta['seed']}; every figure has its standard error "
                         f"(columns *_se, largest p_win_se {float(t.frame['p_win_se'].max()):.4f})"
                         f"; the exact count refused: {refusal.split(': seat')[0]}")
        lines.append(f"weakest hand worth going in (pot {t.meta['pot']:g}, limit "
                     f"{t.meta['limit']}, ties {t.meta['tie']}/{t.meta['player_tie']}): "
                     f"{t.meta['weakest_hand_worth_going_in'] or 'none'}"
                     + ("" if t.meta["exact"] else " (sampled)"))
        emit(meta, as_json, "\n".join(lines), ctx)

    @app.command("threshold")
    def threshold(
        ctx: typer.Context,
        pot: str = typer.Option("1", "--pot", help="Pot size."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        tie: str | None = typer.Option(None, "--tie", help=TIE_HELP),
        player_tie: str | None = typer.Option(None, "--player-tie", help=PTIE_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The weakest hand worth going in, for each game and round size (one opposing hand)."""
        pot_v, limit_v = parse_amount(pot, "pot"), parse_amount(limit, "limit")
        check_tie_rules(tie, player_tie)  # before any work
        from guts_family.games import get_game
        rows = []
        for name in GAME_NAMES:
            g = get_game(name)
            for cards in g.rounds:
                t = g.table(cards, None, pot_v, limit_v, tie, player_tie)
                rows.append({"game": name, "cards": cards, "against": t.meta["seats"],
                             "tie": t.meta["tie"], "player_tie": t.meta["player_tie"],
                             "weakest_hand_worth_going_in": t.meta["weakest_hand_worth_going_in"]})
        emit({"pot": pot_v, "limit": limit_v, "rows": rows, "version": __version__}, as_json,
              "\n".join(f"{r['game']:9} {r['cards']}-card hands vs {r['against']:9} "
                        f"(ties {r['tie']}/{r['player_tie']}): go in with "
                        f"{r['weakest_hand_worth_going_in'] or 'nothing'} or better"
                        for r in rows), ctx)

    @app.command("swap")
    def swap_cmd(
        ctx: typer.Context,
        hand: str = typer.Argument(..., metavar="HAND",
                                   help="The burned player's hand, e.g. \"9s 7d 2c\"."),
        pot: str = typer.Option(..., "--pot", help="Pot size."),
        fee: str = typer.Option("1", "--fee", help="Fee for swapping with the pot."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        dead: str = typer.Option("", "--dead", help="Other players' face-up cards."),
        tie: str = typer.Option("pot", "--tie", help=TIE_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Phoenix Burn: EV of keeping the burned hand or swapping it with the pot's for a fee."""
        args = (parse_cards(hand), parse_amount(pot, "pot"), parse_amount(fee, "fee", True),
                parse_amount(limit, "limit"), parse_cards(dead))
        from guts_family.games.phoenix_burn import swap  # once the input is read

        d = swap(*args, tie)
        emit({**d.as_dict(), "version": __version__}, as_json, "\n".join([
            odds_text(f"Phoenix Burn, burned player {cards_str(d.keep.hero)} keeping", d.keep),
            f"  EV keep {d.ev_keep:+.6f}   EV swap (fee {d.fee:g}) {d.ev_swap:+.6f}"
            f"   -> {d.best} (break-even fee {d.break_even_fee:.6f})"]), ctx)

    @app.command("last-card-up")
    def last_card_up_cmd(
        ctx: typer.Context,
        players: int = typer.Option(..., "--players",
                                    help="Players dealt, burned player included."),
        burn_tie: str = typer.Option("suit", "--burn-tie",
                                     help="Tie for highest face-up card: suit or redeal."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Phoenix Burn, last card up: the burned player's exact odds against the pot."""
        from guts_family.games.phoenix_burn import last_card_up

        o = last_card_up(players, burn_tie)
        cats = ", ".join(f"{k} {pct(v).strip()}" for k, v in o.by_category().items())
        emit({**o.as_dict(), "version": __version__}, as_json, "\n".join([
            f"Phoenix Burn, last card up, {players} players, burn ties: {burn_tie}",
            f"  burned player vs pot: win {pct(o.win)}  tie {pct(o.tie)}  lose {pct(o.lose)}",
            f"  burned hand: {cats}", f"  of {o.total:,} weighted deals (exact)"]), ctx)

    @app.command("lone")
    def lone(
        ctx: typer.Context,
        cards: int = typer.Option(3, "--cards", help="Round size: 3, 2 or 1."),
        min_hand: str | None = typer.Option(None, "--min-hand",
                                               help="Player goes in with this class or better."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Guts (3-2-1): probability that a lone player beats the dummy."""
        from guts_family.games.guts_321 import lone_player_odds

        o = lone_player_odds(cards, min_hand)
        emit({**o.as_dict(), "version": __version__}, as_json,
              f"Guts (3-2-1), {cards}-card round, lone player "
              f"({'any hand' if not min_hand else min_hand + ' or better'}) vs dummy: "
              f"win {pct(o.win)}  tie {pct(o.tie)}  lose {pct(o.lose)}  "
              f"({o.win_count:,} / {o.tie_count:,} / {o.lose_count:,} of {o.total:,})", ctx)

    @app.command("challenge")
    def challenge_cmd(
        ctx: typer.Context,
        hand: str = typer.Argument(..., metavar="HAND", help="Your hand, e.g. \"Ks Kd 9c\"."),
        pot: str = typer.Option(..., "--pot", help="Pot size (each of your two bets matches it)."),
        limit: str | None = typer.Option(None, "--limit",
                                         help="Match limit: the most each bet is (default: the "
                                              "pot)."),
        dead: str = typer.Option("", "--dead", help="Seen cards out of play."),
        tie: str = typer.Option("replay", "--tie", help=TIE_HELP),
        dealer_min: str | None = typer.Option(None, "--dealer-min",
                                                 help="Dealer calls with this or better, e.g. A "
                                                      "(ace high) or 77."),
        qualify: str = typer.Option("A", "--qualify",
                                    help="Dealer qualifier, e.g. A (ace high) or 77."),
        challengers: int = typer.Option(1, "--challengers",
                                        help="Players challenging the dealer, you included "
                                             "(1-16); the best hand takes the pot."),
        hand_range: str | None = typer.Option(
            None, "--range", help="Range of the other challengers: any, pair+, K-high+, KQ9+, "
                                  "77-AAA, top 20% (see docs/guts.md). Exact."),
        dealer_range: str | None = typer.Option(
            None, "--dealer-range", help="Range of the dealer's hand (instead of --dealer-min), "
                                         "same syntax. Exact."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Challenge guts: EV of challenging the dealer at 2-1, and the dealer's qualifying odds."""
        args = (parse_cards(hand), parse_amount(pot, "pot"), parse_cards(dead),
                parse_amount(limit, "limit"))
        from guts_family.games import get_game  # once the cards and amounts are read
        from guts_family.games.challenge_guts import challenge
        from guts_family.ranges import parse_range

        order = get_game("challenge").order()
        c_rng = None if hand_range is None else parse_range(hand_range, order)
        d_rng = None if dealer_range is None else parse_range(dealer_range, order)
        r = challenge(*args, tie, dealer_min, qualify, challengers, c_rng, d_rng)
        others = f" and {challengers - 1} other challenger(s)" if challengers > 1 else ""
        if c_rng is not None:
            others += f" holding {c_rng.describe()}"
        if d_rng is not None:
            others = f" (holding {d_rng.describe()})" + others
        emit({**r.as_dict(), "version": __version__}, as_json, "\n".join([
            odds_text(f"Challenge guts: {cards_str(r.odds.hero)} vs the dealer"
                       + (f" ({dealer_min} or better)" if dealer_min else "") + others, r.odds),
            f"  EV of challenging at 2-1: {r.ev:+.6f} -> {r.best}",
            f"  dealer holds {qualify} high or better: "
            f"{pct(r.qualify_count / r.qualify_total)} "
            f"({r.qualify_count:,} of {r.qualify_total:,})"]), ctx)

    @app.command("qualify")
    def qualify_cmd(
        ctx: typer.Context,
        qualify: str = typer.Option("A", "--qualify",
                                    help="Dealer qualifier, e.g. A (ace high) or 77."),
        dead: str = typer.Option("", "--dead", help="Cards the dealer cannot hold."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        at_least_old: str | None = typer.Option(None, "--at-least", hidden=True,
                                                help="Old name of --qualify."),
    ) -> None:
        """Challenge guts variation: probability the dealer holds the qualifier or better."""
        at_least = renamed(ctx, "--qualify", "--at-least", qualify, at_least_old)
        dead_cards = parse_cards(dead)
        if 52 - len(dead_cards) < _DEALER_CARDS:
            raise ValueError(f"--dead leaves {52 - len(dead_cards)} unseen cards but the dealer "
                             f"holds {_DEALER_CARDS}: give at most {52 - _DEALER_CARDS} dead "
                             "cards")
        from guts_family.games.challenge_guts import dealer_qualifies

        q, total = dealer_qualifies(at_least, dead_cards)
        emit({"at_least": at_least, "p": q / total, "count": q, "total": total, "exact": True,
               "version": __version__}, as_json,
              f"dealer holds {at_least} high or better: {pct(q / total)} ({q:,} of {total:,})",
              ctx)
