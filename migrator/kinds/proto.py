"""Protocol buffer definitions (``*.proto``): the telemetry contract. ``//`` comments; no fixer."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() == ".proto"


def scan(text: str, model) -> list:
    from ..scan.proto import scan

    return scan(text, model)


KIND = FileKind(
    "proto", claims, scan, comment="//", strings="c",
    examples={"proto": "telemetry.proto"}, title="Protocol Buffers",
)
