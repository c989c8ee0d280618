"""The endpoint and record model (rules/model/api.yaml): which paths exist, which record each
returns or accepts, how a record is recognised by its keys or by a variable's name, and what
python-gitlab calls its managers. Scanners use it to give touches a record and evidence."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .loader import DataError, build

KEY_SETS_KEPT = 4096  # distinct key sets record_for_keys remembers (a bound on memory)
PAYLOAD_RECORDS = ("webhook", "system_hook")
"""Webhook and system hook payloads: no REST responses, so neither they nor what they hold are
REST records (``object_attributes.merge_status`` of a merge request hook is no REST field)."""


@dataclass(frozen=True)
class Record:
    """How a record is recognised (rules/model/api.yaml explains each key)."""

    names: tuple[str, ...] = ()
    declared_names: tuple[str, ...] = ()
    signature: tuple[str, ...] = ()
    signature_any: tuple[str, ...] = ()
    not_keys: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()
    field_values: dict[str, tuple[str, ...]] = field(default_factory=dict)
    filter_values: dict[str, tuple[str, ...]] = field(default_factory=dict)
    doc: str = ""

    def carried_by(self, keys: frozenset[str] | set[str]) -> bool:
        """Whether an object with these keys carries this record's signature."""
        return (bool(self.signature) and set(self.signature) <= keys
                and (not self.signature_any or bool(set(self.signature_any) & keys))
                and not set(self.not_keys) & keys)

    @property
    def known(self) -> frozenset[str]:
        """Field names that say an object is this record: its signature and its ``fields``."""
        return frozenset(self.signature) | frozenset(self.signature_any) | frozenset(self.fields)


@dataclass(frozen=True)
class Endpoint:
    """An endpoint template of the API, with the record it serves and its methods."""

    path: str
    record: str | None = None
    methods: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class ManagerMap:
    """A python-gitlab manager attribute and the record it manages."""

    attribute: str
    record: str
    parent: str | None = None
    path: str | None = None


@dataclass(frozen=True)
class PythonGitlab:
    """How python-gitlab names the API: its clients, managers and record methods."""

    client_names: tuple[str, ...]
    managers: tuple[ManagerMap, ...]
    record_methods: tuple[str, ...]
    credential_kwargs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Acceptance:
    """Request paths (templates, ``**`` for any rest) on which a credential is accepted, for
    these methods (all methods when none are given)."""

    paths: tuple[str, ...]
    methods: tuple[str, ...] = ()


@dataclass(frozen=True)
class Credential:
    """How a credential is recognised, and where it is accepted when only some endpoints take it
    (``accepted_on``; empty: every endpoint)."""

    type: str  # deploy-token, job-token, private-token, oauth
    headers: tuple[str, ...] = ()
    query: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    accepted_on: tuple[Acceptance, ...] = ()


