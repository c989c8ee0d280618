"""Ansible playbooks and roles: YAML whose plays have ``hosts:`` and ``tasks:`` (or ``roles:``), and
any YAML under a role's ``tasks/``, ``handlers/`` or a ``playbooks/`` directory. A ``shell:`` or
``command:`` task (or its ``cmd:``) is a region of shell, Jinja's ``{{ … }}`` and ``{% … %}`` its
placeholders. A ``uri:`` task (``ansible.builtin.uri``) is a request: its ``url`` (an endpoint and
its query fields, in the URL's YAML scalar), its ``method``, its ``headers`` and the keys of its
``body`` (a mapping, or JSON in a string), fixed where they are written."""

from __future__ import annotations

import re
from pathlib import Path

from .cassette import composes
from .host import HostStages

SHELL = {"shell", "command", "ansible.builtin.shell", "ansible.builtin.command", "ansible.legacy.shell",
         "ansible.legacy.command"}
URI = {"uri", "ansible.builtin.uri", "ansible.legacy.uri"}
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
PLAY = re.compile(r"^-[ \t]+(?:hosts|import_playbook)[ \t]*:|^[ \t]+tasks[ \t]*:", re.MULTILINE)
ROLE_DIRS = ("tasks", "handlers")


def claims(path: Path, head, explicit: bool) -> bool:
    if path.suffix.lower() not in (".yml", ".yaml"):
        return False
    parent = path.parent
    if parent.name in ROLE_DIRS and parent.parent.parent.name == "roles" or parent.name == "playbooks":
        return True
    return PLAY.search(head(65536).decode("utf-8", "replace")) is not None


def regions(text: str) -> list:
    """The shell of each shell or command task."""
    from yaml.nodes import MappingNode, ScalarNode

    from ..regions.yaml import Script
    from .shell import placeholder

    found = []
    for key, value in _tasks(text):
        if key in SHELL:
            if isinstance(value, MappingNode):
                value = next((v for k, v in value.value if isinstance(k, ScalarNode) and k.value == "cmd"), None)
            if isinstance(value, ScalarNode) and value.value.strip():
                script = Script(text, "shell", JINJA, placeholder)
                script.add(value, separator="")
                found.append(script.region())
    return found


def _tasks(text: str):
    """(module, arguments) of every mapping entry in the playbook (a task's module among them)."""
    from yaml.nodes import MappingNode

    from ..scan.ci import Graph, compose
    from .cisystems import entries

    for doc in compose(text):
        graph = Graph(doc if isinstance(doc, MappingNode) else MappingNode("tag:yaml.org,2002:map", []))
        yield from entries(graph, doc)


def requests(text: str, model) -> list:
    """The touches of each uri task's request, the playbook's ``vars:`` written into its URL."""
    from yaml.nodes import MappingNode, ScalarNode

    from ..scan.uritask import request_touches

    tasks = list(_tasks(text))
    variables = {k.value: v.value for key, value in tasks if key == "vars" and isinstance(value, MappingNode)
                 for k, v in value.value if isinstance(k, ScalarNode) and isinstance(v, ScalarNode)}
    out = []
    for key, value in tasks:
        if key in URI and isinstance(value, MappingNode):
            out.extend(request_touches(text, value, model, variables))
    return out


STAGES = HostStages(regions)


def scan(text: str, model) -> list:
    return STAGES.scan(text, model) + requests(text, model)


def fix(text: str, touches: dict) -> dict:
    """A shell task's fixes through its region; a uri task's where they are written (the URL's
    scalar, the body's keys), as a YAML recording's are."""
    from ..fix.text import recorded

    edits = STAGES.fix(text, touches)
    rest = {f: t for f, t in touches.items() if f not in edits}
    return {**recorded(text, rest, "yaml"), **edits} if rest else edits


def _kind():
    from . import FileKind

    return FileKind("ansible", claims, scan, newlines="yaml", fixer=fix, validator=composes, strings="yaml",
                    examples={"ansible": "playbook.yml"}, title="Ansible", regions=STAGES.regions,
                    examples_per="host")


KIND = _kind()
