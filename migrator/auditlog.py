"""`migrator audit-log`: who still calls what API v5 removes, from the service's ``api_json.log``.

Each log line (JSON lines, plain or gzip; keys in the facts, §18: time, method, path, route,
params [{key, value}], username/user_id, ua, token_type …) becomes the touches of one request
(scan/recreq.py: endpoint from the route or path under /api/v4, one param touch per logged
parameter) and runs through the same rule table as source files, so no deprecation is coded
here. Only aggregates are kept: per rule code and per endpoint or parameter, the number of
requests, first and last seen, and distinct and top users and user agents, in bounded counters
(tally.py). A malformed line is counted and skipped.

Speed: a line is decoded by orjson (json only for what orjson refuses and json takes, so both
count the same lines as malformed), and a request's findings are cached by what decides them:
the request's method, route (or path), parameters and token type. A concrete path is cached by its
shape, its numeric segments zeroed (``/projects/0000/pipelines``), because ids never pick an
endpoint. Every cache is bounded, so memory stays flat however long the log.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import IO, Any

import orjson

from . import logread
from .match import match_file
from .source import LineIndex
from .ruletable import Rule, RuleTable
from .scan import recreq, urls
from .tally import Distinct, Tally, TopCounter
from .values import show_value

API_ROUTE, API_PREFIX = "/api/:version", "/api/v4"
NO_LINES = LineIndex("")  # a log line's touches are aggregated, never located
MAX_SUBJECTS = 100
MAX_DECIDED = 4096  # distinct requests whose findings are kept while a log is read
UNDECIDED = object()
OTHER = "(other)"
ANONYMOUS, NO_AGENT = "(anonymous)", "(none)"
ID_SEGMENT = re.compile(r"(?<=/)[0-9]+(?=/|$)")  # a numeric path segment: an id, never an endpoint's word
CREDENTIAL_TYPES = (("job", "job-token"), ("build", "job-token"), ("deploy", "deploy-token"),
               ("oauth", "oauth"), ("doorkeeper", "oauth"), ("accesstoken", "private-token"))


@dataclass
class RuleTally:
    """One rule's count in an API log: requests, distinct users, first and last seen."""

    rule: Rule
    tally: Tally = field(default_factory=Tally)
    subjects: dict[str, Tally] = field(default_factory=dict)

    def subject(self, name: str) -> Tally:
        if name not in self.subjects:
            if len(self.subjects) >= MAX_SUBJECTS:
                name = OTHER
            if name not in self.subjects:
                self.subjects[name] = small_tally()
        return self.subjects[name]


def small_tally() -> Tally:
    return Tally(users=Distinct(128), top_users=TopCounter(16), agents=Distinct(64), top_agents=TopCounter(16))


@dataclass
class AuditReport:
    """What `migrator audit-log` read in its logs: the counts, and a tally per rule."""

    files: list[str] = field(default_factory=list)
    lines: int = 0
    requests: int = 0
    malformed: int = 0
    matched: int = 0
    errors: list[str] = field(default_factory=list)
    rules: dict[str, RuleTally] = field(default_factory=dict)


def audit(paths: Sequence[str], table: RuleTable, rules: Sequence[Rule] | None = None) -> AuditReport:
    """Read each log (``-`` is standard input) and tally the requests the rules report."""
    auditor = _Auditor(table, tuple(table.rules if rules is None else rules))
    for path in paths:
        auditor.report.files.append(path)
        try:
            with _open(path) as stream:
                auditor.read(stream, path)
        except (OSError, EOFError, zlib.error) as exc:  # unreadable, truncated or corrupt gzip
            auditor.report.errors.append(f"{path}: {exc} (the lines before it are counted)")
    for tally in auditor.report.rules.values():
        for each in (tally.tally, *tally.subjects.values()):
            each.flush()  # the requests a tally holds back (tally.py)
    return auditor.report


@contextmanager
def _open(path: str) -> Iterator[IO[bytes]]:
    """The log's bytes: standard input for ``-``, gunzipped when the file starts as gzip."""
    if path == "-":
        yield sys.stdin.buffer
        return
    with open(path, "rb") as handle:
        if handle.peek(2)[:2] == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=handle) as unpacked:
                yield unpacked  # type: ignore[misc]
        else:
            yield handle


