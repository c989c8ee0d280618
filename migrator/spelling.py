"""How each client language spells the rule table's names, for the prefilter.

The rule table names fields, parameters and path segments as the API does, in snake_case
(``merged_by``). A Go struct field is ``MergedBy``, a TypeScript property ``mergedBy``, a Java
getter ``getMergedBy`` and a Ruby symbol ``:merged_by``. The prefilter tests substrings, so a
spelling that holds another one (``getMergedBy`` holds ``MergedBy``, ``:merged_by`` holds
``merged_by``) needs no entry of its own: a language's styles are the few forms from which every
way it writes a name is built.

The styles are derived from the table by default; irregular spellings (``IPAddress`` for
``ip_address``, ``WebURL`` for ``web_url``) are overrides in the SDK's data in ``rules/model/``
(``spellings: {ip_address: [IPAddress]}``), never in a rule's file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field


def snake(name: str) -> str:
    """As the API writes it: ``merged_by``."""
    return name


def camel(name: str) -> str:
    """``merged_by`` → ``mergedBy`` (JavaScript, Java, PHP properties)."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def pascal(name: str) -> str:
    """``merged_by`` → ``MergedBy`` (Go and C# fields; inside Java's ``getMergedBy``)."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


STYLES: dict[str, Callable[[str], str]] = {"snake": snake, "camel": camel, "pascal": pascal}

# Where a camelCase or PascalCase name starts a word: ``mergeRequest``, ``HTTPClient`` → HTTP|Client.
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def snake_of(name: str) -> str:
    """``mergeRequest`` → ``merge_request``: a name as code spells it, as the API model writes it
    (the inverse of `camel` and `pascal`)."""
    return CAMEL.sub("_", name).lower()


@dataclass(frozen=True)
class Spelling:
    """A language's ways of writing a name: its ``styles`` (keys of STYLES), its SDK's
    irregular ``overrides`` (name → extra spellings), and whether a ``-`` joins the words of a
    name (``hyphenated``: a JSON key or value, where ``pip-runner`` is one name; in code ``-`` is an
    operator: ``-runner.active``). Hashable, so the prefilter keys its compiled searches by it."""

    styles: tuple[str, ...] = ("snake",)
    overrides: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())
    hyphenated: bool = False

    @classmethod
    def of(cls, styles: Iterable[str], overrides: Mapping[str, Iterable[str]] | None = None,
           hyphenated: bool = False) -> Spelling:
        unknown = [style for style in styles if style not in STYLES]
        if unknown:
            raise ValueError(f"unknown spelling style {unknown[0]!r}; known: {', '.join(STYLES)}")
        extra = tuple(sorted((name, tuple(spelled)) for name, spelled in (overrides or {}).items()))
        return cls(tuple(styles), extra, hyphenated)

    @property
    def plain(self) -> bool:
        """Every name is written as the API writes it (Python, shell, YAML, JSON)."""
        return self.styles == ("snake",) and not self.overrides

    def of_token(self, token: str) -> tuple[str, ...]:
        """Every way this language writes ``token``, the API's own spelling first."""
        spelled = [token]
        for style in self.styles:
            spelled.append(STYLES[style](token))
        spelled.extend(dict(self.overrides).get(token, ()))
        return tuple(dict.fromkeys(s for s in spelled if s))


PLAIN = Spelling()


def respell(written: str, old: str, new: str) -> str | None:
    """``written``, which spells the API's name ``old`` in one of the styles (as it is, or ending
    in it after an accessor's prefix: ``getMergedBy``), with ``new`` in the same style
    (``getMergeUser``); None when ``written`` spells ``old`` in none of them."""
    for style in ("snake", "camel", "pascal"):
        spelled = STYLES[style](old)
        if written == spelled:
            return STYLES[style](new)
    spelled = pascal(old)
    prefix = written[:-len(spelled)]
    if written.endswith(spelled) and prefix[:1].islower() and prefix.isalpha():
        return prefix + pascal(new)
    return None
