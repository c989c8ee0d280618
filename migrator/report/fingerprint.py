"""A finding's fingerprint, for the baseline and the Code Quality report: stable when code moves,
distinct for each finding of a file.

The fingerprint is the SHA-256 (hex) of four parts, joined by NUL:

1. the rule code;
2. the path, as a CI system knows it (``path_of``: relative to the working directory, ``/``
   separators, no leading ``./``), worked out from where the file really is, so that every way of
   naming it on the command line (``x.py``, ``./x.py``, absolute, through a symlinked directory
   such as a shell's ``$PWD`` when the working directory was entered through a link, or
   ``../real/x.py``) gives the same path;
3. the matched text: the part of ``finding.source_line`` under the span when the span starts and
   ends on that line, else the whole source line, else the message; runs of whitespace made one
   space;
4. the occurrence index: 0 for the first finding with the same first three parts in the file,
   1 for the next, and so on, in file order.

No line or column goes in, so moving code, or adding lines above it, keeps every fingerprint;
fixing one finding changes only the indexes of later findings with the very same code and text
in that file. The repository (``Reported.repository``) is not part of it.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ..values import Reported
from .escape import shown_source


def path_of(filename: str) -> str:
    """The path a CI system shows for a file: relative to the working directory when it lies
    under it (else absolute), with ``/`` separators and no leading ``./``.

    The directories are resolved (symlinks, ``..``) on both sides, the working directory's and
    the file's, so the path does not depend on how the file was named; the file's own name is
    kept, so a symlinked file stays itself, as the walk reports it."""
    directory, name = os.path.split(filename)
    return _canonical_directory(os.getcwd(), directory) + name


@lru_cache(maxsize=65536)
def _canonical_directory(cwd: str, directory: str) -> str:
    """``directory`` (relative to ``cwd``) resolved, relative to the resolved ``cwd`` when it
    lies under it, as a ``/`` prefix ("" for the working directory itself): once per directory,
    as a report fingerprints many findings of each."""
    base = _resolved_cwd(cwd)
    real = _resolved(directory) if os.path.isabs(directory) else _resolved(directory, base)
    if real == base:
        return ""
    under = base if base.endswith(os.sep) else base + os.sep
    path = real[len(under):] if real.startswith(under) else real
    return (path if os.sep == "/" else path.replace(os.sep, "/")).rstrip("/") + "/"


@lru_cache(maxsize=16)
def _resolved_cwd(cwd: str) -> str:
    return _resolved(cwd)


_STEPS: dict[tuple[str, str], str] = {}  # (a real directory, a name in it) → its real path
STEPS_KEPT = 65536


def _resolved(path: str, start: str | None = None) -> str:
    """The real path of ``path``, absolute or (with ``start``, a real directory) relative to
    ``start``: symlinks and ``..`` resolved as the kernel does (``..`` after the link before it),
    as ``os.path.realpath`` gives it, but component by component with each step remembered:
    merged results name many directories below few, and each new directory costs one ``lstat``,
    not one per component of its path."""
    drive, rest = os.path.splitdrive(path)
    current = start if start is not None else drive + os.sep
    for name in rest.replace(os.altsep or os.sep, os.sep).split(os.sep):
        if name in ("", os.curdir):
            continue
        if name == os.pardir:
            current = os.path.dirname(current)
            continue
        found = _STEPS.get((current, name))
        if found is None:
            candidate = os.path.join(current, name)
            found = os.path.realpath(candidate) if os.path.islink(candidate) else candidate
            if len(_STEPS) >= STEPS_KEPT:
                _STEPS.clear()
            _STEPS[(current, name)] = found
        current = found
    return current


def matched_text(finding: Reported) -> str:
    span, line = finding.span, shown_source(finding.source_line)
    text = line[span.start.column - 1:span.end.column - 1] if line and span.start.row == span.end.row else ""
    return " ".join((text.strip() and text or line or finding.message).split())


def fingerprint(finding: Reported, occurrence: int = 0) -> str:
    """The fingerprint of ``finding`` as the ``occurrence``-th (from 0) of its kind in its file."""
    return _digest(finding.code, path_of(finding.filename), matched_text(finding), occurrence)


def _digest(code: str, path: str, text: str, occurrence: int) -> str:
    parts = (code, path, text, str(occurrence))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def fingerprints(findings: Sequence[Reported]) -> list[str]:
    """The fingerprints of ``findings``, in their order, with occurrence indexes counted in file
    order (filename, row, column, code)."""
    return [key.fingerprint for key in keyed(findings)]


class Key(NamedTuple):
    """A finding's fingerprint and the three parts it is made of that a reader can review (a
    baseline's entry shows them): the code, the path and the matched text. (A named tuple: a
    merged report fingerprints hundreds of thousands of findings.)"""

    fingerprint: str
    code: str
    path: str
    text: str


def keyed(findings: Sequence[Reported]) -> list[Key]:
    """The ``Key`` of each of ``findings``, in their order (occurrences as ``fingerprints``)."""
    seen: Counter[tuple[str, str, str]] = Counter()
    out: list[Key | None] = [None] * len(findings)
    for index in sorted(range(len(findings)), key=lambda i: findings[i].sort_key):
        finding = findings[index]
        parts = (finding.code, path_of(finding.filename), matched_text(finding))
        out[index] = Key(_digest(*parts, seen[parts]), *parts)
        seen[parts] += 1
    return out  # type: ignore[return-value]
