"""The export tests' inputs: the report tests' shared report (the same object, built once a
run) and the simple hand-made chart."""

from __future__ import annotations

import pytest

from tests.report.conftest import BASE, SEED, infinite_deck_report
from twentyone_burn.charts.model import Chart
from twentyone_burn.report import Report

__all__ = ["BASE", "SEED"]


@pytest.fixture(scope="session")
def inf_report() -> Report:
    return infinite_deck_report()


@pytest.fixture
def simple() -> Chart:
    return Chart.simple(BASE)
