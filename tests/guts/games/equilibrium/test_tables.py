"""Result tables (guts_family/games/equilibrium/tables.py): the provenance of sampled and mixed
tables, every table size checked before the first row."""

from __future__ import annotations

import pytest

from guts_family.games.equilibrium.tables import equilibrium_table, threshold_table


def test_a_sampled_table_says_so():
    t = threshold_table("guts321", [3], cards=3, seed=2, samples=2 ** 16)
    assert list(t.frame["method"]) == ["sampled"] and t.meta["exact"] is False
    assert t.meta["seed"] == 2 and t.meta["method"].startswith("sampled (Monte Carlo")
    assert "threshold_low" in t.frame and t.meta["sampled_players"] == "3"


def test_a_mixed_table_names_each_method_and_every_size_is_checked_first():
    t = threshold_table("guts321", [2, 3], cards=3, seed=2, samples=2 ** 16)
    assert list(t.frame["method"]) == ["exact", "sampled"]
    assert t.meta["method"].startswith("players 2: best-response") and "players 3: sampled" in \
        t.meta["method"]
    with pytest.raises(ValueError, match="seats 2 to 16"):  # before the first row is computed
        equilibrium_table("guts321", [2, 17], cards=3)
