"""JSON fixtures and recordings: ``*.json`` and HAR files (``*.har``). JSON has no comments, so
its findings are suppressed through ``per-file-ignores`` only. A ``.json`` file holding JSON
lines is still read line by line, as before the json-lines kind existed."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".json", ".har")


def scan_recorded(text: str, model) -> list:
    """Recorded traffic and fixtures, JSON or YAML (the cassette kind reads them the same way)."""
    from ..scan.recorded import scan

    return scan(text, model)


def fix_recorded(text: str, findings: list) -> dict:
    from ..fix.text import recorded

    return recorded(text, findings)


def parses(text: str) -> None:
    """One JSON document, or JSON Lines (one document per non-blank line)."""
    import json

    from .jsonlines import parses as lines_parse

    try:
        json.loads(text)
    except ValueError:
        lines_parse(text)


KIND = FileKind(
    "json", claims, scan_recorded, fixer=fix_recorded, validator=parses, comment=None,
    examples={"json": "fixture.json", "telemetry": "recording.json"}, title="JSON", hyphenated=True,
)
