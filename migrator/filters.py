"""Stage: filter. Inline suppressions, as ruff spells them: ``# noqa`` or ``# noqa: MIG010,MIG011``
at the end of the finding's line (Python, YAML and shell comments alike)."""

from __future__ import annotations

import re

from .model import Finding

NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.IGNORECASE)


def unsuppressed(findings: list[Finding], text: str) -> list[Finding]:
    """The findings no ``# noqa`` comment on their line suppresses (the file is split once)."""
    if not findings or "noqa" not in text.lower():
        return findings
    lines = text.splitlines()
    return [f for f in findings if not _suppressed(f, lines)]


def _suppressed(finding: Finding, lines: list[str]) -> bool:
    row = finding.span.start.row
    match = NOQA.search(lines[row - 1]) if 0 < row <= len(lines) else None
    if match is None:
        return False
    codes = match.group("codes")
    if codes is None:
        return True
    return finding.code in {c.strip().upper() for c in codes.split(",")}
