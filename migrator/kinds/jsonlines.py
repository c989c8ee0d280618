"""JSON lines (``*.jsonl``, ``*.ndjson``): one JSON document a line, such as API logs and
telemetry recordings. Each line is read on its own; a line that is not JSON is a parse error
at that line. No comments: suppressions go through ``per-file-ignores``."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".jsonl", ".ndjson")


def scan(text: str, model) -> list:
    from ..scan.recorded import scan_lines

    return scan_lines(text, model)


def fix(text: str, touches: dict) -> dict:
    from ..fix.text import json_lines

    return json_lines(text, touches)


def parses(text: str) -> None:
    import json

    for line in text.splitlines():
        if line.strip():
            json.loads(line)


KIND = FileKind(
    "json-lines", claims, scan, fixer=fix, validator=parses, comment=None,
    examples={"json-lines": "recording.jsonl"}, title="JSON lines", hyphenated=True,
)
