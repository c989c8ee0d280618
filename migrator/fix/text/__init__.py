"""Text fixers: shell scripts and recorded JSON (fixtures, cassettes, HAR files, JSON lines),
edited as exact text spans (fixer.py). These are the file kinds' fixer entry points
(migrator/kinds): each says where the file's touches live. Regions of a host (the scripts of CI
YAML, migrator/regions) are fixed through their pieces: fixer.region_edits."""

from __future__ import annotations

from collections.abc import Mapping

from ...values import Edit, Finding, Touch
from .fixer import text_edits

Edits = dict[Finding, tuple[Edit, ...]]


def whole_file(text: str, touches: Mapping[Finding, Touch]) -> Edits:
    """A shell script, or any other text read for its endpoint URLs: the file is the host."""
    return text_edits("file", text, touches)


def recorded(text: str, touches: Mapping[Finding, Touch], syntax: str) -> Edits:
    """JSON fixtures and recordings (``syntax`` yaml or json, as the file kind tells:
    kinds/cassette.recorded_syntax): keys and values of fixtures and recorded bodies, recorded
    request URLs and form bodies."""
    return text_edits(syntax, text, touches)


def json_lines(text: str, touches: Mapping[Finding, Touch]) -> Edits:
    """JSON lines: the strings of every line's document are hosts, as in a JSON file."""
    return text_edits("json", text, touches)
