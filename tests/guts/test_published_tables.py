"""The tables checked in under strategy_tables/guts/ are what the code computes today."""

from __future__ import annotations

import pathlib

import pandas as pd
import pytest

from guts_family.games import get_game

ROOT = pathlib.Path(__file__).resolve().parents[2] / "strategy_tables" / "guts"

FAST = [("phoenix-3card.csv", "phoenix", 3, None), ("guts321-3card.csv", "guts321", 3, None),
        ("guts321-2card.csv", "guts321", 2, None), ("guts321-1card.csv", "guts321", 1, None),
        ("challenge-3card.csv", "challenge", 3, None)]
SLOW = [("phoenix-3card-1opp.csv", "phoenix", 3, 1), ("phoenix-3card-2opp.csv", "phoenix", 3, 2),
        ("guts321-3card-2opp.csv", "guts321", 3, 2)]


def _meta(path: pathlib.Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        if not line.startswith("# "):
            break
        key, _, value = line[2:].partition(": ")
        out[key] = value
    return out


def _check(name: str, game: str, cards: int, opponents: int | None) -> None:
    path = ROOT / name
    assert path.exists(), f"{name} missing: run guts-odds table --game {game} --cards {cards}"
    meta = _meta(path)
    g = get_game(game)
    extra = {"fee": float(meta["fee"])} if "fee" in meta else {}
    t = g.table(cards, opponents, float(meta["pot"]),
                None if meta["limit"] == "None" else float(meta["limit"]),
                meta["tie"], meta["player_tie"], **extra)
    stored = pd.read_csv(path, comment="#")
    pd.testing.assert_frame_equal(stored, t.frame, check_dtype=False, rtol=1e-12)
    fresh = {k: str(v) for k, v in t.meta.items()}
    assert {k: v for k, v in meta.items() if k != "version"} == \
        {k: v for k, v in fresh.items() if k != "version"}


@pytest.mark.parametrize("name,game,cards,opponents", FAST, ids=[f[0] for f in FAST])
def test_published_table_is_current(name, game, cards, opponents):
    _check(name, game, cards, opponents)


@pytest.mark.slow
@pytest.mark.parametrize("name,game,cards,opponents", SLOW, ids=[f[0] for f in SLOW])
def test_published_table_with_opponents_is_current(name, game, cards, opponents):
    _check(name, game, cards, opponents)


EQ_FAST = [("equilibrium-guts321-1card.csv", "guts321", 1, None),
           ("equilibrium-guts321-2card.csv", "guts321", 2, (2, 3))]
EQ_SLOW = [("equilibrium-guts321-2card.csv", "guts321", 2, None),
           ("equilibrium-phoenix.csv", "phoenix", None, None),
           ("equilibrium-challenge.csv", "challenge", None, None)]


def _check_equilibrium(name: str, game: str, cards: int | None,
                       only: tuple[int, ...] | None = None) -> None:
    """Regenerate the stored table (``only``: just the rows of those player counts, each row
    being solved on its own) and compare it row for row with the file."""
    from guts_family.games.equilibrium import threshold_table

    path = ROOT / name
    assert path.exists(), f"{name} missing: run guts-odds equilibrium {game} --out {ROOT}"
    meta = _meta(path)
    stored = pd.read_csv(path, comment="#", keep_default_na=False)
    if only is not None:
        stored = stored[stored["players"].isin(only)].reset_index(drop=True)
        assert list(stored["players"]) == list(only)
    players = [int(p) for p in stored["players"]]
    t = threshold_table(game, players, float(meta["ante"]), None,
                        None if meta["cap"] == "None" else float(meta["cap"]), cards,
                        meta["tie"], meta["player_tie"])
    fresh = t.frame
    assert list(stored["threshold"]) == list(fresh["threshold"])
    assert list(stored["converged"]) == list(fresh["converged"])
    for col in ("ev_at_threshold", "share_of_hands_in"):
        assert list(stored[col]) == pytest.approx(list(fresh[col]), rel=1e-12)
    assert {k: v for k, v in meta.items() if k != "version"} == \
        {k: str(v) for k, v in t.meta.items() if k != "version"}


# the 2-card table's larger player counts take most of its half minute: the default run
# regenerates its 2- and 3-player rows, -m slow the whole file
@pytest.mark.parametrize("name,game,cards,only", EQ_FAST,
                         ids=[f[0] if f[3] is None else f"{f[0]}-players-{f[3][0]}-{f[3][-1]}"
                              for f in EQ_FAST])
def test_published_equilibrium_table_is_current(name, game, cards, only):
    _check_equilibrium(name, game, cards, only)


@pytest.mark.slow
@pytest.mark.parametrize("name,game,cards,only", EQ_SLOW, ids=[f[0] for f in EQ_SLOW])
def test_published_equilibrium_table_is_current_slow(name, game, cards, only):
    _check_equilibrium(name, game, cards, only)


EQ3 = ROOT / "equilibrium-guts321-3card.csv"


def _eq3_stored() -> tuple[dict[str, str], pd.DataFrame]:
    assert EQ3.exists(), ("equilibrium-guts321-3card.csv missing: run guts-odds equilibrium "
                          "guts321 --cards 3 --players 2-8 --seed 16 --samples 268435456 "
                          f"--max-seconds 900 --out {ROOT}")
    return _meta(EQ3), pd.read_csv(EQ3, comment="#", keep_default_na=False)


def test_published_3card_equilibrium_is_consistent():
    """The 3-card round's table: the exact two-player row regenerated; each sampled row
    (3-8 players) carries its provenance, its threshold inside its interval, and EVs at and
    below the threshold that a fresh draw from the same seed's first 2^18 deals a class
    reproduces within 4 standard errors of the difference (the draws are nested: the
    difference's variance is |se_new^2 - se_published^2|). The whole file is regenerated
    under -m slow."""
    import math

    from guts_family.games.equilibrium import threshold_table
    from guts_family.games.equilibrium.sampled_evs import ThresholdEVs
    from guts_family.hands import POKER3

    meta, stored = _eq3_stored()
    assert meta["exact"] == "False" and meta["method"].startswith("players 2: ")
    assert "sampled (Monte Carlo, not exact)" in meta["method"]
    assert meta["sampled_players"] == "3-8" and int(meta["seed"]) >= 0
    assert int(meta["samples_per_class"]) > 0 and meta["version"]
    assert list(stored["players"]) == list(range(2, 9))
    cap = None if meta["cap"] == "None" else float(meta["cap"])
    exact = threshold_table("guts321", [2], float(meta["ante"]), None, cap, 3, meta["tie"],
                            meta["player_tie"]).frame
    row2 = stored[stored["players"] == 2].iloc[0]
    assert row2["method"] == "exact" and row2["threshold"] == exact["threshold"][0]
    assert float(row2["ev_at_threshold"]) == pytest.approx(exact["ev_at_threshold"][0],
                                                           rel=1e-12)
    for _, row in stored[stored["players"] > 2].iterrows():
        assert row["method"] == "sampled" and int(row["seed"]) == int(meta["seed"])
        c = int(row["threshold_class"])
        low, high = (POKER3.class_from_label(row[k]) for k in ("threshold_low", "threshold_high"))
        assert low <= c <= high and (str(row["resolved"]) == "True") == (low == high)
        n = int(row["players"])
        evs = ThresholdEVs(POKER3, n, n * float(meta["ante"]), cap, meta["tie"],
                           meta["player_tie"], seed=int(meta["seed"]))
        evs.sample([c, c - 1], 2 ** 18)
        for cls, col in ((c, "ev_at_threshold"), (c - 1, "ev_below_threshold")):
            value, se = evs.ev(cls, c)
            pub, pub_se = float(row[col]), float(row[col + "_se"])
            assert abs(value - pub) <= 4 * math.sqrt(abs(se ** 2 - pub_se ** 2)) + 1e-9, \
                (n, col, value, pub, se, pub_se)


@pytest.mark.slow
def test_published_3card_equilibrium_is_current_slow():
    """The whole 3-card table regenerated from its seed and sample cap: the same numbers
    (the sampling is deterministic for a seed whatever the workers; about 90 s)."""
    from guts_family.games.equilibrium import threshold_table

    meta, stored = _eq3_stored()
    cap = None if meta["cap"] == "None" else float(meta["cap"])
    t = threshold_table("guts321", list(stored["players"]), float(meta["ante"]), None, cap, 3,
                        meta["tie"], meta["player_tie"], seed=int(meta["seed"]),
                        samples=int(meta["samples_per_class"]),
                        max_seconds=None if meta["max_seconds"] == "None"
                        else float(meta["max_seconds"]) * 10)
    fresh = t.frame.astype(str)
    assert list(stored.columns) == list(fresh.columns)
    for col in stored.columns:
        if stored[col].dtype.kind == "f":
            assert list(stored[col]) == pytest.approx([float(x) for x in fresh[col]],
                                                      rel=1e-12), col
        else:
            assert list(stored[col].astype(str)) == list(fresh[col]), col
    assert {k: v for k, v in meta.items() if k not in ("version", "max_seconds")} == \
        {k: str(v) for k, v in t.meta.items() if k not in ("version", "max_seconds")}