class _Auditor:
    def __init__(self, table: RuleTable, rules: tuple[Rule, ...]) -> None:
        self.table, self.model, self.rules, self.report = table, table.model, rules, AuditReport()
        self.by_code = {rule.code: rule for rule in rules}
        self.parse = lru_cache(maxsize=4096)(self._parse)
        self.parse_shape = lru_cache(maxsize=1024)(self._parse_written)
        self.parse_written = lru_cache(maxsize=1024)(self._parse_written)
        self.hits = lru_cache(maxsize=4096)(self._hits)
        self.written_hits = lru_cache(maxsize=4096)(self._written_hits)
        self.url_hits = lru_cache(maxsize=4096)(self._url_hits)
        self.endpoint_route = lru_cache(maxsize=4096)(self._endpoint_route)
        self.decide = lru_cache(maxsize=4096)(self._decide)
        self.targets: dict[tuple, tuple[Tally, ...]] = {}  # the tallies of each distinct hits
        self.ids_never_literal = not any(_numeric_segment(e.path) for e in self.model.endpoints)
        self.shapes_decide = not any(_numeric_segment(text) for rule in rules for text in _path_texts(rule))

    def read(self, stream: IO[bytes], path: str) -> None:
        decided: dict[tuple, tuple | None] = {}  # findings by the request's text (logread.py)
        for lines, plain in logread.line_blocks(stream):
            if len(decided) > MAX_DECIDED:
                decided.clear()
            self.read_lines(lines, plain, path, decided)

    def read_lines(self, lines: list[bytes], plain: bool, path: str, decided: dict) -> None:
        """Lines msgspec takes (logread.py) are counted here, the rest by `read_line`."""
        decode, plain_line, taken = logread.decode_request, logread.plain_line, logread.NOT_TAKEN
        requests = malformed = 0
        for line in lines:
            if not (plain or plain_line(line)):
                self.read_line(line, path)
                continue
            try:
                entry = decode(line)
            except taken:
                self.read_line(line, path)
                continue
            method, route = entry.method, entry.route or entry.path
            if method is None or route is None:
                malformed += 1
                continue
            key = (method, route, bytes(entry.params), entry.token_type or "")
            hits = decided.get(key, UNDECIDED)
            if hits is UNDECIDED:
                hits = decided[key] = self.decide_request(method, route, *key[2:], path)
            if hits is None or (hits and not self.count_entry(line, hits)):
                self.read_line(line, path)  # parameters orjson and json read differently, or odd keys
                continue
            requests += 1
        self.report.lines += requests + malformed
        self.report.requests += requests
        self.report.malformed += malformed

    def count_entry(self, line: bytes, hits: tuple[tuple[str, str], ...]) -> bool:
        """Tally a matching request as msgspec reads it; False when it does not take its keys."""
        try:
            entry = logread.decode_entry(line)
        except logread.NOT_TAKEN:
            return False
        self.report.matched += 1
        user = entry.username or entry.meta_user or entry.user_id or ANONYMOUS
        self.count(entry.time, str(user), entry.ua or NO_AGENT, hits)
        return True

    def decide_request(self, method: str, route: str, written: bytes, token_type: str, path: str
                       ) -> tuple[tuple[str, str], ...] | None:
        """`_decide` for a request, asked of its path's shape where the shape decides (ids zeroed:
        every path of a shape that names an endpoint has the same findings, and one that names
        none has findings only where its shape has)."""
        by, only_when_none = self.endpoint_route(route)
        hits = self.decide(method, by, written, token_type, path)
        return self.decide(method, route, written, token_type, path) if hits and only_when_none else hits

    def _endpoint_route(self, route: str) -> tuple[str, bool]:
        """The route to decide a request by, and whether its answer holds only when it is none."""
        shape = _shape(route)
        if shape == route:
            return route, False
        shaped = self.parse_shape(shape)
        if shaped is not None and shaped.template:
            return shape, False  # what `_parse` answers for every path of this shape
        # No endpoint fits the shape, nor (no template has an all-digit segment) any path of it.
        return (shape, True) if self.shapes_decide and self.ids_never_literal else (route, False)

    def _decide(self, method: str, route: str, written: bytes, token_type: str, path: str
                ) -> tuple[tuple[str, str], ...] | None:
        """The findings of a request whose parameters are written as ``written``: the same whether
        the line is decoded by orjson or by json, or None when the two read them differently."""
        keys = []
        for loads in (orjson.loads, json.loads):
            try:
                params = loads(written) if written else None
            except (ValueError, RecursionError):
                return None
            keys.append(request_key({"method": method, "route": route, "params": params, "token_type": token_type}))
        return self.hits(keys[0], path) if keys[0] == keys[1] else None

    def read_line(self, line: bytes, path: str) -> None:
        """One line the exact way: orjson, json for what only json takes, else malformed."""
        report = self.report
        if not line.strip():
            return
        report.lines += 1
        try:
            entry, exact = orjson.loads(line), True
        except orjson.JSONDecodeError:  # or what only json takes: NaN, a BOM, huge integers
            try:
                entry, exact = json.loads(line), False
            except (ValueError, RecursionError):  # RecursionError: nested too deeply to decode
                report.malformed += 1
                return
        hits = self.hits_of(entry, path, exact) if type(entry) is dict else None
        if hits is None:
            report.malformed += 1
            return
        report.requests += 1
        if hits:
            report.matched += 1
            time = entry.get("time") if isinstance(entry.get("time"), str) else None
            user = str(entry.get("username") or entry.get("meta.user") or entry.get("user_id") or ANONYMOUS)
            self.count(time, user, str(entry.get("ua") or NO_AGENT), hits)

    def hits_of(self, entry: dict[str, Any], path: str, exact: bool) -> tuple[tuple[str, str], ...] | None:
        """The request's (rule code, subject) pairs; None when the line is no request. Cached by
        the line's method, route (or path), parameters as orjson writes them back and token type
        (``exact``: orjson decoded the line, so writing its values back loses nothing)."""
        method, route = entry.get("method"), entry.get("route") or entry.get("path")
        if type(method) is not str or type(route) is not str:
            return None
        if not exact:
            return self.hits(request_key(entry), path)
        params = entry.get("params")
        written = orjson.dumps(params) if params else b""
        return self.written_hits(method, route, written, str(entry.get("token_type") or ""), path)

    def _written_hits(self, method: str, route: str, written: bytes, token_type: object, path: str
                      ) -> tuple[tuple[str, str], ...]:
        entry = {"method": method, "route": route, "params": orjson.loads(written) if written else (),
                 "token_type": token_type}
        return self.hits(request_key(entry), path)

    def _parse(self, path: str) -> urls.ApiUrl | None:
        """The request's URL as its endpoint template, the same for every id: a path is parsed
        by its shape (ids zeroed) and again as written only when no template fits the shape."""
        shaped = self.parse_shape(_shape(path))
        if shaped is not None and shaped.template:
            return shaped
        return self.parse_written(path)

    def _parse_written(self, path: str) -> urls.ApiUrl | None:
        if path.startswith(API_ROUTE):
            path = API_PREFIX + path[len(API_ROUTE):]
        url = urls.parse(path, self.model)
        if url is not None and url.template:
            url = urls.ApiUrl(url.template, url.template, url.record, url.query, url.under_api, url.path_offset)
        return url

    def _hits(self, key: tuple, path: str) -> tuple[tuple[str, str], ...]:
        """(rule code, subject) pairs of one request, each once (cached: requests repeat)."""
        method, route, params, token_type = key
        url = self.parse(route)
        if url is not None and url.template is None and self.shapes_decide:
            # An endpoint the model does not know: its ids decide no rule, only the subject's text.
            if not self.url_hits(method, self.parse_shape(_shape(route)), params, token_type, path):
                return ()
        return self.url_hits(method, url, params, token_type, path)

    def _url_hits(self, method: str, url: urls.ApiUrl | None, params: tuple, token_type: str, path: str
                  ) -> tuple[tuple[str, str], ...]:
        touches = self.touches(method, url, params, token_type)
        hits = []
        for matched in match_file(touches, self.rules, path, NO_LINES, self.table) if touches else ():
            code = matched.finding.code
            hit = (code, subject(matched.touch, self.by_code[code]))
            if hit not in hits:
                hits.append(hit)
        return tuple(hits)

    def touches(self, method: str, url: urls.ApiUrl | None, params: tuple, token_type: str) -> list | None:
        """The touches of one logged request (scan/recreq.py), each param at its own column."""
        if url is None:
            return None
        logged = [
            recreq.Param(name, value, (index + 1, index + 1),
                         recreq.log_location(name, method, self.model), "log")
            for index, (name, _, value) in enumerate(params)
        ]
        request = recreq.Request(method, url, (0, 0), "typed" if url.under_api else "bare",
                                 "log", tuple(logged))
        return recreq.request_touches(request, self.model, credential_type(token_type))

    def count(self, time: str | None, user: str, agent: str, hits: tuple[tuple[str, str], ...]) -> None:
        """Add a matching request to each tally its hits name (`_targets`, worked out once per hits)."""
        targets = self.targets.get(hits)
        if targets is None:
            if len(self.targets) >= MAX_DECIDED:  # a subject holds a logged value: bound them
                self.targets.clear()
            targets = self.targets[hits] = self._targets(hits)
        for tally in targets:
            tally.add(time, user, agent)

    def _targets(self, hits: tuple[tuple[str, str], ...]) -> tuple[Tally, ...]:
        """The tallies a request with these hits goes to: each rule's once, and each subject's.
        A subject keeps the tally it was given (`RuleTally.subject`), so the answer never changes."""
        targets, counted = [], set()
        for code, name in hits:
            tally = self.report.rules.get(code)
            if tally is None:
                tally = self.report.rules[code] = RuleTally(self.by_code[code])
            if code not in counted:
                counted.add(code)
                targets.append(tally.tally)
            targets.append(tally.subject(name))
        return tuple(targets)


