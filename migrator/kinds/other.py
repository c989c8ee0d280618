"""Any other text: a file that no kind of its own claims is read for the API's endpoint URLs
(scan/endpoints.py), so that no client file passes unread: Kotlin, Groovy, Terraform, PowerShell,
Rust, and the client languages until each has a scanner of its own.

It is the fallback, asked last (`kinds.kind_of`): after every kind's own test and after the CI
include graph (discover.py), so that a YAML file a pipeline includes is CI YAML. Documents are
read by their own hosts (Markdown and reStructuredText: their code blocks; kinds/markdown.py),
plain text not at all, and files that are never text (images, archives, compiled code), logs,
lock files, ignore files and git's own files are not read; a file it cannot read, over the size limit, or that does not decode is
passed over without a word (pipeline.load), as such files always were.
Fixes are path rewrites inside the URL as written; such a file has no comment syntax that
migrator knows, so its findings are suppressed through ``per-file-ignores``.
"""

from __future__ import annotations

from pathlib import Path

from . import FileKind
from .shell import fix_whole_file

NOT_READ = frozenset((
    ".md", ".markdown", ".rst", ".txt", ".adoc",  # documents
    ".log", ".lock", ".sum", ".map",  # logs, lock files, go.sum, source maps
    ".png", ".jpg", ".jpeg", ".gif", ".ico", ".bmp", ".webp", ".svg", ".tif", ".tiff", ".psd",
    ".zip", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".7z", ".tar", ".rar", ".jar", ".war", ".whl", ".egg",
    ".pyc", ".pyo", ".so", ".dll", ".dylib", ".exe", ".o", ".a", ".lib", ".class", ".wasm", ".bin",
    ".ttf", ".otf", ".woff", ".woff2", ".eot",
    ".mp3", ".mp4", ".mov", ".avi", ".wav", ".ogg", ".webm", ".flac",
    ".pdf", ".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".odt",
    ".sqlite", ".db", ".parquet", ".pkl", ".npy", ".npz", ".h5",
))


NOT_READ_NAMES = frozenset((".gitattributes", ".gitmodules", ".editorconfig", ".mailmap"))


def claims(path: Path, head, explicit: bool) -> bool:
    name = path.name
    if name in NOT_READ_NAMES or (name.startswith(".") and name.endswith("ignore")):  # .gitignore, .dockerignore
        return False
    return path.suffix.lower() not in NOT_READ


def scan(text: str, model) -> list:
    from ..scan.endpoints import scan

    return scan(text, model)


KIND = FileKind(
    "other", claims, scan, fixer=fix_whole_file, comment=None, fallback=True,
    examples={"other": "Client.kt"}, title="Other text (endpoint URLs)",
)
