"""report: the house-edge report (par sheet) of a rules object, as one result object.

:func:`build_report` gathers everything a test lab reads - rules in words, headline figures,
the return table, dealer and burn statistics, rule variations, the verification - into a
:class:`Report`; the writers in :mod:`twentyone_burn.export` turn it into files.

Modules: :mod:`.build` (build_report and its defaults), :mod:`.results` (the Report and
SimulatedFigures result types, the file name stem), :mod:`.strategy` (which strategy a report
is for: optimal play, the chart, a given one), :mod:`.statistics` (the dealer, burn,
headline and simulated figures), :mod:`.variations` (the rule-effect table) and :mod:`.words`
(the rules in words, the rounding policy). Tuning a payout is :mod:`twentyone_burn.tune`.
"""

from .build import DEFAULT_SEED, DEFAULT_SIM_ROUNDS, Progress, build_report
from .results import Report, SimulatedFigures, report_stem
from .statistics import (
    burn_statistics,
    dealer_comparison,
    dealer_overall,
    headline_figures,
    simulated_figures,
)
from .strategy import CHART, OPTIMAL, ReportStrategy
from .variations import VariationSpec, variation_specs, variation_table
from .words import ROUNDING, describe_rules

__all__ = ["CHART", "DEFAULT_SEED", "DEFAULT_SIM_ROUNDS", "OPTIMAL", "ROUNDING", "Progress",
           "Report", "ReportStrategy", "SimulatedFigures", "VariationSpec", "build_report",
           "burn_statistics", "dealer_comparison", "dealer_overall", "describe_rules",
           "headline_figures", "report_stem", "simulated_figures", "variation_specs",
           "variation_table"]
