"""Which settings an editor's document is checked with: those of the closest configuration file
above it, resolved as the command line resolves them (app/settings.py), with the client's
settings on top, as command-line flags would be.

Client settings (``initializationOptions``, or the ``migrator`` section of the client's
configuration)::

    {"select": ["MIG06"], "extendSelect": [], "ignore": ["MIG010"], "unsafeFixes": false,
     "targetVersion": "16.11"}

Each workspace folder has its own settings (its directory is the working directory of a run
there); a document outside every folder has its own directory's. A change to a configuration
file takes effect at the next check without a restart: the configuration files a document's
settings could come from (each candidate name in each directory above it) are stamped, and a
changed stamp makes its folder's settings anew."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..app.settings import Settings, from_command_line
from ..config import CONFIG_NAMES

KEYS = {"select": "select", "extendSelect": "extend-select", "ignore": "ignore", "targetVersion": "target-version"}


@dataclass(frozen=True)
class ClientSettings:
    """What the client's settings override: rule selection and target version (as the flags of
    the same names), and whether unsafe fixes are offered."""

    overrides: tuple[tuple[str, Any], ...] = ()
    unsafe_fixes: bool = False

    @classmethod
    def of(cls, given: Any) -> ClientSettings:
        """From the client's JSON object (unknown keys and a value of the wrong type are ignored)."""
        if not isinstance(given, dict):
            return cls()
        overrides = []
        for key, name in KEYS.items():
            value = given.get(key)
            if isinstance(value, str) and value:
                overrides.append((name, [value] if name != "target-version" else value))
            elif isinstance(value, list) and all(isinstance(v, str) for v in value) and value:
                overrides.append((name, tuple(value)))
        return cls(tuple(overrides), given.get("unsafeFixes") is True)


Stamp = tuple[tuple[str, int, int], ...]


def config_stamp(directory: Path) -> Stamp:
    """Every configuration file that could apply in ``directory`` (each name, in it and above
    it) with its size and modification time: a new, changed or removed file changes it."""
    found, current = [], os.fspath(directory)
    while True:
        for name in CONFIG_NAMES:
            try:
                info = os.stat(os.path.join(current, name))
            except OSError:
                continue
            found.append((os.path.join(current, name), info.st_size, info.st_mtime_ns))
        parent = os.path.dirname(current)
        if parent == current:
            return tuple(found)
        current = parent


@dataclass
class Folders:
    """The workspace folders (directories) and each one's settings, made when first asked for
    and made anew when a configuration file they could read changes, or the client's settings do."""

    roots: list[Path] = field(default_factory=list)
    client: ClientSettings = ClientSettings()
    _settings: dict[Path, Settings] = field(default_factory=dict)
    _stamps: dict[Path, Stamp] = field(default_factory=dict)

    def update(self, roots: list[Path] | None = None, client: ClientSettings | None = None) -> None:
        """New folders or client settings: every folder's settings are made anew."""
        self.roots = sorted(roots if roots is not None else self.roots, key=lambda p: len(p.parts), reverse=True)
        self.client = client if client is not None else self.client
        self._settings.clear()
        self._stamps.clear()

    def folder_of(self, path: Path) -> Path:
        """The innermost folder holding path, else path's directory."""
        return next((root for root in self.roots if path.is_relative_to(root)), path.parent)

    def settings_for(self, path: Path) -> Settings:
        """The settings a document at ``path`` is checked with (ConfigError when its configuration
        or the client's settings are wrong)."""
        folder = self.folder_of(path)
        stamp = config_stamp(path.parent)
        if self._stamps.get(path.parent, stamp) != stamp:
            self._settings.pop(folder, None)
            self._stamps = {d: s for d, s in self._stamps.items() if not d.is_relative_to(folder)}
        self._stamps[path.parent] = stamp
        if folder not in self._settings:
            self._settings[folder] = from_command_line(dict(self.client.overrides), cache=False, cwd=folder)
        return self._settings[folder]
