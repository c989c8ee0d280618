"""The protocol's side: the pygls server, its handlers, and what each one asks of the state
(server/state.py), the actions (server/actions.py) and the rules' documentation
(server/rules.py). Handlers are thin: they turn the protocol's positions into offsets and back,
and never check a document themselves (the documents' worker thread does)."""

from __future__ import annotations

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from .. import __version__
from ..config import CONFIG_NAMES
from .actions import KINDS, SHOW_RULE, at, code_actions
from .diagnostics import diagnostics
from .documents import Checked
from .positions import Positions, choose
from .rules import hover, rule_document, rule_text
from .settings import ClientSettings
from .state import ClientFeatures, State, roots_of

SECTION = "migrator"  # the client's settings section
WATCHED = "**/{" + ",".join(CONFIG_NAMES) + ",.gitlab-ci.yml,.gitlab-ci.yaml}"


class Protocol(LanguageServerProtocol):
    """pygls's protocol, negotiating the position encoding as migrator wants it: UTF-8 where the
    client offers it, else UTF-16 (pygls would take the client's first choice); and forgetting a
    notification once it is handled (pygls 2.1 keeps the future of each notification whose
    handler is a generator or a coroutine, such as every didChange, under a fresh id it never
    drops: a kilobyte or two per keystroke, for the life of the server)."""

    def _execute_handler(self, msg_id, handler, callback, args=None, kwargs=None):
        if callback == self._check_handler_result:  # a notification's

            def handled(future, msg_id=msg_id):
                if not future.cancelled():  # cancelled: by shutdown, which is iterating over them
                    self._request_futures.pop(msg_id, None)
                self._check_handler_result(future)

            callback = handled
        super()._execute_handler(msg_id, handler, callback, args, kwargs)

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams):
        general = params.capabilities.general
        if general is not None and general.position_encodings:
            general.position_encodings = [choose(params.capabilities)]
        return (yield from super().lsp_initialize(params))


class Server(LanguageServer):
    def __init__(self) -> None:
        super().__init__("migrator", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full,
                         protocol_cls=Protocol)
        self.state = State()
        self.told: set[str] = set()  # the errors shown to the user

    async def publish(self, checked: Checked) -> None:
        """Push a current check's diagnostics (a client that pulls them gets none pushed)."""
        if checked.error and checked.error not in self.told:  # once each, not at every keystroke
            self.told.add(checked.error)
            self.window_show_message(types.ShowMessageParams(type=types.MessageType.Warning, message=f"migrator: {checked.error}"))
        snapshot = checked.snapshot
        items = [] if checked.result is None else diagnostics(checked.findings, snapshot.text, checked.result.kind,
                                                               checked.encoding)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=snapshot.uri, diagnostics=items, version=snapshot.version))

    def discarded(self, checked: Checked) -> None:
        snapshot = checked.snapshot
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Log, message=(
            f"migrator: the check of {snapshot.uri} version {snapshot.version} was overtaken by a change "
            "or a settings change: not published")))

    async def client_settings(self, given=None) -> ClientSettings:
        """The client's settings: as given (initializationOptions, didChangeConfiguration), else
        asked for (workspace/configuration), where the client answers that."""
        if isinstance(given, dict) and isinstance(given.get(SECTION), dict):
            return ClientSettings.of(given[SECTION])
        if self.state.client.configuration:
            answer = await self.workspace_configuration_async(
                types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)]))
            if answer and answer[0] is not None:  # else it has no such section: as initialized
                return ClientSettings.of(answer[0])
        return ClientSettings.of(given) if isinstance(given, dict) and given else self.state.folders.client

    async def reconfigure(self, roots=None, client: ClientSettings | None = None) -> None:
        self.state.reconfigure(roots, client)
        if self.state.client.pull and self.state.client.refresh:
            await self.workspace_diagnostic_refresh_async(None)

    async def watch(self) -> None:
        """Ask the client to tell of changes to configuration and CI files (which settle other
        documents' settings and kinds); a client that refuses is left be: a document's settings
        are checked against its configuration files at each check anyway (server/settings.py)."""
        watchers = [types.FileSystemWatcher(glob_pattern=WATCHED)]
        try:
            await self.client_register_capability_async(types.RegistrationParams(registrations=[types.Registration(
                id="migrator-configuration", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
        except JsonRpcException:
            pass

    def positions(self, checked: Checked) -> Positions:
        return Positions(checked.snapshot.text, checked.encoding)


def build() -> Server:
    """The server with every handler registered."""
    server = Server()
    for register in (_lifecycle, _documents, _workspace, _features):
        register(server)
    return server


def _lifecycle(server: Server) -> None:
    @server.feature(types.INITIALIZE)
    def initialize(ls: Server, params: types.InitializeParams) -> None:
        state = ls.state
        state.client = ClientFeatures.of(params.capabilities, ls.workspace.position_encoding or "utf-16")
        state.documents.publish = None if state.client.pull else ls.publish
        state.documents.void = ls.discarded
        state.folders.update(roots_of(params.workspace_folders, params.root_uri),
                             ClientSettings.of(params.initialization_options))

    @server.feature(types.INITIALIZED)
    async def initialized(ls: Server, params: types.InitializedParams) -> None:
        if ls.state.client.watch:
            await ls.watch()
        if ls.state.client.configuration and (client := await ls.client_settings()) != ls.state.folders.client:
            await ls.reconfigure(client=client)  # the same settings: the checks made so far stand

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: Server, params: None) -> None:
        ls.state.documents.shutdown()


def _documents(server: Server) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: Server, params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        ls.state.documents.put(ls.state.snapshot(document, document.text, document.language_id))

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: Server, params: types.DidChangeTextDocumentParams) -> None:
        previous = ls.state.documents.snapshots.get(params.text_document.uri)
        text = params.content_changes[-1].text if params.content_changes else (previous.text if previous else "")
        ls.state.change(ls.state.snapshot(params.text_document, text, previous.language if previous else ""))

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: Server, params: types.DidSaveTextDocumentParams) -> None:
        previous = ls.state.documents.snapshots.get(params.text_document.uri)
        if previous is None:
            return
        if previous.path.name in (*CONFIG_NAMES, ".gitlab-ci.yml", ".gitlab-ci.yaml"):
            await ls.reconfigure()  # other documents' settings or kinds may follow from it
        else:
            ls.state.documents.put(ls.state.snapshot(types.VersionedTextDocumentIdentifier(
                uri=previous.uri, version=previous.version or 0), previous.text, previous.language))

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: Server, params: types.DidCloseTextDocumentParams) -> None:
        ls.state.documents.close(params.text_document.uri)
        if not ls.state.client.pull:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


