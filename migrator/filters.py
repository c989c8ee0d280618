"""Stage: filter. Suppressions written in a file's comments, in ruff's spelling and migrator's own:

    # noqa                             every finding on this line
    # noqa: MIG010, MIG011             these codes on this line (ruff's habit)
    # migrator: ignore[MIG010]         these codes on this line (ruff's RUF100 never deletes it)
    # migrator: file-ignore[MIG010]    these codes anywhere in the file (the comment may be anywhere)

``//`` takes the place of ``#`` where the file kind's comments start with it (.proto; PHP's start
with either, ``FileKind.comments``). A directive
counts only inside a real comment of the file's kind (source/comments.py): ``"# noqa"`` in a string
suppresses nothing. An in-line directive applies to findings that start on its line. Codes are
rule codes, case-insensitive, separated by commas or blanks. Files without comments (JSON, HAR,
JSON lines) use ``per-file-ignores`` (config.py).

A code of a rule this file is checked with that suppresses no finding becomes a ``suppression``
touch, which the rule table reports like any other (rules/unused-suppression.yaml: MIG900). Its
fix is computed here and carried in the finding: it removes that code and one separator, or the
whole directive (with its comment, or its line) when it was the only code. A bare ``# noqa``,
other tools' codes and codes of rules the file is not checked with (the selection, per-file-ignores)
are never reported.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from .kinds import FileKind
from .match import match_file
from .details import Written
from .syntax import Syntax
from .ruletable import Rule, RuleTable
from .source import LineIndex
from .source.comments import comment_starts
from .values import Edit, Finding, Fix, Found, Hit, Touch

SUPPRESSION = "suppression"  # the role of the touches this stage makes, for rules/unused-suppression.yaml
MARKERS = re.compile(r"noqa|migrator:", re.IGNORECASE)
CODE = re.compile(r"[A-Za-z]+[0-9]+\b")
WHERE = {"noqa": "on this line", "ignore": "on this line", "file-ignore": "in this file"}


@dataclass(frozen=True)
class Code:
    """A rule code written in a suppression comment, with where it is written."""

    code: str   # upper case, as rules spell it
    start: int  # where it is written
    end: int


@dataclass(frozen=True)
class Directive:
    """One suppression in a comment: ``form`` noqa, ignore or file-ignore; ``start`` is its
    comment ``marker``, ``end`` follows its last code (or its closing bracket). It covers the
    rows ``row`` to ``last`` (a Markdown comment before a fenced block: the block's rows)."""

    form: str
    marker: str
    row: int
    start: int
    end: int
    codes: tuple[Code, ...] = ()
    last: int = 0

    @property
    def rows(self) -> range:
        return range(self.row, max(self.last, self.row) + 1)

    @property
    def bare(self) -> bool:
        return self.form == "noqa" and not self.codes

    def covers(self, code: str) -> bool:
        return self.bare or any(c.code == code for c in self.codes)


@cache
def pattern(marker: str) -> re.Pattern[str]:
    """A directive after a comment marker; bad codes after ``noqa:`` leave it bare, as before."""
    code = CODE.pattern
    return re.compile(
        rf"{re.escape(marker)}[ \t]*(?:noqa(?::[ \t]*(?P<noqa>{code}(?:[ \t]*,?[ \t]*{code})*)|(?![\w-]))"
        rf"|migrator:[ \t]*(?P<form>file-ignore|ignore)\[(?P<codes>[^\]\r\n]*)\])",
        re.IGNORECASE,
    )


def directives(text: str, lines: LineIndex, kind: FileKind) -> list[Directive]:
    """Every suppression in the file's comments, in order: the host's own, and those written in
    the comments of its regions, as each region's kind writes them (migrator/regions)."""
    lowered = text.lower()  # the cheap test first: a case-insensitive search is thirty times slower
    if "noqa" not in lowered and "migrator:" not in lowered:
        return []
    found = _own(text, lines, kind) if kind.comment is not None else []
    if kind.regions is None:
        return found
    for region in kind.regions(text):
        found.extend(_moved(directive, region, lines) for directive in _in_region(region))
    return list({d.start: d for d in sorted(found, key=lambda d: d.start, reverse=True)}.values())[::-1]


def _own(text: str, lines: LineIndex, kind: FileKind) -> list[Directive]:
    rows = {lines.row(m.start()) for m in MARKERS.finditer(text)}
    found = []
    for row, start in sorted(comment_starts(text, lines, kind.strings, rows).items()):
        marker = next((m for m in (kind.comment, *kind.comments) if text.startswith(m, start)), kind.comment)
        for match in pattern(marker).finditer(text, start, lines.line_end(row)):
            form, group = (match.group("form").lower(), "codes") if match.group("form") else ("noqa", "noqa")
            codes: tuple[Code, ...] = ()
            if match.group(group) is not None:
                codes = tuple(Code(c.group().upper(), c.start(), c.end())
                              for c in CODE.finditer(text, *match.span(group)))
            last = kind.reach(text, row) if kind.reach is not None else row
            found.append(Directive(form, marker, row, match.start(), match.end(), codes, last))
    return found


def _in_region(region) -> list[Directive]:
    from . import kinds

    kind = kinds.by_name(region.kind)
    return directives(region.text, LineIndex(region.text, kind.newlines), kind) if kind.comment or kind.regions else []


def _moved(directive: Directive, region, lines: LineIndex) -> Directive:
    """A region's directive at its place in the host."""
    where = region.where
    codes = tuple(Code(c.code, where(c.start), where.end(c.end)) for c in directive.codes)
    start = where(directive.start)
    return Directive(directive.form, directive.marker, lines.row(start), start, where.end(directive.end), codes)


def filtered(found: Found, text: str, kind: FileKind, lines: LineIndex, rules: Sequence[Rule],
             table: RuleTable, filename: str) -> Found:
    """The findings no suppression covers, and the unused-suppression findings."""
    written = directives(text, lines, kind)
    if not written:
        return found
    kept, used = suppress(found.pairs, written)
    own = [r for r in rules if reports_suppressions(r)]
    reportable = {r.code for r in rules} - {r.code for r in own}
    touches = list(unused(written, used, reportable, lines))
    if not touches or not own:
        return Found.of(kept)
    reported = [(carry_edit(hit), hit.touch) for hit in match_file(touches, own, filename, lines, table)]
    return Found.of(sorted(kept + suppress(reported, written)[0], key=lambda pair: pair[0].sort_key))


Pair = tuple[Finding, Touch | None]  # a finding and the touch it was made from (values.Found)


def suppress(pairs: Iterable[Pair], found: Sequence[Directive]) -> tuple[list[Pair], set]:
    """(the findings no directive covers, with their touches; the (directive, code) pairs that
    covered one). A finding two directives cover uses both: neither is reported as unused."""
    by_row: dict[int, list[Directive]] = defaultdict(list)
    whole = []
    for directive in found:
        if directive.form == "file-ignore":
            whole.append(directive)
        for row in directive.rows if directive.form != "file-ignore" else ():
            by_row[row].append(directive)
    kept, used = [], set()
    for pair in pairs:
        finding = pair[0]
        hits = [d for d in by_row.get(finding.span.start.row, []) + whole if d.covers(finding.code)]
        used.update((d, finding.code) for d in hits)
        if not hits:
            kept.append(pair)
    return kept, used


def reports_suppressions(rule: Rule) -> bool:
    return any(clause.touch == SUPPRESSION for clause in rule.match)


def unused(found: Sequence[Directive], used: set, reportable: set[str], lines: LineIndex) -> Iterable[Touch]:
    """A ``suppression`` touch for each reportable code that covered no finding."""
    for directive in found:
        for index, code in enumerate(directive.codes):
            if code.code in reportable and (directive, code.code) not in used:
                # key_span: what removing the code takes away (the code and a separator, or the
                # whole directive when it is the only code)
                yield Touch(SUPPRESSION, code.code, (code.start, code.end), evidence="typed", context="unused",
                            value=WHERE[directive.form], syntax=Syntax.COMMENT,
                            written=Written(key_span=removal(directive, index, lines)))


def carry_edit(hit: Hit) -> Finding:
    """The hit's finding with its fix and the fix's edit, made here (fix/edits.py uses carried
    edits as they are): removing the code takes away what the touch's ``key_span`` covers."""
    finding, intent, touch = hit.finding, hit.intent, hit.touch
    if intent is None or touch.written is None or touch.written.key_span is None:
        return finding
    start, end = touch.written.key_span
    fix = Fix(intent.applicability, intent.message.format(name=touch.name), (Edit("", start, end),), intent=intent)
    return replace(finding, fix=fix)


def removal(directive: Directive, index: int, lines: LineIndex) -> tuple[int, int]:
    """The text that removing one code takes away: the code and the separator after it (before
    it, for the last code); the whole directive when it is the only code."""
    codes = directive.codes
    if len(codes) > 1:
        if index + 1 < len(codes):
            return codes[index].start, codes[index + 1].start
        return codes[index - 1].end, codes[index].end
    return directive_removal(directive, lines)


def directive_removal(directive: Directive, lines: LineIndex) -> tuple[int, int]:
    """The whole directive: with a later comment on the line, up to it; otherwise with the rest
    of the comment (its reason) and the blanks before it, or with its line when nothing else is on it."""
    text, row = lines.text, directive.row
    line_start, line_end = lines.starts[row - 1], lines.line_end(row)
    tail = text[directive.end:line_end]
    rest = tail.lstrip(" \t")
    if rest.startswith(directive.marker):
        return directive.start, directive.end + len(tail) - len(rest)
    before = text[line_start:directive.start]
    if before.strip(" \t"):
        return line_start + len(before.rstrip(" \t")), line_end
    if row < lines.rows:
        return line_start, lines.starts[row]
    return (lines.line_end(row - 1) if row > 1 else line_start), line_end
