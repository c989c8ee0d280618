"""negate-boolean: a boolean field or parameter is replaced by its negation under a new name
(``runner.active`` → ``not runner.paused``).

- Python: a read (``r.active`` → ``not r.paused``; ``not r.active`` → ``r.paused``), an assignment
  (``r.active = X`` → ``r.paused = not (X)``, literals folded, ``not x`` → ``x``), a comparison with a literal
  (``r.active == False`` → ``r.paused == True``), a dict key or keyword argument with its value,
  a field of a URL's query (``active=true`` → ``paused=false``).
- Tree (JavaScript, TypeScript, Ruby): a read (``r.active`` → ``!r.paused``; ``!r.active`` →
  ``r.paused``), an assignment (``r.active = X`` → ``r.paused = !(X)``, literals folded, ``!x`` → ``x``), a
  comparison with a literal true or false, an object's key with a literal value, a field of a
  URL's query (``active=true`` → ``paused=false``).
- Text: a field a shell command sends, a JSON member, a field of a recorded URL's query or form
  body, written as true or false; a jq field: ``select(.active)`` → ``select(.paused | not)``,
  ``select(.active | not)`` → ``select(.paused)``, ``.active`` elsewhere → ``(.paused | not)``
  (only where the field is a whole path), ``.active == true`` → ``.paused == false``, shorthand
  ``{active}`` → ``{active: (.paused | not)}``.

Where the new name is already sent or held next to the old one, nothing is rewritten: a request
sending both is answered with 400 by v4. A recorded response holding both, agreeing, loses the old
member; holding both, contradicting, is left to the user.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...details import Expression
from ...syntax import ACCESS, ENTRY, JQ_FORMS, URL_TEXTS, SHELL_FIELDS, Syntax
from ...values import FixIntent, Touch
from . import ANY, Intent, forms, held, sent_as_text, truth

if TYPE_CHECKING:
    from ..python.tree import Tree
    from ..text.fixer import Edits, Spot
    from ..tree.spot import Spot as TreeSpot

EQUALITY = ("Eq", "NotEq", "Is", "IsNot")
NOT = re.compile(r"\s*\|\s*not\b")
ASSIGNS = re.compile(r"\s*(?:\|=|//=|[+\-*/%]?=(?!=))")


def flip_word(word: str) -> str:
    """true ↔ false, keeping the spelling's case (TRUE, True, true)."""
    flipped = "false" if word.lower() == "true" else "true"
    if word.isupper():
        return flipped.upper()
    return flipped.capitalize() if word[:1].isupper() else flipped


def negatable(touch: Touch) -> bool:
    """A read (of a jq field: one that is a whole path), a comparison with a literal true or false,
    a literal true or false sent or held, or (in Python) an expression whose value is a bool."""
    expression = touch.expression or Expression()
    if touch.syntax in JQ_FORMS and touch.context == "read":
        return touch.syntax == Syntax.JQ_SHORTHAND or expression.term
    if touch.context == "read":
        return True
    if touch.context == "compare":
        return truth(touch.value) is not None and expression.op in EQUALITY
    if not touch.has_value:
        # `not (…)` negates an expression only where its value is a Python bool: a query string
        # or a form field holds text, where `not "false"` is False.
        return touch.syntax in ACCESS | ENTRY and not sent_as_text(touch)
    return truth(touch.value) is not None


def agrees(touch: Touch, name: str) -> bool:
    """A JSON object holds ``name`` as the negation of the touch's value already."""
    mine, theirs = truth(touch.value), touch.siblings.get(name)
    return touch.syntax == Syntax.JSON_KEY and touch.context == "key" and mine is not None and theirs is (not mine)


def refuse(touch: Touch, fix: FixIntent) -> str | None:
    if not negatable(touch):
        return ""
    if touch.expression is not None and touch.expression.nullable:
        return (f"`{touch.name}` may be null here (the SDK types it `Boolean` or `bool?`, not a plain boolean), "
                f"and its negation throws or is no boolean: compare `{fix.to}` with false by hand")
    new = fix.to or ""
    if held(touch, new) and not agrees(touch, new):
        return f"`{new}` is set next to it already: keep the one that is right by hand"
    return None


