"""Rows and columns for tests that look at a scanner's touches directly: scanners give offsets,
and a report locates them with the file's line index; these helpers do the same."""

from __future__ import annotations

from migrator.source import LineIndex
from migrator.values import ScanError, Span


class Located:
    """A touch with ``span`` (rows and columns) as a report locates it; otherwise the touch."""

    def __init__(self, touch, lines: LineIndex):
        self.touch = touch
        self.span: Span = lines.span(*touch.range)

    def __getattr__(self, name):
        return getattr(self.touch, name)


def located(text: str, touches) -> list[Located]:
    lines = LineIndex(text)
    return [Located(t, lines) for t in touches]


def error_position(text: str, error: ScanError) -> tuple[int, int]:
    """(row, column) of a scan error, as the parse-error finding reports it."""
    if error.offset is None:
        return error.row, error.column
    position = LineIndex(text).position(error.offset)
    return position.row, position.column
