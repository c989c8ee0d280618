"""JSON written a piece at a time, for ``report --merge`` (merge.py): ``write_json`` writes the
text ``json.dumps(document, indent=2, ensure_ascii=False)`` returns, character for character, with
an array of findings made as it is written (``Items``) and about twice as fast (the standard
library encodes indented JSON in Python, through a generator per value); ``write_lines`` writes
json-lines a chunk of records at a time."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TextIO

INDENT = "  "
CHUNK = 4096  # pieces of text written at once
encode_string = json.encoder.encode_basestring  # ensure_ascii=False: the C function json.dumps uses


@dataclass(frozen=True)
class Items:
    """A JSON array whose elements are made as ``write_json`` writes them."""

    elements: Iterable[Any]


def write_lines(records: Iterable[Any], stream: TextIO) -> None:
    """Each record as one compact line, as json-lines renders them."""
    out: list[str] = []
    for record in records:
        out.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        if len(out) >= CHUNK:
            stream.write("".join(out))
            out.clear()
    stream.write("".join(out))


def write_json(document: Any, stream: TextIO) -> None:
    """``json.dumps(document, indent=2, ensure_ascii=False) + "\\n"`` written to ``stream`` in
    chunks, ``Items`` written as arrays."""
    out: list[str] = []
    _value(document, 0, out, stream)
    out.append("\n")
    stream.write("".join(out))


def _value(value: Any, level: int, out: list[str], stream: TextIO) -> None:
    kind = type(value)
    if kind is str:
        out.append(encode_string(value))
    elif kind is dict:
        _object(value, level, out, stream)
    elif kind is list or kind is tuple or kind is Items:
        _array(value.elements if kind is Items else value, level, out, stream)
    elif isinstance(value, dict) and not isinstance(value, str):
        _object(value, level, out, stream)
    elif isinstance(value, (list, tuple)):
        _array(value, level, out, stream)
    else:
        out.append(_scalar(value))


def _object(value: dict, level: int, out: list[str], stream: TextIO) -> None:
    if not value:
        out.append("{}")
        return
    inner = "\n" + INDENT * (level + 1)
    glue = "{" + inner
    for key, item in value.items():
        key = encode_string(key) if type(key) is str else _key(key)
        kind = type(item)
        if kind is str:
            out.append(f"{glue}{key}: {encode_string(item)}")
        elif item is None:
            out.append(f"{glue}{key}: null")
        elif kind is int:
            out.append(f"{glue}{key}: {int.__repr__(item)}")
        else:
            out.append(f"{glue}{key}: ")
            _value(item, level + 1, out, stream)
        glue = "," + inner
    out.append("\n" + INDENT * level + "}")


def _array(elements: Iterable[Any], level: int, out: list[str], stream: TextIO) -> None:
    inner = "\n" + INDENT * (level + 1)
    glue = "[" + inner
    for element in elements:
        out.append(glue)
        _value(element, level + 1, out, stream)
        glue = "," + inner
        if len(out) >= CHUNK:
            stream.write("".join(out))
            out.clear()
    out.append("[]" if glue[0] == "[" else "\n" + INDENT * level + "]")


def _scalar(value: Any) -> str:
    """A value that holds no other, as ``json.dumps`` writes it (a str or int subclass, such as
    an enum, as its value)."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, str):
        return encode_string(value)
    if isinstance(value, int):
        return int.__repr__(value)
    return json.dumps(value)  # a float (NaN, Infinity as json writes them); anything else: its TypeError


def _key(key: Any) -> str:
    """A key that is not a str, as ``json.dumps`` turns it into one (``true``, ``1.5``)."""
    return json.dumps({key: None}, ensure_ascii=False)[1:-7]
