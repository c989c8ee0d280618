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
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

_HASH_SPACE = float(2**64)


class TopCounter:
    def __init__(self, capacity: int = 32) -> None:
        self.capacity = capacity
        self.counts: dict[str, int] = {}
        self.evicted = False

    def add(self, key: str, n: int = 1) -> None:
        counts = self.counts
        if key in counts:
            counts[key] += n
        elif len(counts) < self.capacity:
            counts[key] = n
        else:
            victim = min(counts, key=counts.__getitem__)
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
        value = _hash(key)
        if value in self._kept:
            return
        if len(self._heap) < self.k:
            heapq.heappush(self._heap, -value)
            self._kept.add(value)
        elif value < -self._heap[0]:
            self._kept.discard(-heapq.heapreplace(self._heap, -value))
            self._kept.add(value)

    @property
    def approximate(self) -> bool:
        return len(self._heap) >= self.k

    def count(self) -> int:
        if not self.approximate:
            return len(self._heap)
        return round((self.k - 1) / ((-self._heap[0] + 1) / _HASH_SPACE))


@lru_cache(maxsize=4096)  # user names and agents repeat in every log
def _hash(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode("utf-8", "replace"), digest_size=8).digest(), "big")


@dataclass
class Tally:
    """Requests of one group: how many, when, by whom, with which clients."""

    count: int = 0
    first: str | None = None
    last: str | None = None
    users: Distinct = field(default_factory=Distinct)
    top_users: TopCounter = field(default_factory=TopCounter)
    agents: Distinct = field(default_factory=Distinct)
    top_agents: TopCounter = field(default_factory=TopCounter)

    def add(self, time: str | None, user: str, agent: str) -> None:
        self.count += 1
        if time:
            if self.first is None or time < self.first:
                self.first = time
            if self.last is None or time > self.last:
                self.last = time
        self.users.add(user)
        self.top_users.add(user)
        self.agents.add(agent)
        self.top_agents.add(agent)

    def as_dict(self, top: int = 5) -> dict[str, Any]:
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
