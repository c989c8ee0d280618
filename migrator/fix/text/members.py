"""JSON members for the text fixers: the object a key belongs to (in a fixture, a recorded body,
or a body written in a shell command), and the text that removes a member with one comma so the
object still parses: the member and the whitespace up to the next key, or, for the last member,
the comma and whitespace before it; a lone member leaves ``{}``.
"""

from __future__ import annotations

from ...scan.jsonbody import Entry, object_entries
from .pair import Pair, Range

MAX_TRIES = 64


def members_at(text: str, key_start: int) -> tuple[int, list[Entry]] | None:
    """(offset of ``{``, entries) of the object that has a member whose key starts at key_start.
    Tries the braces before the key, innermost first (a sibling's nested object comes first)."""
    brace = key_start
    for _ in range(MAX_TRIES):
        brace = text.rfind("{", 0, brace)
        if brace == -1:
            return None
        entries = object_entries(text, brace)
        if entries and any(e.start == key_start for e in entries):
            return brace, entries
    return None


def removal(text: str, brace: int, entries: list[Entry], index: int) -> Range | None:
    member = entries[index]
    if len(entries) == 1:
        close = _skip(text, member.end)
        return (brace + 1, close) if text.startswith("}", close) else None
    if index + 1 < len(entries):
        return member.start, entries[index + 1].start
    return entries[index - 1].end, member.end


def _skip(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def name_range(text: str, key: Range, name: str) -> Range | None:
    """The characters of the name inside a key as written (``"name"``, ``\\"name\\"``)."""
    written = text[key[0]:key[1]]
    if written.count(name) != 1:
        return None
    at = key[0] + written.index(name)
    return at, at + len(name)


def json_pair(text: str, key: Range, value: Range | None, name: str) -> Pair | None:
    """A member of a JSON object written in text (key and value as the scanner found them)."""
    spelled = name_range(text, key, name)
    if spelled is None or value is None:
        return None
    found = members_at(text, key[0])
    if found is None:
        return None
    brace, entries = found
    index = next(i for i, e in enumerate(entries) if e.start == key[0])
    if entries[index].end != value[1]:
        return None
    return Pair(spelled, value, removal(text, brace, entries, index))
