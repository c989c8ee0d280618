"""Telemetry messages in recorded JSON → ``telemetry`` touches (context ``value``).

A JSON object is a telemetry message when the key holding it is a message's name, case and all
(``{"Position": {...}}``; a REST note's ``position`` is no message) or when it names its own message in ``type``, ``message``, ``@type``
or ``kind`` (``{"type": "service.telemetry.Position", ...}``). Each field gives a touch
``Message.field`` with the literal value and, in ``source``, the value exactly as written (so a
check can count decimal places); the message gives a touch ``Message`` listing its fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..details import Telemetry, Written
from ..values import NO_VALUE, Touch
from .jsonpos import SCALAR, Node

if TYPE_CHECKING:
    from .jsonpos import Frame

TYPE_KEYS = ("type", "message", "@type", "kind")


def message_name(node: Node, key: str | None, messages: tuple[str, ...]) -> tuple[str, str | None] | None:
    """(message, the member naming it or None) when ``node`` is a telemetry message."""
    if key in messages:
        return key, None
    for type_key in TYPE_KEYS:
        named = node.get(type_key)
        if named is not None and isinstance(named.value, str):
            last = named.value.rsplit(".", 1)[-1].rsplit("/", 1)[-1]
            if last in messages:
                return last, type_key
    return None


def message_touches(node: Node, frame: Frame, message: str, type_key: str | None, where: tuple[int, int]) -> list[Touch]:
    """Touches of one message object; ``where`` is the span (offsets) naming the message."""
    members = [m for m in node.value if m.key != type_key]
    touches = [Touch("telemetry", message, frame.span(*where), message, "typed", "value",
                     syntax=frame.syntax, origin=frame.origin,
                     telemetry=Telemetry(message=message, fields=tuple(m.key for m in members)))]
    for member in members:
        value = member.node.value if member.node.kind == SCALAR else NO_VALUE
        source = frame.source(member.node.start, member.node.end)
        touches.append(Touch(
            "telemetry", f"{message}.{member.key}", frame.span(member.start, member.end), message, "typed",
            "value", value=value, syntax=frame.syntax,
            telemetry=Telemetry(message=message, field=member.key, source=source),
            written=Written(value_span=frame.span(member.node.start, member.node.end)),
        ))
    return touches
