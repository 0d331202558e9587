"""The ``guts-odds`` command: exact odds of the match-the-pot guts games from the command line.

Commands: ``vs-pot``, ``table``, ``threshold``, ``swap``, ``last-card-up``, ``lone``,
``challenge``, ``qualify`` (and ``omaha`` when guts_family.omaha_cli is present). Bad input
(an unknown card, a card given twice, an unknown game, a pot or limit that is not positive)
prints one line on stderr and exits with code 2.

>>> main(["vs-pot", "Qh", "--game", "guts321", "--json"])  # doctest: +ELLIPSIS
{"game": "guts321", "hand": "Qh", ..."counts": {"win": 40, "tie": 3, "lose": 8}, "total": 51, ...}
"""

from __future__ import annotations

import json
import os
import sys
from typing import Optional

import typer

from guts_family import __version__
from guts_family.cards import CardError, cards_str, parse_cards
from guts_family.odds import (GAME_NAMES, PLAYER_TIE_RULES, TIE_RULES, FieldOdds, check_stakes,
                              get_game)

__all__ = ["build_app", "main", "parse_amount", "DEFAULT_TABLE_DIR"]

DEFAULT_TABLE_DIR = os.path.join("strategy_tables", "guts")

# Usage errors (unknown option, bad integer...) are click exceptions; recent typer vendors its
# own click and no longer depends on the click package, so find the class through typer.
_CLICK_ERRORS = tuple(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
_ABORTS = (typer.Abort,)

_GAME_HELP = f"Game: {', '.join(GAME_NAMES)}."
_TIE_HELP = (f"Tie with the pot's/dummy/dealer hand: {', '.join(TIE_RULES)} "
             "(default: the game's, see docs/guts.md).")
_PTIE_HELP = f"Tie between players only: {', '.join(PLAYER_TIE_RULES)} (default split)."


def parse_amount(text: Optional[str], what: str, allow_zero: bool = False) -> Optional[float]:
    """A money amount from the command line; None stays None.

    >>> parse_amount("12.5", "pot"), parse_amount(None, "limit")
    (12.5, None)
    >>> parse_amount("-3", "pot")
    Traceback (most recent call last):
    ...
    ValueError: --pot must be a positive amount, got '-3'
    """
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"--{what} {text!r} is not a number: give e.g. --{what} 10") from None
    if value != value or value in (float("inf"), float("-inf")) or value < 0 or \
            (value == 0 and not allow_zero):
        kind = "zero or a positive" if allow_zero else "a positive"
        raise ValueError(f"--{what} must be {kind} amount, got {text!r}")
    return value


def _pct(x: float) -> str:
    return f"{100 * x:8.4f}%"


def _emit(data: dict, as_json: bool, text: str) -> None:
    if as_json:
        typer.echo(json.dumps(data))
    else:
        typer.echo(text)


def _odds_text(title: str, o: FieldOdds) -> str:
    lines = [title,
             f"  against: {', '.join(s.name + (' showing ' + cards_str(s.known) if s.known else '') for s in o.seats)}"
             + (f"; dead: {cards_str(o.dead)}" if o.dead else ""),
             f"  win  {_pct(o.win)}   {o.win_count:,}",
             f"  tie  {_pct(o.tie)}   {o.tie_count:,}",
             f"  lose {_pct(o.lose)}   {o.lose_count:,}",
             f"  of {o.total:,} deals (exact, complete enumeration)"]
    return "\n".join(lines)


def _opponent_cards(values: Optional[list[str]]) -> list[list[int]]:
    return [parse_cards(v) for v in (values or [])]


