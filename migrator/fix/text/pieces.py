"""The pieces of regions (migrator/regions) as the text fixer's hosts: each piece of a region is
written in its own form: a YAML scalar (host.YamlString), a JSON string (host.JsonString), a run of
a host's lines (lines.Lines)."""

from __future__ import annotations

from bisect import bisect_right

from ...scan import yamlpos
from ...scan.jsonpos import SCALAR, Node
from .host import Host, JsonString, ValueEdit, YamlString
from .lines import Lines


def writer_of(text: str, piece) -> Host | None:
    """The host that writes edits of a region's piece (migrator/regions) into the file, by the
    piece's ``form`` (``yaml``: a YAML scalar, ``at`` its composed node); None for a scalar that
    is no string (``- 123``), where no edit is written."""
    if piece.form == "yaml":
        value, style = yamlpos.scalar_value(piece.at)
        node = Node(SCALAR, value, *piece.span, style)
        return YamlString(text, node) if isinstance(value, str) and style != "binary" else None
    if piece.form == "json":
        return JsonString(text, piece.at)
    if piece.form == "json-part":
        return Part(JsonString(text, piece.at[0]), piece.at[1])
    return Lines(text, piece)  # "lines": a run of the host's lines (regions/lines.py)


class Part(Host):
    """A piece that is the part of a string from ``skip`` on (a notebook's ``!`` line less its
    ``!``): its edits are the string's, shifted."""

    def __init__(self, string: Host, skip: int):
        self.string, self.skip = string, skip

    def written(self, value_edits: list[ValueEdit]) -> list[ValueEdit] | None:
        return self.string.written([(a + self.skip, b + self.skip, new) for a, b, new in value_edits])


class PieceHosts:
    """The hosts of a file whose touches live in regions (migrator/regions): each piece of a
    region is a host, written in its own form, made when first asked for; no other text is edited.
    A piece of a region that is one shell word (a CI variable's value) is a variable."""

    def __init__(self, text: str, regions: list):
        self.text = text
        found: dict[int, tuple[object, bool]] = {}
        for region in regions:
            word = getattr(region.scope, "assign", None) is not None
            for piece in region.pieces:
                found.setdefault(piece.span[0], (piece, word))
        self._pieces = [found[start] for start in sorted(found)]
        self._starts = sorted(found)
        self._made: dict[int, Host] = {}

    def at(self, offset: int) -> Host | None:
        index = bisect_right(self._starts, offset) - 1
        if index < 0:
            return None
        piece, _ = self._pieces[index]
        if not piece.span[0] <= offset < piece.span[1]:
            return None
        if index not in self._made:
            self._made[index] = writer_of(self.text, piece)
        return self._made[index]  # type: ignore[return-value]

    def is_variable(self, host: Host) -> bool:
        index = next((i for i, made in self._made.items() if made is host), None)
        return index is not None and self._pieces[index][1]

    def lengths(self, host: Host) -> list:
        return []
