"""What each configuration key accepts. `validate` checks one source's keys (a configuration file
or the command line) and turns them into Python values; an unknown key or a bad value raises
`ConfigError` naming the file (or "command line") and the key."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .globs import Glob, GlobError
from .ruletable import RuleTable
from .values import EVIDENCE_ORDER

COMMAND_LINE = "command line"
_SIZE = re.compile(r"\s*(\d+)\s*(B|KB|MB|GB)?\s*", re.IGNORECASE)
_UNITS = {"B": 1, "KB": 1_000, "MB": 1_000_000, "GB": 1_000_000_000}


class ConfigError(ValueError):
    """A configuration file or flag is malformed; the message names the file and the key."""


@dataclass(frozen=True)
class Options:
    """The validated keys of one source (a configuration file or the command line), unresolved."""

    where: str                     # the file, or "command line"
    root: Path                     # what its patterns and paths are relative to
    values: Mapping[str, Any] = field(default_factory=dict)
    written: Mapping[str, Any] = field(default_factory=dict)  # the values as written (--show-settings)


def selectors(values: Iterable[str]) -> tuple[str, ...]:
    """``["mig06,runner-active"]`` → ("MIG06", "runner-active"): codes and prefixes in upper case,
    rule names and item keys (with a dash) as typed."""
    parts = [code.strip() for value in values for code in value.split(",") if code.strip()]
    return tuple(code.upper() if re.fullmatch(r"[A-Za-z]+\d*", code) else code for code in parts)


def selected_codes(table: RuleTable, selector: str) -> frozenset[str]:
    return frozenset(r.code for r in table.select((selector,)))


def validate(raw: Mapping[str, Any], where: str, root: Path, table: RuleTable, prefix: str = "") -> Options:
    """Check every key and value; ``prefix`` is how keys are named in errors."""
    values = {}
    for key, value in raw.items():
        name = f"--{key}" if where == COMMAND_LINE else f"{prefix}{key}"
        check = _CHECKS.get(key)
        if check is None:
            raise ConfigError(f"{where}: {name}: unknown key (known: {', '.join(_CHECKS)})")
        try:
            values[key] = check(value, root, table)
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"{where}: {name}: {exc}") from None
    return Options(where, root, values, dict(raw))


def _strings(value: Any) -> list[str]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"expected a list of strings, got {value!r}")
    return list(value)


def _selectors(value: Any, root: Path, table: RuleTable) -> tuple[str, ...]:
    out = selectors(_strings(value))
    for selector in out:
        if selector != "ALL" and not selected_codes(table, selector):
            raise ValueError(f"{selector!r} matches no rule code, name or item")
    return out


def _globs(value: Any, root: Path, table: RuleTable) -> tuple[Glob, ...]:
    try:
        return tuple(Glob.anchored(pattern, root) for pattern in _strings(value))
    except GlobError as exc:
        raise ValueError(str(exc)) from None


def _per_file_ignores(value: Any, root: Path, table: RuleTable) -> tuple[tuple[Glob, frozenset[str]], ...]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a table of glob = [codes], got {value!r}")
    out = []
    resolved: dict[str, frozenset[str]] = {}  # each list of codes resolved once, however many patterns share it
    for pattern, codes in value.items():
        try:
            glob = Glob.anchored(pattern, root, negation=True)
            if (key := repr(codes)) not in resolved:
                chosen = _selectors(codes, root, table)
                resolved[key] = frozenset().union(*(selected_codes(table, s) for s in chosen))
        except (ValueError, GlobError) as exc:
            raise ValueError(f"{pattern!r}: {exc}") from None
        out.append((glob, resolved[key]))
    return tuple(out)


def _flag(value: Any, root: Path, table: RuleTable) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _one_of(choices: Callable[[], Iterable[str]]) -> Callable[[Any, Path, RuleTable], str]:
    def check(value: Any, root: Path, table: RuleTable) -> str:
        allowed = tuple(choices())
        if value not in allowed:
            raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
        return value

    return check


def _output_formats() -> Iterable[str]:
    from .report import FORMATS

    return FORMATS


def _release(value: Any, root: Path, table: RuleTable) -> str:
    if isinstance(value, float):
        raise ValueError(f"write the release as a string, like \"{value}\" (a number cannot tell 16.1 from 16.10)")
    if not isinstance(value, str) or not re.fullmatch(r"\d+(\.\d+)*", value):
        raise ValueError(f"{value!r} is not a release like \"16.11\"")
    return value


def _size(value: Any, root: Path, table: RuleTable) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        size = value
    elif isinstance(value, str) and (match := _SIZE.fullmatch(value)):
        size = int(match.group(1)) * _UNITS[(match.group(2) or "B").upper()]
    else:
        raise ValueError(f"{value!r} is not a size: give bytes (10000000) or a string like \"10MB\" or \"512KB\"")
    if size <= 0:
        raise ValueError(f"{value!r}: the size limit must be positive")
    return size


def _file(value: Any, root: Path, table: RuleTable) -> Path:
    """``extend``: a configuration file, relative to the file naming it (``~`` and ``$VARIABLES``
    expanded, as ruff does)."""
    if not isinstance(value, str) or not value or "\0" in value:
        raise ValueError(f"expected the path of a configuration file, got {value!r}")
    return Path(os.path.normpath(root / os.path.expandvars(os.path.expanduser(value))))


def _directory(value: Any, root: Path, table: RuleTable) -> Path:
    """A directory relative to ``root`` (``~`` expanded); a path no system call could take (a NUL
    character, a ``~`` with no home to expand to, a name the file system encoding cannot hold)
    is a bad value, refused here rather than failing the run later."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"expected a directory path, got {value!r}")
    if "\0" in value:
        raise ValueError(f"{value!r} is not a usable path: it holds a NUL character")
    try:
        expanded = Path(value).expanduser()
    except (RuntimeError, KeyError):  # ~ with no home, ~user with no such user
        raise ValueError(f"{value!r} is not a usable path: {value.split('/')[0]} has no home directory") from None
    try:
        os.fsencode(expanded)
    except UnicodeError:
        raise ValueError(f"{value!r} is not a usable path: the file system encoding cannot hold it") from None
    return root / expanded


_CHECKS: dict[str, Callable[[Any, Path, RuleTable], Any]] = {
    "extend": _file,
    "select": _selectors,
    "extend-select": _selectors,
    "ignore": _selectors,
    "per-file-ignores": _per_file_ignores,
    "exclude": _globs,
    "extend-exclude": _globs,
    "force-exclude": _flag,
    "respect-gitignore": _flag,
    "output-format": _one_of(_output_formats),
    "target-version": _release,
    "min-evidence": _one_of(lambda: EVIDENCE_ORDER),
    "cache-dir": _directory,
    "max-file-size": _size,
}
