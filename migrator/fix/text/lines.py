"""Edits of a region written as a run of a host's lines (regions/lines.py): a fenced block in a
Markdown list item, a Makefile recipe. Each edit is placed through the region's map, its new text
written as the host writes lines (the prefix after each line break, make's ``$$``), and the
edited lines must read back as exactly the edited region text."""

from __future__ import annotations

from ...regions.lines import Mismatch, read
from ..apply import apply
from .host import Host, ValueEdit


class Lines(Host):
    """A piece of a region that is a run of the host's lines (``piece.at``: its Layout and the
    region kind's placeholder spelling)."""

    def __init__(self, text: str, piece) -> None:
        self.text = text
        self.start, self.end = piece.span
        self.layout, self.spell = piece.at
        self.value, self.omap, self.holes = read(text, self.start, self.end, self.layout, self.spell)
        found = text.find("\n", self.start, self.end)
        self.newline = "\r\n" if found > 0 and text[found - 1] == "\r" else "\n"

    def to_file(self, offset: int) -> int:
        return self.omap(offset)

    def written(self, value_edits: list[ValueEdit]) -> list[ValueEdit] | None:
        out = [(self.omap(a), self.omap(b), self.layout.write(new, self.newline)) for a, b, new in value_edits]
        if any(not self.start <= a <= b <= self.end for a, b, _ in out):
            return None
        return out if self.reads_back(out, value_edits) else None

    def reads_back(self, file_edits: list[ValueEdit], value_edits: list[ValueEdit]) -> bool:
        """The edited lines read as the region text with the edits made."""
        lines = apply(self.text[self.start:self.end], [(a - self.start, b - self.start, new) for a, b, new in file_edits])
        try:
            again = read(lines, 0, len(lines), self.layout, self.spell)[0]
        except Mismatch:
            return False
        return again == apply(self.value, value_edits)


