"""Reading a file that a scanned tree holds: only a regular file, opened without blocking (a
FIFO with no writer would block a plain open, a device never end), and not past a size limit."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..values import ScanError


def read_regular(path: Path, max_size: int | None) -> bytes:
    """A regular file's bytes; ScanError when it is something else or larger than max_size."""
    with open(path, "rb", opener=nonblocking) as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ScanError("not a regular file")
        if max_size is not None and info.st_size > max_size:
            raise too_large(info.st_size, max_size)
        return handle.read()


def too_large(size: int, max_size: int) -> ScanError:
    """Why a file of ``size`` bytes is not read (a file read from disk, or one in hand)."""
    return ScanError(f"larger than the size limit ({size:,} > {max_size:,} bytes; see max-file-size)")


def nonblocking(path: str, flags: int) -> int:
    """An opener that does not block: a FIFO with no writer would block a plain open."""
    return os.open(path, flags | os.O_NONBLOCK)
