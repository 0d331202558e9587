"""The result cache of ``hand`` and ``dealer`` (twentyone_burn/engine/cache.py).

A hit prints the very bytes a miss prints; an entry that is cut short, altered, made for other
code or other rules, or unreadable is recomputed and never believed; ``off`` writes nothing.
Every test points the cache at its own tmp_path: none touches ``~/.cache``. The folder and the
stored arrays it shares with the engine's other kept files: test_disk.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from twentyone_burn.cli import app
from twentyone_burn.engine import cache
from twentyone_burn.rules import Rules

INF = ["--decks", "inf"]
pytestmark = pytest.mark.usefixtures("fresh_code_key")


@pytest.fixture
def misses(monkeypatch) -> dict[str, int]:
    """Counts the engine's computations behind the cache."""
    counts = {"hand": 0, "dealer": 0}
    all_choices, compute_dealer = cache._all_choices, cache._compute_dealer

    def hand(*a):
        counts["hand"] += 1
        return all_choices(*a)

    def dealer(*a):
        counts["dealer"] += 1
        return compute_dealer(*a)

    monkeypatch.setattr(cache, "_all_choices", hand)
    monkeypatch.setattr(cache, "_compute_dealer", dealer)
    return counts


def invoke(*args: str) -> str:
    r = CliRunner().invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r.stdout


def entries(folder: Path, kind: str = "hand") -> list[Path]:
    return sorted(folder.glob(f"{kind}-*.json")) if folder.exists() else []


# -- hand --------------------------------------------------------------------------------------
def test_a_hit_prints_the_bytes_of_a_miss(cache_dir, misses, monkeypatch):
    args = ("hand", "T,6,5", "--up", "9", *INF, "--json")
    miss = invoke(*args)
    assert misses["hand"] == 1 and len(entries(cache_dir)) == 1
    hit = invoke(*args)
    assert misses["hand"] == 1                  # read, not computed
    assert hit == miss
    assert invoke("hand", "T,6,5", "--up", "9", *INF) == invoke("hand", "T,6,5", "--up", "9", *INF)
    # every deal of that up card comes from the one entry, in any order of the cards
    other = invoke("hand", "5 T 6", "--up", "9", *INF, "--json")
    assert misses["hand"] == 1
    monkeypatch.setenv(cache.CACHE_ENV, "off")
    assert invoke(*args) == miss                # the engine itself, no cache at all
    assert json.loads(other)["choices"] == json.loads(miss)["choices"]


def test_the_entry_holds_what_the_engine_says_for_every_deal(cache_dir):
    from twentyone_burn.engine.player_burn import burn_choices, kept_values
    from twentyone_burn.shoe import three_card_multisets
    rules = Rules(decks=None)
    cache.hand_choices(rules, 9, (4, 5, 9))
    kv = kept_values(rules, 9)
    for cards in three_card_multisets():
        got = cache.hand_choices(rules, 9, cards)
        want = burn_choices(kv, cards)
        assert [c["burn"] for c in got] == ["A23456789T"[ch.burn] for ch in want]
        assert [c["ev"] for c in got] == [ch.ev for ch in want]
        assert [c["double"] for c in got] == [ch.double for ch in want]


