"""Where a touch's text lives, for the text fixers, and how an edit there is written.

A host is the text the scanner read: the file itself (a shell script, a JSON fixture), or a string
inside the file (a YAML scalar holding a CI job's script or a cassette's body, a JSON string
holding a HAR body). The fixers compute their edits on the host's value; the host maps the
touch's file offsets into the value (by decoding the string with marker characters put in at
those offsets, so escapes, folding and indentation are accounted for exactly), maps the edits
back, writes new text the way the string is written (``\\"`` in a double-quoted string, ``''``
in a single-quoted one), and checks that the edited string decodes to exactly the intended value.
An edit that cannot be placed that way is not made.
"""

from __future__ import annotations

import json
from bisect import bisect_right

import yaml

from ...scan import jsonpos, yamlpos
from ...scan.jsonpos import ARRAY, OBJECT, SCALAR, Node, OffsetMap
from ..apply import apply

MARK = 0xE000  # private-use characters mark offsets while decoding
ValueEdit = tuple[int, int, str]
PLACE_WINDOW = 8  # how far from the map's offset StringHost.placed looks


class Host:
    """The whole file: offsets in the value are offsets in the file."""

    def __init__(self, text: str):
        self.value = text
        self.start, self.end = 0, len(text)

    def to_value(self, offsets: list[int]) -> list[int] | None:
        return list(offsets)

    def to_file(self, offset: int) -> int:
        return offset

    def encode(self, new: str) -> str | None:
        return new

    def check(self, file_edits: list[ValueEdit], value_edits: list[ValueEdit]) -> bool:
        return True

    def written(self, value_edits: list[ValueEdit]) -> list[ValueEdit] | None:
        """Edits of the value as edits of the file, written the way the host writes text; None
        when one of them cannot be written there."""
        out = []
        for start, end, new in value_edits:
            encoded = self.encode(new)
            if encoded is None:
                return None
            out.append((self.to_file(start), self.to_file(end), encoded))
        return out


class StringHost(Host):
    """A string literal in the file, between ``start`` and ``end`` (quotes and block header
    included); subclasses decode it."""

    escapes = True  # a backslash starts an escape sequence

    def __init__(self, text: str, node: Node):
        self.text, self.node = text, node
        self.start, self.end = node.start, node.end
        self.value = node.value
        self.omap: OffsetMap | None = None

    def decode(self, literal: str) -> str | None:
        raise NotImplementedError

    def snap(self, offset: int) -> int:
        """An offset inside an escape sequence (``\\"``: the scanner points at the quote) moved
        to its start."""
        slashes = 0
        while self.escapes and offset - slashes > self.start and self.text[offset - slashes - 1] == "\\":
            slashes += 1
        return offset - 1 if slashes % 2 else offset

    def to_value(self, offsets: list[int]) -> list[int] | None:
        offsets = [self.snap(o) for o in offsets]
        order = sorted(set(offsets))
        if any(not self.start <= o <= self.end for o in order) or len(order) > 0x1000:
            return None
        marks = {o: chr(MARK + k) for k, o in enumerate(order)}
        pieces, last = [], self.start
        for offset in order:
            pieces += [self.text[last:offset], marks[offset]]
            last = offset
        decoded = self.decode("".join(pieces) + self.text[last:self.end])
        if decoded is None:
            return None
        found, plain = {}, []
        for ch in decoded:
            if MARK <= ord(ch) < MARK + len(order):
                found[ch] = len(plain)
            else:
                plain.append(ch)
        if "".join(plain) != self.value or len(found) != len(order):
            return None
        return [found[marks[o]] for o in offsets]

    def to_file(self, offset: int) -> int:
        return self.omap(offset) if self.omap is not None else -1

    def placed(self, offset: int) -> int | None:
        """The file offset of a value offset, checked by decoding with a marker there: the map's
        offset or the nearest one where the marker decodes at exactly that value offset. (An
        aligned map puts the blank of a folded line break in the next line's indentation, and the
        end of a value ending in an escaped quote inside the escape.)"""
        guess = self.to_file(offset)
        if guess < 0:
            return None
        for step in range(2 * PLACE_WINDOW + 1):
            candidate = guess + (step + 1) // 2 * (1 if step % 2 else -1) if step else guess
            if self.start <= candidate <= self.end and self.to_value([candidate]) == [offset]:
                return self.snap(candidate)
        return None

    def written(self, value_edits: list[ValueEdit]) -> list[ValueEdit] | None:
        """Edits of the string's value as edits of the literal, checked to decode to exactly the
        edited value: where the map puts them, a removal that leaves its line blank (a folded line)
        with that line, and, where the map is off (a folded line break, an escape), placed exactly
        by decoding with a marker."""
        file_edits = super().written(value_edits)
        if file_edits is None:
            return None
        tidy = [whole_line(self.text, a, b) if not new else (a, b, new) for a, b, new in file_edits]
        found = next((e for e in (tidy, file_edits) if self.check(e, value_edits)), None)
        if found is None:
            placed = [(self.placed(a), self.placed(b), new) for (a, b, _), (_, _, new) in zip(value_edits, file_edits)]
            if all(a is not None and b is not None for a, b, _ in placed):
                tidy = [whole_line(self.text, a, b) if not new else (a, b, new) for a, b, new in placed]
                found = next((e for e in (tidy, placed) if self.check(e, value_edits)), None)
        return found

    def check(self, file_edits: list[ValueEdit], value_edits: list[ValueEdit]) -> bool:
        """The edited literal decodes to the value with the value edits made."""
        if any(not self.start <= a <= b <= self.end for a, b, _ in file_edits):
            return False
        shifted = [(a - self.start, b - self.start, new) for a, b, new in file_edits]
        literal = apply(self.text[self.start:self.end], shifted)
        return self.decode(literal) == apply(self.value, value_edits)


