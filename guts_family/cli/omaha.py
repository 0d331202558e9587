"""The ``guts-odds omaha`` command: Omaha Burn equity (exact, or sampled) and the burn decision;
``guts-odds omaha-threshold``: which hands should burn at the turn (the burn threshold).

Exact enumeration when its time estimate fits ``--max-seconds``, else seeded Monte Carlo with
error bars (``--exact`` / ``--sample`` force one); every output says which method produced it.

:mod:`guts_family.cli.app` builds the ``guts-odds`` app and calls :func:`register`. Bad input raises
CardError / ValueError with a one-line message; the app's main() turns it into exit code 2. The
hands are the argument and ``--limit`` the match limit; ``--hands`` and ``--cap`` are their old
names, hidden, kept for one release. Omaha Burn's modules (and numba) are imported inside the
commands, after the options' checks; the help's defaults come from :mod:`guts_family.defaults`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

import typer

from guts_family.cards import cards_str, parse_cards, quoted
from guts_family.cli.common import deprecated, emit, renamed
from guts_family.cli.options import (
    EXACT_HELP,
    LIMIT_HELP,
    MAX_AMOUNT,
    SAMPLE_HELP,
    SAMPLES_HELP,
    SEED_HELP,
    TARGET_SE_HELP,
    WORKERS_HELP,
    check_amount_text,
    check_method_options,
)
from guts_family.cli.text import sampling_summary
from guts_family.defaults import (
    DEFAULT_INDEX_DEALS,
    DEFAULT_SITUATIONS,
    DEFAULT_WINDOW,
    OMAHA_MAX_SECONDS,
    OMAHA_RANGE_HELP,
)
from toolkit_cli.checks import check_seconds
from toolkit_cli.progress import progress

if TYPE_CHECKING:
    from guts_family.omaha.decision import BurnDecision, SampledBurnDecision
    from guts_family.omaha.exact import OmahaEquity
    from guts_family.omaha.ranges import OmahaRange
    from guts_family.omaha.sample import SampledOmahaEquity
    from guts_family.omaha.threshold import Threshold

__all__ = ["register", "register_threshold", "parse_amount", "parse_players", "render_text",
           "render_sampled_text", "render_threshold_text"]


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


#: the labels of the unknown opponents' rows: random holdings, or holdings of a range
_UNKNOWN = ("random", "range")


def _range_line(r: OmahaRange | None, opponents: int) -> list[str]:
    """The line naming the unknown opponents' range, if there is one."""
    if r is None:
        return []
    who = "the unknown opponent's hand is" if opponents == 1 else \
        f"each of the {opponents} unknown opponents' hands is"
    return [f"{who} in the range {r.describe()}"]


def _pct(x: Fraction) -> str:
    return f"{100 * float(x):8.4f}%"


