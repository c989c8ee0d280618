"""``migrator server`` end to end, driven over stdio by pytest-lsp as an editor drives it:
diagnostics pushed and pulled, quick fixes, fix-all, suppressions, the rule's documentation and
hover. Settings, positions, unsaved buffers and superseded versions: tests/test_server_documents.py."""

from __future__ import annotations

import subprocess
import sys

import pytest
from lsprotocol import types

from tests.lsp import MERGED_BY, NEOVIM, RUNNER_ACTIVE, actions, applied, open_document, published, pulled, session

pytestmark = pytest.mark.asyncio


async def test_diagnostics_are_pushed_with_code_link_severity_and_applicability(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        [found] = await published(lsp, uri, version=1)
    assert found.code == "MIG060" and found.source == "migrator"
    assert found.range == types.Range(start=types.Position(1, 3), end=types.Position(1, 16))
    assert found.code_description.href.startswith("https://")
    assert found.severity == types.DiagnosticSeverity.Error
    assert found.data["fix"] == "safe"


async def test_a_client_that_pulls_diagnostics_gets_none_pushed(tmp_path):
    async with session(tmp_path, client=NEOVIM) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        [found] = await pulled(lsp, uri)
        assert found.code == "MIG060"
        assert lsp.published == []


async def test_own_rules_have_no_documentation_link(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "x.py", "import os  # noqa: MIG060\n" + RUNNER_ACTIVE)
        found = {d.code: d for d in await published(lsp, uri)}
    assert found["MIG900"].code_description is None
    assert found["MIG060"].code_description is not None


async def test_the_quick_fix_is_preferred_and_fixes_the_finding(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        await published(lsp, uri)
        [fix] = [a for a in await actions(lsp, uri, 1, 6) if a.edit and a.title.startswith("MIG060")]
    assert fix.is_preferred and fix.kind == types.CodeActionKind.QuickFix
    assert fix.edit.document_changes[0].text_document.version == 1
    assert applied(RUNNER_ACTIVE, fix) == "runner = gl.runners.get(1)\nif not runner.paused:\n    print(runner.id)\n"


async def test_an_unsafe_fix_is_offered_only_when_the_settings_allow_it(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "mrs.py", MERGED_BY)
        await published(lsp, uri)
        assert not [a for a in await actions(lsp, uri, 1, 10) if a.edit and a.title.startswith("MIG010")]
    async with session(tmp_path, options={"unsafeFixes": True}) as lsp:
        uri = open_document(lsp, tmp_path / "mrs.py", MERGED_BY)
        await published(lsp, uri)
        [fix] = [a for a in await actions(lsp, uri, 1, 10) if a.edit and a.title.startswith("MIG010")]
    assert "unsafe" in fix.title and not fix.is_preferred
    assert applied(MERGED_BY, fix) == 'mr = project.mergerequests.get(7)\nprint(mr.merge_user["username"])\n'


async def test_fix_all_applies_the_safe_fixes_as_the_command_line_does(tmp_path):
    text = RUNNER_ACTIVE + MERGED_BY + "if runner.active:\n    pass\n"
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "both.py", text)
        await published(lsp, uri)
        [fix_all] = await actions(lsp, uri, 0, only=["source.fixAll.migrator"])
    (tmp_path / "both.py").write_text(text)
    subprocess.run([sys.executable, "-m", "migrator", "fix", "--no-cache", str(tmp_path / "both.py")], check=False)
    assert fix_all.kind == "source.fixAll.migrator"
    assert applied(text, fix_all) == (tmp_path / "both.py").read_text()
    assert "merge_user" not in applied(text, fix_all)  # unsafe: left


async def test_suppress_adds_the_noqa_comment_of_the_kind(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        await published(lsp, uri)
        [suppress] = [a for a in await actions(lsp, uri, 1, 6) if a.title == "Suppress MIG060 on this line"]
        proto = open_document(lsp, tmp_path / "t.proto", 'message Runner {\n  bool active = 1;\n}\n', "proto")
        codes = [d.code for d in await published(lsp, proto)]
        titles = [a.title for a in await actions(lsp, proto, 1, 8)]
    assert applied(RUNNER_ACTIVE, suppress).splitlines()[1] == "if runner.active:  # noqa: MIG060"
    assert all(f"Suppress {code} on this line" in titles for code in codes)


async def test_show_the_rule_shows_its_documentation(tmp_path, monkeypatch):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        await published(lsp, uri)
        [show] = [a for a in await actions(lsp, uri, 1, 6) if a.title.startswith("Show the rule")]
        text = await lsp.workspace_execute_command_async(types.ExecuteCommandParams(
            command=show.command.command, arguments=show.command.arguments))
    expected = subprocess.run([sys.executable, "-m", "migrator", "rule", "MIG060"], capture_output=True, text=True)
    assert text == expected.stdout
    [shown] = lsp.shown_documents
    assert shown.uri.endswith("MIG060.md")


async def test_show_the_rule_is_a_message_where_documents_cannot_be_shown(tmp_path):
    async with session(tmp_path, capabilities=types.ClientCapabilities()) as lsp:
        await lsp.workspace_execute_command_async(types.ExecuteCommandParams(
            command="migrator.showRule", arguments=["MIG010"]))
    assert any("# merged-by (MIG010)" in m.message for m in lsp.messages)


async def test_hover_gives_the_rules_what_why_and_instead(tmp_path):
    async with session(tmp_path) as lsp:
        uri = open_document(lsp, tmp_path / "runners.py", RUNNER_ACTIVE)
        await published(lsp, uri)
        hover = await lsp.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(1, 12)))
        nothing = await lsp.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 0)))
    value = hover.contents.value
    assert "**MIG060**" in value
    assert all(heading in value for heading in ("## What it detects", "## Why v5 breaks it", "## What to do instead"))
    assert nothing is None
