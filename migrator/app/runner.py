"""One parallel runner for every use case that works file by file (check, fix): a process pool
over the files when there are enough of them to pay for starting it, in this process otherwise.
Workers are never more than the files or the processors."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

POOL_THRESHOLD = 64
CHUNK = 16

Item = TypeVar("Item")
Result = TypeVar("Result")


def workers(jobs: int, items: int) -> int:
    """How many worker processes: ``jobs`` (0: one per processor), at most one per item and per
    processor."""
    cpus = os.cpu_count() or 1
    return max(1, min(jobs or cpus, cpus, items))


Progress = Callable[[int, int], None]


def run_all(job: Callable[[Item], Result], items: Sequence[Item], jobs: int = 0,
            progress: Progress | None = None) -> list[Result]:
    """``job`` over every item, in order; ``progress(done, total)`` after each. ``job`` must be
    a module-level function: it runs in worker processes for large runs."""
    count = workers(jobs, len(items))
    if len(items) >= POOL_THRESHOLD and count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            return _collect(pool.map(job, items, chunksize=CHUNK), len(items), progress)
    return _collect(map(job, items), len(items), progress)


def _collect(results: Iterable[Result], total: int, progress: Progress | None) -> list[Result]:
    out = []
    for result in results:
        out.append(result)
        if progress is not None:
            progress(len(out), total)
    return out
