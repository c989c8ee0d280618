"""Taskfiles of go-task (``Taskfile.yml``, ``Taskfile.yaml``, ``Taskfile.dist.yml`` …): each
task's ``cmds:`` (lines, or ``cmd:`` of an entry) is a region of shell; Go template actions
(``{{.VAR}}``) are placeholders."""

from __future__ import annotations

import re
from pathlib import Path

from .cassette import composes
from .host import host_kind

NAMES = re.compile(r"taskfile(?:\.dist)?\.ya?ml", re.IGNORECASE)
TEMPLATE = re.compile(r"\{\{.*?\}\}")


def claims(path: Path, head, explicit: bool) -> bool:
    return NAMES.fullmatch(path.name) is not None


def regions(text: str) -> list:
    from .cisystems import scripts

    return scripts(text, ("cmds", "cmd"), TEMPLATE)


KIND = host_kind(
    "taskfile", claims, regions, newlines="yaml", validator=composes, strings="yaml",
    examples={"taskfile": "Taskfile.yml"}, title="Taskfile",
)