# ---------------------------------------------------------------- Python
def python(tree: Tree, touch: Touch, fix: FixIntent) -> list | None:
    from ..python import locate
    from ..python.nodes import query_pattern, rename_edit, substitute

    new = fix.to or ""
    if (node := locate.url(tree, touch)) is not None:
        pattern = query_pattern(touch.name, "(?i:true|false)")
        return substitute(tree, node, pattern, lambda m: f"{new}={flip_word(m.group(1))}")
    if (entry := locate.entry(tree, touch)) is not None:
        return [rename_edit(tree, entry.key, new), tree.edit(entry.value, negated(tree, entry.value))]
    access = locate.access(tree, touch)
    handler = {"read": _python_read, "write": _python_write, "compare": _python_compare}.get(touch.context)
    return handler(tree, touch, access, new) if access and handler else None


def negated(tree: Tree, node) -> str:
    """The negation of a value: literals folded (False → True, "false" → "true"), a negation
    dropped (``not x`` → ``x``, its operand's parentheses kept), else ``not (x)``."""
    import libcst as cst

    from ..python.nodes import quoted

    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return "False" if node.value == "True" else "True"
    if isinstance(node, cst.SimpleString) and truth(node.evaluated_value) is not None:
        return quoted(node, flip_word(str(node.evaluated_value)))
    source = tree.source(node)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return source[len("not"):].lstrip()
    return f"not {source}" if node.lpar else f"not ({source})"


def _python_read(tree: Tree, touch: Touch, access, new: str) -> list | None:
    """``r.active`` → ``not r.paused``; ``not r.active`` → ``r.paused``."""
    from ..python import locate
    from ..python.nodes import access_renamed

    code = access_renamed(tree, access.node, access.part, new)
    if not (touch.expression and touch.expression.negated):
        return [tree.edit(access.node, tree.negation(access.node, code))]
    outer = locate.under_not(tree, access.node)
    return [tree.edit(outer, code)] if outer is not None else None


def _python_write(tree: Tree, touch: Touch, access, new: str) -> list | None:
    """``r.active = X`` → ``r.paused = not (X)``, literals folded."""
    from ..python import locate
    from ..python.nodes import rename_edit

    value = locate.assigned(tree, touch, access.node)
    return None if value is None else [rename_edit(tree, access.part, new), tree.edit(value, negated(tree, value))]


def _python_compare(tree: Tree, touch: Touch, access, new: str) -> list | None:
    """``r.active == False`` → ``r.paused == True``."""
    from ..python import locate
    from ..python.nodes import rename_edit

    other = locate.other_operand(tree, touch, access.node)
    if not locate.is_token(other) or negated(tree, other).startswith("not "):
        return None
    return [rename_edit(tree, access.part, new), tree.edit(other, negated(tree, other))]


# ---------------------------------------------------------------- text
def text(spot: Spot, touch: Touch, fix: FixIntent) -> Edits:
    new = fix.to or ""
    if touch.syntax in JQ_FORMS:
        return _jq(spot, touch, new)
    pair = spot.pair(touch)
    word = spot.bool_word(pair.value) if pair and pair.value else None
    if word is None:
        return None
    if held(touch, new):  # a recorded response holding both, agreeing: the old one goes
        return [(*pair.removal, "")] if pair.removal else None
    return [(*pair.key, new), (word.start(), word.end(), flip_word(word.group()))]


def _jq(spot: Spot, touch: Touch, new: str) -> Edits:
    from ..text.jq import compared, shorthand
    from ..text.members import name_range

    if touch.syntax == Syntax.JQ_SHORTHAND:
        return shorthand(spot.text, spot.word, spot.span, f"(.{new} | not)", spot.fits)
    spelled = name_range(spot.text, spot.span, touch.name)
    if spelled is None:
        return None
    if touch.context == "compare":
        literal = compared(spot.text, spot.span, spot.compare)
        word = spot.bool_word(literal) if literal else None
        return [(*spelled, new), (word.start(), word.end(), flip_word(word.group()))] if word else None
    return _jq_read(spot, spelled, new)


