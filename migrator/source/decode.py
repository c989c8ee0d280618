"""Bytes ↔ text, with the same rules for check and fix.

A byte order mark decides the encoding (UTF-8, UTF-16 and UTF-32, either byte order); a Python
file may declare its encoding in a PEP 263 coding line; everything else is UTF-8. The encoding and
the BOM are kept, so a fixed file is written back exactly as it was read. Text holding a NUL
character is not decoded: it is UTF-16 or UTF-32 without a BOM, or binary.
"""

from __future__ import annotations

import codecs
import io
import re
import tokenize
from dataclasses import dataclass

BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)
COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=]", re.MULTILINE)


class DecodeError(ValueError):
    """The bytes are not text in the encoding they declare; ``reason`` says why, for a finding."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Encoding:
    """How a file's text is written: the codec and the byte order mark before it."""

    name: str = "utf-8"
    bom: bytes = b""

    def encode(self, text: str) -> bytes:
        return self.bom + text.encode(self.name)


UTF8 = Encoding()


def decode(data: bytes, cookie: bool = False) -> tuple[str, Encoding]:
    """(text, encoding) of a file's bytes; ``cookie``: honour a PEP 263 coding line (Python)."""
    encoding = _encoding(data, cookie)
    try:
        text = data[len(encoding.bom):].decode(encoding.name)
    except UnicodeDecodeError as exc:
        name = "UTF-8" if encoding == UTF8 else encoding.name
        raise DecodeError(f"not {name} ({exc.reason} at byte {exc.start + len(encoding.bom)})") from None
    if "\0" in text:
        raise DecodeError("holds NUL characters (UTF-16 or UTF-32 without a byte order mark, or binary)")
    return text, encoding


def _encoding(data: bytes, cookie: bool) -> Encoding:
    for bom, name in BOMS:
        if data.startswith(bom):
            return Encoding(name, bom)
    if cookie and COOKIE.search(data, 0, data.find(b"\n", data.find(b"\n") + 1) if b"\n" in data else len(data)):
        try:
            name, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        except (SyntaxError, LookupError) as exc:
            raise DecodeError(f"bad coding line: {exc}") from None
        if codecs.lookup(name).name != "utf-8":
            return Encoding(name)
    return UTF8


def is_binary(data: bytes) -> bool:
    """Neither valid in its detected encoding nor free of NUL bytes: skipped, not reported."""
    if b"\0" not in data:
        return False
    try:
        decode(data)
    except DecodeError as exc:
        return not exc.reason.startswith("holds NUL")
    return False