@dataclass(frozen=True)
class ApiModel:
    """The API's records, endpoints, credentials and SDKs (rules/model/)."""

    records: dict[str, Record]
    endpoints: tuple[Endpoint, ...]
    python_gitlab: PythonGitlab
    credentials: tuple[Credential, ...] = ()
    telemetry_messages: tuple[str, ...] = ()
    api_prefixes: tuple[str, ...] = ("/api/v4",)
    # the SDKs' data (rules/model/<sdk>.yaml but api.yaml), by file stem: what a scanner of the
    # SDK's language reads of it (its calls, records, types, field types, spellings); set by the
    # rule table's loader, read by scan/tree/sdk.py
    sdks: dict[str, Any] = field(default_factory=dict)

    def sdk(self, name: str | None) -> dict[str, Any]:
        return self.sdks.get(name) or {} if name else {}

    def credential_type(self, key: str, location: str, source: str) -> str | None:
        """The type of credential a header or query parameter carries (deploy-token, job-token,
        private-token, oauth), from its source text first and its name second; None if none."""
        lowered = key.lower()
        names = [c for c in self.credentials if lowered in {n.lower() for n in getattr(c, location, ())}]
        for cred in self.credentials:
            if any(re.search(p, source) for p in cred.values) and (names or cred.type == "deploy-token"):
                return cred.type
        return names[0].type if names else None

    def credential(self, type_: str) -> Credential | None:
        return next((c for c in self.credentials if c.type == type_), None)

    @cached_property
    def _name_patterns(self) -> list[tuple[re.Pattern[str], str]]:
        out = []
        for record, spec in self.records.items():
            for pattern in spec.names:
                out.append((re.compile(pattern, re.IGNORECASE), record))
        return out

    @cached_property
    def _names_seen(self) -> dict[str, str | None]:
        return {}

    def record_for_name(self, name: str) -> str | None:
        """The record a variable's name suggests (``runner`` → runner), or None. A file names
        few distinct variables many times: each name is matched once per process."""
        seen = self._names_seen
        if name not in seen:
            seen[name] = next((record for pattern, record in self._name_patterns if pattern.fullmatch(name)), None)
        return seen[name]

    @cached_property
    def _client_patterns(self) -> list[re.Pattern[str]]:
        return [re.compile(p, re.IGNORECASE) for p in self.python_gitlab.client_names]

    @cached_property
    def _clients_seen(self) -> dict[str, bool]:
        return {}

    def is_client_name(self, name: str) -> bool:
        """Whether a variable's name says it holds a python-gitlab client (``gl``), memoised."""
        seen = self._clients_seen
        if name not in seen:
            seen[name] = any(p.fullmatch(name) for p in self._client_patterns)
        return seen[name]

    @cached_property
    def _keys_seen(self) -> dict[frozenset[str], str | None]:
        return {}

    def record_for_keys(self, keys: frozenset[str] | set[str]) -> str | None:
        """The record whose key signature a JSON object's keys carry, or None. A file's objects
        share few key sets: each is matched once (the memo is emptied at KEY_SETS_KEPT sets)."""
        keys = keys if isinstance(keys, frozenset) else frozenset(keys)
        seen = self._keys_seen
        if keys not in seen:
            if len(seen) >= KEY_SETS_KEPT:
                seen.clear()
            seen[keys] = self._record_for_keys(keys)
        return seen[keys]

    def _record_for_keys(self, keys: frozenset[str]) -> str | None:
        best, best_len = None, 0
        for record, spec in self.records.items():
            if spec.carried_by(keys) and len(spec.signature) > best_len:
                best, best_len = record, len(spec.signature)
        return best

    def record_for_declared_name(self, name: str) -> str | None:
        """The record a declaration's name (or a part of it, or its namespace's) suggests: as a
        variable's would, else by ``declared_names``, which no variable's name is held to
        (``MergeRequestAttributes`` is a webhook's part; python-gitlab's ``mr.attributes`` is not)."""
        found = self.record_for_name(name)
        return found or next((record for record, spec in self.records.items()
                              if any(re.fullmatch(p, name, re.IGNORECASE) for p in spec.declared_names)), None)

    def record_for_declaration(self, names: Iterable[str], keys: frozenset[str]) -> tuple[str, str] | None:
        """(record, evidence) that a declared class (a model, schema or typed dict) models, from its
        ``names`` (its class name and shorter forms of it) and its field names ``keys``. The first
        name that suggests a record decides: the class models it when it declares one of the
        record's known fields and none of its ``not_keys`` (typed when they carry its signature,
        named otherwise), and nothing else when not (a ``MergeRequestEvent`` is a webhook's). A
        class whose names suggest nothing models the record whose signature its fields carry; one
        holding a webhook payload's signature (``object_kind``) is the payload's, whatever its name."""
        payload = next((record for record in PAYLOAD_RECORDS if self.records[record].carried_by(keys)), None)
        if payload is not None:
            return payload, "typed"
        for name in names:
            record = self.record_for_name(name)
            if record is not None:
                spec = self.records[record]
                if not spec.known & keys or set(spec.not_keys) & keys:
                    return None
                return record, "typed" if spec.carried_by(keys) else "named"
        record = self.record_for_keys(keys)
        return (record, "typed") if record is not None else None

    @cached_property
    def _templates(self) -> list[tuple[tuple[str, ...], Endpoint]]:
        return [(tuple(split_path(e.path)), e) for e in self.endpoints]

    @cached_property
    def _endpoints_seen(self) -> dict[tuple[str, ...], Endpoint | None]:
        return {}

    def endpoint_for(self, segments: tuple[str, ...]) -> Endpoint | None:
        """The most specific endpoint whose template matches a concrete path's segments (memoised)."""
        seen = self._endpoints_seen
        if segments not in seen:
            seen[segments] = self._endpoint_for(segments)
        return seen[segments]

    def _endpoint_for(self, segments: tuple[str, ...]) -> Endpoint | None:
        best, best_score = None, -1
        for template, endpoint in self._templates:
            if len(template) != len(segments):
                continue
            score = 0
            for want, got in zip(template, segments):
                if want.startswith(":"):
                    continue
                if want != got:
                    break
                score += 1
            else:
                if score > best_score:
                    best, best_score = endpoint, score
        return best

    def endpoint_ending(self, segments: tuple[str, ...]) -> Endpoint | None:
        """The endpoint whose template ends with these segments, when a path follows an unknown
        base (``{PROJECT_URL}/merge_requests/{iid}/changes``) and only one endpoint fits."""
        fits = {e.path: e for template, e in self._templates
                if len(template) > len(segments) and _same_tail(template[-len(segments):], segments)}
        return next(iter(fits.values())) if len(fits) == 1 else None

    def manager_record(self, attribute: str, parent: str | None) -> str | None:
        fallback = None
        for manager in self.python_gitlab.managers:
            if manager.attribute != attribute:
                continue
            if manager.parent == parent:
                return manager.record
            if manager.parent is None:
                fallback = manager.record
        return fallback

    def manager_path(self, attribute: str, parent: str | None) -> str | None:
        for manager in self.python_gitlab.managers:
            if manager.attribute == attribute and manager.parent in (parent, None) and manager.path:
                return manager.path
        return None


def _same_tail(template: tuple[str, ...], segments: tuple[str, ...]) -> bool:
    return all(want.startswith(":") or want == got for want, got in zip(template, segments))


def split_path(path: str) -> list[str]:
    return [segment for segment in path.split("/") if segment]


def load_api_model(data: dict, where: str) -> ApiModel:
    model = build(ApiModel, data, where)
    for endpoint in model.endpoints:
        if endpoint.record is not None and endpoint.record not in model.records:
            raise DataError(f"{where}: endpoint {endpoint.path}: unknown record {endpoint.record!r}")
    for manager in model.python_gitlab.managers:
        for record in (manager.record, manager.parent):
            if record is not None and record not in model.records:
                raise DataError(f"{where}: manager {manager.attribute}: unknown record {record!r}")
    return model
