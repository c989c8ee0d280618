"""Requests made with a handle whose options later calls set (Language.handle): curl's ``$ch =
curl_init($url)``, then ``curl_setopt($ch, CURLOPT_CUSTOMREQUEST, 'PUT')``, ``curl_setopt($ch,
CURLOPT_POSTFIELDS, json_encode([…]))`` or ``curl_setopt_array($ch, [CURLOPT_URL => $url, …])``.
The request is read where the handle is made, with the options set on its name anywhere in the
function that makes it (or the file, outside any function): its URL (the maker's argument, else
the URL option), its method and its body."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .nodes import Node, argument_nodes, callee_name, field

if TYPE_CHECKING:
    from .walking import Walk


@dataclass(frozen=True)
class Options:
    """What the calls on one handle set: its URL, its method, the values it sends (where, value)."""

    url: Node | None = None
    method: str | None = None
    sent: tuple[tuple[str, Node], ...] = ()


def options(w: Walk, maker: Node) -> Options:
    """The options set on the handle ``maker`` makes, by the name it is bound to."""
    handle, sh = w.lang.handle, w.sh
    holder = maker.parent
    while holder is not None and holder.type in sh.wrappers:
        holder = holder.parent
    target = field(holder, "left") if holder is not None and holder.type == sh.assignment else None
    if handle is None or target is None or target.type not in sh.identifier:
        return Options()
    name, scope = w.s.text_of(target), holder
    while scope.parent is not None and scope.type not in sh.functions:
        scope = scope.parent
    url, method, sent = None, None, []
    for option, value in _set(w, scope, name):
        what = handle.options.get(option, "")
        literal = w.literal(value)
        if what == "url":
            url = value
        elif what == "method" and isinstance(literal, str):
            method = literal.upper()
        elif what.startswith("method:") and literal is True:
            method = method or what.partition(":")[2]
        elif what in ("body", "header"):
            sent.append((what, value))
    return Options(url, method, tuple(sent))


def _set(w: Walk, scope: Node, name: str):
    """(option, value node) of each option a call in ``scope`` sets on the handle ``name``."""
    handle, sh = w.lang.handle, w.sh
    for node in _own(scope, sh.functions):
        called = callee_name(w.s, node, sh) if node.type == sh.call else ""
        if called not in handle.setters | handle.arrays:
            continue
        listed = argument_nodes(node, sh)
        if not listed or w.s.text_of(listed[0]) != name:
            continue
        if called in handle.setters and len(listed) == 3:
            yield w.s.text_of(listed[1]).lstrip("\\"), listed[2]
        elif called in handle.arrays and len(listed) == 2 and listed[1].type in sh.objects:
            w.handled.add(listed[1].id)  # its keys are curl's options, no record's
            for entry in listed[1].named_children:
                key, value = sh.part(entry, "key"), sh.part(entry, "value")
                if entry.type == sh.pair and key is not None and value is not None:
                    yield w.s.text_of(key).lstrip("\\"), value


def _own(scope: Node, functions: frozenset[str]):
    """The nodes of ``scope`` outside the functions it holds (their handles are their own)."""
    stack = [scope]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in reversed(node.named_children) if c.type not in functions)
