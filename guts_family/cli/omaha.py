"""The ``guts-odds omaha`` command: exact Omaha Burn equity and the burn decision.

:mod:`guts_family.cli.app` builds the ``guts-odds`` app and calls :func:`register`. Bad input raises
CardError / ValueError with a one-line message; the app's main() turns it into exit code 2. The
hands are the argument and ``--limit`` the match limit; ``--hands`` and ``--cap`` are their old
names, hidden, kept for one release.
"""

from __future__ import annotations

from fractions import Fraction

import typer

from guts_family.cards import cards_str, parse_cards, quoted
from guts_family.cli.common import (
    LIMIT_HELP,
    MAX_AMOUNT,
    check_amount_text,
    check_seconds,
    deprecated,
    emit,
    renamed,
)
from guts_family.omaha.burn import (
    MAX_SECONDS,
    BurnDecision,
    OmahaEquity,
    burn_decision,
    omaha_equity,
    parse_hands,
)

__all__ = ["register", "parse_amount", "render_text"]


def parse_amount(text: str, what: str) -> Fraction:
    """A non-negative amount such as "60", "2.5" or "1/3", kept exact (at most 10^15).

    The text is checked first (length, exponent), so no huge number is ever built from it.

    >>> parse_amount("2.5", "pot"), parse_amount("10", "cap")
    (Fraction(5, 2), Fraction(10, 1))
    >>> parse_amount("ten", "cap")
    Traceback (most recent call last):
    ...
    ValueError: --cap 'ten' is not a number
    """
    t = check_amount_text(text, what)
    try:
        value = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"--{what} {quoted(t)} is not a number") from None
    if value < 0:
        raise ValueError(f"--{what} must be 0 or more, got {quoted(t, repr_=False)}")
    if value > MAX_AMOUNT:
        raise ValueError(f"--{what} must be at most 10^15, got {quoted(t, repr_=False)}")
    return value


_STAGES = {"preflop": "preflop", "flop": "on the flop",
           "burn": "at the burn (turn dealt, river to come)", "river": "on the river"}


def _pct(x: Fraction) -> str:
    return f"{100 * float(x):8.4f}%"


