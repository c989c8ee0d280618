"""Other CI systems' YAML, known by their names: CircleCI (``.circleci/config.yml``), Azure Pipelines
(``azure-pipelines.yml``), Drone (``.drone.yml``) and Bitbucket Pipelines
(``bitbucket-pipelines.yml``). Their script steps are regions of shell: CircleCI's ``run:`` (a
command, or ``command:``), Azure's ``script:`` and ``bash:``, Drone's ``commands:``, Bitbucket's
``script:`` and ``after-script:``; a list of lines is one script. Azure's ``$(var)`` macros and
``${{ }}`` / ``$[ ]`` expressions, and CircleCI's ``<< parameters.x >>``, are placeholders. These
files are known by name before the GitLab CI shape test (an Azure pipeline has a top-level
``stages:``, and was taken for GitLab CI)."""

from __future__ import annotations

import re
from pathlib import Path

from .cassette import composes
from .host import host_kind

SYSTEMS = {  # file name → the keys whose values are scripts there
    "azure-pipelines.yml": ("script", "bash"), "azure-pipelines.yaml": ("script", "bash"),
    ".drone.yml": ("commands",), ".drone.yaml": ("commands",),
    "bitbucket-pipelines.yml": ("script", "after-script"),
}
CIRCLECI = ("run", "command")
TEMPLATE = re.compile(r"\$\(\w[\w.]*\)|\$\{\{.*?\}\}|\$\[.*?\]|<<\s*[\w.]+\s*>>")
BUDGET = 100_000


def script_keys(path: Path) -> tuple[str, ...] | None:
    name = path.name.lower()
    if name in ("config.yml", "config.yaml") and path.parent.name == ".circleci":
        return CIRCLECI
    return SYSTEMS.get(name)


def claims(path: Path, head, explicit: bool) -> bool:
    return script_keys(path) is not None


def regions(text: str) -> list:
    """Each script step's region: the value of any of the systems' script keys, anywhere in the
    document (the keys do not clash: no system gives another's a meaning of its own)."""
    return scripts(text, (*CIRCLECI, *(k for keys in SYSTEMS.values() for k in keys)), TEMPLATE)


def scripts(text: str, keys: tuple[str, ...], template: re.Pattern[str]) -> list:
    """A region of shell for the value of each of ``keys`` anywhere in a YAML text: a script, or a
    list of lines (an entry that is a mapping is read for its own keys)."""
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    from ..regions.yaml import Script
    from ..scan.ci import Graph, compose
    from .shell import placeholder

    found = []
    for doc in compose(text):
        if not isinstance(doc, MappingNode):
            continue
        graph = Graph(doc)
        for key, value in entries(graph, doc):
            if key not in keys:
                continue
            lines = [value] if isinstance(value, ScalarNode) else \
                [v for v in value.value if isinstance(v, ScalarNode)] if isinstance(value, SequenceNode) else []
            lines = [line for line in lines if line.tag != "tag:yaml.org,2002:null"]
            if lines:
                script = Script(text, "shell", template, placeholder)
                for line in lines:
                    script.add(line, separator="" if line.value.endswith("\n") else "\n")
                found.append(script.region())
    return found


def entries(graph, doc):
    """Every (key, value) of every mapping in the document, each mapping once, within a budget."""
    from yaml.nodes import MappingNode, SequenceNode

    stack, seen, budget = [doc], set(), BUDGET
    while stack and budget > 0:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        budget -= 1
        if isinstance(node, SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, MappingNode):
            entries = graph.entries(node)
            yield from entries
            stack.extend(value for _, value in reversed(entries))


KIND = host_kind(
    "cisystems", claims, regions, newlines="yaml", validator=composes, strings="yaml",
    examples={"cisystems": "azure-pipelines.yml"}, title="CI YAML of another system",
)
