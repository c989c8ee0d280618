"""`migrator fix` run twice on one file, as the client-language tests check every rewrite: the
text after the first run, and after a second, which must change nothing (OpenRewrite's rule)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from migrator.cli import main


def fixed_twice(path: Path, text: str, *flags: str) -> tuple[str, str]:
    """``path`` written with ``text``, then its text after each of two ``migrator fix`` runs."""
    path.write_text(text)
    results = []
    for _ in range(2):
        CliRunner().invoke(main, ["fix", *flags, str(path)])
        results.append(path.read_text())
    return results[0], results[1]
