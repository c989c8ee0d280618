"""YAML recordings of HTTP traffic: VCR cassettes (``interactions:``, Ruby VCR's
``http_interactions:``) and the responses library's recordings (``responses:``). Whether a text
is a recording is decided here only (`recording`)."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


HEAD = 4096  # how much of a file tells whether it is a recording


def recording(head: str) -> bool:
    """Whether a YAML text whose first HEAD characters are ``head`` is a recording: the one place
    this is decided, for telling a file's kind (here, and kinds/ci.py, which leaves recordings
    alone) and for how its scanner and fixer read it (`recorded_syntax`)."""
    head = head[:HEAD].removeprefix("\ufeff")
    return "interactions:" in head or "\nresponses:" in head or head.startswith("responses:")


def recording_head(head: bytes) -> bool:
    """Whether a file's first bytes are those of a YAML recording."""
    return recording(head.decode("utf-8", "replace"))


def recorded_syntax(text: str) -> str:
    """How a recorded text is read: ``yaml`` for a YAML recording, else ``json`` (a JSON fixture or
    recording, JSON lines; JSON is YAML too, so a cassette written as JSON is read as JSON)."""
    start = text.lstrip()[:1]
    return "yaml" if start and start not in "{[" and recording(text) else "json"


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".yml", ".yaml") and recording_head(head(HEAD))


def composes(text: str) -> None:
    """The text is YAML that composes (the parse check of every YAML kind)."""
    from ..scan.yamlpos import compose_nodes

    compose_nodes(text)


def scan_recorded(text: str, model) -> list:
    """Recorded traffic and fixtures, YAML or JSON (the json kind reads them the same way)."""
    from ..scan.recorded import scan

    return scan(text, model, recorded_syntax(text))


def fix_recorded(text: str, touches: dict) -> dict:
    from ..fix.text import recorded

    return recorded(text, touches, recorded_syntax(text))


KIND = FileKind(
    "cassette", claims, scan_recorded, newlines="yaml", fixer=fix_recorded, validator=composes, strings="yaml", examples={"cassette": "cassette.yaml"}, title="Recorded (YAML)",
)
