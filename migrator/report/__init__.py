"""Stage: report. One module per output format, each with ``render(context) -> str`` (a text
format also with ``pieces(context)``, its text a finding at a time); this registry
maps a format's name (as ``--output-format`` takes it) to its module, imported only when used.

============  ==========================  ==================================================
format        module                      for
============  ==========================  ==================================================
concise       text                        people: one line per finding (``text`` is its old name)
full          full                        people: each finding with its source line and a caret
grouped       grouped                     people: findings under their file
json          jsonout                     tools: an array of objects (README documents them)
json-lines    jsonlines                   tools: one object per line
sarif         sarif                       GitHub code scanning and SARIF viewers
gitlab        gitlab                      GitLab Code Quality (``artifacts:reports:codequality``)
github        github                      GitHub Actions annotations
junit         junit                       CI test-report views
html          html                        the audit report, one self-contained page
markdown      markdown                    the audit report, for a wiki, an issue or a merge request
results       results                     the audit result: what was checked, and the findings
============  ==========================  ==================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module

FORMATS = {
    "concise": "text",
    "full": "full",
    "grouped": "grouped",
    "text": "text",
    "json": "jsonout",
    "json-lines": "jsonlines",
    "sarif": "sarif",
    "gitlab": "gitlab",
    "github": "github",
    "junit": "junit",
    "html": "html",
    "markdown": "markdown",
    "results": "results",
}
# Formats that show a fix's edits or count what `fix` can do: the edits are computed (reading the
# files, with libcst for Python) only for them.
WITH_EDITS = frozenset({"json", "json-lines", "sarif", "html", "markdown", "results"})
# Formats that show each finding's repository (git is asked for it, a process per directory).
WITH_REPOSITORY = frozenset({"json", "json-lines", "sarif", "html", "markdown", "results"})
# Formats a terminal reads: colour applies to them.
TEXT = frozenset({"concise", "full", "grouped", "text"})


def render(fmt: str, context, **options) -> str:
    """Render a ``ReportContext`` (or a list of findings, with ``ReportContext.of`` options) in the
    format named ``fmt``."""
    from .context import ReportContext

    if not isinstance(context, ReportContext):
        from ..ruletable import load_table

        context = ReportContext.of(context, load_table(), **options)
    return import_module(f"{__name__}.{FORMATS[fmt]}").render(context)


def pieces(fmt: str, context) -> Iterable[str]:
    """A ``ReportContext`` in the format named ``fmt``, in the pieces it is written in: a format
    that gives its text a finding at a time (the text formats' ``pieces``) does, so that a large
    report is never held whole; any other gives its whole text as one piece."""
    module = import_module(f"{__name__}.{FORMATS[fmt]}")
    return module.pieces(context) if hasattr(module, "pieces") else (module.render(context),)
