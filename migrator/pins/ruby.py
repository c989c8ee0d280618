"""Bundler: Gemfile.lock (or gems.locked) holds the exact version of each gem in its specs; else the
Gemfile's (or gems.rb's) requirements of the gem give the lowest version they admit."""

from __future__ import annotations

import re

from . import Directory, Pin
from .versions import lowest

FILES = frozenset({"Gemfile.lock", "gems.locked", "Gemfile", "gems.rb"})
SUFFIXES: tuple[str, ...] = ()
LOCKED = re.compile(r"^    (\S+) \(([^)\s]+)\)$", re.MULTILINE)  # a spec, four spaces in
GEM = re.compile(r"""^\s*gem\s*\(?\s*['"]([^'"]+)['"]((?:\s*,\s*['"][^'"]*['"])*)""", re.MULTILINE)


def pinned(here: Directory, names: tuple[str, ...]) -> Pin | None:
    for lock in ("Gemfile.lock", "gems.locked"):
        if here.has(lock):
            locked = dict(LOCKED.findall(here.parsed(lock, "text")))
            for name in names:
                if name in locked:
                    exact = locked[name].split("-", 1)[0]  # a platform's build: 1.2.3-x86_64-linux
                    return Pin(here.shown(lock), name, exact, exact)
    for gemfile in ("Gemfile", "gems.rb"):
        if here.has(gemfile):
            for name, requirements in GEM.findall(here.parsed(gemfile, "text")):
                spec = ", ".join(re.findall(r"""['"]([^'"]*)['"]""", requirements))
                low = lowest(spec) if name in names and spec else None
                if low is not None:
                    return Pin(here.shown(gemfile), name, spec, low)
    return None
