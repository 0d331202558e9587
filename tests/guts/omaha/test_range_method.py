"""Item 4 of issue 28: an exact figure over a ``top P%`` range says the range was cut from the
sampled preflop ordering (text and JSON ``method``); a listed range stays plain "exact"."""

from __future__ import annotations

import json

from guts_family.omaha.exact import omaha_equity
from guts_family.omaha.ranges import parse_omaha_range
from tests.guts.cli.test_omaha import run


def test_exact_over_a_top_range_says_the_ordering_is_sampled():
    top = parse_omaha_range("top 10%")
    r = omaha_equity(["AsAhKsKh"], "Qd7c2h3s9d", opponents=1, opponent_range=top)
    assert r.method == "exact over a range cut from a sampled preflop ordering"
    d = r.as_dict()
    assert d["exact"] is True and d["method"] == r.method and "sampled" in d["range"]["ordering"]
    listed = omaha_equity(["AsAhKsKh"], "Qd7c2h3s9d", opponents=1,
                          opponent_range=parse_omaha_range("KK**"))
    assert listed.method == listed.as_dict()["method"] == "exact"


def test_cli_text_and_json_carry_the_label(capsys):
    code, out, _ = run(capsys, "omaha", "AsAhKsKh", "--board", "Qd7c2h3s9d", "--opponents", "1",
                       "--range", "top 10%")
    assert code == 0 and "exact over a range cut from a sampled preflop ordering:" in out
    code, out, _ = run(capsys, "omaha", "AsAhKsKh", "--board", "Qd7c2h3s9d", "--opponents", "1",
                       "--range", "top 10%", "--json")
    assert json.loads(out)["method"] == "exact over a range cut from a sampled preflop ordering"
