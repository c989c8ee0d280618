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

import hashlib
import os
import pickle
import posixpath
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

_CLASS_ESCAPES = frozenset("\\[]&~|^")
_SPECIAL = re.compile(r"[*?\[{\\]")  # what makes a pattern more than a literal path


class GlobError(ValueError):
    """A pattern that cannot be read (an unclosed ``[`` or ``{``, a class such as ``[z-a]``)."""


@cache
def _compiled(source: str) -> re.Pattern[str]:
    """Each regular expression compiled once per process (``re``'s own cache holds 512, fewer than
    a large configuration's patterns, and a process unpickling settings would compile them again)."""
    return re.compile(source)


@dataclass(frozen=True)
class Glob:
    """One pattern, as the sources of its regular expressions (compiled where first used): the
    path's is the literal ``directory`` the pattern starts in followed by ``tail``, so that a
    table of many patterns (`GlobTable`) only tries those whose directory holds the path."""

    pattern: str
    directory: str  # the longest run of whole literal directories the pattern starts with ("/repo/src/")
    tail: str  # the regular expression of the rest (unanchored at the end)
    name: str | None = None  # a pattern without "/" also matches a name: its regular expression
    negated: bool = False
    exact: str | None = None  # the one path a pattern without wildcards matches

    @classmethod
    def anchored(cls, pattern: str, root: Path, negation: bool = False) -> Glob:
        """``pattern`` relative to ``root``; with ``negation``, a leading ``!`` inverts the match."""
        negated = negation and pattern.startswith("!")
        text = pattern[1:] if negated else pattern
        if not text:
            raise GlobError("an empty pattern matches nothing")
        prefix = "" if text.startswith("/") else root.absolute().as_posix().rstrip("/") + "/"
        joined = posixpath.normpath(prefix + text)
        literal = len(prefix) if prefix and joined.startswith(prefix) else 0  # the root is taken literally
        special = _SPECIAL.search(joined, literal)
        cut = joined.rfind("/", 0, special.start() if special else len(joined)) + 1
        name = None if "/" in text else _whole(translate(text))
        return cls(pattern, joined[:cut], translate(joined[cut:]), name, negated, None if special else joined)

    @property
    def regex(self) -> str:
        """The regular expression of the whole (absolute, ``/``-separated) path."""
        return _whole(re.escape(self.directory) + self.tail)

    @property
    def absolute(self) -> re.Pattern[str]:
        return _compiled(self.regex)

    @property
    def basename(self) -> re.Pattern[str] | None:
        return None if self.name is None else _compiled(self.name)

    def matches(self, path: str | os.PathLike[str]) -> bool:
        """Whether the pattern matches ``path`` (made absolute against the working directory)."""
        return self.matches_absolute(absolute_posix(path))

    def matches_absolute(self, full: str) -> bool:
        """`matches` for a path already made absolute, in ``/`` form (see `absolute_posix`)."""
        hit = self.absolute.match(full) is not None or (
            self.name is not None and self.basename.match(full[full.rfind("/") + 1:]) is not None)
        return hit != self.negated


def absolute_posix(path: str | os.PathLike[str]) -> str:
    full = os.path.abspath(path)
    return full if os.sep == "/" else full.replace(os.sep, "/")


def _whole(regex: str) -> str:
    return rf"(?s:{regex})\Z"


def translate(pattern: str) -> str:
    """The regular expression (unanchored at the end) for one glob pattern."""
    if _SPECIAL.search(pattern) is None:  # a literal path, as most of a long list of files are
        return re.escape(pattern)
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
    regex = f"[{'^' if negate else ''}{body}]"
    try:  # the one part of a translation that can be wrong: a range such as z-a
        _compiled(regex)
    except re.error as exc:
        raise GlobError(f"{pattern!r}: {pattern[start:i + 1]}: {exc.msg}") from None
    return regex, i + 1


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
        return cls(_union([g.regex for g in globs]), _union([g.name for g in globs if g.name]))

    def matches_absolute(self, full: str) -> bool:
        return (self.absolute is not None and self.absolute.match(full) is not None) or (
            self.basename is not None and self.basename.match(full[full.rfind("/") + 1:]) is not None)


def _union(regexes: list[str]) -> re.Pattern[str] | None:
    """One regular expression matching what any of ``regexes`` matches (they hold no ``|`` outside
    a group, so plain alternation keeps each whole)."""
    return _compiled("|".join(regexes)) if regexes else None


