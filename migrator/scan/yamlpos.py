"""YAML → the position-keeping `Node` tree of jsonpos, and maps from a string's value back to
the file, so a JSON text held in a YAML string (a recorded response body) can point at its keys.

YAML is composed, never constructed: ``yaml.compose_all`` with a SafeLoader (the C one where
present) keeps the marks and runs no constructor, so unknown tags are harmless. Scalars are
converted here by their resolved tag.
"""

from __future__ import annotations

import base64
import binascii
import gzip

import yaml

from ..model import ScanError
from .jsonpos import ARRAY, OBJECT, SCALAR, Locator, Member, Node, OffsetMap

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_TRUE = {"true", "yes", "on", "y"}
_WINDOW = 80
_MAX_DEPTH = 200


class AnyTagLoader(_BASE):  # type: ignore[misc, valid-type]
    """A SafeLoader that accepts any tag: an unknown tag becomes its plain value."""


AnyTagLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def compose(text: str, locator: Locator) -> list[Node]:
    """Every document of a YAML text as Nodes with file offsets; bad YAML raises ScanError.
    An alias is the node it names (converted once), so alias bombs and cycles stay small."""
    try:
        roots = list(yaml.compose_all(text, Loader=AnyTagLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        row, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ScanError(f"YAML: {problem}", row, col) from None
    except RecursionError:
        raise ScanError("YAML: the document is nested too deeply") from None
    memo: dict[int, Node] = {}
    return [_convert(root, locator, 0, memo) for root in roots if root is not None]


def _convert(node: yaml.Node, locator: Locator, depth: int, memo: dict[int, Node]) -> Node:
    if id(node) in memo:
        return memo[id(node)]
    start = locator.offset(node.start_mark.line, node.start_mark.column)
    end = locator.offset(node.end_mark.line, node.end_mark.column)
    if depth > _MAX_DEPTH or not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        value, style = scalar_value(node) if isinstance(node, yaml.ScalarNode) else (None, "")
        return Node(SCALAR, value, start, end, style)
    converted = memo[id(node)] = Node(OBJECT if isinstance(node, yaml.MappingNode) else ARRAY, [], start, end)
    if isinstance(node, yaml.SequenceNode):
        converted.value.extend(_convert(item, locator, depth + 1, memo) for item in node.value)
        return converted
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode):
            key_start = locator.offset(key.start_mark.line, key.start_mark.column)
            key_end = locator.offset(key.end_mark.line, key.end_mark.column)
            converted.value.append(Member(key.value, key_start, key_end, _convert(value, locator, depth + 1, memo)))
    return converted


def scalar_value(node: yaml.ScalarNode) -> tuple[object, str]:
    """(Python value, style) of a scalar by its resolved tag; binary is decoded (and gunzipped)
    to text where it can be."""
    tag, text = node.tag, node.value
    style = node.style or ""
    if tag == _TAG + "binary":
        return decode_bytes(text, base64_text=True), "binary"
    if tag == _TAG + "str" or node.style:
        return text, style
    if tag == _TAG + "null":
        return None, style
    if tag == _TAG + "bool":
        return text.lower() in _TRUE, style
    if tag in (_TAG + "int", _TAG + "float"):
        try:
            return (_int if tag.endswith("int") else float)(text.replace("_", "")), style
        except ValueError:
            return text, style
    return text, style


def _int(text: str) -> int:
    try:
        return int(text, 0)
    except ValueError:
        return int(text)


def decode_bytes(text: str, base64_text: bool = False) -> str | None:
    """Base64 (optionally gzip) data as UTF-8 text, or None when it is not text."""
    try:
        data = base64.b64decode("".join(text.split())) if base64_text else text.encode("latin-1")
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        return data.decode("utf-8")
    except (binascii.Error, ValueError, OSError, EOFError, UnicodeError):
        return None


def content_map(text: str, node: Node) -> tuple[OffsetMap | None, bool]:
    """(map from offsets in a YAML string scalar's value to offsets in the file, whether it is
    exact): exact for literal block scalars whose lines match, aligned character by character
    otherwise; no map when the value cannot be located (binary)."""
    value = node.value
    if not isinstance(value, str) or node.style == "binary":
        return None, False
    if node.style == "|":
        exact = _literal_map(text, node, value)
        if exact is not None:
            return exact, True
    return align(value, text, node.start, node.end), False


def _literal_map(text: str, node: Node, value: str) -> OffsetMap | None:
    """Line k of a literal block's value is line k after the ``|`` line, less the indentation."""
    pos = text.find("\n", node.start) + 1
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
    return OffsetMap(anchors or [(0, node.start)])


def align(decoded: str, text: str, start: int, end: int) -> OffsetMap:
    """Map each run of ``decoded`` to where it occurs in order in ``text[start:end]`` (quotes,
    escapes and line folding are skipped); characters not found nearby keep the last place."""
    anchors, i, j = [(0, start)], 0, start
    while i < len(decoded):
        run = _common_run(decoded, i, text, j, end)
        if run:
            i, j = i + run, j + run
            continue
        found = text.find(decoded[i], j + 1, min(j + _WINDOW, end))
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
