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


EQ_FAST = [("equilibrium-guts321-1card.csv", "guts321", 1),
           ("equilibrium-guts321-2card.csv", "guts321", 2),
           ("equilibrium-guts321-3card.csv", "guts321", 3)]
EQ_SLOW = [("equilibrium-phoenix.csv", "phoenix", None),
           ("equilibrium-challenge.csv", "challenge", None)]


def _check_equilibrium(name: str, game: str, cards: int | None) -> None:
    from guts_family.games.equilibrium import threshold_table

    path = ROOT / name
    assert path.exists(), f"{name} missing: run guts-odds equilibrium {game} --out {ROOT}"
    meta = _meta(path)
    stored = pd.read_csv(path, comment="#", keep_default_na=False)
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


@pytest.mark.parametrize("name,game,cards", EQ_FAST, ids=[f[0] for f in EQ_FAST])
def test_published_equilibrium_table_is_current(name, game, cards):
    _check_equilibrium(name, game, cards)


@pytest.mark.slow
@pytest.mark.parametrize("name,game,cards", EQ_SLOW, ids=[f[0] for f in EQ_SLOW])
def test_published_equilibrium_table_is_current_slow(name, game, cards):
    _check_equilibrium(name, game, cards)
