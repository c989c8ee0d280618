"""A small JSON parser that keeps positions, for scanners that must point at a key.

Python's json module gives values, not where they are. ``parse`` gives a tree of `Node`s whose
objects keep each key's span and each value's span as character offsets into the parsed text;
strings are decoded by the json module's own (C) ``scanstring``, so decoding is exact and fast.
Offsets of a JSON text held in a string (a recorded response body) map back to the file through
migrator/source's maps.
"""

from __future__ import annotations

import re
from json import JSONDecodeError
from json.decoder import scanstring
from typing import Any, NamedTuple

from ..details import Origin, Range
from ..source.maps import OffsetMap, json_string
from ..syntax import Syntax

OBJECT, ARRAY, SCALAR = "object", "array", "scalar"
_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"t": ("true", True), "f": ("false", False), "n": ("null", None)}


class Node:
    """One JSON (or YAML) value. ``value``: a list of `Member`s for an object, a list of nodes for
    an array, the Python value for a scalar. ``style`` tells how a string was written, so an
    embedded text can be mapped back to the file (``json`` for a JSON string literal, YAML's
    ``|``, ``>``, ``'``, ``"`` or ``""`` for plain, ``binary`` when no mapping is possible)."""

    __slots__ = ("kind", "value", "start", "end", "style")

    def __init__(self, kind: str, value: Any, start: int, end: int, style: str = "") -> None:
        self.kind, self.value, self.start, self.end, self.style = kind, value, start, end, style

    def __repr__(self) -> str:
        return f"Node({self.kind}, {self.value!r}, {self.start}, {self.end})"

    def get(self, key: str) -> Node | None:
        member = self.member(key)
        return member.node if member else None

    def member(self, key: str) -> Member | None:
        if self.kind == OBJECT:
            for member in self.value:
                if member.key == key:
                    return member
        return None

    @property
    def text(self) -> str | None:
        return self.value if self.kind == SCALAR and isinstance(self.value, str) else None


class Member(NamedTuple):
    key: str
    start: int
    end: int
    node: Node


class JsonError(ValueError):
    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message, self.offset = message, offset


class Frame:
    """Where the offsets of a parsed text are in the file: the file itself, a string whose value
    maps back through an OffsetMap, or (when it cannot) one fixed span."""

    def __init__(self, text: str, omap: OffsetMap | None = None, fixed: Range | None = None,
                 syntax: Syntax = Syntax.JSON_KEY, embedded: str | None = None, exact: bool = True) -> None:
        self.text, self.omap, self.fixed = text, omap, fixed
        self.syntax, self.embedded, self.exact = syntax, embedded, exact and fixed is None

    def source(self, start: int, end: int) -> str:
        """The parsed text between two offsets (a value as written)."""
        return self.text[start:end]

    def span(self, start: int, end: int) -> Range:
        """File offsets of the parsed text's offsets start..end."""
        if self.fixed is not None:
            return self.fixed
        if self.omap is not None:
            return self.omap(start), self.omap(end)
        return start, end

    @property
    def origin(self) -> Origin:
        """Every touch read through a frame is recorded traffic (scan/recorded.py)."""
        return Origin(recorded=True, embedded=self.embedded, approximate=not self.exact)


def parse(text: str, start: int = 0, end: int | None = None) -> Node:
    """The one JSON document in ``text[start:end]`` (offsets stay those of ``text``)."""
    end = len(text) if end is None else end
    parser = _Parser(text, end)
    try:
        node, pos = parser.value(_WS.match(text, start, end).end())
    except RecursionError:
        raise JsonError("the document is nested too deeply", start) from None
    pos = _WS.match(text, pos, end).end()
    if pos != end:
        raise JsonError("extra data after the JSON document", pos)
    return node


def parse_documents(text: str) -> list[Node]:
    """One document, or JSON lines (one document a line; bad lines are skipped). A text that is
    neither raises the error of the single-document parse."""
    try:
        return [parse(text)]
    except JsonError as error:
        docs, bad = _lines(text)
        if docs and len(docs) >= bad:
            return docs
        raise error from None


