"""Jenkinsfiles (``Jenkinsfile``, ``Jenkinsfile.*``, ``*.jenkinsfile``): the string each ``sh``
step runs (``sh '''…'''``, ``sh "…"``, ``sh(script: '…', returnStdout: true)``) is a region of shell,
read as Groovy hands it over: its escapes (``\\\\``, ``\\'``, ``\\"``, ``\\$``) undone, and in a
double-quoted string Groovy's own ``${…}`` and ``$name`` read as placeholders (a shell variable
there is written ``\\$NAME``). The rest of the Groovy is not read."""

from __future__ import annotations

import re
from pathlib import Path

from .host import host_kind

STEP = re.compile(r"\bsh\b\s*(\(\s*)?")
STRING = re.compile(r"'''(?:\\.|[^\\])*?'''|\"\"\"(?:\\.|[^\\])*?\"\"\"|'(?:\\.|[^\\'\n])*'|\"(?:\\.|[^\\\"\n])*\"",
                    re.DOTALL)
SCRIPT_ARGUMENT = re.compile(r"[^()'\"]*?\bscript\s*:\s*")
ESCAPES = (("\\\\", "\\"), ("\\'", "'"), ('\\"', '"'), ("\\$", "$"))
INTERPOLATION = r"\$\{[^}]*\}|\$[A-Za-z_]\w*(?:\.\w+)*"


def claims(path: Path, head, explicit: bool) -> bool:
    name = path.name.lower()
    return name == "jenkinsfile" or name.startswith("jenkinsfile.") or name.endswith(".jenkinsfile")


def regions(text: str) -> list:
    from ..regions.lines import Layout, Mismatch, by_length, region_of
    from .shell import placeholder

    out = []
    for step in STEP.finditer(text):
        at = step.end()
        if step.group(1):  # sh(script: '…', …) or sh('…')
            named = SCRIPT_ARGUMENT.match(text, at)
            at = named.end() if named else at
        literal = STRING.match(text, at)
        if literal is None:
            continue
        quote = 3 if literal.group().startswith(("'''", '"""')) else 1
        gstring = literal.group().startswith('"')
        layout = Layout(escapes=ESCAPES, template=INTERPOLATION if gstring else None)
        try:
            out.append(region_of("shell", text, [(literal.start() + quote, literal.end() - quote, layout)],
                                 by_length(placeholder)))
        except Mismatch:
            continue
    return out


KIND = host_kind(
    "jenkinsfile", claims, regions, comment="//", strings="c", examples={"jenkinsfile": "Jenkinsfile"},
    title="Jenkinsfile",
)
