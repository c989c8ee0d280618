"""The rule table: rules/*.yaml (one file per Versioning item), rules/items.yaml, the API model
in rules/model/, and migrator's own codes that no touch makes (rules/own/: MIG999, the parse
error the pipeline reports). Loaded once, validated strictly, and indexed for the matcher."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from . import kinds, tablecache
from .apimodel import ApiModel, load_api_model
from .loader import DataError, build, one_of, read_yaml
from .spelling import PLAIN, Spelling
from .values import APPLICABILITIES, EVIDENCE_ORDER, SEVERITIES, FixIntent

# A touch's role, as a clause's ``touch:`` names it (values.Touch.role); suppression: filters.py
ROLES = ("endpoint", "field", "param", "call", "telemetry", "suppression")
OWN = "own"  # rules/own/: migrator's own codes that no touch makes (RuleTable.own)


def fix_intents() -> tuple[str, ...]:
    """The registered intents (migrator/fix/intents), "none", and the removal of an unused
    suppression, whose edits filters.py makes itself. Asked only when the table is built from its
    YAML: a kept table (tablecache.py) does not import the intents."""
    from .fix import intents

    return (*intents.names(), "remove-suppression")


@dataclass(frozen=True, slots=True)
class Match:
    """Which touches a rule reports. Empty tuples match anything."""

    touch: str
    names: tuple[str, ...] = ()
    records: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()
    not_paths: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()
    values: tuple[Any, ...] = ()
    value_pattern: str | None = None
    detail: dict[str, str] = field(default_factory=dict)
    evidence: str = "bare"
    check: str | None = None
    message: str | None = None
    tokens: tuple[str, ...] = ()
    # A credential type of the API model (rules/model/api.yaml ``credentials``): the clause
    # reports only requests to paths and methods that do not accept that credential.
    not_accepting: str | None = None


@dataclass(frozen=True, slots=True)
class Docs:
    """A rule's documentation: what it finds, why v5 breaks it, what to do instead."""

    what: str
    why: str
    instead: str
    fix_safety: str = ""
    spec_and_facts: str = ""


@dataclass(frozen=True, slots=True)
class Example:
    """A rule example, a test of the rule. ``written_as`` says how its code is written: one of
    ``kinds.examples_written_as()`` (python, ci, cassette, shell, json, telemetry, json-lines,
    proto, javascript, typescript, ruby, go, java, other), each of which one file kind checks under
    a filename of its own (``kinds.for_example``). It is not a file kind: a JSON recording of
    telemetry (``telemetry``) and TypeScript (``typescript``) are written as their own, checked
    as the json and javascript kinds."""

    written_as: str
    name: str
    code: str
    flagged: int = 1
    filename: str | None = None
    after: str | None = None
    after_unsafe: str | None = None


@dataclass(frozen=True)
class Rule:
    """One rule of the table (rules/*.yaml), as the strict loader checked it."""

    code: str
    name: str
    item: str
    message: str
    severity: str
    breaking: bool
    docs: Docs
    match: tuple[Match, ...]
    replacement: str | None = None
    deprecated_in: str | None = None
    changed_in: str | None = None
    replacement_since: str | None = None
    removed_in: str = "v5"
    url: str | None = None
    fix: FixIntent | None = None
    examples: tuple[Example, ...] = ()
    # The ways of writing examples (Example.written_as) this rule's item cannot occur in, each with
    # the reason (``proto: a .proto file defines telemetry messages, never a merge request
    # field``): every other way has examples (tests/test_rule_coverage.py).
    not_applicable: dict[str, str] = field(default_factory=dict)

    @cached_property
    def token_sets(self) -> tuple[frozenset[bytes], ...]:
        """Sets of literal tokens; a file that holds none of the sets whole cannot match."""
        return tuple(
            frozenset(word.encode() for word in alternative.split())
            for clause in self.match
            for alternative in clause_tokens(clause)
        )


