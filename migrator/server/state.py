"""What the server knows of its client and its documents: the negotiated position encoding, what
the client can take (pulled diagnostics, versioned edits, documents shown), the workspace
folders with their settings, and the open documents with their checks.

`check` is the one place a document is checked: the app layer's buffer use case
(app/buffer.py), with the document's settings (server/settings.py); it runs on the documents'
worker thread."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.uris import to_fs_path

from ..app.buffer import Buffer, check_buffer
from ..configkeys import ConfigError
from .documents import DEBOUNCE, Checked, Documents, Snapshot
from .positions import UTF16
from .settings import ClientSettings, Folders

# The file name an unsaved, unnamed buffer (``untitled:Untitled-1``) is checked under, from the
# language the client says it is in: a new YAML buffer shaped like a pipeline is CI YAML.
SUFFIXES = {"python": ".py", "yaml": ".yml", "shellscript": ".sh", "json": ".json", "jsonl": ".jsonl",
            "javascript": ".js", "javascriptreact": ".jsx", "typescript": ".ts", "typescriptreact": ".tsx",
            "go": ".go", "ruby": ".rb", "java": ".java", "proto": ".proto", "proto3": ".proto"}


@dataclass
class ClientFeatures:
    """What the client takes, from its capabilities at ``initialize``."""

    encoding: str = UTF16
    pull: bool = False  # it asks for diagnostics (textDocument/diagnostic): none are pushed
    refresh: bool = False  # it takes workspace/diagnostic/refresh
    versioned: bool = False  # it takes versioned document changes in a workspace edit
    show_document: bool = False
    configuration: bool = False  # it answers workspace/configuration
    watch: bool = False  # it watches files for us (dynamic registration of didChangeWatchedFiles)

    @classmethod
    def of(cls, capabilities: types.ClientCapabilities, encoding: str) -> ClientFeatures:
        def has(path: str) -> bool:
            return bool(get_capability(capabilities, path, False))

        return cls(encoding, pull=get_capability(capabilities, "text_document.diagnostic", None) is not None,
                   refresh=has("workspace.diagnostics.refresh_support"),
                   versioned=has("workspace.workspace_edit.document_changes"),
                   show_document=has("window.show_document.support"), configuration=has("workspace.configuration"),
                   watch=has("workspace.did_change_watched_files.dynamic_registration"))


@dataclass
class State:
    """The language server's state: its documents, settings and client's capabilities."""

    folders: Folders = field(default_factory=Folders)
    client: ClientFeatures = field(default_factory=ClientFeatures)
    documents: Documents = field(init=False)

    def __post_init__(self) -> None:
        self.documents = Documents(self.check)

    def check(self, snapshot: Snapshot, generation: int) -> Checked:
        """A snapshot through the pipeline, as ``check --stdin-filename`` checks it (on the worker
        thread); a configuration that cannot be read is the check's error."""
        client = self.folders.client
        try:
            settings = self.folders.settings_for(snapshot.path)
            result = check_buffer(Buffer(snapshot.path, text=snapshot.text, display=str(snapshot.path)), settings)
        except ConfigError as exc:
            return Checked(snapshot, generation, error=str(exc))
        except Exception as exc:  # noqa: BLE001 - as the command line: one bad file must not stop the server
            return Checked(snapshot, generation, error=f"{snapshot.path}: internal error while scanning: "
                                                       f"{type(exc).__name__}: {exc}")
        return Checked(snapshot, generation, result, None, client.unsafe_fixes, self.client.encoding, settings)

    def snapshot(self, document: types.TextDocumentItem | types.VersionedTextDocumentIdentifier, text: str,
                 language: str = "") -> Snapshot:
        return Snapshot(document.uri, self.path_of(document.uri, language), document.version, text, language)

    def path_of(self, uri: str, language: str = "") -> Path:
        """A document's path: its file's, or for a buffer with no file (``untitled:``) its name in
        the first workspace folder, with the suffix of its language where the name has none."""
        if urlparse(uri).scheme == "file":
            return Path(to_fs_path(uri) or unquote(urlparse(uri).path))
        name = Path(unquote(urlparse(uri).path)).name or "untitled"
        if not Path(name).suffix:
            name += SUFFIXES.get(language, "")
        root = self.folders.roots[-1] if self.folders.roots else Path(os.getcwd())
        return root / name

    def reconfigure(self, roots: list[Path] | None = None, client: ClientSettings | None = None) -> None:
        """New folders, client settings or configuration files: every document is checked again."""
        self.folders.update(roots, client)
        self.documents.settings_changed()

    def change(self, snapshot: Snapshot) -> None:
        self.documents.put(snapshot, DEBOUNCE)


def roots_of(folders: list[types.WorkspaceFolder] | None, root_uri: str | None) -> list[Path]:
    uris = [folder.uri for folder in folders or []] or ([root_uri] if root_uri else [])
    return [Path(path) for uri in uris if (path := to_fs_path(uri))]
