"""Text fixers: shell scripts, CI YAML and recorded JSON (fixtures, cassettes, HAR files, JSON
lines), edited as exact text spans (fixer.py). These are the file kinds' fixer entry points
(migrator/kinds): each says where the file's touches live."""

from __future__ import annotations

from ...scan.recorded import is_yaml_recording
from ...values import Edit, Finding
from .fixer import text_edits

Edits = dict[Finding, tuple[Edit, ...]]


def whole_file(text: str, findings: list[Finding]) -> Edits:
    """A shell script, or any other text read for its endpoint URLs: the file is the host."""
    return text_edits("file", text, findings)


def ci(text: str, findings: list[Finding]) -> Edits:
    """GitLab CI YAML: the scripts and variables of jobs, inside their YAML scalars."""
    return text_edits("yaml", text, findings, variables=True)


def recorded(text: str, findings: list[Finding]) -> Edits:
    """JSON fixtures and recordings (YAML or JSON, decided as the scanner decides it): keys and
    values of fixtures and recorded bodies, recorded request URLs and form bodies."""
    start = text.lstrip()[:1]
    syntax = "yaml" if start and start not in "{[" and is_yaml_recording(text) else "json"
    return text_edits(syntax, text, findings)


def json_lines(text: str, findings: list[Finding]) -> Edits:
    """JSON lines: the strings of every line's document are hosts, as in a JSON file."""
    return text_edits("json", text, findings)
