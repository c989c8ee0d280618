"""Where the characters of a string's value stand in the file.

A scanner that reads text held inside a string (a CI job's script in a YAML scalar, a recorded
response body in a JSON string, a URL in a Python string literal) gets the value decoded; an
`OffsetMap` carries offsets in that value back to offsets in the file, and maps compose, so a JSON
text inside a YAML string inside a file maps straight to the file.

- JSON string literals: exact, escapes included (`json_string`).
- YAML literal block scalars whose lines match: exact; other YAML styles: aligned character by
  character, quotes, escapes, indentation and folded line breaks skipped (`yaml_scalar`).
- Python string literals, implicitly concatenated pieces and the literal parts of f-strings:
  exact (`python_literal`).
- Several strings joined into one text (the YAML scalars of a CI job's script): `Joined`.

A map is called with an offset (where the character there is written) and has ``end`` (where a
text that stops before that offset ends), which is what a range's end needs: `span` maps a range.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence

WINDOW = 80
JSON_ESCAPE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\.")
PY_ESCAPE = re.compile(r"\\(?:\r\n|[\r\n]|N\{[^}]*\}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|.)",
                       re.DOTALL)
PY_PREFIX = re.compile(r"[rRbBuUfF]*")


class OffsetMap:
    """Offsets in a decoded value → offsets in the text that holds it, as anchors where the shift
    changes; ``then`` composes it with the map of the text that holds that text."""

    def __init__(self, anchors: Sequence[tuple[int, int]], outer: Callable[[int], int] | None = None):
        self.decoded = [a for a, _ in anchors]
        self.raw = [b for _, b in anchors]
        self.outer = outer

    def __call__(self, offset: int) -> int:
        index = max(bisect_right(self.decoded, offset) - 1, 0)
        raw = self.raw[index] + offset - self.decoded[index]
        return self.outer(raw) if self.outer is not None else raw

    def end(self, offset: int) -> int:
        """Where a text that stops before ``offset`` ends: where the character at ``offset`` is
        written (an escape sequence's start, or the closing quote)."""
        return self(offset)

    def back(self, raw: int) -> int:
        """The offset in the value of the character written at ``raw`` (inside an escape
        sequence: the character it decodes to); the map must have no outer map."""
        index = max(bisect_right(self.raw, raw) - 1, 0)
        decoded = self.decoded[index] + raw - self.raw[index]
        following = self.decoded[index + 1] if index + 1 < len(self.decoded) else None
        return min(decoded, following - 1) if following is not None and following > self.decoded[index] else decoded

    def then(self, outer: Callable[[int], int]) -> OffsetMap:
        """This map followed by ``outer`` (the map of the text holding this value)."""
        mine = OffsetMap(list(zip(self.decoded, self.raw)), self.outer)
        inner_outer = mine.outer
        mine.outer = outer if inner_outer is None else (lambda o: outer(inner_outer(o)))
        return mine


def shifted(start: int) -> OffsetMap:
    """The map of a text that stands in its host as it is, from ``start`` on."""
    return OffsetMap([(0, start)])


def span(where: Callable[[int], int], start: int, end: int) -> tuple[int, int]:
    """A range of a text held in another mapped into that other text (an empty range stays empty)."""
    first = where(start)
    return (first, where.end(end)) if end > start else (first, first)  # type: ignore[attr-defined]


class Joined:
    """Strings joined into one text, each followed by a separator (a CI job's script lines): an
    offset of the joined text maps to the file through the string it came from; a separator maps
    to just after its string's last character."""

    def __init__(self, text: str):
        self.text = text
        self.parts: list[str] = []
        self.starts: list[int] = []
        self.maps: list[tuple[OffsetMap, int, int]] = []  # (value map, value length, raw start)
        self.length = 0

    def add(self, value: str, omap: OffsetMap, raw_start: int, separator: str = "\n") -> None:
        self.starts.append(self.length)
        self.maps.append((omap, len(value), raw_start))
        self.parts.append(value + separator)
        self.length += len(value) + len(separator)

    def joined(self) -> str:
        return "".join(self.parts)

    def __call__(self, offset: int) -> int:
        if not self.maps:
            return 0
        index = max(bisect_right(self.starts, offset) - 1, 0)
        omap, size, _ = self.maps[index]
        local = offset - self.starts[index]
        if local < size:
            return omap(local)
        return self.end(offset)

    def back(self, raw: int) -> int | None:
        """The offset in the joined text of the character written at ``raw`` in the file, or None
        when no string of it holds ``raw``."""
        for index in range(len(self.maps) - 1, -1, -1):
            omap, size, raw_start = self.maps[index]
            if raw_start <= raw:
                return self.starts[index] + min(omap.back(raw), size)
        return None

    def end(self, offset: int) -> int:
        """Where the joined text's characters up to ``offset`` (exclusive) end in the file: after
        the last one, and after the whole escape sequence when it was written as one (``\\"``,
        or ``''`` in a single-quoted string)."""
        if not self.maps:
            return 0
        index = max(bisect_right(self.starts, offset - 1) - 1, 0)
        omap, size, raw_start = self.maps[index]
        local = min(offset - self.starts[index], size)
        if not local:
            return raw_start
        last = omap(local - 1)
        following = omap(local)
        if self.text[last:last + 1] == "\\" and last < following <= last + 10:
            return following
        single_quoted = self.text[raw_start:raw_start + 1] == "'"
        return last + 2 if single_quoted and self.text[last:last + 2] == "''" else last + 1


def escaped(pattern: re.Pattern[str], text: str, start: int, end: int, width: Callable[[str], int],
            anchors: list[tuple[int, int]], decoded: int) -> int:
    """Anchors for the escapes of ``text[start:end]`` (each decodes to ``width(escape)``
    characters), appended to ``anchors``; returns the decoded length so far."""
    last = start
    for match in pattern.finditer(text, start, end):
        decoded += match.start() - last
        anchors.append((decoded, match.start()))
        decoded += width(match.group())
        last = match.end()
        anchors.append((decoded, last))
    return decoded + end - last


def json_string(text: str, start: int, end: int, value: str) -> OffsetMap | None:
    """The map of the JSON string literal ``text[start:end]`` (quotes included), or None when it
    does not decode to ``value``."""
    anchors = [(0, start + 1)]
    decoded = escaped(JSON_ESCAPE, text, start + 1, end - 1, lambda e: 1, anchors, 0)
    return OffsetMap(anchors) if decoded == len(value) else None


def doubled(text: str, start: int, end: int, quote: str, value: str) -> OffsetMap | None:
    """The map of a string's content ``text[start:end]`` whose quote is written twice (C#'s verbatim
    ``@"{""id"": 1}"``), or None when it does not decode to ``value``."""
    anchors = [(0, start)]
    decoded = escaped(re.compile(re.escape(quote * 2)), text, start, end, lambda e: len(quote), anchors, 0)
    return OffsetMap(anchors) if decoded == len(value) else None


def python_literal(text: str, pieces: Sequence[tuple[int, int]], value: str) -> OffsetMap | None:
    """The map of a Python string literal made of ``pieces`` (each ``(start, end)`` of one literal
    with its prefix and quotes, implicitly concatenated), or None when they do not decode to
    ``value``. A piece of an f-string must be one of its literal parts: no ``{``."""
    anchors: list[tuple[int, int]] = []
    decoded = 0
    for start, end in pieces:
        prefix = PY_PREFIX.match(text, start, end).group()
        quote = 3 if text.startswith(('"""', "'''"), start + len(prefix)) else 1
        inner_start, inner_end = start + len(prefix) + quote, end - quote
        anchors.append((decoded, inner_start))
        if "r" in prefix.lower():
            decoded += inner_end - inner_start
            continue
        decoded = escaped(PY_ESCAPE, text, inner_start, inner_end, _py_width, anchors, decoded)
    return OffsetMap(anchors) if decoded == len(value) else None


def _py_width(escape: str) -> int:
    return 0 if escape[1] in "\r\n" else 1


def yaml_scalar(text: str, start: int, end: int, value: str, style: str) -> tuple[OffsetMap, bool]:
    """(map of a YAML scalar's value, whether it is exact): exact for a literal block scalar whose
    lines match, aligned otherwise. ``start``/``end`` are the node's marks."""
    if style == "|":
        exact = _literal_block(text, start, value)
        if exact is not None:
            return exact, True
    return align(value, text, _content_start(text, start, end, style), end), False


def _content_start(text: str, start: int, end: int, style: str) -> int:
    if style in ("|", ">"):
        newline = text.find("\n", start, end)
        return end if newline == -1 else newline + 1
    return start + 1 if style in ('"', "'") else start


def _literal_block(text: str, start: int, value: str) -> OffsetMap | None:
    """Line k of a literal block's value is line k after the ``|`` line, less the indentation."""
    pos = text.find("\n", start) + 1
    lines = value.split("\n")
    if value.endswith("\n"):
        lines.pop()
    indent, decoded, anchors = None, 0, []
    for line in lines:
        if pos == 0 or pos > len(text):
            return None
        line_end = text.find("\n", pos)
        raw = text[pos: len(text) if line_end == -1 else line_end]
        if line and indent is None:
            indent = len(raw) - len(raw.lstrip(" "))
        if line and raw[indent: indent + len(line)] != line:
            return None
        anchors.append((decoded, pos + min(len(raw), indent or 0)))
        decoded += len(line) + 1
        pos = line_end + 1
    return OffsetMap(anchors or [(0, start)])


def align(decoded: str, text: str, start: int, end: int) -> OffsetMap:
    """Map each run of ``decoded`` to where it occurs in order in ``text[start:end]`` (quotes,
    escapes and line folding are skipped); characters not found nearby keep the last place."""
    anchors, i, j = [(0, start)], 0, start
    while i < len(decoded):
        run = _common_run(decoded, i, text, j, end)
        if run:
            i, j = i + run, j + run
            continue
        found = text.find(decoded[i], j + 1, min(j + WINDOW, end))
        if found == -1:
            anchors.append((i, j))
            i += 1
        else:
            anchors.append((i, found - 1 if text[found - 1] == "\\" else found))
            i, j = i + 1, found + 1
        anchors.append((i, j))
    return OffsetMap(anchors)


def _common_run(a: str, i: int, b: str, j: int, b_end: int) -> int:
    """Length of the common prefix of a[i:] and b[j:b_end], galloping then bisecting."""
    limit = min(len(a) - i, b_end - j)
    step, good = 16, 0
    while good < limit:
        probe = min(good + step, limit)
        if a[i + good: i + probe] != b[j + good: j + probe]:
            low, high = good, probe - 1
            while low < high:
                mid = (low + high + 1) // 2
                if a[i + good: i + mid] == b[j + good: j + mid]:
                    low = mid
                else:
                    high = mid - 1
            return low
        good, step = probe, step * 2
    return good
