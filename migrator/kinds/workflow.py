"""GitHub Actions workflows (``.github/workflows/*.yml``): each step's ``run:`` is a region of
shell (or of Python, for ``shell: python``; PowerShell and cmd are read for endpoint URLs only),
with the ``env:`` of the workflow, the job and the step as its variables, and the ``script:`` of an
``actions/github-script`` step is a region of JavaScript. ``${{ … }}`` is a value known only at run
time: a placeholder (``$______`` in shell), never edited. A workflow is known by its path, before
the GitLab CI shape test, so a workflow is never taken for a pipeline.
"""

from __future__ import annotations

import re
from pathlib import Path

from .cassette import composes
from .host import host_kind

TEMPLATE = re.compile(r"\$\{\{.*?\}\}")
SHELLS = {"bash": "shell", "sh": "shell", "python": "python", "pwsh": "other", "powershell": "other",
          "cmd": "other"}


def claims(path: Path, head, explicit: bool) -> bool:
    parent = path.parent
    return path.suffix.lower() in (".yml", ".yaml") and parent.name == "workflows" and parent.parent.name == ".github"


def regions(text: str) -> list:
    from yaml.nodes import MappingNode

    from ..scan.ci import Graph, compose

    found: list = []
    for doc in compose(text):
        if isinstance(doc, MappingNode):
            Workflow(text, Graph(doc), found).read()
    return found


class Workflow:
    """One workflow document: its jobs' steps, with the variables of each level."""

    def __init__(self, text: str, graph, found: list):
        self.text, self.graph, self.found = text, graph, found

    def read(self) -> None:
        from yaml.nodes import MappingNode

        from ..scan.shellwords import Env

        top = self.graph.top
        env, shell = Env(), self.default_shell(top.get("defaults"), "shell")
        self.variables(top.get("env"), env)
        for _, job in self.graph.entries(top.get("jobs")):
            if not isinstance(job, MappingNode):
                continue
            keys = dict(self.graph.entries(job))
            job_env = env.copy()
            self.variables(keys.get("env"), job_env)
            job_shell = self.default_shell(keys.get("defaults"), shell)
            for step in keys["steps"].value if _sequence(keys.get("steps")) else ():
                if isinstance(step, MappingNode):
                    self.step(dict(self.graph.entries(step)), job_env.copy(), job_shell)

    def step(self, keys: dict, env, shell: str) -> None:
        from yaml.nodes import ScalarNode

        from ..scan.shell import ShellScope

        self.variables(keys.get("env"), env)
        run, uses = keys.get("run"), keys.get("uses")
        if isinstance(run, ScalarNode):
            given = keys.get("shell")
            kind = _shell_kind(given.value) if isinstance(given, ScalarNode) else shell
            script = self.script(run, kind)
            self.found.append(script.region(ShellScope(env) if kind == "shell" else None))
        elif isinstance(uses, ScalarNode) and uses.value.startswith("actions/github-script"):
            code = dict(self.graph.entries(keys.get("with"))).get("script")
            if isinstance(code, ScalarNode):
                self.found.append(self.script(code, "javascript").region())

    def script(self, node, kind: str):
        from ..regions.yaml import Script
        from . import by_name

        script = Script(self.text, kind, TEMPLATE, by_name(kind).placeholder or _underscores)
        script.add(node, separator="" if node.value.endswith("\n") else "\n")
        return script

    def variables(self, node, env) -> None:
        from yaml.nodes import ScalarNode

        from ..regions.yaml import variable
        from .shell import placeholder

        for name, value in self.graph.entries(node):
            if name and isinstance(value, ScalarNode):
                self.found.append(variable(self.text, name, value, env, TEMPLATE, placeholder))

    def default_shell(self, defaults, otherwise: str) -> str:
        from yaml.nodes import ScalarNode

        run = dict(self.graph.entries(defaults)).get("run")
        given = dict(self.graph.entries(run)).get("shell")
        return _shell_kind(given.value) if isinstance(given, ScalarNode) else otherwise


def _shell_kind(shell: str) -> str:
    """The kind a ``shell:`` runs its script as (``bash {0}``: the program's name)."""
    words = shell.split()
    return SHELLS.get(Path(words[0]).name if words else "bash", "other")


def _sequence(node) -> bool:
    from yaml.nodes import SequenceNode

    return isinstance(node, SequenceNode)


def _underscores(length: int) -> str:
    """A run-time value in a language whose names are words (``${{ x }}`` → ``________``)."""
    return "_" * length


KIND = host_kind(
    "workflow", claims, regions, newlines="yaml", validator=composes, strings="yaml",
    examples={"workflow": ".github/workflows/ci.yml"}, title="GitHub Actions workflow",
)
