"""``--output-format github``: GitHub Actions workflow commands, one annotation per finding, as
ruff writes them::

    ::error title=migrator (MIG060),file=runners.py,line=2,col=4,endLine=2,endColumn=17::runners.py:2:4: MIG060 ...

The command follows the severity: ``error`` for critical, high and medium, ``warning`` for low,
``notice`` for info. As the Actions toolkit requires, the message escapes ``%``, CR and LF, and
property values also ``:`` and ``,``: a file name or message can never end the command early or
start another one. Other control characters (ESC, which the log viewer would read as colour or
worse) are written as C escapes (``\\033``), as the text format writes them.
"""

from __future__ import annotations

from ..values import Reported
from .context import ReportContext
from .escape import escape
from .fingerprint import path_of

COMMAND = {"critical": "error", "high": "error", "medium": "error", "low": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Reported) -> str:
    path = escape(path_of(finding.filename), keep="\r\n")
    start, end = finding.span.start, finding.span.end
    properties = {"title": f"migrator ({finding.code})", "file": path, "line": start.row, "col": start.column,
                  "endLine": end.row, "endColumn": end.column}
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    message = f"{path}:{start.row}:{start.column}: {finding.code} {escape(finding.message)}"
    return f"::{COMMAND.get(finding.severity, 'error')} {props}::{escape_data(message)}"


def render(context: ReportContext) -> str:
    return "".join(annotation(f) + "\n" for f in context.findings)
