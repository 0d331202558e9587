"""The sampling core (guts_family.sampling): streams per chunk, the same numbers for any number
of workers, the stopping rules, standard errors of means of per-trial values, bad requests."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
import pytest

from guts_family.sampling import (
    CONFIDENCE_Z,
    CoinFlips,
    Estimate,
    chunk_rng,
    sample,
)


@dataclass(frozen=True)
class ThreeWaySplit:
    """Per trial: a pot share of 1, 1/2, 1/3 or 0, in sixths (integers)."""

    def __call__(self, rng, n):
        share = rng.choice(np.array([6, 3, 2, 0]), size=n, p=[0.2, 0.1, 0.1, 0.6])
        return np.array([share.sum()]), np.array([(share * share).sum()])


@dataclass(frozen=True)
class Mixed:
    """An integer column and a float column."""

    def __call__(self, rng, n):
        k = rng.integers(0, 7, size=n)
        x = rng.standard_normal(n)
        return (np.array([float(k.sum()), float(x.sum())]),
                np.array([float((k * k).sum()), float((x * x).sum())]))


@dataclass(frozen=True)
class Slow:
    """A coin that takes its time (for the time limit)."""

    def __call__(self, rng, n):
        time.sleep(0.02)
        return CoinFlips()(rng, n)


def test_chunk_streams_are_the_spawned_children():
    children = np.random.SeedSequence(11).spawn(5)
    for k in range(5):
        assert chunk_rng(11, k).integers(0, 2 ** 62, 4).tolist() == \
            np.random.default_rng(children[k]).integers(0, 2 ** 62, 4).tolist()
    assert chunk_rng(11, 0).random() != chunk_rng(11, 1).random()


def test_standard_error_of_split_shares_is_the_sample_variance():
    """A mean of per-trial shares (ties split): the SE comes from the values' sample variance."""
    run = sample(ThreeWaySplit(), seed=3, samples=5000, chunk_size=1000, scale=6)
    values = np.concatenate([
        chunk_rng(3, k).choice(np.array([6, 3, 2, 0]), size=1000, p=[0.2, 0.1, 0.1, 0.6])
        for k in range(5)]) / 6
    e = run.estimate(0)
    assert e.value == pytest.approx(values.mean(), abs=1e-15)
    assert e.se == pytest.approx(values.std(ddof=1) / math.sqrt(len(values)), rel=1e-12)
    assert e.high - e.value == pytest.approx(CONFIDENCE_Z * e.se)
    # exact integer sums and float sums give the same estimate
    f = Estimate.of(float(run.sums[0]), float(run.squares[0]), run.samples, 6.0)
    assert f.value == pytest.approx(e.value) and f.se == pytest.approx(e.se, rel=1e-9)


def test_interval_is_clipped_to_the_range():
    e = Estimate.of(1000, 1000, 1000, low=0.0, high=1.0)
    assert (e.value, e.se, e.low, e.high) == (1.0, 0.0, 1.0, 1.0)
    e = Estimate.of(1, 1, 1000, low=0.0, high=1.0)
    assert e.low == 0.0 < e.high


@pytest.mark.parametrize("task", [CoinFlips(), Mixed()])
def test_same_seed_same_numbers_for_any_number_of_workers(task):
    runs = [sample(task, seed=42, samples=10_500, chunk_size=1000, workers=w, parallel_after=0)
            for w in (1, 2, 3)]
    assert len({(r.sums, r.squares, r.samples) for r in runs}) == 1
    assert [r.workers for r in runs] == [1, 2, 3]
    assert runs[0].samples == 10_500  # the last chunk is a part chunk
    other = sample(task, seed=43, samples=10_500, chunk_size=1000)
    assert other.sums != runs[0].sums


def test_target_se_stops_at_the_same_chunk_for_any_number_of_workers():
    runs = [sample(Mixed(), seed=5, target_se=0.02, chunk_size=500, min_samples=1000,
                   watch=[1], workers=w, parallel_after=0) for w in (1, 2)]
    assert [r.workers for r in runs] == [1, 2]
    assert runs[0].stopped_by == runs[1].stopped_by == "target-se"
    assert runs[0].samples == runs[1].samples and runs[0].sums == runs[1].sums
    assert runs[0].estimate(1).se <= 0.02
    # one chunk fewer would not have reached it
    fewer = sample(Mixed(), seed=5, samples=runs[0].samples - 500, chunk_size=500)
    assert fewer.estimate(1).se > 0.02


def test_samples_and_target_whichever_first():
    r = sample(CoinFlips(), seed=1, samples=3000, target_se=1e-6, chunk_size=1000)
    assert (r.stopped_by, r.samples) == ("samples", 3000)


@pytest.mark.parametrize("workers", [1, 2])
def test_time_limit_and_its_reproduction(workers):
    r = sample(Slow(), seed=9, target_se=1e-9, max_seconds=0.15, chunk_size=100,
               workers=workers, parallel_after=0)
    assert r.stopped_by == "max-seconds" and r.samples >= 100 and r.samples % 100 == 0
    again = sample(CoinFlips(), seed=9, samples=r.samples, chunk_size=100)
    assert again.sums == r.sums


@pytest.mark.parametrize("kwargs,message", [
    ({"target_se": 0}, "--target-se must be a positive number, got 0"),
    ({"target_se": -0.01}, "--target-se must be a positive number"),
    ({"target_se": float("nan")}, "--target-se must be a positive number"),
    ({"samples": 0}, "--samples must be a whole number from 1"),
    ({"samples": 2.5}, "--samples must be a whole number"),
    ({"samples": 100, "workers": 0}, "--workers must be a whole number from 1"),
    ({"samples": 100, "seed": -1}, "--seed must be a whole number from 0"),
    ({"samples": 100, "max_seconds": 0}, "--max-seconds must be a positive number"),
    ({}, "give a target standard error"),
    ({"samples": 100, "watch": [3]}, "watched column 3"),
    ({"samples": 100, "scale": [1, 2]}, "2 scales for 1 columns"),
])
def test_bad_requests_are_one_line_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message) as info:
        sample(CoinFlips(), **kwargs)
    assert "\n" not in str(info.value)


def test_a_short_run_stays_in_process_then_workers_take_over():
    quick = sample(CoinFlips(), seed=1, samples=5000, chunk_size=1000, workers=2)
    assert quick.workers == 1  # done before PARALLEL_AFTER: no processes started
    mixed = sample(Slow(), seed=1, samples=1500, chunk_size=100, workers=2, parallel_after=0.05)
    assert mixed.workers == 2  # a few chunks here, the rest in the workers
    assert mixed.sums == sample(CoinFlips(), seed=1, samples=1500, chunk_size=100).sums
    with pytest.raises(ValueError, match="parallel_after"):
        sample(CoinFlips(), samples=10, parallel_after=-1)


def test_fresh_seed_is_reported_and_reproduces():
    r = sample(CoinFlips(), samples=2000)
    assert sample(CoinFlips(), seed=r.seed, samples=2000).sums == r.sums
