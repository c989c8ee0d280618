"""File patterns as ruff reads them in ``exclude`` and ``per-file-ignores``.

The syntax is globset's (the library ruff uses), with its default of ``*`` also matching ``/``:
``*`` any run of characters, ``?`` one character, ``[abc]`` / ``[!abc]`` a class, ``{a,b}`` either
alternative, ``**/`` zero or more directories, a trailing ``/**`` everything below, ``\\`` escapes.
A pattern is anchored at the directory of the file that declares it (the command line's patterns at
the working directory); a pattern without ``/`` also matches a file's or directory's own name, so
``.venv`` excludes every directory called ``.venv``. The standard library's ``fnmatch`` differs on
``**/`` (it needs at least one directory) and has no ``{a,b}``, hence this small translation.
"""

from __future__ import annotations

import os
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

_CLASS_ESCAPES = frozenset("\\[]&~|^")


class GlobError(ValueError):
    """A pattern that cannot be read (an unclosed ``[`` or ``{``)."""


@dataclass(frozen=True)
class Glob:
    pattern: str
    absolute: re.Pattern[str]
    basename: re.Pattern[str] | None = None
    negated: bool = False

    @classmethod
    def anchored(cls, pattern: str, root: Path, negation: bool = False) -> Glob:
        """``pattern`` relative to ``root``; with ``negation``, a leading ``!`` inverts the match."""
        negated = negation and pattern.startswith("!")
        text = pattern[1:] if negated else pattern
        if not text:
            raise GlobError("an empty pattern matches nothing")
        prefix = "" if text.startswith("/") else root.absolute().as_posix().rstrip("/") + "/"
        joined = posixpath.normpath(prefix + text)
        if prefix and joined.startswith(prefix):
            absolute = re.escape(prefix) + translate(joined[len(prefix):])
        else:
            absolute = translate(joined)
        basename = None if "/" in text else re.compile(_whole(translate(text)))
        return cls(pattern, re.compile(_whole(absolute)), basename, negated)

    def matches(self, path: str | os.PathLike[str]) -> bool:
        """Whether the pattern matches ``path`` (made absolute against the working directory)."""
        return self.matches_absolute(absolute_posix(path))

    def matches_absolute(self, full: str) -> bool:
        """`matches` for a path already made absolute, in ``/`` form (see `absolute_posix`)."""
        hit = self.absolute.match(full) is not None or (
            self.basename is not None and self.basename.match(full[full.rfind("/") + 1:]) is not None)
        return hit != self.negated


def absolute_posix(path: str | os.PathLike[str]) -> str:
    full = os.path.abspath(path)
    return full if os.sep == "/" else full.replace(os.sep, "/")


def _whole(regex: str) -> str:
    return rf"(?s:{regex})\Z"


def translate(pattern: str) -> str:
    """The regular expression (unanchored at the end) for one glob pattern."""
    out: list[str] = []
    i, in_brace = 0, False
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i) and (i == 0 or pattern[i - 1] == "/"):
            out.append("(?:.*/)?")
            i += 3
            continue
        if char == "[":
            regex, i = _char_class(pattern, i)
            out.append(regex)
            continue
        if char == "\\" and i + 1 < len(pattern):
            out.append(re.escape(pattern[i + 1]))
            i += 2
            continue
        if char == "{":
            if in_brace:
                raise GlobError(f"{pattern!r}: nested {{ is not supported")
            in_brace = True
            out.append("(?:")
        elif char == "}" and in_brace:
            in_brace = False
            out.append(")")
        elif char == "," and in_brace:
            out.append("|")
        else:
            out.append({"*": ".*", "?": "."}.get(char) or re.escape(char))
        i += 1
    if in_brace:
        raise GlobError(f"{pattern!r}: unclosed {{")
    return "".join(out)


def _char_class(pattern: str, start: int) -> tuple[str, int]:
    """``[...]`` at ``start`` → (regex class, index after it). ``]`` first in the class is literal."""
    i = start + 1
    negate = i < len(pattern) and pattern[i] in "!^"
    i += negate
    first = i
    while i < len(pattern) and (pattern[i] != "]" or i == first):
        i += 1
    if i >= len(pattern):
        raise GlobError(f"{pattern!r}: unclosed [")
    body = "".join("\\" + c if c in _CLASS_ESCAPES else c for c in pattern[first:i])
    return f"[{'^' if negate else ''}{body}]", i + 1


@dataclass(frozen=True)
class GlobSet:
    """Globs without negation tested together, one regular expression for full paths and one
    for names (as globset's GlobSet), for the many checks of a walk."""

    absolute: re.Pattern[str] | None
    basename: re.Pattern[str] | None

    @classmethod
    def of(cls, globs: tuple[Glob, ...]) -> GlobSet:
        if any(glob.negated for glob in globs):
            raise GlobError("a negated pattern cannot join a set")

        def union(patterns: list[re.Pattern[str]]) -> re.Pattern[str] | None:
            return re.compile("|".join(p.pattern for p in patterns)) if patterns else None

        return cls(union([g.absolute for g in globs]), union([g.basename for g in globs if g.basename]))

    def matches_absolute(self, full: str) -> bool:
        return (self.absolute is not None and self.absolute.match(full) is not None) or (
            self.basename is not None and self.basename.match(full[full.rfind("/") + 1:]) is not None)
