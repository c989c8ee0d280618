"""Writing files without losing anything (``write_atomic``: a fixed file, the result cache's
neighbours, a report), and writing a user-named output (a report, a baseline) as a shell's ``>``
would (``write_output``). Reading a file is source/regular.py; which files fix may write is the
application's (app/fix.py: ``Roots``, ``links``).

Writes are atomic (a temporary file in the same directory, then os.replace) and keep the file's
mode and, where the process may, its owner. A temporary file a killed fix left behind is removed
by the next fix once it is older than STALE_AFTER; the caller encodes the text as it was read
(encoding and BOM: migrator/source/decode.py), and edits never touch line breaks they do not
replace.

Another program may write to a file while fix works on it (an editor saving it). Fix stamps the
file (``Stamp``: size, mtime, ctime, inode) before reading it, and replaces it only if, checked
again after the new text is written, synced and given its mode and owner, immediately before
the rename, it still has that stamp and (up to COMPARED_UP_TO bytes) the bytes fix read; else
the temporary file is removed, the file is left as the other program made it, and the caller is
told (``ChangedUnderneath``). On Linux a read lease (``Lease``) is held over that last check and
the rename: the kernel refuses it while another process has the file open for writing (an
appender between its open and its write), and breaks it when one opens the file for writing,
so a write through a descriptor opened before the rename, which would go to the replaced file,
is refused or, when the open falls between the last check and the rename, reported. POSIX has
no rename conditional on its target, so a window of a few microseconds remains between the last
check and the rename: another program's rename of its own file over this one (an editor's
atomic save) is then replaced, and, without a lease (another system, a file another user owns,
a file system without leases), so is a write. A same-size rewrite within the file system's
timestamp granularity of fix's read is seen only in a file of at most COMPARED_UP_TO bytes,
whose bytes are compared.

``write_output`` writes what a user names with ``--output-file`` or ``--write-baseline``: through a
symlink and into what is not a regular file (``/dev/null``, a FIFO), into a file with other hard
links, and where the directory refuses a temporary file, in place, as ``>`` does; to a standard
stream's name (``/dev/stdout``) on that descriptor, as bash does; atomically only where it may
replace a regular file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .regular import nonblocking


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


COMPARED_UP_TO = 1 << 20  # bytes: a file up to this size is compared byte for byte before it is replaced


@dataclass(frozen=True)
class Stamp:
    """What stat says about a file's content: a write changes its size or times, a rename its
    inode (or device)."""

    size: int
    mtime_ns: int
    ctime_ns: int
    inode: int
    device: int

    @classmethod
    def of(cls, info: os.stat_result) -> Stamp:
        return cls(info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)

    @classmethod
    def take(cls, path: Path) -> Stamp | None:
        """The file's stamp (through symlinks), or None when it cannot be stat'ed."""
        try:
            return cls.of(os.stat(path))
        except OSError:
            return None


@dataclass(frozen=True)
class Original:
    """A file as fix read it: its stamp, taken just before reading, and the bytes read."""

    stamp: Stamp
    data: bytes


class ChangedUnderneath(Exception):
    """Another program changed the file while fix worked on it; ``how`` says how. Usually nothing
    was written and the file is as that program left it; with ``written``, fix's text replaced it
    but that program opened it for writing in the instant of the rename, so what it writes goes
    to the replaced file."""

    def __init__(self, path: Path, how: str = "another program wrote to it", written: bool = False):
        super().__init__(f"{path}: {how}")
        self.how, self.written = how, written


def still_as_read(path: Path, original: Original) -> bool:
    """Whether the file still holds what fix read: the same bytes (for a file of at most
    COMPARED_UP_TO bytes), then, last, the same stamp. Called immediately before the rename."""
    if len(original.data) <= COMPARED_UP_TO:
        try:
            with open(path, "rb", opener=nonblocking) as handle:  # a FIFO put there must not block
                if handle.read(len(original.data) + 1) != original.data:
                    return False
        except OSError:
            return False
    return Stamp.take(path) == original.stamp


def write_atomic(path: Path, data: bytes, original: Original | None = None) -> None:
    """Replace path's content with data in one step, keeping its permission bits and, where this
    process may set them (root, or a group it belongs to), its owner and group. A new file gets
    the mode the umask gives; what is not a regular file (``/dev/null``, a FIFO) is written to,
    never replaced. With ``original`` (fix), the file is replaced only while it is still as read
    (still_as_read, checked as late as can be): else ChangedUnderneath, and nothing written."""
    try:
        info: os.stat_result | None = path.stat()
    except FileNotFoundError:
        if original is not None:
            raise ChangedUnderneath(path, "another program removed it") from None
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        if original is not None:
            raise ChangedUnderneath(path, "another program replaced it")
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
        if original is None:
            os.replace(temporary, path)
        else:
            _replace_if_unchanged(temporary, path, original)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _replace_if_unchanged(temporary: str, path: Path, original: Original) -> None:
    """The rename, under a read lease where the platform gives one, after the last check."""
    with Lease(path) as lease:
        if not still_as_read(path, original) or not lease.intact():
            raise ChangedUnderneath(path)
        os.replace(temporary, path)
        if not lease.intact():
            raise ChangedUnderneath(path, "another program opened it for writing as it was replaced; what that "
                                          "program writes goes to the replaced file", written=True)


class Lease:
    """A read lease (Linux fcntl F_SETLEASE) on a file about to be replaced, held from before the
    last check until after the rename. The kernel refuses it while any process has the file open
    for writing (an appender between its open and its write: ChangedUnderneath), and breaks it
    when one opens the file for writing while it is held (that open waits until it is released):
    ``intact()`` tells. Without leases (another system, another owner's file without CAP_LEASE, a
    file system that has none), ``intact()`` is always true and the stamp alone guards. A break
    is signalled with SIGURG, which is ignored unless handled: with SIGIO, it would kill us."""

    def __init__(self, path: Path):
        self.path, self.handle, self.held = path, -1, False

    def __enter__(self) -> Lease:
        try:
            self.handle = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)
        except FileNotFoundError:
            raise ChangedUnderneath(self.path, "another program removed it") from None
        except OSError:
            raise ChangedUnderneath(self.path) from None
        try:
            self.held = _take_lease(self.handle)
        except BlockingIOError:
            os.close(self.handle)
            raise ChangedUnderneath(self.path, "another program has it open for writing") from None
        return self

    def intact(self) -> bool:
        import fcntl

        return not self.held or fcntl.fcntl(self.handle, fcntl.F_GETLEASE) == fcntl.F_RDLCK

    def __exit__(self, *_) -> None:
        if self.held:
            import fcntl

            with contextlib.suppress(OSError):
                fcntl.fcntl(self.handle, fcntl.F_SETLEASE, fcntl.F_UNLCK)
        os.close(self.handle)


def _take_lease(handle: int) -> bool:
    """Whether a read lease was taken; BlockingIOError when a process has the file open for
    writing."""
    try:
        import fcntl
        import signal

        setlease, setsig, urgent = fcntl.F_SETLEASE, fcntl.F_SETSIG, signal.SIGURG
    except (ImportError, AttributeError):
        return False
    if signal.getsignal(urgent) not in (signal.SIG_DFL, signal.SIG_IGN):
        return False  # someone handles SIGURG: a break must not call their handler
    try:
        fcntl.fcntl(handle, setsig, urgent)
        fcntl.fcntl(handle, setlease, fcntl.F_RDLCK)
    except BlockingIOError:
        raise
    except OSError:
        return False
    return True


STANDARD_STREAMS = {"/dev/stdout": 1, "/dev/stderr": 2}  # and /dev/fd/N: names bash writes to without opening
IN_PLACE_WHEN = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, errno.EBUSY, errno.ENOENT})
# what the directory (or a bind mount over the file) says to a temporary file or a rename: the
# file itself may still be writable


def write_output(path: Path, data: bytes) -> None:
    """Write a file the user named (``--output-file``, ``--write-baseline``) as a shell's ``>``
    would, replacing it in one step where that is safe: a regular file with one link that this
    process may write, in a directory that takes a temporary file. A standard stream's name is
    written on that descriptor; a symlink, what is not a regular file and a hard-linked file are
    written through (a link stays a link, ``/dev/null`` a device); a refused temporary file or
    rename falls back to writing in place. OSError when the file cannot be written."""
    descriptor = _standard_stream(str(path))
    if descriptor is not None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()  # what was printed before stays before
        _write_all(descriptor, data)
        return
    try:
        info: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and (not stat.S_ISREG(info.st_mode) or info.st_nlink > 1):
        _write_in_place(path, data)
        return
    if info is not None:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))  # as `>`: a file we may not write is refused
    try:
        write_atomic(path, data)
    except OSError as exc:
        if exc.errno not in IN_PLACE_WHEN:
            raise
        _write_in_place(path, data)


def _standard_stream(name: str) -> int | None:
    if name in STANDARD_STREAMS:
        return STANDARD_STREAMS[name]
    number = name.removeprefix("/dev/fd/")
    return int(number) if number != name and number.isdigit() else None


def _write_in_place(path: Path, data: bytes) -> None:
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        _write_all(handle, data)
    finally:
        os.close(handle)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


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
