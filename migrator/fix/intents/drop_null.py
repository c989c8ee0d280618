"""drop-null: a parameter or field set to null is no longer sent (``private_profile=None`` on an
update, where v5 rejects null).

- Python: a dict entry or keyword argument whose value is ``None`` (commas and comments kept), an
  assignment of ``None`` to the field (``pass`` where it was its block's only statement).
- Tree (JavaScript, TypeScript, Ruby): an object's entry whose value is ``null`` (``nil``).
- Text: a ``glab api`` field, an httpie JSON item, a member of a JSON body or of a recorded
  request's body, whose value is null.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...syntax import JSON_BODIES, Syntax
from ...values import FixIntent, Touch
from . import ANY, Intent, forms

if TYPE_CHECKING:
    from ..python.tree import Tree
    from ..text.fixer import Edits, Spot
    from ..tree.spot import Spot as TreeSpot


def refuse(touch: Touch, fix: FixIntent) -> str | None:
    return None if touch.value is None else ""


def python(tree: Tree, touch: Touch, fix: FixIntent) -> list | None:
    from ..python import locate
    from ..python.remove import without_entry, without_statement

    if (entry := locate.entry(tree, touch)) is not None:
        return [without_entry(tree, entry.container, entry.holder)] if locate.is_none(entry.value) else None
    access = locate.access(tree, touch)
    return without_statement(tree, access.node) if access and touch.context == "write" else None


def text(spot: Spot, touch: Touch, fix: FixIntent) -> Edits:
    pair = spot.pair(touch)
    if pair is None or pair.value is None or pair.removal is None:
        return None
    return [(*pair.removal, "")] if spot.text[pair.value[0]:pair.value[1]] == "null" else None


def tree(spot: TreeSpot, touch: Touch, fix: FixIntent) -> Edits:
    node = spot.value_node() if touch.syntax == Syntax.DICT_KEY else None
    return spot.without_entry() if node is not None and spot.s.text_of(node) == spot.literal_code(None) else None


INTENT = Intent(
    "drop-null",
    forms(
        ("param", {Syntax.DICT_KEY, Syntax.KWARG, Syntax.GLAB_FIELD, Syntax.HTTPIE_JSON, Syntax.JSON_KEY} | JSON_BODIES,
         ANY),
        ("field", (Syntax.ATTRIBUTE, Syntax.SUBSCRIPT), ("write",)),
    ),
    halves={"python": python, "text": text, "tree": tree},
    refuse=refuse,
)
