"""Running commands and measuring them: wall time, CPU time (user + sys) and peak RSS of each
child, from ``os.wait4`` (the child's own usage plus that of the processes it waited for, such as
a worker pool; the peak RSS is that of the largest single process). Cases run in alternation,
round after round, so that ratios compare runs made at the same moment."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


class BenchError(Exception):
    """A measured command failed: its figures would mean nothing."""


@dataclass(frozen=True)
class Case:
    key: str
    corpus: str  # what it reads, as the table shows it
    label: str  # the command as the table shows it
    argv: tuple[str, ...]
    cwd: Path
    units: int = 0  # files (or lines) it reads, for the throughput column
    unit: str = "files"
    env: tuple[tuple[str, str], ...] = ()
    codes: tuple[int, ...] = (0,)  # exit statuses that mean the run did its work
    prepare: Callable[[], None] | None = field(default=None, compare=False)  # untimed, before each run
    versus: tuple[str, str] | None = None  # (other case's key, "wall" or "cpu"): ratio column
    prime: bool = False  # run once untimed before the rounds (a warm cache needs one)


@dataclass(frozen=True)
class Sample:
    wall: float
    cpu: float
    rss_mb: float

    def get(self, metric: str) -> float:
        return getattr(self, metric)


def run_once(case: Case, output: Path) -> Sample:
    """Run ``case`` once with its output going to a file (not /dev/null: grep would stop at the
    first match), and measure it."""
    if case.prepare:
        case.prepare()
    env = {**os.environ, **dict(case.env)}
    with open(output, "wb") as out, open(output.with_suffix(".err"), "wb") as err:
        started = time.perf_counter()
        child = subprocess.Popen(case.argv, cwd=case.cwd, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in case.codes:
        tail = output.with_suffix(".err").read_text(errors="replace").strip().splitlines()[-5:]
        raise BenchError(f"{case.label}: exit status {child.returncode} (expected {case.codes})\n  "
                         + "\n  ".join(tail))
    return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def alternate(cases: Sequence[Case], runs: int, warmup: int, work: Path) -> dict[str, list[Sample]]:
    """``runs`` rounds of every case in turn, after ``warmup`` rounds that are not counted."""
    samples: dict[str, list[Sample]] = {case.key: [] for case in cases}
    for case in cases:
        if case.prime and not warmup:
            run_once(case, work / f"{case.key}.out")
    for round_no in range(-warmup, runs):
        for case in cases:
            sample = run_once(case, work / f"{case.key}.out")
            if round_no >= 0:
                samples[case.key].append(sample)
        state = "warm-up" if round_no < 0 else f"{round_no + 1}/{runs}"
        print(f"  round {state}: " + ", ".join(f"{c.key} {samples[c.key][-1].wall:.2f}s" if round_no >= 0
                                                else c.key for c in cases), file=sys.stderr, flush=True)
    return samples


@dataclass(frozen=True)
class Spread:
    median: float
    low: float
    high: float


def spread(values: Sequence[float]) -> Spread:
    return Spread(statistics.median(values), min(values), max(values))


def of(samples: Sequence[Sample], metric: str) -> Spread:
    return spread([s.get(metric) for s in samples])


def ratio(top: Sequence[Sample], bottom: Sequence[Sample], metric: str) -> Spread:
    """``top / bottom`` run by run (round i with round i), then the median and range."""
    return spread([t.get(metric) / max(b.get(metric), 1e-9) for t, b in zip(top, bottom)])
