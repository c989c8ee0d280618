"""Credentials taken out of text that migrator writes into a file people commit (a baseline's
matched text): a token in a URL must not land in a repository.

What is redacted, each value replaced by ``***``:

- the password of a URL's user information (``https://oauth2:SECRET@host``);
- the value of a query parameter, keyword, option or header named like a credential
  (``private_token=…``, ``"PRIVATE-TOKEN": "…"``, ``JOB-TOKEN: …``, ``Authorization: Bearer …``,
  ``password=…``);
- the service's tokens wherever they stand, by their prefixes (``glpat-…``, ``gldt-…``, ``glrt-…``
  …) and GitHub's (``ghp_…``, ``github_pat_…``).

A value that only names a credential is left, so the text stays reviewable: a variable
(``$CI_JOB_TOKEN``, ``${TOKEN}``, ``%TOKEN%``), a placeholder (``{token}``, ``<token>``) or a call.
"""

from __future__ import annotations

import re

MASK = "***"
# A literal value: not a reference to one ($VAR, ${VAR}, %VAR%, {name}, <name>) nor a call, an
# index or an attribute (os.environ["…"], settings.token), up to a separator of the text.
_LITERAL = r"(?![$%{<(\[])[^\s&\"'`#;,(){}\[\]]+(?![(\[\w.])"
_NAMES = r"(?:private[-_]?token|access[-_]?token|job[-_]?token|deploy[-_]?token|oauth[-_]?token|" \
         r"refresh[-_]?token|api[-_]?key|apikey|token|password|passwd|secret|client[-_]?secret)"
_PATTERNS = (
    # https://user:password@host
    re.compile(r"(?P<keep>[a-z][a-z0-9+.-]*://[^/\s:@]*:)" + r"(?P<value>(?![$%{<])[^/\s@]+)(?=@)", re.I),
    # name=value, name: value, "name": "value", --header 'NAME: value', Authorization: Bearer value
    re.compile(r"(?P<keep>\b" + _NAMES + r"[\"']?\s*[:=]\s*[\"']?(?:(?:Bearer|Basic|token)\s+)?)"
               r"(?P<value>" + _LITERAL + ")", re.I),
    re.compile(r"(?P<keep>\bAuthorization[\"']?\s*[:=]\s*[\"']?(?:Bearer|Basic|token)?\s*)"
               r"(?P<value>" + _LITERAL + ")", re.I),
    # the service's and GitHub's tokens, by their prefixes
    re.compile(r"(?P<keep>)(?P<value>\b(?:gl(?:pat|dt|rt|ptt|oas|cbt|imt|soat|agent|ffct|ft)-|GR1348941|ghp_|"
               r"gho_|ghs_|github_pat_)[A-Za-z0-9_\-]{8,})"),
)


def redact(text: str) -> str:
    """``text`` with every credential value it holds replaced by ``***``."""
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: m["keep"] + MASK, text)
    return text
