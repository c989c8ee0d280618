"""A finding's fingerprint, for the baseline and the Code Quality report: stable when code moves,
distinct for each finding of a file.

The fingerprint is the SHA-256 (hex) of four parts, joined by NUL:

1. the rule code;
2. the path, as a CI system knows it (``path_of``: relative to the working directory, ``/``
   separators, no leading ``./``);
3. the matched text: the part of ``finding.source_line`` under the span when the span starts and
   ends on that line, else the whole source line, else the message; runs of whitespace made one
   space;
4. the occurrence index: 0 for the first finding with the same first three parts in the file,
   1 for the next, and so on, in file order.

No line or column goes in, so moving code, or adding lines above it, keeps every fingerprint;
fixing one finding changes only the indexes of later findings with the very same code and text
in that file. The repository (``Finding.repository``) is not part of it.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path, PurePath

from ..model import Finding
from .escape import shown_source


def path_of(filename: str) -> str:
    """The path a CI system shows for a file: relative to the working directory when it lies
    under it, with ``/`` separators and no leading ``./``."""
    path = Path(filename)
    if path.is_absolute():
        try:
            path = path.relative_to(Path.cwd())
        except ValueError:
            return path.as_posix()
    return PurePath(os.path.normpath(path)).as_posix()


def matched_text(finding: Finding) -> str:
    span, line = finding.span, shown_source(finding.source_line)
    text = line[span.start.column - 1:span.end.column - 1] if line and span.start.row == span.end.row else ""
    return " ".join((text.strip() and text or line or finding.message).split())


def fingerprint(finding: Finding, occurrence: int = 0) -> str:
    """The fingerprint of ``finding`` as the ``occurrence``-th (from 0) of its kind in its file."""
    parts = (finding.code, path_of(finding.filename), matched_text(finding), str(occurrence))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def fingerprints(findings: Sequence[Finding]) -> list[str]:
    """The fingerprints of ``findings``, in their order, with occurrence indexes counted in file
    order (filename, row, column, code)."""
    seen: Counter[tuple[str, str, str]] = Counter()
    out = [""] * len(findings)
    for index in sorted(range(len(findings)), key=lambda i: findings[i].sort_key):
        finding = findings[index]
        key = (finding.code, path_of(finding.filename), matched_text(finding))
        out[index] = fingerprint(finding, seen[key])
        seen[key] += 1
    return out
