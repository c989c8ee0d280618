"""Bounded counters for streaming aggregates (`migrator audit-log` over multi-GB logs).

`TopCounter` keeps the most frequent keys in a fixed number of slots (the Space-Saving
algorithm: a new key takes the smallest slot's count plus one, so counts are upper bounds and
every key seen more than N/capacity times is kept). `Distinct` counts distinct keys exactly up to
``k`` and estimates beyond that from the ``k`` smallest hashes (KMV), in constant memory.
`Tally` is the count, first and last time, users and user agents of one group of requests.
"""

from __future__ import annotations

import hashlib
import heapq
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

_HASH_SPACE = float(2**64)
BATCH = 64  # requests a Tally holds before it feeds them to its counters


class TopCounter:
    def __init__(self, capacity: int = 32) -> None:
        self.capacity = capacity
        self.counts: dict[str, int] = {}
        self.evicted = False

    def add(self, key: str, n: int = 1) -> None:
        self.add_all((key,), n)

    def add_all(self, keys: Iterable[str], n: int = 1) -> None:
        """Add each key in turn (one call for many: the order, and so the answer, is the same)."""
        counts, capacity = self.counts, self.capacity
        for key in keys:
            if key in counts:
                counts[key] += n
            elif len(counts) < capacity:
                counts[key] = n
            else:
                slots = list(counts.values())
                victim = list(counts)[slots.index(min(slots))]  # the first of the smallest
                counts[key] = counts.pop(victim) + n
                self.evicted = True

    def top(self, k: int) -> list[tuple[str, int]]:
        return sorted(self.counts.items(), key=lambda item: (-item[1], item[0]))[:k]


class Distinct:
    def __init__(self, k: int = 512) -> None:
        self.k = k
        self._heap: list[int] = []  # negated hashes: the k smallest hashes, largest on top
        self._kept: set[int] = set()

    def add(self, key: str) -> None:
        self.add_all((key_hash(key),))

    def add_all(self, hashes: Iterable[int]) -> None:
        """Add keys by their `key_hash`, in turn."""
        heap, kept, k = self._heap, self._kept, self.k
        for value in hashes:
            if value in kept:
                continue
            if len(heap) < k:
                heapq.heappush(heap, -value)
                kept.add(value)
            elif value < -heap[0]:
                kept.discard(-heapq.heapreplace(heap, -value))
                kept.add(value)

    @property
    def approximate(self) -> bool:
        return len(self._heap) >= self.k

    def count(self) -> int:
        if not self.approximate:
            return len(self._heap)
        return round((self.k - 1) / ((-self._heap[0] + 1) / _HASH_SPACE))


@lru_cache(maxsize=4096)  # user names and agents repeat in every log
def key_hash(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8", "replace"), digest_size=8).digest(), "big")


@dataclass
class Tally:
    """Requests of one group: how many, when, by whom, with which clients. Requests are taken in
    batches (`flush`), each counter fed a batch in one call; reading the tally flushes it."""

    count: int = 0
    first: str | None = None
    last: str | None = None
    users: Distinct = field(default_factory=Distinct)
    top_users: TopCounter = field(default_factory=TopCounter)
    agents: Distinct = field(default_factory=Distinct)
    top_agents: TopCounter = field(default_factory=TopCounter)
    pending: list[tuple[str | None, str, str]] = field(default_factory=list, repr=False)

    def add(self, time: str | None, user: str, agent: str) -> None:
        self.count += 1
        self.pending.append((time, user, agent))
        if len(self.pending) >= BATCH:
            self.flush()

    def flush(self) -> None:
        pending, self.pending = self.pending, []
        if not pending:
            return
        times, users, agents = zip(*pending)
        if seen := [time for time in times if time]:
            low, high = min(seen), max(seen)
            if self.first is None or low < self.first:
                self.first = low
            if self.last is None or high > self.last:
                self.last = high
        self.users.add_all(map(key_hash, users))
        self.top_users.add_all(users)
        self.agents.add_all(map(key_hash, agents))
        self.top_agents.add_all(agents)

    def as_dict(self, top: int = 5) -> dict[str, Any]:
        self.flush()
        return {
            "count": self.count,
            "first_seen": self.first,
            "last_seen": self.last,
            "users": _people(self.users, self.top_users, top),
            "user_agents": _people(self.agents, self.top_agents, top),
        }


def _people(distinct: Distinct, counter: TopCounter, top: int) -> dict[str, Any]:
    return {
        "distinct": distinct.count(),
        "approximate": distinct.approximate or counter.evicted,
        "top": [{"name": name, "count": count} for name, count in counter.top(top)],
    }
