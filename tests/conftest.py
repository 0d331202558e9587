"""The tests never touch the user's result cache (``~/.cache/twentyone-burn``):
every test, and every command it runs in a subprocess, uses one fresh cache folder, shared by
the xdist workers of the run (tests/shared.py), so a chart one worker derived is read by the
other instead of derived again. The caches are safe for that: each entry is written whole by
one rename (twentyone_burn.io), and a write that finds the folder busy is skipped. A test that
needs an empty cache gives itself its own folder.

Progress lines stay off in every test and every command a test runs (``TOOLKIT_PROGRESS=none``:
a log line would otherwise depend on how long a command takes on a loaded machine); the tests
of the lines themselves turn them on.
"""

from __future__ import annotations

import os

import pytest

from tests.shared import once_per_run, run_folder

os.environ["TOOLKIT_PROGRESS"] = "none"
# no command a test runs starts a background build of the compiled kernels (a detached process
# outliving the test, compiling for a minute); tests/toolkit_cli/test_background.py drives the
# build's start with a fake launcher
os.environ["TOOLKIT_AOT_BUILD"] = "off"
# nor a second process compiling the split kernels beside it (engine/warmup.py): the suite
# compiles once, and its tests start that process themselves where they check it
os.environ["TWENTYONE_BURN_WARMUP"] = "off"


@pytest.fixture(autouse=True, scope="session")
def _private_result_cache(tmp_path_factory):
    old = os.environ.get("TWENTYONE_BURN_CACHE")
    folder = run_folder(tmp_path_factory) / "result-cache"
    folder.mkdir(exist_ok=True)
    os.environ["TWENTYONE_BURN_CACHE"] = str(folder)
    yield
    if old is None:
        os.environ.pop("TWENTYONE_BURN_CACHE", None)
    else:
        os.environ["TWENTYONE_BURN_CACHE"] = old


# -- expensive values several test folders use, made once a run (tests/shared.py) ------------
@pytest.fixture(scope="session")
def infinite_chart(tmp_path_factory):
    """The infinite-deck chart derived with its exact analysis and optimal play's
    (``derive_and_analyze(Rules(decks=None))``, a few seconds): the chart store's and the
    engine's tests both read it."""
    from twentyone_burn.charts.derive import derive_and_analyze
    from twentyone_burn.rules import Rules
    return once_per_run(tmp_path_factory, "infinite-chart",
                        lambda: derive_and_analyze(Rules(decks=None)))


@pytest.fixture(scope="session")
def inf_report(tmp_path_factory):
    """The report and export tests' one small report of the infinite-deck game
    (:func:`tests.report.conftest.infinite_deck_report`)."""
    from tests.report.conftest import infinite_deck_report
    return once_per_run(tmp_path_factory, "infinite-deck-report", infinite_deck_report)
