"""Charts for the chart tests: the simple hand-made one and random ones with every letter."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from twentyone_burn.charts.model import (
    ACTIONS,
    HARD_TOTALS,
    PAIRS,
    SOFT_TOTALS,
    SPLIT_MARKS,
    UP_COLUMNS,
    Chart,
)
from twentyone_burn.notation import KEPT_HANDS
from twentyone_burn.rules import Rules


def random_chart(rules: Rules, seed: int = 0, name: str = "random test chart") -> Chart:
    """Every letter somewhere, burn values of many sizes and signs (a tie and a -0.0 too)."""
    rng = np.random.default_rng(seed)
    cols = list(UP_COLUMNS)
    values = rng.normal(0, 0.4, (len(KEPT_HANDS), 10)) * 10.0 ** rng.integers(-6, 2, (55, 10))
    values[0, 0] = -0.0
    values[1, 1] = values[2, 1]
    burn = pd.DataFrame(values, index=list(KEPT_HANDS), columns=cols)
    hard = pd.DataFrame(rng.choice(ACTIONS, (len(HARD_TOTALS), 10)), index=list(HARD_TOTALS),
                        columns=cols)
    soft = pd.DataFrame(rng.choice(ACTIONS, (len(SOFT_TOTALS), 10)), index=list(SOFT_TOTALS),
                        columns=cols)
    resplit = pd.DataFrame(rng.choice(SPLIT_MARKS, (10, 10)), index=list(PAIRS), columns=cols)
    return Chart.from_frames(rules, burn, hard, soft, resplit, name)


@pytest.fixture
def make_random():
    """The :func:`random_chart` factory (test modules cannot import conftest)."""
    return random_chart


@pytest.fixture
def simple() -> Chart:
    return Chart.simple(Rules(decks=None))


@pytest.fixture
def varied() -> Chart:
    return random_chart(Rules(decks=2, hit_soft_17=False, max_hands=3, double_on="9-11",
                              mandatory_split=False), seed=7, name="varied, with a comma, "
                        "quotes \" and accents é")
