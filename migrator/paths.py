"""Path templates: ``/geo_nodes/**`` matches ``/geo_nodes/:id/status``; ``:x`` is one segment."""

from __future__ import annotations

import re
from functools import cache


@cache
def _path_regex(pattern: str) -> re.Pattern[str]:
    parts = []
    for segment in [s for s in pattern.split("/") if s]:
        if segment == "**":
            parts.append("(?:/[^/]+)*")
        elif segment.startswith(":"):
            parts.append("/[^/]+")
        else:
            parts.append("/" + re.escape(segment))
    return re.compile("".join(parts) + "/?")


def path_matches(pattern: str, path: str) -> bool:
    return _path_regex(pattern).fullmatch(path) is not None


@cache
def _any_regex(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{_path_regex(p).pattern})" for p in patterns))


def any_path_matches(patterns: tuple[str, ...], path: str) -> bool:
    """Whether one of the templates matches path: one search, however many templates."""
    return _any_regex(patterns).fullmatch(path) is not None
