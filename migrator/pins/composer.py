"""Composer: composer.lock holds the exact version of each package (``packages``,
``packages-dev``); else composer.json's constraint (``require``, ``require-dev``) gives the lowest
version it admits."""

from __future__ import annotations

from . import Directory, Pin
from .versions import lowest, version

FILES = frozenset({"composer.json", "composer.lock"})
SUFFIXES: tuple[str, ...] = ()


def pinned(here: Directory, names: tuple[str, ...]) -> Pin | None:
    if here.has("composer.lock"):
        data = here.parsed("composer.lock", "json")
        for section in ("packages", "packages-dev"):
            for entry in (data.get(section) or []) if isinstance(data, dict) else []:
                if isinstance(entry, dict) and entry.get("name") in names and version(str(entry.get("version", ""))):
                    exact = str(entry["version"])
                    return Pin(here.shown("composer.lock"), entry["name"], exact, exact)
    if here.has("composer.json"):
        data = here.parsed("composer.json", "json")
        for section in ("require", "require-dev"):
            entries = data.get(section) if isinstance(data, dict) else None
            for name in names:
                spec = entries.get(name) if isinstance(entries, dict) else None
                low = lowest(spec) if isinstance(spec, str) and not spec.startswith("dev-") else None
                if low is not None:
                    return Pin(here.shown("composer.json"), name, spec, low)
    return None
