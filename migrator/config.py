"""Configuration files, read as ruff reads its own.

Sources, in one directory, by precedence: ``.migrator.toml``, ``migrator.toml``, then
``pyproject.toml`` if it has a ``[tool.migrator]`` table (without one it is not a configuration
file). The two migrator files hold the keys at their top level. Each checked file uses the settings
of the closest configuration file in its own directory or above it (configurations are not merged);
a file with none above it uses the one above the working directory, else the defaults.
``--config PATH`` (``Configs(config_path=PATH)``) uses one file for everything.

Keys, with ruff's names and meanings::

    extend                          a configuration file this one builds on, relative to this one;
                                    followed file by file (a cycle is an error naming the files).
                                    The base's keys apply unless this file sets them; select,
                                    extend-select and ignore apply base first, extend-exclude adds up

    select, extend-select, ignore   rule codes, code prefixes, rule names, item keys, or "ALL"
    per-file-ignores                {glob: [codes]}: codes not reported in files the glob matches
    exclude, extend-exclude         globs of files and directories not to check
    force-exclude                   apply the excludes to files passed by name too
    respect-gitignore               skip what .gitignore ignores (default true)
    output-format                   a format of ``migrator check --output-format``
    target-version                  the oldest release the code must keep working with ("16.11")
    min-evidence                    bare | named | typed: findings with weaker evidence are dropped
    cache-dir                       default ``.migrator_cache`` beside the configuration file
    max-file-size                   bytes (10000000), or a string such as "512KB" or "10MB"

Globs are relative to the directory of the file that declares them (see ``globs.py``).
Command-line flags override the file: ``Configs(overrides={...})`` takes the same key names, with
patterns relative to the working directory. Within one source a more specific selector wins (one
that names fewer rules) and ``ignore`` wins a tie; a ``select`` replaces whatever an earlier source
selected, so ``--select`` on the command line replaces the file's selection, as in ruff.
An unknown key or a bad value raises `ConfigError`, whose message names the file and the key.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .configkeys import COMMAND_LINE, ConfigError, Options, selected_codes, validate
from .discover import DEFAULT_EXCLUDES
from .globs import Glob, GlobSet, GlobTable, absolute_posix
from .ruletable import Rule, RuleTable, gated, load_table
from .values import EVIDENCE_ORDER, Finding

CONFIG_NAMES = (".migrator.toml", "migrator.toml", "pyproject.toml")
DEFAULT_MAX_FILE_SIZE = 10_000_000
DEFAULT_CACHE_DIR = ".migrator_cache"


@dataclass(frozen=True)
class FileSettings:
    """The settings one file is checked with."""

    root: Path                            # the configuration file's directory, else the working directory
    source: Path | None = None            # the configuration file, None for the defaults
    codes: frozenset[str] = frozenset()   # the enabled codes (the rules' and migrator's own)
    per_file_ignores: GlobTable = GlobTable()  # (glob, codes) pairs, compiled once (a tuple of them is taken)
    exclude: tuple[Glob, ...] = ()
    extend_exclude: tuple[Glob, ...] = ()
    force_exclude: bool = False
    respect_gitignore: bool = True
    output_format: str = "text"
    target_version: str | None = None
    min_evidence: str = "bare"
    cache_dir: Path = Path(DEFAULT_CACHE_DIR)
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    # where the settings came from, the farthest base first, then the command line (--show-settings)
    sources: tuple[Options, ...] = field(default=(), compare=False, repr=False)

    @property
    def extends(self) -> tuple[Path, ...]:
        """The files the configuration file extends, nearest first."""
        return tuple(Path(s.where) for s in self.sources if s.where != COMMAND_LINE)[-2::-1]

    def __post_init__(self) -> None:
        if not isinstance(self.per_file_ignores, GlobTable):
            object.__setattr__(self, "per_file_ignores", GlobTable(tuple(self.per_file_ignores)))

    def rules(self, table: RuleTable) -> tuple[Rule, ...]:
        """The enabled rules, with fixes gated by ``target-version`` (built once per settings)."""
        key = (table.digest, self.codes, self.target_version)
        if key not in _RULES:
            _RULES[key] = gated(tuple(r for r in table.rules if r.code in self.codes), self.target_version)
        return _RULES[key]

    def ignored_codes(self, path: str | os.PathLike[str]) -> frozenset[str]:
        """The codes ``per-file-ignores`` turns off in the file at ``path``."""
        return self.per_file_ignores.codes(absolute_posix(path)) if self.per_file_ignores else frozenset()

    def reports(self, finding: Finding, path: str | os.PathLike[str] | None = None) -> bool:
        """Whether ``finding`` survives the selection (for the codes no rule makes: MIG999),
        ``per-file-ignores`` and ``min-evidence`` (``path`` defaults to the finding's filename,
        relative to the working directory)."""
        if finding.code not in self.codes:
            return False
        if EVIDENCE_ORDER.index(finding.evidence) < EVIDENCE_ORDER.index(self.min_evidence):
            return False
        return finding.code not in self.ignored_codes(finding.filename if path is None else path)

    def excluded(self, path: str | os.PathLike[str], *, parents: bool = True) -> bool:
        """Whether ``exclude`` or ``extend-exclude`` matches the path or, with ``parents``, a
        directory above it up to this configuration's root (as ruff does for files passed by name
        under ``force-exclude``; a walk that prunes excluded directories passes ``parents=False``)."""
        current = absolute_posix(path)
        if not parents:
            return self._excludes.matches_absolute(current)
        root = self.root.as_posix()
        while True:
            if self._excludes.matches_absolute(current):
                return True
            parent = posixpath.dirname(current)
            if not parents or current == root or parent == current:
                return False
            current = parent

    @cached_property
    def _excludes(self) -> GlobSet:
        return GlobSet.of(self.exclude + self.extend_exclude)


_RULES: dict[tuple, tuple[Rule, ...]] = {}


def find_config(directory: Path) -> Path | None:
    """The configuration file of ``directory`` itself, by precedence, or None."""
    for name in CONFIG_NAMES:
        candidate = directory / name
        if _is_file(candidate) and (name != "pyproject.toml" or _has_migrator_table(candidate)):
            return candidate
    return None


def _is_file(path: Path) -> bool:
    """Whether path is a file; a directory that cannot be searched holds none that can be read."""
    try:
        return path.is_file()
    except PermissionError:
        return False


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None


def _has_migrator_table(path: Path) -> bool:
    data = _read(path)
    return b"migrator" in data and _tool_table(_parse(path, data), path) is not None


def _parse(path: Path, data: bytes) -> dict[str, Any]:
    import tomllib  # only where a configuration file is found

    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None


def _tool_table(document: dict[str, Any], path: Path) -> dict[str, Any] | None:
    table = document.get("tool", {}).get("migrator") if isinstance(document.get("tool"), dict) else None
    if table is not None and not isinstance(table, dict):
        raise ConfigError(f"{path}: tool.migrator: expected a table")
    return table


def read_config(path: Path, table: RuleTable) -> Options:
    """The validated options of one configuration file (``[tool.migrator]`` of a pyproject.toml,
    the whole file otherwise)."""
    data = _read(path)
    document = _parse(path, data)
    prefix = ""
    if path.name == "pyproject.toml":
        document, prefix = _tool_table(document, path) or {}, "tool.migrator."
    return validate(document, str(path), path.parent.absolute(), table, prefix)


def read_chain(path: Path, table: RuleTable) -> tuple[Options, ...]:
    """The options of a configuration file and of the files it extends (ruff's ``extend``), the
    farthest base first. A file met twice is a cycle, an error naming the files in order."""
    chain: list[Options] = []
    current: Path | None = path
    while current is not None:
        if current.resolve() in {Path(o.where).resolve() for o in chain}:
            cycle = " → ".join([*(o.where for o in chain), str(current)])
            raise ConfigError(f"{path}: extend: a cycle: {cycle}")
        chain.append(read_config(current, table))
        current = chain[-1].values.get("extend")
        if current is not None and not _is_file(current):
            raise ConfigError(f"{chain[-1].where}: extend: {chain[-1].written['extend']!r}: no such file ({current})")
    return tuple(reversed(chain))


def enabled_codes(table: RuleTable, sources: Iterable[Options]) -> frozenset[str]:
    """The codes left on by the sources' ``select``, ``extend-select`` and ``ignore``, in order
    (ruff's resolution): every code by default; a source's ``select`` starts over for the rules,
    while migrator's own codes (the parse error) stay as they were unless a selector names them,
    so that a narrow ``select`` never reports an unchecked file as clean."""
    own = {r.code for r in table.own}
    enabled = {r.code for r in table.known}
    for source in sources:
        select = source.values.get("select")
        chosen: dict[str, tuple[int, bool]] = {}  # code → (rules its selector names, on)
        pairs = [(s, True) for s in (select or ()) + source.values.get("extend-select", ())]
        pairs += [(s, False) for s in source.values.get("ignore", ())]
        for selector, on in pairs:
            codes = selected_codes(table, selector)
            for code in codes:
                previous = chosen.get(code)
                if previous is None or len(codes) < previous[0] or (len(codes) == previous[0] and not on):
                    chosen[code] = (len(codes), on)
        if select is not None:
            enabled &= own
        enabled |= {code for code, (_, on) in chosen.items() if on}
        enabled -= {code for code, (_, on) in chosen.items() if not on}
    return frozenset(enabled)


_SCALARS = ("force-exclude", "respect-gitignore", "output-format", "target-version", "min-evidence",
            "max-file-size")


def resolve(table: RuleTable, files: Sequence[Options], overrides: Options, root: Path) -> FileSettings:
    """The settings of a configuration file and the files it extends (``files``, the farthest base
    first; none for the defaults), with the command line on top."""
    sources = [*files, overrides]
    merged: dict[str, Any] = {}
    for source in sources:
        merged.update(source.values)
    return FileSettings(
        root=root,
        source=Path(files[-1].where) if files else None,
        sources=tuple(sources),
        codes=enabled_codes(table, sources),
        per_file_ignores=merged.get("per-file-ignores", ()),
        exclude=merged["exclude"] if "exclude" in merged else tuple(Glob.anchored(n, root) for n in DEFAULT_EXCLUDES),
        extend_exclude=tuple(g for s in sources for g in s.values.get("extend-exclude", ())),
        cache_dir=merged.get("cache-dir", root / DEFAULT_CACHE_DIR),
        **{key.replace("-", "_"): merged[key] for key in _SCALARS if key in merged},
    )


class Configs:
    """Which settings each file is checked with. Each directory is looked at once (its own
    configuration file, else its parent's answer, cached), so a run over many files never looks
    at every ancestor of every file. Relative paths are relative to ``cwd``.

    ``overrides`` holds command-line values under the configuration's key names
    (``{"select": ["MIG06"], "target-version": "17.0"}``; ``None`` values are left out);
    ``config_path`` (``--config``) makes one file serve every path.
    """

    def __init__(self, overrides: Mapping[str, Any] | None = None, config_path: str | os.PathLike[str] | None = None,
                 *, cwd: Path | None = None, table: RuleTable | None = None):
        self.cwd = Path(cwd or os.getcwd()).absolute()
        self.table = table or load_table()
        given = {key.replace("_", "-"): value for key, value in (overrides or {}).items() if value is not None}
        self.overrides = validate(given, COMMAND_LINE, self.cwd, self.table)
        self._cwd = str(self.cwd)
        self._nearest: dict[str, FileSettings | None] = {}  # directory → its settings
        self._fixed: FileSettings | None = None
        self._default: FileSettings | None = None
        if config_path is not None:
            path = self.cwd / config_path
            if not path.is_file():
                raise ConfigError(f"{config_path}: --config: no such file")
            self._fixed = self._settings(path)

    @property
    def default(self) -> FileSettings:
        """The run's own settings (``output-format``, ``cache-dir``): those of the working directory."""
        if self._default is None:
            found = self._fixed or self._lookup(self._cwd)
            self._default = found or resolve(self.table, (), self.overrides, self.cwd)
        return self._default

    def settings_for(self, path: str | os.PathLike[str], is_dir: bool = False) -> FileSettings:
        """The settings of the closest configuration file above ``path`` (a file, or a directory
        with ``is_dir``), else the working directory's."""
        if self._fixed is not None:
            return self._fixed
        absolute = os.path.normpath(os.path.join(self._cwd, path))
        return self._lookup(absolute if is_dir else os.path.dirname(absolute)) or self.default

    def _lookup(self, directory: str) -> FileSettings | None:
        walked = []
        current = directory
        while current not in self._nearest:
            found = find_config(Path(current))
            parent = os.path.dirname(current)
            if found is not None:
                self._nearest[current] = self._settings(found)
            elif parent == current:
                self._nearest[current] = None
            else:
                walked.append(current)
                current = parent
        for below in walked:
            self._nearest[below] = self._nearest[current]
        return self._nearest[current]

    def _settings(self, path: Path) -> FileSettings:
        return resolve(self.table, read_chain(path, self.table), self.overrides, path.parent)
