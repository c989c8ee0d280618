"""An Ansible ``uri`` task as a request (kinds/ansible.py): its ``url`` (Jinja's ``{{ name }}`` the
value the playbook's ``vars:`` give it, else a run-time part) gives the endpoint and the query fields, at the URL's YAML scalar; ``method``
the method (GET when absent); ``headers`` its header parameters (credentials among them); a
``body`` mapping its body parameters, at their keys (``body_format: form-urlencoded``: form
fields). A body written as a string (JSON, a template lookup) is not read."""

from __future__ import annotations

import re

from yaml.nodes import MappingNode, Node, ScalarNode

from ..apimodel import ApiModel
from ..syntax import Syntax
from ..values import NO_VALUE, Touch
from . import recreq, urls

JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")


def request_touches(text: str, args: MappingNode, model: ApiModel, variables: dict[str, str]) -> list[Touch]:
    """The request's touches; ``variables``: the playbook's ``vars:``, written into its URL."""
    keys = {k.value: v for k, v in args.value if isinstance(k, ScalarNode)}
    url = keys.get("url")
    if not isinstance(url, ScalarNode):
        return []
    api = urls.parse(JINJA.sub(lambda m: _known(m.group(), variables), url.value), model)
    if api is None or not (api.under_api or api.template and urls.sub_resources(api.template) >= urls.SUB_RESOURCE):
        return []
    method = keys.get("method")
    form = isinstance(keys.get("body_format"), ScalarNode) and "form" in keys["body_format"].value
    params = pairs(keys.get("headers"), "header") + pairs(keys.get("body"), "form" if form else "body")
    sent = recreq.Request(method.value.upper() if isinstance(method, ScalarNode) else "GET", api, inside(url),
                          urls.literal_evidence(api), Syntax.YAML_SCALAR, tuple(params))
    return recreq.request_touches(sent, model)


def _known(template: str, variables: dict[str, str]) -> str:
    """A Jinja expression that names a variable the playbook sets, as its value; else a run-time part."""
    name = template.strip("{} ")
    value = variables.get(name)
    return value if isinstance(value, str) and not JINJA.search(value) else urls.MARK


def pairs(node: Node | None, location: str) -> list[recreq.Param]:
    """A mapping's entries as parameters sent at ``location``, each at its key."""
    if not isinstance(node, MappingNode):
        return []
    out = []
    for key, value in node.value:
        if isinstance(key, ScalarNode):
            literal = recreq.scalar(_value(value)) if isinstance(value, ScalarNode) else NO_VALUE
            out.append(recreq.Param(key.value, literal, span(key), location, Syntax.YAML_KEY, span(value)))
    return out


def _value(node: ScalarNode) -> object:
    from .yamlpos import scalar_value

    value = scalar_value(node)[0]
    return NO_VALUE if isinstance(value, str) and JINJA.search(value) else value


def span(node: Node) -> tuple[int, int]:
    return node.start_mark.index, node.end_mark.index


def inside(node: ScalarNode) -> tuple[int, int]:
    """A scalar's span less its quotes (where its text is, for the fixer's host)."""
    start, end = span(node)
    return (start + 1, end - 1) if node.style in ('"', "'") else (start, end)
