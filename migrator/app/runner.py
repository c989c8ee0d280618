"""One parallel runner for every use case that works file by file (check, fix): a process pool
over the files when there is enough work to pay for starting it (enough files, or enough bytes of
the files that passed the prefilter), in this process otherwise. Workers are never more than the
files or the processors.

A worker that dies (a segfault in a C extension, the out-of-memory killer) breaks the whole pool.
The results already made are kept, and the files left are run again one at a time in a pool of
one worker, so the file that kills its worker again is known: ``crashed(item)`` gives its
result, and every other file is still checked.

The pool lives in pool.py, imported only when one starts: a serial run, such as a pre-commit
hook's few files, does not import concurrent.futures and multiprocessing.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from typing import TypeVar

POOL_THRESHOLD = 64  # items before a pool starts, when the caller does not say how large each is
# Characters of candidate files before a pool starts: a worker takes about 0.14 s of CPU to
# start (imports, the rule table) and one process checks about 1.4 MB of gitlab-heavy's Python a
# second, so on 2 cores a pool pays from about 0.4 MB (bench/pool_threshold.py); rounded up, since
# a pool also spends more CPU in all.
POOL_BYTES = 500_000

Item = TypeVar("Item")
Result = TypeVar("Result")


def workers(jobs: int, items: int) -> int:
    """How many worker processes: ``jobs`` (0: one per processor), at most one per item and per
    processor."""
    cpus = os.cpu_count() or 1
    return max(1, min(jobs or cpus, cpus, items))


Progress = Callable[[int, int], None]


def run_all(job: Callable[[Item], Result], items: Iterable[Item], jobs: int = 0,
            progress: Progress | None = None, crashed: Callable[[Item], Result] | None = None,
            size: Callable[[Item], int] | None = None, light: Callable[[Item], Item] | None = None) -> list[Result]:
    """``job`` over every item, in order; ``progress(done, total)`` as items finish (once all
    items are known). ``items`` may be a generator (a discovery walk): a pool starts as soon as
    POOL_THRESHOLD items are known (with ``size``, items of POOL_BYTES bytes in all) and gets each
    chunk of items as it is found, so the workers check files while the walk goes on. ``job``
    must be a module-level function: it runs in worker processes for large runs.
    ``crashed(item)`` is the result of an item whose worker died (without it, BrokenProcessPool
    is raised). ``light(item)`` is what is kept of an item once it is handed on (a check job
    without the text read for it: an item a worker died on is done again from that), so that a
    run holds each file's text only until it is checked."""
    items = iter(items)
    head, enough = _head(items, size)
    count = workers(jobs, POOL_THRESHOLD if enough else len(head))
    if not enough or count == 1:
        if progress is None:  # each file's text let go of once it is checked
            return list(map(job, chain(head, items)))
        every = deque(head)
        every.extend(items)
        return _collect(_drained(job, every), len(every), progress)
    from .pool import pooled

    return pooled(job, chain(head, items), count, progress, crashed, light)


def _drained(job: Callable[[Item], Result], every: deque) -> Iterator[Result]:
    """``job`` over the items, each let go of as it is taken."""
    while every:
        yield job(every.popleft())


def _head(items: Iterator[Item], size: Callable[[Item], int] | None) -> tuple[list[Item], bool]:
    """The first items, up to what pays for a pool, and whether there were that many."""
    if size is None:
        head = list(islice(items, POOL_THRESHOLD))
        return head, len(head) == POOL_THRESHOLD
    head, total = [], 0
    for item in items:
        head.append(item)
        total += size(item)
        if total >= POOL_BYTES:
            return head, True
    return head, False


def _collect(results: Iterable[Result], total: int, progress: Progress | None) -> list[Result]:
    out = []
    for result in results:
        out.append(result)
        if progress is not None:
            progress(len(out), total)
    return out
