"""The user's own directory for migrator (``$XDG_CACHE_HOME/migrator``, else
``~/.cache/migrator``): outside any scanned tree, so what is kept there is trusted only when it is
sealed with the key kept there too (created once, mode 0600). The result cache (app/cache.py),
the rule-table copy (tablecache.py) and the prefilter's Hyperscan databases (hscache.py) are
sealed with it.

A run may have no such directory: ``HOME`` unset and a user id without a passwd entry
(``docker --user 1234``, ``env -i``), or a ``HOME`` that is not an absolute path. It then runs
without the key (no result cache, no rule-table copy, no kept Hyperscan database) and says so
once on stderr (`warn`).

Copies are written by `keep`, one way for every kind of copy. A copy unused for PRUNE_AFTER
(`used` marks one used) is removed when another of its kind is kept, so that upgrades and rule
changes do not pile copies up there.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import sys
import time
from pathlib import Path

KEY_BYTES = 32
PRUNE_AFTER = 30 * 24 * 3600  # seconds a kept copy may go unused before `keep` removes it
MAC_BYTES = hashlib.sha256().digest_size
_TOLD: set[str] = set()  # the warnings `warn` gave with ``once`` in this process


class NoUserDirectory(OSError):
    """The user has no cache directory: no ``XDG_CACHE_HOME`` and no home to put one in."""


def user_cache_dir() -> Path:
    """The user's cache directory for migrator: ``$XDG_CACHE_HOME/migrator``, else ``~/.cache/migrator``
    (NoUserDirectory when there is neither an absolute ``XDG_CACHE_HOME`` nor an absolute home)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):
        return Path(base) / "migrator"
    return _home() / ".cache" / "migrator"


def _home() -> Path:
    """``$HOME``, else the home of the user id's passwd entry; NoUserDirectory saying why not."""
    if "HOME" in os.environ:
        why = f"$HOME ({os.environ['HOME']!r}) is not an absolute path"
    else:
        why = f"$HOME is not set and user id {os.getuid()} has no home in the password database"
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):
        home = None
    if home is None or not home.is_absolute():
        raise NoUserDirectory(f"no home directory: {why}; running without the result cache and the rule-table cache")
    return home


def secret(directory: Path | None = None) -> bytes | None:
    """The key entries are authenticated with, created on first use (mode 0600); None when it
    cannot be had (then nothing is cached). A user without a cache directory is told so once."""
    try:
        path = (directory or user_cache_dir()) / "key"
    except NoUserDirectory as missing:
        warn(str(missing), once=True)
        return None
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _create_key(path)
        return _read_key(path)
    except OSError:
        return None


def _read_key(path: Path) -> bytes | None:
    """The key, if it is a regular file of ours that nobody else can read or write."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    try:
        info = os.fstat(fd)
        if info.st_uid != os.geteuid() or info.st_mode & 0o077 or info.st_size != KEY_BYTES:
            return None
        return os.read(fd, KEY_BYTES)
    finally:
        os.close(fd)


def _create_key(path: Path) -> None:
    """Write a new key beside ``path`` and link it into place, so that the key appears whole and
    a concurrent run's key, made first, is kept (made once: its modules are imported here)."""
    import secrets
    import tempfile

    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".key.")  # mode 0600
    try:
        os.write(fd, secrets.token_bytes(KEY_BYTES))
        os.close(fd)
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(temporary)


def seal(payload: bytes, key: bytes) -> bytes:
    """The payload behind its HMAC-SHA256 under ``key``."""
    return hmac.new(key, payload, hashlib.sha256).digest() + payload


def unsealed(data: bytes, key: bytes) -> bytes | None:
    """The payload ``seal`` sealed with this key, or None when the seal does not hold."""
    mac, payload = data[:MAC_BYTES], data[MAC_BYTES:]
    return payload if hmac.compare_digest(mac, hmac.new(key, payload, hashlib.sha256).digest()) else None


def warn(message: str, once: bool = False) -> None:
    """One line on stderr, ``warning: <message>``, escaped (a path in it may come from a scanned
    repository); with ``once``, only the first time this process gives it."""
    if once and message in _TOLD:
        return
    _TOLD.add(message)
    from .report.escape import escape

    sys.stderr.write(f"warning: {escape(message)}\n")
    sys.stderr.flush()


def keep(path: Path, data: bytes) -> None:
    """Keep a copy in the user's directory (a rule table, a Hyperscan database): written in one
    step, so a concurrent run reads the old file or the new one, whole, and readable by the user
    alone. One that cannot be written is not kept and leaves no temporary file behind. Copies of
    its kind (the part of the name before its first ``-``) unused for PRUNE_AFTER are removed."""
    import tempfile  # imported on the first copy kept: a run that reads copies does without it

    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return
    _prune(path)


def used(*paths: Path) -> None:
    """Mark kept copies used now (their modification time), so that `keep` does not remove them."""
    for path in paths:
        with contextlib.suppress(OSError):
            os.utime(path)


def _prune(kept: Path) -> None:
    """Remove the copies of ``kept``'s kind, other than it, unused for PRUNE_AFTER (regular files only)."""
    kind = kept.name.split("-", 1)[0] + "-"
    before = time.time() - PRUNE_AFTER
    with contextlib.suppress(OSError), os.scandir(kept.parent) as entries:
        for entry in entries:
            if not entry.name.startswith(kind) or entry.name == kept.name:
                continue
            with contextlib.suppress(OSError):  # one another run removed meanwhile: the others are still looked at
                if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < before:
                    os.unlink(entry.path)
