"""export/figures: every figure of a report carries its provenance: rules, rules hash, version
and seed."""

from __future__ import annotations

from twentyone_burn import __version__
from twentyone_burn.export import render_files


def test_every_svg_names_the_rules_hash_version_and_seed(inf_report):
    files = render_files(inf_report)
    svgs = {name: data.decode() for name, data in files.items() if name.endswith(".svg")}
    assert len(svgs) == 3
    for name, text in svgs.items():
        assert inf_report.rules_hash in text, name
        assert inf_report.rules.canonical_json() in text, name
        assert f"twentyone-burn {__version__}" in text, name
        assert f"simulation seed {inf_report.seed}" in text, name
        assert "<dc:date>" not in text, name   # no date: the same run gives the same bytes