def _corruptions(path: Path) -> dict[str, bytes | None]:
    data = path.read_bytes()
    head, _, body = data.partition(b"\n")
    header = json.loads(head)
    digit = body.index(b"0.")
    flipped = body[:digit + 2] + bytes([(body[digit + 2] - 48 + 1) % 10 + 48]) + body[digit + 3:]
    other_key = json.dumps({**header, "key": "0" * 64}).encode()
    return {
        "empty": b"",
        "cut short": data[: len(data) // 2],
        "no body": head,
        "one digit changed": head + b"\n" + flipped,
        "another key": other_key + b"\n" + body,
        "not json": b"\xff\xfe garbage\n\x00\x01",
        "header not an object": b"[1, 2]\n" + body,
        "a folder": None,
    }


def test_a_corrupt_entry_is_recomputed(cache_dir, misses):
    args = ("hand", "T,6,5", "--up", "9", *INF, "--json")
    good = invoke(*args)
    (path,) = entries(cache_dir)
    intact = path.read_bytes()
    for n, (name, data) in enumerate(_corruptions(path).items(), start=2):
        if data is None:            # a folder where the entry was: unreadable, unwritable
            path.unlink()
            path.mkdir()
        else:
            path.write_bytes(data)
        r = CliRunner().invoke(app, list(args))
        assert r.exit_code == 0 and r.stderr == "" and r.stdout == good, name  # not a word
        assert misses["hand"] == n, name
        if data is None:
            path.rmdir()
        else:
            assert path.read_bytes() == intact, name   # rewritten whole


def test_a_well_formed_entry_with_wrong_contents_is_not_believed(cache_dir, misses):
    """An entry whose checksum is right but whose choices do not fit the deal (written by
    hand, or by a bug) is recomputed too."""
    args = ("hand", "T,6,5", "--up", "9", *INF, "--json")
    good = invoke(*args)
    (path,) = entries(cache_dir)
    head, _, body = path.read_bytes().partition(b"\n")
    doc = json.loads(body)
    doc["choices"]["4,5,9"] = doc["choices"]["4,5,9"][:1]        # a burn missing
    data = json.dumps(doc, separators=(",", ":")).encode()
    import hashlib
    header = {**json.loads(head), "sha256": hashlib.sha256(data).hexdigest()}
    path.write_bytes(json.dumps(header).encode() + b"\n" + data)
    assert invoke(*args) == good
    assert misses["hand"] == 2


def test_off_writes_nothing(tmp_path, monkeypatch, misses):
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv(cache.CACHE_ENV, "off")
    assert cache.cache_folder() is None
    a = invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    b = invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    invoke("dealer", "--up", "9", *INF)
    assert a == b and misses == {"hand": 2, "dealer": 1}
    assert list(tmp_path.rglob("*")) == []


def test_different_rules_miss(cache_dir, misses):
    invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    invoke("hand", "T,6,5", "--up", "9", *INF, "--s17", "--json")
    invoke("hand", "T,6,5", "--up", "8", *INF, "--json")   # another up card: another entry
    assert misses["hand"] == 3
    names = [p.name for p in entries(cache_dir)]
    assert len(names) == 3
    assert len({n.split("-")[1] for n in names}) == 2       # two rules hashes
    invoke("hand", "T,6,5", "--up", "9", *INF, "--s17", "--json")
    assert misses["hand"] == 3


def test_other_code_misses(cache_dir, misses, monkeypatch):
    """The key covers the engine's source and the version: an entry from other code is not
    used (here the key changes as if a source file had)."""
    invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    monkeypatch.setattr(cache, "_code_key", lambda: "f" * 64)
    invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    assert misses["hand"] == 2
    monkeypatch.setattr(cache, "_code_key", lambda: None)   # unknown: no cache at all
    invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    assert misses["hand"] == 3


def test_sources_changed_while_computing_are_not_kept(cache_dir, monkeypatch):
    """The key is read before the engine is imported; if the sources differ by the time the
    entry is written, the entry would carry the wrong key, so it is not written."""
    assert cache._code_key() is not None          # read first, as a run does
    monkeypatch.setattr(cache, "_read_code_key", lambda: "e" * 64)
    invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    invoke("dealer", "--up", "9", *INF)
    assert entries(cache_dir) == entries(cache_dir, "dealer") == []


def test_the_key_covers_the_sources_and_the_version():
    key = cache._code_key()
    assert key is not None and len(key) == 64
    assert cache.entry_key(Rules()) != cache.entry_key(Rules(decks=None))
    package = Path(cache.__file__).resolve().parents[1]
    covered = {p.relative_to(package).as_posix() for pattern in cache._SOURCES
               for p in package.glob(pattern)}
    assert {"rules.py", "shoe.py", "tables.py", "engine/player_burn.py", "engine/dealer.py",
            "engine/player.py", "engine/split.py", "engine/cache.py"} <= covered


def test_an_unwritable_cache_is_skipped(tmp_path, monkeypatch, misses):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.CACHE_ENV, str(blocker / "cache"))
    a = invoke("hand", "T,6,5", "--up", "9", *INF, "--json")
    assert invoke("hand", "T,6,5", "--up", "9", *INF, "--json") == a
    assert misses["hand"] == 2 and blocker.read_text() == "not a folder"


