"""One parallel runner for every use case that works file by file (check, fix): a process pool
over the files when there are enough of them to pay for starting it, in this process otherwise.
Workers are never more than the files or the processors."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
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


def run_all(job: Callable[[Item], Result], items: Sequence[Item], jobs: int = 0) -> list[Result]:
    """``job`` over every item, in order. ``job`` must be a module-level function: it runs in
    worker processes for large runs."""
    count = workers(jobs, len(items))
    if len(items) >= POOL_THRESHOLD and count > 1:
        with ProcessPoolExecutor(max_workers=count) as pool:
            return list(pool.map(job, items, chunksize=CHUNK))
    return [job(item) for item in items]
