"""The strategy the simulator's reproducibility tests run (test_run.py, test_checkpoint.py,
test_executors.py)."""

from __future__ import annotations

import pytest

from .strategies import RUN_RULES, hit_to


@pytest.fixture(scope="module")
def tables():
    """Hit below 17 on six decks."""
    return hit_to(RUN_RULES, 17)
