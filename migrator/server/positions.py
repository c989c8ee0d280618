"""Positions as the Language Server Protocol counts them: a line is ended by ``\\r\\n``, ``\\r`` or
``\\n`` (whatever the file kind's own rule), and a character is a UTF-16 code unit, or a UTF-8 one
where the client offers that encoding (negotiated at ``initialize``: `choose`).

The pipeline counts characters (code points) and the command line shows them, as its README
promises; the conversion to the client's units happens here, and only here."""

from __future__ import annotations

from collections.abc import Callable

from lsprotocol import types

from ..source import LineIndex

UTF8, UTF16 = types.PositionEncodingKind.Utf8, types.PositionEncodingKind.Utf16


def choose(capabilities: types.ClientCapabilities) -> types.PositionEncodingKind:
    """UTF-8 where the client offers it, else UTF-16 (the protocol's default, which every client
    understands)."""
    general = capabilities.general
    offered = (general.position_encodings or []) if general is not None else []
    return UTF8 if UTF8 in offered else UTF16


def _utf16(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-16-le", "surrogatepass")) // 2


def _utf8(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


UNITS: dict[str, Callable[[str], int]] = {UTF16: _utf16, UTF8: _utf8, types.PositionEncodingKind.Utf32: len}


class Positions:
    """One text's offsets (characters) ↔ protocol positions (0-based line, code units)."""

    def __init__(self, text: str, encoding: str = UTF16):
        self.text = text
        self.lines = LineIndex(text, "universal")  # \r\n, \r and \n: the protocol's line ends
        self.units = UNITS.get(encoding, _utf16)

    def position(self, offset: int) -> types.Position:
        offset = max(0, min(offset, len(self.text)))
        row = self.lines.row(offset)
        start = self.lines.starts[row - 1]
        return types.Position(line=row - 1, character=self.units(self.text[start:offset]))

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))

    def offset(self, position: types.Position) -> int:
        """The character offset of a protocol position; past a line's end is its end, past the
        last line the text's end."""
        row = position.line + 1
        if row > self.lines.rows:
            return len(self.text)
        start = self.lines.starts[row - 1]
        line = self.text[start:self.lines.line_end(row)]
        if line.isascii():
            return start + min(position.character, len(line))
        counted = 0
        for index, char in enumerate(line):
            if counted >= position.character:
                return start + index
            counted += self.units(char)
        return start + len(line)
