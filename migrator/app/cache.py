"""The result cache: each file's findings, kept between runs so that a warm run costs discovery
and one ``stat`` per file.

Where: one packed file, ``results.bin``, in the run's ``cache-dir`` (default ``.migrator_cache``
beside the configuration file, else in the working directory), which holds a ``.gitignore`` of
``*`` (as ruff's cache does) and a ``CACHEDIR.TAG``. One pack, not one file per source file: a
warm run reads, authenticates and unpickles one file instead of thousands, and a file's findings
are unpickled only when it is used.

Keyed so that a changed file can never keep an old result: an entry is used only when its file's
absolute path, size, modification and change times (nanoseconds) and inode are what they were
when it was checked, and its context is the same (how it is shown, its kind, the rule codes it is
checked with after per-file-ignores, target-version, min-evidence, max-file-size, and the stamps of
the manifests that may pin its SDK's version: a changed go.mod checks its files again); the whole pack
is used only with the same tool version, Python, rule table digest and migrator source files.
A file modified less than RACY_NS before the run started is not stored: a second write in the same
clock tick would leave its times as they were (git's "racily clean" files).

Never an attack surface: a ``.migrator_cache`` can be committed to a repository by anyone, so the
pack is authenticated with HMAC-SHA256 under a key kept outside every scanned tree, in the user's
cache directory (``$XDG_CACHE_HOME/migrator/key``, else ``~/.cache/migrator/key``), created once
with mode 0600. A pack that fails the check, or cannot be read or parsed, is ignored (every file
is checked) and rewritten. Writing never fails a run (a read-only tree just has no cache) and
never leaves a half-written pack (a temporary file, then an atomic rename).

Nor can what is committed in the pack's place turn the cache against the run (app/cachedir.py):
the cache directory is entered without following a link, the pack is read only when it is a
regular file of at most MAX_PACK_BYTES (never a link to ``/dev/zero``, never a FIFO), nothing is
written through a link or into what is not a regular file, and the ``.gitignore`` and
``CACHEDIR.TAG`` are written only into a cache directory this run made. Anything else turns the
cache off for the run, with one warning line naming the path. A user with no cache directory (no
home: userdir.py) has no key, so no cache either, and is told so once.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .. import __version__, kinds
from ..config import FileSettings
from ..discover import SourceFile
from ..ruletable import RuleTable
from ..userdir import secret, warn
from ..values import Reported
from .cachedir import MAX_PACK_BYTES, PACK, Place, Refused, replace

if TYPE_CHECKING:
    from ..pins import Stamps

MAGIC = b"migrator-results-1\n"
RACY_NS = 2_000_000_000  # files modified this close to the run's start are not stored
UNUSED_DAYS = 30  # entries no run has used for this long are dropped when the pack is rewritten
IGNORE_FILE = "# Automatically created by migrator.\n*\n"
TAG_FILE = ("Signature: 8a477f597d28d172789f06886806bc55\n"
            "# This file is a cache directory tag created by migrator.\n")

Stamp = tuple[int, int, int, int]  # size, mtime_ns, ctime_ns, inode


class Lookup(NamedTuple):
    """A file's key: its stamp when it was looked up (None: not cached) and its context."""

    stamp: Stamp | None
    context: tuple


class Entry(NamedTuple):
    stamp: Stamp
    context: tuple
    scanned: bool
    blob: bytes  # the pickle of the findings, b"" for none
    used: int  # when a run last used it (seconds since the epoch)


def ecosystem(table: RuleTable, kind: str) -> str | None:
    """The ecosystem whose manifests pin the file kind's SDK (rules/model/<sdk>.yaml ``package:``);
    None for a kind with no SDK."""
    sdk = kinds.by_name(kind).sdk if kind else None
    if not sdk:
        return None
    from ..pins.hold import releases

    data = releases(table, sdk)
    return None if data is None else data.package.ecosystem


def tool_stamp(table: RuleTable) -> bytes:
    """What the whole pack depends on: migrator's version and source files, Python, the rule table."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    parts = [__version__, sys.version, table.digest]
    for relative in _sources(package):
        info = os.stat(os.path.join(package, relative))
        parts.append(f"{relative}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\0".join(parts).encode()).digest()


def _sources(package: str) -> list[str]:
    """The package's .py files relative to it, in path order (os.walk: a few times quicker than
    pathlib's rglob, and every cached run pays this walk)."""
    found = []
    for here, _, files in os.walk(package):
        below = os.path.relpath(here, package)
        found.extend(((*([] if below == os.curdir else below.split(os.sep)), name) for name in files
                      if name.endswith(".py")))
    return [os.path.join(*parts) for parts in sorted(found)]


