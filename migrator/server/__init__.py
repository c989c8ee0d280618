"""``migrator server``: a Language Server Protocol server over stdio (pygls, lsprotocol), which
checks an editor's open documents as ``check --stdin-filename`` checks standard input.

    positions.py     the protocol's lines and code units ↔ the pipeline's character offsets
    settings.py      the settings of a document: its configuration file and the client's settings
    documents.py     open documents, their versions, checks on a worker thread, superseded ones void
    state.py         what the server knows of the client; the one place a document is checked
    diagnostics.py   findings → diagnostics
    actions.py       quick fixes, fix-all, suppress, show the rule
    rules.py         hover and the rule's documentation
    lsp.py           the pygls server and its handlers

Imported only by ``migrator server``: the command line never imports pygls.
"""

from __future__ import annotations


def serve() -> None:
    """Serve one client on stdin and stdout until it exits."""
    from .lsp import build

    build().start_io()
