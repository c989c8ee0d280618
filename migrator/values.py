"""The values every stage passes on: touches, hits, findings, reported findings, fixes and edits.

Every scanner produces `Touch`es; the rule table turns touches into `Hit`s, and resolving their
fixes into a file's `Found` (its `Finding`s, each with the touch it was made from); the fix engine
turns findings and their touches into `Edit`s; a report shows `Reported` findings. All of them are
frozen dataclasses, so scanners and rules stay pure functions of their input, and one `Finding`
shape serves every file kind and every reporter.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .details import KEYS, Expression, Origin, Range, Request, Shell, Telemetry, Written
from .frozen import frozen
from .syntax import Syntax

EVIDENCE_ORDER = ("bare", "named", "typed")
SEVERITIES = ("info", "low", "medium", "high", "critical")


class Applicability(StrEnum):
    """How safe a fix is, ordered as in ruff: display-only < unsafe < safe. A member equals its
    name as written in the rule table (``Applicability.SAFE == "safe"``)."""

    DISPLAY_ONLY = "display-only"
    UNSAFE = "unsafe"
    SAFE = "safe"

    @property
    def rank(self) -> int:
        return _RANK[self]

    def applies(self, level: Applicability | str) -> bool:
        """Whether a fix of this applicability is applied when ``level`` is asked for:
        ``unsafe`` applies at ``unsafe``; ``safe`` at ``safe`` and ``unsafe``; display-only never."""
        return self is not Applicability.DISPLAY_ONLY and self.rank >= Applicability(level).rank

    def __lt__(self, other: object) -> bool:
        return self.rank < Applicability(other).rank  # type: ignore[arg-type]

    def __le__(self, other: object) -> bool:
        return self.rank <= Applicability(other).rank  # type: ignore[arg-type]

    def __gt__(self, other: object) -> bool:
        return self.rank > Applicability(other).rank  # type: ignore[arg-type]

    def __ge__(self, other: object) -> bool:
        return self.rank >= Applicability(other).rank  # type: ignore[arg-type]


_RANK = {Applicability.DISPLAY_ONLY: 0, Applicability.UNSAFE: 1, Applicability.SAFE: 2}
APPLICABILITIES = tuple(a.value for a in reversed(Applicability))


class _NoValue:
    """Marks a touch that carries no literal value (distinct from a literal None / null)."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NO_VALUE"

    def __reduce__(self):
        return (_NoValue, ())


NO_VALUE: Any = _NoValue()


def show_value(value: Any) -> str:
    """A literal as a user would type it in JSON: null, true, false, 2, cannot_be_merged."""
    if value is NO_VALUE:
        return ""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return " or ".join(show_value(v) for v in value)
    return str(value)


@frozen(order=True)
class Position:
    """A 1-based row and column, as ruff reports them."""

    row: int
    column: int


@frozen(order=True)
class Span:
    """Where a finding is, from its start to its end position (1-based rows and columns)."""

    start: Position
    end: Position

    @classmethod
    def of(cls, row: int, col: int, end_row: int, end_col: int) -> Span:
        return cls(Position(row, col), Position(end_row, end_col))


@frozen
class Touch:
    """One thing a file does to the API, with where it does it (``range``: offsets in the file).

    role     endpoint | field | param | call | telemetry | suppression: what the touch is
    name     field, parameter or client attribute name; for an endpoint, the matched path
             template (``/runners/:id``); for telemetry, ``Message.field`` or ``Message``
    record   the record the touch concerns (``merge_request``, ``runner`` …) when known
    evidence typed | named | bare: how sure the scanner is about ``record``
    context  read | write | key | compare | create | update | filter | call | define | value
    value    the literal value involved (compared with, assigned, sent), or NO_VALUE
    syntax   the syntactic form, for the fixers (migrator/syntax.py)

    The rest are its details, one typed family each (migrator/details.py): the request it is part
    of, how its ``name=value`` is written, how a field read is used in an expression, where a
    shell command writes it, where its text came from, and what telemetry it concerns.
    """

    role: str
    name: str
    range: Range
    record: str | None = None
    evidence: str = "bare"
    context: str = "read"
    method: str | None = None
    value: Any = NO_VALUE
    syntax: Syntax = Syntax.NONE
    request: Request | None = None
    written: Written | None = None
    expression: Expression | None = None
    shell: Shell | None = None
    origin: Origin = Origin()
    telemetry: Telemetry | None = None

    def __post_init__(self) -> None:
        if type(self.syntax) is not Syntax:
            object.__setattr__(self, "syntax", Syntax(self.syntax))

    def get(self, key: str, default: Any = None) -> Any:
        """A detail by name (``location``, ``path``, ``op`` …), as rules name them in
        ``match: detail:``; ``default`` when the touch has none (no value, false or empty)."""
        family = KEYS.get(key)
        value = getattr(getattr(self, family), key) if family and getattr(self, family) is not None else None
        return default if value is None or value is False or value == () else value

    @property
    def has_value(self) -> bool:
        return self.value is not NO_VALUE

    @property
    def siblings(self) -> dict[str, Any]:
        """The other names (and literal values) of the container the touch is written in."""
        return dict(self.written.siblings) if self.written else {}


@frozen
class Edit:
    """Replace the text between two offsets with ``content``. ``span`` (rows and columns) is
    filled only where a report shows the edit."""

    content: str
    start: int
    end: int
    span: Span | None = field(default=None, compare=False)


@frozen
class ValueMap:
    """One literal value and what replaces it: ``scope="active"`` becomes ``paused=False``."""

    value: Any
    to_name: str
    to_value: Any
    applicability: str
    note: str = ""


