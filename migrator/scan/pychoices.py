"""The values a command-line or module option can take, for parameters sent with the option's
value: ``parser.add_argument("--scope", choices=["active", "paused"])``,
``@click.option("--scope", type=click.Choice(["active", "online"]))``, an Ansible module's
``argument_spec`` (``dict(scope=dict(choices=[...]))``) or its ``DOCUMENTATION`` (``options:
scope: choices: [...]``), then ``gl.runners.list(scope=args.scope)``, ``scope=module.params["scope"]``
or ``scope=self.get_option("scope")``. Such a parameter carries the option's values as its value
(a tuple: the rules match it when any of them is a value they report, and no fix maps a tuple),
so a non-literal ``scope`` is reported only when its possible values are known to include a
broken one."""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from ..values import NO_VALUE, Touch
from .pysource import literal

OPTION_CALLS = {"add_argument", "option", "Option", "argument"}
# How a value names its option: args.scope, scope, module.params["scope"], .params.get("scope"),
# self.get_option("scope").
OPTION_READ = re.compile(r"""(?:get_option\(\s*|params(?:\.get\(\s*|\[\s*))["'](\w+)["']|(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\Z""")


def option_choices(tree: ast.AST) -> dict[str, tuple]:
    """Option destination name → its literal choices, for every option declared in the module."""
    found: dict[str, tuple] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _callee(node.func) in OPTION_CALLS:
            values = _choices(node)
            for arg in node.args:
                name = literal(arg)
                if isinstance(name, str) and values:
                    found[name.lstrip("-").replace("-", "_")] = values
        elif isinstance(node, ast.Call) and _callee(node.func) == "dict":  # an argument_spec
            for keyword in node.keywords:
                if keyword.arg and isinstance(keyword.value, ast.Call) and (values := _choices(keyword.value)):
                    found[keyword.arg] = values
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "DOCUMENTATION" for t in node.targets):
            found.update(_documented(literal(node.value)))
    return found


def _documented(text: object) -> dict[str, tuple]:
    """The options' choices an Ansible DOCUMENTATION string declares (YAML ``options:``)."""
    if not isinstance(text, str) or "choices" not in text:
        return {}
    import yaml

    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        return {}
    options = doc.get("options") if isinstance(doc, dict) else None
    out = {}
    for name, spec in (options.items() if isinstance(options, dict) else ()):
        choices = spec.get("choices") if isinstance(spec, dict) else None
        if isinstance(choices, list) and all(isinstance(c, str) for c in choices):
            out[str(name)] = tuple(choices)
    return out


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


def open_values(touches: list[Touch]) -> bool:
    """Whether any parameter's value is not a literal, so that an option's choices may be it
    (else the module's options are not looked for: that is a walk of the whole tree)."""
    return any(_open(touch) for touch in touches)


def _open(touch: Touch) -> bool:
    return touch.role == "param" and touch.value is NO_VALUE and touch.written is not None \
        and touch.written.value_span is not None


def with_choices(touches: list[Touch], text: str, choices: dict[str, tuple]) -> list[Touch]:
    """Parameters whose value is an option's (``args.scope``, ``scope``) get its choices."""
    if not choices:
        return touches
    out = []
    for touch in touches:
        if _open(touch):
            span = touch.written.value_span
            read = OPTION_READ.search(text[span[0]:span[1]].strip())
            name = read and (read.group(1) or read.group(2))
            if name in choices:
                touch = replace(touch, value=choices[name])
        out.append(touch)
    return out


def _callee(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""
