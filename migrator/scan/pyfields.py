"""A record's fields read, written or compared in Python: ``x.f``, ``x["f"]``, ``x.get("f")``,
``getattr(x, "f")``, on a receiver the inferrer says may hold a record, or on a mapping the
object keeps in a class named for a record (the file's declarations say which: pydecl.py). Reads
only the scan's state (pystate.py) and adds touches through it."""

from __future__ import annotations

import ast

from ..details import Expression, Written
from ..syntax import Syntax
from ..values import NO_VALUE, Touch
from .pydecl import Declarations
from .pystate import ScanState
from .pysource import literal

SKIP_RECEIVERS = {"self", "cls"}
HOLDS_NO_RECORD = {"module", "client", "manager", "session", "response", "dict", "message"}


class Fields:
    def __init__(self, state: ScanState, declarations: Declarations):
        self.state = state
        self.declarations = declarations

    def access(self, node: ast.AST) -> tuple[str, ast.AST, Syntax] | None:
        """(field name, receiver, syntax) when node reads a field: x.f, x["f"], x.get("f")."""
        if isinstance(node, ast.Attribute):
            return node.attr, node.value, Syntax.ATTRIBUTE
        if isinstance(node, ast.Subscript):
            key = literal(node.slice)
            if isinstance(key, str):
                return key, node.value, Syntax.SUBSCRIPT
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            key = literal(node.args[0])
            if node.func.attr in ("get", "pop", "setdefault") and isinstance(key, str):
                base = self.state.infer.of(node.func.value)
                if base is None or base.holds not in HOLDS_NO_RECORD:
                    return key, node.func.value, Syntax.GET
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) >= 2:
            key = literal(node.args[1])
            if node.func.id in ("getattr", "hasattr") and isinstance(key, str):
                return key, node.args[0], Syntax.GETATTR
        return None

    def receiver(self, node: ast.AST) -> tuple[str | None, str] | None:
        """(record, evidence) of the object a field is read on, or None if it is no record."""
        if isinstance(node, ast.Name) and node.id in SKIP_RECEIVERS:
            return None
        inferred = self.state.infer.of(node)
        if inferred is None:
            return None, "bare"
        if inferred.holds in HOLDS_NO_RECORD:
            return None
        return inferred.record, inferred.evidence

    def touch(self, node: ast.AST, context: str, value: object = NO_VALUE, syntax: Syntax | None = None,
              written: Written | None = None, expression: Expression | None = None) -> bool:
        """A field touch of node, when it reads a field of what may be a record."""
        access = self.access(node)
        if access is None:
            return False
        name, receiver, form = access
        owner = self.receiver(receiver)
        if owner == (None, "bare") and form in (Syntax.SUBSCRIPT, Syntax.GET):  # self.info["f"] in class Project
            owner = self.declarations.own_mapping(receiver) or owner
        if owner is None:
            return False
        record, evidence = owner
        state = self.state
        state.add(Touch("field", name, state.source.span(node), record, evidence, context,
                        value=value, syntax=syntax or form, written=written, expression=expression))
        state.handle(node)
        return True
