"""Input checks before any work (toolkit_cli/checks.py): counts, shares, seconds, scheduler
addresses, output paths and --force."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit_cli.checks import (
    check_output,
    check_scheduler,
    check_seconds,
    parse_count,
    parse_fraction,
    parse_share,
    refuse_overwrite,
)
from toolkit_cli.errors import InputError


@pytest.mark.parametrize(("text", "value"), [("1e8", 10 ** 8), ("100_000_000", 10 ** 8),
                                             ("1,000,000", 10 ** 6), ("2.5e3", 2500),
                                             ("1E12", 10 ** 12), (" 7 ", 7)])
def test_counts(text, value):
    assert parse_count(text, "--rounds") == value


@pytest.mark.parametrize("text", ["0", "1e13", "1.5", "1e999", "-1", "1__0", "nan", "1e-3",
                                  "9" * 5000, "", "0x10"])
def test_bad_counts(text):
    with pytest.raises(InputError) as e:
        parse_count(text, "--rounds")
    assert len(str(e.value)) < 200


def test_count_bounds_and_none():
    assert parse_count(None, "--workers") is None and parse_count(4096, "--workers") == 4096
    with pytest.raises(InputError, match="from 1 to 4,096"):
        parse_count("4097", "--workers", high=4096)


@pytest.mark.parametrize("value", [0.0, 1.0, float("nan"), float("inf"), -0.5])
def test_fractions_are_strictly_inside(value):
    with pytest.raises(InputError, match="--penetration"):
        parse_fraction(value, "--penetration")


@pytest.mark.parametrize(("text", "ok"), [("5%", 0.05), ("0", 0.0), ("0.999", 0.999),
                                          ("100%", None), ("-1%", None), ("five", None),
                                          ("nan", None)])
def test_shares(text, ok):
    if ok is None:
        with pytest.raises(InputError, match="--commission"):
            parse_share(text, "--commission")
    else:
        assert parse_share(text, "--commission") == ok


@pytest.mark.parametrize("value", [0.0, -1.0, float("nan"), float("inf")])
def test_seconds_are_finite_and_positive(value):
    with pytest.raises(InputError, match="--max-seconds must be a positive number"):
        check_seconds(value)


@pytest.mark.parametrize("address", ["localhost", "localhost:0", "tcp://h:70000", "host:port",
                                     "http://host:8786", ":8786", "my host:8786"])
def test_bad_scheduler_addresses(address):
    with pytest.raises(InputError, match="--scheduler"):
        check_scheduler(address)


def test_output_paths(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    check_output(tmp_path / "new" / "deeper", "--out", folder=True)   # parents may be missing
    check_output(tmp_path / "new.csv", "--deals", folder=False)
    assert not (tmp_path / "new").exists()                             # nothing is created
    for path, folder, needle in [(f, True, "is a file, not a folder"),
                                 (tmp_path, False, "is a folder; give a file name"),
                                 (f / "x", True, "is a file, not a folder")]:
        with pytest.raises(InputError, match=needle):
            check_output(path, "--out", folder=folder)
    assert os.listdir(tmp_path) == ["file"]                            # the probe left nothing


def test_a_place_nobody_may_write_is_the_environment():
    with pytest.raises(OSError) as e:      # /proc takes no new files, even from root
        check_output(Path("/proc/no-reports"), "--out", folder=True)
    assert not isinstance(e.value, InputError) and e.value.filename == "/proc/no-reports"


def test_refuse_overwrite(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    refuse_overwrite([a, b], force=False)
    a.write_text("{}")
    b.write_text("{}")
    with pytest.raises(InputError, match=r"a.json' \(and 1 more\) already exists.*--force"):
        refuse_overwrite([a, b], force=False)
    refuse_overwrite([a, b], force=True)
