"""A rule's fix intent, resolved for one touch: which applicability, which message.

The intent is data (rules/*.yaml ``fix:``); the touch says where and in what context it was
found. A value the intent cannot map, a context the intent marks unsafe, a path with no
replacement, or a touch form no fixer rewrites (fix/support.py) changes the applicability here,
before any file kind's fixer is involved.
"""

from __future__ import annotations

from ..model import Fix, FixIntent, Touch, ValueMap, show_value
from ..paths import path_matches
from .support import supported


RECORDING_NOTE = ("a recording must change together with the code that replays it; "
                  "apply it where that code is fixed too")


NAMED_NOTE = ("only the name says this is a {record}; "
              "check that it comes from the API before applying")


def fix_for(intent: FixIntent | None, touch: Touch, floor: str = "bare") -> Fix | None:
    """``floor`` is the lowest evidence the matching clause accepts: a rule on a generic name
    (``active``) accepts ``named`` evidence, and a fix that rests on the name alone is unsafe."""
    if intent is None:
        return None
    applicability, note = intent.applicability, ""
    fields = {"to": intent.to or "", "name": touch.name, "value": show_value(touch.value)}
    if intent.intent == "none":
        applicability = "display-only"
    if intent.intent == "rewrite-path" and any(
        path_matches(p, touch.name) for p in intent.display_only_paths
    ):
        return Fix("display-only", intent.other_values.format(**fields), intent=intent)
    if intent.intent == "map-values":
        mapped = mapping(intent, touch.value)
        if mapped is None:
            return Fix("display-only", intent.other_values.format(**fields), intent=intent)
        applicability, note = mapped.applicability, mapped.note
        fields.update(to=mapped.to_name, to_value=show_value(mapped.to_value))
    for ctx in intent.contexts:
        if ctx.context == touch.context and _on_paths(ctx.paths, touch):
            applicability, note = ctx.applicability, ctx.note
    if applicability != "display-only" and not supported(intent.intent, touch):
        applicability, note = "display-only", ""
    if applicability == "safe" and touch.get("recorded"):
        applicability, note = "unsafe", RECORDING_NOTE
    elif applicability == "safe" and floor == "named" and touch.evidence == "named":
        applicability, note = "unsafe", NAMED_NOTE
    message = intent.message.format(**fields)
    note = note.replace("{record}", (touch.record or "API record").replace("_", " "))
    if note:
        message = f"{message} ({note})"
    return Fix(applicability, message, intent=intent)


def _on_paths(paths: tuple[str, ...], touch: Touch) -> bool:
    """No paths given, or the touch's request path (its ``path`` detail) is one of them."""
    return not paths or any(path_matches(p, str(touch.get("path", touch.name))) for p in paths)


def mapping(intent: FixIntent, value: object) -> ValueMap | None:
    """The map-values entry for a literal value, if the intent maps it."""
    return next((m for m in intent.values if _same(m.value, value)), None)


def _same(a: object, b: object) -> bool:
    return not isinstance(b, tuple) and a == b and isinstance(a, bool) == isinstance(b, bool)

