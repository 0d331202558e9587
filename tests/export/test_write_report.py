"""export (write_report): the four report files - what each holds, self-contained HTML,
all-or-nothing writing."""

from __future__ import annotations

import base64
import json
import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from tests.shared import once_per_run, run_folder
from twentyone_burn import __version__
from twentyone_burn.cli.app import InputError, app
from twentyone_burn.export import write_report, xlsx
from twentyone_burn.io import write_files
from twentyone_burn.rules import Rules, RulesError

from .conftest import BASE, SEED


@pytest.fixture(scope="module")
def written(inf_report, tmp_path_factory):
    """The shared report's files, written once a run (tests/shared.py; the tests only read
    them)."""
    def write():
        out = run_folder(tmp_path_factory) / "reports"
        return out, write_report(inf_report, out)
    out, paths = once_per_run(tmp_path_factory, "export-written-report", write)
    return inf_report, out, {p.suffix: p for p in paths if p.suffix != ".svg"}, paths


def test_file_set(written):
    rep, out, files, paths = written
    stem = rep.stem
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [f"{stem}.{x}" for x in ("md", "html", "json", "xlsx")]
        + [f"{stem}-{k}.svg" for k in ("dealer-bust", "net-result", "variations")])
    assert not list(out.glob(".*"))          # no temporary files left


def test_json_holds_every_number(written):
    rep, _, files, _ = written
    d = json.loads(files[".json"].read_text())
    assert d["rules"] == BASE.to_dict() and d["rules_hash"] == BASE.rules_hash
    assert d["version"] == __version__ and d["seed"] == SEED
    assert Rules.from_dict(d["rules"]) == BASE
    assert d["summary"] == rep.summary and d["probabilities"] == rep.probabilities
    assert d["return_table"]["total"] == float(rep.return_table["contribution"].sum())
    assert [r["contribution"] for r in d["return_table"]["rows"]] == \
        list(rep.return_table["contribution"])
    assert [r["expected_return"] for r in d["variations"]] == \
        list(rep.variations["expected_return"])
    assert d["simulation"]["sd_per_round"] == rep.simulation.sd
    assert d["simulation"]["rounds"] == rep.simulation.rounds
    assert len(d["dealer"]) == 20 and d["dealer"][0]["bust"] == rep.dealer["bust"].iloc[0]
    assert d["burn"]["value"] == rep.burn["burn_value"]
    for key in ("strategy", "post_split_strategy", "rounding", "rules_toml", "created"):
        assert d[key]


def test_markdown_and_html_carry_the_identity(written):
    rep, out, files, _ = written
    for suffix in (".md", ".html"):
        text = files[suffix].read_text()
        assert rep.rules_hash in text and __version__ in text
        assert f"seed {SEED}" in text and rep.created in text
        assert "decks = &quot;inf&quot;" in text or 'decks = "inf"' in text
        assert "CDP-H" in text and "Rounding" in text
        assert f"{rep.summary['expected_return']:+.10f}" in text
    md = files[".md"].read_text()
    for link in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md):
        assert (out / link).is_file()


def test_html_is_self_contained_and_its_figures_parse(written):
    _, _, files, _ = written
    page = files[".html"].read_text()
    assert "<script" not in page.lower()
    # nothing to fetch: every src/href is a data URI or an in-page anchor
    for url in re.findall(r'(?:src|href)="([^"]*)"', page):
        assert url.startswith(("data:", "#")), url
    svgs = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
    assert len(svgs) == 3
    for s in svgs:
        root = ET.fromstring(base64.b64decode(s))
        assert root.tag.endswith("svg")
    _check_nesting(page)


def _check_nesting(page: str) -> None:
    """Every element the page opens is closed, in order (void elements excepted)."""
    from html.parser import HTMLParser
    void = {"meta", "img", "br", "hr", "link", "input"}
    stack: list[str] = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag not in void:
                stack.append(tag)

        def handle_endtag(self, tag):
            assert stack and stack[-1] == tag, (tag, stack[-5:])
            stack.pop()

    P().feed(page)
    assert stack == []


def test_workbook(written):
    rep, _, files, _ = written
    wb = load_workbook(files[".xlsx"])
    assert wb.sheetnames == ["Report", "Rules", "Return table", "By up card", "Dealer", "Burn",
                             "Rule variations", "Simulation", "Deals", "Figures"]
    for ws in wb.worksheets:
        assert rep.rules_hash in ws["A1"].value and __version__ in ws["A1"].value
        assert f"seed {SEED}" in ws["A1"].value
    ws = wb["Return table"]
    values = [ws.cell(r, 5).value for r in range(5, 5 + len(rep.return_table))]
    # openpyxl writes 16 significant digits
    assert values == pytest.approx(list(rep.return_table["contribution"]), rel=1e-15, abs=0)
    assert ws.cell(5 + len(rep.return_table), 5).value == \
        pytest.approx(float(rep.return_table["contribution"].sum()), rel=1e-15, abs=0)
    assert len(wb["Figures"]._images) == 3
    rules = {wb["Rules"].cell(r, 1).value: wb["Rules"].cell(r, 2).value for r in range(5, 17)}
    assert rules["decks"] == "inf" and rules["max_hands"] == 4


