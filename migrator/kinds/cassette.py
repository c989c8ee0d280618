"""YAML recordings of HTTP traffic: VCR cassettes (``interactions:``, Ruby VCR's
``http_interactions:``) and the responses library's recordings (``responses:``)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def recording_head(head: bytes) -> bool:
    """Whether a YAML file's first bytes are those of a recording (after a BOM, if any)."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    return b"interactions:" in head or b"\nresponses:" in head or head.startswith(b"responses:")


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".yml", ".yaml") and recording_head(head(4096))


KIND = FileKind(
    "cassette", claims, "migrator.scan.recorded:scan", newlines="yaml", fixer="migrator.fix.text:recorded",
    validator="migrator.scan.yamlpos:compose_nodes", strings="yaml", examples={"cassette": "cassette.yaml"}, title="Recorded (YAML)",
)