class YamlString(StringHost):
    def __init__(self, text: str, node: Node):
        super().__init__(text, node)
        self.escapes = node.style == '"'
        self.omap, _ = yamlpos.content_map(text, node)
        if self.decode(text[self.start:self.end]) != self.value:
            self.omap = None  # cannot be decoded on its own (an indentation indicator, …)

    def decode(self, literal: str) -> str | None:
        try:
            node = yaml.compose(literal, Loader=yamlpos.AnyTagLoader)
        except yaml.YAMLError:
            return None
        return node.value if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str) else None

    def encode(self, new: str) -> str | None:
        style = self.node.style
        if "\n" in new or "\r" in new:
            return None
        if style == '"':
            return new.replace("\\", "\\\\").replace('"', '\\"')
        if style == "'":
            return new.replace("'", "''")
        if style == "" and (any(c in new for c in "#,[]{}") or ": " in new):
            return None  # a plain scalar (perhaps inside a flow collection) would read differently
        return new


class JsonString(StringHost):
    def __init__(self, text: str, node: Node):
        super().__init__(text, node)
        self.omap = jsonpos.string_map(text, node)

    def decode(self, literal: str) -> str | None:
        try:
            value = json.loads(literal)
        except ValueError:
            return None
        return value if isinstance(value, str) else None

    def encode(self, new: str) -> str | None:
        return json.dumps(new, ensure_ascii=False)[1:-1]


def whole_line(text: str, start: int, end: int) -> ValueEdit:
    """A removal that leaves its line blank (a folded line of a YAML string) takes the line break
    before it too."""
    line = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
    if line == 0 or text[line:start].strip(" \t") or text[end:end + 1] not in ("", "\n", "\r"):
        return start, end, ""
    return line - (2 if text[line - 2:line] == "\r\n" else 1), end, ""


class Hosts:
    """The hosts of one file: its string scalars (YAML) or string literals (JSON), else the file."""

    def __init__(self, text: str, syntax: str):
        self.text, self.syntax = text, syntax
        self.file = Host(text)
        self._strings: list[Node] | None = None
        self._starts: list[int] = []
        self._made: dict[int, Host] = {}
        self.parents: dict[int, tuple[Node, str | None]] = {}

    def strings(self) -> list[Node]:
        if self._strings is None:
            self._strings = sorted(self._walk(self._documents()), key=lambda n: n.start)
            self._starts = [n.start for n in self._strings]
        return self._strings

    def _documents(self) -> list[Node]:
        try:
            if self.syntax == "json":
                return jsonpos.parse_documents(self.text)
            return yamlpos.compose(self.text)
        except Exception:  # noqa: BLE001 - a file that does not parse gets no edits
            return []

    def _walk(self, docs: list[Node]) -> list[Node]:
        """The string scalars, noting each node's parent and the key it is held under."""
        out, stack, seen = [], list(docs), set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            children = [(m.node, m.key) for m in node.value] if node.kind == OBJECT else \
                [(n, None) for n in node.value] if node.kind == ARRAY else []
            for child, key in children:
                self.parents.setdefault(id(child), (node, key))
                stack.append(child)
            if node.kind == SCALAR and isinstance(node.value, str) and node.style != "binary":
                out.append(node)
        return out

    def at(self, offset: int) -> Host | None:
        """The host holding the text at offset: in YAML a string scalar (or nothing); in JSON a
        string literal it lies inside, else the file; a shell script is its own host."""
        if self.syntax == "file":
            return self.file
        strings = self.strings()
        index = bisect_right(self._starts, offset) - 1
        node = strings[index] if index >= 0 else None
        if self.syntax == "json":
            inside = node is not None and node.start < offset < node.end - 1
            return self._host(node) if inside else self.file
        return self._host(node) if node is not None and node.start <= offset < node.end else None

    def _host(self, node: Node) -> Host:
        if id(node) not in self._made:
            maker = JsonString if self.syntax == "json" else YamlString
            self._made[id(node)] = maker(self.text, node)
        return self._made[id(node)]

    def is_variable(self, host: Host) -> bool:
        """Whether the host is one shell word (PieceHosts: a CI variable's value); never here."""
        return False

    def lengths(self, host: Host) -> list[Node]:
        """Where a recording states the length of a body held in host: HAR ``content.size`` and
        ``bodySize``, a ``Content-Length`` header of the request or response the body is of."""
        node = getattr(host, "node", None)
        parent, key = self.parents.get(id(node), (None, None))
        if key not in BODY_KEYS:
            return []
        out: list[Node] = []
        for holder in (parent, self.parents.get(id(parent), (None, None))[0]):
            for member in holder.value if holder is not None and holder.kind == OBJECT else ():
                name = member.key.lower()
                if name in ("size", "bodysize"):
                    out.append(member.node)
                elif name == "headers":
                    out.extend(_content_length(member.node))
        return [n for n in out if n.kind == SCALAR]


BODY_KEYS = ("string", "body", "text")


def _content_length(headers: Node) -> list[Node]:
    """The Content-Length values of vcrpy headers ({name: [value]} or {name: value}) or HAR
    headers ([{name, value}])."""
    if headers.kind == OBJECT:
        values = [m.node for m in headers.value if m.key.lower() == "content-length"]
        return [v for n in values for v in (n.value if n.kind == ARRAY else [n])]
    if headers.kind == ARRAY:
        return [h.get("value") for h in headers.value if h.kind == OBJECT
                and str(h.get("name").value if h.get("name") else "").lower() == "content-length" and h.get("value")]
    return []

