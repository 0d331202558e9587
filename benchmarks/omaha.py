"""Omaha benchmarks: evaluator throughput against phevaluator, and exact-equity timings.

    python -m benchmarks.omaha            # from the repository root; about half a minute
    python -m benchmarks.omaha --quick    # smaller samples

Prints figures only; nothing here is asserted (targets of issue 7: >= 20 million Omaha high
evaluations a second; heads-up exact equity at the burn against one unknown hand < 1 s, high-low
included). Times are best-of-N wall clock, with CPU time alongside: on a shared machine the CPU
time is the steadier figure. Numba compile / cache load happens in a warm-up call first and is
reported separately.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np


def best_of(fn, repeat: int) -> tuple[float, float]:
    """(best wall seconds, best CPU seconds) of repeat calls."""
    wall = cpu = float("inf")
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu = min(cpu, time.thread_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    return wall, cpu


def random_pairs(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """n random deals of a 4-card hand and a 5-card board (distinct cards), as uint8."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 9), dtype=np.uint8)
    step = 250_000
    for s in range(0, n, step):
        k = min(step, n - s)
        out[s: s + k] = np.argsort(rng.random((k, 52)), axis=1)[:, :9]
    return np.ascontiguousarray(out[:, :4]), np.ascontiguousarray(out[:, 4:])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller samples")
    args = ap.parse_args()
    n_eval = 1_000_000 if args.quick else 4_000_000
    n_phe = 100_000 if args.quick else 300_000
    repeat = 3 if args.quick else 5

    t0 = time.perf_counter()
    from guts_family.omaha.evaluator import omaha_high_many, omaha_low_many, tables

    tables()
    print(f"import + lookup tables: {time.perf_counter() - t0:.2f} s")
    print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} CPUs")

    holes, boards = random_pairs(n_eval, seed=1)
    t0 = time.perf_counter()
    omaha_high_many(holes[:10], boards[:10])
    omaha_low_many(holes[:10], boards[:10])
    print(f"evaluator kernels warm-up (compile or cache load): {time.perf_counter() - t0:.2f} s")

    print(f"\n== Omaha evaluator: {n_eval:,} random (4-card hand, 5-card board) pairs ==")
    wall, cpu = best_of(lambda: omaha_high_many(holes, boards), repeat)
    ours_high = n_eval / wall
    print(f"guts_family high:            {ours_high / 1e6:7.1f} M/s wall   "
          f"{n_eval / cpu / 1e6:7.1f} M/s CPU")
    wall, cpu = best_of(lambda: omaha_low_many(holes, boards), repeat)
    print(f"guts_family eight-or-better: {n_eval / wall / 1e6:7.1f} M/s wall   "
          f"{n_eval / cpu / 1e6:7.1f} M/s CPU")

    from phevaluator import _pheval, evaluate_omaha_cards

    hl = holes[:n_phe].tolist()
    bl = boards[:n_phe].tolist()

    def phe_public() -> None:
        for h, b in zip(hl, bl):
            evaluate_omaha_cards(*b, *h)

    def phe_c() -> None:
        f = _pheval.evaluate_omaha_cards
        for h, b in zip(hl, bl):
            f(*b, *h)

    wall, cpu = best_of(phe_public, max(1, repeat // 2))
    phe_rate = n_phe / wall
    print(f"phevaluator evaluate_omaha_cards (Python API): {phe_rate / 1e6:6.2f} M/s wall")
    wall, cpu = best_of(phe_c, max(1, repeat // 2))
    phe_c_rate = n_phe / wall
    print(f"phevaluator C extension called per hand:       {phe_c_rate / 1e6:6.2f} M/s wall")
    print(f"ratio guts_family / phevaluator: {ours_high / phe_rate:.0f}x (Python API), "
          f"{ours_high / phe_c_rate:.0f}x (C extension per call)")
    ours = omaha_high_many(holes[:20000], boards[:20000]).tolist()
    same = ours == [7463 - evaluate_omaha_cards(*b, *h) for h, b in zip(hl[:20000], bl[:20000])]
    print(f"values agree with phevaluator on the first 20,000 pairs: {same}")

    from guts_family.omaha.burn import deal_count, estimate_seconds, omaha_equity

    t0 = time.perf_counter()
    omaha_equity(["AsAhKsKh", "JdTc9d8c"], "Qd7c2h3s")
    print(f"\nequity kernel warm-up (compile or cache load): {time.perf_counter() - t0:.2f} s")

    print("\n== Exact equity (complete enumeration) ==")
    cases = [
        ("heads-up at the burn vs 1 unknown, high", ["AsAhKsKh"], "Qd7c2h3s", 1, False),
        ("heads-up at the burn vs 1 unknown, hi-lo", ["AsAhKsKh"], "Qd7c2h3s", 1, True),
        ("hi-lo hand at the burn vs 1 unknown, hi-lo", ["As2sKdQd"], "3s7s8dJc", 1, True),
        ("3 known hands at the burn, hi-lo", ["AsAhKsKh", "JdTc9d8c", "2c3c4d5d"],
         "Qd7c2h3s", 0, True),
        ("2 known hands preflop, hi-lo", ["AsAhKsKh", "JdTc9d8c"], "", 0, True),
        ("2 known hands on the flop, hi-lo", ["AsAhKsKh", "JdTc9d8c"], "Qd7c2h", 0, True),
        ("on the flop vs 1 unknown, hi-lo", ["AsAhKsKh"], "Qd7c2h", 1, True),
    ]
    if not args.quick:
        cases.append(("7 known + 2 unknown at the burn, hi-lo",
                      ["AsAhKsKh", "JdTc9d8c", "2c3c4d5d", "6h6s9h9s", "Td8d5s4s", "KcQcJcTh",
                       "Ad2d3h4h"], "Qd7c2h3s", 2, True))
    for label, hands, board, opp, hilo in cases:
        r = None

        def go(hands=hands, board=board, opp=opp, hilo=hilo) -> None:
            nonlocal r
            r = omaha_equity(hands, board, opponents=opp, hilo=hilo)

        wall, cpu = best_of(go, 1 if opp and len(board) < 4 else 3)
        n_board = len(board) // 2
        est = estimate_seconds(len(hands), n_board, opp)
        eq = ", ".join(f"{float(p.equity):.4f}" for p in r.players[: len(hands) + min(opp, 1)])
        print(f"{label:45s} {r.deals:>13,} deals  {wall:7.3f} s wall  {cpu:7.3f} s CPU  "
              f"(estimate {est:6.2f} s)  equity {eq}")
        assert r.deals == deal_count(len(hands), n_board, opp)[1]
        if opp == 1 and n_board == 4 and hilo and "heads-up" in label:
            print(f"{'':45s} = {r.deals / cpu / 1e6:.0f} M opponent hands valued (high and low) "
                  "and counted a CPU second inside the equity kernel")


if __name__ == "__main__":
    main()
