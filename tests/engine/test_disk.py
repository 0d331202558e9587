"""What the engine keeps on disk (engine/disk.py): where the folder is, and the stored arrays
(the dealer tries) read back exactly as built, rebuilt when damaged or made by other code."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone_burn.engine import cache, disk

pytestmark = pytest.mark.usefixtures("fresh_code_key")


def test_where_the_cache_lives(tmp_path, monkeypatch):
    monkeypatch.delenv(cache.CACHE_ENV, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert cache.cache_folder() == tmp_path / ".cache" / "twentyone-burn"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")
    assert cache.cache_folder() == tmp_path / ".cache" / "twentyone-burn"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_folder() == tmp_path / "xdg" / "twentyone-burn"
    monkeypatch.setenv(cache.CACHE_ENV, str(tmp_path / "mine"))
    assert cache.cache_folder() == tmp_path / "mine"
    for off in ("off", "OFF", " off "):
        monkeypatch.setenv(cache.CACHE_ENV, off)
        assert cache.cache_folder() is None


# -- stored arrays (the dealer tries) ----------------------------------------------------------
def test_a_stored_trie_is_the_built_one(cache_dir):
    """The dealer trie read back from the cache is the one ``build_trie`` makes, array for
    array, dtype for dtype (the kernels take exactly these)."""
    from dataclasses import fields

    from twentyone_burn.engine.dealer import DealerTrie, build_trie, dealer_classes

    def make():
        t = build_trie(dealer_classes(6, True, "highest"))
        return {f.name: np.asarray(getattr(t, f.name)) for f in fields(DealerTrie)}

    built = make()
    first = disk.stored_arrays("trie-test", make)
    assert list(cache_dir.glob("arrays-trie-test.npz"))
    calls = []
    again = disk.stored_arrays("trie-test", lambda: calls.append(1) or make())
    assert not calls                       # read, not rebuilt
    for k, v in built.items():
        for got in (first[k], again[k]):
            assert got.dtype == v.dtype and got.shape == v.shape and np.array_equal(got, v), k
            assert got.flags.c_contiguous


@pytest.mark.parametrize("damage", ["cut", "flip", "other code"])
def test_a_damaged_or_foreign_stored_array_is_rebuilt(cache_dir, damage, monkeypatch):
    make = lambda: {"a": np.arange(5, dtype=np.int64)}  # noqa: E731
    disk.stored_arrays("x", make)
    path = cache_dir / "arrays-x.npz"
    data = path.read_bytes()
    if damage == "cut":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        path.write_bytes(data[:-10] + bytes([data[-10] ^ 1]) + data[-9:])
    else:
        monkeypatch.setattr(disk, "code_key", lambda: "another")
    calls = []
    got = disk.stored_arrays("x", lambda: calls.append(1) or {"a": np.arange(5) * 2})
    assert calls and got["a"].tolist() == [0, 2, 4, 6, 8]
