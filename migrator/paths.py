"""Path templates: ``/geo_nodes/**`` matches ``/geo_nodes/:id/status``; ``:x`` is one segment."""

from __future__ import annotations

import re
from functools import cache


@cache
def _path_pattern(pattern: str) -> str:
    """The regular expression a template is, as text (`_any_regex` joins them without compiling each)."""
    parts = []
    for segment in [s for s in pattern.split("/") if s]:
        if segment == "**":
            parts.append("(?:/[^/]+)*")
        elif segment.startswith(":"):
            parts.append("/[^/]+")
        else:
            parts.append("/" + re.escape(segment))
    return "".join(parts) + "/?"


@cache
def _path_regex(pattern: str) -> re.Pattern[str]:
    return re.compile(_path_pattern(pattern))


def path_matches(pattern: str, path: str) -> bool:
    return _path_regex(pattern).fullmatch(path) is not None


@cache
def _any_regex(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{_path_pattern(p)})" for p in patterns))


def any_path_matches(patterns: tuple[str, ...], path: str) -> bool:
    """Whether one of the templates matches path: one search, however many templates."""
    return _any_regex(patterns).fullmatch(path) is not None
