"""A finding's fingerprint: stable when code moves, distinct for each finding of a file.

The fingerprint is the SHA-256 (hex) of four parts:

1. the rule code;
2. the path, as a CI system knows it (``path_of``: relative to the working directory, ``/``
   separators, no leading ``./``);
3. the matched text: the part of the source line under the span, with runs of whitespace made one
   space (the message when there is no source line);
4. the occurrence index: 0 for the first finding with the same first three parts in the file,
   1 for the next, and so on, in the order of the findings (by position).

No line or column goes in, so moving code, or adding lines above it, keeps every fingerprint;
fixing one finding changes only the indexes of later findings with the very same code and text
in that file. The repository (``Finding.repository``) is not part of it. The Code Quality report
and the baseline use these same fingerprints.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path, PurePath

from ..model import Finding
from .context import split_line


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
    """What the span covers, whitespace-collapsed; the message without a source line."""
    covered = " ".join(split_line(finding)[1].split())
    return covered or finding.message


def fingerprint(finding: Finding, occurrence: int = 0) -> str:
    parts = (finding.code, path_of(finding.filename), matched_text(finding), str(occurrence))
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def fingerprints(findings: Iterable[Finding]) -> list[str]:
    """The fingerprint of each finding, in order, with occurrence indexes counted over the list."""
    seen: Counter[tuple[str, str, str]] = Counter()
    out = []
    for finding in findings:
        key = (finding.code, path_of(finding.filename), matched_text(finding))
        out.append(fingerprint(finding, seen[key]))
        seen[key] += 1
    return out
