"""``--output-format results``: the audit result of one run, one JSON object that says what was
audited as well as what was found, so that a clean repository's result is never mistaken for a
run over an empty folder (whose ``json`` array is ``[]`` too)::

    {
      "tool": "migrator",
      "version": "<migrator's version>",
      "repository": "group/project",
      "settings": "<sha256 hex>",
      "files_checked": {"total": 52, "by_kind": {"python": 40, "ci": 12}},
      "hidden_by_baseline": 0,
      "findings": [ ... the objects of the json format ... ],
      "repositories": [{"repository": "group/project", "files_checked": {...}}]
    }

``repository`` is ``--repository``, else the git remote of the one repository all the files are
in (null when there is none, or several); ``settings``
the digest of the settings the files were checked with (app/settings.digest);
``hidden_by_baseline`` null without a baseline; ``repositories`` the files checked in each
repository the run covered (``--repository``'s, else each file's git remote; files in none are
left out), so that one run over many clones (an audit's batch) counts each, clean ones too.
``report --merge`` reads it (merge.py) as it reads
the ``json`` format's array. Fields are only ever added, never renamed or removed.
"""

from __future__ import annotations

import json

from .context import ReportContext
from .jsonout import as_dict

TOOL = "migrator"


def document(context: ReportContext, findings) -> dict:
    """The result object, with ``findings`` (the json format's objects, or an ``Items`` that
    writes them as it goes: merge.write_json) as its last field."""
    checked = context.checked.as_dict() if context.checked is not None else None
    return {
        "tool": TOOL,
        "version": context.version,
        "repository": context.repository,
        "settings": context.settings,
        "files_checked": checked,
        "hidden_by_baseline": None if context.baseline is None else context.baseline.hidden,
        "findings": findings,
        "repositories": [{"repository": r.repository, "files_checked": r.checked.as_dict() if r.checked else None}
                         for r in context.results],
    }


def render(context: ReportContext) -> str:
    return json.dumps(document(context, [as_dict(f) for f in context.findings]), indent=2, ensure_ascii=False) + "\n"
