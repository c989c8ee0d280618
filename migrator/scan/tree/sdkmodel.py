"""An SDK of a client language as data (rules/model/<sdk>.yaml, read by the rule table into
``ApiModel.sdks``): its service classes, the calls whose value is a record (and the endpoint a
call always requests, with the filters its enum arguments send), and its records' field types."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ...apimodel import ApiModel


@dataclass(frozen=True)
class Call:
    record: str | None = None
    endpoint: str | None = None
    filters: dict[str, str] = field(default_factory=dict)  # an enum type → the filter it sends


@dataclass(frozen=True)
class Sdk:
    name: str = ""
    apis: tuple[str, ...] = ()
    calls: dict[str, Call] = field(default_factory=dict)
    fields: dict[str, dict[str, str]] = field(default_factory=dict)

    @staticmethod
    def of(model: ApiModel, name: str | None) -> Sdk:
        data = model.sdks.get(name) if name else None
        return _build(name, _frozen(data)) if data else Sdk()

    def owns(self, receiver: str) -> bool:
        """A call on ``receiver`` is the SDK's: ``gitLabApi.getRunnersApi()``, ``runnersApi``."""
        lowered = receiver.lower()
        return any(api.lower() in lowered for api in self.apis)

    def call(self, method: str) -> Call | None:
        return self.calls.get(method)

    @property
    def filter_enums(self) -> frozenset[str]:
        """The enum types whose values an SDK call sends as a filter (``RunnerStatus``)."""
        return frozenset(enum for call in self.calls.values() for enum in call.filters)

    def type_of(self, record: str | None, name: str) -> str | None:
        return self.fields.get(record or "", {}).get(name)


def _frozen(data: dict) -> tuple:
    """The data as a hashable key (it is read once per SDK and process)."""
    import json

    return json.dumps(data, sort_keys=True)


@cache
def _build(name: str, data: str) -> Sdk:
    import json

    raw = json.loads(data)
    calls = {method: Call(**spec) for method, spec in (raw.get("calls") or {}).items()}
    return Sdk(name, tuple(raw.get("apis") or ()), calls, raw.get("fields") or {})
