"""The state one Python scan shares among its parts. scan/python.py walks the tree and hands
this state, never itself, to the parts that report what a node does (pycalls: calls, pyflow:
bodies built step by step, pydecl: declarations, pyfields: field reads and writes, pyurls: URL
literals). No part imports the walker.

What a part may read: the file's ``source``, the API ``model``, the ``scope`` of bound names,
the ``infer`` of what an expression holds, the ``mocks`` seen so far and the ``touches`` made.
What it may change, only through the methods here: `add` a touch, `handle` a node (a later visit
does not report it again: `handled`), say what a call `returns` (for the inferrer), mark the
operand of a ``not`` (`negate`, `negated`), and raise a touch's evidence (`raise_evidence`)."""

from __future__ import annotations

import ast
from dataclasses import replace

from ..apimodel import ApiModel
from ..values import EVIDENCE_ORDER, Touch
from .pyinfer import Inferer, Inferred
from .pymocks import Mocks
from .pysource import Source
from .scope import Scope


class ScanState:
    """One file's scan: what its parts read, and the touches they add."""

    __slots__ = ("source", "model", "scope", "infer", "mocks", "touches", "_handled", "_negated")

    def __init__(self, source: Source, model: ApiModel):
        self.source = source
        self.model = model
        self.scope = Scope()
        self.infer = Inferer(model, self.scope, frozenset(model.telemetry_messages))
        self.mocks = Mocks()
        self.touches: list[Touch] = []
        self._handled: set[int] = set()
        self._negated: set[int] = set()

    def add(self, touch: Touch) -> None:
        self.touches.append(touch)

    def handle(self, node: ast.AST) -> None:
        """The node is reported (or is part of what was): the walk reports it no more."""
        self._handled.add(id(node))

    def handled(self, node: ast.AST) -> bool:
        return id(node) in self._handled

    def returns(self, node: ast.Call, inferred: Inferred) -> None:
        """What a call was found to return (a response, a record, a message)."""
        self.infer.cache[id(node)] = inferred

    def negate(self, node: ast.AST) -> None:
        """The node is the operand of ``not``."""
        self._negated.add(id(node))

    def negated(self, node: ast.AST) -> bool:
        return id(node) in self._negated

    def raise_evidence(self, index: int, evidence: str) -> None:
        """The touch at ``index`` gets ``evidence`` when that is surer than its own."""
        touch = self.touches[index]
        if EVIDENCE_ORDER.index(evidence) > EVIDENCE_ORDER.index(touch.evidence):
            self.touches[index] = replace(touch, evidence=evidence)
