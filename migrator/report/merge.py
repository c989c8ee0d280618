"""``migrator report --merge``: the JSON results of many ``migrator check --output-format json``
runs (one per repository) read back into findings, for one report over all of them.

Each file holds the array ``jsonout`` writes. Every finding keeps its ``repository``; a result
written before that field existed takes the file's name without ``.json`` as its repository.
Fields this reader does not know are skipped (fields are only ever added); a missing or malformed
field is an error naming the file, the finding's index and the field.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..model import APPLICABILITIES, EVIDENCE_ORDER, SEVERITIES, Edit, Finding, Fix, Position, Span


class ResultsError(ValueError):
    """A results file cannot be read or is not ``migrator check`` JSON; the message names it."""


def load_results(paths: Iterable[str | os.PathLike[str]]) -> list[Finding]:
    """The findings of every file, file by file, each in its file's order."""
    return [finding for path in paths for finding in read_results(path)]


def read_results(path: str | os.PathLike[str]) -> list[Finding]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{path}: not JSON ({exc})") from None
    if not isinstance(data, list):
        raise ResultsError(f"{path}: expected the array of `migrator check --output-format json`")
    default = Path(path).name.removesuffix(".json")
    return [_finding(item, f"{path}: [{index}]", default) for index, item in enumerate(data)]


def _finding(item: Any, where: str, repository: str) -> Finding:
    if not isinstance(item, dict):
        raise ResultsError(f"{where}: expected an object, got {item!r}")
    return Finding(
        code=_text(item, "code", where),
        name=_text(item, "name", where),
        item=_text(item, "item", where, optional=True),
        message=_text(item, "message", where),
        severity=_choice(item, "severity", SEVERITIES, where),
        evidence=_choice(item, "evidence", EVIDENCE_ORDER, where),
        filename=_text(item, "filename", where),
        span=Span(_position(item.get("location"), f"{where}.location"),
                  _position(item.get("end_location"), f"{where}.end_location")),
        url=_text(item, "url", where, optional=True),
        fix=_fix(item.get("fix"), f"{where}.fix"),
        source_line=_text(item, "source_line", where, optional=True) or "",
        repository=_text(item, "repository", where, optional=True) or repository,
    )


def _text(item: dict, key: str, where: str, optional: bool = False) -> str | None:
    value = item.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ResultsError(f"{where}.{key}: expected a string, got {value!r}")
    return value


def _choice(item: dict, key: str, allowed: tuple[str, ...], where: str) -> str:
    value = _text(item, key, where)
    if value not in allowed:
        raise ResultsError(f"{where}.{key}: {value!r} is not one of {', '.join(allowed)}")
    return value


def _position(value: Any, where: str) -> Position:
    if not isinstance(value, dict) or not all(
            isinstance(value.get(k), int) and not isinstance(value.get(k), bool) and value[k] >= 1
            for k in ("row", "column")):
        raise ResultsError(f"{where}: expected {{\"row\": N, \"column\": N}} (1-based), got {value!r}")
    return Position(value["row"], value["column"])


def _fix(value: Any, where: str) -> Fix | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ResultsError(f"{where}: expected an object or null, got {value!r}")
    edits = value.get("edits", [])
    if not isinstance(edits, list):
        raise ResultsError(f"{where}.edits: expected an array, got {edits!r}")
    return Fix(
        applicability=_choice(value, "applicability", APPLICABILITIES, where),
        message=_text(value, "message", where),
        edits=tuple(_edit(edit, f"{where}.edits[{i}]") for i, edit in enumerate(edits)),
    )


def _edit(value: Any, where: str) -> Edit:
    if not isinstance(value, dict):
        raise ResultsError(f"{where}: expected an object, got {value!r}")
    # A merged result is only reported, never applied: the edit keeps its rows and columns, and
    # has no offsets into a text that is not here.
    return Edit(_text(value, "content", where), 0, 0,
                Span(_position(value.get("location"), f"{where}.location"),
                     _position(value.get("end_location"), f"{where}.end_location")))
