"""Fingerprints of findings, for the baseline and the Code Quality report. They leave line numbers
out, so moving code does not make a finding new, and fixing one finding leaves the others' alone.

    fingerprint = sha256 hex of  code \\0 posix path \\0 matched text \\0 occurrence index

The matched text is the part of ``finding.source_line`` under the span's columns when the span
starts and ends on that line, else the whole stripped source line, else the message, with runs of
whitespace collapsed to one space. The occurrence index counts the earlier findings (in file
order) of the same file with the same code and matched text, so two identical uses in one file
stay two fingerprints.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import PurePath

from ..model import Finding

_SPACE = re.compile(r"\s+")


def matched_text(finding: Finding) -> str:
    span, line = finding.span, finding.source_line
    text = ""
    if line and span.start.row == span.end.row:
        text = line[span.start.column - 1:span.end.column - 1]
    return _SPACE.sub(" ", text or line.strip() or finding.message)


def fingerprint(finding: Finding, occurrence: int = 0) -> str:
    """The fingerprint of ``finding`` as the ``occurrence``-th (from 0) of its kind in its file."""
    parts = (finding.code, PurePath(finding.filename).as_posix(), matched_text(finding), str(occurrence))
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def fingerprints(findings: Sequence[Finding]) -> list[str]:
    """The fingerprints of ``findings``, in their order, with occurrence indexes counted in file
    order (filename, row, column, code)."""
    seen: Counter[tuple[str, str, str]] = Counter()
    out = [""] * len(findings)
    for index in sorted(range(len(findings)), key=lambda i: findings[i].sort_key):
        finding = findings[index]
        key = (finding.code, PurePath(finding.filename).as_posix(), matched_text(finding))
        out[index] = fingerprint(finding, seen[key])
        seen[key] += 1
    return out
