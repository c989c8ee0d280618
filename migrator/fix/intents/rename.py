"""rename: a field or parameter gets its new name (``mr.merged_by`` → ``mr.merge_user``).

- Python: the name in a field access (``x.f``, ``x["f"]``, ``x.get("f")``, ``getattr(x, "f")``),
  a dict key, a keyword argument, a field of a URL's query. Where the dict or call already holds
  the new name, the old entry is dropped (the new one wins).
- Tree (JavaScript, TypeScript, Ruby): the name in a property access (``mr.merged_by``,
  ``mr["merged_by"]``), an object's key (``{scope: …}``; dropped where the object already holds
  the new name), a field of a URL's query written in a string or template literal.
- Text: a field a shell command sends, a JSON member, a field of a recorded URL's query or form
  body (where the new name is already there, the old field is dropped); a jq field, in place
  (``.merged_by``, ``has("merged_by")``, ``.["merged_by"]``), and object shorthand keeping its
  output key (``{merged_by}`` → ``{merged_by: .merge_user}``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...values import NO_VALUE, Applicability, FixIntent, Touch
from ...syntax import ACCESS, ENTRY, JQ_FORMS, URL_TEXTS, SHELL_FIELDS, Syntax
from . import ANY, Intent, Target, forms, held, undeclared

DROP_NOTE = ("`{new}` is also set here, from a value that may be None at run time; many clients leave "
             "None values out of the request, and dropping `{old}` would then drop the setting")

if TYPE_CHECKING:
    from ..python.tree import Tree
    from ..text.fixer import Edits, Spot
    from ..tree.spot import Spot as TreeSpot

PARAMS = SHELL_FIELDS | URL_TEXTS | {Syntax.JSON_KEY, Syntax.FORM_FIELD}


def target(fix: FixIntent, touch: Touch) -> Target:
    """Where the new name is already set, the fix drops the old one: that keeps behaviour only
    when the new one's value is a literal other than None/null."""
    new = fix.to or ""
    if held(touch, new) and touch.siblings[new] in (NO_VALUE, None):
        return Target(min(Applicability(fix.applicability), Applicability.UNSAFE),
                      DROP_NOTE.format(new=new, old=touch.name))
    return Target(fix.applicability)


def refuse(touch: Touch, fix: FixIntent) -> str | None:
    if undeclared(touch, fix.to or ""):
        return undeclared(touch, fix.to or "")
    if touch.syntax == Syntax.STRING and held(touch, fix.to or ""):
        return f"`{fix.to}` is in this URL's query too: keep one of them by hand"
    return None


# ---------------------------------------------------------------- Python
def python(tree: Tree, touch: Touch, fix: FixIntent) -> list | None:
    from ..python import locate
    from ..python.nodes import rename_edit, substitute
    from ..python.remove import without_entry

    new = fix.to or ""
    if (node := locate.url(tree, touch)) is not None:
        return substitute(tree, node, re.compile(rf"(?<=[?&]){re.escape(touch.name)}(?==)"), new)
    if (entry := locate.entry(tree, touch)) is not None:
        if held(touch, new):  # the new key wins over the old one
            return [without_entry(tree, entry.container, entry.holder)]
        return [rename_edit(tree, entry.key, new)]
    if (access := locate.access(tree, touch)) is not None:
        return [rename_edit(tree, access.part, new)]
    return None


# ---------------------------------------------------------------- text
def text(spot: Spot, touch: Touch, fix: FixIntent) -> Edits:
    from ..text.jq import shorthand
    from ..text.members import name_range

    new = fix.to or ""
    if touch.syntax == Syntax.JQ_SHORTHAND:
        return shorthand(spot.text, spot.word, spot.span, f".{new}", spot.fits)
    if touch.syntax in JQ_FORMS:
        spelled = name_range(spot.text, spot.span, touch.name)
        return [(*spelled, new)] if spelled else None
    pair = spot.pair(touch)
    if pair is None:
        return None
    if held(touch, new):  # the new key wins over the old one: drop the old
        return [(*pair.removal, "")] if pair.removal else None
    return [(*pair.key, new)]


# ---------------------------------------------------------------- tree
def tree(spot: TreeSpot, touch: Touch, fix: FixIntent) -> Edits:
    new = fix.to or ""
    if touch.syntax == Syntax.STRING:
        literal = spot.literal()
        found = literal.replaced(re.compile(rf"(?<=[?&]){re.escape(touch.name)}(?==)"), new) if literal else None
        return found or None
    if held(touch, new):  # the new key wins over the old one
        return spot.without_entry()
    return spot.rename(new)


INTENT = Intent(
    "rename",
    forms(
        ("field", ACCESS | {Syntax.DICT_KEY} | JQ_FORMS | {Syntax.JSON_KEY}, ANY),
        ("param", ENTRY | {Syntax.STRING} | PARAMS, ANY),
    ),
    halves={"python": python, "text": text, "tree": tree},
    refuse=refuse,
    target=target,
)
