"""Scanned text made safe to print on a terminal.

File names, messages (which quote field names and paths from the scanned files) and source lines
come from files migrator does not trust. Printed raw, an ESC sequence could set the terminal's
title or clear the screen, a carriage return or line feed could forge a finding, and a bidi
override could reorder what the reader sees. The text formats show such characters escaped:

- ``quote_path``: a file name as git shows it (core.quotePath off): wrapped in double quotes,
  with C escapes (``\\t``, ``\\n``, ``\\033``), only when it holds a character that needs one.
- ``escape``: a message, with the same C escapes and no quotes.
- ``shown_source``: a finding's source line as every report shows it (and fingerprints read it):
  a line longer than MAX_SHOWN_LINE is left out, so ten thousand findings on one long line do
  not make a report of ten thousand copies of it.
- ``show_line``: a source line as ruff shows it: a tab is four spaces and a control character is
  its Unicode control picture (ESC is ``␛``), so every character keeps one column and the caret
  still points at the span.
"""

from __future__ import annotations

import unicodedata

# Bidirectional embeddings, overrides and isolates, and the Unicode line and paragraph separators:
# not control characters to unicodedata, but they change what a terminal shows.
INVISIBLE = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029")
C_ESCAPES = {"\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r"}
TAB = "    "
MAX_SHOWN_LINE = 1000  # characters


def shown_source(line: str) -> str:
    """A source line as reports show it: itself, or "" when longer than MAX_SHOWN_LINE."""
    return line if len(line) <= MAX_SHOWN_LINE else ""


def unsafe(char: str) -> bool:
    """Whether a character must not reach a terminal as it is: C0, DEL, C1, bidi controls, and the
    lone surrogates that stand for a file name's undecodable bytes."""
    return char in INVISIBLE or unicodedata.category(char) in ("Cc", "Cs")


def _plain(text: str) -> bool:
    """Printable ASCII only (no C0 control, no DEL): nothing in it is unsafe. One C call, where
    asking `unsafe` of each character is a Python call per character of every message."""
    return text.isascii() and text.isprintable()


def _c_escape(char: str) -> str:
    if char in C_ESCAPES:
        return C_ESCAPES[char]
    data = char.encode("utf-8", "surrogateescape" if "\udc80" <= char <= "\udcff" else "surrogatepass")
    return "".join(f"\\{byte:03o}" for byte in data)


def escape(text: str, keep: str = "") -> str:
    """``text`` with every unsafe character but those in ``keep`` as a C escape (``\\033``)."""
    if _plain(text) or not any(unsafe(c) and c not in keep for c in text):
        return text
    return "".join(_c_escape(c) if unsafe(c) and c not in keep else c for c in text)


def quote_path(name: str) -> str:
    """A file name as git prints it: unchanged, or quoted with C escapes when it needs any."""
    if (_plain(name) and '"' not in name and "\\" not in name) or not any(unsafe(c) or c in '"\\' for c in name):
        return name
    body = "".join(_c_escape(c) if unsafe(c) else "\\" + c if c in '"\\' else c for c in name)
    return f'"{body}"'


def _picture(char: str) -> str:
    if char == "\t":
        return TAB
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"  # C1 controls and bidi controls have no picture: the replacement character


def show_line(text: str) -> str:
    """A source line for display: tabs as spaces, unsafe characters as one visible character."""
    text = text.rstrip("\r\n")
    if _plain(text) or not any(unsafe(c) for c in text):
        return text
    return "".join(_picture(c) if unsafe(c) else c for c in text)


def width(text: str) -> int:
    """Terminal columns of already shown text (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
