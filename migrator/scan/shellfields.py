"""What removes a field a shell command sends, as the text fixers need it (details.Shell): its
option and argument words (``-F k=v``, ``--field=k=v``, an httpie item), which the fixer takes
with the blank around them; or ``k=v`` with one ``&`` inside a word that holds several (a form
body, a URL's query), when those characters are written there as they are."""

from __future__ import annotations

from ..details import Range
from ..syntax import Syntax
from .httpclients import Field
from .shellwords import Command, Word
from .urls import amp_removal

OPTIONS = {
    Syntax.CURL_DATA: ("-d", "--data", "--data-raw", "--data-binary", "--data-ascii"),
    Syntax.CURL_DATA_URLENCODE: ("--data-urlencode",),
    Syntax.CURL_FORM: ("-F", "--form", "--form-string"),
    Syntax.GLAB_FIELD: ("-F", "--field"),
    Syntax.GLAB_RAW_FIELD: ("-f", "--raw-field"),
    Syntax.WGET_DATA: ("--post-data", "--body-data"),
}
HTTPIE = (Syntax.HTTPIE_FIELD, Syntax.HTTPIE_JSON, Syntax.HTTPIE_QUERY)


def in_word(text: str, word: Word, value_range: Range) -> Range | None:
    """The script range of some characters of a word's value, when they are written there as
    they are (no quotes, escapes or variables among them)."""
    i, j = value_range
    a, b = word.range(i, j)
    return (a, b) if text[a:b] == word.value[i:j] and all(word.literal[i:j]) else None


def piece(text: str, word: Word, span: Range, low: int, high: int) -> Range | None:
    """``k=v`` at span of a word's value, with one ``&`` of the list in value[low:high]."""
    return in_word(text, word, amp_removal(word.value, *span, low, high))


def removal(text: str, cmd: Command, found: Field) -> tuple[Range | None, Range | None]:
    """(words, piece) that remove a field of a request: the option and argument words, or the
    field's piece of a word holding several; None where neither is exact."""
    word = found.word
    if found.span != (0, len(word.value)):
        return None, piece(text, word, found.span, 0, len(word.value))
    index = next((k for k, w in enumerate(cmd.words) if w is word), None)
    options = OPTIONS.get(found.syntax, ())
    if index is None:  # the field is attached to its option: `--field=k=v`, `-Fk=v`
        outer = next((w for w in cmd.words if w.start == word.start), None)
        attached = outer is not None and any(
            outer.value == o + ("=" if o.startswith("--") else "") + word.value for o in options)
        return ((outer.start, outer.end) if attached else None), None
    if found.syntax in HTTPIE:
        return (word.start, word.end), None
    if index == 0 or cmd.words[index - 1].value not in options:
        return None, None
    return (cmd.words[index - 1].start, word.end), None
