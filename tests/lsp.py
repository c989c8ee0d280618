"""Helpers for the end-to-end tests of ``migrator server`` (tests/test_server*.py): the real server
started as ``python -m migrator server`` and driven over stdio by pytest-lsp's client, as an
editor would drive it."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features
from pygls.protocol import default_converter

RUNNER_ACTIVE = "runner = gl.runners.get(1)\nif runner.active:\n    print(runner.id)\n"
MERGED_BY = 'mr = project.mergerequests.get(7)\nprint(mr.merged_by["username"])\n'
VSCODE = "visual-studio-code@v1.65.2"  # pushed diagnostics, UTF-16 (no other encoding offered)
NEOVIM = "neovim@v0.11.0"  # pulled diagnostics, UTF-8 offered first


class Recorder(LanguageClient):
    """pytest-lsp's client, which also keeps every publishDiagnostics it gets, in order."""

    published: list[types.PublishDiagnosticsParams]
    registrations: list[types.Registration]


def recording_client() -> Recorder:
    client = Recorder(converter_factory=default_converter)
    client.published, client.registrations = [], []

    def publish(ls: Recorder, params: types.PublishDiagnosticsParams) -> None:
        ls.published.append(params)
        ls.diagnostics[params.uri] = params.diagnostics

    def register(ls: Recorder, params: types.RegistrationParams) -> None:
        ls.registrations.extend(params.registrations)

    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
                                   types.CLIENT_REGISTER_CAPABILITY: register})
    return client


CONFIG = ClientServerConfig(server_command=[sys.executable, "-m", "migrator", "server"], client_factory=recording_client)


@contextlib.asynccontextmanager
async def session(*folders: Path, client: str = VSCODE, options: dict | None = None,
                  capabilities: types.ClientCapabilities | None = None) -> AsyncIterator[Recorder]:
    """A server started and initialized, with these workspace folders and the capabilities of a
    real client (pytest-lsp's recorded ones); shut down afterwards."""
    lsp: Recorder = await CONFIG.start()  # type: ignore[assignment]
    try:
        await lsp.initialize_session(types.InitializeParams(
            capabilities=capabilities or client_capabilities(client),
            workspace_folders=[types.WorkspaceFolder(uri=f.as_uri(), name=f.name) for f in folders],
            root_uri=folders[0].as_uri() if folders else None,
            initialization_options=options))
        yield lsp
    finally:
        try:
            await asyncio.wait_for(lsp.shutdown_session(), 10)
        finally:
            if lsp._server is not None and lsp._server.returncode is None:
                lsp._server.kill()
            await lsp.stop()


def open_document(lsp: LanguageClient, path: Path | str, text: str, language: str = "python", version: int = 1) -> str:
    uri = path.as_uri() if isinstance(path, Path) else path
    lsp.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id=language, version=version, text=text)))
    return uri


def change(lsp: LanguageClient, uri: str, text: str, version: int) -> None:
    lsp.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def published(lsp: Recorder, uri: str, version: int | None = None, timeout: float = 30.0
                    ) -> list[types.Diagnostic]:
    """The diagnostics published for uri (for ``version``, when given), waited for."""
    async def wait() -> list[types.Diagnostic]:
        while True:
            found = [p for p in lsp.published if p.uri == uri and (version is None or p.version == version)]
            if found:
                return list(found[-1].diagnostics)
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(wait(), timeout)


async def pulled(lsp: LanguageClient, uri: str) -> list[types.Diagnostic]:
    report = await lsp.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    return list(report.items)


async def actions(lsp: LanguageClient, uri: str, line: int, character: int = 0,
                  only: list[str] | None = None) -> list[types.CodeAction]:
    position = types.Position(line=line, character=character)
    found = await lsp.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=position, end=position),
        context=types.CodeActionContext(diagnostics=[], only=only)))
    return [_code_action(action) for action in found or []]


def _code_action(action: types.CodeAction | types.Command) -> types.CodeAction:
    """lsprotocol's client side reads any action with a ``command`` key as a Command, with the
    CodeAction's command object in its ``command`` string: read back as the CodeAction it is."""
    if isinstance(action, types.CodeAction):
        return action
    given = ast.literal_eval(action.command)
    return types.CodeAction(title=given["title"], kind=types.CodeActionKind.QuickFix,
                            command=types.Command(title=given["title"], command=given["command"],
                                                  arguments=given.get("arguments")))


def applied(text: str, action: types.CodeAction) -> str:
    """The text with a code action's edits made, as a client would make them (UTF-16 positions
    of the lines the protocol counts)."""
    edit = action.edit
    edits = ([e for change in edit.document_changes for e in change.edits] if edit.document_changes
             else [e for edits in edit.changes.values() for e in edits])
    lines = text.splitlines(keepends=True)

    def offset(position: types.Position) -> int:
        before = sum(len(line) for line in lines[:position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units, index = 0, 0
        while units < position.character and index < len(line):
            units += 2 if ord(line[index]) > 0xFFFF else 1
            index += 1
        return before + index

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text
