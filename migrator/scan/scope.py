"""Names bound in nested scopes (module, function, comprehension), as every scanner that follows
values through a program keeps them: the Python scanner (pyinfer) and the tree-sitter walk
(tree/infer) bind a name to what it holds (what a value holds, a URL template) and look it up from
the innermost scope out."""

from __future__ import annotations


class Scope:
    def __init__(self) -> None:
        self.frames: list[dict[str, object]] = [{}]

    def push(self) -> None:
        self.frames.append({})

    def pop(self) -> None:
        self.frames.pop()

    def bind(self, name: str, value: object) -> None:
        self.frames[-1][name] = value

    def bind_outermost(self, name: str, value: object) -> None:
        """A name every scope sees (Ruby's ``@mr``: an object's, not a method's)."""
        for frame in self.frames[1:]:
            frame.pop(name, None)
        self.frames[0][name] = value

    def lookup(self, name: str) -> object:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def bound(self, name: str) -> bool:
        return any(name in frame for frame in self.frames)
