"""Betting correlations and the best whole tags (twentyone_burn/protection/counts.py and
``protection counts``).

The BC formula is checked against the published BCs (on the published EoRs it was made from,
and on the engine's exact classic EoRs), the exhaustive search against a plain-Python twin
written from the definition.
"""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

from tests.cli.test_bad_input import check, run
from twentyone_burn.protection import removal
from twentyone_burn.protection.counts import COUNTS, best_count, betting_correlation, count_table
from twentyone_burn.shoe import full_shoe

#: Peter Griffin, "The Theory of Blackjack" (6th ed., 1999), the effects of removal of a
#: single deck under basic strategy, % per card: A, 2, ..., 9, T
GRIFFIN_EOR = (-.61, .38, .44, .55, .69, .46, .28, .00, -.18, -.51)
#: the published betting correlations (Griffin, op. cit.; the Wizard of Odds' card-counting
#: pages quote the same): two decimals, so +-0.01 with rounding
PUBLISHED_BC = {"hi-lo": .97, "ko": .98, "hi-opt-i": .88, "hi-opt-ii": .91, "omega-ii": .92,
                "zen": .96, "wong-halves": .99}


def _twin_bc(tags, eor):
    """The BC written out from its definition over the 13 faces of a deck, plain Python."""
    faces = [(t, e) for r, (t, e) in enumerate(zip(tags, eor)) for _ in range(4 if r == 9 else 1)]
    mt = sum(t for t, _ in faces) / 13
    me = sum(e for _, e in faces) / 13
    cov = sum((t - mt) * (e - me) for t, e in faces)
    vt = sum((t - mt) ** 2 for t, _ in faces)
    ve = sum((e - me) ** 2 for _, e in faces)
    return cov / math.sqrt(vt * ve) if vt > 0 else float("nan")


def test_the_published_bcs_from_the_published_eors():
    bcs = count_table(GRIFFIN_EOR)
    for name, published in PUBLISHED_BC.items():
        assert bcs[name] == pytest.approx(published, abs=0.01), name
        assert bcs[name] == pytest.approx(_twin_bc(COUNTS[name], GRIFFIN_EOR), abs=1e-12)


def test_bc_is_unchanged_by_scale_and_shift_of_the_tags():
    t = np.array(COUNTS["zen"])
    base = betting_correlation(t, GRIFFIN_EOR)
    assert betting_correlation(3 * t + 2, GRIFFIN_EOR) == pytest.approx(base, abs=1e-12)
    assert betting_correlation(GRIFFIN_EOR, GRIFFIN_EOR) == pytest.approx(1.0, abs=1e-12)
    assert math.isnan(betting_correlation([1] * 10, GRIFFIN_EOR))


def test_best_level_1_tags_against_an_exhaustive_plain_python_search():
    for eor in ((-.28, .22, .24, .29, .40, .24, .13, -.04, -.2, -.24),):   # 21 Burn-like
        best = best_count(eor, 1)
        scores = {tags: _twin_bc(tags, eor)
                  for tags in itertools.product((-1, 0, 1), repeat=10)
                  if len(set(tags)) > 1}
        top = max(scores.values())
        assert best.bc == pytest.approx(top, abs=1e-12)
        assert scores[best.tags] == pytest.approx(top, abs=1e-12)


def test_best_level_2_beats_every_field_count_of_level_2_or_less():
    best = best_count(GRIFFIN_EOR, 2)
    assert max(abs(t) for t in best.tags) <= 2
    for name in ("hi-lo", "ko", "hi-opt-i", "hi-opt-ii", "omega-ii", "zen"):
        assert best.bc >= betting_correlation(COUNTS[name], GRIFFIN_EOR) - 1e-8
    assert best.bc >= best_count(GRIFFIN_EOR, 1).bc - 1e-8
    with pytest.raises(ValueError):
        best_count(GRIFFIN_EOR, 0)


@pytest.mark.slow
def test_the_published_bcs_from_the_engines_exact_classic_single_deck_eors():
    """The engine's own EoRs, classic deal, one deck, S17, DAS, split once (Griffin's tables
    are single-deck basic strategy; these are optimal play re-optimised: the BCs agree to the
    two decimals published, within +-0.01)."""
    from twentyone_burn.rules import load_rules
    rules = load_rules("classic-blackjack").replace(decks=1, hit_soft_17=False, max_hands=2)
    bcs = count_table(removal.effects_of_removal(rules).eor)
    for name, published in PUBLISHED_BC.items():
        assert bcs[name] == pytest.approx(published, abs=0.01), name


def test_counts_command(monkeypatch, capsys):
    w = np.array(GRIFFIN_EOR) / -100.0   # an ER linear in the counts: EoR = -weight

    def fake(rules, shoe=None, tables=None):
        s = full_shoe(rules.decks) if shoe is None else shoe
        return float(np.dot(w, s))
    monkeypatch.setattr(removal, "exact_return", fake)
    code, out, err = run(["protection", "counts", "--decks", "1", "--levels", "1", "--json"],
                         monkeypatch, capsys)
    assert code == 0, err
    d = json.loads(out)
    assert d["counts"]["hi-lo"]["bc"] == pytest.approx(count_table(GRIFFIN_EOR)["hi-lo"])
    assert [b["level"] for b in d["best"]] == [1] and len(d["rules_hash"]) == 64
    code, out, err = run(["protection", "counts", "--decks", "1", "--levels", "1"],
                         monkeypatch, capsys)
    assert code == 0 and "wong-halves" in out and "best level 1" in out


@pytest.mark.parametrize("args, words", [(["--levels", "4"], "--levels takes"),
                                         (["--decks", "inf"], "finite shoe")])
def test_counts_bad_input(args, words, tmp_path, monkeypatch, capsys):
    assert words in check(["protection", "counts", *args], 2, tmp_path, monkeypatch, capsys)
