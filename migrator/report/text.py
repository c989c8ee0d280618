"""ruff's concise layout: ``path:row:col: CODE [*] message``, then a summary."""

from __future__ import annotations

from collections import Counter

from ..model import Finding


def fixable(finding: Finding, unsafe_fixes: bool) -> bool:
    return finding.fixable(unsafe_fixes)


def line(finding: Finding, unsafe_fixes: bool = False) -> str:
    marker = " [*]" if fixable(finding, unsafe_fixes) else ""
    start = finding.span.start
    return f"{finding.filename}:{start.row}:{start.column}: {finding.code}{marker} {finding.message}"


def summary(findings: list[Finding], unsafe_fixes: bool = False, errors: int = 0) -> str:
    if errors:
        noun = "file" if errors == 1 else "files"
        head = f"{errors} {noun} could not be checked (see the errors above)."
        return head if not findings else summary(findings, unsafe_fixes) + "\n" + head
    if not findings:
        return "All checks passed!"
    noun = "finding" if len(findings) == 1 else "findings"
    out = [f"Found {len(findings)} {noun}."]
    safe = sum(fixable(f, unsafe_fixes) for f in findings)
    hidden = 0 if unsafe_fixes else sum(1 for f in findings if f.fix and f.fix.applicability == "unsafe")
    if safe or hidden:
        text = f"[*] {safe} fixable with the `migrator fix` command"
        if hidden:
            text += f" ({hidden} hidden {'fix' if hidden == 1 else 'fixes'} can be enabled with the `--unsafe-fixes` option)"
        out.append(text + ".")
    return "\n".join(out)


def statistics(findings: list[Finding], unsafe_fixes: bool = False) -> str:
    counts = Counter(f.code for f in findings)
    names = {f.code: f.name for f in findings}
    fixes = {f.code for f in findings if fixable(f, unsafe_fixes)}
    width = max((len(str(c)) for c in counts.values()), default=1)
    rows = [
        f"{count:>{width}}\t{code}\t{'[*]' if code in fixes else '[ ]'} {names[code]}"
        for code, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return "\n".join(rows)


def render(findings: list[Finding], *, unsafe_fixes: bool = False, show_statistics: bool = False,
           errors: int = 0, **_) -> str:
    if show_statistics:
        body = statistics(findings, unsafe_fixes)
        return body + ("\n" if body else "") + summary(findings, unsafe_fixes, errors) + "\n"
    lines = [line(f, unsafe_fixes) for f in findings]
    return "\n".join(lines + [summary(findings, unsafe_fixes, errors)]) + "\n"


def fix_summary(remaining: list[Finding], fixed: int, unsafe_fixes: bool = False) -> str:
    """What ``fix`` prints: the findings that remain, then "Found N findings (F fixed, R remaining)."."""
    lines = [line(f, unsafe_fixes) for f in remaining]
    if not fixed and not remaining:
        return "All checks passed!\n"
    total = fixed + len(remaining)
    lines.append(f"Found {total} finding{'s' if total != 1 else ''} ({fixed} fixed, {len(remaining)} remaining).")
    hidden = 0 if unsafe_fixes else sum(1 for f in remaining if f.fix and f.fix.applicability == "unsafe")
    if hidden:
        lines.append(f"{hidden} hidden fix{'es' if hidden != 1 else ''} can be enabled with the `--unsafe-fixes` option.")
    return "\n".join(lines) + "\n"