def render_text(result: OmahaEquity, decisions: list[BurnDecision]) -> str:
    """Human-readable table of the exact odds and the burn decisions.

    >>> from guts_family.omaha.exact import omaha_equity
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
             f"{result.method}: {result.boards:,} board run-outs, {result.deals:,} deals"
             + (f" ({result.opponents} unknown opponent{'s' if result.opponents > 1 else ''})"
                if result.opponents else "")]
    lines += _range_line(result.opponent_range, result.opponents)
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
        if p.hand in _UNKNOWN:
            if p.hand in shown:
                continue
            shown.add(p.hand)
        vals = [p.equity, p.scoop, p.win_high, p.tie_high]
        if result.hilo:
            vals += [p.win_low, p.tie_low]
        vals.append(p.lose)
        label = p.hand if p.hand not in _UNKNOWN or result.opponents == 1 \
            else f"{p.hand} (each)"
        lines.append(f"{label:<{width}}" + "".join(f"{_pct(v):>10}" for v in vals))
    for d in decisions:
        cap = "no cap" if d.cap is None else f"cap {float(d.cap):g}"
        verdict = "BURN" if d.burn else "FOLD"
        lines.append(f"{d.player}: {verdict}  EV of burning {float(d.ev_burn):+.4f} vs 0 folding "
                     f"(pot {float(d.pot):g}, {cap}, a losing burner pays {float(d.match):g}; "
                     f"break-even equity {100 * float(d.break_even_equity):.2f}% "
                     "for win-all-or-lose)")
    return "\n".join(lines)


def _pct_se(x: float) -> str:
    return f"{100 * x:.4f}%"


def render_sampled_text(result: SampledOmahaEquity, decisions: list[SampledBurnDecision],
                        why: str = "") -> str:
    """Human-readable table of sampled odds: each equity with its standard error and 99 %
    interval, the other columns' largest standard error, and the burn decisions with theirs.

    >>> from guts_family.omaha.sample import omaha_sample
    >>> r = omaha_sample(["AsAhKsKh"], "Qd7c2h3s", opponents=2, seed=1, samples=20_000)
    >>> print(render_sampled_text(r, []))  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    Omaha high at the burn (turn dealt, river to come), board Qd 7c 2h 3s
    sampled (Monte Carlo, not exact): 20,000 random deals against 2 unknown opponents, seed 1,
    1 worker, ... s; stopped at --samples
    hand             equity    s.e.     99% interval       scoop  win high  tie high      lose
    As Ah Ks Kh    ...
    random (each)  ...
    every figure above is a sampled estimate; the largest standard error in the columns after
    the interval is ...
    """
    game = "Omaha high-low (eight or better)" if result.hilo else "Omaha high"
    board = f", board {cards_str(result.board)}" if result.board else ""
    lines = [f"{game} {_STAGES[result.stage]}{board}"]
    if why:
        lines.append(why)
    against = (f" against {result.opponents} unknown opponent"
               f"{'s' if result.opponents > 1 else ''}" if result.opponents else "")
    lines.append(sampling_summary(result.run, "random deals" + against))
    lines += _range_line(result.opponent_range, result.opponents)
    if result.opponent_range is not None:
        lines.append(f"the range by rejection: {100 * result.acceptance:.3g}% of the draws of "
                     "the unknown holdings were disjoint and kept")
    run = result.run
    if run.stopped_by == "max-seconds" and run.target_se is not None \
            and result.worst_se > run.target_se:
        lines.append(f"the target standard error {run.target_se:g} was not reached (largest "
                     f"{result.worst_se:.2g}): allow more --max-seconds or --workers")
    cols = ["scoop", "win high", "tie high"]
    if result.hilo:
        cols += ["win low", "tie low"]
    cols.append("lose")
    names = {"win high": "win_high", "tie high": "tie_high", "win low": "win_low",
             "tie low": "tie_low"}
    width = max(len("hand"), max(len(p.hand) for p in result.players)) + 2
    if result.opponents > 1:
        width = max(width, len("random (each)") + 2)
    lines.append(f"{'hand':<{width}}{'equity':>9}{'s.e.':>8}   {'99% interval':<18}"
                 + "".join(f"{c:>10}" for c in cols))
    worst_other = 0.0
    shown = set()
    for p in result.players:
        if p.hand in _UNKNOWN:
            if p.hand in shown:
                continue
            shown.add(p.hand)
        label = p.hand if p.hand not in _UNKNOWN or result.opponents == 1 \
            else f"{p.hand} (each)"
        ests = [getattr(p, names.get(c, c)) for c in cols]
        worst_other = max([worst_other] + [e.se for e in ests])
        interval = f"{100 * p.equity.low:.2f}-{100 * p.equity.high:.2f}%"
        lines.append(f"{label:<{width}}{_pct_se(p.equity.value):>9}{_pct_se(p.equity.se):>8}   "
                     f"{interval:<18}" + "".join(f"{_pct(Fraction(e.value)):>10}" for e in ests))
    lines.append("every figure above is a sampled estimate; the largest standard error in the "
                 f"columns after the interval is {_pct_se(worst_other)}")
    for d in decisions:
        cap = "no cap" if d.cap is None else f"cap {float(d.cap):g}"
        verdict = "BURN" if d.burn else "FOLD"
        note = "" if d.clear else " - too close to call at 99 %: sample more"
        lines.append(f"{d.player}: {verdict}{note}  EV of burning {d.ev_burn.value:+.4f} "
                     f"(s.e. {d.ev_burn.se:.4f}, 99% {d.ev_burn.low:+.4f} to "
                     f"{d.ev_burn.high:+.4f}) vs 0 folding (pot {float(d.pot):g}, {cap}, a "
                     f"losing burner pays {float(d.match):g})")
    return "\n".join(lines)


def _why_sampled(deals: int, seconds: float, max_seconds: float) -> str:
    """Why the figures are sampled: the exact enumeration's size and estimated time.

    >>> _why_sampled(211_315_436_640, 2520.0, 60)  # doctest: +NORMALIZE_WHITESPACE
    'exact enumeration of 211,315,436,640 deals would take about 42 minutes (--max-seconds 60):
    sampled instead'
    >>> _why_sampled(10 ** 35, 10 ** 20, 60)[:65]
    'exact enumeration of 1e+35 deals would take over a thousand years'
    """
    count = f"{deals:,}" if deals < 10 ** 15 else f"{deals:.3g}"
    year = 365 * 86400
    if seconds > 1000 * year:
        took = "over a thousand years"
    else:
        took = next((f"about {seconds / size:,.0f} {unit}" for unit, size in
                     (("years", year), ("days", 86400), ("hours", 3600), ("minutes", 60))
                     if seconds >= 2 * size), f"about {seconds:,.0f} s")
    return (f"exact enumeration of {count} deals would take {took} (--max-seconds "
            f"{max_seconds:g}): sampled instead")


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
        range_text: str | None = typer.Option(None, "--range", help=OMAHA_RANGE_HELP),
        pot: str | None = typer.Option(None, "--pot",
                                          help="Pot size: adds the burn decision of each hand."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        max_seconds: float = typer.Option(
            OMAHA_MAX_SECONDS, "--max-seconds",
            help="Exact enumeration when estimated to finish within this; else sampling, "
                 "which stops at this time."),
        exact: bool = typer.Option(False, "--exact", help=EXACT_HELP),
        sample: bool = typer.Option(False, "--sample", help=SAMPLE_HELP),
        target_se: float | None = typer.Option(None, "--target-se", help=TARGET_SE_HELP),
        samples: int | None = typer.Option(None, "--samples", help=SAMPLES_HELP),
        seed: int | None = typer.Option(None, "--seed", help=SEED_HELP),
        workers: int | None = typer.Option(None, "--workers", help=WORKERS_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        hands_old: str | None = typer.Option(None, "--hands", hidden=True,
                                             help="Old name of the HANDS argument."),
        cap_old: str | None = typer.Option(None, "--cap", hidden=True,
                                           help="Old name of --limit."),
    ) -> None:
        """Omaha Burn equity of each hand, exact (every river at the burn, every board earlier)
        or, where that cannot finish in --max-seconds, sampled with error bars; and the EV of
        burning versus folding."""
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
        # the options' own errors first, before Omaha Burn's modules (and numba) are imported
        pot_v = parse_amount(pot, "pot") if pot is not None else None
        cap_v = parse_amount(cap, limit_name[2:]) if cap is not None else None
        if cap_v is not None and pot_v is None:
            raise ValueError(f"{limit_name} needs --pot (the burn decision needs the pot size)")
        if pot_v is not None and pot_v <= 0:
            raise ValueError(f"--pot must be more than 0, got {pot}")
        check_method_options(exact, sample, seed, target_se, samples, workers)
        board_given = parse_cards(board)
        from guts_family.omaha.text import parse_hands  # light: the cards alone

        known = parse_hands(hands)
        from guts_family.omaha.decision import burn_decision, sampled_burn_decision
        from guts_family.omaha.exact import (
            check_deal,
            check_range,
            deal_count,
            estimate_seconds,
            omaha_equity,
        )
        from guts_family.omaha.ranges import parse_omaha_range
        from guts_family.omaha.sample import choose_method, omaha_sample

        known, board_cards = check_deal(known, board_given, opponents)
        if len(known) + opponents < 2:  # nothing to count: say so now, not after the count
            raise ValueError("one hand and no opponents: nobody plays against it (it wins "
                             "every pot); give a second hand or --opponents K")
        opp_range = parse_omaha_range(range_text, hilo) if range_text is not None else None
        if opp_range is not None and opp_range.is_everything:
            if opponents < 1:
                raise ValueError("a range is for unknown opponents: give --opponents K as well")
            opp_range = None  # every holding: the unranged count and sampling
        listed = check_range(opp_range, known, board_cards, opponents)
        in_range = None if listed is None else len(listed)
        method = choose_method(len(known), len(board_cards), opponents, max_seconds,
                               "exact" if exact else "sample" if sample else "auto", in_range)
        if method == "exact":
            result = omaha_equity(known, board_cards, hilo=hilo, opponents=opponents,
                                  max_seconds=max_seconds, opponent_range=opp_range)
            decisions = [burn_decision(result, pot_v, cap_v, player=i)
                         for i in range(len(known))] if pot_v is not None else []
            out = result.as_dict()
            if decisions:
                out["burn"] = [d.as_dict() for d in decisions]
            emit(out, as_json, render_text(result, decisions), ctx)
            return
        why = ""
        if not sample:
            boards, deals = deal_count(len(known), len(board_cards), opponents)
            if in_range is not None:  # at most every set of in-range holdings, on every board
                deals = min(deals, boards * comb(in_range, opponents))
            why = _why_sampled(deals,
                               estimate_seconds(len(known), len(board_cards), opponents,
                                                in_range), max_seconds)
        sampled = omaha_sample(known, board_cards, hilo=hilo, opponents=opponents, seed=seed,
                               target_se=target_se, samples=samples, max_seconds=max_seconds,
                               workers=workers, opponent_range=opp_range)
        ctx.params["seed"] = sampled.run.seed  # the provenance line reproduces the draw
        sdecisions = [sampled_burn_decision(sampled, pot_v, cap_v, player=i)
                      for i in range(len(known))] if pot_v is not None else []
        out = sampled.as_dict()
        if why:
            out["why_sampled"] = why
        if sdecisions:
            out["burn"] = [d.as_dict() for d in sdecisions]
        emit(out, as_json, render_sampled_text(sampled, sdecisions, why), ctx)


def parse_players(text: str) -> list[int]:
    """Table sizes: ``"4"``, ``"2-6"`` or ``"2,4,6"`` (2 to 11 players each).

    >>> parse_players("2-4"), parse_players("3, 6")
    ([2, 3, 4], [3, 6])
    >>> parse_players("1")
    Traceback (most recent call last):
    ...
    ValueError: --players must be 2 to 11 (a burn needs at least two players), got 1
    """
    from guts_family.omaha.text import check_burn_players  # light: the cards alone

    sizes: list[int] = []
    for part in text.replace(" ", "").split(","):
        a, dash, b = part.partition("-")
        if not a.isdigit() or (dash and not b.isdigit()) or len(part) > 5:
            raise ValueError(f"--players {quoted(text)} is not a table size: give e.g. "
                             "--players 4, --players 2-6 or --players 2,4,6")
        lo, hi = int(a), int(b) if dash else int(a)
        for n in (lo, hi):
            check_burn_players(n)
        sizes += [n for n in range(lo, hi + 1) if n not in sizes]
    if not sizes:
        raise ValueError(f"--players {quoted(text)} names no table size: give e.g. --players 2-6")
    return sizes


def render_threshold_text(rows: list[Threshold]) -> str:
    """The thresholds as a table, labelled sampled, with the model in a few lines.

    >>> from guts_family.omaha.threshold import turn_population, solve_threshold
    >>> r = solve_threshold(turn_population(2, 256, 40, seed=3), 30, 10, window=0.1)
    >>> print(render_threshold_text([r]))  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE
    Omaha Burn (high) burn thresholds at the turn: burn when your equity against the other
    players' random hands is at least e*
    sampled (Monte Carlo, not exact): 256 turn situations per table size, each player's equity
    from 40 random deals, seed 3; standard errors from 10 batch means
    players     pot  limit  myopic e  equilibrium e*  (s.e.)  burn rate ...
          2      30     10   25.00%  ...
    ...
    """
    from guts_family.omaha.threshold import BATCHES

    first = rows[0]
    lines = ["Omaha Burn (high) burn thresholds at the turn: burn when your equity against the "
             "other players' random hands is at least e*",
             f"sampled (Monte Carlo, not exact): {first.situations:,} turn situations per table "
             f"size, each player's equity from {first.index_deals:,} random deals, seed "
             f"{first.seed}; standard errors from {BATCHES} batch means",
             f"{'players':>7}{'pot':>8}{'limit':>7}{'myopic e':>10}{'equilibrium e*':>16}"
             f"{'(s.e.)':>8}{'burn rate':>11}{'(s.e.)':>8}{'share vs field':>16}{'(s.e.)':>8}"]
    for r in rows:
        limit = "none" if r.cap is None else f"{float(r.cap):g}"
        lines.append(f"{r.players:>7}{float(r.pot):>8g}{limit:>7}"
                     f"{100 * float(r.myopic):>9.2f}%{100 * r.equity:>15.2f}%"
                     f"{100 * r.equity_se:>7.2f}%{100 * r.burn_rate:>10.1f}%"
                     f"{100 * r.burn_rate_se:>7.1f}%{100 * r.share_vs_field:>15.2f}%"
                     f"{100 * r.share_vs_field_se:>7.2f}%")
    lines += ["myopic e: break-even equity match / (pot + match) if the burners held random "
              "hands (exact); e*: the symmetric equilibrium, when every player burns at equity "
              ">= e* (sampled); share vs field: the expected pot share of a hand at e* that "
              "burns, against the players who burn (a lone burner takes the whole pot)",
              "model: everyone reaches the burn; each knows only their own cards and the turn "
              "board; decisions at once; a tie splits the pot and pays nothing; a loser pays "
              "min(pot, limit); betting rounds and the next pot are not modelled"]
    return "\n".join(lines)


def register_threshold(app: typer.Typer) -> None:
    """Add the ``omaha-threshold`` command to a typer app.

    >>> app = typer.Typer(); register_threshold(app); [c.name for c in app.registered_commands]
    ['omaha-threshold']
    """

    @app.command("omaha-threshold")
    def omaha_threshold(
        ctx: typer.Context,
        players: str = typer.Option(..., "--players",
                                    help="Table sizes: 4, 2-6 or 2,4,6 (2 to 11 players)."),
        pot: str = typer.Option(..., "--pot",
                                help="Pot at the burn; several as 10,30,100."),
        limit: str | None = typer.Option(None, "--limit", help=LIMIT_HELP),
        ante: str = typer.Option("1", "--ante",
                                 help="Each player's ante (in the pot already); the match "
                                      "limit may not be below it."),
        situations: int = typer.Option(DEFAULT_SITUATIONS, "--situations",
                                       help="Sampled turn situations per table size."),
        index_deals: int = typer.Option(DEFAULT_INDEX_DEALS, "--index-deals",
                                        help="Random deals estimating each sampled player's "
                                             "equity."),
        window: float = typer.Option(DEFAULT_WINDOW, "--window",
                                     help="Half-width of the equity window of the local fit "
                                          "at a threshold."),
        seed: int | None = typer.Option(None, "--seed",
                                        help="Sampling: the seed (default: a fresh one, "
                                             "printed)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        cap_old: str | None = typer.Option(None, "--cap", hidden=True,
                                           help="Another name of --limit."),
    ) -> None:
        """Omaha Burn burn thresholds at the turn: the equity at or above which a hand should
        burn, for each table size and pot - the myopic break-even (exact) and the symmetric
        equilibrium against the players who burn (sampled, with standard errors)."""
        cap_text = renamed(ctx, "--limit", "--cap", limit, cap_old)
        sizes = parse_players(players)
        pots = [parse_amount(p, "pot") for p in pot.split(",")]
        ante_v = parse_amount(ante, "ante")
        cap_v = parse_amount(cap_text, "limit") if cap_text is not None else None
        from guts_family.omaha.threshold import (
            BATCHES,
            CHUNK,
            check_threshold_input,
            solve_threshold,
            turn_population,
        )
        from guts_family.sampling import check_sampling, new_seed

        for p in pots:
            check_threshold_input(sizes[0], p, cap_v, ante_v)
        if not 10 * BATCHES <= situations <= 10 ** 7:
            raise ValueError(f"--situations must be {10 * BATCHES} to 10^7 (the standard errors "
                             f"come from {BATCHES} batches), got {situations}")
        if not 1 <= index_deals <= 100_000:
            raise ValueError(f"--index-deals must be 1 to 100,000, got {index_deals}")
        if not (math.isfinite(window) and 0 < window <= 0.5):
            raise ValueError(f"--window must be more than 0 and at most 0.5, got {window}")
        check_sampling(seed=seed)
        seed = new_seed() if seed is None else seed
        ctx.params["seed"] = seed  # the provenance line reproduces the draw
        rows: list[Threshold] = []
        with progress("omaha-threshold", unit="situations") as update:
            for k, n in enumerate(sizes):
                def step(done: int, total: int, n: int = n, k: int = k) -> None:
                    if update is not None:  # one bar over every table size
                        update(k * situations + done, len(sizes) * situations, f"{n} players")
                pop = turn_population(n, situations, index_deals, seed, step)
                rows += [solve_threshold(pop, p, cap_v, window) for p in pots]
        out = {"game": "omaha-high", "stage": "burn", "exact": False, "method": "sampled",
               "ante": float(ante_v),
               "sampling": {"seed": seed, "situations": situations, "index_deals": index_deals,
                            "chunk": CHUNK, "batches": BATCHES, "window": window},
               "thresholds": [r.as_dict() for r in rows]}
        emit(out, as_json, render_threshold_text(rows), ctx)
