"""The tiny search every design test shares: the infinite deck (an analysis takes about half a
second idle), two knobs, four rule sets, valued once per session into a private cache."""

from __future__ import annotations

import os

import pytest

from twentyone_burn.rules import Rules

#: the tiny search: the rule sheet on an infinite deck, and three single changes
BASE = Rules(decks=None)
KNOBS = "dealer_bust_push=22,ties_lose_from=17|20"
TARGET, TOLERANCE = -0.2, 0.2


@pytest.fixture(scope="session")
def tiny_cache(tmp_path_factory):
    """A cache folder holding the tiny search's valuations (filled by ``tiny``)."""
    return tmp_path_factory.mktemp("design-cache")


@pytest.fixture(scope="session")
def tiny(tiny_cache):
    """The tiny search, valued in this process, its results kept in ``tiny_cache``."""
    from twentyone_burn.design.search import design
    old = os.environ.get("TWENTYONE_BURN_CACHE")
    os.environ["TWENTYONE_BURN_CACHE"] = str(tiny_cache)
    try:
        return design(BASE, TARGET, tolerance=TOLERANCE, knobs=KNOBS, max_changes=1, charts=0,
                      workers=1)
    finally:
        if old is None:
            os.environ.pop("TWENTYONE_BURN_CACHE", None)
        else:
            os.environ["TWENTYONE_BURN_CACHE"] = old


def records(result) -> list[dict]:
    """A result's table as plain values (what the files hold)."""
    return [row.record() for row in result.rows]