def test_pages_and_figures_are_reproducible(inf_report, written):
    from twentyone_burn.export import document, figure_provenance, figures, html_page, json_data
    _, _, files, paths = written
    meta = figure_provenance(inf_report)
    svg = {k: getattr(figures, f)(*args, "svg", meta) for k, f, args in (
        ("dealer-bust", "dealer_bust", (inf_report.dealer,)),
        ("net-result", "net_result", (inf_report.simulation.net, inf_report.simulation.label)),
        ("variations", "variations", (inf_report.variations,)))}
    for p in paths:
        if p.suffix == ".svg":
            assert p.read_bytes() == svg[p.stem.removeprefix(inf_report.stem + "-")]
    page = html_page.render(document.build(inf_report), svg)
    assert page == files[".html"].read_text()
    assert json_data.render(inf_report) == files[".json"].read_text()


def test_a_failing_writer_leaves_nothing(inf_report, tmp_path, monkeypatch):
    def broken(*a, **k):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(xlsx, "render", broken)
    out = tmp_path / "reports"
    with pytest.raises(RuntimeError):
        write_report(inf_report, out)
    assert not out.exists() or not any(out.iterdir())


def test_write_files_is_all_or_nothing(tmp_path, monkeypatch):
    import os
    real = os.replace
    calls = []

    def replace(src, dst):
        calls.append(dst)
        real(src, dst)
    monkeypatch.setattr(os, "replace", replace)
    files = {tmp_path / "a.txt": b"a", tmp_path / "sub" / "b.txt": b"b"}
    write_files(files)
    assert [p.read_bytes() for p in files] == [b"a", b"b"] and len(calls) == 2
    # a file that cannot be written: nothing is renamed, no temporary file remains
    (tmp_path / "blocked").write_text("a file, not a folder")
    with pytest.raises(OSError):
        write_files({tmp_path / "c.txt": b"c", tmp_path / "blocked" / "d.txt": b"d"})
    assert not (tmp_path / "c.txt").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "blocked", "sub"]


def run(*args):
    """The installed command's entry point (``twentyone_burn.cli:main``) in a fresh process."""
    code = "import sys; from twentyone_burn.cli import main; sys.argv[0] = 'twentyone-burn'; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=600)


def test_cli_report_for_bad_rules_writes_nothing(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("decks = 0\n")
    out = tmp_path / "reports"
    p = run("report", "--rules", str(bad), "--out", str(out))
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "decks" in p.stderr and str(bad) in p.stderr
    assert not out.exists()


@pytest.mark.parametrize("args,error", [
    (["--rules", "/no/such/rules.toml"], RulesError), (["--decks", "0"], RulesError),
    (["--verify-rounds", "0"], InputError), (["--sim-rounds", "-1"], InputError),
    (["--seed", "-3"], InputError), (["--workers", "0"], InputError)])
def test_cli_report_bad_options_write_nothing(tmp_path, args, error):
    out = tmp_path / "reports"
    r = CliRunner().invoke(app, ["report", *args, "--out", str(out)])
    assert isinstance(r.exception, error) and "\n" not in str(r.exception)
    assert not out.exists()


def test_cli_report_small(tmp_path):
    out = tmp_path / "r"
    r = CliRunner().invoke(app, ["report", "--decks", "inf", "--no-variations", "--sim-rounds",
                                 "20000", "--seed", "9", "--workers", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads((out / f"21burn-{BASE.rules_hash[:12]}.json").read_text())
    assert d["seed"] == 9 and d["simulation"]["rounds"] == 20000 and d["variations"] == []
    assert math.isclose(d["summary"]["house_edge"], -d["summary"]["expected_return"])
    assert "house edge:" in r.stdout and str(out) in r.stdout
    assert "Reproducing" in (out / f"21burn-{BASE.rules_hash[:12]}.md").read_text()


def test_progress_is_quiet_when_piped(capsys):
    from toolkit_cli.progress import progress
    with progress("report") as prog:     # pytest's captured stderr is not a terminal
        if prog is not None:
            prog(1.0, 3.0, "exact analysis")
    assert capsys.readouterr().err == ""
