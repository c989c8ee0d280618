"""Edits for findings, computed only when someone needs them (fix, diff, JSON output)."""

from __future__ import annotations

from ..model import Finding


def with_edits(findings: list[Finding]) -> list[Finding]:
    """Findings with their fix edits filled in. Until a file kind's fixer exists, edits stay empty."""
    return findings
