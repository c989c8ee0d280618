"""What the walk's helpers (bindings, compares, declare, handles, literals, methods, reads, requests,
sdk, sends, types) may use of the walk they are handed: its state, and the few operations they
call back. They type it with this Protocol, not with walk.Walk, so that no helper imports the
walk that imports it; walk.py alone builds one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from ...apimodel import ApiModel
from ...details import Expression, Origin, Written
from ...values import NO_VALUE, Touch
from ..scope import Scope
from .infer import Inferer, Inferred
from .language import Language
from .nodes import Node, Source
from .shapes import Shapes


class Walk(Protocol):
    s: Source
    model: ApiModel
    lang: Language
    sh: Shapes  # the language's node vocabulary
    scope: Scope
    infer: Inferer
    touches: list[Touch]
    regions: list  # regions/Region: JSON in a string, read as a mock response (reads.py)
    handled: set[int]  # node ids already reported (a request's URL, its options)
    url_touches: dict[int, range]  # a URL expression → the touches it gave
    named_urls: dict[str, range]  # a name bound to a URL → the touches written there
    header_sets: dict[str, list]  # a name → the headers set on it in the file (sends.py)
    recorded: int  # inside a mock response
    requests: Any  # requests.Requests, itself handed the walk
    sdk: Any  # sdk.Sdk, itself handed the walk
    file_types: dict[str, tuple[str, str] | None] | None  # declare.file_types, when types.py asks
    foreign_names: frozenset[str] | None  # types.imported, when it asks

    def add(self, touch: Touch) -> None: ...

    def template(self, node: Node | None) -> str | None: ...

    def literal(self, node: Node | None) -> object: ...

    def visit(self, node: Node | None) -> None: ...

    def children(self, node: Node) -> None: ...

    def function(self, node: Node, bound: Inferred | None = None) -> None: ...

    def parameters(self, node: Node) -> Iterator[tuple[int, str, Node | None]]: ...

    def receiver(self, node: Node | None, keyed: bool = False) -> tuple[str | None, str, Origin] | None: ...

    def field(self, node: Node, context: str, value: object = NO_VALUE, written: Written | None = None,
              expression: Expression | None = None) -> bool: ...