@dataclass(frozen=True)
class GlobTable:
    """Patterns with the codes each turns off (``per-file-ignores``), compiled once into one
    matcher, so that a file costs a few look-ups instead of a test per pattern: a literal path is
    one dictionary look-up (a literal name another); the other patterns are one regular
    expression per literal directory they start in and group of codes, tried only for paths
    below that directory; only negated patterns are tried one by one. The answer, per path, is
    the union of the codes of every pattern that matches it, as pattern by pattern.

    It pickles (into each worker, with the settings of every batch of files) as one blob and its
    digest: a process that has seen the table reuses it, compiled expressions and all."""

    pairs: tuple[tuple[Glob, frozenset[str]], ...] = ()
    _index: _Index = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", _Index(self.pairs))

    def __len__(self) -> int:
        return len(self.pairs)

    def __iter__(self):
        return iter(self.pairs)

    def codes(self, full: str) -> frozenset[str]:
        """The union of the codes of the patterns matching ``full`` (absolute, ``/`` form)."""
        return self._index.codes(full) if self.pairs else frozenset()

    def __reduce__(self) -> tuple:
        return _restore, self._index.packed(self.pairs, self)


_TABLES: dict[str, GlobTable] = {}  # digest → the table, in this process
MEMO_LIMIT = 100_000  # paths whose answer a table remembers (a finding asks again for its file's)


def _restore(digest: str, blob: bytes) -> GlobTable:
    table = _TABLES.get(digest)
    if table is None:
        table = _TABLES[digest] = GlobTable(pickle.loads(blob))
    return table


class _Index:
    """A `GlobTable`'s look-up structures; each group's regular expression is compiled when a
    path below its directory first asks."""

    def __init__(self, pairs: tuple[tuple[Glob, frozenset[str]], ...]) -> None:
        self.exact: dict[str, frozenset[str]] = {}
        self.names: dict[str, frozenset[str]] = {}
        by_directory: dict[str, list[tuple[str, frozenset[str]]]] = {}
        by_name: list[tuple[str, frozenset[str]]] = []
        self.negated: list[tuple[Glob, frozenset[str]]] = []
        for glob, codes in pairs:
            if glob.negated:
                self.negated.append((glob, codes))
            elif glob.exact is not None:
                self.exact[glob.exact] = self.exact.get(glob.exact, frozenset()) | codes
                if glob.name is not None:  # no "/": the pattern is the name itself
                    self.names[glob.pattern] = self.names.get(glob.pattern, frozenset()) | codes
            else:
                by_directory.setdefault(glob.directory, []).append((glob.tail, codes))
                if glob.name is not None:
                    by_name.append((glob.name, codes))
        self.directories = {d: _Groups(entries) for d, entries in by_directory.items()}
        self.by_name = _Groups(by_name, whole=False)
        self.memo: dict[str, frozenset[str]] = {}
        self.blob: tuple[str, bytes] | None = None

    def codes(self, full: str) -> frozenset[str]:
        found = self.memo.get(full)
        if found is None:
            if len(self.memo) >= MEMO_LIMIT:
                self.memo.clear()
            found = self.memo[full] = self._codes(full)
        return found

    def _codes(self, full: str) -> frozenset[str]:
        name = full[full.rfind("/") + 1:]
        out = self.exact.get(full, frozenset()) | self.names.get(name, frozenset()) | self.by_name.codes(name)
        end = 0  # each directory above the path, from "" (a pattern with no literal directory) down
        while end >= 0:
            groups = self.directories.get(full[:end])
            if groups is not None:
                out |= groups.codes(full[end:])
            end = full.find("/", end) + 1 or -1
        for glob, codes in self.negated:
            if glob.matches_absolute(full):
                out |= codes
        return out

    def packed(self, pairs: tuple[tuple[Glob, frozenset[str]], ...], table: GlobTable) -> tuple[str, bytes]:
        """(digest, blob): the table's pickled form, made once."""
        if self.blob is None:
            blob = pickle.dumps(pairs, protocol=pickle.HIGHEST_PROTOCOL)
            digest = hashlib.sha256(blob).hexdigest()
            _TABLES.setdefault(digest, table)
            self.blob = (digest, blob)
        return self.blob


class _Groups:
    """Regular expressions (sources, with their codes) tried together: one per set of codes, or
    one per code where that makes fewer (every pattern naming its own mix of codes)."""

    def __init__(self, entries: list[tuple[str, frozenset[str]]], whole: bool = True) -> None:
        by_codes: dict[frozenset[str], list[str]] = {}
        for source, codes in entries:
            by_codes.setdefault(codes, []).append(source)
        every = frozenset().union(*by_codes)
        if len(by_codes) > len(every):
            by_codes = {frozenset((code,)): [s for s, codes in entries if code in codes] for code in sorted(every)}
        self.sources = [(codes, sources) for codes, sources in by_codes.items()]
        self.whole = whole  # sources are tails (end anchor to add) rather than whole expressions
        self.compiled: list[tuple[frozenset[str], re.Pattern[str]]] | None = None

    def codes(self, text: str) -> frozenset[str]:
        if not self.sources:
            return frozenset()
        if self.compiled is None:
            join = (lambda s: _whole("|".join(s))) if self.whole else "|".join
            self.compiled = [(codes, _compiled(join(sources))) for codes, sources in self.sources]
        out: frozenset[str] = frozenset()
        for codes, regex in self.compiled:
            if not codes <= out and regex.match(text) is not None:
                out |= codes
        return out
