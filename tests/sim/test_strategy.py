"""A strategy's checks (sim/strategy.py): tables the kernel cannot play are refused, naming
what is wrong."""

from __future__ import annotations

import pytest

from twentyone_burn.rules import Rules
from twentyone_burn.sim import SimulationError, check_tables
from twentyone_burn.tables import DOUBLE, DecisionTables


def test_check_tables_rejects_bad_strategies():
    t = DecisionTables.always_stand(Rules(double_after_split=False))
    check_tables(t)
    h = t.two_card[1, 7]                    # 2-8: a double is fine unsplit, not after a split
    t.play[3, 0, h] = DOUBLE
    check_tables(t)
    t.split_play[3, 0, 1, 0, h] = DOUBLE
    with pytest.raises(SimulationError, match="doubles a hand"):
        check_tables(t)
    t = DecisionTables.always_stand(Rules())
    t.burn[0, 2, 3, 4] = 7
    with pytest.raises(SimulationError, match="burns a card"):
        check_tables(t)
    t = DecisionTables.always_stand(Rules())
    t.play[0, 0, t.two_card[9, 8]] = 5
    with pytest.raises(SimulationError, match="action code"):
        check_tables(t)