def render_text(result: OmahaEquity, decisions: list[BurnDecision]) -> str:
    """Human-readable table of the exact odds and the burn decisions.

    >>> print(render_text(omaha_equity(["As3sJhTd", "QcQh5c6d"], "KsQs7d2s"), []))
    ... # doctest: +NORMALIZE_WHITESPACE
    Omaha high at the burn (turn dealt, river to come), board Ks Qs 7d 2s
    exact: 40 board run-outs, 40 deals
    hand              equity     scoop  win high  tie high      lose
    As 3s Jh Td     75.0000%  75.0000%  75.0000%   0.0000%  25.0000%
    Qc Qh 5c 6d     25.0000%  25.0000%  25.0000%   0.0000%  75.0000%
    """
    game = "Omaha high-low (eight or better)" if result.hilo else "Omaha high"
    board = f", board {cards_str(result.board)}" if result.board else ""
    lines = [f"{game} {_STAGES[result.stage]}{board}",
             f"exact: {result.boards:,} board run-outs, {result.deals:,} deals"
             + (f" ({result.opponents} unknown opponent{'s' if result.opponents > 1 else ''})"
                if result.opponents else "")]
    cols = ["equity", "scoop", "win high", "tie high"]
    if result.hilo:
        cols += ["win low", "tie low"]
    cols.append("lose")
    width = max(len("hand"), max(len(p.hand) for p in result.players)) + 2
    if result.opponents > 1:
        width = max(width, len("random (each)") + 2)
    lines.append(f"{'hand':<{width}}" + "".join(f"{c:>10}" for c in cols))
    shown = set()
    for p in result.players:
        if p.hand == "random":
            if "random" in shown:
                continue
            shown.add("random")
        vals = [p.equity, p.scoop, p.win_high, p.tie_high]
        if result.hilo:
            vals += [p.win_low, p.tie_low]
        vals.append(p.lose)
        label = p.hand if p.hand != "random" or result.opponents == 1 else "random (each)"
        lines.append(f"{label:<{width}}" + "".join(f"{_pct(v):>10}" for v in vals))
    for d in decisions:
        cap = "no cap" if d.cap is None else f"cap {float(d.cap):g}"
        verdict = "BURN" if d.burn else "FOLD"
        lines.append(f"{d.player}: {verdict}  EV of burning {float(d.ev_burn):+.4f} vs 0 folding "
                     f"(pot {float(d.pot):g}, {cap}, a losing burner pays {float(d.match):g}; "
                     f"break-even equity {100 * float(d.break_even_equity):.2f}% "
                     "for win-all-or-lose)")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add the ``omaha`` command to a typer app.

    >>> app = typer.Typer(); register(app); [c.name for c in app.registered_commands]
    ['omaha']
    """

    @app.command("omaha")
    def omaha(
        ctx: typer.Context,
        hands: str | None = typer.Argument(
            None, metavar="HANDS", show_default=False,
            help="Known hands, e.g. \"AsAhKsKh JdTc9d8c\" (the first is you for the burn "
                 "decision)."),
        board: str = typer.Option("", "--board",
                                  help="Board: empty (preflop), 3 (flop), 4 (the burn) or 5 "
                                       "cards."),
        hilo: bool = typer.Option(False, "--hilo", help="High-low split, eight or better."),
        opponents: int = typer.Option(0, "--opponents", min=0,
                                      help="Unknown opponents (other burners) besides the hands."),
        pot: str | None = typer.Option(None, "--pot",
                                          help="Pot size: adds the burn decision of each hand."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        max_seconds: float = typer.Option(MAX_SECONDS, "--max-seconds",
                                          help="Refuse enumerations estimated to take longer."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        hands_old: str | None = typer.Option(None, "--hands", hidden=True,
                                             help="Old name of the HANDS argument."),
        cap_old: str | None = typer.Option(None, "--cap", hidden=True,
                                           help="Old name of --limit."),
    ) -> None:
        """Exact Omaha Burn equity of each hand (every river at the burn, every board earlier),
        and the EV of burning versus folding."""
        if hands_old is not None:
            if hands is not None:
                raise ValueError("--hands is the old name of the HANDS argument: give the hands "
                                 "once, e.g. guts-odds omaha \"AsAhKsKh JdTc9d8c\"")
            deprecated("--hands", "give the hands as the argument")
            hands = ctx.params["hands"] = hands_old
        if hands is None:
            raise ValueError("no hands given: give them as the argument, e.g. guts-odds omaha "
                             "\"AsAhKsKh JdTc9d8c\"")
        limit_name = "--cap" if cap_old is not None else "--limit"
        cap = renamed(ctx, "--limit", "--cap", limit, cap_old)
        check_seconds(max_seconds)
        known = parse_hands(hands)
        pot_v = parse_amount(pot, "pot") if pot is not None else None
        cap_v = parse_amount(cap, limit_name[2:]) if cap is not None else None
        if cap_v is not None and pot_v is None:
            raise ValueError(f"{limit_name} needs --pot (the burn decision needs the pot size)")
        if pot_v is not None and pot_v <= 0:
            raise ValueError(f"--pot must be more than 0, got {pot}")
        result = omaha_equity(known, parse_cards(board), hilo=hilo, opponents=opponents,
                              max_seconds=max_seconds)
        decisions = [burn_decision(result, pot_v, cap_v, player=i)
                     for i in range(len(known))] if pot_v is not None else []
        out = result.as_dict()
        if decisions:
            out["burn"] = [d.as_dict() for d in decisions]
        emit(out, as_json, render_text(result, decisions), ctx)
