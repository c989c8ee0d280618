"""YAML recordings of HTTP traffic: VCR cassettes (``interactions:``, Ruby VCR's
``http_interactions:``) and the responses library's recordings (``responses:``)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .json import fix_recorded, scan_recorded


def recording_head(head: bytes) -> bool:
    """Whether a YAML file's first bytes are those of a recording (after a BOM, if any)."""
    head = head.removeprefix(b"\xef\xbb\xbf")
    return b"interactions:" in head or b"\nresponses:" in head or head.startswith(b"responses:")


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".yml", ".yaml") and recording_head(head(4096))


def composes(text: str) -> None:
    """The text is YAML that composes (the parse check of every YAML kind)."""
    from ..scan.yamlpos import compose_nodes

    compose_nodes(text)


KIND = FileKind(
    "cassette", claims, scan_recorded, newlines="yaml", fixer=fix_recorded, validator=composes, strings="yaml", examples={"cassette": "cassette.yaml"}, title="Recorded (YAML)",
)
