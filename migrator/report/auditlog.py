"""The report of `migrator audit-log` (auditlog.py) as text or JSON: per rule, its requests, users,
user agents, first and last seen, and its subjects (endpoints and parameters)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ..auditlog import AuditReport
from .escape import escape


def as_dict(report: AuditReport, top: int = 5) -> dict[str, Any]:
    rules = []
    for code in sorted(report.rules):
        tally = report.rules[code]
        subjects = sorted(tally.subjects.items(), key=lambda item: (-item[1].count, item[0]))
        rules.append({
            "code": code,
            "name": tally.rule.name,
            "item": tally.rule.item,
            "severity": tally.rule.severity,
            **tally.tally.as_dict(top),
            "subjects": [{"subject": name, **sub.as_dict(top)} for name, sub in subjects],
        })
    return {
        "files": report.files,
        "lines": report.lines,
        "requests": report.requests,
        "malformed": report.malformed,
        "matched_requests": report.matched,
        "errors": report.errors,
        "rules": rules,
    }


def render_json(report: AuditReport) -> str:
    return json.dumps(as_dict(report), indent=2) + "\n"


def render_text(report: AuditReport) -> str:
    data = as_dict(report, top=3)
    lines = [
        f"{_plural(data['requests'], 'request')} in {_plural(data['lines'], 'line')} of {_plural(len(data['files']), 'file')}; "
        f"{data['malformed']:,} malformed lines skipped; requests that use what API v5 removes: "
        f"{data['matched_requests']:,}.",
    ]
    lines += [f"error: {error}" for error in data["errors"]]
    for rule in data["rules"]:
        lines += ["", *_rule_lines(rule)]
    if not data["rules"]:
        lines.append("No request used anything the rule table reports.")
    return "\n".join(map(escape, lines)) + "\n"  # user names and agents come from the log: no raw ESC


def _rule_lines(rule: dict[str, Any]) -> Iterator[str]:
    yield (f"{rule['code']} {rule['name']} [{rule['severity']}]: {_plural(rule['count'], 'request')}, "
           f"{_distinct(rule['users'], 'user')}, {_distinct(rule['user_agents'], 'user agent')}")
    yield f"  first seen {rule['first_seen'] or '-'}, last seen {rule['last_seen'] or '-'}"
    yield f"  users: {_top(rule['users'])}"
    yield f"  user agents: {_top(rule['user_agents'])}"
    width = max(len(s["subject"]) for s in rule["subjects"]) if rule["subjects"] else 0
    for sub in rule["subjects"]:
        yield f"    {sub['subject']:<{width}}  {sub['count']:>9,}  {_distinct(sub['users'], 'user')}  {_top(sub['users'])}"


def _distinct(people: dict[str, Any], noun: str) -> str:
    return ("~" if people["approximate"] else "") + _plural(people["distinct"], noun)


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _top(people: dict[str, Any]) -> str:
    return ", ".join(f"{p['name']} ({p['count']:,})" for p in people["top"]) or "-"
