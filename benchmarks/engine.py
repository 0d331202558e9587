"""Times the full standard 21 Burn analysis cold (JIT compile included) and warm.

Run: python -m benchmarks.engine   (prints figures; no assertions)
Also prints dealer evaluations per second, against a plain-Python recursion of the same
dealer run in this process (the ratio is the kernel's speed-up).
"""

from __future__ import annotations

import resource
import time

from twentyone_burn.rules import Rules


def main() -> None:
    t0 = time.perf_counter()
    from twentyone_burn.engine.burn import unsplit_hands
    from twentyone_burn.engine.dealer import dealer_distributions, dealer_trie
    from twentyone_burn.engine.game import analyze
    from twentyone_burn.shoe import full_shoe
    from twentyone_burn.tables import hand_table
    a = analyze(Rules())
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    a2 = analyze(Rules())
    warm = time.perf_counter() - t0
    assert a2.expected_return == a.expected_return
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"standard rules, 6 decks: expected return {a.expected_return:+.12f}")
    print(f"full analysis cold (import + JIT/cache load + run): {cold:8.2f} s")
    print(f"full analysis warm:                                 {warm:8.2f} s")
    print(f"peak resident memory:                               {peak:8.0f} MiB")

    keys = hand_table().counts[unsplit_hands()]
    base = full_shoe(6)
    total_evals = 0
    t0 = time.perf_counter()
    for up in range(10):
        trie = dealer_trie(up, True)
        b = base.copy()
        b[up] -= 1
        dealer_distributions(trie, b, keys)
        total_evals += keys.shape[0]
    dt = time.perf_counter() - t0
    rate = total_evals / dt
    print(f"dealer evaluations (kernel, both cores):            {rate:10.0f} /s")

    from tests.reference import engine as ref
    t0 = time.perf_counter()
    n_plain = 0
    for k in range(20):
        unseen = base.copy()
        unseen[5] -= 1
        unseen -= keys[k]
        ref.dealer.cache_clear()
        ref._dealer_draw.cache_clear()
        ref.dealer(tuple(int(x) for x in unseen), 5, True)
        n_plain += 1
    plain = n_plain / (time.perf_counter() - t0)
    print(f"dealer evaluations (plain-Python recursion):        {plain:10.1f} /s")
    print(f"ratio kernel / plain:                               {rate / plain:10.0f}x")


if __name__ == "__main__":
    main()