@dataclass(frozen=True, slots=True)
class Item:
    """A Versioning item of the spec that rules stand for (rules/items.yaml)."""

    title: str
    change_before_v5: str
    change_in_v5: str
    source: str = "Versioning"


def clause_tokens(match: Match) -> tuple[str, ...]:
    """Token alternatives of a clause, each "a b" meaning a file must hold both a and b.

    Declared in ``tokens:``, or derived: each name is an alternative; each path's literal
    segments are one alternative.
    """
    if match.tokens:
        return match.tokens
    if match.names:
        return match.names
    return tuple(
        " ".join(s for s in p.split("/") if s and not s.startswith(":") and s != "**")
        for p in match.paths
    )


@dataclass(frozen=True)
class RuleTable:
    """The loaded rule table: its rules, items, API model and SDK data."""

    rules: tuple[Rule, ...]
    items: dict[str, Item]
    model: ApiModel
    data: dict[str, Any] = field(default_factory=dict)
    digest: str = ""
    # migrator's own codes that no rule matches, each explained as a rule (rules/own/*.yaml: MIG999,
    # reported by the pipeline for a file it could not check); their items are in ``items``
    own: tuple[Rule, ...] = ()

    @cached_property
    def by_code(self) -> dict[str, Rule]:
        return {rule.code: rule for rule in self.rules}

    @property
    def known(self) -> tuple[Rule, ...]:
        """Every code a finding may carry, as selectors, per-file-ignores and `migrator rule` name
        them: the rules, then migrator's own."""
        return self.rules + self.own

    @cached_property
    def spellings(self) -> dict[str, Spelling]:
        """How each file kind spells the table's names: the kind's styles and its SDK's overrides
        (checked when the table is loaded: `_check_spellings`)."""
        return {kind.name: self.spelling(kind.name) for kind in kinds.registry()}

    def spelling(self, kind: str | None) -> Spelling:
        """How one file kind spells the table's names (`spellings`; PLAIN for no kind), worked out
        for the kinds a run meets: it imports no other kind (kinds.in_order)."""
        met = self.__dict__.setdefault("_spelling_of", {})
        if kind not in met:
            try:
                found = kinds.by_name(kind) if kind else None
            except KeyError:
                found = None
            met[kind] = PLAIN if found is None else Spelling.of(
                found.styles, (self.data.get(found.sdk) or {}).get("spellings"), found.hyphenated)
        return met[kind]

    def select(self, select: tuple[str, ...] = (), ignore: tuple[str, ...] = ()) -> tuple[Rule, ...]:
        """The codes (rules and migrator's own) the selectors name, less those ``ignore`` names."""
        chosen = [r for r in self.known if _selected(r, select or ("ALL",))]
        return tuple(r for r in chosen if not (ignore and _selected(r, ignore)))


def _selected(rule: Rule, patterns: tuple[str, ...]) -> bool:
    return any(p == "ALL" or rule.code.startswith(p) or p in (rule.name, rule.item) for p in patterns)


def release(text: str) -> tuple[int, ...]:
    """``"17.1"`` → (17, 1), for comparing GitLab releases."""
    return tuple(int(part) for part in re.findall(r"\d+", text))


def gated(rules: tuple[Rule, ...], target: str | None) -> tuple[Rule, ...]:
    """The rules for code that must keep working on GitLab ``target``: a fix whose replacement
    arrived in a later release is shown, not applied."""
    if not target:
        return rules
    out = []
    for rule in rules:
        since = rule.replacement_since
        if rule.fix is not None and since and release(since) > release(target):
            note = f"not applied: `{rule.replacement}` needs GitLab {since}, after --target-version {target}"
            rule = replace(rule, fix=replace(rule.fix, intent="none", applicability="display-only",
                                             message=f"{rule.fix.message} ({note})"))
        out.append(rule)
    return tuple(out)


