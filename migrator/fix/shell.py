"""Shell script fixer: curl, wget, glab api, httpie and jq command lines, edited in place.

The logic is shared with the other text kinds (fix/textspan.py).
"""

from __future__ import annotations

from ..model import Edit, Finding
from .textspan import text_edits


def edits(text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    return text_edits("file", text, findings)
