"""Stage: filter. Inline suppressions, as ruff spells them: ``# noqa`` or ``# noqa: MIG010,MIG011``
at the end of the finding's line (Python, YAML and shell comments alike)."""

from __future__ import annotations

import re

from .model import Finding

NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.IGNORECASE)


def unsuppressed(findings: list[Finding]) -> list[Finding]:
    """The findings no ``# noqa`` comment on their own source line suppresses (the line as the
    file kind splits lines: a form feed is no line break in Python). Each distinct line is
    searched once, so thousands of findings on one long line cost one pass over it."""
    comments: dict[str, re.Match | None] = {}
    return [f for f in findings if not _suppressed(f, comments)]


def _suppressed(finding: Finding, comments: dict[str, re.Match | None]) -> bool:
    line = finding.source_line
    if line not in comments:
        comments[line] = NOQA.search(line) if "noqa" in line.lower() else None
    match = comments[line]
    if match is None:
        return False
    codes = match.group("codes")
    if codes is None:
        return True
    return finding.code in {c.strip().upper() for c in codes.split(",")}
