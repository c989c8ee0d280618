"""Text edits, for every file kind: positions ↔ offsets, choosing edits that do not overlap,
applying them, and checking that the result still parses.

An edit replaces the text between two 1-based (row, column) positions, end exclusive, columns
counting characters, rows split at ``\\n``, ``\\r\\n`` and ``\\r`` as Python's tokenizer and
libcst do. The edits of one finding go in together or not at all; when two findings' edits
overlap, the first in file order wins and the other is tried again on the next pass.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping

from ..model import Edit, Finding, Position

NEWLINE = re.compile(r"\r\n|\r|\n")


class Lines:
    """Row/column positions of one text, as offsets into it and back."""

    def __init__(self, text: str):
        self.text = text
        self.starts = [0] + [m.end() for m in NEWLINE.finditer(text)]

    def offset(self, position: Position) -> int:
        """The offset of a position; the row after the last one is the end of the text."""
        if position.row > len(self.starts):
            return len(self.text)
        return min(self.starts[position.row - 1] + position.column - 1, len(self.text))

    def position(self, offset: int) -> Position:
        row = bisect_right(self.starts, offset) - 1
        return Position(row + 1, offset - self.starts[row] + 1)

    def line_end(self, row: int) -> Position:
        """Where row's text ends, before its line break."""
        end = self.starts[row] if row < len(self.starts) else len(self.text)
        line = self.text[self.starts[row - 1]:end]
        return Position(row, len(line.rstrip("\r\n")) + 1)


def choose(
    proposals: Mapping[Finding, tuple[Edit, ...]], text: str
) -> list[tuple[Finding, tuple[Edit, ...]]]:
    """The findings whose edits go in on this pass: in file order, skipping any that overlap."""
    lines = Lines(text)
    taken: list[tuple[int, int]] = []
    chosen = []
    for finding in sorted(proposals, key=lambda f: f.sort_key):
        edits = proposals[finding]
        ranges = [(lines.offset(e.span.start), lines.offset(e.span.end)) for e in edits]
        if not edits or any(start > end for start, end in ranges):
            continue
        if _overlapping(ranges) or any(_clash(r, t) for r in ranges for t in taken):
            continue
        taken.extend(ranges)
        chosen.append((finding, edits))
    return chosen


def _clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Overlapping ranges, or two edits at the same start (their order would be a guess)."""
    return a[0] == b[0] or (a[0] < b[1] and b[0] < a[1])


def _overlapping(ranges: list[tuple[int, int]]) -> bool:
    return any(_clash(a, b) for i, a in enumerate(ranges) for b in ranges[i + 1:])


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
    """The text with non-overlapping edits applied (from the end, so offsets stay valid)."""
    lines = Lines(text)
    spans = sorted(((lines.offset(e.span.start), lines.offset(e.span.end), e.content) for e in edits),
                   reverse=True)
    for start, end, content in spans:
        text = text[:start] + content + text[end:]
    return text


def parse_problem(kind: str, text: str) -> str | None:
    """Why a rewritten file of this kind no longer parses, or None when it does."""
    check = VALIDATORS.get(kind)
    if check is None:
        return None
    try:
        check(text)
    except Exception as exc:  # noqa: BLE001 - every parser raises its own error type
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
    return None


def _python(text: str) -> None:
    import ast

    import libcst

    ast.parse(text)
    libcst.parse_module(text)


def _yaml(text: str) -> None:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for _ in yaml.compose_all(text, Loader=loader):
        pass


def _json(text: str) -> None:
    """One JSON document, or JSON Lines (one document per non-blank line)."""
    import json

    try:
        json.loads(text)
    except ValueError:
        for line in text.splitlines():
            if line.strip():
                json.loads(line)


VALIDATORS = {"python": _python, "ci": _yaml, "cassette": _yaml, "json": _json}
