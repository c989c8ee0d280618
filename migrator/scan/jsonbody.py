"""The top-level entries of a JSON object written inside a command (``--data '{"active": false}'``),
with the offsets of each key and value in the text, so touches can point at the key."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..values import NO_VALUE

MARK = "{}"
_DECODER = json.JSONDecoder()
_SPACE = " \t\r\n"


@dataclass(frozen=True)
class Entry:
    """A member of a JSON body written in a shell word."""

    key: str
    value: Any
    start: int
    key_end: int
    value_start: int
    end: int


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in _SPACE:
        i += 1
    return i


def object_entries(text: str, start: int = 0) -> list[Entry] | None:
    """The entries of the JSON object ``text`` holds from ``start`` on (scalars as values, NO_VALUE
    for nested objects, arrays and run-time parts ``{}``), or None when it is no JSON object.
    Offsets are offsets into ``text``; what follows the object's closing brace is not read."""
    i = _skip(text, start)
    if not text.startswith("{", i):
        return None
    out: list[Entry] = []
    i = _skip(text, i + 1)
    try:
        while i < len(text) and text[i] != "}":
            key, key_end = _DECODER.raw_decode(text, i)
            colon = _skip(text, key_end)
            if not isinstance(key, str) or not text.startswith(":", colon):
                return None
            value_start = _skip(text, colon + 1)
            value, end = _DECODER.raw_decode(text, value_start)
            out.append(Entry(key, scalar(value), i, key_end, value_start, end))
            i = _skip(text, end)
            if text.startswith(",", i):
                i = _skip(text, i + 1)
            elif not text.startswith("}", i):
                return None
    except json.JSONDecodeError:
        return None
    return out


def scalar(value: Any) -> Any:
    if isinstance(value, (dict, list)) or (isinstance(value, str) and MARK in value):
        return NO_VALUE
    return value
