"""Stage: filter. Inline suppressions, as ruff spells them: ``# noqa`` or ``# noqa: MIG010,MIG011``
at the end of the finding's line (Python, YAML and shell comments alike)."""

from __future__ import annotations

import re

from .model import Finding

NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*))?", re.IGNORECASE)


def suppressed(finding: Finding, text: str) -> bool:
    line = _line(text, finding.span.start.row)
    match = NOQA.search(line)
    if match is None:
        return False
    codes = match.group("codes")
    if codes is None:
        return True
    return finding.code in {c.strip().upper() for c in codes.split(",")}


def _line(text: str, row: int) -> str:
    start = 0
    for _ in range(row - 1):
        start = text.find("\n", start) + 1
        if start == 0:
            return ""
    end = text.find("\n", start)
    return text[start:] if end == -1 else text[start:end]