# -- dealer ------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules_args", [[], ["--decks", "1"], ["--rules", "classic-blackjack"]],
                         ids=["six decks", "one deck", "classic"])
def test_dealer_hit_prints_the_bytes_of_a_miss(cache_dir, misses, monkeypatch, rules_args):
    runs = [("dealer", "--up", "9", *rules_args, "--json"),
            ("dealer", "--up", "A", "--removed", "T 5 A", *rules_args, "--json"),
            ("dealer", "--up", "A", "--removed", "A 5 T", *rules_args),
            ("dealer", "--up", "6", "--removed", "2 2", *rules_args)]
    monkeypatch.setenv(cache.CACHE_ENV, "off")
    want = [invoke(*args) for args in runs]
    monkeypatch.setenv(cache.CACHE_ENV, str(cache_dir))
    assert [invoke(*args) for args in runs] == want
    assert misses["dealer"] == 3 + len(runs)        # "T 5 A" and "A 5 T" are one shoe
    assert [invoke(*args) for args in runs] == want
    assert misses["dealer"] == 3 + len(runs)


def test_dealer_entry_keeps_the_latest_removed_sets(cache_dir, misses, monkeypatch):
    monkeypatch.setattr(cache, "DEALER_ANSWERS", 3)
    for removed in ("2", "3", "4", "5"):
        invoke("dealer", "--up", "9", "--removed", removed)
    (path,) = entries(cache_dir, "dealer")
    answers = json.loads(path.read_bytes().partition(b"\n")[2])["answers"]
    assert len(answers) == 3
    invoke("dealer", "--up", "9", "--removed", "5")
    assert misses["dealer"] == 4
    invoke("dealer", "--up", "9", "--removed", "2")   # the oldest went
    assert misses["dealer"] == 5


def test_dealer_too_small_a_shoe_is_an_error_every_time(cache_dir, misses):
    args = ["dealer", "--up", "T", "--decks", "1", "--removed",
            " ".join(["T"] * 15 + [r for r in "98765432" for _ in range(4)] + ["A", "A", "A"])]
    for _ in range(2):
        r = CliRunner().invoke(app, args)
        assert r.exit_code != 0 and "too small" in str(r.exception)
    assert misses["dealer"] == 2 and entries(cache_dir, "dealer") == []


def test_the_outcomes_are_the_engines():
    from twentyone_burn.engine.results import outcome_dict
    rng = np.random.default_rng(3)
    for _ in range(20):
        d = rng.random(7)
        assert cache._outcome_dict(d) == outcome_dict(d)


# -- a whole process -----------------------------------------------------------------------------
_RUN = """
import sys
sys.argv = ["twentyone-burn", *sys.argv[1:]]
from twentyone_burn.cli import main
try:
    main()
finally:
    heavy = sorted({m.split(".")[0] for m in sys.modules} & {"numba", "numpy", "pandas"})
    sys.stderr.write(f"heavy {heavy}\\n")
"""


def test_a_warm_hand_and_dealer_read_without_numba(tmp_path):
    """The second run reads the entry and never imports numba (nor numpy)."""
    env = {**os.environ, cache.CACHE_ENV: str(tmp_path)}
    for args in (["hand", "T,6,5", "--up", "9", "--json"], ["dealer", "--up", "9", "--json"]):
        first, second = (subprocess.run([sys.executable, "-c", _RUN, *args], env=env,
                                        capture_output=True, timeout=300) for _ in range(2))
        assert first.returncode == second.returncode == 0, first.stderr[-2000:]
        assert first.stdout == second.stdout
        assert b"numba" in first.stderr
        assert b"heavy []" in second.stderr, second.stderr[-2000:]
