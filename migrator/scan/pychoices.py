"""The values a command-line option can take, for parameters sent with the option's value:
``parser.add_argument("--scope", choices=["active", "paused"])`` or
``@click.option("--scope", type=click.Choice(["active", "online"]))``, then
``gl.runners.list(scope=args.scope)``. Such a parameter carries the option's values as its value
(a tuple: the rules match it when any of them is a value they report, and no fix maps a tuple),
so a non-literal ``scope`` is reported only when its possible values are known to include a
broken one."""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from ..model import NO_VALUE, Touch
from .pysource import literal

OPTION_CALLS = {"add_argument", "option", "Option", "argument"}
LAST_NAME = re.compile(r"(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\Z")


def option_choices(tree: ast.AST) -> dict[str, tuple]:
    """Option destination name → its literal choices, for every option declared in the module."""
    found: dict[str, tuple] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _callee(node.func) in OPTION_CALLS):
            continue
        values = _choices(node)
        for arg in node.args:
            name = literal(arg)
            if isinstance(name, str) and values:
                found[name.lstrip("-").replace("-", "_")] = values
    return found


def _choices(node: ast.Call) -> tuple:
    for keyword in node.keywords:
        value = keyword.value
        if keyword.arg == "type" and isinstance(value, ast.Call) and _callee(value.func) == "Choice" and value.args:
            value = value.args[0]
        elif keyword.arg != "choices":
            continue
        values = literal(value)
        if isinstance(values, tuple) and all(isinstance(v, str) for v in values):
            return values
    return ()


def with_choices(touches: list[Touch], text: str, choices: dict[str, tuple]) -> list[Touch]:
    """Parameters whose value is an option's (``args.scope``, ``scope``) get its choices."""
    if not choices:
        return touches
    out = []
    for touch in touches:
        span = touch.written.value_span if touch.written else None
        if touch.kind == "param" and touch.value is NO_VALUE and span:
            name = LAST_NAME.search(text[span[0]:span[1]].strip())
            if name and name.group(1) in choices:
                touch = replace(touch, value=choices[name.group(1)])
        out.append(touch)
    return out


def _callee(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""
