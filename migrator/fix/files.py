"""The files fix writes: which ones it may write, and writing them without losing anything.

A file is written only when its real path lies under one of the paths given on the command line,
so a symlink never leads a write out of the tree; a symlink inside the tree is written through,
so the link stays a link. Writes are atomic (a temporary file in the same directory, then
os.replace) and keep the file's mode and, where the process may, its owner. A file with more
than one hard link is left unfixed (replacing it would leave the other links with the old
text). A temporary file a killed fix left behind is removed by the next fix once it is older
than STALE_AFTER; the caller encodes the text as it was read (encoding and
BOM: migrator/source/decode.py), and edits never touch line breaks they do not replace.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from collections.abc import Iterable
from pathlib import Path


class Roots:
    """The trees a fix may write into: each directory given, and each file's own directory.
    A file is looked up by its ancestors (a set lookup each), so pre-commit's ten thousand named
    files cost ten thousand lookups, not a hundred million comparisons."""

    def __init__(self, paths: Iterable[str]):
        self.trees: set[Path] = set()
        for raw in paths:
            path = Path(raw)
            tree = path if path.is_dir() else path.absolute().parent
            self.trees.add(tree.resolve())

    def target(self, path: Path) -> Path | None:
        """The real path to write for a discovered file, or None when it lies outside."""
        real = path.resolve()
        return real if real in self.trees or not self.trees.isdisjoint(real.parents) else None


TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.migrator")  # what write_atomic names its temporary files
STALE_AFTER = 600.0  # seconds: no write takes that long, so an older temporary file has no owner


def remove_stale_temporaries(directories: Iterable[Path], now: float | None = None) -> list[Path]:
    """Remove the temporary files a killed fix left in these directories (our own naming, older
    than STALE_AFTER, so that no running fix can still own them); the ones removed."""
    now = time.time() if now is None else now
    removed = []
    for directory in directories:
        try:
            entries = [e for e in os.scandir(directory) if TEMPORARY.fullmatch(e.name)]
        except OSError:
            continue
        for entry in entries:
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def links(path: Path) -> int:
    """How many hard links the file has (a fix replaces the file, so the others would keep the
    old text: such a file is left unfixed)."""
    try:
        return os.stat(path).st_nlink
    except OSError:
        return 1


def write_atomic(path: Path, data: bytes) -> None:
    """Replace path's content with data in one step, keeping its permission bits and, where this
    process may set them (root, or a group it belongs to), its owner and group. A new file gets
    the mode the umask gives; what is not a regular file (``/dev/null``, a FIFO) is written to,
    never replaced."""
    try:
        info: os.stat_result | None = path.stat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        with open(path, "wb") as out:
            out.write(data)
        return
    import tempfile  # imported on the first write: a check that writes nothing does without it

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".migrator")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if info is not None:
            _keep_owner(temporary, info)
        os.chmod(temporary, stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _keep_owner(temporary: str, info: os.stat_result) -> None:
    """Give the new file the old one's owner and group, as far as this process may."""
    for uid, gid in ((info.st_uid, info.st_gid), (-1, info.st_gid)):
        try:
            os.chown(temporary, uid, gid)
            return
        except PermissionError:
            continue
