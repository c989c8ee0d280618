"""Stage: report. One module per output format; each renders findings to a string."""

from __future__ import annotations

from importlib import import_module

FORMATS = {
    "text": "migrator.report.text",
    "concise": "migrator.report.text",
    "json": "migrator.report.jsonout",
}


def render(fmt: str, findings, **context) -> str:
    return import_module(FORMATS[fmt]).render(findings, **context)
