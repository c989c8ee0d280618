"""Versions as the package managers write them, compared, and the lowest version a range admits.

One ordering serves Go modules (``v0.124.0``, ``v0.115.1-0.20241210-68add03``), npm and NuGet
(semver), RubyGems (``5.0.0.pre``), Maven (``6.0.0-rc.1``, ``5.0.1-SNAPSHOT``) and Composer
(``v11.14.0``): the numbers of the release compared as numbers, a pre-release (any letters after
them) before its release. No library covers all of these: ``packaging`` (PEP 440) refuses Maven's
``-SNAPSHOT`` and Go's pseudo-versions, and npm's range grammar is npm's own.

A range (``^39.0.0``, ``~> 4.17``, ``[5.0,6.0)``, ``>=11.0 <12``, ``11.*``) is read for the lowest
version it admits: a project whose manifest admits an SDK release that lacks a name must not get
code that needs it. What cannot be read as a version (``latest``, ``*``, ``dev-main``, a
``${property}`` never set) admits any release: no version, so nothing is held back.
"""

from __future__ import annotations

import re
from functools import total_ordering

NUMBERS = re.compile(r"v?(\d+(?:\.\d+)*)(.*)", re.IGNORECASE)
PSEUDO = re.compile(r"v0\.0\.0-(?:0\.)?\d{14}-[0-9a-f]{12}")  # a Go commit with no release before it


@total_ordering
class Version:
    """A release's numbers (trailing zeros dropped: 5.1 is 5.1.0) and whether it is a pre-release."""

    __slots__ = ("text", "numbers", "pre")

    def __init__(self, text: str):
        found = NUMBERS.fullmatch(text.strip())
        if found is None:
            raise ValueError(f"not a version: {text!r}")
        numbers = [int(n) for n in found.group(1).split(".")]
        while len(numbers) > 1 and numbers[-1] == 0:
            numbers.pop()
        rest = found.group(2).split("+", 1)[0]  # build metadata (+incompatible) does not order
        self.text, self.numbers, self.pre = text.strip(), tuple(numbers), bool(rest.strip(".-_"))

    def _key(self) -> tuple:
        return self.numbers, not self.pre

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Version) and self._key() == other._key()

    def __lt__(self, other: Version) -> bool:
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Version({self.text!r})"


def version(text: str) -> Version | None:
    """The version written, or None when it is none (a Go pseudo-version of no release is none:
    the commit may be any)."""
    if PSEUDO.fullmatch(text.strip()):
        return None
    try:
        return Version(text)
    except ValueError:
        return None


# ---------------------------------------------------------------- ranges
COMPARATOR = re.compile(r"(\^|~>|~=|~|>=|<=|>|<|==|=|!=)?\s*v?([0-9][0-9A-Za-z.\-+*]*|[xX*])")
WILDCARD = re.compile(r"\.?[xX*+](\..*)?$")  # 1.2.x, 11.*, Gradle's 5.+


def lowest(spec: str) -> str | None:
    """The lowest version a range admits, as written in it; None when it admits any (or cannot be
    read). npm and Composer (``^1.2``, ``~1.2``, ``1.2.x``, ``>=1.2 <2``, ``a || b``, ``a - b``),
    RubyGems (``~> 4.17``, ``>= 4.0, < 5``), Maven and NuGet (``[5.0,6.0)``, ``(,6.0]``, ``5.+``)."""
    text = spec.strip()
    if not text:
        return None
    if text[0] in "[(":
        return _interval(text)
    alternatives = [a for a in re.split(r"\s*\|\|?\s*", text) if a]
    found = [_conjunction(a) for a in alternatives]
    if not found or any(f is None for f in found):
        return None  # one alternative admits anything
    return min(found, key=Version)


def _conjunction(text: str) -> str | None:
    """The lowest version all comparators of one alternative admit: the highest lower bound."""
    text = re.sub(r"@\w+$", "", text.strip())  # Composer's stability flag (@dev, @stable)
    if " - " in text:  # npm's hyphen range: a - b
        text = text.split(" - ", 1)[0]
    bounds = []
    for operator, number in COMPARATOR.findall(text.replace(",", " ")):
        if operator in ("<", "<=", "!="):
            continue
        base = WILDCARD.sub("", number)
        if not base or version(base) is None:
            continue
        bounds.append(base.rstrip(".-"))
    return max(bounds, key=Version) if bounds else None


def _interval(text: str) -> str | None:
    """Maven's and NuGet's ``[low,high)``: its low end; ``(,high]`` admits anything below."""
    inner = text.strip("[]() ")
    low = inner.split(",", 1)[0].strip()
    return low if low and version(low) is not None else None


def admits_below(spec: str, since: str) -> bool:
    """Whether the range or version ``spec`` admits a release before ``since``."""
    low = lowest(spec)
    found, wanted = version(low) if low else None, version(since)
    return found is not None and wanted is not None and found < wanted
