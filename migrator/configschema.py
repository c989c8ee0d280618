"""The JSON schema of migrator's configuration (``[tool.migrator]`` in pyproject.toml, the top
level of ``migrator.toml`` and ``.migrator.toml``), for editors that validate and complete TOML
(taplo, Even Better TOML). ``migrator.schema.json`` at the top of the repository is this schema;
``python -m migrator.configschema > migrator.schema.json`` writes it again when a key, a format or
a rule changes (a test fails until it is)."""

from __future__ import annotations

import json
from typing import Any

from .discover import DEFAULT_EXCLUDES
from .values import EVIDENCE_ORDER
from .ruletable import RuleTable, load_table

SIZE = r"^\s*[0-9]+\s*([Bb]|[Kk][Bb]|[Mm][Bb]|[Gg][Bb])?\s*$"
RELEASE = r"^[0-9]+(\.[0-9]+)*$"


def schema(table: RuleTable) -> dict[str, Any]:
    from .report import FORMATS

    selector = {"anyOf": [
        {"enum": list(dict.fromkeys(["ALL", *(r.code for r in table.known), *(r.name for r in table.known),
                                     *sorted(table.items)]))},
        {"type": "string", "pattern": "^[Mm][Ii][Gg][0-9]{0,3}$", "description": "a rule code or a code prefix"},
        {"type": "string", "pattern": "^[^,]+(,[^,]+)+$", "description": "selectors separated by commas"},
    ]}
    selectors = {"type": "array", "items": {"$ref": "#/definitions/selector"}}
    globs = {"type": "array", "items": {"type": "string"}}
    keys = {
        "extend": ({"type": "string", "minLength": 1}, "A configuration file this one builds on, relative to this "
                   "file (ruff's extend); its keys apply unless this file sets them."),
        "select": (selectors, "Rules to enable: codes, code prefixes, rule names, item keys, or ALL (default: ALL)."),
        "extend-select": (selectors, "Rules to enable on top of the selection."),
        "ignore": (selectors, "Rules to disable; the more specific selector wins, a tie goes to ignore."),
        "per-file-ignores": ({"type": "object", "additionalProperties": selectors},
                             "Glob (relative to this file; ! negates) = the rules not reported in the files it matches."),
        "exclude": (globs, f"Files and directories to leave out (globs); replaces the default: {', '.join(DEFAULT_EXCLUDES)}."),
        "extend-exclude": (globs, "Files and directories to leave out, on top of exclude (globs relative to this file)."),
        "force-exclude": ({"type": "boolean"}, "Apply the excludes to files named on the command line too (pre-commit)."),
        "respect-gitignore": ({"type": "boolean"}, "Skip what .gitignore ignores (default: true)."),
        "output-format": ({"enum": list(FORMATS)}, "The format of `migrator check` (default: text)."),
        "target-version": ({"type": "string", "pattern": RELEASE},
                           "The oldest release the code must keep working with, as a string (\"16.11\"): later "
                           "replacements are shown, not applied."),
        "min-evidence": ({"enum": list(EVIDENCE_ORDER)}, "Drop findings with weaker evidence (default: bare)."),
        "cache-dir": ({"type": "string", "minLength": 1}, "The result cache's directory (default: .migrator_cache "
                      "beside the configuration file)."),
        "max-file-size": ({"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "pattern": SIZE}]},
                          "Files larger than this are not read (a parse-error finding): bytes, or \"512KB\", "
                          "\"10MB\" (default: 10MB)."),
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "migrator.schema.json",
        "title": "migrator",
        "description": "migrator's configuration: [tool.migrator] in pyproject.toml, or migrator.toml / .migrator.toml",
        "type": "object",
        "properties": {key: {**shape, "description": text} for key, (shape, text) in keys.items()},
        "additionalProperties": False,
        "definitions": {"selector": selector},
    }


def text(table: RuleTable | None = None) -> str:
    return json.dumps(schema(table or load_table()), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(text(), end="")
