"""Table files are written all-or-nothing; ``import guts_family`` loads its entry points lazily."""

from __future__ import annotations

import subprocess
import sys

import pytest

from guts_family import export
from guts_family.games import get_game


def test_csv_and_xlsx_are_written_together_or_not_at_all(tmp_path, monkeypatch):
    t = get_game("guts321").table(1)
    paths = export.write_table(t, csv=tmp_path / "t.csv", xlsx=tmp_path / "t.xlsx")
    assert [p.name for p in paths] == ["t.csv", "t.xlsx"]
    assert (tmp_path / "t.csv").read_text() == export.csv_text(t)

    def boom(table):
        raise OSError("disk full")

    monkeypatch.setattr(export, "xlsx_bytes", boom)
    out = tmp_path / "new"
    with pytest.raises(OSError, match="disk full"):
        export.write_table(t, csv=out / "t.csv", xlsx=out / "t.xlsx")
    assert not out.exists() or list(out.iterdir()) == []


def test_package_import_is_lazy():
    code = ("import sys, guts_family as gf; heavy = {'numpy', 'numba', 'guts_family.odds'}; "
            "print(sorted(heavy & set(sys.modules)), gf.get_game('phoenix').title, "
            "sorted(set(gf.__all__) - set(dir(gf))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "[] Phoenix Burn []", out.stderr
