"""The engine's kernels compiled ahead of time, loaded by engine/compiled.py, against numba's:
the same figures to the bit, numba not imported by a process that needs only the compiled
entries, numba's kernels wherever the module does not fit (a kernel it lacks, a strided
array), and the module's key. Building the module (engine/aot.py): test_aot.py."""

from __future__ import annotations

import json

from tests.engine.aot_helpers import env, python


def test_compiled_entries_give_numba_s_figures_to_the_bit(small_module):
    from tests.reference import aot_cases as ours
    cache, exports = small_module
    assert set(exports) == {"player___play_hands__0", "dealer___trie_distribution__0"}
    got = json.loads(python("import json\nfrom tests.reference import aot_cases\n"
                            "from twentyone_burn.engine import compiled, player\n"
                            "assert compiled.uses_aot()\n"
                            "assert type(player._play_hands).__name__ == '_AheadOfTime'\n"
                            "print(json.dumps(aot_cases.entries()))", env(cache)))
    want = ours.entries()
    assert got.pop("numba before lazy") is False      # the entries ran without numba
    want.pop("numba before lazy")
    assert got == want


def test_without_the_module_or_turned_off_the_kernels_are_numba_s(small_module):
    cache, _ = small_module
    code = ("from twentyone_burn.engine import compiled, player\n"
            "print(compiled.uses_aot(), type(player._play_hands).__name__)")
    assert python(code, env(cache, TWENTYONE_BURN_AOT="off")).split() == \
        ["False", "CPUDispatcher"]
    # another version of the sources has another key, so another (empty) folder
    assert python(code, env(cache / "elsewhere")).split() == ["False", "CPUDispatcher"]


def test_the_key_follows_the_sources_and_the_cpu(monkeypatch):
    from twentyone_burn.engine import compiled
    base = compiled._key()
    assert base is not None and len(base) == 64
    try:
        compiled._key.cache_clear()
        monkeypatch.setattr(compiled, "_cpu", lambda: "another cpu")
        other_cpu = compiled._key()
        compiled._key.cache_clear()
        monkeypatch.setattr(compiled, "code_key", lambda: "other sources")
        other_code = compiled._key()
        assert len({base, other_cpu, other_code}) == 3
    finally:
        compiled._key.cache_clear()
