"""Stage: scan. One module per file kind, each a pure function ``scan(text, model) -> [Touch]``.

Scanners know syntax, not rules: they say what a file does to the API (an endpoint called, a
field read on a record, a parameter sent, a value compared) with its span and evidence. A file
that does not parse raises ScanError. Modules are imported only when a file of their kind is
scanned, so a pre-commit run on a few YAML files never imports the Python machinery.
"""

from __future__ import annotations

from importlib import import_module

from ..apimodel import ApiModel
from ..model import Touch

SCANNERS = {
    "python": "migrator.scan.python",
    "ci": "migrator.scan.ci",
    "shell": "migrator.scan.shell",
    "json": "migrator.scan.recorded",
    "cassette": "migrator.scan.recorded",
    "proto": "migrator.scan.proto",
}


def available(kind: str) -> bool:
    try:
        import_module(SCANNERS[kind])
    except (KeyError, ModuleNotFoundError):
        return False
    return True


def scan(kind: str, text: str, model: ApiModel) -> list[Touch]:
    module = import_module(SCANNERS[kind])
    return module.scan(text, model)
