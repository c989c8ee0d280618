"""Stage: filter. Inline suppressions, as ruff spells them: ``# noqa`` or ``# noqa: MIG010,MIG011``
at the end of the finding's line (Python, YAML and shell comments alike)."""

from __future__ import annotations

import re

from .model import Finding

NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.IGNORECASE)


def unsuppressed(findings: list[Finding]) -> list[Finding]:
    """The findings no ``# noqa`` comment on their own source line suppresses (the line as the
    file kind splits lines: a form feed is no line break in Python)."""
    return [f for f in findings if "noqa" not in f.source_line.lower() or not _suppressed(f)]


def _suppressed(finding: Finding) -> bool:
    match = NOQA.search(finding.source_line)
    if match is None:
        return False
    codes = match.group("codes")
    if codes is None:
        return True
    return finding.code in {c.strip().upper() for c in codes.split(",")}
