"""The whole game's figure (guts_family/games/whole_game/figure.py): SVG byte for byte the same
from the same results, with the provenance; PNG; an unknown format refused."""

from __future__ import annotations

import pytest

from guts_family.games.whole_game.figure import game_figure
from guts_family.games.whole_game.run import simulate_games
from guts_family.games.whole_game.setting import game_setting


def test_the_figure_is_reproducible_and_carries_its_provenance():
    runs = [simulate_games(game_setting("guts321", n, cap=3, rounds=(1,)), 2000, seed=3)
            for n in (2, 3)]
    svg = game_figure(runs, "svg", "guts-odds game guts321 --seed 3")
    assert svg == game_figure(runs, "svg", "guts-odds game guts321 --seed 3")
    assert b"guts-odds game guts321 --seed 3" in svg and svg.startswith(b"<?xml")
    assert game_figure(runs, "png")[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError, match="unknown figure format 'gif'"):
        game_figure(runs, "gif")
