"""A check's findings as the protocol's diagnostics: the range in the client's units, the rule's
code with its documentation link (``url``; migrator's own rules, MIG9xx, have none), a severity,
and in ``data`` the fix's applicability, by which a code action finds its finding again."""

from __future__ import annotations

from lsprotocol import types

from ..values import Finding
from .. import kinds
from ..source import LineIndex
from .positions import Positions

SOURCE = "migrator"
SEVERITY = {
    "critical": types.DiagnosticSeverity.Error,
    "high": types.DiagnosticSeverity.Error,
    "medium": types.DiagnosticSeverity.Warning,
    "low": types.DiagnosticSeverity.Information,
    "info": types.DiagnosticSeverity.Information,
}
OWN_RULES = "MIG9"  # migrator's own rules (unused suppressions, parse errors): no page of the service's docs


def offsets(finding: Finding, lines: LineIndex) -> tuple[int, int]:
    """A finding's start and end as offsets in its text (``lines``: split by its kind's rule, as
    its span counts rows)."""
    return lines.offset(finding.span.start), lines.offset(finding.span.end)


def diagnostic(finding: Finding, lines: LineIndex, positions: Positions) -> types.Diagnostic:
    fix = finding.fix
    return types.Diagnostic(
        range=positions.range(*offsets(finding, lines)),
        message=finding.message,
        severity=SEVERITY.get(finding.severity, types.DiagnosticSeverity.Warning),
        code=finding.code,
        code_description=(types.CodeDescription(href=finding.url)
                          if finding.url and not finding.code.startswith(OWN_RULES) else None),
        source=SOURCE,
        data={"name": finding.name, "fix": None if fix is None else str(fix.applicability),
              "fixMessage": None if fix is None else fix.message},
        tags=[types.DiagnosticTag.Unnecessary] if finding.code == "MIG900" else None,
    )


def diagnostics(findings, text: str, kind: str | None, encoding: str) -> list[types.Diagnostic]:
    if not findings or kind is None:
        return []
    lines, positions = kinds.by_name(kind).lines(text), Positions(text, encoding)
    return [diagnostic(f, lines, positions) for f in findings]