def rules_dir() -> Path:
    """rules/ inside the installed package, or beside the package in a source checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "rules", here.parent / "rules"):
        if (candidate / "items.yaml").is_file():
            return candidate
    raise DataError(f"rule table not found (looked in {here / 'rules'} and {here.parent / 'rules'})")


@cache
def load_table(directory: Path | None = None) -> RuleTable:
    directory = directory or rules_dir()
    digest = hashlib.sha256()
    files = [*sorted(directory.glob("*.yaml")), *sorted((directory / "model").glob("*.yaml")),
             *sorted((directory / OWN).glob("*.yaml"))]
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return tablecache.cached(digest.hexdigest(), lambda: _load(directory, files, digest.hexdigest()[:16]))


def _load(directory: Path, files: list[Path], digest: str) -> RuleTable:
    items = _load_items(directory / "items.yaml")
    model_file = directory / "model" / "api.yaml"
    model = load_api_model(read_yaml(model_file), str(model_file))
    data = {p.stem: read_yaml(p) for p in sorted((directory / "model").glob("*.yaml")) if p.stem != "api"}
    model = replace(model, sdks=data)
    rules: list[Rule] = []
    seen: dict[str, str] = {}
    for path in files:
        if path.parent != directory or path.name == "items.yaml":
            continue
        for rule in _load_rule_file(path, items, model):
            if rule.code in seen:
                raise DataError(f"{path}: rule code {rule.code} is already used in {seen[rule.code]}")
            seen[rule.code] = path.name
            rules.append(rule)
    rules.sort(key=lambda r: r.code)
    own = [_load_own(path, items, seen) for path in files if path.parent == directory / OWN]
    _check_spellings(data, directory / "model")
    _check_releases(data, directory / "model", model)
    return RuleTable(tuple(rules), items, model, data, digest, tuple(own))


def _load_own(path: Path, items: dict[str, Item], seen: dict[str, str]) -> Rule:
    """One of migrator's own codes (rules/own/<name>.yaml: its ``item:`` and its ``rule:``), which
    the pipeline reports itself: the item joins ``items``, the code must be no rule's."""
    raw = read_yaml(path)
    if not isinstance(raw, dict) or set(raw) != {"item", "rule"}:
        raise DataError(f"{path}: expected exactly the keys 'item' and 'rule'")
    rule = build(Rule, raw["rule"], f"{path}: rule")
    if rule.code in seen:
        raise DataError(f"{path}: rule code {rule.code} is already used in {seen[rule.code]}")
    seen[rule.code] = f"{OWN}/{path.name}"
    items[rule.item] = build(Item, raw["item"], f"{path}: item")
    return rule


def _check_releases(data: dict[str, Any], model_dir: Path, model: ApiModel) -> None:
    """Each SDK's ``package:`` and ``added:``, which hold back fixes its pinned release lacks
    (pins/hold.py), read strictly: a DataError names the file and the key."""
    from .pins.hold import releases_of

    for sdk in sorted({kind.sdk for kind in kinds.registry() if kind.sdk}):
        raw = data.get(sdk)
        if isinstance(raw, dict) and ("package" in raw or "added" in raw):
            releases_of(raw, str(model_dir / f"{sdk}.yaml"), model.records)


def _check_spellings(data: dict[str, Any], model_dir: Path) -> None:
    """Each kind's SDK data, where it gives ``spellings:``, maps a snake_case name to a list of
    its irregular spellings (``ip_address: [IPAddress]``)."""
    for kind in kinds.registry():
        spellings = (data.get(kind.sdk) or {}).get("spellings") if kind.sdk else None
        where = f"{model_dir / f'{kind.sdk}.yaml'}: spellings"
        if spellings is None:
            continue
        if not isinstance(spellings, dict):
            raise DataError(f"{where}: expected a mapping of a name to a list of its spellings")
        for name, spelled in spellings.items():
            if not isinstance(spelled, list) or not all(isinstance(s, str) and s for s in spelled):
                raise DataError(f"{where}.{name}: expected a list of spellings")


