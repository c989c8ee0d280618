"""The pipeline's values (details.py, values.py): frozen, slotted dataclasses that are made and
pickled fast.

``dataclass(frozen=True, slots=True)`` sets each field with ``object.__setattr__``, a lookup of
the field by name each time, and pickles each object through ``dataclasses.fields``: making the
touches of a large file and packing a file's findings for the parent process or the result cache
cost as much as scanning it. A ``@frozen`` class sets each field through its slot directly, and pickles as
the tuple of its field values, read in one C call. Everything else is the dataclass's own:
its fields, defaults, ``__post_init__``, equality, hashing and ordering.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from operator import attrgetter
from sys import intern
from typing import Any, TypeVar

T = TypeVar("T")


def frozen(cls: type[T] | None = None, /, interned: tuple[str, ...] = (), **options: Any) -> Any:
    """``@frozen`` or ``@frozen(order=True)``: a frozen, slotted dataclass that pickles fast.
    The text fields named in ``interned`` are interned as they are unpickled: a run's findings
    come from many pickles (one per file), each with its own copy of texts that a few rules
    repeat thousands of times (their code, name, message)."""

    def make(cls: type[T]) -> type[T]:
        # init=False: the __init__ is `_init`'s, so the dataclass's is not generated only to be replaced
        made = dataclass(frozen=True, slots=True, init=False, **options)(cls)
        names = tuple(f.name for f in fields(made))
        read = attrgetter(*names) if len(names) > 1 else (lambda self: (getattr(self, names[0]),))
        setters = tuple(getattr(made, name).__set__ for name in names)
        made.__init__ = _init(made, setters)  # type: ignore[misc]
        made.__getstate__ = _getstate(read)  # type: ignore[attr-defined]
        made.__setstate__ = _setstate(setters, tuple(names.index(name) for name in interned))  # type: ignore[attr-defined]
        return made

    return make if cls is None else make(cls)


def _init(cls: type, setters: tuple[Callable[[Any, Any], None], ...]) -> Callable[..., None]:
    """The dataclass's ``__init__``, with the same parameters, setting each field through its
    slot. Only plain fields and defaults are supported (no ``default_factory``, no ``init=False``)."""
    parameters, body, scope = [], [], {}
    for number, field_ in enumerate(fields(cls)):
        if field_.default_factory is not MISSING or not field_.init or field_.kw_only:
            raise TypeError(f"frozen {cls.__name__}.{field_.name}: only plain fields and defaults")
        scope[f"_set{number}"] = setters[number]
        if field_.default is MISSING:
            parameters.append(field_.name)
        else:
            scope[f"_default{number}"] = field_.default
            parameters.append(f"{field_.name}=_default{number}")
        body.append(f"    _set{number}(self, {field_.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    exec(f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(body or ["    pass"]), scope)  # noqa: S102
    made = scope["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


def _getstate(read: Callable[[Any], tuple]) -> Callable[[Any], tuple]:
    def __getstate__(self: Any) -> tuple:
        return read(self)

    return __getstate__


def _setstate(setters: tuple[Callable[[Any, Any], None], ...], interned: tuple[int, ...] = ()
              ) -> Callable[[Any, tuple], None]:
    if not interned:
        def __setstate__(self: Any, state: tuple) -> None:
            for set_field, value in zip(setters, state):
                set_field(self, value)

        return __setstate__

    def __setstate__(self: Any, state: tuple) -> None:  # type: ignore[no-redef]
        values = list(state)
        for index in interned:
            if type(values[index]) is str:
                values[index] = intern(values[index])
        for set_field, value in zip(setters, values):
            set_field(self, value)

    return __setstate__
