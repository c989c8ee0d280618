"""A rule's documentation in the editor, in ``migrator rule``'s words (report/ruledoc.py): the
hover over a finding (what it detects, why v5 breaks it, what to do instead), and the
``migrator.showRule`` command, which shows the whole of ``migrator rule CODE``: as a document the
client opens where it can (``window/showDocument``, a Markdown file in the user's cache
directory, written anew each time), else as a message."""

from __future__ import annotations

import tempfile
from pathlib import Path

from lsprotocol import types

from ..values import Finding
from ..report.ruledoc import render_explanation, render_text
from ..ruletable import load_table


def hover(findings: list[Finding], positions_range: types.Range | None = None) -> types.Hover | None:
    """The explanation of each finding's rule (once per rule), under the finding's message."""
    if not findings:
        return None
    table, parts, seen = load_table(), [], set()
    for finding in findings:
        parts.append(f"**{finding.code}** {finding.message}")
        rule = table.by_code.get(finding.code)
        if rule is not None and rule.code not in seen:
            seen.add(rule.code)
            parts.append(render_explanation(rule, table))
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n".join(parts)),
                       range=positions_range)


def rule_text(code: str) -> str | None:
    """``migrator rule CODE``'s text, or None for no such rule."""
    table = load_table()
    rule = table.by_code.get(str(code).upper())
    return None if rule is None else render_text([rule], table)


def rule_document(code: str, text: str) -> Path:
    """The rule's documentation as a Markdown file to show (in the user's cache directory, else
    the temporary one), written as ``migrator rule`` prints it."""
    from ..userdir import NoUserDirectory, user_cache_dir

    try:
        directory = user_cache_dir() / "rules"
    except NoUserDirectory:
        directory = Path(tempfile.gettempdir()) / "migrator-rules"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{code.upper()}.md"
    path.write_text(text, encoding="utf-8")
    return path
