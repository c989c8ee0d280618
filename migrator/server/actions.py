"""Code actions on a check's findings, each made by the command line's own machinery:

- a quick fix per finding with a fix (the kind's fixer, as ``fix`` runs it: fix/edits.py): a
  safe one is preferred; an unsafe one is offered only when the client's settings allow unsafe
  fixes, and its title says it is unsafe;
- ``source.fixAll.migrator``: the safe fixes, by ``fix``'s loop of passes (app/buffer.py);
- "Suppress MIGxxx on this line": the ``noqa`` comment ``check --add-noqa`` writes, in the
  kind's comment syntax (app/noqa.py);
- "Show the rule": its documentation, as ``migrator rule`` prints it (the ``migrator.showRule``
  command: migrator/server/commands.py).

Edits go to the checked version of the document only (a versioned edit, where the client takes
one): an edit for a superseded text is refused by the client rather than applied to the wrong one.
"""

from __future__ import annotations

from lsprotocol import types

from .. import kinds
from ..app.buffer import Buffer, fix_buffer
from ..app.noqa import with_noqa
from ..fix.edits import edits_for
from ..values import Finding
from .diagnostics import diagnostic, offsets
from .documents import Checked
from .positions import Positions

FIX_ALL = "source.fixAll.migrator"
SHOW_RULE = "migrator.showRule"
KINDS = [types.CodeActionKind.QuickFix, FIX_ALL]


def wanted(kind: str, only: list[str] | None) -> bool:
    """Whether the client asks for actions of ``kind`` (``only`` names kinds or their parents)."""
    return not only or any(kind == o or kind.startswith(f"{o}.") for o in only)


def at(checked: Checked, start: int, end: int) -> list[Finding]:
    """The findings of a check that touch the offsets start..end."""
    lines = kinds.by_name(checked.result.kind).lines(checked.snapshot.text)
    return [f for f in checked.findings if _touches(offsets(f, lines), start, end)]


def _touches(span: tuple[int, int], start: int, end: int) -> bool:
    return span[0] <= end and start <= span[1]


def code_actions(checked: Checked, start: int, end: int, only: list[str] | None,
                 versioned: bool = True) -> list[types.CodeAction]:
    """The actions for the range start..end of a checked document (offsets), of the kinds asked."""
    if checked.result is None or checked.result.kind is None:
        return []
    here = at(checked, start, end)
    out: list[types.CodeAction] = []
    if wanted(types.CodeActionKind.QuickFix, only):
        out += quick_fixes(checked, here, versioned)
        out += [action for f in here for action in (suppress(checked, f, versioned), show_rule(f)) if action]
    if wanted(FIX_ALL, only) and (only or any(f.fixable() for f in checked.findings)):
        out += [action for action in [fix_all(checked, versioned)] if action]
    return out


def quick_fixes(checked: Checked, findings: list[Finding], versioned: bool) -> list[types.CodeAction]:
    offered = [f for f in findings if f.fixable(checked.unsafe_fixes)]
    if not offered:
        return []
    text, kind = checked.snapshot.text, checked.result.kind
    edits = edits_for(kind, text, checked.result.found, set(offered))
    lines, positions = kinds.by_name(kind).lines(text), Positions(text, checked.encoding)
    out = []
    for finding in offered:
        if not edits.get(finding):
            continue
        safe = finding.fixable(False)
        out.append(types.CodeAction(
            title=f"{finding.code}: {finding.fix.message}" + ("" if safe else " (unsafe fix)"),
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic(finding, lines, positions)],
            is_preferred=safe,
            edit=workspace_edit(checked, [types.TextEdit(positions.range(e.start, e.end), e.content)
                                          for e in edits[finding]], versioned),
        ))
    return out


def fix_all(checked: Checked, versioned: bool) -> types.CodeAction | None:
    """Every safe fix, as ``fix`` applies them (passes until nothing changes)."""
    snapshot = checked.snapshot
    fixed = fix_buffer(Buffer(snapshot.path, text=snapshot.text), checked.settings, unsafe=False)
    if not fixed.changed:
        return None
    edit = replacement(snapshot.text, fixed.new_text or "", checked.encoding)
    return types.CodeAction(title="migrator: fix all safe fixes", kind=FIX_ALL,
                            edit=workspace_edit(checked, [edit], versioned))


def suppress(checked: Checked, finding: Finding, versioned: bool) -> types.CodeAction | None:
    """A ``noqa`` for the finding's code at the end of its line, where a comment can go there."""
    snapshot = checked.snapshot
    one = checked.result.found.kept(lambda f: f is finding)
    noqa = with_noqa(snapshot.text, kinds.by_name(checked.result.kind), one, str(snapshot.path))
    if not noqa.added:
        return None
    return types.CodeAction(title=f"Suppress {finding.code} on this line", kind=types.CodeActionKind.QuickFix,
                            edit=workspace_edit(checked, [replacement(snapshot.text, noqa.text, checked.encoding)],
                                                versioned))


def show_rule(finding: Finding) -> types.CodeAction:
    title = f"Show the rule {finding.code} ({finding.name})"
    return types.CodeAction(title=title, kind=types.CodeActionKind.QuickFix,
                            command=types.Command(title=title, command=SHOW_RULE, arguments=[finding.code]))


def replacement(old: str, new: str, encoding: str) -> types.TextEdit:
    """One edit that turns old into new: the part between their common head and tail."""
    head = _common(old, new, lambda text, n: text[:n])
    tail = _common(old[head:], new[head:], lambda text, n: text[len(text) - n:])
    positions = Positions(old, encoding)
    return types.TextEdit(positions.range(head, len(old) - tail), new[head:len(new) - tail])


def _common(a: str, b: str, part) -> int:
    """The length of the longest common ``part(text, n)`` of a and b (a head or a tail), found by
    halving: a few comparisons of slices, not one per character."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if part(a, middle) == part(b, middle):
            low = middle
        else:
            high = middle - 1
    return low


def workspace_edit(checked: Checked, edits: list[types.TextEdit], versioned: bool) -> types.WorkspaceEdit:
    snapshot = checked.snapshot
    if versioned:
        document = types.OptionalVersionedTextDocumentIdentifier(uri=snapshot.uri, version=snapshot.version)
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=document, edits=edits)])
    return types.WorkspaceEdit(changes={snapshot.uri: edits})
