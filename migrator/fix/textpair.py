"""One sent or recorded ``name=value`` (a form field, a query field, a JSON member), as the text
fixers see it: where its name and value are written, what else the same request or object holds,
and which text removes it exactly. Built per syntax by textshell.py, textjson.py and here (the
query of a recorded URL, a recorded form body); carried out by textspan.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote_plus

from ..model import NO_VALUE, show_value

Range = tuple[int, int]
BOOL_WORD = re.compile(r"(?i:true|false)")


@dataclass(frozen=True)
class Pair:
    """``key``: the characters spelling the name (inside any quotes); ``value``: the value as
    written; ``others``: the other names (and values) sent or held with it; ``removal``: the range
    that removes the entry with its separator, or None when that cannot be done exactly."""

    key: Range
    value: Range | None
    others: dict[str, object] = field(default_factory=dict)
    removal: Range | None = None


def query_fields(query: str) -> dict[str, object]:
    """``a=1&b`` → {a: "1", b: NO_VALUE}."""
    out: dict[str, object] = {}
    for piece in query.split("#", 1)[0].split("&"):
        key, eq, value = piece.partition("=")
        if key:
            out.setdefault(unquote_plus(key), unquote_plus(value) if eq else NO_VALUE)
    return out


def amp_removal(text: str, start: int, end: int, low: int, high: int) -> Range:
    """The range removing ``text[start:end]``, one field of an ``&``-joined list in
    ``text[low:high]``, with one separator: the ``&`` after it, else the one before it, else the
    ``?`` of a query it was the only field of."""
    if end < high and text[end] == "&":
        return start, end + 1
    if start > low and text[start - 1] in "&?":
        return start - 1, end
    return start, end


def _others(fields: dict[str, object], name: str) -> dict[str, object]:
    return {k: v for k, v in fields.items() if k != name}


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
    fields = query_fields(url[ask + 1:end])
    return Pair(key, (base + match.end(1), base + match.end()), _others(fields, name), removal)


def form_pair(text: str, span: Range, name: str) -> Pair | None:
    """A field of a recorded ``application/x-www-form-urlencoded`` body (the host is the body)."""
    start, end = span
    if text[start:end] != name or not text.startswith("=", end):
        return None
    low = text.rfind("&", 0, start) + 1
    stop = text.find("&", end)
    stop = len(text) if stop == -1 else stop
    fields = query_fields(text)
    removal = amp_removal(text, low, stop, 0, len(text)) if low == start else None
    return Pair((start, end), (end + 1, stop), _others(fields, name), removal)
