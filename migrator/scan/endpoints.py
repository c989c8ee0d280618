"""Endpoint URLs in any text: the reader of a file that no kind of its own claims (Kotlin, Groovy,
Terraform, PowerShell, Rust, Go, Ruby, Java, PHP, C# until each has a scanner of its own). Only
the URL's shape is evidence: typed under ``/api/v4``; a whole endpoint template of the model
with a sub-resource (``projects/%d/merge_requests/%d/changes``, handed to a wrapper) is named.

A URL is a run of URL characters holding a ``/``; each language's ways of writing a part known
only at run time count as one part of it (``${id}``, ``#{id}``, ``{id}``, ``{{ id }}``, ``$(ID)``,
``$id``, ``%d``), and string literals joined by a simple expression (``"/projects/" + id +
"/runners"``, PHP's ``.``) are read as one URL. Its method is not known, so it is taken as a GET.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..apimodel import ApiModel
from ..syntax import Syntax
from ..values import Touch
from . import urls

PLACEHOLDER = (r"\$\{[^}\n\"'`]*\}|#\{[^}\n\"'`]*\}|\{\{[^}\n]*\}\}|\{[^{}\s\"'`;]*\}"
               r"|\$\([^)\s\"'`]*\)")
RUN = re.compile(rf"(?:{PLACEHOLDER}|[^\s\"'`<>(){{}}\[\],;\\|^])+")
RUN_TIME = re.compile(rf"{PLACEHOLDER}|\$[A-Za-z_]\w*|%[sdvq]")
JOIN = re.compile(r"""["'`]\s*[+.]\s*[\w.$>\[\]()-]{1,80}?\s*[+.]\s*["'`]""")
"""What may stand between two string literals that build one URL: ``" + project.id + "``."""


def scan(text: str, model: ApiModel) -> list[Touch]:
    touches: list[Touch] = []
    for start, end, template in candidates(text):
        url = urls.parse(template, model)
        if url is None or not (url.under_api or url.template and urls.sub_resources(url.template) >= urls.SUB_RESOURCE):
            continue
        evidence = urls.literal_evidence(url)
        touches.append(urls.endpoint_touch(url, (start, end), None, evidence, Syntax.TEXT_URL))
        touches.extend(urls.query_touches(url, (start, end), None, evidence, Syntax.TEXT_URL))
    return touches


def candidates(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, template) of each run of URL characters that holds a ``/``, literals joined
    by a simple expression taken together, run-time parts as ``{}``."""
    runs = [m for m in RUN.finditer(text) if "/" in m.group()]
    index = 0
    while index < len(runs):
        first = last = runs[index]
        template = _template(first.group())
        while index + 1 < len(runs) and JOIN.fullmatch(text, last.end(), runs[index + 1].start()):
            index += 1
            last = runs[index]
            template += urls.MARK + _template(last.group())
        yield first.start(), last.end(), template
        index += 1


def _template(run: str) -> str:
    return RUN_TIME.sub(urls.MARK, run)
