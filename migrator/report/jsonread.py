"""A result file's JSON read back, for ``report --merge`` (merge.py) and the baseline's check of
its nesting: how deep a file nests, found before it is decoded; an array decoded an element at a
time; and a finding decoded from the object ``jsonout.as_dict`` writes, its texts interned.

Fields this reader does not know are skipped (fields are only ever added); a missing or malformed
field is an error naming the file, the finding's index and the field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator
from itertools import accumulate
from pathlib import Path
from sys import intern
from typing import Any

from ..values import APPLICABILITIES, EVIDENCE_ORDER, SEVERITIES, Edit, Fix, Position, Reported, Span

MAX_DEPTH = 100  # levels of arrays and objects; a result nests 7 (an edit's location), a baseline 3
STRUCTURE = bytes(sorted(set(range(256)) - set(b'[]{}"')))  # the bytes nesting() deletes
ESCAPE = re.compile(rb"\\.", re.S)
STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
SPACE = re.compile(r"[ \t\n\r]*")
DECODER = json.JSONDecoder()


class ResultsError(ValueError):
    """A results file cannot be read or is not ``migrator check`` JSON; the message names it."""


def nesting(data: bytes) -> int:
    """How deep the arrays and objects of the JSON ``data`` nest, found without decoding it:
    whole-buffer byte operations and one pass over the brackets outside strings. (No byte of a
    multi-byte UTF-8 character is ASCII, so the bytes are read as the text is.)"""
    if b"\\" in data:  # escaped characters (a quote, a backslash) neither open nor close a string
        data = ESCAPE.sub(b"", data)
    # Brackets and quotes only; then each string without a bracket is "" (two quotes side by
    # side can go, wherever they are: every other character stays inside or outside a string).
    skeleton = data.translate(None, STRUCTURE).replace(b'""', b"")
    if b'"' in skeleton:
        skeleton = b"".join(skeleton.split(b'"')[::2])  # what lies between strings
    return max(accumulate(map(STEP.__getitem__, skeleton)), default=0)


def decoded(path, what: str) -> str:
    """The text of the JSON file ``path``, refused (naming it, and ``what`` it should be) when it
    cannot be read, nests more than MAX_DEPTH levels or is not UTF-8."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read: {exc.strerror}") from None
    if nesting(data) > MAX_DEPTH:
        raise ResultsError(f"{path}: not {what}: nested more than {MAX_DEPTH} levels deep")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ResultsError(f"{path}: not JSON ({exc})") from None


def elements(text: str, at: int) -> Generator[Any, None, int]:
    """The elements of the JSON array at ``text[at]`` (a ``[``), decoded one at a time (the
    errors of ``json.loads``, at the same places); returns the offset after the array."""
    at = SPACE.match(text, at + 1).end()
    if text[at:at + 1] == "]":
        return at + 1
    while True:
        item, at = DECODER.raw_decode(text, at)
        yield item
        at = SPACE.match(text, at).end()
        if text[at:at + 1] == "]":
            return at + 1
        if text[at:at + 1] != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)
        at = SPACE.match(text, at + 1).end()


def findings_at(text: str, at: int, where: str, repository: str) -> tuple[list[Reported], int]:
    """The findings of the array at ``text[at]``, each dropped as a decoded object once it is a
    ``Reported`` (``where`` names the array in errors: ``"r.json: "``, ``"r.json: findings"``), and
    the offset after the array."""
    items, out = elements(text, at), []
    try:
        while True:
            out.append(finding(next(items), f"{where}[{len(out)}]", repository))
    except StopIteration as stop:
        return out, stop.value


def finding(item: Any, where: str, repository: str) -> Reported:
    """The finding ``as_dict`` wrote as ``item``; ``repository`` when it names none."""
    if type(item) is not dict:
        raise ResultsError(f"{where}: expected an object, got {item!r}")
    item_key = _text(item, "item", where, optional=True)
    url = _text(item, "url", where, optional=True)
    return Reported(
        code=intern(_text(item, "code", where)),
        name=intern(_text(item, "name", where)),
        item=None if item_key is None else intern(item_key),
        message=intern(_text(item, "message", where)),
        severity=_choice(item, "severity", SEVERITIES, where),
        evidence=_choice(item, "evidence", EVIDENCE_ORDER, where),
        filename=intern(_text(item, "filename", where)),
        span=Span(_position(item.get("location"), f"{where}.location"),
                  _position(item.get("end_location"), f"{where}.end_location")),
        url=None if url is None else intern(url),
        fix=_fix(item.get("fix"), f"{where}.fix"),
        source_line=_text(item, "source_line", where, optional=True) or "",
        repository=intern(_text(item, "repository", where, optional=True) or repository),
    )


def _text(item: dict, key: str, where: str, optional: bool = False) -> str | None:
    value = item.get(key)
    if type(value) is str or (value is None and optional):
        return value
    raise ResultsError(f"{where}.{key}: expected a string, got {value!r}")


def _choice(item: dict, key: str, allowed: tuple[str, ...], where: str) -> str:
    """One of ``allowed`` (the allowed string itself, so every finding shares it)."""
    value = _text(item, key, where)
    if value not in allowed:
        raise ResultsError(f"{where}.{key}: {value!r} is not one of {', '.join(allowed)}")
    return allowed[allowed.index(value)]


def _position(value: Any, where: str) -> Position:
    if type(value) is dict:
        row, column = value.get("row"), value.get("column")
        if type(row) is int and type(column) is int and row >= 1 and column >= 1:
            return Position(row, column)
    raise ResultsError(f"{where}: expected {{\"row\": N, \"column\": N}} (1-based), got {value!r}")


def _fix(value: Any, where: str) -> Fix | None:
    if value is None:
        return None
    if type(value) is not dict:
        raise ResultsError(f"{where}: expected an object or null, got {value!r}")
    edits = value.get("edits", [])
    if type(edits) is not list:
        raise ResultsError(f"{where}.edits: expected an array, got {edits!r}")
    return Fix(
        applicability=_choice(value, "applicability", APPLICABILITIES, where),
        message=intern(_text(value, "message", where)),
        edits=tuple(_edit(edit, f"{where}.edits[{i}]") for i, edit in enumerate(edits)),
    )


def _edit(value: Any, where: str) -> Edit:
    if type(value) is not dict:
        raise ResultsError(f"{where}: expected an object, got {value!r}")
    # A merged result is only reported, never applied: the edit keeps its rows and columns, and
    # has no offsets into a text that is not here.
    return Edit(intern(_text(value, "content", where)), 0, 0,
                Span(_position(value.get("location"), f"{where}.location"),
                     _position(value.get("end_location"), f"{where}.end_location")))
