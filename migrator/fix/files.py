"""The files fix writes: which ones it may write, and writing them without losing anything.

A file is written only when its real path lies under one of the paths given on the command line,
so a symlink never leads a write out of the tree; a symlink inside the tree is written through,
so the link stays a link. Writes are atomic (a temporary file in the same directory, then
os.replace) and keep the file's mode; the caller encodes the text as it was read (encoding and
BOM: migrator/source/decode.py), and edits never touch line breaks they do not replace.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path


class Roots:
    """The trees a fix may write into: each directory given, and each file's own directory."""

    def __init__(self, paths: Iterable[str]):
        self.trees: list[Path] = []
        for raw in paths:
            path = Path(raw)
            tree = path if path.is_dir() else path.absolute().parent
            self.trees.append(tree.resolve())

    def target(self, path: Path) -> Path | None:
        """The real path to write for a discovered file, or None when it lies outside."""
        real = path.resolve()
        return real if any(real.is_relative_to(tree) for tree in self.trees) else None


def write_atomic(path: Path, data: bytes) -> None:
    """Replace path's content with data in one step, keeping its permission bits."""
    mode = stat.S_IMODE(path.stat().st_mode)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".migrator")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
