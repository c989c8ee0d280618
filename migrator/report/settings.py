"""``migrator check --show-settings PATH``: the settings a file is checked with, key by key, as
TOML, each with where it came from: the configuration file nearest the file, a file it extends,
the command line, or the default. ``select``, ``extend-select``, ``ignore`` and
``extend-exclude`` apply source by source (the farthest base first), so each source's value is
shown; any other key is the nearest source's. The rules left enabled close the list."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..config import DEFAULT_CACHE_DIR, DEFAULT_MAX_FILE_SIZE, FileSettings
from ..discover import DEFAULT_EXCLUDES
from ..ruletable import RuleTable

IN_ORDER = ("select", "extend-select", "ignore", "extend-exclude")  # every source's value applies
DEFAULTS: dict[str, Any] = {
    "select": ["ALL"], "extend-select": [], "ignore": [], "per-file-ignores": {},
    "exclude": list(DEFAULT_EXCLUDES), "extend-exclude": [], "force-exclude": False, "respect-gitignore": True,
    "output-format": "text", "target-version": None, "min-evidence": "bare",
    "cache-dir": DEFAULT_CACHE_DIR, "max-file-size": DEFAULT_MAX_FILE_SIZE,
}
NOTES = {"target-version": ": the latest release", "cache-dir": ": beside the configuration file"}


def show(path: str, settings) -> str:
    """The settings of ``path`` (a file or a directory) in a run's settings (app/settings.py)."""
    from ..ruletable import load_table

    return render(settings.configs.settings_for(path, is_dir=os.path.isdir(path)), path, load_table())


def render(settings: FileSettings, path: str, table: RuleTable) -> str:
    lines = [f"# Settings for {path}"]
    if settings.source is None:
        lines.append("# No configuration file above it: the defaults, and the command line")
    else:
        lines.append(f"# Configuration file: {_shown(settings.source)}")
        lines += [f"#   extends {_shown(base)}" for base in settings.extends]
    lines.append("")
    for key, value, where in _values(settings):
        shown = f"{key} = {_toml(value)}" if value is not None else f"# {key}: not set"
        lines.append(f"{shown:<48} # {where}")
    codes = sorted(settings.codes)
    lines += ["", f"# {len(codes)} of {len(table.known)} codes enabled: {', '.join(codes)}"]
    return "\n".join(lines) + "\n"


def _values(settings: FileSettings) -> Iterator[tuple[str, Any, str]]:
    """(key, value as written, where it came from) for every key."""
    for key, default in DEFAULTS.items():
        given = [(source.written[key], _where(source.where)) for source in settings.sources if key in source.written]
        if key in IN_ORDER and given:
            yield from ((key, value, where) for value, where in given)
        elif given:
            yield (key, *given[-1])
        else:
            yield key, default, "default" + NOTES.get(key, "")


def _where(where: str) -> str:
    return where if where == "command line" else _shown(Path(where))


def _shown(path: Path) -> str:
    """A path relative to the working directory where it is below it."""
    relative = os.path.relpath(path)
    return relative if not relative.startswith("..") else str(path)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)
