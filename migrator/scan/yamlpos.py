"""YAML, composed and never constructed, for every reader of YAML: the one any-tag loader, the
composition of a text into nodes with file offsets (a bad document raises ScanError at its
offset), and the position-keeping `Node` tree of jsonpos for recordings, so a JSON text held in a
YAML string (a recorded response body) can point at its keys.

``yaml.compose_all`` with a SafeLoader (the C one where present) keeps the marks (``mark.index``
counts characters, so it is an offset into the text) and runs no constructor, so unknown tags are
harmless. Scalars are converted here by their resolved tag.

libyaml's parser is iterative, but the composer recurses once per level of nesting and runs out
of C stack some tens of thousands of levels deep (a segfault, not an exception). So nesting is
bounded before composing: a bound read off the text (every ``[`` and ``{`` may open a flow
collection; a block collection needs a column of its own, two levels per column at most) lets
ordinary files through at once, and a text over it is parsed into events (no recursion) to find
its real depth. Deeper than MAX_NESTING is a ScanError, as bad YAML is.
"""

from __future__ import annotations

import base64
import binascii
import gzip
from functools import lru_cache

import yaml

from ..source.maps import OffsetMap, yaml_scalar
from ..values import ScanError
from .jsonpos import ARRAY, OBJECT, SCALAR, Member, Node

_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_TRUE = {"true", "yes", "on", "y"}
_MAX_DEPTH = 200
MAX_NESTING = 1000
LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"  # libyaml 0.2.6 refuses deep nesting itself
PURE_BELOW = 250_000  # characters: a text libyaml refuses is counted again, in Python (slow), below this
_OPENS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSES = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


class AnyTagLoader(_BASE):  # type: ignore[misc, valid-type]
    """A SafeLoader that accepts any tag: an unknown tag becomes its plain value."""


AnyTagLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def compose_nodes(text: str, what: str = "YAML") -> list[yaml.Node]:
    """Every document of a YAML text as PyYAML nodes; bad YAML raises ScanError at its offset,
    the message starting with ``what``."""
    try:
        if nesting_bound(text) > MAX_NESTING:
            _check_nesting(text, what)
        return [doc for doc in yaml.compose_all(text, Loader=AnyTagLoader) if doc is not None]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ScanError.at(f"{what}: {problem}", mark.index if mark else 0) from None
    except RecursionError:
        raise ScanError(f"{what}: the document is nested too deeply") from None


def nesting_bound(text: str) -> int:
    """An upper bound of a YAML text's nesting, cheap to compute: each ``[`` or ``{`` may open a
    flow collection, and nested block collections start at distinct columns (a mapping and the
    sequence that is its value may share one), so the longest line bounds block nesting."""
    flow = text.count("[") + text.count("{")
    return flow + 2 * max(map(len, text.splitlines()), default=0)


def _check_nesting(text: str, what: str) -> None:
    """Raise ScanError where the text's collections nest deeper than MAX_NESTING (read from the
    parser's events, which need no recursion). libyaml 0.2.6 (PyYAML 6.0.4) stops deep nesting
    itself, counting block collections its own way and ahead of its events: where it does, the
    depth is counted by PyYAML's pure-Python parser, for a text short enough for it."""
    try:
        past = _past_limit(yaml.parse(text, Loader=AnyTagLoader))
    except yaml.YAMLError as exc:
        if not (getattr(exc, "problem", None) or "").startswith(LIBYAML_TOO_DEEP):
            raise
        past = _pure_past_limit(text) if len(text) < PURE_BELOW else None
        if past is None:
            mark = getattr(exc, "problem_mark", None)
            raise ScanError.at(f"{what}: nested deeper than libyaml, the YAML parser, allows ({MAX_NESTING} "
                               "levels by its count)", mark.index if mark else 0) from None
    if past is not None:
        raise ScanError.at(f"{what}: nested more than {MAX_NESTING} levels deep", past)


@lru_cache(maxsize=2)  # a CI file is read for its includes, then scanned: counted once
def _pure_past_limit(text: str) -> int | None:
    """`_past_limit` by PyYAML's pure-Python parser; None also where the text is bad YAML before
    any collection past the limit (after where libyaml stopped)."""
    try:
        return _past_limit(yaml.parse(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return None


def _past_limit(events) -> int | None:
    """The offset of the first collection opened past MAX_NESTING; None when none is."""
    depth = 0
    for event in events:
        if isinstance(event, _OPENS):
            depth += 1
            if depth > MAX_NESTING:
                return event.start_mark.index
        elif isinstance(event, _CLOSES):
            depth -= 1
    return None


def compose(text: str) -> list[Node]:
    """Every document of a YAML text as jsonpos Nodes with file offsets; bad YAML raises ScanError.
    An alias is the node it names (converted once), so alias bombs and cycles stay small."""
    memo: dict[int, Node] = {}
    return [_convert(root, 0, memo) for root in compose_nodes(text)]


def _convert(node: yaml.Node, depth: int, memo: dict[int, Node]) -> Node:
    if id(node) in memo:
        return memo[id(node)]
    start, end = node.start_mark.index, node.end_mark.index
    if depth > _MAX_DEPTH or not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        value, style = scalar_value(node) if isinstance(node, yaml.ScalarNode) else (None, "")
        return Node(SCALAR, value, start, end, style)
    converted = memo[id(node)] = Node(OBJECT if isinstance(node, yaml.MappingNode) else ARRAY, [], start, end)
    if isinstance(node, yaml.SequenceNode):
        converted.value.extend(_convert(item, depth + 1, memo) for item in node.value)
        return converted
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode):
            member = Member(key.value, key.start_mark.index, key.end_mark.index, _convert(value, depth + 1, memo))
            converted.value.append(member)
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
    exact); no map when the value cannot be located (binary)."""
    value = node.value
    if not isinstance(value, str) or node.style == "binary":
        return None, False
    return yaml_scalar(text, node.start, node.end, value, node.style)