def build_app() -> typer.Typer:
    """The typer app with every command (and Omaha's, when its module is present).

    >>> sorted(c.name for c in build_app().registered_commands)[:4]
    ['challenge', 'last-card-up', 'lone', 'omaha']
    """
    app = typer.Typer(add_completion=False, no_args_is_help=True,
                      help="Exact odds for Phoenix Burn, Guts (3-2-1) and challenge guts.")

    def _version(value: bool) -> None:
        if value:
            typer.echo(f"guts-odds (guts_family) {__version__}")
            raise typer.Exit()

    @app.callback()
    def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                           help="Print the version and exit.")) -> None:
        """Exact odds for Phoenix Burn, Guts (3-2-1) and challenge guts."""

    @app.command("vs-pot")
    def vs_pot(
        hand: str = typer.Argument(..., help="Your hand, e.g. \"As Kd Qh\" (1-3 cards)."),
        game: str = typer.Option("phoenix", "--game", help=_GAME_HELP),
        dead: str = typer.Option("", "--dead", help="Seen cards out of play (face-up cards)."),
        opponents: Optional[int] = typer.Option(
            None, "--opponents", help="Other players in (phoenix/guts321: 0-2, challenge: 1-3)."),
        opponent_cards: Optional[list[str]] = typer.Option(
            None, "--opponent-cards", help="Shown cards of an opponent who is in; repeat per "
                                           "opponent (e.g. the burned player's face-up card)."),
        pot: Optional[str] = typer.Option(None, "--pot", help="Pot size: adds the EV of going in."),
        limit: Optional[str] = typer.Option(None, "--limit",
                                            help="Most a loser pays (default: the pot)."),
        tie: Optional[str] = typer.Option(None, "--tie", help=_TIE_HELP),
        player_tie: Optional[str] = typer.Option(None, "--player-tie", help=_PTIE_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Exact win / tie / lose of a hand against the pot (dummy) and other players."""
        g = get_game(game)
        cards = parse_cards(hand)
        o = g.odds(cards, parse_cards(dead), opponents, _opponent_cards(opponent_cards))
        tie_r, ptie_r = g.rules(tie, player_tie)
        pot_v, limit_v = parse_amount(pot, "pot"), parse_amount(limit, "limit")
        if pot_v is None and limit_v is not None:
            raise ValueError("--limit needs --pot: give e.g. --pot 10 --limit 5")
        data = {"game": g.name, **o.as_dict(), "tie_rule": tie_r, "player_tie_rule": ptie_r,
                "version": __version__}
        text = _odds_text(f"{g.title}: {cards_str(cards)}", o)
        if pot_v is not None:
            ev = o.ev(pot_v, limit_v, tie_r, ptie_r)
            data.update({"pot": pot_v, "limit": limit_v, "ev_in": ev, "ev_out": 0.0,
                         "go_in": ev > 0})
            text += (f"\n  EV of going in: {ev:+.6f} (pot {pot_v:g}, pays "
                     f"{min(pot_v, limit_v) if limit_v else pot_v:g} on a loss; ties: "
                     f"{tie_r}/{ptie_r}) -> {'go in' if ev > 0 else 'stay out'}")
        _emit(data, as_json, text)

    @app.command("table")
    def table(
        game: str = typer.Option("phoenix", "--game", help=_GAME_HELP),
        cards: Optional[int] = typer.Option(None, "--cards", help="Round size (guts321: 3, 2, 1)."),
        opponents: Optional[int] = typer.Option(None, "--opponents", help="Other players in."),
        pot: str = typer.Option("1", "--pot", help="Pot size for the EV column (default 1)."),
        limit: Optional[str] = typer.Option(None, "--limit", help="Most a loser pays."),
        fee: str = typer.Option("0", "--fee", help="Phoenix swap fee for the swap columns."),
        tie: Optional[str] = typer.Option(None, "--tie", help=_TIE_HELP),
        player_tie: Optional[str] = typer.Option(None, "--player-tie", help=_PTIE_HELP),
        fmt: str = typer.Option("csv", "--format", help="csv, xlsx or both."),
        out: str = typer.Option(DEFAULT_TABLE_DIR, "--out", help="Output folder."),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
    ) -> None:
        """Every hand class with its exact odds and EV, written as CSV / xlsx."""
        if fmt not in ("csv", "xlsx", "both"):
            raise ValueError(f"unknown --format {fmt!r}: choose csv, xlsx or both")
        g = get_game(game)
        extra = {"fee": parse_amount(fee, "fee", allow_zero=True)} if g.name == "phoenix" else {}
        t = g.table(cards, opponents, parse_amount(pot, "pot"), parse_amount(limit, "limit"),
                    tie, player_tie, **extra)
        stem = f"{g.name}-{t.meta['cards']}card"
        if t.meta["opponents"] != g.default_opponents:
            stem += f"-{t.meta['opponents']}opp"
        paths = []
        if fmt in ("csv", "both"):
            paths.append(os.path.join(out, stem + ".csv"))
            t.to_csv(paths[-1])
        if fmt in ("xlsx", "both"):
            paths.append(os.path.join(out, stem + ".xlsx"))
            t.to_xlsx(paths[-1])
        meta = {**t.meta, "files": paths}
        _emit(meta, as_json, "\n".join(
            [f"{g.title}, {t.meta['cards']}-card hands, against {t.meta['seats']}: "
             f"{len(t.frame)} hand classes -> {', '.join(paths)}",
             f"weakest hand worth going in (pot {t.meta['pot']:g}, limit {t.meta['limit']}, "
             f"ties {t.meta['tie']}/{t.meta['player_tie']}): "
             f"{t.meta['weakest_hand_worth_going_in'] or 'none'}"]))

    @app.command("threshold")
    def threshold(
        pot: str = typer.Option("1", "--pot", help="Pot size."),
        limit: Optional[str] = typer.Option(None, "--limit", help="Most a loser pays."),
        tie: Optional[str] = typer.Option(None, "--tie", help=_TIE_HELP),
        player_tie: Optional[str] = typer.Option(None, "--player-tie", help=_PTIE_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """The weakest hand worth going in, for each game and round size (one opposing hand)."""
        pot_v, limit_v = parse_amount(pot, "pot"), parse_amount(limit, "limit")
        rows = []
        for name in GAME_NAMES:
            g = get_game(name)
            for cards in g.rounds:
                t = g.table(cards, None, pot_v, limit_v, tie, player_tie)
                rows.append({"game": name, "cards": cards, "against": t.meta["seats"],
                             "tie": t.meta["tie"], "player_tie": t.meta["player_tie"],
                             "weakest_hand_worth_going_in": t.meta["weakest_hand_worth_going_in"]})
        _emit({"pot": pot_v, "limit": limit_v, "rows": rows, "version": __version__}, as_json,
              "\n".join(f"{r['game']:9} {r['cards']}-card hands vs {r['against']:9} "
                        f"(ties {r['tie']}/{r['player_tie']}): go in with "
                        f"{r['weakest_hand_worth_going_in'] or 'nothing'} or better"
                        for r in rows))

    @app.command("swap")
    def swap_cmd(
        hand: str = typer.Argument(..., help="The burned player's hand, e.g. \"9s 7d 2c\"."),
        pot: str = typer.Option(..., "--pot", help="Pot size."),
        fee: str = typer.Option("1", "--fee", help="Fee for swapping with the pot (default 1)."),
        limit: Optional[str] = typer.Option(None, "--limit", help="Most a loser pays."),
        dead: str = typer.Option("", "--dead", help="Other players' face-up cards."),
        tie: str = typer.Option("pot", "--tie", help=_TIE_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Phoenix Burn: EV of keeping the burned hand or swapping it with the pot's for a fee."""
        from guts_family.phoenix_burn import swap

        d = swap(parse_cards(hand), parse_amount(pot, "pot"), parse_amount(fee, "fee", True),
                 parse_amount(limit, "limit"), parse_cards(dead), tie)
        _emit({**d.as_dict(), "version": __version__}, as_json, "\n".join([
            _odds_text(f"Phoenix Burn, burned player {cards_str(d.keep.hero)} keeping", d.keep),
            f"  EV keep {d.ev_keep:+.6f}   EV swap (fee {d.fee:g}) {d.ev_swap:+.6f}"
            f"   -> {d.best} (break-even fee {d.break_even_fee:.6f})"]))

    @app.command("last-card-up")
    def last_card_up_cmd(
        players: int = typer.Option(..., "--players", help="Players dealt, burned player included."),
        burn_tie: str = typer.Option("suit", "--burn-tie",
                                     help="Tie for highest face-up card: suit or redeal."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Phoenix Burn, last card up: the burned player's exact odds against the pot."""
        from guts_family.phoenix_burn import last_card_up

        o = last_card_up(players, burn_tie)
        cats = ", ".join(f"{k} {_pct(v).strip()}" for k, v in o.by_category().items())
        _emit({**o.as_dict(), "version": __version__}, as_json, "\n".join([
            f"Phoenix Burn, last card up, {players} players, burn ties: {burn_tie}",
            f"  burned player vs pot: win {_pct(o.win)}  tie {_pct(o.tie)}  lose {_pct(o.lose)}",
            f"  burned hand: {cats}", f"  of {o.total:,} weighted deals (exact)"]))

    @app.command("lone")
    def lone(
        cards: int = typer.Option(3, "--cards", help="Round size: 3, 2 or 1."),
        min_hand: Optional[str] = typer.Option(None, "--min-hand",
                                               help="Player goes in with this class or better."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Guts (3-2-1): probability that a lone player beats the dummy."""
        from guts_family.guts_321 import lone_player_odds

        o = lone_player_odds(cards, min_hand)
        _emit({**o.as_dict(), "version": __version__}, as_json,
              f"Guts (3-2-1), {cards}-card round, lone player "
              f"({'any hand' if not min_hand else min_hand + ' or better'}) vs dummy: "
              f"win {_pct(o.win)}  tie {_pct(o.tie)}  lose {_pct(o.lose)}  "
              f"({o.win_count:,} / {o.tie_count:,} / {o.lose_count:,} of {o.total:,})")

    @app.command("challenge")
    def challenge_cmd(
        hand: str = typer.Argument(..., help="Your hand, e.g. \"Ks Kd 9c\"."),
        pot: str = typer.Option(..., "--pot", help="Pot size (each of your two bets matches it)."),
        limit: Optional[str] = typer.Option(None, "--limit", help="Cap on each bet."),
        dead: str = typer.Option("", "--dead", help="Seen cards out of play."),
        tie: str = typer.Option("replay", "--tie", help=_TIE_HELP),
        dealer_min: Optional[str] = typer.Option(None, "--dealer-min",
                                                 help="Dealer calls with this or better, e.g. A "
                                                      "(ace high) or 77."),
        qualify: str = typer.Option("A", "--qualify", help="Dealer qualifier (default A: ace high)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Challenge guts: EV of challenging the dealer at 2-1, and the dealer's qualifying odds."""
        from guts_family.challenge_guts import challenge

        r = challenge(parse_cards(hand), parse_amount(pot, "pot"), parse_cards(dead),
                      parse_amount(limit, "limit"), tie, dealer_min, qualify)
        _emit({**r.as_dict(), "version": __version__}, as_json, "\n".join([
            _odds_text(f"Challenge guts: {cards_str(r.odds.hero)} vs the dealer"
                       + (f" ({dealer_min} or better)" if dealer_min else ""), r.odds),
            f"  EV of challenging at 2-1: {r.ev:+.6f} -> {r.best}",
            f"  dealer holds {qualify} high or better: "
            f"{_pct(r.qualify_count / r.qualify_total)} ({r.qualify_count:,} of {r.qualify_total:,})"]))

    @app.command("qualify")
    def qualify_cmd(
        at_least: str = typer.Option("A", "--at-least", help="Qualifier, e.g. A (ace high), 77."),
        dead: str = typer.Option("", "--dead", help="Cards the dealer cannot hold."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Challenge guts variation: probability the dealer holds the qualifier or better."""
        from guts_family.challenge_guts import dealer_qualifies

        q, total = dealer_qualifies(at_least, parse_cards(dead))
        _emit({"at_least": at_least, "p": q / total, "count": q, "total": total, "exact": True,
               "version": __version__}, as_json,
              f"dealer holds {at_least} high or better: {_pct(q / total)} ({q:,} of {total:,})")

    try:
        from guts_family.omaha_cli import register as register_omaha
    except ImportError:
        pass
    else:
        register_omaha(app)
    return app


def _fail(message: str, code: int = 2) -> None:
    sys.stderr.write(f"guts-odds: error: {' '.join(str(message).split())}\n")
    sys.exit(code)


def main(argv: Optional[list[str]] = None) -> None:
    """Entry point of ``guts-odds``; bad input -> one line on stderr and exit code 2."""
    command = typer.main.get_command(build_app())
    try:
        rv = command.main(args=argv, prog_name="guts-odds", standalone_mode=False)
    except (CardError, ValueError) as exc:
        _fail(str(exc))
    except _ABORTS:
        _fail("aborted", 1)
    except _CLICK_ERRORS as exc:
        _fail(exc.format_message(), exc.exit_code)
    else:
        if isinstance(rv, int) and rv:
            sys.exit(rv)


if __name__ == "__main__":
    main()
