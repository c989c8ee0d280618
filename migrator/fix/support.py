"""Which fix intents a fixer carries out, per touch form: (intent, touch kind, syntax) → contexts.

Data-free and cheap to import: ``check`` uses it (through `fix.intents.fix_for`) to mark a finding
``[*]`` only when ``fix`` will really rewrite it, without importing libcst. A touch whose form is
not listed here, or whose value the fixer cannot carry over, is display-only.

The syntax names are the Python scanner's (migrator/scan/python.py, pycalls.py). A scanner of
another file kind that gets a fixer adds its own pairs, under syntax names of its own.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import NO_VALUE, Touch

ANY: frozenset[str] = frozenset()
ACCESS = ("attribute", "subscript", "get", "getattr")
EQUALITY = ("Eq", "NotEq")
BOOL_WORDS = ("true", "false")

SUPPORTED: dict[tuple[str, str, str], frozenset[str]] = {
    **{("rename", "field", syntax): ANY for syntax in ACCESS + ("dict-key",)},
    **{("rename", "param", syntax): ANY for syntax in ("dict-key", "kwarg", "string")},
    **{("negate-boolean", "field", syntax): frozenset({"read", "write", "compare"})
       for syntax in ("attribute", "subscript")},
    ("negate-boolean", "field", "dict-key"): ANY,
    **{("negate-boolean", "param", syntax): ANY for syntax in ("dict-key", "kwarg", "string")},
    **{("map-values", "field", syntax): frozenset({"compare"}) for syntax in ACCESS},
    **{("map-values", "param", syntax): ANY for syntax in ("dict-key", "kwarg", "string")},
    ("rewrite-path", "endpoint", "string"): ANY,
    **{("drop-null", "param", syntax): ANY for syntax in ("dict-key", "kwarg")},
    **{("drop-null", "field", syntax): frozenset({"write"}) for syntax in ("attribute", "subscript")},
    ("remove-suppression", "suppression", "comment"): ANY,  # the filter stage computes these edits
}


def supported(intent: str, touch: Touch) -> bool:
    """Whether a fixer rewrites this touch for this intent (the intent's values aside)."""
    contexts = SUPPORTED.get((intent, touch.kind, touch.syntax))
    if contexts is None or (contexts and touch.context not in contexts):
        return False
    if touch.context == "write" and not (touch.get("statement") and touch.get("value_span")):
        return False
    check = CONDITIONS.get(intent)
    return check is None or check(touch)


def negatable(value: object) -> bool:
    """A literal whose negation is a literal: a bool, or "true"/"false" as a string."""
    return isinstance(value, bool) or (isinstance(value, str) and value.lower() in BOOL_WORDS)


def _negate(touch: Touch) -> bool:
    if touch.context == "read":
        return True
    if touch.context == "compare":
        return negatable(touch.value) and touch.get("op") in EQUALITY + ("Is", "IsNot")
    if touch.value is NO_VALUE:
        # An expression can be negated with `not (…)` only where the value is a Python bool:
        # a query string or a form field holds text, where `not "false"` is False.
        return touch.syntax != "string" and not sent_as_text(touch)
    return negatable(touch.value)


def sent_as_text(touch: Touch) -> bool:
    return touch.get("client") == "http" and touch.get("location") in ("query", "form")


def _map(touch: Touch) -> bool:
    return touch.kind == "param" or touch.get("op") in EQUALITY


def _drop(touch: Touch) -> bool:
    return touch.value is None


CONDITIONS: dict[str, Callable[[Touch], bool]] = {
    "negate-boolean": _negate,
    "map-values": _map,
    "drop-null": _drop,
}


# The shell, CI YAML and JSON fixers' forms and their conditions (fix/textforms.py).
from .textforms import merge as _merge_text_forms  # noqa: E402

_merge_text_forms(SUPPORTED, CONDITIONS)
