"""Fix intents, one module each, in one registry.

An intent is what a rule's ``fix:`` does (rename, negate-boolean, map-values, rewrite-path,
drop-null; values.FixIntent holds it as data). Its module registers, together:

- the touch forms it carries out: (role, syntax) → the contexts it supports (none: any);
- what a touch of those forms must meet besides (its value; the other keys of the dict, call,
  query, form, JSON object or command it is written in), and why not when it does not;
- how it edits each syntax family, one *half* per family (FAMILIES), each imported when it runs:
  - ``python``: given a libcst tree of the statement around the touch, or of the file
    (fix/python/; libcst is imported only there and inside these halves, so ``check`` never
    imports it);
  - ``text``: given where the touch is in its host (a shell script, a CI job's YAML scalar, a
    JSON member or string: fix/text/);
  - ``tree``: code parsed with tree-sitter (the client languages), given the touch's node and
    its language's dialect (negation is ``!x`` there, ``not x`` in Python).

  The intent module says what changes; each half says how. A file kind's fixer carries out the
  halves of its family (`carried_out`), and an intent with no half for a family leaves its
  findings there unfixed.

Whether a finding is fixable is decided here, from what is registered (`resolve`, which the
engine calls right after matching), and the fixers carry out only what is decided here
(`carried_out`), so ``check``'s ``[*]`` and what ``fix`` does cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import import_module
from typing import Any

from ...english import with_article
from ...paths import path_matches
from ...syntax import DECLARED, URL_TEXTS, Syntax
from ...values import Applicability, Finding, Fix, FixIntent, Hit, Touch, show_value

MODULES = ("rename", "negate_boolean", "map_values", "rewrite_path", "drop_null")
FAMILIES = ("python", "text", "tree")  # the syntax families an intent has halves for
ANY: frozenset[str] = frozenset()
DISPLAY_ONLY, UNSAFE, SAFE = Applicability.DISPLAY_ONLY, Applicability.UNSAFE, Applicability.SAFE
RECORDING_NOTE = ("a recording must change together with the code that replays it; "
                  "apply it where that code is fixed too")
NAMED_NOTE = ("only the name says this is {a_record}; "
              "check that it comes from the API before applying")
DECLARED_NOTE = ("a library's declared model fields and attribute lists are its public interface: "
                 "add the new name there by hand, and keep the old one while v4 servers are supported")
UNSIGNED_NOTE = ("nothing in this recording says the object is {a_record} (no signature, no name), and another "
                 "service's data may spell `{name}` alike: rename it by hand if it is the API's")
BARE_NOTE = ("only the name `{name}` says this is the API's; "
             "check that it is sent to or read from the API before applying")
Forms = dict[tuple[str, str], frozenset[str]]


@dataclass(frozen=True)
class Target:
    """What a rule's fix becomes for one touch's value: its applicability, a note, and more
    fields for the fix's message (``to``, ``to_value``)."""

    applicability: Applicability | str
    note: str = ""
    fields: dict[str, str] = field(default_factory=dict)


def _as_written(fix: FixIntent, touch: Touch) -> Target | None:
    return Target(fix.applicability)


def _never(touch: Touch, fix: FixIntent) -> str | None:
    return None


@dataclass(frozen=True)
class Intent:
    """One fix intent, with its ``halves`` by syntax family (FAMILIES). ``halves["python"](tree,
    touch, fix)`` returns the edits of a Python file (fix/python/tree.Tree), ``halves["text"](spot,
    touch, fix)`` those of the text the touch lives in (fix/text/fixer.Spot, as (start, end, new)
    in the host's value); each returns None where it cannot rewrite the touch. ``refuse(touch, fix)`` says why a touch of a registered form
    is not rewritten ("": no more to say), or None when it is. ``target(fix, touch)`` is the
    rule's fix for the touch's value, or None when the value has none (the fix shows the rule's
    ``other_values`` message)."""

    name: str
    forms: Forms
    halves: dict[str, Callable[..., Any]]
    refuse: Callable[[Touch, FixIntent], str | None] = _never
    target: Callable[[FixIntent, Touch], Target | None] = _as_written

    def __post_init__(self) -> None:
        unknown = set(self.halves) - set(FAMILIES)
        if unknown:
            raise ValueError(f"intent {self.name}: no syntax family {sorted(unknown)[0]!r}; known: {FAMILIES}")


def forms(*entries: tuple[str, Iterable[str], Iterable[str]]) -> Forms:
    """(role, syntaxes, contexts) entries as one table; no contexts: any context."""
    return {(role, syntax): frozenset(contexts) for role, syntaxes, contexts in entries for syntax in syntaxes}


@cache
def registry() -> dict[str, Intent]:
    """Every intent, by the name rules give it (imported once, on first use)."""
    found = (import_module(f"{__name__}.{module}").INTENT for module in MODULES)
    return {intent.name: intent for intent in found}


def names() -> tuple[str, ...]:
    """The intent names a rule's ``fix:`` may give: the registered ones, and ``none``."""
    return (*registry(), "none")


# ---------------------------------------------------------------- which touches are rewritten
def refusal(intent: Intent, fix: FixIntent, touch: Touch) -> str | None:
    """None when ``intent`` rewrites this touch; otherwise why not ("" when the form is not one it
    rewrites, or its position is not exactly known)."""
    if touch.syntax in DECLARED:
        return DECLARED_NOTE
    contexts = intent.forms.get((touch.role, touch.syntax))
    if contexts is None or (contexts and touch.context not in contexts) or not placed(touch):
        return ""
    return intent.refuse(touch, fix)


