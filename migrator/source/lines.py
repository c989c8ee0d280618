"""Lines and positions of one text: offsets ↔ 1-based rows and character columns.

Each file kind splits lines by its own rule: Python's (``\\r\\n``, ``\\r`` or ``\\n``; a form feed
is no line break), YAML's (Python's plus NEL, LS and PS, as PyYAML counts them for its marks) and
the shell's (``\\n`` only: bash reads a CR as part of a word). Columns count characters; `ast`
gives UTF-8 byte columns, which `offset_at_byte` converts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate

from ..values import Position, Span

NEWLINES = {
    "universal": re.compile(r"\r\n|\r|\n"),
    "yaml": re.compile(r"\r\n|[\r\n\x85\u2028\u2029]"),
    "lf": re.compile(r"\n"),
}


# What str.splitlines breaks lines at besides each rule's own breaks: where a text holds none of
# these, splitlines (in C) finds exactly the rule's lines.
_NOT_BREAKS = {
    "universal": re.compile("[\v\f\x1c\x1d\x1e\x85\u2028\u2029]"),
    "yaml": re.compile("[\v\f\x1c\x1d\x1e]"),
    "lf": re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]"),
}


def line_starts(text: str, newlines: str) -> list[int]:
    """The offset of each row's first character (after the last line break too, if any)."""
    if _NOT_BREAKS[newlines].search(text):
        return [0, *(m.end() for m in NEWLINES[newlines].finditer(text))]
    lines = text.splitlines(keepends=True)
    starts = [0, *accumulate(map(len, lines))]
    if lines and not NEWLINES[newlines].search(lines[-1][-1:]):
        starts.pop()  # the last row has no line break: nothing starts after it
    return starts


class LineIndex:
    def __init__(self, text: str, newlines: str = "universal"):
        self.text = text
        self.starts = line_starts(text, newlines)
        self._chars: dict[int, list[int]] = {}
        self._lines: dict[int, str] = {}  # each row's text made once: findings on one long line share it
        self._ascii: bool | None = None

    @property
    def rows(self) -> int:
        return len(self.starts)

    def row(self, offset: int) -> int:
        """The 1-based row holding offset."""
        return bisect_right(self.starts, offset)

    def position(self, offset: int) -> Position:
        row = bisect_right(self.starts, offset)
        return Position(row, offset - self.starts[row - 1] + 1)

    def span(self, start: int, end: int) -> Span:
        return Span(self.position(start), self.position(end))

    def offset(self, position: Position) -> int:
        """The offset of a 1-based position; the row after the last one is the end of the text."""
        return self.offset_at(position.row, position.column - 1)

    def offset_at(self, row: int, column0: int) -> int:
        """The offset of a 1-based row and a 0-based character column, within the text."""
        if row > len(self.starts):
            return len(self.text)
        return min(self.starts[max(row, 1) - 1] + column0, len(self.text))

    def offset_at_byte(self, row: int, byte_column: int) -> int:
        """The offset of a 1-based row and a 0-based UTF-8 byte column (as `ast` counts)."""
        if row > len(self.starts):
            return len(self.text)
        start = self.starts[row - 1]
        if self._ascii is None:
            self._ascii = self.text.isascii()
        if self._ascii:
            return min(start + byte_column, len(self.text))
        end = self.line_end(row)
        if self.text[start:end].isascii():
            return min(start + byte_column, len(self.text))
        chars = self._chars.get(row)
        if chars is None:  # byte offset at which each character of the row starts
            chars, at = [], 0
            for ch in self.text[start:end]:
                chars.append(at)
                at += len(ch.encode("utf-8", "surrogatepass"))
            chars.append(at)
            self._chars[row] = chars
        return start + bisect_right(chars, byte_column) - 1

    def line_end(self, row: int) -> int:
        """The offset where a row's text ends, before its line break."""
        if row >= len(self.starts):
            return len(self.text)
        end = self.starts[row]  # just after this row's line break: take the break off
        return end - 2 if self.text[end - 2:end] == "\r\n" else end - 1

    def line(self, row: int) -> str:
        """A row's text, without its line break."""
        if not 0 < row <= len(self.starts):
            return ""
        if row not in self._lines:
            self._lines[row] = self.text[self.starts[row - 1]:self.line_end(row)]
        return self._lines[row]

    def line_at(self, offset: int) -> str:
        return self.line(self.row(offset))