def _workspace(server: Server) -> None:
    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def did_change_configuration(ls: Server, params: types.DidChangeConfigurationParams) -> None:
        await ls.reconfigure(client=await ls.client_settings(params.settings))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def did_change_watched_files(ls: Server, params: types.DidChangeWatchedFilesParams) -> None:
        await ls.reconfigure()

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    async def did_change_folders(ls: Server, params: types.DidChangeWorkspaceFoldersParams) -> None:
        await ls.reconfigure(roots_of(list(ls.workspace.folders.values()), ls.workspace.root_uri))


def _features(server: Server) -> None:
    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier=SECTION, inter_file_dependencies=False, workspace_diagnostics=False))
    async def pull(ls: Server, params: types.DocumentDiagnosticParams) -> types.DocumentDiagnosticReport:
        checked = await ls.state.documents.latest(params.text_document.uri)
        if checked is None or checked.result is None:
            return types.RelatedFullDocumentDiagnosticReport(items=[])
        snapshot = checked.snapshot
        return types.RelatedFullDocumentDiagnosticReport(
            items=diagnostics(checked.findings, snapshot.text, checked.result.kind, checked.encoding),
            result_id=f"{checked.generation}:{snapshot.version}")

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=KINDS))
    async def code_action(ls: Server, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        checked = await ls.state.documents.latest(params.text_document.uri)
        if checked is None or checked.result is None:
            return None
        positions = ls.positions(checked)
        start, end = positions.offset(params.range.start), positions.offset(params.range.end)
        return await ls.state.documents.run(code_actions, checked, start, end, params.context.only,
                                            ls.state.client.versioned)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls: Server, params: types.HoverParams) -> types.Hover | None:
        checked = await ls.state.documents.latest(params.text_document.uri)
        if checked is None or checked.result is None or checked.result.kind is None:
            return None
        offset = ls.positions(checked).offset(params.position)
        return hover(at(checked, offset, offset))

    @server.command(SHOW_RULE)
    async def show_rule(ls: Server, code: str) -> str | None:
        text = rule_text(code)
        if text is None:
            ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=f"migrator: no rule {code}"))
            return None
        if ls.state.client.show_document:
            try:
                path = rule_document(code, text)
            except OSError:
                path = None
            if path is not None:
                await ls.window_show_document_async(types.ShowDocumentParams(uri=path.as_uri(), take_focus=True))
                return text
        ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Info, message=text))
        return text