def _load_items(path: Path) -> dict[str, Item]:
    raw = read_yaml(path)
    if not isinstance(raw, dict) or not isinstance(raw.get("items"), dict):
        raise DataError(f"{path}: expected a mapping with key 'items'")
    return {key: build(Item, value, f"{path}: items.{key}") for key, value in raw["items"].items()}


def _load_rule_file(path: Path, items: dict[str, Item], model: ApiModel) -> list[Rule]:
    raw = read_yaml(path)
    if not isinstance(raw, dict) or set(raw) != {"rules"} or not isinstance(raw["rules"], list):
        raise DataError(f"{path}: expected exactly one key 'rules' holding a list")
    out = []
    for index, entry in enumerate(raw["rules"]):
        code = entry.get("code", index) if isinstance(entry, dict) else index
        where = f"{path}: rules[{code}]"
        rule = build(Rule, entry, where)
        _validate(rule, where, items, model)
        out.append(_outside_accepting_endpoints(rule, model))
    return out


def _outside_accepting_endpoints(rule: Rule, model: ApiModel) -> Rule:
    """A clause with ``not_accepting: <credential>`` becomes one clause per group of methods that
    accept the credential, each skipping the paths that accept it (the API model says which)."""
    clauses: list[Match] = []
    for clause in rule.match:
        credential = model.credential(clause.not_accepting) if clause.not_accepting else None
        if credential is None or not credential.accepted_on:
            clauses.append(clause)
            continue
        for group in credential.accepted_on:
            methods = tuple(m for m in group.methods if not clause.methods or m in clause.methods)
            if group.methods and not methods:
                continue
            clauses.append(replace(clause, methods=methods or clause.methods,
                                   not_paths=clause.not_paths + group.paths))
    return replace(rule, match=tuple(clauses))


def _validate(rule: Rule, where: str, items: dict[str, Item], model: ApiModel) -> None:
    one_of(rule.item, items, f"{where}.item")
    one_of(rule.severity, SEVERITIES, f"{where}.severity")
    if not rule.code[:3].isalpha() or not rule.code[3:].isdigit():
        raise DataError(f"{where}.code: {rule.code!r} is not a prefix and digits, like MIG010")
    if not rule.match:
        raise DataError(f"{where}.match: a rule needs at least one match clause")
    for i, clause in enumerate(rule.match):
        one_of(clause.touch, ROLES, f"{where}.match[{i}].touch")
        one_of(clause.evidence, EVIDENCE_ORDER, f"{where}.match[{i}].evidence")
        if not all(clause_tokens(clause)) or not clause_tokens(clause):
            raise DataError(f"{where}.match[{i}]: no literal tokens; add names, paths or tokens")
        for record in clause.records:
            one_of(record, model.records, f"{where}.match[{i}].records")
        one_of(clause.not_accepting, (c.type for c in model.credentials), f"{where}.match[{i}].not_accepting")
    if rule.fix is not None:
        one_of(rule.fix.intent, fix_intents(), f"{where}.fix.intent")
        one_of(rule.fix.applicability, APPLICABILITIES, f"{where}.fix.applicability")
        for j, value_map in enumerate(rule.fix.values):
            one_of(value_map.applicability, APPLICABILITIES, f"{where}.fix.values[{j}].applicability")
        for j, ctx in enumerate(rule.fix.contexts):
            one_of(ctx.applicability, APPLICABILITIES, f"{where}.fix.contexts[{j}].applicability")
    for j, example in enumerate(rule.examples):
        one_of(example.written_as, kinds.examples_written_as(), f"{where}.examples[{j}].written_as")
    for written_as, reason in rule.not_applicable.items():
        one_of(written_as, kinds.examples_written_as(), f"{where}.not_applicable")
        if not reason.strip():
            raise DataError(f"{where}.not_applicable.{written_as}: say why the item cannot occur there")
        if any(example.written_as == written_as for example in rule.examples):
            raise DataError(f"{where}.not_applicable.{written_as}: the rule has examples written so")