def _jq_read(spot: Spot, spelled: tuple[int, int], new: str) -> Edits:
    """``.active`` → ``(.paused | not)``, or ``.paused | not`` as a stage of its own;
    ``.active | not`` → ``.paused``."""
    from ..text.jq import Filter

    text, (start, end) = spot.text, spot.span
    if ASSIGNS.match(text, end):
        return None  # an update (`.active |= ...`) is no read
    token = text[start:spelled[0]] + new + text[spelled[1]:end]
    jq = Filter(text, spot.word, start)
    if not jq.found:
        return None
    negation = NOT.match(text, end)
    if negation and jq.opens(start) and jq.closes(negation.end()):
        return [(start, negation.end(), token)]
    stage = jq.opens(start) and jq.closes(end)
    written = jq.write(f"{token} | not" if stage else f"({token} | not)")
    return [(start, end, written)] if written is not None else None


PARAMS = SHELL_FIELDS | URL_TEXTS | {Syntax.JSON_KEY, Syntax.FORM_FIELD}
# ---------------------------------------------------------------- tree
def tree(spot: TreeSpot, touch: Touch, fix: FixIntent) -> Edits:
    new = fix.to or ""
    if touch.syntax == Syntax.STRING:
        flipped = "false" if truth(touch.value) else "true"
        literal = spot.literal()
        pattern = re.compile(rf"(?<=[?&]){re.escape(touch.name)}={re.escape(str(touch.value))}(?=[&#\0]|$)")
        return (literal.replaced(pattern, f"{new}={flipped}") or None) if literal and truth(touch.value) is not None else None
    if touch.syntax == Syntax.DICT_KEY or touch.context == "write":
        return _tree_value(spot, touch, new)
    access = spot.access()
    code = spot.renamed(access, new) if access is not None else None
    if code is None:
        return None
    if touch.context == "compare":
        compared = spot.compared()
        if compared is None or truth(touch.value) is None or spot.s.text_of(compared[1]) not in ("true", "false"):
            return None
        return [(*spot.s.span(access), code), (*spot.s.span(compared[1]), "false" if truth(touch.value) else "true")]
    negation = spot.negated_parent(access)
    if negation is not None:
        return [(*spot.s.span(negation), code)]
    return [(*spot.s.span(access), f"(!{code})" if spot.operand(access) else f"!{code}")]


def _tree_value(spot: TreeSpot, touch: Touch, new: str) -> Edits:
    """A key or an assignment with its value: the name renamed, the value negated (a literal
    true or false flipped, in the quotes it is written in)."""
    node = spot.value_node()
    access = spot.access() if touch.context == "write" else None
    renamed = [(*spot.s.span(access), spot.renamed(access, new))] if access is not None else spot.rename(new)
    if node is None or not renamed or renamed[0][2] is None:
        return None
    text, mine = spot.s.text_of(node), truth(touch.value)
    if mine is not None and text.strip("'\"") in ("true", "false"):
        return [*renamed, (*spot.s.span(node), text.replace(text.strip("'\""), "false" if mine else "true"))]
    if touch.has_value or sent_as_text(touch):
        return None
    operand = spot.negation_operand(node)
    return [*renamed, (*spot.s.span(node), spot.s.text_of(operand) if operand is not None else f"!({text})")]


INTENT = Intent(
    "negate-boolean",
    forms(
        ("field", (Syntax.ATTRIBUTE, Syntax.SUBSCRIPT), ("read", "write", "compare")),
        ("field", (Syntax.DICT_KEY,), ANY),
        ("field", (Syntax.JQ,), ("read", "compare")),
        ("field", (Syntax.JQ_SHORTHAND,), ("read",)),
        ("field", (Syntax.JSON_KEY,), ("key",)),
        ("param", ENTRY | {Syntax.STRING} | PARAMS, ANY),
    ),
    halves={"python": python, "text": text, "tree": tree},
    refuse=refuse,
)
