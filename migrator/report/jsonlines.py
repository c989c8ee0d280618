"""``--output-format json-lines``: the objects of the ``json`` format, one compact object per line
(JSON Lines), so a run can be streamed, concatenated and read with ``jq -c`` or line by line.
With ``--statistics``, one statistics object per line."""

from __future__ import annotations

import json

from .context import ReportContext
from .jsonout import records


def render(context: ReportContext) -> str:
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records(context))
