"""JSON fixtures and recordings: ``*.json`` and HAR files (``*.har``). JSON has no comments, so
its findings are suppressed through ``per-file-ignores`` only. A ``.json`` file holding JSON
lines is still read line by line, as before the json-lines kind existed."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .cassette import fix_recorded, scan_recorded


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".json", ".har")


def scan_mock(text: str, model, scope) -> list:
    """A region of JSON in a program's string: a mock response (scan/recorded.Mock)."""
    from ..scan.recorded import scan_mock

    return scan_mock(text, model, scope)


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
    region_scanner=scan_mock,
)
