"""File kinds, one object each, in one registry: how a kind's files are recognised, its newline
rule, its scanner and fixer, the parse check after a fix, its comment syntax for suppressions, and
the example filenames its rule examples are checked under.

A new file kind is one new module here (plus its scanner, and rule examples): list it in MODULES.
A kind's scanner, fixer and validator are functions of its module that import their stage when
first called (``from ..scan.python import scan`` inside the function), so a reader and a tool can
follow the route, a pre-commit run on a few YAML files never imports the Python machinery, and
``check`` never imports libcst. ``tests/test_file_kinds.py`` calls every one of them, so a broken
route fails the tests, not a user's first run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

# The order they are tried: kinds known by their names first (hosts among them: a workflow is
# never taken for GitLab CI), then the CI shape test (kinds/ci.py), the other kinds' own tests
# (a recording, a playbook's shape), and the endpoint-URL fallback last.
MODULES = ("python", "markdown", "rst", "workflow", "cisystems", "makefile", "justfile", "taskfile", "dockerfile",
           "notebook", "jenkinsfile", "httpfile", "collection", "ci", "cassette", "ansible", "shell", "httpdump", "json",
           "jsonlines", "proto", "javascript", "ruby", "go", "java", "php", "csharp", "other")


@dataclass(frozen=True)
class FileKind:
    """One kind of file. ``scanner(text, model)`` gives the touches, ``fixer(text, touches)``
    the edits by finding (``touches``: the findings to edit, each with the touch it was made
    from), and ``validator(text)`` raises when a rewritten text no longer parses.

    claims(path, head, explicit) says whether a file is of this kind; ``head`` reads the file's
    first bytes on demand. ``examples`` maps the ``written_as:`` of the rule examples this kind
    checks (ruletable.Example) to the filename they are checked under."""

    name: str
    claims: Callable[[Path, Callable[[int], bytes], bool], bool]
    scanner: Callable[[str, Any], list]
    newlines: str = "universal"
    fixer: Callable[[str, dict], dict] | None = None
    validator: Callable[[str], object] | None = None
    comment: str | None = "#"  # the line-comment marker ("#", "//"); None: no comments (JSON)
    comments: tuple[str, ...] = ()  # more markers a comment may start with (PHP's ``#`` beside ``//``)
    strings: str = "shell"  # how a line quotes strings, so a marker inside one is no comment: source/comments.py
    examples: dict[str, str] = field(default_factory=dict)
    cookie: bool = False
    title: str = ""  # as a report names the kind: "CI YAML"
    # How the kind's code spells the API's names (migrator/spelling.py STYLES), and the SDK whose
    # data in rules/model/<sdk>.yaml holds its irregular spellings (``spellings:``).
    styles: tuple[str, ...] = ("snake",)
    sdk: str | None = None
    # A ``-`` joins the words of a name (JSON: ``pip-runner`` is one name, where code's ``-`` is
    # an operator), so the prefilter finds no record's name after one (tokenshapes.py).
    hyphenated: bool = False
    # The fallback reader of files no other kind claims, asked after every other kind and after
    # the CI include graph (discover.kind_of): kinds/other.py.
    fallback: bool = False
    # A host: the regions of its text (migrator/regions), each read by its own kind.
    regions: Callable[[str], list] | None = None
    # How the kind reads a region's text given what its host knows there (``scope``: a CI job's
    # variables for shell); without it, as a file of the kind.
    region_scanner: Callable[[str, Any, Any], list] | None = None
    # The fix intents' half its fixer carries out (fix/intents FAMILIES): a ``text`` kind's fixes
    # are made where its text lies, so inside a region they are made in the host's pieces.
    family: str = "text"
    # The last row a suppression written on ``row`` covers (a Markdown comment before a fenced
    # block: the block's last row); None: its own row.
    reach: Callable[[str, int], int] | None = None
    # Whether every rule answers for the kind's examples (``rule``), or the kind answers as a host
    # (``host``: flagged, clean and rewritten examples among all rules; what its regions hold is
    # answered for by the kinds that read them): tests/test_rule_coverage.py.
    examples_per: str = "rule"
    # How the kind's code spells a value known only at run time, ``length`` characters long: the
    # host's template syntax in a region of this kind is spelled so (``$____`` in shell).
    placeholder: Callable[[int], str] | None = None
    # The scanner takes ``spots``, the lines where a rule's tokens stand (prefilter.spot_lines),
    # and visits only the code around them (scan/pyaround.py).
    scans_around: bool = False

    def scan(self, text: str, model, spots=None) -> list:
        return self.scanner(text, model) if spots is None else self.scanner(text, model, spots)

    def lines(self, text: str):
        """The text's lines, split by the kind's own newline rule (source/lines.py)."""
        from ..source import LineIndex

        return LineIndex(text, self.newlines)

    def edits(self, text: str, touches: dict) -> dict:
        """The edits of each finding in ``touches`` (each with the touch it was made from)."""
        return self.fixer(text, touches) if self.fixer else {}

    def scan_in(self, text: str, model, scope=None) -> list:
        """The touches of a region of this kind (``scope``: what its host knows there)."""
        if scope is not None and self.region_scanner is not None:
            return self.region_scanner(text, model, scope)
        return self.scanner(text, model)

    def parse_problem(self, text: str) -> str | None:
        """Why a rewritten file of this kind no longer parses, or None when it does (a host's
        regions are checked too, against the text before the fix: regions/dispatch.parse_problem)."""
        if self.validator is None:
            return None
        try:
            self.validator(text)
        except Exception as exc:  # noqa: BLE001 - every parser raises its own error type
            return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}".rstrip(": ")
        return None


_imported: dict[str, FileKind] = {}  # module name → its kind, for the modules imported so far
_named: dict[str, FileKind] = {}  # kind name → the kind, for the kinds asked for by name so far


def in_order() -> Iterator[FileKind]:
    """Every file kind, in the order they are tried when recognising a file, each module imported
    when the iteration reaches it: recognising a Python file, the first kind tried, imports no
    other kind, so a pre-commit run on a few Python files pays for no host it does not meet."""
    for name in MODULES:
        kind = _imported.get(name)
        if kind is None:
            kind = _imported[name] = import_module(f"{__name__}.{name}").KIND
        yield kind


@cache
def registry() -> tuple[FileKind, ...]:
    """Every file kind, in the order they are tried when recognising a file."""
    return tuple(in_order())


def by_name(name: str) -> FileKind:
    kind = _named.get(name)
    if kind is None:
        kind = next((k for k in in_order() if k.name == name), None)
        if kind is None:
            raise KeyError(f"no file kind {name!r}")
        _named[name] = kind
    return kind


def for_example(written_as: str) -> tuple[FileKind, str]:
    """(file kind, filename) a rule example of ``written_as: <written_as>`` is checked as."""
    for kind in registry():
        if written_as in kind.examples:
            return kind, kind.examples[written_as]
    raise KeyError(f"no file kind checks rule examples written as {written_as!r}")


def examples_written_as() -> tuple[str, ...]:
    """How rule examples may be written (``written_as:``), in the order of the file kinds."""
    return tuple(name for kind in registry() for name in kind.examples)


def kind_of(path: Path, explicit: bool = False, fallback: bool = True, data: bytes | None = None) -> FileKind | None:
    """The kind of a file, from its name and, where that is not enough, its first bytes; the
    fallback reader (`fallback_of`) last, and only when ``fallback``. ``data`` is the file's
    content where it is not on disk, or not as on disk (standard input, an editor's buffer): then
    nothing is read from disk."""
    head = _heads(path, data)
    found = next((kind for kind in in_order() if not kind.fallback and kind.claims(path, head, explicit)), None)
    return found or (fallback_of(path, explicit, data) if fallback else None)


def fallback_of(path: Path, explicit: bool = False, data: bytes | None = None) -> FileKind | None:
    """The fallback reader that takes a file no other kind claims (kinds/other.py), if any."""
    return next((kind for kind in registry() if kind.fallback and kind.claims(path, _heads(path, data), explicit)),
                None)


def _heads(path: Path, data: bytes | None) -> Callable[[int], bytes]:
    """``head(size)``: the first bytes of ``data`` when given, else of the file, read once per size."""
    if data is not None:
        return lambda size: data[:size]
    read: dict[int, bytes] = {}

    def head(size: int) -> bytes:
        if size not in read:
            read[size] = _head(path, size)
        return read[size]

    return head


def _head(path: Path, size: int) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError:
        return b""


def shebang(head: Callable[[int], bytes]) -> list[bytes]:
    """The words of a ``#!`` line (``/usr/bin/env python3`` → env, python3, …)."""
    first = head(128)
    if not first.startswith(b"#!"):
        return []
    return first.split(b"\n", 1)[0][2:].replace(b"/", b" ").split()
