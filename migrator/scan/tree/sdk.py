"""A language's SDK as data (rules/model/<sdk>.yaml): which receivers are its client, and the
request each of its methods sends. ``Gitlab.merge_request_changes(project, iid)`` is a GET of the
merge request changes endpoint, ``Gitlab.runners(scope: :active)`` a GET of /runners with the
query ``scope=active``, and what they return is the endpoint's record (``mr.merged_by``).

The data is read once per process, when a file of the language is scanned; a receiver the gem
makes (``Gitlab``, ``Gitlab.client(…)``) is typed evidence, one only named like a client
(``client``, Danger's ``gitlab.api``) is named."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .. import urls


@dataclass(frozen=True)
class Method:
    """One SDK method: its HTTP method, the endpoint's model template, where its options go."""

    verb: str
    template: str
    options: str

    def url(self) -> str:
        """The endpoint as a URL template under /api/v4, its parameters run-time parts."""
        return "/api/v4" + re.sub(r":\w+", urls.MARK, self.template)


@dataclass(frozen=True)
class Sdk:
    receivers: frozenset[str]
    names: tuple[re.Pattern[str], ...]
    methods: dict[str, Method]

    def evidence(self, receiver: str) -> str | None:
        """typed for the SDK's own client, named for a name like a client's, else None."""
        if receiver in self.receivers:
            return "typed"
        return "named" if any(p.fullmatch(receiver) for p in self.names) else None


@cache
def load(name: str) -> Sdk:
    from ...loader import read_yaml
    from ...ruletable import rules_dir

    data = read_yaml(rules_dir() / "model" / f"{name}.yaml") or {}
    methods = {key: Method(*value) for key, value in (data.get("methods") or {}).items()}
    return Sdk(frozenset(data.get("receivers") or ()), tuple(re.compile(p) for p in data.get("names") or ()), methods)
