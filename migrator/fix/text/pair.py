"""One sent or recorded ``name=value`` (a form field, a query field, a JSON member), as the text
fixers see it: where its name and value are written, and which text removes it exactly. Built per
syntax by shell.py, members.py and here (the query of a recorded URL, a recorded form body). What
else the same request or object holds, the touch carries (its siblings).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...scan.urls import amp_removal
from ...values import NO_VALUE, show_value

Range = tuple[int, int]
BOOL_WORD = re.compile(r"(?i:true|false)")


@dataclass(frozen=True)
class Pair:
    """``key``: the characters spelling the name (inside any quotes); ``value``: the value as
    written; ``removal``: the range that removes the entry with its separator, or None when that
    cannot be done exactly."""

    key: Range
    value: Range | None
    removal: Range | None = None


def query_pair(text: str, span: Range, name: str, value: object) -> Pair | None:
    """``name=value`` in the query of the URL written at span (a recorded request's URI)."""
    url = text[span[0]:span[1]]
    ask = url.find("?")
    if ask == -1:
        return None
    written = "" if value is NO_VALUE else show_value(value)
    pattern = re.compile(rf"(?<=[?&]){re.escape(name)}(=){re.escape(written)}(?=[&#\"'\s]|$)")
    match = pattern.search(url, ask)
    if match is None:
        return None
    end = ask + 1 + len(re.split(r"[#\"'\s]", url[ask + 1:], maxsplit=1)[0])
    base = span[0]
    key = (base + match.start(), base + match.start(1))
    removal = amp_removal(text, base + match.start(), base + match.end(), base + ask, base + end)
    return Pair(key, (base + match.end(1), base + match.end()), removal)


def form_pair(text: str, span: Range, name: str) -> Pair | None:
    """A field of a recorded ``application/x-www-form-urlencoded`` body (the host is the body)."""
    start, end = span
    if text[start:end] != name or not text.startswith("=", end):
        return None
    low = text.rfind("&", 0, start) + 1
    stop = text.find("&", end)
    stop = len(text) if stop == -1 else stop
    removal = amp_removal(text, low, stop, 0, len(text)) if low == start else None
    return Pair((start, end), (end + 1, stop), removal)
