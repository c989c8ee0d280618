"""A faster ``ast.NodeVisitor``: the same traversal and the same ``visit_<Class>`` methods, with
each node class's method looked up once per visitor class instead of once per node, the children
read straight from ``_fields``, and the leaves whose visit could do nothing skipped. The Python
scanner visits every node of every file, so this bookkeeping was a quarter of its time."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any, ClassVar

# Nodes that hold no node but a context or an operator: visiting one does nothing unless the
# visitor has a method for its class (a third of an ordinary module's nodes are Load and Store).
_LEAVES = tuple(
    cls for cls in vars(ast).values()
    if isinstance(cls, type) and issubclass(cls, ast.AST) and cls is not ast.AST
    and (not cls._fields or cls in (ast.Name, ast.alias, ast.Global, ast.Nonlocal))
)


class Walker(ast.NodeVisitor):
    _methods: ClassVar[dict[type, Callable[[Any, ast.AST], Any]]] = {}
    _inert: ClassVar[frozenset[type]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}
        cls._inert = frozenset(
            leaf for leaf in _LEAVES if getattr(cls, "visit_" + leaf.__name__, None) is None
            and all(getattr(cls, "visit_" + ctx.__name__, None) is None for ctx in (ast.Load, ast.Store, ast.Del)))

    def visit(self, node: ast.AST) -> Any:
        method = self._methods.get(node.__class__)
        if method is None:
            cls = type(self)
            method = getattr(cls, "visit_" + node.__class__.__name__, None) or cls.generic_visit
            self._methods[node.__class__] = method
        return method(self, node)

    def generic_visit(self, node: ast.AST) -> None:
        inert = self._inert
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST) and item.__class__ not in inert:
                        self.visit(item)
            elif isinstance(value, ast.AST) and value.__class__ not in inert:
                self.visit(value)