@frozen
class ContextApplicability:
    """The applicability of a fix where the touch has this context (``create``, ``filter`` …),
    on any path or only on the request paths given (``/groups/:id/runners``)."""

    context: str
    applicability: str
    note: str = ""
    paths: tuple[str, ...] = ()


@frozen
class FixIntent:
    """What a rule's fix does, as data (rules/*.yaml ``fix:``), before any syntax is involved.

    intent  rename | negate-boolean | map-values | rewrite-path | drop-null | none
    """

    intent: str
    applicability: str
    reason: str
    message: str
    to: str | None = None
    segment: str | None = None
    values: tuple[ValueMap, ...] = ()
    contexts: tuple[ContextApplicability, ...] = ()
    display_only_paths: tuple[str, ...] = ()
    other_values: str = ""


@frozen(interned=("message",))
class Fix:
    """A finding's fix: how safe it is, what it says, its edits once made, and the rule's intent."""

    applicability: Applicability
    message: str
    edits: tuple[Edit, ...] = ()
    intent: FixIntent | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "applicability", Applicability(self.applicability))


@frozen
class Cell:
    """Where a finding in a notebook starts, as ruff tells it: the cell (1-based, every cell
    counted) and the row and column in that cell's source."""

    number: int
    row: int
    column: int


FINDING_TEXTS = ("code", "name", "item", "message", "severity", "evidence", "url")  # interned as unpickled


@frozen(interned=FINDING_TEXTS)
class Finding:
    """A rule's report of a touch (or migrator's own: a file it could not parse), located, its
    fix resolved: what the pipeline's stages from resolve on pass on, one file's in a `Found`."""

    code: str
    name: str
    item: str | None
    message: str
    severity: str
    evidence: str
    filename: str
    span: Span
    url: str | None = None
    fix: Fix | None = None
    range: Range = (0, 0)
    cell: Cell | None = field(default=None, compare=False)  # in a notebook (pipeline.in_cells)

    def fixable(self, unsafe: bool = False) -> bool:
        """Whether ``fix`` applies this finding's fix (``unsafe``: with --unsafe-fixes)."""
        level = Applicability.UNSAFE if unsafe else Applicability.SAFE
        return self.fix is not None and self.fix.applicability.applies(level)

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.filename, self.span.start.row, self.span.start.column, self.code)


@frozen
class Hit:
    """The match stage's output: a rule's clause met by a touch, as the finding it becomes, with
    the touch and what resolving its fix needs and no later stage reads: the rule's fix intent,
    the lowest evidence the clause accepts and the records it names (fix/intents.resolve turns
    hits into a `Found`)."""

    finding: Finding
    touch: Touch
    intent: FixIntent | None = None
    floor: str = "bare"
    records: tuple[str, ...] = ()


@frozen
class Found:
    """One file's findings as the pipeline made them (resolve, hold back, filter: each stage
    passes a `Found` on), each with the touch it was made from (None: a parse error), in one
    order. A fixer makes a finding's edits from its touch (fix/edits.py), so a finding's edits
    come from what the check of its file returned, never from checking the file again. A worker
    ships no touches: a report's findings are `Reported`, with their edits made in the worker
    where the report shows them (app/check.py)."""

    findings: tuple[Finding, ...] = ()
    touches: tuple[Touch | None, ...] = ()

    @classmethod
    def of(cls, pairs: Iterable[tuple[Finding, Touch | None]]) -> Found:
        pairs = list(pairs)
        return cls(tuple(f for f, _ in pairs), tuple(t for _, t in pairs))

    @property
    def pairs(self) -> Iterator[tuple[Finding, Touch | None]]:
        return zip(self.findings, self.touches)

    def kept(self, keep: Callable[[Finding], bool]) -> Found:
        """The findings ``keep`` keeps, with their touches."""
        return Found.of(pair for pair in self.pairs if keep(pair[0]))

    def reported(self, kind: str, lines: Any) -> list[Reported]:
        """The findings as a report shows them (``lines``: the file's `LineIndex`): each made from
        a touch with the line it starts on, each with the file's kind."""
        return [Reported.of(f, lines.line_at(f.range[0]) if t is not None else "", kind) for f, t in self.pairs]


@frozen(interned=(*FINDING_TEXTS, "kind"))
class Reported(Finding):
    """The report stage's finding: with what a report shows besides what the finding is, filled
    where it is known: the text of the line it starts on (none for a parse error) and its file's
    kind (migrator/kinds: python, ci, …) where its file's text is (`Found.reported`, in the
    worker), the repository it was found in (``--repository``, or the git remote:
    app/repository.py) where the report is made."""

    source_line: str = field(default="", compare=False)
    repository: str | None = field(default=None, compare=False)
    kind: str = field(default="", compare=False)

    @classmethod
    def of(cls, finding: Finding, source_line: str = "", kind: str = "", repository: str | None = None) -> Reported:
        return cls(*finding.__getstate__(), source_line, repository, kind)


class ScanError(Exception):
    """A file could not be parsed; the pipeline turns it into one parse-error finding, at
    ``offset`` in the file's text, or at a row and column where the parser gives those."""

    def __init__(self, message: str, row: int = 1, column: int = 1, offset: int | None = None):
        super().__init__(message)
        self.message = message
        self.row = max(row, 1)
        self.column = max(column, 1)
        self.offset = offset

    @classmethod
    def at(cls, message: str, offset: int) -> ScanError:
        return cls(message, offset=offset)
