"""go.mod: the module's ``require`` of the SDK (one line, or a ``require ( … )`` block), as a
``replace`` directive changes it (``=> other/path v1.2.3``; a local directory: no version). The
closest go.mod decides: a module's files build against its own go.mod alone. A go.mod whose
``module`` is the SDK is the SDK's own source: its declarations, not a release, say which names
it has (Pin.itself)."""

from __future__ import annotations

import re

from . import NOT_PINNED, Directory, Pin

FILES = frozenset({"go.mod"})
SUFFIXES: tuple[str, ...] = ()
COMMENT = re.compile(r"//.*")
REQUIRE = re.compile(r"^(?:require\s+)?(\S+)\s+(v\S+)$")
MODULE = re.compile(r"^module\s+(\S+)", re.MULTILINE)
REPLACE = re.compile(r"^(?:replace\s+)?(\S+)(?:\s+v\S+)?\s*=>\s*(\S+)(?:\s+(v\S+))?$")


def pinned(here: Directory, names: tuple[str, ...]) -> Pin | None:
    if not here.has("go.mod"):
        return None
    text = here.parsed("go.mod", "text")
    module = MODULE.search(COMMENT.sub("", text))
    if module is not None and module.group(1) in names:
        return Pin(here.shown("go.mod"), module.group(1), "", "", itself=True)
    required, replaced = directives(text)
    for name in names:
        if name not in required:
            continue
        target, version = replaced.get(name, (name, required[name]))
        if version is None:  # replaced by a directory: whatever it holds
            return NOT_PINNED
        return Pin(here.shown("go.mod"), target, version, version)
    return NOT_PINNED


def directives(text: str) -> tuple[dict[str, str], dict[str, tuple[str, str | None]]]:
    """(module → version required, module → (its replacement, version or None for a directory))."""
    required: dict[str, str] = {}
    replaced: dict[str, tuple[str, str | None]] = {}
    block = None
    for raw in text.splitlines():
        line = COMMENT.sub("", raw).strip()
        if block and line == ")":
            block = None
            continue
        if line in ("require (", "replace ("):
            block = line.split()[0]
            continue
        kind = block or line.split(" ", 1)[0]
        if kind == "require" and (found := REQUIRE.match(line)):
            required[found.group(1)] = found.group(2)
        elif kind == "replace" and (found := REPLACE.match(line)):
            replaced[found.group(1)] = (found.group(2), found.group(3))
    return required, replaced