def placed(touch: Touch) -> bool:
    """The fixer can find the touch's text: not a position estimated inside a YAML string; an
    assignment's value where the touch is written; a parameter of a recorded request where the
    fixer finds it (a member of its JSON body, a field of its URL's query; a HAR name/value
    pair is neither)."""
    if touch.origin.approximate:
        return False
    if touch.context == "write" and not (touch.written and touch.written.statement and touch.written.value_span):
        return False
    if touch.role == "param" and touch.syntax == Syntax.JSON_KEY:
        return _location(touch) == "body"
    if touch.role == "param" and touch.syntax in URL_TEXTS:
        return _location(touch) == "query"
    return True


def _location(touch: Touch) -> str | None:
    return touch.request.location if touch.request else None


def carried_out(finding: Finding, family: str) -> Callable[..., Any] | None:
    """The half of its intent that a fixer of ``family`` carries out for a finding: registered,
    rewriting its touch, and with a half for that family."""
    fix = finding.fix.intent if finding.fix else None
    intent = registry().get(fix.intent) if fix else None
    if intent is None or finding.touch is None or refusal(intent, fix, finding.touch) is not None:
        return None
    return intent.halves.get(family)


def held(touch: Touch, name: str) -> bool:
    """Another key of the container the touch is written in (its dict, call, query string, form,
    JSON object or command) is ``name``."""
    return name != touch.name and name in touch.siblings


def undeclared(touch: Touch, name: str) -> str | None:
    """Why a fix may not name ``name``: the SDK's type of the record, whose fields its data lists,
    declares no such field (NGitLab's MergeRequest has no MergeUser), so the code would not compile."""
    declared = touch.expression.declared if touch.expression is not None else None
    if declared is None or name in declared:
        return None
    return f"the SDK's type of this {touch.record or 'record'} declares no `{name}`: read it by hand where it is sent"


def sent_as_text(touch: Touch) -> bool:
    """A parameter an HTTP client sends as text: a query string or a form field."""
    return touch.request is not None and touch.request.client == "http" and _location(touch) in ("query", "form")


# ---------------------------------------------------------------- a finding's fix
def resolve(hits: list[Hit]) -> list[Finding]:
    """Match's hits as findings, each with its fix resolved from the rule's intent for its touch.
    Pure and cheap (no parser is involved): the engine calls it right after matching."""
    return [replace(h.finding, fix=fix_for(h.intent, h.finding.touch, h.floor, h.records))
            if h.intent and h.finding.touch else h.finding for h in hits]


def fix_for(fix: FixIntent | None, touch: Touch, floor: str = "bare", records: tuple[str, ...] = ()) -> Fix | None:
    """A rule's fix for one touch. ``floor`` is the lowest evidence the matching clause accepts:
    a rule on a generic name (``active``) accepts ``named`` evidence, and a fix that rests on the
    name alone is unsafe. ``records``: those the clause names; a recorded key that nothing says
    is one of theirs (no signature, no name) is shown: another service's data may spell it so."""
    if fix is None:
        return None
    fields = {"to": fix.to or "", "name": touch.name, "value": show_value(touch.value)}
    intent = registry().get(fix.intent)
    target = intent.target(fix, touch) if intent else Target(DISPLAY_ONLY)
    if target is None:
        return Fix(DISPLAY_ONLY, fix.other_values.format_map(Fields(fields)), intent=fix)
    applicability, note = Applicability(target.applicability), target.note
    fields.update(target.fields)
    for ctx in fix.contexts:
        if ctx.context == touch.context and _on_paths(ctx.paths, touch):
            applicability, note = Applicability(ctx.applicability), ctx.note
    if applicability != DISPLAY_ONLY:
        why = refusal(intent, fix, touch) if intent else ""
        if why is not None:
            applicability, note = DISPLAY_ONLY, why
    if applicability != DISPLAY_ONLY and records and touch.record is None and touch.origin.recorded \
            and touch.role == "field":
        applicability, note = DISPLAY_ONLY, UNSIGNED_NOTE
    elif applicability == SAFE and touch.origin.recorded:
        applicability, note = UNSAFE, RECORDING_NOTE
    elif applicability == SAFE and touch.evidence != "typed":
        # A safe fix rests on typed evidence that the token is the API's field or parameter.
        applicability, note = UNSAFE, NAMED_NOTE if touch.evidence == "named" else BARE_NOTE
    message = fix.message.format_map(Fields(fields))
    record = with_article((touch.record or "API record").replace("_", " "))
    note = note.replace("{a_record}", record).replace("{name}", touch.name)
    return Fix(applicability, f"{message} ({note})" if note else message, intent=fix)


def written_name(fix: FixIntent, touch: Touch) -> str | None:
    """The name a rule's fix writes for this touch: the name its value maps to, else ``to``."""
    intent = registry().get(fix.intent)
    target = intent.target(fix, touch) if intent else None
    return (target.fields.get("to") if target else None) or fix.to


class Fields(dict):
    """A fix message's fields; a field this touch has none for (a value-mapping's ``{to_value}``
    where a gated fix maps nothing) stays as written rather than failing the run."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _on_paths(paths: tuple[str, ...], touch: Touch) -> bool:
    """No paths given, or the touch's request path is one of them."""
    path = touch.request.path if touch.request and touch.request.path else touch.name
    return not paths or any(path_matches(p, path) for p in paths)


# ---------------------------------------------------------------- literal values
BOOL_WORDS = ("true", "false")


def truth(value: object) -> bool | None:
    """A literal as a boolean: a bool, or "true"/"false" as a string (any case); else None."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in BOOL_WORDS:
        return value.lower() == "true"
    return None


def same_value(a: object, b: object) -> bool:
    """Two literals are the same value (True is not 1, and a tuple of literals is no literal)."""
    return not isinstance(b, tuple) and a == b and isinstance(a, bool) == isinstance(b, bool)
