"""``--output-format sarif``: a SARIF 2.1.0 log for GitHub code scanning and other SARIF viewers.

- ``tool.driver.rules[]``: each rule that fired, with its documentation as help (the text of
  ``migrator rule CODE``), its Versioning item, releases and fix safety in ``properties``.
- ``results[]``: one per finding, with its region (1-based, columns in Unicode code points, end
  exclusive), the source line as context, and the fingerprint of fingerprint.py.
- ``fixes[]``: for a finding whose fix ``migrator fix`` applies (safe, or unsafe too with
  ``--unsafe-fixes``) and whose edits are known, the edits as ``artifactChanges``.
- ``invocations[]``: whether every file could be checked, and the errors when not; in its
  ``properties``, the files checked (``filesChecked``) and by file kind (``filesCheckedByKind``).

Severity maps to ``level``: critical and high are ``error``, medium ``warning``, low and info
``note``.
"""

from __future__ import annotations

import json
from urllib.parse import quote

from ..values import Reported, Span
from . import ruledoc
from .context import ReportContext, split_line
from .escape import shown_source
from .fingerprint import fingerprints, path_of

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVEL = {"critical": "error", "high": "error", "medium": "warning", "low": "note", "info": "note"}


def artifact(filename: str) -> dict:
    path = path_of(filename)
    uri = quote(path, safe="/", errors="surrogateescape")
    if path.startswith("/"):
        return {"uri": "file://" + uri}
    return {"uri": uri, "uriBaseId": "%SRCROOT%"}


def region(span: Span) -> dict:
    return {"startLine": span.start.row, "startColumn": span.start.column,
            "endLine": span.end.row, "endColumn": span.end.column}


def rule_descriptor(code: str, context: ReportContext, example: Reported) -> dict:
    rule = context.rules.get(code)
    if rule is None:  # a finding no rule of the table makes: a file that could not be parsed
        return {"id": code, "name": example.name, "shortDescription": {"text": example.name},
                "defaultConfiguration": {"level": LEVEL.get(example.severity, "warning")}}
    doc = ruledoc.as_dict(rule, context)
    help_text = ruledoc.render_text([rule], context)
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.docs.what},
        "fullDescription": {"text": rule.docs.why},
        "help": {"text": help_text, "markdown": help_text},
        **({"helpUri": rule.url} if rule.url else {}),
        "defaultConfiguration": {"level": LEVEL.get(rule.severity, "warning")},
        "properties": {
            "tags": ["api-v5", rule.item],
            "item": rule.item,
            "item_title": doc["item_title"],
            "severity": rule.severity,
            "breaking": rule.breaking,
            "replacement": rule.replacement,
            "releases": doc["releases"],
            "fix": doc["fix"],
        },
    }


def location(finding: Reported) -> dict:
    physical: dict = {"artifactLocation": artifact(finding.filename), "region": region(finding.span)}
    covered = split_line(finding)[1]
    if covered:
        physical["region"]["snippet"] = {"text": covered}
    if shown_source(finding.source_line):
        row = finding.span.start.row
        physical["contextRegion"] = {"startLine": row, "endLine": row,
                                     "snippet": {"text": finding.source_line.rstrip("\r\n")}}
    return {"physicalLocation": physical}


def fixes(finding: Reported, context: ReportContext) -> list[dict]:
    if not (context.fixable(finding) and finding.fix.edits):
        return []
    replacements = [{"deletedRegion": region(edit.span), "insertedContent": {"text": edit.content}}
                    for edit in finding.fix.edits]
    return [{"description": {"text": finding.fix.message},
             "artifactChanges": [{"artifactLocation": artifact(finding.filename), "replacements": replacements}]}]


def result(finding: Reported, index: int, fingerprint: str, context: ReportContext) -> dict:
    out = {
        "ruleId": finding.code,
        "ruleIndex": index,
        "level": LEVEL.get(finding.severity, "warning"),
        "message": {"text": finding.message},
        "locations": [location(finding)],
        "partialFingerprints": {"migrator/v1": fingerprint},
        "properties": {
            "severity": finding.severity,
            "evidence": finding.evidence,
            "item": finding.item,
            "applicability": None if finding.fix is None else str(finding.fix.applicability),
            **({"repository": finding.repository} if finding.repository else {}),
        },
    }
    if found := fixes(finding, context):
        out["fixes"] = found
    return out


def log(context: ReportContext) -> dict:
    examples: dict[str, Reported] = {}
    for finding in context.findings:
        examples.setdefault(finding.code, finding)
    codes = sorted(examples)
    index = {code: i for i, code in enumerate(codes)}
    results = [result(f, index[f.code], p, context)
               for f, p in zip(context.findings, fingerprints(context.findings), strict=True)]
    invocation = {"executionSuccessful": not context.errors,
                  "toolExecutionNotifications": [{"level": "error", "message": {"text": e}} for e in context.errors]}
    if context.checked is not None:
        invocation["properties"] = {"filesChecked": context.checked.total,
                                    "filesCheckedByKind": dict(context.checked.by_kind)}
    driver = {"name": "migrator", "version": context.version,
              "rules": [rule_descriptor(code, context, examples[code]) for code in codes]}
    run = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints",
           "invocations": [invocation], "results": results}
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def render(context: ReportContext) -> str:
    return json.dumps(log(context), indent=2, ensure_ascii=False) + "\n"
