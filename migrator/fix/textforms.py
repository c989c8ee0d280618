"""Which fix intents the text fixers (shell, CI YAML, JSON fixtures and recordings) carry out, per
touch form, for fix/support.py: (intent, touch kind, syntax) → contexts, and the conditions a
touch of those forms must meet besides (fix/support.CONDITIONS holds the ones every kind shares).

Cheap to import (``check`` uses it to mark ``[*]``): data and small predicates, no parsers. A form
missing here is display-only; so is a touch whose position inside a YAML string is only
approximate, a value that is not a literal, a jq field that is part of a longer path, and every
map-values touch on a JSON key (a recorded response's ``"status": "paused"`` is no request).
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import NO_VALUE, Touch

ANY: frozenset[str] = frozenset()
PAIRS = ("curl-data", "curl-data-urlencode", "curl-form", "glab-field", "glab-raw-field", "wget-data",
         "httpie-field", "httpie-json", "httpie-query", "url-query")
JSON_BODIES = ("curl-json", "wget-json")
RECORDED_URLS = ("yaml-scalar", "json-string")
PARAMS = PAIRS + JSON_BODIES + RECORDED_URLS + ("json-key", "form-field")
JQ_READ = frozenset({"read", "compare"})

TEXT_SUPPORTED: dict[tuple[str, str, str], frozenset[str]] = {
    **{("rename", "param", syntax): ANY for syntax in PARAMS},
    **{("rename", "field", syntax): ANY for syntax in ("jq", "jq-shorthand", "jq-has", "jq-index", "json-key")},
    **{("negate-boolean", "param", syntax): ANY for syntax in PARAMS},
    ("negate-boolean", "field", "jq"): JQ_READ,
    ("negate-boolean", "field", "jq-shorthand"): frozenset({"read"}),
    ("negate-boolean", "field", "json-key"): frozenset({"key"}),
    **{("map-values", "param", syntax): ANY for syntax in PAIRS + RECORDED_URLS + ("form-field",)},
    ("map-values", "field", "jq"): frozenset({"compare"}),
    **{("rewrite-path", "endpoint", syntax): ANY for syntax in ("url", "glab-endpoint") + RECORDED_URLS},
    **{("drop-null", "param", syntax): ANY for syntax in ("glab-field", "httpie-json", "json-key") + JSON_BODIES},
}
TEXT_SYNTAXES = frozenset(syntax for _, _, syntax in TEXT_SUPPORTED)


def _located(touch: Touch) -> bool:
    """The touch's position is exact, and a parameter is where the fixer can find it: a JSON key
    of a request body (a HAR name/value pair is not), a query field of a recorded URL."""
    if touch.get("approximate"):
        return False
    if touch.kind != "param":
        return True
    if touch.syntax == "json-key":
        return touch.get("location") == "body"
    if touch.syntax in RECORDED_URLS:
        return touch.get("location") == "query"
    return True


def _negate(touch: Touch) -> bool:
    """A literal true/false (sent or held), a jq comparison, or a jq field that is a whole path."""
    if touch.syntax == "jq" and touch.context == "read":
        return bool(touch.get("term"))
    if touch.syntax in ("jq", "jq-shorthand"):
        return True
    value = touch.value
    return value is not NO_VALUE and (isinstance(value, bool) or str(value).lower() in ("true", "false"))


TEXT_CONDITIONS: dict[str, Callable[[Touch], bool]] = {
    "negate-boolean": _negate,
}


def text_condition(intent: str, shared: Callable[[Touch], bool] | None) -> Callable[[Touch], bool]:
    """The condition of an intent for every touch: the shared one, and for the text fixers' forms
    their own as well."""
    own = TEXT_CONDITIONS.get(intent)

    def check(touch: Touch) -> bool:
        if touch.syntax in TEXT_SYNTAXES and touch.kind != "telemetry":
            if not _located(touch) or (own is not None and not own(touch)):
                return False
        return shared is None or shared(touch)

    return check


def merge(supported: dict, conditions: dict) -> None:
    """Add the text fixers' forms to fix/support.py's tables."""
    supported.update(TEXT_SUPPORTED)
    for intent in {intent for intent, _, _ in TEXT_SUPPORTED}:
        conditions[intent] = text_condition(intent, conditions.get(intent))
