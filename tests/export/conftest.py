"""The export tests' inputs: the simple hand-made chart (the report tests' shared report,
``inf_report``, is tests/conftest.py's)."""

from __future__ import annotations

import pytest

from tests.report.conftest import BASE, SEED
from twentyone_burn.charts.model import Chart

__all__ = ["BASE", "SEED"]


@pytest.fixture
def simple() -> Chart:
    return Chart.simple(BASE)
