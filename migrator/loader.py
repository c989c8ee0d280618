"""Strict construction of frozen dataclasses from YAML data.

The rule table and the API model are data; a typo in them must be a clear error naming the file
and the key, never a rule that silently matches nothing. `build(cls, data, where)` checks every
key against the dataclass fields, fills defaults, converts lists to tuples and recurses into
nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any



class DataError(ValueError):
    """A rule or model file is malformed; the message names the file and the key."""


@cache
def _strict_loader() -> type:
    """A SafeLoader that refuses a key given twice in one mapping (YAML would keep the last one,
    silently dropping the first: an example or a clause lost without a word). Made on first use:
    a run whose rule table comes from the cache (tablecache.py) never imports yaml for it."""
    import yaml

    class StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"key {key!r} given twice (first on line {seen[key]})", key_node.start_mark)
                seen[key] = key_node.start_mark.line + 1
            return super().construct_mapping(node, deep=deep)

    StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, StrictLoader.construct_mapping)
    return StrictLoader


def read_yaml(path: Path) -> Any:
    import yaml

    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.load(handle, Loader=_strict_loader())
    except yaml.YAMLError as exc:
        raise DataError(f"{path}: not valid YAML: {exc}") from None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def build(cls: type, data: Any, where: str) -> Any:
    """Build dataclass ``cls`` from ``data``; ``where`` is ``file: path.to.key`` for errors."""
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected a mapping, got {type(data).__name__}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise DataError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(fields))})")
    hints = _hints(cls)
    values = {}
    for name, f in fields.items():
        if name in data:
            values[name] = _convert(hints[name], data[name], f"{where}.{name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DataError(f"{where}: missing required key {name!r}")
    return cls(**values)


def _convert(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value, where)
    if origin is tuple:
        items = value if isinstance(value, list) else [value]
        return tuple(_convert(args[0], item, f"{where}[{i}]") for i, item in enumerate(items))
    if dataclasses.is_dataclass(hint):
        return build(hint, value, where)
    if hint is bool:
        if not isinstance(value, bool):
            raise DataError(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is str:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise DataError(f"{where}: expected a string, got {value!r}")
        return str(value)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"{where}: expected an integer, got {value!r}")
        return value
    if origin is dict:
        if not isinstance(value, dict):
            raise DataError(f"{where}: expected a mapping, got {value!r}")
        return {str(k): _convert(args[1], v, f"{where}.{k}") for k, v in value.items()}
    return value


def one_of(value: str | None, allowed: typing.Iterable[str], where: str) -> None:
    allowed = tuple(allowed)
    if value is not None and value not in allowed:
        raise DataError(f"{where}: {value!r} is not one of {', '.join(allowed)}")
