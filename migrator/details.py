"""What a touch carries besides its role, name, record and value, per family: frozen dataclasses
the scanners fill in and the fixers and check functions read (values.Touch holds one of each
family, or None).

Rules match on details as data (``match: detail: {location: query}``): `Touch.get` looks a name
up on the touch's details, so every field name below is unique across the families.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from .frozen import frozen

Range = tuple[int, int]
"""Character offsets into a file's text, start inclusive, end exclusive (ruff's TextRange)."""
Siblings = tuple[tuple[str, Any], ...]


@frozen
class Request:
    """The request an endpoint or a parameter touch is part of.

    path        for an endpoint, the concrete normalized path; for a parameter, the endpoint's
                model template (or the normalized path)
    location    where a parameter is sent: query, body, form, header, auth
    auth        the credential type of the request: deploy-token, job-token, private-token, oauth
    client      who sends it, in Python: http (requests, httpx, …) or python-gitlab
    credential  the credential type this parameter itself carries
    """

    path: str | None = None
    location: str | None = None
    auth: str | None = None
    client: str | None = None
    credential: str | None = None


@frozen
class Written:
    """How a ``name=value`` (a dict entry, a keyword argument, a field a command sends, a JSON
    member, an assignment to a field) is written.

    key_span    where the name is written (inside any quotes)
    value_span  where the value is written (the assigned value, for an assignment)
    statement   the assignment is a statement of its own (``x.f = v``)
    raw         a number as written (``52.5200000``)
    siblings    the other names, with their literal values, of the dict, call, query string,
                form, JSON object or command the entry is written in
    """

    key_span: Range | None = None
    value_span: Range | None = None
    statement: bool = False
    raw: str | None = None
    siblings: Siblings = ()


@frozen
class Expression:
    """How a field read is used in an expression (Python, jq).

    op        the operator it is compared with a literal by: Eq, NotEq, Is, IsNot, In, …
    compare   the range of the whole comparison (both operands)
    negated   Python: it is the operand of ``not``
    term      jq: the field is a whole path on its own (``.active``; not ``.x.active``)
    nullable  its value may be null where negating it throws (Java's ``Boolean getActive()``)
    declared  the fields the SDK's type of the record declares, where its data lists them
              (NGitLab's MergeRequest has no MergeUser): a fix naming another one would not compile
    """

    op: str | None = None
    compare: Range | None = None
    negated: bool = False
    term: bool = False
    nullable: bool = False
    declared: tuple[str, ...] | None = None


@frozen
class Shell:
    """Where a shell command writes a field or a jq filter: the ``word`` holding it, and what
    removes the field: its option and argument (``words``, taken with the blank around them), or
    ``k=v`` with one ``&`` inside a word (``piece``); neither when that cannot be done exactly."""

    word: Range
    words: Range | None = None
    piece: Range | None = None


@frozen
class Origin:
    """Where the text a touch was read from came from.

    recorded     recorded traffic (a fixture, a cassette, a HAR file): its fixes are unsafe,
                 since the recording must change together with the code that replays it
    embedded     the touch is inside a string of the file: json-string, yaml-block, yaml-flow, binary,
                 python-string, shell-string (a mock response written in a program)
    approximate  the position inside that string is estimated: never edit it
    sdk          the SDK whose types the touch is read through (``mr.MergedBy`` of the Go client's
                 ``gitlab.MergeRequest``, a key of gitbeaker's options: rules/model/<sdk>.yaml):
                 a name its fix writes must be one the project's release of that SDK has (pins/)
    """

    recorded: bool = False
    embedded: str | None = None
    approximate: bool = False
    sdk: str | None = None


@frozen
class Telemetry:
    """A telemetry message or field, defined (.proto) or set (code, recordings).

    message, field   the message, and the field's name (None for the message itself)
    source           the value's expression as written (code, recordings)
    number, type, label, oneof   the field's definition (.proto)
    part             header or end of a message definition (.proto)
    package, keyword the .proto file's package; ``edition`` for an edition file's syntax
    fields           the fields a recorded message holds
    clock_scale      log10 of the ticks per second of a clock expression (scan/pyclock.py)
    """

    message: str | None = None
    field: str | None = None
    source: str | None = None
    number: int | None = None
    type: str | None = None
    label: str | None = None
    oneof: str | None = None
    part: str | None = None
    package: str | None = None
    keyword: str | None = None
    fields: tuple[str, ...] | None = None
    clock_scale: float | None = None


FAMILIES = {"request": Request, "written": Written, "expression": Expression, "shell": Shell, "origin": Origin,
            "telemetry": Telemetry}
KEYS = {f.name: family for family, cls in FAMILIES.items() for f in fields(cls)}
"""Each detail's name → the family (the Touch attribute) holding it."""


def others(entries: Sequence[tuple[str, Any]], index: int) -> Siblings:
    """The (name, value) entries of a container but the one at ``index``: a touch's siblings.
    Every entry's siblings share the container's one tuple, so a dict of n keys holds n entries,
    not n² (a generated table of 30,000 keys would otherwise take gigabytes)."""
    return Others(tuple(entries) if not isinstance(entries, tuple) else entries, index)


class Others(tuple):
    """A container's entries but one: a tuple of them to every reader, made without copying."""

    __slots__ = ()

    def __new__(cls, entries: tuple, index: int) -> Others:
        return super().__new__(cls, (entries, index))

    def _parts(self) -> tuple[tuple, int]:
        return tuple.__getitem__(self, 0), tuple.__getitem__(self, 1)

    def __iter__(self):
        entries, index = self._parts()
        return (e for i, e in enumerate(entries) if i != index)

    def __len__(self) -> int:
        return len(tuple.__getitem__(self, 0)) - 1

    def __getitem__(self, item):
        return tuple(self)[item]

    def __contains__(self, item: object) -> bool:
        return any(e == item for e in self)

    def __add__(self, other: tuple) -> tuple:
        return tuple(self) + tuple(other)

    def __radd__(self, other: tuple) -> tuple:
        return tuple(other) + tuple(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, tuple) and len(self) == len(other) and all(a == b for a, b in zip(self, other))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self):
        return Others, self._parts()
