"""HTTP request files (``*.http``, ``*.rest``): each request's method, URL, headers and JSON body
(scan/httpfile.py), fixed in place as code is; a Markdown ``http`` block is read the same way.
Comments start a line with ``#`` or ``//``."""

from __future__ import annotations

from pathlib import Path

from . import FileKind


def claims(path: Path, head, explicit: bool) -> bool:
    return path.suffix.lower() in (".http", ".rest")


def scan(text: str, model) -> list:
    from ..scan.httpfile import scan

    return scan(text, model)


def fix(text: str, touches: dict) -> dict:
    from ..fix.text import whole_file

    return whole_file(text, touches)


def placeholder(length: int) -> str:
    """A run-time value in a request: a variable of that length (``{{__}}``)."""
    return "{{" + "_" * max(length - 4, 1) + "}}"


KIND = FileKind(
    "http", claims, scan, fixer=fix, comment="#", comments=("//",), strings="http",
    examples={"http": "requests.http"}, title="HTTP requests", placeholder=placeholder, examples_per="host",
)
