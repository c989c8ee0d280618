"""GitLab CI YAML scanner: ``.gitlab-ci.yml``, the files it includes, and any YAML passed by hand.

The file is composed, never constructed (``yaml.compose`` keeps every node's marks and no tag is
ever run), so ``!reference`` and unknown tags are harmless. For every job (hidden jobs and
``default`` too) it follows ``extends``, ``<<`` merges, anchors and ``!reference``, joins
``before_script`` and ``script`` into one shell script (``after_script`` into another), with the
CI ``variables`` as the environment, and hands it to the shell scanner with a map from each
character back to its row and column in the YAML file, inside block scalars too. The values of
``variables`` are checked for API URLs. Every node is visited once per job, within a budget, so
an alias bomb stays small.
"""

from __future__ import annotations

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..apimodel import ApiModel
from ..model import ScanError, Touch
from .shell import LineMap, ScriptScanner, scan_script
from .shellwords import Env, quoted_word

SCRIPT_KEYS = ("before_script", "script")
NOT_JOBS = {"stages", "include", "workflow", "variables", "spec", "image", "services", "cache", "types"}
MERGE_TAG = "tag:yaml.org,2002:merge"
MAX_DEPTH = 10
BUDGET = 100_000
QUOTES_AND_SPACE = " \t\r\n\\\"'"
ESCAPE_LENGTH = {"x": 4, "u": 6, "U": 10}


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """Composes nodes with marks; accepts any tag, and never constructs anything."""


_Loader.add_multi_constructor("", lambda loader, suffix, node: None)


def compose(text: str) -> list[Node]:
    try:
        return [doc for doc in yaml.compose_all(text, Loader=_Loader) if doc is not None]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ScanError(f"invalid YAML: {problem}", mark.line + 1 if mark else 1,
                        mark.column + 1 if mark else 1) from None
    except RecursionError:
        raise ScanError("invalid YAML: nested too deeply") from None


def scan(text: str, model: ApiModel) -> list[Touch]:
    lines = LineMap(text)
    touches: list[Touch] = []
    for doc in compose(text):
        if isinstance(doc, MappingNode):
            touches.extend(CiFile(text, lines, model, doc).scan())
    seen, out = set(), []
    for touch in touches:
        key = (touch.kind, touch.name, touch.span, touch.context, touch.record, touch.evidence, touch.syntax)
        if key not in seen:
            seen.add(key)
            out.append(touch)
    return out


def local_includes(text: str) -> list[str]:
    """The local files a CI file includes (``include: local:`` or a plain path), relative to the
    repository root, as written (they may hold wildcards)."""
    try:
        docs = compose(text)
    except ScanError:
        return []
    out: list[str] = []
    for doc in docs:
        graph = Graph(doc)
        include = graph.top.get("include")
        items = include.value if isinstance(include, SequenceNode) else [include]
        for item in items:
            if isinstance(item, MappingNode):
                item = dict(graph.entries(item)).get("local")
            if isinstance(item, ScalarNode) and item.value and "://" not in item.value:
                out.append(item.value.lstrip("/"))
    return out


class Graph:
    """The composed document, walked with merges, ``extends`` and ``!reference`` resolved; each
    node's entries are worked out once, and a budget bounds the whole walk."""

    def __init__(self, doc: MappingNode):
        self.budget = BUDGET
        self.memo: dict[int, list[tuple[str | None, Node]]] = {}
        self.top = dict(self.entries(doc))

    def entries(self, node: Node | None) -> list[tuple[str | None, Node]]:
        """A mapping's (key, value) pairs, ``<<`` merges included (own keys win, then the merged
        mappings in order)."""
        node = self.resolve(node)
        if not isinstance(node, MappingNode) or self.budget <= 0:
            return []
        if id(node) in self.memo:
            return self.memo[id(node)]
        self.memo[id(node)] = []
        own: dict[str | None, Node] = {}
        merged: list[Node] = []
        for key, value in node.value:
            self.budget -= 1
            if key.tag == MERGE_TAG:
                merged.extend(value.value if isinstance(value, SequenceNode) else [value])
            else:
                own.setdefault(key.value if isinstance(key, ScalarNode) else None, value)
        for source in merged:
            for key, value in self.entries(source):
                own.setdefault(key, value)
        self.memo[id(node)] = list(own.items())
        return self.memo[id(node)]

    def resolve(self, node: Node | None) -> Node | None:
        """The node a ``!reference`` stands for (a few levels deep), or the node itself."""
        for _ in range(MAX_DEPTH):
            if not (isinstance(node, SequenceNode) and node.tag == "!reference"):
                break
            node = self.lookup([item.value for item in node.value if isinstance(item, ScalarNode)])
        return node

    def lookup(self, path: list[str]) -> Node | None:
        """``!reference [job, key, ...]``."""
        node: Node | None = self.top.get(path[0]) if path else None
        for key in path[1:]:
            node = dict(self.entries(node)).get(key)
        return node

    def scalars(self, node: Node | None, seen: set[int], depth: int = 0) -> list[ScalarNode]:
        """The script lines a ``script:`` value holds: nested lists flattened, references
        resolved, each node once."""
        if node is None or id(node) in seen or depth > MAX_DEPTH or self.budget <= 0:
            return []
        seen.add(id(node))
        self.budget -= 1
        if isinstance(node, ScalarNode):
            return [node] if node.tag != "tag:yaml.org,2002:null" else []
        if not isinstance(node, SequenceNode):
            return []
        if node.tag == "!reference":
            return self.scalars(self.resolve(node), seen, depth + 1)
        return [s for item in node.value for s in self.scalars(item, seen, depth + 1)]


