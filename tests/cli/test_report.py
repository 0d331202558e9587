"""``report`` and ``tune`` (twentyone_burn/cli/report.py): which strategy the files are for,
their names, and the figures against a direct exact analysis of the same tables; --out a
folder and never overwritten without --force."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from tests.cli.test_bad_input import run
from twentyone_burn.charts.model import Chart
from twentyone_burn.engine.game import analyze
from twentyone_burn.export.chart_workbook import save_csv
from twentyone_burn.rules import Rules
from twentyone_burn.sim.strategy import tables_hash

INF = Rules(decks=None)


def test_report_of_a_given_chart_names_it_and_prices_it(tmp_path, monkeypatch, capsys):
    chart = Chart.simple(INF)
    folder = tmp_path / "simple"
    save_csv(chart, folder)
    out = tmp_path / "out"
    code, text, err = run(["report", "--strategy", str(folder), "--no-variations",
                           "--sim-rounds", "20000", "--workers", "1", "--out", str(out)],
                          monkeypatch, capsys)
    assert code == 0, err
    tables = chart.to_tables()
    stem = f"21burn-{INF.rules_hash[:12]}-strategy-{tables_hash(tables)[:12]}"
    assert sorted(p.name for p in out.iterdir() if p.suffix != ".svg") == sorted(
        f"{stem}.{ext}" for ext in ("html", "json", "md", "xlsx"))
    d = json.loads((out / f"{stem}.json").read_text())
    exact = analyze(INF, tables=tables).expected_return
    optimal = analyze(INF).expected_return
    assert d["strategy_kind"] == "given" and d["summary"]["expected_return"] == exact
    assert d["reference"]["expected_return"] == optimal
    assert d["reference"]["cost"] == optimal - exact
    assert "cost of the strategy" in text and f"{100 * (optimal - exact):.4f}%" in text
    md = (out / f"{stem}.md").read_text()
    assert f"--strategy {folder}" in md      # the command that reproduces it


def test_report_of_optimal_play_has_its_own_name(tmp_path, monkeypatch, capsys):
    code, text, err = run(["report", "--strategy", "optimal", "--decks", "inf",
                           "--no-variations", "--sim-rounds", "0", "--out", str(tmp_path)],
                          monkeypatch, capsys)
    assert code == 0, err
    d = json.loads((tmp_path / f"21burn-{INF.rules_hash[:12]}-optimal.json").read_text())
    assert d["strategy_kind"] == "optimal" and d["reference"] is None
    assert "cost of the strategy" not in text


def test_tune_a_fixed_chart(tmp_path, monkeypatch, capsys):
    chart = Chart.simple(INF)
    save_csv(chart, tmp_path / "simple")
    code, text, err = run(["tune", "--knob", "win_pays", "--target-edge", "2%", "--strategy",
                           str(tmp_path / "simple"), "--out", str(tmp_path), "--json"],
                          monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(text)
    assert "simple" in d["strategy"]
    # the tuned payout played by the same chart gives the target edge (a second analysis)
    tuned = Rules.from_dict(d["rules"])
    a = analyze(tuned, tables=Chart.simple(tuned).to_tables())
    assert abs(a.house_edge - 0.02) < 1e-12
    # a fixed strategy's edge is linear in the payout: two analyses and brentq's checks
    assert d["analyses"] <= 6


def test_report_of_a_short_burn_rule_plays_its_printed_form(tmp_path, monkeypatch, capsys):
    from twentyone_burn.charts.burn_rule import burn_rule_tables, read_burn_rule
    chart = Chart.simple(INF)
    save_csv(chart, tmp_path)
    rule = tmp_path / "burn-rule.txt"
    rule.write_text("keep AT, A9, AA, 11, TT, 10\nv 6: 19 before 10\n"
                    "else burn the highest card (an ace counts 11)\n")
    out = tmp_path / "out"
    code, text, err = run(["report", "--strategy", str(rule), "--no-variations",
                           "--sim-rounds", "0", "--out", str(out)], monkeypatch, capsys)
    assert code == 0, err
    tables = burn_rule_tables(chart, read_burn_rule(rule))     # parsed from the printed file
    [path] = out.glob("*.json")
    assert path.name.endswith(f"-strategy-{tables_hash(tables)[:12]}.json")
    d = json.loads(path.read_text())
    assert d["summary"]["expected_return"] == analyze(INF, tables=tables).expected_return
    assert "burning by the burn rule from" in d["strategy"] and d["strategy_kind"] == "given"


def test_report_refuses_the_published_files(monkeypatch, capsys):
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    before = {p: p.stat().st_mtime_ns for p in root.glob("reports/*")}
    code, _, err = run(["report", "--no-variations", "--sim-rounds", "0"], monkeypatch,
                       capsys)
    assert code == 2 and "--force" in err and "21burn-standard" in err
    assert before == {p: p.stat().st_mtime_ns for p in before}


def _linear_engine(rules, progress=None, tables=None):
    """A stand-in for the exact analysis (tune's own tests check the search against the real
    one): the house edge rises with the commission."""
    edge = 0.5 * rules.commission - 0.01
    return SimpleNamespace(house_edge=edge, expected_return=-edge, element_of_risk=-edge / 1.1)


def test_tune_out_is_a_folder_and_refuses_to_overwrite(tmp_path, monkeypatch, capsys):
    import twentyone_burn.engine.game as game
    monkeypatch.setattr(game, "analyze", _linear_engine)
    args = ["tune", "--knob", "commission", "--target-edge", "0.01", "--decks", "inf"]
    code, out, err = run([*args, "--out", str(tmp_path)], monkeypatch, capsys)
    assert code == 0, err
    written = tmp_path / "tuned-rules.toml"
    first = written.read_text()
    assert "commission = 0.04" in first
    code, out, err = run([*args, "--out", str(tmp_path)], monkeypatch, capsys)
    assert code == 2 and "--force" in err and len(err.splitlines()) == 1
    assert written.read_text() == first
    # --force replaces it; a file path (deprecated) still works: one run checks both
    old = tmp_path / "tuned-rules.toml"
    old.write_text("stale\n")
    code, _, err = run([*args, "--out", str(old), "--force"], monkeypatch, capsys)
    assert code == 0 and old.read_text() == first
