"""The result cache on disk (app/cache.py keeps what is in it): its directory and its pack,
reached so that nothing a repository commits can turn the cache against the run.

A repository can commit anything under its cache directory, or put a link where the cache
directory should be. So:

- the cache directory's components below the configuration's directory are entered one by one
  without following a link (``O_NOFOLLOW | O_DIRECTORY``): ``.migrator_cache -> .`` would make
  the run write its ``.gitignore`` of ``*`` into the repository's root, after which git shows no
  new file;
- the pack is opened without following a link and without blocking (``O_NOFOLLOW |
  O_NONBLOCK``), and read only when it is a regular file of at most MAX_PACK_BYTES: a link to
  ``/dev/zero`` would be read until memory runs out, a FIFO would hang the run;
- a file is written as a new file beside it, then renamed over it, so a link is replaced, never
  written through, and what is there and is not a regular file is left alone.

Anything else is `Refused`: the run has no cache, and says so in one line naming the path.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import NamedTuple

PACK = "results.bin"
# The largest pack read or written. A pack holds well under a kilobyte per file checked, so
# 512 MiB is far above any real tree's and far below what it would take to exhaust a machine's
# memory when read and unpickled; a larger file turns the cache off for the run.
MAX_PACK_BYTES = 512 * 2**20
DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


class Refused(Exception):
    """The cache directory or the pack is not what migrator makes (a symbolic link, a FIFO, a
    device, a file larger than MAX_PACK_BYTES): the run has no cache. The message names it."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{_shown(path)}: {what}; running without the result cache")


class Place(NamedTuple):
    """Where the cache directory is: a directory followed as it is (the user's own: the
    configuration's directory, else the cache directory's parent), and the components below it,
    each entered without following a link."""

    anchor: Path
    steps: tuple[str, ...]

    @classmethod
    def of(cls, directory: Path, anchor: Path | None) -> Place:
        """The cache directory's components below ``anchor`` when it lies there (``..`` resolved
        as written, so a way back into the tree is checked too), else its own name below its
        parent (a directory outside the tree, such as an absolute ``cache-dir``)."""
        normal = Path(os.path.normpath(directory.absolute()))
        if anchor is not None:
            base = Path(os.path.normpath(anchor.absolute()))
            with contextlib.suppress(ValueError):
                steps = normal.relative_to(base).parts
                if steps:
                    return cls(base, steps)
        return cls(normal.parent, (normal.name,))

    @property
    def path(self) -> Path:
        return self.anchor.joinpath(*self.steps)

    def enter(self, create: bool) -> tuple[int, bool]:
        """The cache directory, open, and whether this call made it (it then holds nothing that
        migrator did not write); FileNotFoundError when it is missing and not ``create``."""
        if create:
            os.makedirs(self.anchor, exist_ok=True)
        fd, made = os.open(self.anchor, DIRECTORY), False
        try:
            for index, step in enumerate(self.steps):
                made = False
                try:
                    child = self._step(fd, index)
                except FileNotFoundError:
                    if not create:
                        raise
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(step, dir_fd=fd)
                        made = True
                    child = self._step(fd, index)
                os.close(fd)
                fd = child
        except BaseException:
            os.close(fd)
            raise
        return fd, made

    def _step(self, fd: int, index: int) -> int:
        """Enter the component ``steps[index]`` of the open directory ``fd``, never through a link."""
        step = self.steps[index]
        try:
            return os.open(step, DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                raise
            mode = os.stat(step, dir_fd=fd, follow_symlinks=False).st_mode
            raise Refused(self.anchor.joinpath(*self.steps[:index + 1]), f"{_what(mode)}, not a directory") from None

    def read(self) -> bytes:
        """The pack's bytes, read only from a regular file of at most MAX_PACK_BYTES (else
        Refused); FileNotFoundError when there is none."""
        directory, _ = self.enter(create=False)
        path = self.path / PACK
        try:
            fd = os.open(PACK, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=directory)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise Refused(path, "a symbolic link, not a cache file") from None
            raise
        finally:
            os.close(directory)
        with os.fdopen(fd, "rb") as pack:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise Refused(path, f"{_what(info.st_mode)}, not a cache file")
            data = pack.read(MAX_PACK_BYTES + 1) if info.st_size <= MAX_PACK_BYTES else None
        if data is None or len(data) > MAX_PACK_BYTES:
            raise Refused(path, f"larger than {MAX_PACK_BYTES // 2**20} MiB, not a cache file")
        return data


def replace(directory: int, name: str, data: bytes, shown: Path) -> None:
    """Give ``name`` in the open directory this content in one step: a new file beside it (made
    with ``O_EXCL | O_NOFOLLOW``), then a rename over it, so nothing is ever written through a
    link; what is there and is not a regular file (a link, a FIFO, a device, a directory) is left
    alone (Refused, ``shown`` naming the directory)."""
    with contextlib.suppress(FileNotFoundError):
        mode = os.stat(name, dir_fd=directory, follow_symlinks=False).st_mode
        if not stat.S_ISREG(mode):
            raise Refused(shown / name, f"{_what(mode)}, not a cache file")
    temporary = f".{name}.{os.urandom(4).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    fd = os.open(temporary, flags, 0o666, dir_fd=directory)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, name, src_dir_fd=directory, dst_dir_fd=directory)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=directory)
        raise


def _what(mode: int) -> str:
    """What a file of this mode is, for a message."""
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISDIR, "a directory"), (stat.S_ISREG, "a regular file")):
        if test(mode):
            return name
    return "not a regular file"


def _shown(path: Path) -> str:
    """A path as a message shows it: relative to the working directory when it lies below it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except (ValueError, OSError):
        return str(path)