class ResultCache:
    """The cache of one run. ``get`` gives a file's (scanned, findings) when an entry for it is
    valid; ``put`` stores a result; ``save`` writes the pack when anything changed."""

    def __init__(self, directory: Path, table: RuleTable, key: bytes | None, edits: bool = False,
                 anchor: Path | None = None) -> None:
        self.directory = directory.absolute()
        self.edits = edits  # findings stored with their fix edits filled in (and fixes found not applicable)
        self.key = key  # None: the cache is off (--no-cache, no key could be had, or a refused path)
        self.started = time.time_ns()
        self.tool = tool_stamp(table) if key is not None else b""
        self.place = Place.of(self.directory, anchor)
        self.entries: dict[str, Entry] = {}
        if key is not None:
            try:
                self.entries = self._load()
            except Refused as refused:  # a link, a FIFO, a huge file: no cache for this run
                warn(str(refused))
                self.key = None
        self.changed = False
        self._contexts: dict[int, tuple[FileSettings, str]] = {}  # id → (settings, digest)
        self._directories: dict[str, str] = {}  # directory → its absolute path
        self._table = table
        self._ecosystems: dict[str, str | None] = {}  # file kind → where its SDK is pinned (pins/), as met
        self._pins: Stamps | None = None  # the manifests' stamps, once a kind with an SDK is met

    @classmethod
    def open(cls, settings: FileSettings, table: RuleTable, enabled: bool = True, edits: bool = False
             ) -> ResultCache:
        """The cache of a run with these (the working directory's) settings; off unless ``enabled``.
        A run whose report shows edits (``edits``) uses only entries made with edits. The cache
        directory's components below the configuration's directory are entered without following
        a link."""
        return cls(Path(settings.cache_dir), table, secret() if enabled else None, edits, settings.root)

    def lookup(self, source: SourceFile, settings: FileSettings) -> tuple[Lookup, tuple[bool, list[Reported]] | None]:
        """The file's cache key (for `put`) and its cached (scanned, findings), if any."""
        if self.key is None or source.problem is not None:
            return Lookup(None, ()), None
        key = Lookup(self.stamp(source), self.context(source, settings))
        return key, self.get(source, key)

    def stamp(self, source: SourceFile) -> Stamp | None:
        try:
            info = os.stat(source.path)
        except OSError:
            return None
        return info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino

    def context(self, source: SourceFile, settings: FileSettings) -> tuple:
        """What besides its text a file's findings depend on: how it is shown, its kind, its
        settings' rule codes, target-version, min-evidence and size limit, its per-file-ignores,
        and the manifests that may pin its SDK's version (their stamps: pins.Stamps)."""
        base = self._contexts.get(id(settings))
        if base is None or base[0] is not settings:
            shape = (sorted(settings.codes), settings.target_version, settings.min_evidence, settings.max_file_size)
            base = self._contexts[id(settings)] = (settings, hashlib.sha256(repr(shape).encode()).hexdigest())
        ignored = settings.ignored_codes(source.path) if settings.per_file_ignores else frozenset()
        if source.kind not in self._ecosystems:
            self._ecosystems[source.kind] = ecosystem(self._table, source.kind)
        where = self._ecosystems[source.kind]
        pins = self._stamps().of(os.path.dirname(self.absolute(source.path)), where) if where else ()
        return base[1], source.display, source.kind, tuple(sorted(ignored)), self.edits, pins

    def _stamps(self) -> Stamps:
        if self._pins is None:
            from ..pins import Stamps  # imported by a run that meets a client language: pins/ reads its manifests

            self._pins = Stamps()
        return self._pins

    def get(self, source: SourceFile, key: Lookup) -> tuple[bool, list[Reported]] | None:
        """The file's (scanned, findings), when its entry is valid for this stamp and context."""
        if key.stamp is None:
            return None
        path = self.absolute(source.path)
        entry = self.entries.get(path)
        if entry is None or entry.stamp != key.stamp or entry.context != key.context:
            return None
        try:
            findings = findings_of(entry.blob)
        except Exception:  # noqa: BLE001 - an entry that cannot be read is checked again
            return None
        now = self.started // 1_000_000_000
        if now - entry.used > 86_400:  # keep the pack's record of use a day fresh, no fresher
            self.entries[path], self.changed = entry._replace(used=now), True
        return entry.scanned, findings

    def absolute(self, path: Path) -> str:
        """A file's absolute path (``os.path.abspath``), its directory's worked out once."""
        directory, name = os.path.split(path)
        base = self._directories.get(directory)
        if base is None:
            base = self._directories[directory] = os.path.abspath(directory)
        return os.path.join(base, name)

    def put(self, source: SourceFile, key: Lookup, scanned: bool, packed: Packed) -> None:
        """Store a result under the key `lookup` gave."""
        if key.stamp is None or key.stamp[1] >= self.started - RACY_NS:
            return
        now = self.started // 1_000_000_000
        self.entries[self.absolute(source.path)] = Entry(key.stamp, key.context, scanned, packed.blob, now)
        self.changed = True

    def save(self) -> None:
        """Write the pack when something changed; any error just leaves the cache as it was. The
        directory's .gitignore and CACHEDIR.TAG are written only when this run made it."""
        if not self.changed or self.key is None:
            return
        try:
            entries = {**self._load(), **self.entries}
            oldest = self.started // 1_000_000_000 - UNUSED_DAYS * 86_400
            kept = {path: entry for path, entry in entries.items() if entry.used >= oldest}
            payload = pickle.dumps((self.tool, kept), protocol=pickle.HIGHEST_PROTOCOL)
            if len(MAGIC) + hashlib.sha256().digest_size + len(payload) > MAX_PACK_BYTES:
                return
            directory, made = self.place.enter(create=True)
            try:
                if made:
                    for name, text in ((".gitignore", IGNORE_FILE), ("CACHEDIR.TAG", TAG_FILE)):
                        replace(directory, name, text.encode(), self.directory)
                replace(directory, PACK, MAGIC + self._mac(payload) + payload, self.directory)
            finally:
                os.close(directory)
        except Refused as refused:  # planted since the run started
            warn(str(refused))
        except OSError:
            return

    def _mac(self, payload: bytes) -> bytes:
        message = os.fsencode(self.directory) + b"\0" + payload
        return hmac.new(self.key or b"", message, hashlib.sha256).digest()

    def _load(self) -> dict[str, Entry]:
        """The pack's entries; none when it is missing, unreadable, forged or of another tool
        (Refused when it, or the way to it, is what no cache of ours is: see `Place`)."""
        try:
            data = self.place.read()
        except OSError:
            return {}
        size = len(MAGIC) + hashlib.sha256().digest_size
        payload = data[size:]
        if not data.startswith(MAGIC) or not hmac.compare_digest(data[len(MAGIC):size], self._mac(payload)):
            return {}
        try:
            tool, entries = pickle.loads(payload)
        except Exception:  # noqa: BLE001 - a pack that cannot be read is no cache
            return {}
        return entries if tool == self.tool and isinstance(entries, dict) else {}


class Packed:
    """A file's findings on their way from the process that made them: pickled once, where they
    cross a process boundary or go into the cache (`blob`), and unpickled once, where they are
    used (`findings`). A run in one process never packs what it does not store."""

    __slots__ = ("_findings", "_blob")

    def __init__(self, findings: list[Reported] | None = None, blob: bytes | None = None):
        self._findings, self._blob = findings, blob

    @property
    def findings(self) -> list[Reported]:
        if self._findings is None:
            self._findings = findings_of(self._blob or b"")
        return self._findings

    @property
    def blob(self) -> bytes:
        if self._blob is None:
            self._blob = findings_blob(self._findings or [])
        return self._blob

    def __reduce__(self) -> tuple:
        return Packed, (None, self.blob)


def findings_blob(findings: list[Reported]) -> bytes:
    """How a worker packs findings for the cache and for the parent: b"" for none."""
    return pickle.dumps(findings, protocol=pickle.HIGHEST_PROTOCOL) if findings else b""


def findings_of(blob: bytes) -> list[Reported]:
    return pickle.loads(blob) if blob else []
