"""JSON lines (``*.jsonl``, ``*.ndjson``): one JSON document a line, such as API logs and
telemetry recordings. Each line is read on its own; a line that is not JSON is a parse error
at that line. No comments: suppressions go through ``per-file-ignores``."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".jsonl", ".ndjson")


def parses(text: str) -> None:
    import json

    for line in text.splitlines():
        if line.strip():
            json.loads(line)


KIND = FileKind(
    "json-lines", claims, "migrator.scan.recorded:scan_lines", fixer="migrator.fix.text:json_lines",
    validator="migrator.kinds.jsonlines:parses", comment=None,
    examples={"json-lines": "recording.jsonl"}, title="JSON lines",
)
