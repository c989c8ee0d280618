"""Checks of the telemetry contract (rules/telemetry-contract.yaml) against the contract as data
(rules/model/telemetry.yaml, ``table.data["telemetry"]``).

- .proto files (scan/proto.py, context ``define``) of the contract's package: the syntax, the
  messages, and each field's name, number, type and ``required`` label.
- Values (recorded JSON ``field`` touches of the telemetry records, and ``telemetry`` touches
  with context ``value`` from producer code): the angle ranges, the decimal places of latitude
  and longitude, and timestamps that are not in milliseconds.

Only touches of ``.proto`` files whose package is the contract's are compared; a look-alike in
another package is never reported.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from ..details import Telemetry
from ..ruletable import RuleTable
from ..values import Touch
from . import register

Hits = Iterator[tuple[Touch, str]]
Drifts = Iterator[tuple[str, Touch, str]]
UNITS = {0: "seconds", 3: "milliseconds", 6: "microseconds", 9: "nanoseconds"}


def contract(table: RuleTable) -> dict[str, Any]:
    return table.data["telemetry"]


# ---------------------------------------------------------------------- .proto contract
def _ours(touch: Touch, spec: dict[str, Any]) -> bool:
    return touch.context == "define" and touch.get("package") == spec["package"]


def _defined(touches: Sequence[Touch], spec: dict[str, Any]) -> Iterator[tuple[Touch, Telemetry]]:
    """The file's .proto definitions in the contract's package, each with its details (read
    directly: a large .proto has hundreds of thousands)."""
    package = spec["package"]
    for touch in touches:
        telemetry = touch.telemetry
        if telemetry is not None and touch.context == "define" and telemetry.package == package:
            yield touch, telemetry


@register("telemetry-syntax")
def syntax(selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable) -> Hits:
    spec = contract(table)
    want = spec["syntax"]
    for touch in selected:
        if touch.name == "syntax" and _ours(touch, spec) and touch.value != want:
            keyword = touch.get("keyword", "syntax")
            yield touch, (f'`{keyword} = "{touch.value}"`: the telemetry contract is `syntax = "{want}"`; '
                          f"other syntaxes change labels, defaults and presence on the wire")


@register("telemetry-message-missing")
def message_missing(selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable) -> Hits:
    """Reported at the package statement of a file that defines two or more of the messages:
    with one message per file, the others are in files this check does not see."""
    whole = contract(table)
    spec = whole["messages"]
    defined = {telemetry.message for _, telemetry in _defined(touches, whole) if telemetry.part == "header"}
    if len(defined & set(spec)) < 2:
        return
    missing = [f"`{name}`" for name in spec if name not in defined]
    for touch in selected:
        if touch.name == "package" and _ours(touch, whole) and missing:
            yield touch, f"{_names(missing)} of the telemetry contract {_is(missing)} not defined in this file"


_last: list = [(), None, []]  # the touches and table _drifts last ran on, and what it found


def _drifts(touches: Sequence[Touch], table: RuleTable) -> list[tuple[str, Touch, str]]:
    """(kind, touch, message) for every difference between the file's messages and the contract.
    The six drift checks of one file ask with the same touches: they are compared once."""
    seen, seen_table, found = _last
    if table is not seen_table or len(seen) != len(touches) or any(a is not b for a, b in zip(seen, touches)):
        found = list(_compare(touches, table))
        _last[:] = [list(touches), table, found]
    return found


def _compare(touches: Sequence[Touch], table: RuleTable) -> Drifts:
    whole = contract(table)
    spec = whole["messages"]
    fields: dict[str, list[Touch]] = {}
    headers: dict[str, Touch] = {}
    for touch, telemetry in _defined(touches, whole):
        if telemetry.message not in spec:
            continue
        if telemetry.field is not None:
            fields.setdefault(telemetry.message, []).append(touch)
        elif telemetry.part == "header":
            headers[telemetry.message] = touch
    for message, header in headers.items():
        yield from _message_drifts(message, header, spec[message]["fields"], fields.get(message, []))


def _message_drifts(message: str, header: Touch, wanted: list[dict], got: list[Touch]) -> Drifts:
    by_name = {f["name"]: f for f in wanted}
    by_number = {f["number"]: f for f in wanted}
    accounted = set()
    for touch in got:
        name, number = touch.get("field"), touch.get("number")
        expected = by_name.get(name)
        if expected is None:
            expected = by_number.get(number)
            if expected is None:
                if touch.get("label") == "required":
                    yield "extra-required", touch, (
                        f"`{message}.{name}` is a `required` field the contract does not have; "
                        "messages written to the contract lack it and fail to parse")
                continue
            accounted.add(expected["name"])
            yield "renamed", touch, (f"field {number} of `{message}` is `{name}`; "
                                     f"the contract names it `{expected['name']}`")
        elif number != expected["number"]:
            yield "renumbered", touch, (f"`{message}.{name}` is field number {number}; "
                                        f"the contract fixes it at {expected['number']}")
        yield from _field_drifts(message, touch, expected)
    present = {t.get("field") for t in got} | accounted
    missing = [f"`{f['name']}` ({f['number']}, {f['type']})" for f in wanted if f["name"] not in present]
    if missing:
        yield "missing", header, f"`{message}` lacks the contract's required {_names(missing, 'field')}"


def _field_drifts(message: str, touch: Touch, expected: dict) -> Drifts:
    name, kind, label = touch.get("field"), touch.get("type"), touch.get("label")
    if kind != expected["type"]:
        yield "retyped", touch, (f"`{message}.{name}` has type `{kind}`; "
                                 f"the contract's field {expected['number']} is `{expected['type']}`")
    if label != expected["label"]:
        said = f"is `{label}`" if label else "has no label"
        yield "relabelled", touch, f"`{message}.{name}` {said}; the contract says `{expected['label']}`"


def _drift_check(kind: str) -> None:
    @register(f"telemetry-field-{kind}")
    def check(selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable) -> Hits:
        return ((touch, message) for found, touch, message in _drifts(selected, table) if found == kind)


for _kind in ("renumbered", "retyped", "relabelled", "renamed", "missing", "extra-required"):
    _drift_check(_kind)


def _names(names: list[str], noun: str = "message") -> str:
    return f"{noun}{'s' if len(names) > 1 else ''} {', '.join(names)}"


def _is(names: list[str]) -> str:
    return "are" if len(names) > 1 else "is"


# ---------------------------------------------------------------------- values
def _field(touch: Touch) -> str:
    """The message field a value touch concerns: detail ``field`` (code) or the JSON key."""
    return touch.get("field") or touch.name


def _number(value: object) -> float | int | None:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _text(touch: Touch) -> str:
    """The value as written: the JSON number's source text, the code's literal, else its repr."""
    return touch.get("raw") or touch.get("source") or repr(touch.value)


@register("telemetry-range")
def value_range(selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable) -> Hits:
    ranges = contract(table)["limits"]["ranges"]
    for touch in selected:
        field, value = _field(touch), _number(touch.value)
        limit = ranges.get(field)
        if limit is None or value is None or _inside(value, limit):
            continue
        yield touch, f"{field} {_text(touch)} is outside the spec's range {_describe(field, limit)} degrees"


def _inside(value: float, limit: dict) -> bool:
    low = value >= limit["min"] if limit["min_inclusive"] else value > limit["min"]
    high = value <= limit["max"] if limit["max_inclusive"] else value < limit["max"]
    return low and high


def _describe(field: str, limit: dict) -> str:
    low = "<=" if limit["min_inclusive"] else "<"
    high = "<=" if limit["max_inclusive"] else "<"
    return f"{limit['min']} {low} {field} {high} {limit['max']}"


@register("telemetry-decimals")
def decimals(selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable) -> Hits:
    wanted = contract(table)["limits"]["decimals"]
    for touch in selected:
        field = _field(touch)
        if field not in wanted or _number(touch.value) is None:
            continue
        places = decimal_places(_text(touch))
        if places is not None and places < wanted[field]:
            yield touch, (f"{field} {_text(touch)} has {places} decimal place{'s' if places != 1 else ''}; "
                          f"the spec requires {wanted[field]}")


def decimal_places(text: str) -> int | None:
    """Decimal places a number is written with: "52.52" → 2, "5.2520066e1" → 6, "52" → 0."""
    try:
        exponent = Decimal(text.strip()).as_tuple().exponent
    except InvalidOperation:
        return None
    return max(0, -exponent) if isinstance(exponent, int) else None


# ---------------------------------------------------------------------- timestamps
@register("telemetry-timestamp-unit")
def timestamp_unit(selected: Sequence[Touch], touches: Sequence[Touch], table: RuleTable) -> Hits:
    limits = contract(table)["limits"]["timestamp"]
    for touch in selected:
        if _field(touch) != limits["field"]:
            continue
        value = _number(touch.value)
        if value is not None:
            unit = literal_unit(value, limits)
        else:
            unit = clock_unit(touch.get("clock_scale"))
        if unit is not None and unit != "milliseconds":
            yield touch, f"timestamp {_text(touch)} is in {unit}; the spec requires UNIX time in milliseconds"


def literal_unit(value: float, limits: dict) -> str | None:
    """seconds below 10**11 (before 1973 as milliseconds), micro- or nanoseconds from 10**14."""
    if 0 < value < limits["seconds_below"]:
        return "seconds"
    if value >= limits["sub_ms_from"]:
        return "microseconds or nanoseconds"
    return None


def clock_unit(scale: float | None) -> str | None:
    """The unit of a clock expression's ticks (the Python scanner's ``clock_scale``: log10 of
    ticks per second), or None when it cannot be told."""
    if scale is None:
        return None
    rounded = round(scale)
    if abs(scale - rounded) < 1e-6 and rounded in UNITS:
        return UNITS[rounded]
    return f"seconds × 10^{scale:g}"

