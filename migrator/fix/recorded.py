"""Recorded-JSON fixer: JSON fixtures, VCR cassettes (YAML or JSON), HAR files and recordings,
edited in place: keys and values of fixtures and recorded bodies, recorded request URLs and form
bodies. Whether a file is JSON or YAML is decided as the scanner decides it.

The logic is shared with the other text kinds (fix/textspan.py).
"""

from __future__ import annotations

from ..model import Edit, Finding
from ..scan.recorded import is_yaml_recording
from .textspan import text_edits


def edits(text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    start = text.lstrip()[:1]
    syntax = "yaml" if start and start not in "{[" and is_yaml_recording(text) else "json"
    return text_edits(syntax, text, findings)


def edits_lines(text: str, findings: list[Finding]) -> dict[Finding, tuple[Edit, ...]]:
    """JSON lines: the strings of every line's document are hosts, as in a JSON file."""
    return text_edits("json", text, findings)
