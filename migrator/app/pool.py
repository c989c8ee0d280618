"""The process pool of runner.py, in a module of its own so that concurrent.futures and
multiprocessing are imported only when a run is large enough to start one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .runner import Item, Progress, Result

CHUNK = 16  # items handed to a worker at a time
WINDOW = 4  # chunks per worker in the pool's hands at a time (_make_room)


def _chunk(job: Callable[[Item], Result], items: Sequence[Item]) -> list[Result]:
    return [job(item) for item in items]


def pooled(job, stream: Iterator[Item], count: int, progress: Progress | None,
           crashed: Callable[[Item], Result] | None, light: Callable[[Item], Item] | None = None) -> list[Result]:
    results: dict[int, Result] = {}
    items: list[Item] = []
    with ProcessPoolExecutor(max_workers=count, initializer=_large_run) as pool:
        futures: dict[Future, int] = {}
        waiting: set[Future] = set()
        for chunk in _chunks(stream):
            waiting = _make_room(waiting, count)
            submitted = _submit(pool, futures, job, chunk, len(items))
            if submitted is None:  # a worker died: the rest is left
                chunk.extend(stream)
            else:
                waiting.add(submitted)
            items.extend(map(light, chunk) if light else chunk)  # what a crashed item is done again from
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


def _large_run() -> None:
    """Each worker's start: a pool starts only for a large run, so a worker's prefilter searches
    in one pass from its first file (prefilter.expect_many)."""
    from ..prefilter import expect_many

    expect_many()


def _make_room(waiting: set[Future], count: int) -> set[Future]:
    """The chunks still in the pool's hands, once fewer than WINDOW per worker are: a chunk
    waiting there holds its files' texts, so a run that finds files faster than it checks them
    holds a few at a time. Only the chunks handed on since the last call are looked at."""
    running = {f for f in waiting if not f.done()}
    if len(running) >= WINDOW * count:
        _, running = wait(running, return_when=FIRST_COMPLETED)
    return running


def _submit(pool: ProcessPoolExecutor, futures: dict, job, chunk: list, start: int) -> Future | None:
    """Hand a chunk to the pool: its future; None when the pool is already broken."""
    try:
        future = pool.submit(_chunk, job, chunk)
    except BrokenProcessPool:
        return None
    futures[future] = start
    return future


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
