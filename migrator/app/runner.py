"""One parallel runner for every use case that works file by file (check, fix): a process pool
over the files when there are enough of them to pay for starting it, in this process otherwise.
Workers are never more than the files or the processors.

A worker that dies (a segfault in a C extension, the out-of-memory killer) breaks the whole pool.
The results already made are kept, and the files left are run again one at a time in a pool of
one worker, so the file that kills its worker again is known: ``crashed(item)`` gives its
result, and every other file is still checked.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from itertools import chain, islice
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


def run_all(job: Callable[[Item], Result], items: Iterable[Item], jobs: int = 0,
            progress: Progress | None = None, crashed: Callable[[Item], Result] | None = None) -> list[Result]:
    """``job`` over every item, in order; ``progress(done, total)`` as items finish (once all
    items are known). ``items`` may be a generator (a discovery walk): a pool starts as soon as
    POOL_THRESHOLD items are known and gets each chunk of items as it is found, so the workers
    check files while the walk goes on. ``job`` must be a module-level function: it runs in
    worker processes for large runs. ``crashed(item)`` is the result of an item whose worker
    died (without it, BrokenProcessPool is raised)."""
    items = iter(items)
    head = list(islice(items, POOL_THRESHOLD))
    count = workers(jobs, POOL_THRESHOLD if len(head) == POOL_THRESHOLD else len(head))
    if len(head) < POOL_THRESHOLD or count == 1:
        every = head + list(items)
        return _collect(map(job, every), len(every), progress)
    return _pooled(job, chain(head, items), count, progress, crashed)


def _collect(results: Iterable[Result], total: int, progress: Progress | None) -> list[Result]:
    out = []
    for result in results:
        out.append(result)
        if progress is not None:
            progress(len(out), total)
    return out


def _chunk(job: Callable[[Item], Result], items: Sequence[Item]) -> list[Result]:
    return [job(item) for item in items]


def _pooled(job, stream: Iterator[Item], count: int, progress: Progress | None,
            crashed: Callable[[Item], Result] | None) -> list[Result]:
    results: dict[int, Result] = {}
    items: list[Item] = []
    with ProcessPoolExecutor(max_workers=count) as pool:
        futures = {}
        for chunk in _chunks(stream):
            if not _submit(pool, futures, job, chunk, len(items)):  # a worker died: the rest is left
                chunk.extend(stream)
            items.extend(chunk)
        for future in as_completed(futures):
            if _broken(future):
                continue
            results.update(enumerate(future.result(), start=futures[future]))
            if progress is not None:
                progress(len(results), len(items))
    left = [i for i in range(len(items)) if i not in results]
    if left and crashed is None:
        raise BrokenProcessPool(f"a worker process died; {len(left)} of {len(items)} items not done")
    for index, result in zip(left, _one_by_one(job, [items[i] for i in left], crashed)):
        results[index] = result
        if progress is not None:
            progress(len(results), len(items))
    return [results[i] for i in range(len(items))]


def _submit(pool: ProcessPoolExecutor, futures: dict, job, chunk: list, start: int) -> bool:
    """Hand a chunk to the pool; False when the pool is already broken."""
    try:
        futures[pool.submit(_chunk, job, chunk)] = start
    except BrokenProcessPool:
        return False
    return True


def _chunks(stream: Iterator[Item]) -> Iterator[list[Item]]:
    while chunk := list(islice(stream, CHUNK)):
        yield chunk


def _broken(future: Future) -> bool:
    return isinstance(future.exception(), BrokenProcessPool)


def _one_by_one(job, items: Sequence[Item], crashed: Callable[[Item], Result]) -> Iterable[Result]:
    """Each item alone in a pool of one worker: an item that breaks it is ``crashed(item)``, and
    the next item gets a new worker."""
    pool = None
    try:
        for item in items:
            pool = pool or ProcessPoolExecutor(max_workers=1)
            try:
                yield pool.submit(job, item).result()
            except BrokenProcessPool:
                pool.shutdown()
                pool = None
                yield crashed(item)
    finally:
        if pool is not None:
            pool.shutdown()