def _path_texts(rule: Rule) -> Iterator[str]:
    """The paths a rule compares a request's path with."""
    for clause in rule.match:
        yield from (*clause.names, *clause.paths, *clause.not_paths, *map(str, clause.detail.values()))


def _numeric_segment(text: str) -> bool:
    return ID_SEGMENT.search(text.partition("?")[0]) is not None


def _shape(path: str) -> str:
    """A path with its numeric segments zeroed, the query left as written."""
    head, mark, query = path.partition("?")
    return ID_SEGMENT.sub(lambda digits: "0" * len(digits.group()), head) + mark + query


def request_key(entry: dict[str, Any]) -> tuple | None:
    """What decides a logged request's findings, hashable: method, route (or path), parameters
    (name, type, literal value) and token type; None when the line is no request."""
    method, path = entry.get("method"), entry.get("route") or entry.get("path")
    if not isinstance(method, str) or not isinstance(path, str):
        return None
    params, given = [], entry.get("params")
    for item in given if isinstance(given, list) else ():  # anything else is no parameters
        if isinstance(item, dict) and isinstance(item.get("key"), str):
            value = recreq.scalar(item.get("value"))
            params.append((item["key"], type(value).__name__, value))
    return method.upper(), path, tuple(params), str(entry.get("token_type") or "")


def credential_type(token_type: object) -> str | None:
    """The credential type of a logged token type (PersonalAccessToken, a job token, …)."""
    lowered = str(token_type or "").lower().replace("_", "").replace(":", "")
    return next((type_ for word, type_ in CREDENTIAL_TYPES if word in lowered), None)


def subject(touch, rule: Rule) -> str:
    """What a finding is about: ``GET /geo_nodes`` or ``GET /runners scope=active``."""
    if touch is None:
        return OTHER
    where = f"{touch.method or 'GET'} {touch.get('path', touch.name) if touch.role == 'param' else touch.name}"
    if touch.role != "param":
        return where
    valued = any(clause.values for clause in rule.match) or (rule.fix is not None and rule.fix.intent == "map-values")
    if valued and touch.has_value:
        return f"{where} {touch.name}={show_value(touch.value)}"
    return f"{where} {touch.name}"
