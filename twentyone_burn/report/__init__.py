"""report: the house-edge report (par sheet) of a rules object, as one result object.

:func:`build_report` gathers everything a test lab reads - rules in words, headline figures,
the return table, dealer and burn statistics, rule variations, the verification - into a
:class:`Report`; the writers in :mod:`twentyone_burn.export` turn it into files.
"""

from .build import (
    DEFAULT_SEED,
    DEFAULT_SIM_ROUNDS,
    KNOBS,
    ROUNDING,
    Report,
    SimulatedFigures,
    TuneError,
    TuneResult,
    VariationSpec,
    build_report,
    burn_statistics,
    dealer_comparison,
    dealer_overall,
    describe_rules,
    report_stem,
    simulated_figures,
    tune,
    variation_specs,
)

__all__ = ["DEFAULT_SEED", "DEFAULT_SIM_ROUNDS", "KNOBS", "ROUNDING", "Report",
           "SimulatedFigures", "TuneError", "TuneResult", "VariationSpec", "build_report",
           "burn_statistics", "dealer_comparison", "dealer_overall", "describe_rules",
           "report_stem", "simulated_figures", "tune", "variation_specs"]
