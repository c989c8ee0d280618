"""GitLab CI YAML fixer: the scripts and variables of jobs, edited inside their YAML scalars.

The logic is shared with the other text kinds (fix/textspan.py).
"""

from __future__ import annotations

from ..model import Edit, Finding
from .textspan import text_edits


def edits(text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    return text_edits("yaml", text, findings, variables=True)