def _lines(text: str) -> tuple[list[Node], int]:
    docs, bad, pos = [], 0, 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end == -1 else end
        if text[pos:end].strip():
            try:
                node = parse(text, pos, end)
            except JsonError:
                bad += 1
            else:
                if node.kind == SCALAR:
                    bad += 1
                else:
                    docs.append(node)
        pos = end + 1
    return docs, bad


class _Parser:
    def __init__(self, text: str, end: int) -> None:
        self.text, self.end = text, end

    def value(self, pos: int) -> tuple[Node, int]:
        text = self.text
        char = text[pos] if pos < self.end else ""
        if char == '"':
            return self.string(pos)
        if char == "{":
            return self.object(pos)
        if char == "[":
            return self.array(pos)
        if char in _LITERALS:
            word, value = _LITERALS[char]
            if text.startswith(word, pos) and pos + len(word) <= self.end:
                return Node(SCALAR, value, pos, pos + len(word)), pos + len(word)
        match = _NUMBER.match(text, pos, self.end)
        if match is None:
            raise JsonError("expected a value" if char else "unexpected end of the document", pos)
        number = match.group()
        value = float(number) if match.group(1) or match.group(2) else int(number)
        return Node(SCALAR, value, pos, match.end()), match.end()

    def string(self, pos: int) -> tuple[Node, int]:
        try:
            value, end = scanstring(self.text, pos + 1, True)
        except JSONDecodeError as exc:
            raise JsonError(exc.msg, exc.pos) from None
        if end > self.end:
            raise JsonError("unterminated string", pos)
        return Node(SCALAR, value, pos, end, "json"), end

    def object(self, start: int) -> tuple[Node, int]:
        text, members = self.text, []
        pos = _WS.match(text, start + 1, self.end).end()
        if text.startswith("}", pos):
            return Node(OBJECT, members, start, pos + 1), pos + 1
        while True:
            if pos >= self.end or not text.startswith('"', pos):
                raise JsonError("expected a key in double quotes", pos)
            key, key_end = self.string(pos)
            pos = _WS.match(text, key_end, self.end).end()
            if not text.startswith(":", pos):
                raise JsonError("expected ':' after the key", pos)
            node, pos = self.value(_WS.match(text, pos + 1, self.end).end())
            members.append(Member(key.value, key.start, key_end, node))
            pos = _WS.match(text, pos, self.end).end()
            pos = self._next(pos, "}")
            if pos < 0:
                return Node(OBJECT, members, start, -pos), -pos

    def array(self, start: int) -> tuple[Node, int]:
        text, items = self.text, []
        pos = _WS.match(text, start + 1, self.end).end()
        if text.startswith("]", pos):
            return Node(ARRAY, items, start, pos + 1), pos + 1
        while True:
            node, pos = self.value(pos)
            items.append(node)
            pos = self._next(_WS.match(text, pos, self.end).end(), "]")
            if pos < 0:
                return Node(ARRAY, items, start, -pos), -pos

    def _next(self, pos: int, close: str) -> int:
        """After a member or item: the position of the next one, or minus the end position."""
        char = self.text[pos] if pos < self.end else ""
        if char == close:
            return -(pos + 1)
        if char != ",":
            raise JsonError(f"expected ',' or '{close}'", pos)
        return _WS.match(self.text, pos + 1, self.end).end()


def plain(node: Node) -> Any:
    """The Python value of a node (dicts, lists, scalars)."""
    if node.kind == OBJECT:
        return {m.key: plain(m.node) for m in node.value}
    if node.kind == ARRAY:
        return [plain(n) for n in node.value]
    return node.value


def string_map(text: str, node: Node) -> OffsetMap | None:
    """The map of a JSON string literal's decoded value back into ``text`` (exact, escapes
    included), or None when the literal does not decode to the node's value."""
    return json_string(text, node.start, node.end, node.value)
