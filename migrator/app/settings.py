"""The settings of one run: the configuration (each file is checked with the settings of the
closest configuration file above it, command-line flags overriding: migrator/config.py) and the
run's own options."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import Configs, FileSettings
from ..ruletable import Rule, RuleTable, load_table


@dataclass
class Settings:
    """A run's settings, from the command line and the configuration files."""

    configs: Configs = field(default_factory=Configs)
    jobs: int = 0
    cache: bool = True  # use and update the result cache (migrator/app/cache.py); --no-cache
    # The run's baseline (--baseline, else the configuration's `baseline`; None: --no-baseline or
    # none): its findings are not reported (app/outcome.py), and the file itself is never checked.
    baseline: Path | None = None
    # directory as given → its settings: a walk asks about every file of a directory
    _directories: dict[str, FileSettings] = field(default_factory=dict, repr=False, compare=False)

    @property
    def default(self) -> FileSettings:
        """The working directory's settings: those of the run as a whole (output format,
        respect-gitignore for the walk, cache dir)."""
        return self.configs.default

    def for_file(self, path: str | Path) -> FileSettings:
        return self.configs.settings_for(path)

    def rules(self, table: RuleTable | None = None) -> tuple[Rule, ...]:
        """The rules the working directory's settings enable (for audit-log, which reads logs,
        not files of a tree)."""
        return self.default.rules(table or load_table())

    def excluded(self, path: Path, is_dir: bool, explicit: bool) -> bool:
        """Whether ``exclude``/``extend-exclude`` leave a path out: a walked file or directory
        always, a file named on the command line only under ``force-exclude`` (as in ruff)."""
        directory = os.fspath(path) if is_dir else os.path.dirname(path)
        settings = self._directories.get(directory)
        if settings is None:
            settings = self._directories[directory] = self.configs.settings_for(directory, is_dir=True)
        if explicit and not settings.force_exclude:
            return False
        return settings.excluded(path, parents=explicit)


def digest(used: Iterable[FileSettings], table: RuleTable) -> str:
    """The settings' digest a result records: SHA-256 of the rule table's digest and of each
    distinct settings the run's files were checked with (``FileSettings.digest``), so that two
    results with the same digest applied the same rules the same way."""
    parts = [table.digest, *sorted({settings.digest for settings in used})]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def from_command_line(overrides: Mapping[str, Any], config: str | None = None, jobs: int = 0, cache: bool = True,
                      cwd: Path | None = None) -> Settings:
    """The run's settings: configuration files, with the command line's values (under the
    configuration's key names; an editor's settings too: migrator/server) overriding them; paths
    relative to ``cwd`` (default: the working directory)."""
    given = {key: list(value) if isinstance(value, tuple) else value for key, value in overrides.items()}
    for key in ("exclude", "extend-exclude"):  # comma-separated, as ruff reads them (not inside ``{a,b}``)
        given[key] = [glob for value in given.get(key) or () for glob in comma_globs(value)]
    return Settings(Configs({k: v for k, v in given.items() if v not in (None, [])}, config, cwd=cwd), jobs, cache)


def comma_globs(value: str) -> list[str]:
    """``"tests/**,*_test.go"`` → its globs; a comma inside braces (``*.{yml,yaml}``) is the glob's."""
    globs, depth, start = [], 0, 0
    for index, char in enumerate(value):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == "," and depth <= 0:
            globs.append(value[start:index])
            start = index + 1
    return [glob.strip() for glob in [*globs, value[start:]] if glob.strip()]
