"""The tests never touch the user's result cache (``~/.cache/twentyone-burn``):
every test, and every command it runs in a subprocess, uses one fresh cache folder.

Progress lines stay off in every test and every command a test runs (``TOOLKIT_PROGRESS=none``:
a log line would otherwise depend on how long a command takes on a loaded machine); the tests
of the lines themselves turn them on.
"""

from __future__ import annotations

import os

import pytest

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
    os.environ["TWENTYONE_BURN_CACHE"] = str(tmp_path_factory.mktemp("result-cache"))
    yield
    if old is None:
        os.environ.pop("TWENTYONE_BURN_CACHE", None)
    else:
        os.environ["TWENTYONE_BURN_CACHE"] = old
