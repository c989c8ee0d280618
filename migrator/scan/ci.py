"""GitLab CI YAML scanner: ``.gitlab-ci.yml``, the files it includes, and any YAML passed by hand.

The file is composed, never constructed (``yaml.compose`` keeps every node's marks and no tag is
ever run), so ``!reference`` and unknown tags are harmless. For every job (hidden jobs and
``default`` too) it follows ``extends``, ``<<`` merges, anchors and ``!reference``, joins
``before_script`` and ``script`` into one shell script (``after_script`` into another), with the
CI ``variables`` as the environment: each script is a region of the YAML file (migrator/regions),
read by the shell kind, with a map from each character back to the YAML file, inside block
scalars too, and the scalars it was joined from as its pieces (a fix is written back into the
scalar it falls in, in that scalar's style). The value of each of the ``variables`` is a region
too, one shell word. Every node is visited once per job, within a budget, so an alias bomb stays
small.
"""

from __future__ import annotations

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..apimodel import ApiModel
from ..regions import Region, dispatch
from ..regions.yaml import Script, variable
from .shell import ShellScope
from ..values import ScanError, Touch
from .shellwords import Env
from .yamlpos import compose_nodes

SCRIPT_KEYS = ("before_script", "script")
NOT_JOBS = {"stages", "include", "workflow", "variables", "spec", "image", "services", "cache", "types"}
MERGE_TAG = "tag:yaml.org,2002:merge"
MAX_DEPTH = 10
BUDGET = 100_000


def compose(text: str) -> list[Node]:
    return compose_nodes(text, "invalid YAML")


def scan(text: str, model: ApiModel) -> list[Touch]:
    return dispatch.scan_all(regions(text), model)


def regions(text: str) -> list[Region]:
    """The shell regions of a CI file: each variable's value, and each job's scripts."""
    found: list[Region] = []
    for doc in compose(text):
        if isinstance(doc, MappingNode):
            found.extend(CiFile(text, doc).regions())
    return found


def local_includes(text: str) -> list[str]:
    """The local files a CI file includes (``include: local:`` or a plain path, at the top or in a
    job's ``trigger: include:`` for a child pipeline), relative to the repository root, as
    written (they may hold wildcards)."""
    try:
        docs = compose(text)
    except ScanError:
        return []
    out: list[str] = []
    for doc in docs:
        if not isinstance(doc, MappingNode):
            continue
        graph = Graph(doc)
        includes = [graph.top.get("include")]
        for node in graph.top.values():
            trigger = dict(graph.entries(node)).get("trigger") if isinstance(node, MappingNode) else None
            if isinstance(trigger, MappingNode):
                includes.append(dict(graph.entries(trigger)).get("include"))
        for include in includes:
            out.extend(_local_paths(graph, include))
    return out


def _local_paths(graph: Graph, include: Node | None) -> list[str]:
    items = include.value if isinstance(include, SequenceNode) else [include]
    out = []
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


class CiFile:
    def __init__(self, text: str, doc: MappingNode):
        self.text = text
        self.graph = Graph(doc)
        self.memo: dict[int, tuple[dict, list[Node]]] = {}
        self.found: list[Region] = []

    def regions(self) -> list[Region]:
        env = Env()
        self.variables([self.graph.top.get("variables")], env)
        default = dict(self.effective(self.graph.top.get("default"))[0])
        for key in ("before_script", "after_script"):
            if key in self.graph.top:
                default.setdefault(key, self.graph.top[key])
        for name, node in self.graph.top.items():
            if isinstance(node, MappingNode) and name not in NOT_JOBS:
                self.job(node, default, env)
        return self.found

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
        """Each variable's value, a region of one word; the environment gets its value."""
        for node in nodes:
            for name, value in self.graph.entries(node):
                value = self.graph.resolve(value)
                if isinstance(value, MappingNode):
                    value = self.graph.resolve(dict(self.graph.entries(value)).get("value"))
                if name and isinstance(value, ScalarNode):
                    self.found.append(variable(self.text, name, value, env))

    def job(self, node: MappingNode, default: dict, base: Env) -> None:
        keys, variables = self.effective(node)
        env = base.copy()
        self.variables(variables, env)
        for names in (SCRIPT_KEYS, ("after_script",)):
            script, seen = Script(self.text), set()
            for key in names:
                value = keys.get(key, default.get(key) if key != "script" else None)
                for scalar in self.graph.scalars(value, seen):
                    script.add(scalar)
            if script.pieces:
                self.found.append(script.region(ShellScope(env.copy())))
