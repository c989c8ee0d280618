"""The open documents, their versions, and the checks of them.

A check runs on a worker thread (one at a time: the event loop stays free to read the client's
next change) over a `Snapshot`, one version of one document. Its result counts only while that
snapshot is still the document's and the settings are those it was made with (`generation`):
a newer change, a close or a settings change makes it void, and a void result is never published
nor answered with. Changes are checked after a short quiet time (DEBOUNCE); opening and saving a
document are checked at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from ..app.buffer import BufferCheck
from ..app.settings import Settings

T = TypeVar("T")
DEBOUNCE = 0.1  # seconds without a change before a changed document is checked


@dataclass(frozen=True, eq=False)
class Snapshot:
    """One version of one open document: its text as the editor holds it, unsaved or not.
    ``path`` is where it is (or, for a new buffer, would be) on disk; compared by identity."""

    uri: str
    path: Path
    version: int | None
    text: str
    language: str = ""


@dataclass(frozen=True)
class Checked:
    """A snapshot's check: the buffer's kind, settings and findings (with what their fixes need),
    or the error that stopped it (a configuration file that does not parse)."""

    snapshot: Snapshot
    generation: int
    result: BufferCheck | None = None
    error: str | None = None
    unsafe_fixes: bool = False
    encoding: str = "utf-16"
    settings: Settings | None = None  # the app layer's settings it was checked with (fix-all fixes with them)

    @property
    def findings(self) -> tuple:
        return self.result.findings if self.result is not None else ()


@dataclass
class Documents:
    """The open documents and their latest checks. ``check(snapshot, generation)`` runs on the
    worker thread; ``publish(checked)`` is called, in the event loop, only for a check that is
    still current."""

    check: Callable[[Snapshot, int], Checked]
    publish: Callable[[Checked], Awaitable[None] | None] | None = None
    void: Callable[[Checked], None] | None = None  # told of each check thrown away (the server logs it)
    snapshots: dict[str, Snapshot] = field(default_factory=dict)
    generation: int = 0
    _checked: dict[str, Checked] = field(default_factory=dict)
    _running: dict[tuple[Snapshot, int], asyncio.Future] = field(default_factory=dict)
    _pending: dict[str, asyncio.Task] = field(default_factory=dict)
    _worker: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, "migrator-check"))

    def current(self, checked: Checked) -> bool:
        """Whether a check is of the document's version now, with the settings now."""
        return self.snapshots.get(checked.snapshot.uri) is checked.snapshot and checked.generation == self.generation

    def put(self, snapshot: Snapshot, delay: float = 0.0) -> None:
        """A document opened, changed or saved: its new snapshot, checked after ``delay``."""
        self.snapshots[snapshot.uri] = snapshot
        self.schedule(snapshot.uri, delay)

    def close(self, uri: str) -> None:
        self.snapshots.pop(uri, None)
        self._checked.pop(uri, None)
        task = self._pending.pop(uri, None)
        if task is not None:
            task.cancel()

    def settings_changed(self) -> None:
        """Every check made so far is void: check every open document again."""
        self.generation += 1
        self._checked.clear()
        for uri in list(self.snapshots):
            self.schedule(uri, 0.0)

    def schedule(self, uri: str, delay: float) -> None:
        """Check the document after ``delay`` and publish the result if it is still current
        (when there is a ``publish``: a client that pulls diagnostics asks for them instead)."""
        task = self._pending.pop(uri, None)
        if task is not None:
            task.cancel()
        if self.publish is not None:
            self._pending[uri] = asyncio.get_running_loop().create_task(self._push(uri, delay))

    async def _push(self, uri: str, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        checked = await self.latest(uri)
        if checked is not None and self.current(checked) and self.publish is not None:
            published = self.publish(checked)
            if published is not None:
                await published

    async def latest(self, uri: str) -> Checked | None:
        """The check of the document's current version (made now if need be); None once it is
        closed. A check overtaken by a change while it ran is thrown away, and the new version
        is checked."""
        while (snapshot := self.snapshots.get(uri)) is not None:
            done = self._checked.get(uri)
            if done is not None and self.current(done):
                return done
            checked = await self._run(snapshot, self.generation)
            if self.current(checked):
                self._checked[uri] = checked
                return checked
        return None

    def _run(self, snapshot: Snapshot, generation: int) -> asyncio.Future:
        """The check of a snapshot: one on the worker thread however many ask for it."""
        key = (snapshot, generation)
        running = self._running.get(key)
        if running is None:
            loop = asyncio.get_running_loop()
            running = self._running[key] = loop.run_in_executor(self._worker, self.check, snapshot, generation)
            running.add_done_callback(lambda done: self._finished(key, done))
        return asyncio.shield(running)

    def _finished(self, key: tuple[Snapshot, int], done: asyncio.Future) -> None:
        """A check ended: one that is no longer current is thrown away (and told of)."""
        self._running.pop(key, None)
        if not done.cancelled() and done.exception() is None and not self.current(done.result()):
            if self.void is not None:
                self.void(done.result())

    async def run(self, function: Callable[..., T], *args) -> T:
        """Other work on a check's result (code actions), on the worker thread, as checks run."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, function, *args)

    def shutdown(self) -> None:
        for task in self._pending.values():
            task.cancel()
        self._worker.shutdown(wait=False, cancel_futures=True)
