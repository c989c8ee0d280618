"""API client collections: a Postman collection (``*.json`` naming Postman's collection schema)
and an Insomnia export (``*.json`` of export format 4, or Insomnia 5's ``*.yaml``). Each request's
method, URL, headers and body are read as a request the collection sends, fixed in place; saved
example responses are recordings (scan/collections.py). JSON has no comments; an Insomnia YAML
export takes ``#`` comments."""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .cassette import composes

POSTMAN = b"schema.getpostman.com/json/collection/v2"
INSOMNIA = (b'"__export_format"', b"collection.insomnia.rest/", b"_type: export")


def claims(path: Path, head, explicit: bool) -> bool:
    suffix = path.suffix.lower()
    if suffix not in (".json", ".yaml", ".yml"):
        return False
    first = head(4096)
    return POSTMAN in first or any(marker in first for marker in INSOMNIA)


def syntax_of(text: str) -> str:
    return "json" if text.lstrip()[:1] in ("{", "[") else "yaml"


def scan(text: str, model) -> list:
    from ..scan import jsonpos, yamlpos
    from ..scan.collections import scan
    from ..syntax import Syntax
    from ..values import ScanError

    if syntax_of(text) == "yaml":
        return scan(text, model, yamlpos.compose(text), Syntax.YAML_KEY)
    try:
        return scan(text, model, jsonpos.parse_documents(text), Syntax.JSON_KEY)
    except jsonpos.JsonError as exc:
        raise ScanError.at(f"JSON: {exc.message}", exc.offset) from None


def fix(text: str, touches: dict) -> dict:
    from ..fix.text import recorded

    return recorded(text, touches, syntax_of(text))


def parses(text: str) -> None:
    import json

    json.loads(text) if syntax_of(text) == "json" else composes(text)


KIND = FileKind(
    "collection", claims, scan, fixer=fix, validator=parses, comment=None, newlines="universal",
    examples={"collection": "gitlab.postman_collection.json"}, title="API client collection",
    examples_per="host",
)