class Pieces:
    """YAML scalars joined into one script, with the (row, column) of every character."""

    def __init__(self, text: str, lines: LineMap):
        self.text, self.lines = text, lines
        self.parts: list[str] = []
        self.positions: list[tuple[int, int]] = []

    def add(self, node: ScalarNode, separator: str = "\n") -> None:
        for index in align(node.value, self.text, content_start(node, self.text), node.end_mark.index):
            self.positions.append(self.lines(index))
        row, col = self.positions[-1] if node.value else self.lines(node.start_mark.index)
        self.parts.append(node.value + separator)
        self.positions.extend([(row, col + 1)] * len(separator))

    def script(self) -> str:
        return "".join(self.parts)

    def __call__(self, offset: int) -> tuple[int, int]:
        if offset < len(self.positions):
            return self.positions[offset]
        return self.positions[-1] if self.positions else (1, 1)


def content_start(node: ScalarNode, text: str) -> int:
    start = node.start_mark.index
    if node.style in ("|", ">"):
        newline = text.find("\n", start, node.end_mark.index)
        return node.end_mark.index if newline == -1 else newline + 1
    return start + 1 if node.style in ('"', "'") else start


def align(value: str, text: str, start: int, end: int) -> list[int]:
    """The index in ``text`` of each character of a scalar's value: the value is the source
    with indentation, quotes, escapes and folded line breaks taken out."""
    out, j = [], start
    for ch in value:
        k = j
        while k < end and text[k] != ch and text[k] in QUOTES_AND_SPACE:
            k += 1
        if k < end and text[k] == ch:
            out.append(k)
            j = k + 1
            continue
        k = j
        while k < end - 1 and text[k] in " \t\r\n":
            k += 1
        out.append(min(k, max(end - 1, start)))
        j = k + (ESCAPE_LENGTH.get(text[k + 1], 2) if text[k:k + 1] == "\\" and k + 1 < end else 1)
    return out


class CiFile:
    def __init__(self, text: str, lines: LineMap, model: ApiModel, doc: MappingNode):
        self.text, self.lines, self.model = text, lines, model
        self.graph = Graph(doc)
        self.memo: dict[int, tuple[dict, list[Node]]] = {}
        self.touches: list[Touch] = []

    def scan(self) -> list[Touch]:
        env = Env()
        self.variables([self.graph.top.get("variables")], env)
        default = dict(self.effective(self.graph.top.get("default"))[0])
        for key in ("before_script", "after_script"):
            if key in self.graph.top:
                default.setdefault(key, self.graph.top[key])
        for name, node in self.graph.top.items():
            if isinstance(node, MappingNode) and name not in NOT_JOBS:
                self.job(node, default, env)
        return self.touches

    def effective(self, node: Node | None, depth: int = 0) -> tuple[dict, list[Node]]:
        """A job's keys after ``extends`` (bases first, own keys win) and all its ``variables``."""
        if not isinstance(node, MappingNode):
            return {}, []
        if id(node) in self.memo:
            return self.memo[id(node)]
        self.memo[id(node)] = ({}, [])
        own = dict(self.graph.entries(node))
        keys: dict = {}
        variables: list[Node] = []
        extends = own.get("extends")
        names = extends.value if isinstance(extends, SequenceNode) else [extends] if extends else []
        for name in names:
            if isinstance(name, ScalarNode) and depth < MAX_DEPTH:
                base_keys, base_vars = self.effective(self.graph.top.get(name.value), depth + 1)
                keys.update(base_keys)
                variables.extend(base_vars)
        keys.update(own)
        if "variables" in own:
            variables.append(own["variables"])
        self.memo[id(node)] = (keys, variables)
        return keys, variables

    def variables(self, nodes: list[Node | None], env: Env) -> None:
        for node in nodes:
            for name, value in self.graph.entries(node):
                value = self.graph.resolve(value)
                if isinstance(value, MappingNode):
                    value = self.graph.resolve(dict(self.graph.entries(value)).get("value"))
                if name and isinstance(value, ScalarNode):
                    pieces = Pieces(self.text, self.lines)
                    pieces.add(value, separator="")
                    scanner = ScriptScanner(pieces, self.model, env)
                    scanner.assign(name, quoted_word(pieces.script(), env))
                    self.touches.extend(scanner.touches)

    def job(self, node: MappingNode, default: dict, base: Env) -> None:
        keys, variables = self.effective(node)
        env = base.copy()
        self.variables(variables, env)
        for names in (SCRIPT_KEYS, ("after_script",)):
            pieces, seen = Pieces(self.text, self.lines), set()
            for key in names:
                value = keys.get(key, default.get(key) if key != "script" else None)
                for scalar in self.graph.scalars(value, seen):
                    pieces.add(scalar)
            if pieces.parts:
                self.touches.extend(scan_script(pieces.script(), pieces, self.model, env.copy()))
